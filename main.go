// Command toyc compiles Toy programs (and SSA written in LLVM syntax) to
// x86-64 executables, with gcc or clang assembling and linking. README.md
// describes the pipeline and the command line.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// version names this toyc and the language version it implements.
const version = "toyc 0.1 (Toy language version 1)"

func main() {
	tuneGC() // gctuning.go
	heapBound, heapFollows = boundHeap, followFunction
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is toyc with arguments args; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) (status int) {
	o, err := parseFlags(args)
	if err != nil {
		fmt.Fprintf(stderr, "toyc: %v\nRun 'toyc --help' for usage.\n", err)
		return 2
	}
	if o.help {
		fmt.Fprint(stdout, usageText+passHelp())
		return 0
	}
	if o.version {
		fmt.Fprintln(stdout, version)
		return 0
	}
	d := &driver{opts: o, stdin: os.Stdin, stdout: stdout, stderr: stderr, sources: map[string][]byte{}, activity: "starting"}
	if o.timePasses {
		d.times = &stageTimes{}
	}
	defer d.scratch.catchSignals()()
	defer d.scratch.removeAll()
	defer d.times.print(stderr)
	stop, err := d.profiles()
	if err != nil {
		return d.report(err)
	}
	err = d.protect(d.compile)
	if perr := stop(); err == nil {
		err = perr
	}
	return d.report(err)
}

// protect runs f, turning a panic into an internal compiler error: a crash
// of toyc is reported as a bug in toyc naming what it was doing, never as a
// raw Go panic. TOYC_DEBUG=1 adds the stack.
func (d *driver) protect(f func() error) (err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		msg := fmt.Sprintf("internal compiler error while %s: %v\n"+
			"toyc: this is a bug in toyc", d.activity, r)
		if os.Getenv("TOYC_DEBUG") == "1" {
			msg += "; where it happened:\n" + string(debug.Stack())
		} else {
			msg += "; set TOYC_DEBUG=1 to see where it happened"
		}
		err = failure{3, msg}
	}()
	return f()
}
