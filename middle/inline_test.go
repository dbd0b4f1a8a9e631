package middle

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// checkModulePass is checkPass for a pass over the whole module: it parses
// in, runs pass, verifies every function and compares the text of the
// functions named in want's defines (declarations are left out).
func checkModulePass(t *testing.T, pass func(*Module), in, want string) {
	t.Helper()
	m := mustParse(t, "in.ll", in)
	pass(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatalf("after the pass:\n%s\n%v", m, diags)
	}
	var got strings.Builder
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			got.WriteString(f.String())
		}
	}
	if g, w := normalizeIR(got.String()), normalizeIR(want); g != w {
		t.Errorf("got:\n%s\nwant:\n%s", g, w)
	}
	checkLLVMAccepts(t, "out.ll", m.String())
}

// A callee with two returns: the call's block is split, the body cloned in
// between with its names kept, the returns jump to the continuation where a
// φ collects the result; the callee's alloca moves to the caller's entry.
// The callee itself stays (C may call it).
func TestInlineTwoReturns(t *testing.T) {
	checkModulePass(t, Inline, `
define i64 @clamp(i64 %x) {
entry:
  %slot = alloca i64
  store i64 %x, ptr %slot
  %neg = icmp slt i64 %x, 0
  br i1 %neg, label %zero, label %keep
zero:
  ret i64 0
keep:
  %v = load i64, ptr %slot
  ret i64 %v
}

define i64 @caller(i64 %a) {
entry:
  %b = add i64 %a, 1
  %c = call i64 @clamp(i64 %b)
  %d = mul i64 %c, %a
  ret i64 %d
}`, `
define i64 @clamp(i64 %x) {
entry:
  %slot = alloca i64
  store i64 %x, ptr %slot
  %neg = icmp slt i64 %x, 0
  br i1 %neg, label %zero, label %keep
zero:
  ret i64 0
keep:
  %v = load i64, ptr %slot
  ret i64 %v
}
define i64 @caller(i64 %a) {
entry:
  %slot = alloca i64
  %b = add i64 %a, 1
  br label %entry.1
entry.1:
  store i64 %b, ptr %slot
  %neg = icmp slt i64 %b, 0
  br i1 %neg, label %zero, label %keep
zero:
  br label %clamp.cont
keep:
  %v = load i64, ptr %slot
  br label %clamp.cont
clamp.cont:
  %c.1 = phi i64 [ 0, %zero ], [ %v, %keep ]
  %d = mul i64 %c.1, %a
  ret i64 %d
}`)
}

// A call in a loop: the continuation takes the call block's place as the
// predecessor of the loop header, whose φ must name it; a void callee's
// single return needs no φ.
func TestInlineInLoop(t *testing.T) {
	checkModulePass(t, Inline, `
declare void @sink(i64)

define void @show(i64 %x) {
entry:
  call void @sink(i64 %x)
  ret void
}

define void @loop(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  call void @show(i64 %i)
  %next = add i64 %i, 1
  br label %head
done:
  ret void
}`, `
define void @show(i64 %x) {
entry:
  call void @sink(i64 %x)
  ret void
}
define void @loop(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %show.cont ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  br label %entry.1
entry.1:
  call void @sink(i64 %i)
  br label %show.cont
show.cont:
  %next = add i64 %i, 1
  br label %head
done:
  ret void
}`)
}

// A callee that never returns: the continuation, and what the caller
// would have done after the call, are unreachable and go.
func TestInlineNoReturn(t *testing.T) {
	checkModulePass(t, Inline, `
declare void @toy_index_error(ptr, i32, i32, i64, i64)

define i64 @fail(i64 %i) {
entry:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %i, i64 0)
  unreachable
}

define i64 @caller(i64 %a, i1 %bad) {
entry:
  br i1 %bad, label %oops, label %fine
oops:
  %r = call i64 @fail(i64 %a)
  %s = add i64 %r, 1
  ret i64 %s
fine:
  ret i64 %a
}`, `
define i64 @fail(i64 %i) {
entry:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %i, i64 0)
  unreachable
}
define i64 @caller(i64 %a, i1 zeroext %bad) {
entry:
  br i1 %bad, label %oops, label %fine
oops:
  br label %entry.1
entry.1:
  call void @toy_index_error(ptr null, i32 1, i32 2, i64 %a, i64 0)
  unreachable
fine:
  ret i64 %a
}`)
}

