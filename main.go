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
	// toyc is a short batch run that allocates much and frees little before
	// it exits: letting the heap grow to five times what is live between
	// collections, instead of twice, saves a quarter to a half of its CPU
	// time for about a quarter more memory (at 100,000 lines: 740 MB instead
	// of 590 MB peak). GOGC in the environment still decides when set.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// ... but not past 1 GiB: a function of tens of thousands of
	// statements has hundreds of MB live while it is allocated, and five
	// times that would be a machine's memory. Under the limit the
	// collector runs as often as it must to stay there (at some CPU cost,
	// only for such functions). GOMEMLIMIT still decides when set.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
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
