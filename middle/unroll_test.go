package middle

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// unrolled parses text, checks that FullyUnroll leaves no loop in @f (or
// leaves its loops, when keep), and that @f computes what it did on
// inputs.
func unrolled(t *testing.T, text string, keep bool, inputs [][]int64) *Func {
	t.Helper()
	m := mustParse(t, "unroll.ll", text)
	if n := compareRuns(t, m, "f", inputs, 100000, FullyUnroll); n != len(inputs) {
		t.Fatalf("%d of %d runs compared", n, len(inputs))
	}
	f := m.Func("f")
	if loops := len(f.Loops().Loops); keep != (loops > 0) {
		t.Errorf("%d loops left (want them kept: %v):\n%s", loops, keep, f)
	}
	checkLLVMAccepts(t, "out.ll", m.String())
	return f
}

// AES's multiplication in GF(2^8) by the constant 14: the loop's test at
// the header runs five times, so four copies of the body run and the fifth
// header leaves; each copy's b & 1 is then a constant.
func TestUnrollGFMultiply(t *testing.T) {
	f := unrolled(t, `
define i64 @f(i64 %a0) {
entry:
  br label %cond
cond:
  %a = phi i64 [ %a0, %entry ], [ %a.next, %cont ]
  %b = phi i64 [ 14, %entry ], [ %b.next, %cont ]
  %p = phi i64 [ 0, %entry ], [ %p.next, %cont ]
  %more = icmp ne i64 %b, 0
  br i1 %more, label %body, label %end
body:
  %bit = and i64 %b, 1
  %odd = icmp ne i64 %bit, 0
  br i1 %odd, label %then, label %cont
then:
  %px = xor i64 %p, %a
  br label %cont
cont:
  %p.next = phi i64 [ %px, %then ], [ %p, %body ]
  %sh = shl i64 %a, 1
  %hi = ashr i64 %a, 7
  %red = mul i64 %hi, 27
  %x = xor i64 %sh, %red
  %a.next = and i64 %x, 255
  %b.next = ashr i64 %b, 1
  br label %cond
end:
  ret i64 %p
}
`, false, [][]int64{{0}, {1}, {0x53}, {0xca}, {255}})
	ConstFold(f)
	SimplifyCFG(f)
	if s := f.String(); strings.Count(s, "icmp") != 0 {
		t.Errorf("the copies' tests of b did not fold:\n%s", s)
	}
}

// A loop whose test is at its latch (a do-while), with a value of the loop
// used after it: the last copy's value reaches the use.
func TestUnrollTestAtLatch(t *testing.T) {
	unrolled(t, `
define i64 @f(i64 %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ %x, %entry ], [ %s.next, %loop ]
  %m = mul i64 %s, 31
  %s.next = add i64 %m, %i
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, 3
  br i1 %more, label %loop, label %exit
exit:
  %r = mul i64 %s.next, %i.next
  ret i64 %r
}
`, false, [][]int64{{0}, {5}, {-7}})
}

// Exits to blocks that end the function (a return; a bounds check's error
// call) go with each copy, which they take their values from.
func TestUnrollPrivateExits(t *testing.T) {
	unrolled(t, `
define i64 @f(i64 %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %ok ]
  %y = mul i64 %i, %x
  %big = icmp sgt i64 %y, 100
  br i1 %big, label %bail, label %ok
bail:
  call void @sink(i64 %i)
  %neg = sub i64 0, %y
  ret i64 %neg
ok:
  %s.next = add i64 %s, %y
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 4
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %s.next
}

declare void @sink(i64)
`, false, [][]int64{{0}, {10}, {40}, {60}, {200}, {-5}})
}

// Loops this pass leaves: a start that is not a constant, a second way out
// (a break), and a trip count beyond the budget.
func TestUnrollLeavesOthers(t *testing.T) {
	inputs := [][]int64{{0}, {2}, {9}}
	unrolled(t, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, 4
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %i.next
}
`, true, inputs)
	unrolled(t, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %hit = icmp eq i64 %i, %n
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, 4
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i64 [ 100, %loop ], [ %i.next, %latch ]
  ret i64 %r
}
`, true, inputs)
	unrolled(t, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ %n, %entry ], [ %s.next, %loop ]
  %s.next = add i64 %s, %i
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, 1000
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %s.next
}
`, true, inputs)
}

// Random counted loops, against the interpreter: starts, steps, bounds and
// compares chosen at random (some loops never end, some end at once), the
// test at the header (the loop skipped on one input, so the exit has φs)
// or at the latch (with an early return, which each copy gets), a branch
// in the body, values of the loop used after it.
func TestUnrollRandomLoops(t *testing.T) {
	rng := rand.New(rand.NewSource(20))
	steps := []string{"add i64 %i, 1", "add i64 %i, 3", "sub i64 %i, 2", "shl i64 %i, 1", "ashr i64 %i, 1", "lshr i64 %i, 1", "mul i64 %i, 3", "xor i64 %i, 5"}
	preds := []string{"slt", "sgt", "ne", "eq", "ult", "ule", "sge"}
	inputs := [][]int64{{0}, {3}, {-11}, {1 << 40}}
	unrolledLoops := 0
	for k := range 400 {
		start := rng.Int63n(40) - 10
		step := steps[rng.Intn(len(steps))]
		pred := preds[rng.Intn(len(preds))]
		bound := rng.Int63n(80) - 20
		bad := rng.Int63n(60) - 10
		var text string
		if rng.Intn(2) == 0 {
			text = fmt.Sprintf(`