// Recursion is left alone, directly recursive or mutual; a callee that is
// too big and called twice is not copied, but one with a single call site
// is, whatever its size up to the single-site limit.
func TestInlineDeclines(t *testing.T) {
	var big strings.Builder
	big.WriteString("define i64 @big(i64 %x) {\nentry:\n")
	prev := "%x"
	for i := range inlineSmall + 5 {
		fmt.Fprintf(&big, "  %%v%d = add i64 %s, %d\n", i, prev, i)
		prev = fmt.Sprintf("%%v%d", i)
	}
	fmt.Fprintf(&big, "  ret i64 %s\n}\n", prev)
	src := big.String() + strings.ReplaceAll(big.String(), "@big", "@once") + `
define i64 @fact(i64 %n) {
entry:
  %small = icmp slt i64 %n, 2
  br i1 %small, label %one, label %rec
one:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %r = call i64 @fact(i64 %m)
  %p = mul i64 %n, %r
  ret i64 %p
}
define i64 @even(i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i64 1
no:
  %m = sub i64 %n, 1
  %r = call i64 @odd(i64 %m)
  ret i64 %r
}
define i64 @odd(i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i64 0
no:
  %m = sub i64 %n, 1
  %r = call i64 @even(i64 %m)
  ret i64 %r
}
define i64 @user(i64 %a) {
entry:
  %b = call i64 @big(i64 %a)
  %c = call i64 @big(i64 %b)
  %d = call i64 @once(i64 %c)
  %e = call i64 @fact(i64 %d)
  %f = call i64 @even(i64 %e)
  ret i64 %f
}`
	m := mustParse(t, "in.ll", src)
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	calls := map[string]int{}
	for _, b := range m.Func("user").Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpCall {
				calls[v.Sym]++
			}
		}
	}
	if calls["big"] != 2 || calls["once"] != 0 || calls["fact"] != 1 || calls["even"] != 1 {
		t.Errorf("calls left in @user: %v, want big:2 fact:1 even:1\n%s", calls, m.Func("user"))
	}
	for _, name := range []string{"fact", "even", "odd"} {
		if strings.Count(m.Func(name).String(), "call") != 1 {
			t.Errorf("@%s changed:\n%s", name, m.Func(name))
		}
	}
}

// The growth budget stops a caller that calls a small function very often.
func TestInlineGrowthBudget(t *testing.T) {
	var src strings.Builder
	src.WriteString("define i64 @twice(i64 %x) {\nentry:\n")
	for i := range inlineSmall - 2 {
		fmt.Fprintf(&src, "  %%t%d = add i64 %%x, %d\n", i, i)
	}
	src.WriteString("  ret i64 %x\n}\ndefine i64 @many(i64 %a) {\nentry:\n")
	const calls = 100
	prev := "%a"
	for i := range calls {
		fmt.Fprintf(&src, "  %%c%d = call i64 @twice(i64 %s)\n", i, prev)
		prev = fmt.Sprintf("%%c%d", i)
	}
	fmt.Fprintf(&src, "  ret i64 %s\n}\n", prev)
	m := mustParse(t, "in.ll", src.String())
	before := funcSize(m.Func("many"))
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	after := funcSize(m.Func("many"))
	if after > inlineGrowth*before+inlineSlack || after == before {
		t.Errorf("@many grew from %d to %d instructions; the budget is %d", before, after, inlineGrowth*before+inlineSlack)
	}
}

// chainFunc writes a function @name of n instructions: a chain of adds on
// its parameter, then the return.
func chainFunc(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "define i64 @%s(i64 %%x) {\nentry:\n", name)
	prev := "%x"
	for i := range n - 1 {
		fmt.Fprintf(&b, "  %%v%d = add i64 %s, %d\n", i, prev, i)
		prev = fmt.Sprintf("%%v%d", i)
	}
	fmt.Fprintf(&b, "  ret i64 %s\n}\n", prev)
	return b.String()
}

// callsIn counts the calls of each function in f.
func callsIn(f *Func) map[string]int {
	calls := map[string]int{}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpCall {
				calls[v.Sym]++
			}
		}
	}
	return calls
}

// A callee between inlineSmall and inlineSmallInLoop instructions, called
// from two places, is copied into the call inside the loop (and into the
// blocks that loop's inlined code brought) but not into the call outside.
func TestInlineCallsInLoops(t *testing.T) {
	src := chainFunc("mid", (inlineSmall+inlineSmallInLoop)/2) + `
define i64 @user(i64 %n) {
entry:
  %out = call i64 @mid(i64 %n)
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i64 [ %out, %entry ], [ %s.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  %c = call i64 @mid(i64 %i)
  %s.next = add i64 %s, %c
  %i.next = add i64 %i, 1
  br label %head
done:
  ret i64 %s
}`
	m := mustParse(t, "in.ll", src)
	want := runModule(m, "user", [][]int64{{0}, {5}})
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	if calls := callsIn(m.Func("user")); calls["mid"] != 1 {
		t.Fatalf("calls of @mid left in @user: %d, want 1 (outside the loop)\n%s", calls["mid"], m.Func("user"))
	}
	entry := m.Func("user").Blocks[0]
	if n := callsIn(&Func{Blocks: []*Block{entry}})["mid"]; n != 1 {
		t.Errorf("the call outside the loop was inlined, the one inside kept:\n%s", m.Func("user"))
	}
	got := runModule(m, "user", [][]int64{{0}, {5}})
	for i := range want {
		if got[i].result != want[i].result || got[i].err != want[i].err {
			t.Errorf("input %d: got %d (%v), want %d (%v)", i, got[i].result, got[i].err, want[i].result, want[i].err)
		}
	}
}

