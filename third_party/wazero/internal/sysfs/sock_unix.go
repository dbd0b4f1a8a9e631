//go:build (linux || darwin) && !tinygo

package sysfs

import "syscall"

// toyc: the TCP listener and connection files (sock.go, sock_supported.go)
// are left out of this copy, with the net package they wrap, and so are the
// helpers only they used.

// MSG_PEEK is the constant syscall.MSG_PEEK
const MSG_PEEK = syscall.MSG_PEEK