define i64 @f(i64 %%x) {
entry:
  %%skip = icmp eq i64 %%x, 3
  br i1 %%skip, label %%exit, label %%head
head:
  %%i = phi i64 [ %d, %%entry ], [ %%i.next, %%join ]
  %%s = phi i64 [ %%x, %%entry ], [ %%s.next, %%join ]
  %%stay = icmp %s i64 %%i, %d
  br i1 %%stay, label %%body, label %%exit
body:
  %%odd = and i64 %%i, 1
  %%c = icmp ne i64 %%odd, 0
  br i1 %%c, label %%then, label %%join
then:
  %%t = xor i64 %%s, %%i
  br label %%join
join:
  %%u = phi i64 [ %%t, %%then ], [ %%s, %%body ]
  %%s.next = mul i64 %%u, 7
  %%i.next = %s
  br label %%head
exit:
  %%es = phi i64 [ %%s, %%head ], [ 1, %%entry ]
  %%ei = phi i64 [ %%i, %%head ], [ 2, %%entry ]
  %%r = add i64 %%es, %%ei
  ret i64 %%r
}
`, start, pred, bound, step)
		} else {
			text = fmt.Sprintf(`
define i64 @f(i64 %%x) {
entry:
  br label %%loop
loop:
  %%i = phi i64 [ %d, %%entry ], [ %%i.next, %%latch ]
  %%s = phi i64 [ %%x, %%entry ], [ %%s.next, %%latch ]
  %%m = mul i64 %%s, 5
  %%bad = icmp sgt i64 %%i, %d
  br i1 %%bad, label %%bail, label %%latch
bail:
  call void @sink(i64 %%m)
  ret i64 %%i
latch:
  %%s.next = add i64 %%m, %%i
  %%i.next = %s
  %%stay = icmp %s i64 %%i.next, %d
  br i1 %%stay, label %%loop, label %%exit
exit:
  %%r = sub i64 %%s.next, %%i
  ret i64 %%r
}

declare void @sink(i64)
`, start, bad, step, pred, bound)
		}
		m := mustParse(t, fmt.Sprintf("random%d.ll", k), text)
		compareRuns(t, m, "f", inputs, 20000, FullyUnroll)
		if len(m.Func("f").Loops().Loops) == 0 {
			unrolledLoops++
		}
	}
	t.Logf("%d of 400 unrolled", unrolledLoops)
	if unrolledLoops < 50 {
		t.Errorf("only %d of 400 random loops unrolled: the test does not exercise the pass", unrolledLoops)
	}
}

// manyUnrolledLoops is a function of n loops of one to five trips one
// after the other, each reading the last one's counter too, which
// unrolling replaces by its last copy's value.
func manyUnrolledLoops(loops int) string {
	var src strings.Builder
	src.WriteString("define i64 @f(i64 %a) {\nentry:\n  br label %h0\n")
	for k := range loops {
		prev, start, last := fmt.Sprintf("l%d", k-1), fmt.Sprintf("%%e%d", k-1), fmt.Sprintf("%%s%d", k-1)
		if k == 0 {
			prev, start, last = "entry", "%a", "%a"
		}
		fmt.Fprintf(&src, `h%[1]d:
  %%i%[1]d = phi i64 [ 0, %%%[2]s ], [ %%i%[1]d.next, %%b%[1]d ]
  %%s%[1]d = phi i64 [ %[3]s, %%%[2]s ], [ %%s%[1]d.next, %%b%[1]d ]
  %%more%[1]d = icmp slt i64 %%i%[1]d, %[4]d
  br i1 %%more%[1]d, label %%b%[1]d, label %%l%[1]d
b%[1]d:
  %%m%[1]d = mul i64 %%s%[1]d, %[5]d
  %%t%[1]d = add i64 %%m%[1]d, %[6]s
  %%s%[1]d.next = add i64 %%t%[1]d, %%i%[1]d
  %%i%[1]d.next = add i64 %%i%[1]d, 1
  br label %%h%[1]d
l%[1]d:
`, k, prev, start, 1+k%5, 3+k%4, last)
		if k == loops-1 {
			fmt.Fprintf(&src, "  ret i64 %%s%d\n}\n", k)
		} else {
			fmt.Fprintf(&src, "  %%e%d = add i64 %%s%d, %d\n  br label %%h%d\n", k, k, k, k+1)
		}
	}
	return src.String()
}

// Many loops of one function unrolled in one pass, which shares the block
// order and the cloners among them: none is left, and the function
// computes what it did (a cloner that did not forget a loop's copies
// would map the next loop's reads of its counter to them).
func TestUnrollManyLoops(t *testing.T) {
	unrolled(t, manyUnrolledLoops(20), false, [][]int64{{0}, {1}, {-7}, {1 << 40}})
}

// Unrolling allocates about as much per loop in a function of 2,000 loops
// as in one of 200 (tables of the function's size for each copy made
// 10,000 loops take 174 s).
func TestUnrollLinear(t *testing.T) {
	checkLinearAllocation(t, "loop unrolled", 200, 2000, 1.5, func(n int) float64 {
		m := mustParse(t, "many.ll", manyUnrolledLoops(n))
		bytes := allocatedPer(n, func() { FullyUnroll(m.Func("f")) })
		if left := len(m.Func("f").Loops().Loops); left > 0 {
			t.Fatalf("%d of %d loops left", left, n)
		}
		return bytes
	})
}