// A recursive caller's blocks all count as hot: a callee between
// inlineSmall and inlineSmallInLoop instructions is copied into the
// recursive @walk (towers' move into its tower), not into the plain @once.
func TestInlineCallsInRecursion(t *testing.T) {
	src := chainFunc("mid", (inlineSmall+inlineSmallInLoop)/2) + `
define i64 @walk(i64 %n) {
entry:
  %c = call i64 @mid(i64 %n)
  %stop = icmp sle i64 %n, 0
  br i1 %stop, label %done, label %more
more:
  %m = sub i64 %n, 1
  %r = call i64 @walk(i64 %m)
  %s = add i64 %r, %c
  ret i64 %s
done:
  ret i64 %c
}

define i64 @once(i64 %n) {
entry:
  %c = call i64 @mid(i64 %n)
  ret i64 %c
}`
	m := mustParse(t, "in.ll", src)
	want := runModule(m, "walk", [][]int64{{0}, {5}})
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	if calls := callsIn(m.Func("walk")); calls["mid"] != 0 || calls["walk"] != 1 {
		t.Errorf("calls left in @walk: %v, want only the recursive one\n%s", calls, m.Func("walk"))
	}
	if calls := callsIn(m.Func("once")); calls["mid"] != 1 {
		t.Errorf("calls of @mid left in @once: %d, want 1\n%s", calls["mid"], m.Func("once"))
	}
	got := runModule(m, "walk", [][]int64{{0}, {5}})
	for i := range want {
		if got[i].result != want[i].result || got[i].err != want[i].err {
			t.Errorf("input %d: got %d (%v), want %d (%v)", i, got[i].result, got[i].err, want[i].result, want[i].err)
		}
	}
}

// slotArgumentsSource is @bump, which works through two pointers, called
// with its caller's slots by @slots and with pointers into an array by
// @array.
func slotArgumentsSource() string {
	var src strings.Builder
	src.WriteString("define void @bump(ptr %p, ptr %q) {\nentry:\n")
	for i := range inlineSmall / 2 {
		fmt.Fprintf(&src, "  %%a%d = load i64, ptr %%p\n  %%b%d = load i64, ptr %%q\n  %%c%d = add i64 %%a%d, %%b%d\n  store i64 %%c%d, ptr %%p\n", i, i, i, i, i, i)
	}
	src.WriteString(`  ret void
}
define i64 @slots(i64 %x) {
entry:
  %u = alloca i64
  %w = alloca i64
  store i64 %x, ptr %u
  store i64 1, ptr %w
  call void @bump(ptr %u, ptr %w)
  call void @bump(ptr %w, ptr %u)
  %r = load i64, ptr %u
  ret i64 %r
}
define i64 @array(ptr %a) {
entry:
  %e = getelementptr i64, ptr %a, i64 1
  call void @bump(ptr %a, ptr %e)
  call void @bump(ptr %e, ptr %a)
  %r = load i64, ptr %a
  ret i64 %r
}
`)
	return src.String()
}

// A callee that works on its caller's variables through pointers costs only
// what mem2reg leaves of it: called with the caller's slots it is inlined
// at both calls, though its loads and stores take it past inlineSmall;
// called with pointers into an array it is not.
func TestInlineSlotArguments(t *testing.T) {
	src := slotArgumentsSource()
	m := mustParse(t, "in.ll", src)
	if n := funcSize(m.Func("bump")); n <= inlineSmall || n-slotAccesses(m.Func("bump"), m.Func("slots").Blocks[0].Instrs[4]) > inlineSmall {
		t.Fatalf("test set-up: @bump has %d instructions", n)
	}
	want := runModule(m, "slots", [][]int64{{3}})
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	if calls := callsIn(m.Func("slots")); calls["bump"] != 0 {
		t.Errorf("@slots still calls @bump %d times:\n%s", calls["bump"], m.Func("slots"))
	}
	if calls := callsIn(m.Func("array")); calls["bump"] != 2 {
		t.Errorf("@array calls @bump %d times, want 2", calls["bump"])
	}
	if got := runModule(m, "slots", [][]int64{{3}}); got[0].result != want[0].result || got[0].err != want[0].err {
		t.Errorf("@slots(3): got %d (%v), want %d (%v)", got[0].result, got[0].err, want[0].result, want[0].err)
	}
}

// A caller inlining from frozen copies weighs a callee by the sizes kept
// with its copy before thawing it: the copy is thawed only where the call
// may take it (passing slots, whose accesses only the body can count),
// and the result is the same as inlining the function itself.
func TestInlineWeighsBeforeThawing(t *testing.T) {
	src := slotArgumentsSource()
	for _, caller := range []string{"slots", "array"} {
		want := mustParse(t, "in.ll", src)
		inlineInto(want.Func(caller), &InlineDefault, countCallSites(want), nil, nil)
		m := mustParse(t, "in.ll", src)
		bodies := frozenBodies(m.Func("bump"))
		inlineInto(m.Func(caller), &InlineDefault, countCallSites(m), nil, bodies)
		if got, want := m.Func(caller).String(), want.Func(caller).String(); got != want {
			t.Errorf("@%s inlined from a frozen @bump:\n%s\nwant:\n%s", caller, got, want)
		}
		_, thawed := bodies.made[m.Func("bump")]
		if inlined := callsIn(m.Func(caller))["bump"] == 0; thawed != inlined {
			t.Errorf("@%s: @bump thawed %v, inlined %v", caller, thawed, inlined)
		}
	}
}

