package main

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"toyc/backend"
	"toyc/middle"
	"toyc/middle/diag"
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
	jobs         int // functions compiled at once
	log          io.Writer
	lines        *diag.Lines // the source text by line, for the dumps' comments
	// finish, when set, receives each function as soon as it is compiled
	// (backend.Pipeline.Finish): the native outputs write it out.
	finish func(*middle.Func, *backend.Func) error
	// ready, when set with finish, receives each function before finish,
	// as soon as it is compiled, concurrently (backend.Pipeline.Ready).
	ready func(*middle.Func, *backend.Func)
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
// With o.finish, each function is handed to it once compiled, in the
// module's order. Functions go through the passes a function at a time, o.jobs
// at once; dumps come per function in pass order (as LLVM's), and in the
// module's order of functions whatever o.jobs is.
func runPasses(m *middle.Module, o *passOptions) error {
	if err := checkPassNames("--print-after", o.printAfter); err != nil {
		return err
	}
	if err := checkPassNames("--print-before", o.printBefore); err != nil {
		return err
	}
	if diags := middle.VerifyModule(m); len(diags) > 0 {
		return diags
	}
	// The dumps read the IR (and the machine code's names of IR values)
	// after instruction selection; nothing else does.
	dumps := len(o.printAfter) > 0 || len(o.printBefore) > 0 || o.printAll || o.printChanged
	pl := &backend.Pipeline{Level: o.level, Native: o.native, Verify: o.verifyEach, Check: o.verifyEach, Jobs: o.jobs, DropIR: !dumps}
	noteSkipped(o, pl, o.printAfter)
	noteSkipped(o, pl, o.printBefore)
	d := newDumper(o, m)
	if o.printChanged {
		d.baseline(m)
	}
	// Per pass, the time its runs took, summed over the functions.
	spent := make([]atomic.Int64, len(backend.Passes))
	index := map[*backend.Pass]int{}
	for i := range backend.Passes {
		index[&backend.Passes[i]] = i
	}
	// Only --time-passes needs them: a record per function of a program.
	var starts map[*middle.Func]*time.Time
	if o.timePasses {
		starts = make(map[*middle.Func]*time.Time, len(m.Funcs))
		for _, f := range m.Funcs {
			starts[f] = new(time.Time)
		}
	}
	// A module pass runs once for every function: it is timed from the
	// barrier before it to the first function's After.
	var barrier time.Time
	moduleTimed := map[*backend.Pass]bool{}
	pl.Before = func(p *backend.Pass, f *middle.Func, mf *backend.Func) {
		if o.printBefore[p.Name] {
			d.dump("before", p, f, mf, false)
		}
		if starts != nil {
			*starts[f] = time.Now()
		}
	}
	pl.After = func(p *backend.Pass, f *middle.Func, mf *backend.Func) {
		switch {
		case starts == nil:
		case p.Module == nil || pl.Summarized():
			spent[index[p]].Add(int64(time.Since(*starts[f])))
		case !moduleTimed[p]:
			moduleTimed[p] = true
			spent[index[p]].Add(int64(time.Since(barrier)))
		}
		switch {
		case o.printAll || o.printAfter[p.Name]:
			d.dump("after", p, f, mf, false)
		case o.printChanged:
			d.dump("after", p, f, mf, true)
		}
	}
	if heapFollows != nil {
		pl.Built = func(f *middle.Func) { heapFollows(f.NumValues()) } // gctuning.go
	}
	pl.Barrier = func(*backend.Pass, *middle.Module) {
		d.flush()
		barrier = time.Now()
	}
	// Finish runs one call at a time, ready on several functions at once;
	// the emission's time is both's.
	var emitting atomic.Int64
	if o.finish != nil {
		pl.Finish = func(f *middle.Func, mf *backend.Func) error {
			begin := time.Now()
			err := o.finish(f, mf)
			emitting.Add(int64(time.Since(begin)))
			return err
		}
		if o.ready != nil {
			pl.Ready = func(f *middle.Func, mf *backend.Func) {
				begin := time.Now()
				o.ready(f, mf)
				emitting.Add(int64(time.Since(begin)))
			}
		}
	}
	_, err := pl.Run(m)
	d.flush()
	if err != nil {
		if pe, ok := err.(*backend.PassError); ok {
			return internalError("%v", pe)
		}
		return err
	}
	if o.timePasses {
		fmt.Fprintln(o.log, "toyc: time per pass (summed over the functions):")
		for i := range backend.Passes {
			if p := &backend.Passes[i]; pl.Runs(p) {
				fmt.Fprintf(o.log, "  %10.3fms  %s\n", time.Duration(spent[i].Load()).Seconds()*1e3, p.Name)
			}
		}
		if o.finish != nil {
			fmt.Fprintf(o.log, "  %10.3fms  %s\n", time.Duration(emitting.Load()).Seconds()*1e3, "(emission)")
		}
	}
	return nil
}

