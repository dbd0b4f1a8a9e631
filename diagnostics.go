package main

import (
	"fmt"

	"toyc/middle/diag"
)

// How the driver reports the diagnostics of the inputs: the warning flags
// (warnflags.go) choose which warnings are shown and which become errors;
// errors stop the compile (exit status 1), warnings alone do not. The
// diagnostics are printed sorted by file and position, with their source
// lines, then gcc's note on each unknown -Wno-NAME flag (warnflags.go),
// then a closing count as clang prints it.

// diagnose filters the inputs' diagnostics by the warning flags; it
// returns them as the error that stops the compile when one is an error,
// and otherwise prints the warnings and returns nil.
func (d *driver) diagnose(l diag.List) error {
	l = d.opts.warn.policy().apply(l)
	if l.Errors() > 0 {
		return l
	}
	if len(l) > 0 {
		d.printDiagnostics(l)
	}
	return nil
}

// printDiagnostics writes l to standard error in the style the flags and
// the terminal choose (presentation.go), up to -fmax-errors errors, then
// the notes on the unknown -Wno-NAME flags, as gcc prints them ("cc1:
// note: ..."), then the count of the errors and warnings shown.
func (d *driver) printDiagnostics(l diag.List) {
	l.Sort()
	p := d.opts.present
	l, stopped := cut(l, p.limit())
	fmt.Fprint(d.stderr, diag.RenderStyled(l, d.sources, p.style(d.stderr)))
	if stopped {
		fmt.Fprintf(d.stderr, "compilation terminated due to -fmax-errors=%d.\n", p.limit())
	}
	for _, n := range d.opts.warn.ignoredNotes() {
		fmt.Fprint(d.stderr, programNote(n, p.style(d.stderr).Color))
	}
	fmt.Fprintln(d.stderr, summary(l.Errors(), len(l)-l.Errors()))
}

// programNote is a note with no place, under the program's name as gcc
// writes one ("cc1: note: ..."), in gcc's colours when color is set: the
// name bold, "note:" bold cyan.
func programNote(msg string, color bool) string {
	if color {
		return "\x1b[01m\x1b[Ktoyc:\x1b[m\x1b[K \x1b[01;36m\x1b[Knote: \x1b[m\x1b[K" + msg + "\n"
	}
	return "toyc: note: " + msg + "\n"
}

// summary is clang's closing line: "2 errors and 1 warning generated.".
func summary(errors, warnings int) string {
	count := func(n int, what string) string {
		if n == 1 {
			return "1 " + what
		}
		return fmt.Sprintf("%d %ss", n, what)
	}
	switch {
	case errors > 0 && warnings > 0:
		return count(errors, "error") + " and " + count(warnings, "warning") + " generated."
	case errors > 0:
		return count(errors, "error") + " generated."
	}
	return count(warnings, "warning") + " generated."
}