// A callee with a single call site moves into a caller beyond the growth
// budget, up to inlineSingleSiteCap; one called twice does not.
func TestInlineSingleSiteBeyondBudget(t *testing.T) {
	n := inlineSingleSite - 10
	src := chainFunc("once", n) + chainFunc("twice", inlineSmall+5) + `
define i64 @user(i64 %a) {
entry:
  %b = call i64 @once(i64 %a)
  %c = call i64 @twice(i64 %b)
  ret i64 %c
}
define i64 @other(i64 %a) {
entry:
  %b = call i64 @twice(i64 %a)
  ret i64 %b
}`
	m := mustParse(t, "in.ll", src)
	if before := funcSize(m.Func("user")); before+n <= inlineGrowth*before+inlineSlack {
		t.Fatalf("test set-up: @once (%d) fits the budget of @user (%d) anyway", n, before)
	}
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	if calls := callsIn(m.Func("user")); calls["once"] != 0 || calls["twice"] != 1 {
		t.Errorf("calls left in @user: %v, want twice:1\n", calls)
	}
}

// Single-site callees stop at the cap: a caller of many distinct
// functions, each called once and each within inlineSingleSite, takes them
// only until it reaches inlineSingleSiteCap.
func TestInlineSingleSiteCap(t *testing.T) {
	var src strings.Builder
	const callees = 3 * inlineSingleSiteCap / inlineSingleSite
	for i := range callees {
		src.WriteString(chainFunc(fmt.Sprintf("f%d", i), inlineSingleSite-3))
	}
	src.WriteString("define i64 @head(i64 %a) {\nentry:\n")
	prev := "%a"
	for i := range callees {
		fmt.Fprintf(&src, "  %%c%d = call i64 @f%d(i64 %s)\n", i, i, prev)
		prev = fmt.Sprintf("%%c%d", i)
	}
	fmt.Fprintf(&src, "  ret i64 %s\n}\n", prev)
	m := mustParse(t, "in.ll", src.String())
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	head := m.Func("head")
	if s := funcSize(head); s > inlineSingleSiteCap {
		t.Errorf("@head grew to %d instructions, past the cap %d", s, inlineSingleSiteCap)
	}
	if left := len(callsIn(head)); left == 0 || left == callees {
		t.Errorf("@head still calls %d of its %d callees; want some inlined, some not", left, callees)
	}
}

// The oracle: random modules whose functions call each other (callees
// earlier in the module, some recursively with a depth guard) compute the
// same results and make the same external calls once inlined.
func TestInlineOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	compared := 0
	for iter := range 150 {
		m := randomCallProgram(rng, 2+rng.Intn(4))
		before := m.String()
		want := runModule(m, "main", progInputs)
		Inline(m)
		if diags := VerifyModule(m); len(diags) > 0 {
			t.Fatalf("program %d:\n%s\nafter:\n%s\n%v", iter, before, m, diags)
		}
		got := runModule(m, "main", progInputs)
		for i, w := range want {
			if w.err == errUB || w.err == errBudget {
				continue
			}
			if w.err != nil {
				t.Fatalf("program %d:\n%s\noriginal run on %v: %v", iter, before, progInputs[i], w.err)
			}
			if g := got[i]; g.err != nil || g.result != w.result || fmt.Sprint(g.trace) != fmt.Sprint(w.trace) {
				t.Fatalf("program %d:\n%s\nafter:\n%s\non %v: got %d %v (%v), want %d %v",
					iter, before, m, progInputs[i], g.result, g.trace, g.err, w.result, w.trace)
			}
			compared++
		}
	}
	if compared < 300 {
		t.Errorf("only %d runs compared", compared)
	}
}

type runOutcome struct {
	result int64
	trace  []int64
	err    error
}

// runModule runs the function named name on each argument vector.
func runModule(m *Module, name string, inputs [][]int64) []runOutcome {
	var outs []runOutcome
	for _, args := range inputs {
		in := newInterp(m, 200000)
		r, err := in.run(name, args...)
		outs = append(outs, runOutcome{r, in.trace, err})
	}
	return outs
}

