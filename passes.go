package main

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"toyc/backend"
	"toyc/middle"
)

// The command's side of the pass table (backend.Passes): the dumps that
// --print-after, --print-before, --print-after-all and --print-changed ask
// for, --filter-func, and --time-passes, all as hooks around the one
// pipeline that every output kind runs.

// passOptions are the command line's settings for the pass table.
type passOptions struct {
	level        int
	native       bool // run the code generation stages too
	printAfter   map[string]bool
	printBefore  map[string]bool
	printAll     bool
	printChanged bool
	filterFunc   map[string]bool // nil: every function
	verifyEach   bool
	timePasses   bool
	log          io.Writer
	lines        [][]byte // the source text by line, for the dumps' comments
}

// passNames lists the table's names, for the errors of --print-after.
func passNames() string {
	names := make([]string, len(backend.Passes))
	for i, p := range backend.Passes {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// passHelp is the table as --help shows it: each pass, the level from
// which it runs, and what it does.
func passHelp() string {
	var b strings.Builder
	for _, p := range backend.Passes {
		when := [...]string{"-O0 -O1 -O2", "-O1 -O2", "-O2"}[p.Level]
		if p.Native {
			when = "native " + when
		}
		fmt.Fprintf(&b, "  %-13s %-18s %s\n", p.Name, when, p.Doc)
	}
	return b.String()
}

// checkPassNames refuses a --print-after or --print-before name that is
// not in the table.
func checkPassNames(flag string, names map[string]bool) error {
	var unknown []string
	for n := range names {
		if backend.LookupPass(n) == nil {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return usagef("unknown pass %q in %s (the passes are: %s)", unknown[0], flag, passNames())
}

// noteSkipped says on the log which of the passes asked for will not run
// with these options, so that a dump that never comes is explained.
func noteSkipped(o *passOptions, pl *backend.Pipeline, names map[string]bool) {
	var asked []string
	for n := range names {
		asked = append(asked, n)
	}
	sort.Strings(asked)
	for _, n := range asked {
		p := backend.LookupPass(n)
		switch {
		case p.Level > o.level:
			fmt.Fprintf(o.log, "toyc: note: pass %s runs only from -O%d (this is -O%d): nothing to print\n", n, p.Level, o.level)
		case p.Native && !o.native:
			fmt.Fprintf(o.log, "toyc: note: pass %s runs only for native output (assembly, object or executable): nothing to print\n", n)
		case !pl.Runs(p):
			fmt.Fprintf(o.log, "toyc: note: pass %s does not run here: nothing to print\n", n)
		}
	}
}

// runPasses runs the pass table for o.level over m. The input is verified
// first: a .ll file may be invalid, and a pass is entitled to valid input.
// With verifyEach, the IR verifier runs after every IR pass and the
// allocation checker after every stage from register allocation on; a
// pass that breaks its output is named in the error (a compiler bug).
// With o.native, the result is the module's machine functions, ready for
// emission.
func runPasses(m *middle.Module, o *passOptions) ([]*backend.Func, error) {
	if err := checkPassNames("--print-after", o.printAfter); err != nil {
		return nil, err
	}
	if err := checkPassNames("--print-before", o.printBefore); err != nil {
		return nil, err
	}
	if diags := middle.VerifyModule(m); len(diags) > 0 {
		return nil, diags
	}
	pl := &backend.Pipeline{Level: o.level, Native: o.native, Verify: o.verifyEach, Check: o.verifyEach}
	noteSkipped(o, pl, o.printAfter)
	noteSkipped(o, pl, o.printBefore)
	d := &dumper{o: o, last: map[string]string{}}
	if o.printChanged {
		d.baseline(m)
	}
	var ran []string
	var spent []time.Duration
	var start time.Time
	pl.Before = func(p *backend.Pass, m *middle.Module, mach []*backend.Func) {
		if o.printBefore[p.Name] {
			d.dump("before", p, m, mach, false)
		}
		start = time.Now()
	}
	pl.After = func(p *backend.Pass, m *middle.Module, mach []*backend.Func) {
		ran = append(ran, p.Name)
		spent = append(spent, time.Since(start))
		switch {
		case o.printAll || o.printAfter[p.Name]:
			d.dump("after", p, m, mach, false)
		case o.printChanged:
			d.dump("after", p, m, mach, true)
		}
	}
	mach, err := pl.Run(m)
	if err != nil {
		if pe, ok := err.(*backend.PassError); ok {
			return nil, internalError("%v", pe)
		}
		return nil, err
	}
	if o.timePasses {
		fmt.Fprintln(o.log, "toyc: time per pass:")
		for i, name := range ran {
			fmt.Fprintf(o.log, "  %10.3fms  %s\n", spent[i].Seconds()*1e3, name)
		}
	}
	return mach, nil
}

// dumper prints the functions of the module, or its machine functions
// once instruction selection has made them, one by one as LLVM's
// -print-after does, each under a header naming the pass and the
// function. For --print-changed it remembers each function's last text
// and prints only those a pass changed.
type dumper struct {
	o    *passOptions
	last map[string]string // function name → its text after the last pass
}

func (d *dumper) wanted(name string) bool { return d.o.filterFunc == nil || d.o.filterFunc[name] }

// baseline prints and remembers the input of the pipeline, which
// --print-changed compares the first pass's output with.
func (d *dumper) baseline(m *middle.Module) {
	var out bytes.Buffer
	for _, f := range m.Funcs {
		if f.IsDecl() || !d.wanted(f.Name) {
			continue
		}
		text := f.Dump(d.o.lines)
		d.last[f.Name] = text
		fmt.Fprintf(&out, "; *** IR at the start, @%s ***\n%s", f.Name, text)
	}
	d.o.log.Write(out.Bytes())
}

func (d *dumper) dump(when string, p *backend.Pass, m *middle.Module, mach []*backend.Func, changedOnly bool) {
	var out bytes.Buffer
	// emit writes one function's text; body is the part --print-changed
	// compares (a machine dump's first line names the pass).
	emit := func(name, header, text, body string) {
		if changedOnly {
			if d.last[name] == body {
				return
			}
			d.last[name] = body
		}
		out.WriteString(header)
		out.WriteString(text)
	}
	// Before instruction selection the state is the IR.
	if p.OnIR() || when == "before" && p.Isel != nil {
		for _, f := range m.Funcs {
			if !f.IsDecl() && d.wanted(f.Name) {
				text := f.Dump(d.o.lines)
				emit(f.Name, fmt.Sprintf("; *** IR %s %s, @%s ***\n", when, p.Name, f.Name), text, text)
			}
		}
	} else {
		for _, f := range mach {
			if d.wanted(f.Name) {
				text := f.DumpAfter(p.Name)
				if when == "before" {
					text = f.String()
				}
				_, body, _ := strings.Cut(text, "\n")
				emit(f.Name, fmt.Sprintf("# *** machine code %s %s ***\n", when, p.Name), text, body)
			}
		}
	}
	d.o.log.Write(out.Bytes())
}

func internalError(format string, args ...any) error {
	return failure{3, "internal compiler error: " + fmt.Sprintf(format, args...)}
}
