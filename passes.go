package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"toyc/backend"
	"toyc/middle"
)

// The pass table: every transformation between the frontend and the
// assembly text, in the order it runs, with the lowest -O level that runs
// it. --print-after, --print-after-all, --verify-each and --time-passes all
// come from this one list, as in Go's cmd/compile/internal/ssa/compile.go.
// The IR passes come first; the entries marked native turn the IR into
// machine code and run only when assembly, an object or an executable is
// wanted.
var passes = []pass{
	// Unreachable blocks go at every level: they can hold uses that no
	// definition dominates, which the backend must never see.
	{name: "unreachable", level: 0, ir: middle.RemoveUnreachable},
	{name: "mem2reg", level: 1, ir: middle.Mem2Reg},
	{name: "inline", level: 2, module: middle.Inline},
	{name: "mem2reg2", level: 2, ir: middle.Mem2Reg},
	// After mem2reg: a function that keeps a stack slot is not rewritten.
	{name: "tailrec", level: 2, ir: middle.TailRecursion},
	{name: "selfinline", level: 2, ir: middle.InlineSelf},
	{name: "sccp", level: 2, ir: middle.SCCP},
	{name: "constfold", level: 1, ir: middle.ConstFold},
	{name: "copyprop", level: 1, ir: middle.CopyProp},
	{name: "divpow2", level: 2, ir: middle.DivPow2},
	{name: "gvn", level: 2, ir: middle.GVN},
	{name: "memopt", level: 2, ir: middle.MemOpt},
	{name: "preheaders", level: 2, ir: middle.InsertPreheaders},
	{name: "licm", level: 2, ir: middle.LICM},
	{name: "bce", level: 2, ir: middle.BCE},
	{name: "loopversion", level: 2, ir: middle.VersionLoops},
	// After bce, which must still see i*n rather than the derived counter.
	{name: "strength", level: 2, ir: middle.StrengthReduce},
	{name: "dce", level: 1, ir: middle.DCE},
	{name: "simplifycfg", level: 1, ir: middle.SimplifyCFG},
	// On the simplified CFG, whose diamonds are no longer hidden behind
	// bounds-check branches: stores leave the arms, then the arms go.
	{name: "sinkstores", level: 2, ir: middle.SinkStores},
	{name: "ifconvert", level: 2, ir: middle.IfConvert},
	{name: "simplifycfg2", level: 2, ir: middle.SimplifyCFG},
	{name: "dce2", level: 1, ir: middle.DCE},

	{name: "critical", level: 0, native: true, ir: middle.SplitCriticalEdges},
	{name: "isel", level: 0, native: true, isel: backend.Select},
	{name: "outofssa", level: 0, native: true, mach: (*backend.Func).OutOfSSA},
	{name: "regalloc", level: 0, native: true, mach: (*backend.Func).Allocate, allocated: true},
	{name: "frame", level: 0, native: true, mach: (*backend.Func).Layout, allocated: true},
}

// pass is one entry of the table. Exactly one of its functions is set: an
// IR pass over each function or over the module, the instruction selection
// that turns an IR function into a machine function, or a stage over
// machine functions.
type pass struct {
	name      string
	level     int
	native    bool // part of code generation
	allocated bool // after register allocation: the allocation checker applies

	ir     func(*middle.Func)
	module func(*middle.Module)
	isel   func(*middle.Func) *backend.Func
	mach   func(*backend.Func)
}

// passOptions are the command line's settings for the pass table.
type passOptions struct {
	level                            int
	native                           bool // run the code generation stages too
	printAfter                       map[string]bool
	printAll, verifyEach, timePasses bool
	log                              io.Writer
}

// passNames lists the table's names, for --print-after's errors.
func passNames() string {
	names := make([]string, len(passes))
	for i, p := range passes {
		names[i] = p.name
	}
	return strings.Join(names, ", ")
}

// checkPassNames refuses a --print-after name that is not in the table.
func checkPassNames(names map[string]bool) error {
	var unknown []string
	for n := range names {
		if !knownPass(n) {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return usagef("unknown pass %q in --print-after (the passes are: %s)", unknown[0], passNames())
}

func knownPass(name string) bool {
	for _, p := range passes {
		if p.name == name {
			return true
		}
	}
	return false
}

// runPasses runs the table's passes for o.level over m, pass by pass, so
// that a dump after a pass shows the whole module at the same stage. The
// input is verified first: a .ll file may be invalid, and a pass is
// entitled to valid input. With verifyEach, the IR verifier runs after
// every IR pass and the allocation checker after every stage from register
// allocation on; a pass that breaks its output is named in the error (a
// compiler bug). With o.native, the result is the module's machine
// functions, ready for emission.
func runPasses(m *middle.Module, o *passOptions) ([]*backend.Func, error) {
	if err := checkPassNames(o.printAfter); err != nil {
		return nil, err
	}
	if diags := middle.VerifyModule(m); len(diags) > 0 {
		return nil, diags
	}
	var funcs []*middle.Func
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			funcs = append(funcs, f)
		}
	}
	var mach []*backend.Func
	var ran []string
	var spent []time.Duration
	for _, p := range passes {
		if p.level > o.level || p.native && !o.native {
			continue
		}
		start := time.Now()
		switch {
		case p.module != nil:
			p.module(m)
		case p.ir != nil:
			for _, f := range funcs {
				p.ir(f)
			}
		case p.isel != nil:
			for _, f := range funcs {
				mach = append(mach, p.isel(f))
			}
		default:
			for _, f := range mach {
				p.mach(f)
			}
		}
		ran = append(ran, p.name)
		spent = append(spent, time.Since(start))
		if o.printAll || o.printAfter[p.name] {
			dump(o.log, p, m, mach)
		}
		if o.verifyEach {
			if err := verifyAfter(p, m, mach); err != nil {
				return nil, err
			}
		}
	}
	if o.timePasses {
		fmt.Fprintln(o.log, "toyc: time per pass:")
		for i, name := range ran {
			fmt.Fprintf(o.log, "  %10.3fms  %s\n", spent[i].Seconds()*1e3, name)
		}
	}
	return mach, nil
}

// dump prints the state after pass p: the IR module, or the machine
// functions once instruction selection has made them.
func dump(w io.Writer, p pass, m *middle.Module, mach []*backend.Func) {
	if p.isel == nil && p.mach == nil {
		fmt.Fprintf(w, "; *** IR after %s ***\n%s", p.name, m.String())
		return
	}
	fmt.Fprintf(w, "# *** machine code after %s ***\n", p.name)
	for _, f := range mach {
		fmt.Fprint(w, f.String())
	}
}

// verifyAfter checks what pass p produced.
func verifyAfter(p pass, m *middle.Module, mach []*backend.Func) error {
	switch {
	case p.isel == nil && p.mach == nil:
		if diags := middle.VerifyModule(m); len(diags) > 0 {
			return internalError("the IR is invalid after pass %s:\n%s", p.name, diags.Error())
		}
	case p.allocated:
		for _, f := range mach {
			if err := backend.Check(f); err != nil {
				return internalError("the register allocation is wrong after pass %s: %v", p.name, err)
			}
		}
	}
	return nil
}

func internalError(format string, args ...any) error {
	return failure{3, "internal compiler error: " + fmt.Sprintf(format, args...)}
}
