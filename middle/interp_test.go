package middle

import (
	"errors"
	"fmt"
	"math/rand"
	"testing"
)

// The pass tests' oracle, on the interpreter (interp.go): a pass is right
// on a program when the program computes the same result, and makes the
// same external calls with the same arguments, before and after it. The
// module declares the externals @sink(x), which records x, and @escape(p),
// which records the i64 at p and overwrites it with 3*x+1, as a callee that
// was handed a slot's address may.
//
// A run that stops with undefined behaviour (errUB) or out of steps
// (errBudget) is skipped: a pass may remove undefined behaviour but never
// add it.

var (
	errUB     = ErrUndefined
	errBudget = ErrStepLimit
)

// interp is one run of the oracle: an interpreter and the trace of its
// external calls' arguments, in order.
type interp struct {
	in    *Interpreter
	trace []int64
}

// newInterp returns a run of m that may execute budget instructions.
func newInterp(m *Module, budget int) *interp {
	t := &interp{}
	t.in = NewInterpreter(m, InterpOptions{MaxSteps: budget, External: t.external})
	return t
}

// run calls the function named name with args; its error is errUB,
// errBudget or an internal error (any other, a runtime error included).
func (t *interp) run(name string, args ...int64) (int64, error) {
	r, err := t.in.Call(name, args...)
	switch {
	case errors.Is(err, ErrUndefined):
		err = errUB
	case errors.Is(err, ErrStepLimit):
		err = errBudget
	}
	return r, err
}

// external runs the calls of @sink and @escape.
func (t *interp) external(name string, args []int64, mem *Memory) (int64, error) {
	switch name {
	case "sink":
		t.trace = append(t.trace, args...)
		return 0, nil
	case "escape":
		x, err := mem.Load(I64, args[0])
		if err != nil {
			return 0, err
		}
		t.trace = append(t.trace, x)
		return 0, mem.Store(I64, args[0], 3*x+1)
	}
	return 0, fmt.Errorf("call of unknown external @%s", name)
}

// compareRuns is the oracle: for every argument vector it runs the function
// named name in m, applies pass to every function, and runs it again; it
// fails the test when a clean original run and the transformed run differ in
// result, trace or cleanliness, or when a transformed function fails the
// verifier. It reports how many runs were compared.
func compareRuns(t *testing.T, m *Module, name string, inputs [][]int64, budget int, pass func(*Func)) int {
	t.Helper()
	type outcome struct {
		result int64
		trace  []int64
		err    error
	}
	runAll := func() []outcome {
		var outs []outcome
		for _, args := range inputs {
			in := newInterp(m, budget)
			r, err := in.run(name, args...)
			outs = append(outs, outcome{r, in.trace, err})
		}
		return outs
	}
	before := m.String()
	want := runAll()
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			pass(f)
			if err := Verify(f); err != nil {
				t.Fatalf("before:\n%s\nafter:\n%s\n%v", before, f, err)
			}
		}
	}
	got := runAll()
	compared := 0
	for i, w := range want {
		if w.err == errUB || w.err == errBudget {
			continue
		}
		if w.err != nil {
			t.Fatalf("%s\noriginal run on %v: %v", before, inputs[i], w.err)
		}
		g := got[i]
		if g.err != nil || g.result != w.result || fmt.Sprint(g.trace) != fmt.Sprint(w.trace) {
			t.Fatalf("before:\n%s\nafter:\n%s\non %v: got %d %v (%v), want %d %v",
				before, m, inputs[i], g.result, g.trace, g.err, w.result, w.trace)
		}
		compared++
	}
	return compared
}

// checkPreservesSemantics is the oracle over many programs: 1,500 random
// slot programs from seed, each transformed by the pipeline chosen for its
// index (so one test can mix pipelines), each compared run by run. It fails
// when fewer than a third of the runs could be compared, which would mean
// the generator makes mostly programs that loop or trap.
func checkPreservesSemantics(t *testing.T, seed int64, pipeline func(program int) func(*Func)) {
	t.Helper()
	const programs = 1500
	rng := rand.New(rand.NewSource(seed))
	compared := 0
	for i := range programs {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		compared += compareRuns(t, m, "main", progInputs, 3000, pipeline(i))
	}
	if compared < programs*len(progInputs)/3 {
		t.Errorf("only %d of %d runs compared", compared, programs*len(progInputs))
	}
}