// randomCallProgram makes a module of nfuncs random functions (see
// randomProgram) @f0 ... and @main, each (i64, i64) -> i64, where some
// @sink calls become calls of an earlier function — or of the function
// itself, guarded by a depth counter in a global so that recursion ends.
// Every slot is initialized first: a slot read before any store is undef,
// which the interpreter reads as 0 in a fresh frame but which, once the
// slot moves to a caller's entry block, may be the previous call's value.
func randomCallProgram(rng *rand.Rand, nfuncs int) *Module {
	m := NewModule("calls.ll")
	m.NewFunc("sink", Void).AddParam(I64, "x")
	m.NewFunc("escape", Void).AddParam(Ptr, "p")
	m.AddGlobal(&Global{Name: "depth", Type: I64})
	var funcs []*Func
	for i := range nfuncs {
		name := fmt.Sprintf("f%d", i)
		if i == nfuncs-1 {
			name = "main"
		}
		src := randomProgram(rng, 2+rng.Intn(5), 1+rng.Intn(4))
		f := src.Func("main")
		f.Name = name
		f.Module = m
		m.Funcs = append(m.Funcs, f)
		m.funcIndex[name] = f
		initializeSlots(f)
		funcs = append(funcs, f)
	}
	for i, f := range funcs {
		for bi := 0; bi < len(f.Blocks); bi++ {
			b := f.Blocks[bi]
			for j, v := range b.Instrs {
				if v.Op == OpCall && v.Sym == "sink" && rng.Intn(3) > 0 {
					callGuarded(f, b, j, funcs[rng.Intn(i+1)], rng)
					break // the rest of b is in a new block, visited later
				}
			}
		}
	}
	return m
}

// initializeSlots stores 0 into each of f's slots right after the allocas.
func initializeSlots(f *Func) {
	entry := f.Entry()
	n := 0
	for n < len(entry.Instrs) && entry.Instrs[n].Op == OpAlloca {
		n++
	}
	var stores []*Value
	for _, a := range entry.Instrs[:n] {
		st := f.NewValue(OpStore, Void, "", f.Const(a.Elem, 0), a)
		st.Block = entry
		stores = append(stores, st)
	}
	entry.Instrs = append(entry.Instrs[:n], append(stores, entry.Instrs[n:]...)...)
}

// callGuarded inserts before b.Instrs[j] (a call of @sink with x) a call of
// callee on (x, c) whose result @sink gets instead. The call only happens
// while @depth < 3, which it counts up around the call, so that recursion
// ends. The rest of b moves to a new block.
func callGuarded(f *Func, b *Block, j int, callee *Func, rng *rand.Rand) {
	sink := b.Instrs[j]
	x := sink.Args[0]
	depth := f.GlobalAddr("depth")
	d := f.NewValue(OpLoad, I64, "d", depth)
	deep := f.NewValue(OpICmp, I1, "deep", d, f.Const(I64, 3))
	deep.Pred = PredSGE
	callBlock, join := f.NewBlock("call"), f.NewBlock("join")
	br := f.NewValue(OpCondBr, Void, "", deep)
	tail := append([]*Value(nil), b.Instrs[j:]...)
	b.Instrs = b.Instrs[:j]
	b.MoveSuccsTo(join) // the tail's terminator goes there
	for _, v := range []*Value{d, deep, br} {
		b.Append(v)
	}
	b.AddEdgeTo(join)
	b.AddEdgeTo(callBlock)
	inc := f.NewValue(OpStore, Void, "", f.NewValue(OpAdd, I64, "d1", d, f.Const(I64, 1)), depth)
	call := f.NewValue(OpCall, I64, "r", x, f.Const(I64, int64(rng.Intn(100))))
	call.Sym = callee.Name
	jump := f.NewValue(OpBr, Void, "")
	for _, v := range []*Value{inc.Args[0], inc, call, f.NewValue(OpStore, Void, "", d, depth), jump} {
		callBlock.Append(v)
	}
	callBlock.AddEdgeTo(join)
	res := f.NewValue(OpPhi, I64, "res")
	join.Append(res)
	res.AddIncoming(x, b)
	res.AddIncoming(call, callBlock)
	sink.Args[0] = res
	for _, v := range tail {
		join.Append(v)
	}
}

// Inlining is linear in the code it copies: n small leaves, each called
// twice by its own caller.
func BenchmarkInline(b *testing.B) { benchmarkSizes(b, inlineWorkload, Inline) }

func inlineWorkload(n int) string {
	var src strings.Builder
	for i := range n {
		fmt.Fprintf(&src, "define i64 @leaf%d(i64 %%x) {\nentry:\n  %%a = add i64 %%x, %d\n  %%m = mul i64 %%a, 3\n  ret i64 %%m\n}\n", i, i)
		fmt.Fprintf(&src, "define i64 @user%d(i64 %%x) {\nentry:\n  %%c = call i64 @leaf%d(i64 %%x)\n  %%d = call i64 @leaf%d(i64 %%c)\n  ret i64 %%d\n}\n", i, i, i)
	}
	return src.String()
}

// inlineBlockWorkload is one function whose one block calls a small
// function n times: each call inlined splits the block, and the rest of
// the block must not move again at each split.
func inlineBlockWorkload(n int) string {
	var src strings.Builder
	src.WriteString("define i64 @leaf(i64 %x) {\nentry:\n  %a = add i64 %x, 7\n  %m = mul i64 %a, 3\n  ret i64 %m\n}\n")
	src.WriteString("define i64 @user(i64 %x) {\nentry:\n")
	prev := "%x"
	for i := range n {
		fmt.Fprintf(&src, "  %%c%d = call i64 @leaf(i64 %s)\n", i, prev)
		prev = fmt.Sprintf("%%c%d", i)
	}
	fmt.Fprintf(&src, "  ret i64 %s\n}\n", prev)
	return src.String()
}