// dumper prints the functions of the module, or their machine functions
// once instruction selection has made them, one by one as LLVM's
// -print-after does, each under a header naming the pass and the
// function. Each function's dumps are kept in its own buffer (functions
// may be compiled concurrently) and written out in the module's order at
// each barrier of the pipeline. For --print-changed it remembers each
// function's last text and prints only what a pass changed.
type dumper struct {
	o   *passOptions
	fns []*funcDump // in the module's order
	of  map[*middle.Func]*funcDump
}

type funcDump struct {
	out  bytes.Buffer
	last string // the text after the last pass, for --print-changed
}

func newDumper(o *passOptions, m *middle.Module) *dumper {
	d := &dumper{o: o, of: map[*middle.Func]*funcDump{}}
	if !o.printAll && !o.printChanged && len(o.printAfter) == 0 && len(o.printBefore) == 0 {
		return d // nothing to print: no buffer per function of a program
	}
	for _, f := range m.Funcs {
		if !f.IsDecl() && d.wanted(f.Name) {
			fd := &funcDump{}
			d.fns = append(d.fns, fd)
			d.of[f] = fd
		}
	}
	return d
}

func (d *dumper) wanted(name string) bool { return d.o.filterFunc == nil || d.o.filterFunc[name] }

// flush writes what the functions' buffers hold, in the module's order.
func (d *dumper) flush() {
	for _, fd := range d.fns {
		d.o.log.Write(fd.out.Bytes())
		fd.out.Reset()
	}
}

// baseline records the input of the pipeline, which --print-changed
// compares the first pass's output with, and prints it.
func (d *dumper) baseline(m *middle.Module) {
	for _, f := range m.Funcs {
		if fd := d.of[f]; fd != nil {
			fd.last = f.Dump(d.o.lines)
			fmt.Fprintf(&fd.out, "; *** IR at the start, @%s ***\n%s", f.Name, fd.last)
		}
	}
}

// dump writes the state of f (or of mf, from instruction selection on)
// before or after pass p to its buffer.
func (d *dumper) dump(when string, p *backend.Pass, f *middle.Func, mf *backend.Func, changedOnly bool) {
	fd := d.of[f]
	if fd == nil {
		return
	}
	var header, text, body string
	// Before instruction selection the state is the IR.
	if p.OnIR() || mf == nil || when == "before" && p.Isel != nil {
		text = f.Dump(d.o.lines)
		header, body = fmt.Sprintf("; *** IR %s %s, @%s ***\n", when, p.Name, f.Name), text
	} else {
		text = mf.DumpAfter(p.Name)
		if when == "before" {
			text = mf.String()
		}
		// The text's first line names the pass; --print-changed compares
		// the rest.
		_, body, _ = strings.Cut(text, "\n")
		header = fmt.Sprintf("# *** machine code %s %s ***\n", when, p.Name)
	}
	if changedOnly {
		if fd.last == body {
			return
		}
		fd.last = body
	}
	fd.out.WriteString(header)
	fd.out.WriteString(text)
}

func internalError(format string, args ...any) error {
	return failure{3, "internal compiler error: " + fmt.Sprintf(format, args...)}
}
