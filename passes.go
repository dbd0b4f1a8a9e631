package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"toyc/middle"
)

// The pass table: every transformation between the frontend and the
// assembly text, in the order it runs, with the lowest -O level that runs it.
// --print-after, --print-after-all, --verify-each and --time-passes all come
// from this one list, as in Go's cmd/compile/internal/ssa/compile.go.
var passes = []pass{
	// Unreachable blocks go at every level: they can hold uses that no
	// definition dominates, which the backend must never see.
	{name: "unreachable", level: 0, fn: middle.RemoveUnreachable},
	{name: "mem2reg", level: 1, fn: middle.Mem2Reg},
	{name: "constfold", level: 1, fn: middle.ConstFold},
	{name: "copyprop", level: 1, fn: middle.CopyProp},
	{name: "dce", level: 1, fn: middle.DCE},
	{name: "simplifycfg", level: 1, fn: middle.SimplifyCFG},
	{name: "dce2", level: 1, fn: middle.DCE},
}

// pass is one entry of the table: fn runs on each function with a body.
type pass struct {
	name  string
	level int
	fn    func(*middle.Func)
}

// passOptions are the command line's settings for the pass table.
type passOptions struct {
	level                            int
	printAfter                       map[string]bool
	printAll, verifyEach, timePasses bool
	log                              io.Writer
}

// passNames lists the table's names, for --print-after's help and errors.
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

// runPasses runs the table's passes for o.level over every function of m,
// pass by pass, so that a dump after a pass shows the whole module at the
// same stage. The input is verified first: a .ll file may be invalid, and a
// pass is entitled to valid input. With verifyEach, a pass that breaks the
// IR is named in the error (a compiler bug, reported as such).
func runPasses(m *middle.Module, o *passOptions) error {
	if err := checkPassNames(o.printAfter); err != nil {
		return err
	}
	if diags := middle.VerifyModule(m); len(diags) > 0 {
		return diags
	}
	var spent []time.Duration
	for _, p := range passes {
		if p.level > o.level {
			continue
		}
		start := time.Now()
		for _, f := range m.Funcs {
			if !f.IsDecl() {
				p.fn(f)
			}
		}
		spent = append(spent, time.Since(start))
		if o.printAll || o.printAfter[p.name] {
			fmt.Fprintf(o.log, "; *** IR after %s ***\n%s", p.name, m.String())
		}
		if o.verifyEach {
			if diags := middle.VerifyModule(m); len(diags) > 0 {
				return failure{3, fmt.Sprintf("internal compiler error: the IR is invalid after pass %s:\n%s", p.name, diags.Error())}
			}
		}
	}
	if o.timePasses {
		printPassTimes(o, spent)
	}
	return nil
}

func printPassTimes(o *passOptions, spent []time.Duration) {
	fmt.Fprintln(o.log, "toyc: time per pass:")
	i := 0
	for _, p := range passes {
		if p.level > o.level {
			continue
		}
		fmt.Fprintf(o.log, "  %10.3fms  %s\n", spent[i].Seconds()*1e3, p.name)
		i++
	}
}