// Inlining the calls of one block costs each call the same, however many
// calls the block has: the memory Inline allocates per call inlined, at
// 1,000 and 10,000 calls in one block (allocation is counted, not timed,
// so the test cannot be fooled by a busy machine). Each call inlined
// used to copy the rest of the block into its continuation: 6,734 calls
// inlined of 10,000 allocated 58,712 bytes per call, 734 of 1,000 7,106.
func TestInlineOneBlockLinear(t *testing.T) {
	checkLinearAllocation(t, "call inlined", 1000, 10000, 1.5, func(n int) float64 {
		m := mustParse(t, "in.ll", inlineBlockWorkload(n))
		before := callsIn(m.Func("user"))["leaf"]
		bytes := allocatedPer(1, func() { Inline(m) })
		if diags := VerifyModule(m); len(diags) > 0 {
			t.Fatal(diags)
		}
		inlined := before - callsIn(m.Func("user"))["leaf"]
		if inlined < n/2 {
			t.Fatalf("%d calls: only %d inlined", n, inlined)
		}
		return bytes / float64(inlined)
	})
}

// benchmarkSizes times pass on a fresh parse of workload(n) for two sizes
// four times apart: the times should be about four times apart too.
func benchmarkSizes(b *testing.B, workload func(n int) string, pass func(*Module)) {
	for _, n := range []int{250, 1000} {
		text := []byte(workload(n))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				m, diags := ParseModule("bench.ll", text)
				if len(diags) > 0 {
					b.Fatal(diags)
				}
				b.StartTimer()
				pass(m)
			}
		})
	}
}

// eachFunc lifts a function pass to the module.
func eachFunc(pass func(*Func)) func(*Module) {
	return func(m *Module) {
		for _, f := range m.Funcs {
			pass(f)
		}
	}
}

// TestPassScaling measures Inline, BCE and StrengthReduce in CPU time on
// their benchmark workloads at 1,000 and 10,000 units. As in TestScaling,
// the baseline is a scan that reads every operand once, which already grows
// faster than the work once the larger module leaves the cache: ten times
// the work may cost 15 times the time, or 1.25 times the scan's growth when
// that is more (anything quadratic costs 100). Opt in, as TestScaling:
//
//	TOYC_SCALING=1 go test ./middle -run TestPassScaling -v
func TestPassScaling(t *testing.T) {
	if os.Getenv("TOYC_SCALING") == "" {
		t.Skip("set TOYC_SCALING=1 to measure")
	}
	scan := func(m *Module) {
		n := 0
		for _, f := range m.Funcs {
			for _, b := range f.Blocks {
				for _, v := range b.Instrs {
					n += len(v.Args)
				}
			}
		}
		runtime.KeepAlive(n)
	}
	passes := []struct {
		name     string
		workload func(int) string
		pass     func(*Module)
	}{
		{"inline", inlineWorkload, Inline},
		{"bce", bceWorkload, eachFunc(BCE)},
		{"strength", strengthWorkload, eachFunc(StrengthReduce)},
	}
	for _, p := range passes {
		var times, scans []time.Duration
		for _, n := range []int{1000, 10000} {
			text := []byte(p.workload(n))
			var m *Module
			prepare := func() *Func {
				m, _ = ParseModule("scaling.ll", text)
				return nil
			}
			times = append(times, minCPU(prepare, func(*Func) { p.pass(m) }, 2*time.Second))
			scans = append(scans, minCPU(prepare, func(*Func) { scan(m) }, time.Second))
		}
		ratio, scanRatio := float64(times[1])/float64(times[0]), float64(scans[1])/float64(scans[0])
		t.Logf("%-8s 1k %10v  10k %10v  ×%.1f (scan ×%.1f)", p.name, times[0], times[1], ratio, scanRatio)
		if limit := max(15, 1.25*scanRatio); ratio > limit {
			t.Errorf("%s: ten times the work costs ×%.1f, more than ×%.1f", p.name, ratio, limit)
		}
	}
}

