package backend

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"toyc/middle"
)

// bottomUpModule is a whole program (toy_main, and only the runtime
// declared) for the module passes: a chain of functions each calling the
// one before and a small helper that loads a global nothing writes (which
// globalconst folds, and inline copies), a global some write, a
// recursive pair, and toy_main first, so that it waits for its callees.
func bottomUpModule(n int) string {
	var b strings.Builder
	b.WriteString("@k = global i64 7\n@w = global i64 0\ndeclare void @toy_print_i64(i64)\n\n")
	fmt.Fprintf(&b, "define i64 @toy_main() {\nentry:\n  %%a = call i64 @f%d(i64 3)\n  %%b = call i64 @f%d(i64 %%a)\n  %%c = call i64 @r1(i64 %%b)\n  call void @toy_print_i64(i64 %%c)\n  %%w = load i64, ptr @w\n  ret i64 %%w\n}\n\n", n-1, n/2)
	b.WriteString("define i64 @h(i64 %x) {\nentry:\n  %a = load i64, ptr @k\n  %r = add i64 %x, %a\n  ret i64 %r\n}\n\n")
	b.WriteString("define i64 @r1(i64 %x) {\nentry:\n  %c = icmp sgt i64 %x, 0\n  br i1 %c, label %more, label %done\nmore:\n  %y = sub i64 %x, 1\n  %r = call i64 @r2(i64 %y)\n  ret i64 %r\ndone:\n  ret i64 0\n}\n\n")
	b.WriteString("define i64 @r2(i64 %x) {\nentry:\n  %h = call i64 @h(i64 %x)\n  %r = call i64 @r1(i64 %x)\n  %s = add i64 %r, %h\n  ret i64 %s\n}\n\n")
	for i := range n {
		fmt.Fprintf(&b, "define i64 @f%d(i64 %%x) {\nentry:\n  br label %%loop\nloop:\n", i)
		b.WriteString("  %s = phi i64 [ %x, %entry ], [ %s1, %loop ]\n  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]\n")
		for j := range i % 5 * 12 {
			fmt.Fprintf(&b, "  %%m%d = mul i64 %%s, %d\n", j, j+3)
		}
		b.WriteString("  %h = call i64 @h(i64 %k)\n  %s1 = add i64 %s, %h\n  %k1 = add i64 %k, 1\n")
		fmt.Fprintf(&b, "  %%c = icmp slt i64 %%k1, %d\n  br i1 %%c, label %%loop, label %%done\ndone:\n", i+2)
		if i%3 == 1 {
			b.WriteString("  store i64 %s1, ptr @w\n")
		}
		if i > 0 {
			fmt.Fprintf(&b, "  %%r = call i64 @f%d(i64 %%s1)\n  ret i64 %%r\n}\n\n", i-1)
		} else {
			b.WriteString("  ret i64 %s1\n}\n\n")
		}
	}
	return b.String()
}

// declareIRFacts gives every function of m the facts of its IR, as a
// frontend would give them before building it.
func declareIRFacts(m *middle.Module) {
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		facts := &middle.BodyFacts{}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == middle.OpCall && m.DefinesFunc(v.Sym) {
					facts.Calls = append(facts.Calls, v.Sym)
				}
				for i, a := range v.Args {
					switch {
					case a.Op != middle.OpGlobal || v.Op == middle.OpLoad:
					case v.Op == middle.OpStore && i == 1:
						facts.Assigned = append(facts.Assigned, a.Sym)
					default:
						facts.Addressed = append(facts.Addressed, a.Sym)
					}
				}
			}
		}
		f.DeclareFacts(facts)
	}
}

func parseModule(t *testing.T, ll string) *middle.Module {
	t.Helper()
	m, errs := middle.ParseModule("test.ll", []byte(ll))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return m
}

