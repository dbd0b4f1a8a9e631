package backend

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"toyc/middle"
)

// streamModule is n functions of different sizes, so that with several
// jobs they finish out of order: f<i> sums i numbers in a loop and calls
// the previous function.
func streamModule(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "define i64 @f%d(i64 %%x) {\nentry:\n  br label %%loop\nloop:\n", i)
		fmt.Fprintf(&b, "  %%s = phi i64 [ %%x, %%entry ], [ %%s1, %%loop ]\n  %%k = phi i64 [ 0, %%entry ], [ %%k1, %%loop ]\n")
		for j := range i % 7 * 20 {
			fmt.Fprintf(&b, "  %%m%d = mul i64 %%s, %d\n", j, j+3)
		}
		fmt.Fprintf(&b, "  %%s1 = add i64 %%s, %%k\n  %%k1 = add i64 %%k, 1\n  %%c = icmp slt i64 %%k1, %d\n  br i1 %%c, label %%loop, label %%done\ndone:\n", i+1)
		if i > 0 {
			fmt.Fprintf(&b, "  %%r = call i64 @f%d(i64 %%s1)\n  ret i64 %%r\n}\n", i-1)
		} else {
			b.WriteString("  ret i64 %s1\n}\n")
		}
	}
	return b.String()
}

// bigFunc is a function whose text is several flushes long (flushSize)
// between its calls: a chain of n values, with a call of @f0 halfway.
func bigFunc(n int) string {
	var b strings.Builder
	b.WriteString("define i64 @big(i64 %x) {\nentry:\n  %a0 = add i64 %x, 1\n")
	for i := 1; i < n; i++ {
		if i == n/2 {
			fmt.Fprintf(&b, "  %%a%d = call i64 @f0(i64 %%a%d)\n", i, i-1)
			continue
		}
		fmt.Fprintf(&b, "  %%a%d = mul i64 %%a%d, %d\n", i, i-1, i+2)
	}
	fmt.Fprintf(&b, "  ret i64 %%a%d\n}\n", n-1)
	return b.String()
}

// A function's text written in pieces past the emitter's buffer (a piece
// of a flush or more goes to the output directly, emitter.writeText) is
// all there and in order: the program runs and computes what Go does.
func TestLongFunctionText(t *testing.T) {
	const n = 12000
	ll := streamModule(t, 1) + bigFunc(n)
	x := int64(5)
	a := x + 1
	for i := 1; i < n; i++ {
		if i != n/2 { // @f0 returns its argument
			a *= int64(i + 2)
		}
	}
	want := fmt.Sprintf("%d\n", a)
	driver := "int64_t big(int64_t);\nint main(void) { printf(\"%ld\\n\", (long)big(5)); return 0; }\n"
	if got := run(t, ll, driver); got != want {
		t.Errorf("big(5) = %q, want %q", got, want)
	}
}

// Compiled a function at a time (Finish), a module's assembly is the one
// compiled whole and emitted after, whatever the number of jobs, whether
// each function's text is written ahead of its turn (Ready,
// Emitter.Prepare: the trace labels of its calls are numbered at its
// turn) or at it, and whether its IR is dropped after instruction
// selection (DropIR, which must then have happened); Finish sees the
// functions in the module's order, each released after it.
func TestStreamSameAsWhole(t *testing.T) {
	const n = 40
	ll := streamModule(t, n) + bigFunc(12000)
	want := assemble(t, ll)
	if len(want) < 4*flushSize {
		t.Fatalf("the assembly is %d bytes: too short to test pieces of a function's text written directly", len(want))
	}
	for _, prepare := range []bool{false, true} {
		for _, jobs := range []int{1, 2, 4, 16} {
			dropIR := jobs%4 == 0
			m, errs := middle.ParseModule("test.ll", []byte(ll))
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			var out bytes.Buffer
			em := NewEmitter(&out, m, nil)
			var order []string
			pl := &Pipeline{Native: true, CodegenOnly: true, Check: true, Jobs: jobs, Finish: func(f *middle.Func, mf *Func) error {
				if len(order) > 0 && !m.Func(order[len(order)-1]).Released() {
					t.Errorf("-j%d: @%s was not released before @%s was finished", jobs, order[len(order)-1], f.Name)
				}
				order = append(order, f.Name)
				em.Function(mf)
				return nil
			}}
			if prepare {
				pl.Ready = func(_ *middle.Func, mf *Func) { em.Prepare(mf) }
			}
			pl.DropIR = dropIR
			pl.After = func(p *Pass, f *middle.Func, mf *Func) {
				if p.Isel != nil && f.Released() != dropIR {
					t.Errorf("-j%d, DropIR %v: @%s released after isel: %v", jobs, dropIR, f.Name, f.Released())
				}
			}
			if _, err := pl.Run(m); err != nil {
				t.Fatal(err)
			}
			if err := em.Close(); err != nil {
				t.Fatal(err)
			}
			for i, name := range order[:n] {
				if name != fmt.Sprintf("f%d", i) {
					t.Fatalf("-j%d: Finish saw %v, not the module's order", jobs, order)
				}
			}
			if len(order) != n+1 {
				t.Fatalf("-j%d: Finish saw %d functions of %d", jobs, len(order), n+1)
			}
			if got := out.String(); got != want {
				t.Errorf("-j%d, prepared %v, DropIR %v: the assembly streamed differs from the assembly of the whole module", jobs, prepare, dropIR)
			}
		}
	}
}

// An error from Finish stops the run and is returned; no function after
// the failing one is finished.
func TestStreamFinishError(t *testing.T) {
	m, errs := middle.ParseModule("test.ll", []byte(streamModule(t, 30)))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	stop := fmt.Errorf("disk full")
	finished := 0
	pl := &Pipeline{Native: true, CodegenOnly: true, Jobs: 4, Finish: func(f *middle.Func, mf *Func) error {
		finished++
		if f.Name == "f5" {
			return stop
		}
		return nil
	}}
	if _, err := pl.Run(m); err != stop {
		t.Fatalf("Run returned %v, want the error of Finish", err)
	}
	if finished != 6 {
		t.Errorf("Finish ran for %d functions, want 6 (f0 to f5)", finished)
	}
}
