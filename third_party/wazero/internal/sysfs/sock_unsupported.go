//go:build (!linux && !darwin && !windows) || tinygo

package sysfs

// toyc: the TCP listener and connection files (sock.go, sock_supported.go)
// are left out of this copy, with the net package they wrap, and so are the
// helpers only they used.

// MSG_PEEK is a filler value.
const MSG_PEEK = 0x2
