package middle

import (
	"fmt"
	"math/rand"
	"runtime"
	"testing"
)

// A value that stays constant around a loop only because the branch that
// would change it is never taken: folding and CFG simplification alone
// cannot see it (the φ merges the loop's own value), SCCP can.
func TestSCCPConstantAroundLoop(t *testing.T) {
	checkPass(t, SCCP, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %x = phi i64 [ 1, %entry ], [ %x.next, %latch ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %big = icmp sgt i64 %x, 1
  br i1 %big, label %never, label %latch
never:
  %twice = mul i64 %x, 2
  br label %latch
latch:
  %x.next = phi i64 [ %x, %loop ], [ %twice, %never ]
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %x
}`, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 1
}`)
}

// A branch on a constant becomes a jump, the φ at the join keeps only the
// executable edge's entry, and the dead arm goes. Arithmetic folds at the
// type's width.
func TestSCCPFoldsBranchAndPhi(t *testing.T) {
	checkPass(t, SCCP, `
define i32 @g(i32 %p) {
entry:
  %a = add i32 2147483647, 1
  %neg = icmp slt i32 %a, 0
  br i1 %neg, label %then, label %else
then:
  %t = add i32 %p, 1
  br label %join
else:
  br label %join
join:
  %r = phi i32 [ %t, %then ], [ 5, %else ]
  %s = phi i32 [ %a, %then ], [ 7, %else ]
  %sum = add i32 %r, %s
  ret i32 %sum
}`, `
define i32 @g(i32 %p) {
entry:
  br label %then
then:
  %t = add i32 %p, 1
  br label %join
join:
  %r = phi i32 [ %t, %then ]
  %sum = add i32 %r, -2147483648
  ret i32 %sum
}`)
}

// Division by zero and MIN / -1 are undefined in LLVM: they are never
// folded, and stay overdefined, so the branch on them stays too. A multiply
// by zero is zero whatever the other operand, so is an or with all ones,
// and a select on a constant condition is its arm.
func TestSCCPUndefinedArithmeticStays(t *testing.T) {
	checkPass(t, SCCP, `
define i64 @h(i64 %p, i1 %q) {
entry:
  %zero = mul i64 %p, 0
  %d = sdiv i64 7, %zero
  %m = srem i64 -9223372036854775808, -1
  %sum = add i64 %d, %m
  %c = icmp eq i64 %sum, 0
  %k = select i1 true, i64 %zero, i64 %p
  %kk = select i1 %q, i64 3, i64 3
  %ones = or i64 %p, -1
  %r = add i64 %kk, %ones
  br i1 %c, label %yes, label %no
yes:
  ret i64 %k
no:
  ret i64 %r
}`, `
define i64 @h(i64 %p, i1 zeroext %q) {
entry:
  %d = sdiv i64 7, 0
  %m = srem i64 -9223372036854775808, -1
  %sum = add i64 %d, %m
  %c = icmp eq i64 %sum, 0
  br i1 %c, label %yes, label %no
yes:
  ret i64 0
no:
  ret i64 2
}`)
}

// A loop that a constant condition never enters disappears with its φs'
// entries; the undef operand is overdefined (two uses of undef may differ).
func TestSCCPLoopNeverEntered(t *testing.T) {
	checkPass(t, SCCP, `
define i64 @k(i64 %n) {
entry:
  %u = add i64 undef, 0
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %go = icmp sgt i64 %i, 10
  br i1 %go, label %body, label %exit
body:
  %i.next = add i64 %i, %n
  br label %head
exit:
  %r = add i64 %i, %u
  ret i64 %r
}`, `
define i64 @k(i64 %n) {
entry:
  %u = add i64 undef, 0
  br label %head
head:
  br label %exit
exit:
  %r = add i64 0, %u
  ret i64 %r
}`)
}

// The oracle: random programs behave the same after SCCP, run alone on the
// slot form and after mem2reg, where it has φs to see through.
func TestSCCPPreservesSemantics(t *testing.T) {
	checkOracle(t, 23, 1500, func(rng *rand.Rand, iter int) (*Module, func(*Func)) {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		if iter%3 == 0 {
			return m, SCCP
		}
		return m, func(f *Func) {
			Mem2Reg(f)
			SCCP(f)
		}
	})
}

// checkOracle runs compareRuns on n programs that program makes (with the
// pass to check on each), from a generator seeded with seed, and fails when
// fewer than a third of the runs could be compared: a generator whose
// programs mostly loop or trap tests nothing.
func checkOracle(t *testing.T, seed int64, n int, program func(rng *rand.Rand, iter int) (*Module, func(*Func))) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	compared := 0
	for iter := range n {
		m, pass := program(rng, iter)
		compared += compareRuns(t, m, "main", progInputs, 3000, pass)
	}
	if compared < n*len(progInputs)/3 {
		t.Errorf("only %d of %d runs compared", compared, n*len(progInputs))
	}
}

// SCCP followed by constant folding's identities leaves no more
// instructions than constant folding alone, with the same cleanups after
// both, on random programs in SSA form.
func TestSCCPSubsumesFolding(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	for iter := 0; iter < 300; iter++ {
		seed := rng.Int63()
		count := func(passes ...func(*Func)) int {
			m := randomProgram(rand.New(rand.NewSource(seed)), 1+int(seed%20), 1+int(seed%5))
			f := m.Func("main")
			Mem2Reg(f)
			for _, p := range passes {
				p(f)
			}
			return countInstrs(f)
		}
		cleanup := []func(*Func){CopyProp, DCE, SimplifyCFG, DCE}
		folded := count(append([]func(*Func){ConstFold}, cleanup...)...)
		propagated := count(append([]func(*Func){SCCP, ConstFold}, cleanup...)...)
		if propagated > folded {
			t.Fatalf("seed %d: %d instructions after SCCP, %d after folding", seed, propagated, folded)
		}
	}
}

func countInstrs(f *Func) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	return n
}

// BenchmarkSCCP runs SCCP on generated functions of 10k and 100k blocks in
// SSA form; ns/op should grow tenfold between them.
func BenchmarkSCCP(b *testing.B) {
	benchmarkPass(b, Mem2Reg, SCCP)
}

// benchmarkPass times pass on the scaling functions of bench_test.go, after
// prepare when it is not nil, rebuilding the input outside the timer on
// each iteration.
func benchmarkPass(b *testing.B, prepare, pass func(*Func)) {
	for _, blocks := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("blocks=%d", blocks), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				f := bigSlotFunc(blocks, 100)
				if prepare != nil {
					prepare(f)
				}
				runtime.GC() // so that collecting the input's garbage is not timed
				b.StartTimer()
				pass(f)
			}
		})
	}
}