// InlineBottomUp hands every defined function to visit once, after all
// the functions it calls outside its component, whatever jobs is; with
// the simplification passes in visit the program computes the same, and
// the module comes out the same for one job and for four.
func TestInlineBottomUp(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	simplify := func(f *Func) {
		Mem2Reg(f)
		SCCP(f)
		CopyProp(f)
		DCE(f)
		SimplifyCFG(f)
	}
	for iter := range 100 {
		seed := rng.Int63()
		build := func() *Module { return randomCallProgram(rand.New(rand.NewSource(seed)), 2+int(seed%5)) }
		m := build()
		want := runModule(m, "main", progInputs)
		var outs []string
		for _, jobs := range []int{1, 4} {
			m := build()
			var mu sync.Mutex
			done := map[*Func]bool{}
			err := InlineBottomUp(m, &InlineDefault, jobs, func(f *Func, inline func()) error {
				mu.Lock()
				for _, b := range f.Blocks {
					for _, v := range b.Instrs {
						if g := v.Callee(); v.Op == OpCall && g != nil && !g.IsDecl() && g != f && !done[g] && !callsBack(g, f) {
							t.Errorf("program %d: @%s visited before its callee @%s", iter, f.Name, g.Name)
						}
					}
				}
				if done[f] {
					t.Errorf("program %d: @%s visited twice", iter, f.Name)
				}
				mu.Unlock()
				inline()
				simplify(f)
				mu.Lock()
				done[f] = true
				mu.Unlock()
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range m.Funcs {
				if !f.IsDecl() && !done[f] {
					t.Errorf("program %d: @%s never visited", iter, f.Name)
				}
			}
			if diags := VerifyModule(m); len(diags) > 0 {
				t.Fatalf("program %d: %v\n%s", iter, diags, m)
			}
			got := runModule(m, "main", progInputs)
			for i, w := range want {
				if w.err == nil && (got[i].err != nil || got[i].result != w.result || fmt.Sprint(got[i].trace) != fmt.Sprint(w.trace)) {
					t.Fatalf("program %d, %d jobs: on %v got %d %v (%v), want %d %v\n%s", iter, jobs, progInputs[i], got[i].result, got[i].trace, got[i].err, w.result, w.trace, m)
				}
			}
			outs = append(outs, m.String())
		}
		if outs[0] != outs[1] {
			t.Fatalf("program %d: one job and four differ:\n%s\n----\n%s", iter, outs[0], outs[1])
		}
	}
}

// callsBack reports whether g reaches f through calls: then the two share
// a component, and neither waits for the other.
func callsBack(g, f *Func) bool {
	seen := map[*Func]bool{}
	work := []*Func{g}
	for len(work) > 0 {
		h := work[len(work)-1]
		work = work[:len(work)-1]
		if h == f {
			return true
		}
		if seen[h] {
			continue
		}
		seen[h] = true
		for _, b := range h.Blocks {
			for _, v := range b.Instrs {
				if c := v.Callee(); v.Op == OpCall && c != nil {
					work = append(work, c)
				}
			}
		}
	}
	return false
}

// A global's address is one operand per function, also where inlining
// copies a callee's uses of it in: the backend recognizes `g += 1` as one
// read-modify-write instruction only when the load and the store name the
// same address value (bytecode's step counter, once run is inlined into
// main, lost it when each copied use got an operand of its own).
func TestInlineSharesGlobalAddress(t *testing.T) {
	m := mustParse(t, "in.ll", `
@g = global i64 0

define void @bump() {
entry:
  %v = load i64, ptr @g
  %w = add i64 %v, 1
  store i64 %w, ptr @g
  ret void
}

define i64 @user() {
entry:
  call void @bump()
  %r = load i64, ptr @g
  ret i64 %r
}`)
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	user := m.Func("user")
	if calls := callsIn(user); calls["bump"] != 0 {
		t.Fatalf("@bump not inlined:\n%s", user)
	}
	var addrs []*Value
	for _, b := range user.Blocks {
		for _, v := range b.Instrs {
			switch v.Op {
			case OpLoad:
				addrs = append(addrs, v.Args[0])
			case OpStore:
				addrs = append(addrs, v.Args[1])
			}
		}
	}
	if len(addrs) != 3 {
		t.Fatalf("want two loads and a store in @user:\n%s", user)
	}
	for _, a := range addrs {
		if a != user.GlobalAddr("g") {
			t.Errorf("an access to @g uses an address operand of its own:\n%s", user)
		}
	}
}

// guardedFunc is a function of hot instructions in all, of which a
// bounds-check-like test guards each of cold error blocks: a block that
// calls the runtime's error and ends in unreachable.
func guardedFunc(name string, hot, cold int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "declare void @toy_index_error(ptr, i32, i32, i64, i64)\n")
	fmt.Fprintf(&b, "define i64 @%s(i64 %%x) {\nentry:\n", name)
	prev := "%x"
	n := hot - 1 // the ret
	for i := range cold {
		fmt.Fprintf(&b, "  %%ok%d = icmp ult i64 %s, 1000\n  br i1 %%ok%d, label %%ok.%d, label %%fail.%d\n", i, prev, i, i, i)
		fmt.Fprintf(&b, "fail.%d:\n  call void @toy_index_error(ptr null, i32 1, i32 1, i64 %s, i64 1000)\n  unreachable\nok.%d:\n", i, prev, i)
		n -= 2
	}
	for i := range n {
		fmt.Fprintf(&b, "  %%v%d = add i64 %s, %d\n", i, prev, i)
		prev = fmt.Sprintf("%%v%d", i)
	}
	fmt.Fprintf(&b, "  ret i64 %s\n}\n", prev)
	return b.String()
}

// The paths to runtime errors do not count against a callee: one of
// inlineSmall instructions outside its error blocks, and more with them,
// is inlined where one as large without error blocks is not.
func TestInlineIgnoresErrorPaths(t *testing.T) {
	src := guardedFunc("guarded", inlineSmall, 10) + chainFunc("plain", inlineSmall+10) + `
define i64 @user(i64 %a) {
entry:
  %b = call i64 @guarded(i64 %a)
  %c = call i64 @plain(i64 %b)
  ret i64 %c
}
define i64 @other(i64 %a) {
entry:
  %b = call i64 @guarded(i64 %a)
  %c = call i64 @plain(i64 %b)
  ret i64 %c
}`
	m := mustParse(t, "in.ll", src)
	g := m.Func("guarded")
	if funcSize(g) != inlineSmall+20 || hotSize(g) != inlineSmall {
		t.Fatalf("test set-up: @guarded has %d instructions, %d of them hot", funcSize(g), hotSize(g))
	}
	want := runModule(m, "user", [][]int64{{3}, {990}})
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	for _, name := range []string{"user", "other"} {
		if calls := callsIn(m.Func(name)); calls["guarded"] != 0 || calls["plain"] != 1 {
			t.Errorf("calls left in @%s: %v, want plain:1\n%s", name, calls, m.Func(name))
		}
	}
	got := runModule(m, "user", [][]int64{{3}, {990}})
	for i := range want {
		if got[i].result != want[i].result || got[i].err != want[i].err {
			t.Errorf("input %d: got %d (%v), want %d (%v)", i, got[i].result, got[i].err, want[i].result, want[i].err)
		}
	}
}

// A single-site callee larger than inlineSingleSite moves into its caller
// when the call is in a loop (richards' scheduler calling its dispatch
// once per trip), up to inlineSingleSiteInLoop; outside a loop it stays.
func TestInlineSingleSiteInLoop(t *testing.T) {
	n := (inlineSingleSite + inlineSingleSiteInLoop) / 2
	src := chainFunc("inner", n) + chainFunc("outer", n) + `
define i64 @user(i64 %n) {
entry:
  %o = call i64 @outer(i64 %n)
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i64 [ %o, %entry ], [ %s.next, %body ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %done
body:
  %c = call i64 @inner(i64 %i)
  %s.next = add i64 %s, %c
  %i.next = add i64 %i, 1
  br label %head
done:
  ret i64 %s
}`
	m := mustParse(t, "in.ll", src)
	want := runModule(m, "user", [][]int64{{0}, {5}})
	Inline(m)
	if diags := VerifyModule(m); len(diags) > 0 {
		t.Fatal(diags)
	}
	if calls := callsIn(m.Func("user")); calls["inner"] != 0 || calls["outer"] != 1 {
		t.Errorf("calls left in @user: %v, want outer:1\n", calls)
	}
	got := runModule(m, "user", [][]int64{{0}, {5}})
	for i := range want {
		if got[i].result != want[i].result || got[i].err != want[i].err {
			t.Errorf("input %d: got %d (%v), want %d (%v)", i, got[i].result, got[i].err, want[i].result, want[i].err)
		}
	}
}

// The cheap budget (-O1) copies a leaf about the size of its call at every
// call, and nothing more: not a callee the full budget copies, not one with
// a single call site, not a call that passes the caller's slots; the full
// budget copies them all.
func TestInlineCheapBudget(t *testing.T) {
	leaf := InlineCheap.Small
	src := chainFunc("leaf", leaf) + chainFunc("mid", leaf+5) + chainFunc("once", 2*inlineSmall) + `
define void @swap(ptr %p, ptr %q) {
entry:
  %a = load i64, ptr %p
  %b = load i64, ptr %q
  store i64 %b, ptr %p
  store i64 %a, ptr %q
  ret void
}
define i64 @user(i64 %x) {
entry:
  %u = alloca i64
  %w = alloca i64
  %a = call i64 @leaf(i64 %x)
  %b = call i64 @leaf(i64 %a)
  %c = call i64 @mid(i64 %b)
  %d = call i64 @mid(i64 %c)
  %e = call i64 @once(i64 %d)
  store i64 %e, ptr %u
  store i64 %x, ptr %w
  call void @swap(ptr %u, ptr %w)
  call void @swap(ptr %w, ptr %u)
  %r = load i64, ptr %u
  ret i64 %r
}
`
	for _, tc := range []struct {
		budget *InlineBudget
		want   map[string]int
	}{
		{&InlineCheap, map[string]int{"mid": 2, "once": 1, "swap": 2}},
		{&InlineDefault, map[string]int{}},
	} {
		m := mustParse(t, "in.ll", src)
		want := runModule(m, "user", [][]int64{{3}})
		if err := InlineBottomUp(m, tc.budget, 1, nil); err != nil {
			t.Fatal(err)
		}
		if diags := VerifyModule(m); len(diags) > 0 {
			t.Fatal(diags)
		}
		if got := callsIn(m.Func("user")); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("budget %+v: @user calls %v, want %v:\n%s", *tc.budget, got, tc.want, m.Func("user"))
		}
		if got := runModule(m, "user", [][]int64{{3}}); got[0].result != want[0].result || got[0].err != want[0].err {
			t.Errorf("@user(3): got %d (%v), want %d (%v)", got[0].result, got[0].err, want[0].result, want[0].err)
		}
	}
}