// At -O2, a module whose bodies come with their facts streams: the
// module passes run a function at a time from the summary, functions
// settle bottom-up and finish in the module's order, and the assembly is
// that of the module compiled whole by the module passes reading every
// body, whatever the number of jobs.
func TestBottomUpSameAsWhole(t *testing.T) {
	ll := bottomUpModule(30)
	whole := parseModule(t, ll)
	fs, err := (&Pipeline{Level: 2, Native: true, Verify: true, Check: true}).Run(whole)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := Emit(&want, whole, fs); err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 2, 4, 16} {
		m := parseModule(t, ll)
		declareIRFacts(m)
		var out bytes.Buffer
		em := NewEmitter(&out, m, nil)
		var order []string
		pl := &Pipeline{Level: 2, Native: true, Verify: true, Check: true, Jobs: jobs,
			Finish: func(f *middle.Func, mf *Func) error {
				order = append(order, f.Name)
				em.Function(mf)
				return nil
			},
			Ready: func(_ *middle.Func, mf *Func) { em.Prepare(mf) }}
		if !pl.Streams() {
			t.Fatal("-O2 with Finish does not stream")
		}
		if _, err := pl.Run(m); err != nil {
			t.Fatal(err)
		}
		if !pl.Summarized() {
			t.Fatalf("-j%d: the run did not stream by the summary", jobs)
		}
		if err := em.Close(); err != nil {
			t.Fatal(err)
		}
		var defined []string
		for _, f := range m.Funcs {
			if !f.IsDecl() {
				defined = append(defined, f.Name)
			}
		}
		if fmt.Sprint(order) != fmt.Sprint(defined) {
			t.Fatalf("-j%d: Finish saw %v, not the module's order", jobs, order)
		}
		if got := out.String(); got != want.String() {
			t.Errorf("-j%d: the assembly streamed by the summary differs from the module's compiled whole", jobs)
		}
	}
}

// A body that writes a global its facts do not say it writes stops the
// compile with a SummaryError, rather than have globalconst fold the
// global's loads elsewhere.
func TestBottomUpFactsLeftOut(t *testing.T) {
	m := parseModule(t, bottomUpModule(3)) // @f1 alone writes @w
	declareIRFacts(m)
	m.Func("f1").DeclareFacts(&middle.BodyFacts{Calls: []string{"h", "f0"}})
	pl := &Pipeline{Level: 2, Native: true, Finish: func(*middle.Func, *Func) error { return nil }}
	_, err := pl.Run(m)
	var se *middle.SummaryError
	if !errors.As(err, &se) || se.Func != "f1" {
		t.Fatalf("Run returned %v, want a SummaryError for @f1", err)
	}
}

// At -O1 the module passes run too, a function at a time: @h's load of
// @k, which nothing writes, is folded, and @h, as small as its call, is
// inlined into its callers (-O1's budget); the compile still streams.
func TestO1InlinesAndFolds(t *testing.T) {
	m := parseModule(t, bottomUpModule(3))
	declareIRFacts(m)
	var out bytes.Buffer
	em := NewEmitter(&out, m, nil)
	pl := &Pipeline{Level: 1, Native: true, Verify: true, Check: true,
		Finish: func(_ *middle.Func, mf *Func) error { em.Function(mf); return nil }}
	if _, err := pl.Run(m); err != nil {
		t.Fatal(err)
	}
	if err := em.Close(); err != nil {
		t.Fatal(err)
	}
	if !pl.Summarized() {
		t.Error("-O1 did not stream by the summary")
	}
	asm := out.String()
	if strings.Contains(asm, "k(%rip)") {
		t.Error("-O1 loads @k, which nothing writes")
	}
	if strings.Contains(asm, "call\th\n") {
		t.Error("-O1 calls @h rather than inline it")
	}
}

// The passes after inline run over a worker's batch pass by pass, and the
// batch's text is written one function after another (stagebatch.go): at
// -j1, instruction selection runs for two functions in a row, and so does
// the writing of their text.
func TestLatePassesRunInBatches(t *testing.T) {
	m := parseModule(t, bottomUpModule(30))
	declareIRFacts(m)
	var out bytes.Buffer
	em := NewEmitter(&out, m, nil)
	var events []string // "isel f", "ready f" and the other late passes' names
	var mu sync.Mutex
	note := func(s string) {
		mu.Lock()
		events = append(events, s)
		mu.Unlock()
	}
	pl := &Pipeline{Level: 2, Native: true, Check: true, Jobs: 1,
		Finish: func(f *middle.Func, mf *Func) error {
			em.Function(mf)
			return nil
		},
		Ready: func(f *middle.Func, mf *Func) {
			note("ready " + f.Name)
			em.Prepare(mf)
		},
		Before: func(p *Pass, f *middle.Func, mf *Func) {
			if p.Late || p.Native {
				note(p.Name + " " + f.Name)
			}
		}}
	if _, err := pl.Run(m); err != nil {
		t.Fatal(err)
	}
	if !pl.Summarized() {
		t.Fatal("the run did not stream by the summary")
	}
	if err := em.Close(); err != nil {
		t.Fatal(err)
	}
	adjacent := func(kind string) bool {
		for i := 1; i < len(events); i++ {
			a, b := events[i-1], events[i]
			if strings.HasPrefix(a, kind+" ") && strings.HasPrefix(b, kind+" ") && a != b {
				return true
			}
		}
		return false
	}
	for _, kind := range []string{"isel", "ready"} {
		if !adjacent(kind) {
			t.Errorf("no two functions went through %s one after the other: %v", kind, events)
		}
	}
}
