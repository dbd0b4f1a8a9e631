package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"toyc/middle/diag"
)

// How diagnostics look, with gcc's flags: -fdiagnostics-color=WHEN
// (auto, the default: only when standard error is a terminal and NO_COLOR
// is not set, as https://no-color.org asks; always; never; a bare
// -fdiagnostics-color is always and -fno-diagnostics-color never), and
// -fmax-errors=N, which stops the report after N errors (20 by default, as
// clang's -ferror-limit; 0 for no limit) with gcc's line saying so.

type presentation struct {
	color     string // "auto", "always" or "never"; "" is auto
	maxErrors int
	maxSet    bool // -fmax-errors given (else the default)
}

const defaultMaxErrors = 20

// add reads a if it is one of the presentation flags; it reports whether
// it was.
func (p *presentation) add(a string) (bool, error) {
	switch {
	case a == "-fdiagnostics-color":
		p.color = "always"
	case a == "-fno-diagnostics-color":
		p.color = "never"
	case strings.HasPrefix(a, "-fdiagnostics-color="):
		when := strings.TrimPrefix(a, "-fdiagnostics-color=")
		if when != "auto" && when != "always" && when != "never" {
			return true, usagef("%s: use -fdiagnostics-color=auto, always or never", a)
		}
		p.color = when
	case strings.HasPrefix(a, "-fmax-errors="):
		n, err := strconv.Atoi(strings.TrimPrefix(a, "-fmax-errors="))
		if err != nil || n < 0 {
			return true, usagef("%s: the limit must be a number, 0 for none", a)
		}
		p.maxErrors, p.maxSet = n, true
	case a == "-fmax-errors":
		return true, usagef("-fmax-errors needs a value: -fmax-errors=N")
	default:
		return false, nil
	}
	return true, nil
}

// limit is the number of errors shown, 0 for all.
func (p presentation) limit() int {
	if p.maxSet {
		return p.maxErrors
	}
	return defaultMaxErrors
}

// style decides the colour for diagnostics written to w.
func (p presentation) style(w any) diag.Style {
	switch p.color {
	case "always":
		return diag.Style{Color: true}
	case "never":
		return diag.Style{}
	}
	if os.Getenv("NO_COLOR") != "" {
		return diag.Style{}
	}
	f, ok := w.(*os.File)
	return diag.Style{Color: ok && isTerminal(f)}
}

// isTerminal reports whether f is a terminal: whether it answers the
// terminal's ioctl, as isatty(3) asks (a character device such as
// /dev/null is not one).
func isTerminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}

// cut keeps the diagnostics of l (sorted) up to and with its limit-th
// error and that error's note; it reports whether it dropped any error.
func cut(l diag.List, limit int) (diag.List, bool) {
	if limit <= 0 {
		return l, false
	}
	errors := 0
	for i, d := range l {
		if d.Severity != diag.Error {
			continue
		}
		errors++
		if errors == limit {
			for _, rest := range l[i+1:] {
				if rest.Severity == diag.Error {
					return l[:i+1], true
				}
			}
			return l, false
		}
	}
	return l, false
}
