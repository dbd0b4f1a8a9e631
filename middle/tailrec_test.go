package middle

import (
	"strings"
	"testing"
)

// Fibonacci's second call is in tail position under +: it becomes a trip
// round the loop that adds the first call's result to the accumulator, and
// the base case returns the accumulator plus n. No budget: the first call,
// of n - 1, recurses as deep as the loop of n - 2 would have.
func TestTailRecursionAccumulatesFib(t *testing.T) {
	checkPass(t, TailRecursion, fibIR, `
define i64 @fib(i64 %n) {
entry:
  br label %tailrecurse
tailrecurse:
  %n.1 = phi i64 [ %n, %entry ], [ %b, %rec ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %rec ]
  %small = icmp slt i64 %n.1, 2
  br i1 %small, label %base, label %rec
base:
  %acc.ret = add i64 %acc, %n.1
  ret i64 %acc.ret
rec:
  %a = sub i64 %n.1, 1
  %fa = call i64 @fib(i64 %a)
  %b = sub i64 %n.1, 2
  %acc.next = add i64 %acc, %fa
  br label %tailrecurse
}`)
}

// When the call before the tail call does not recurse as deep as the loop
// would run — its argument drops faster, or another return ends it early —
// the loop counts its trips and makes the call for real when the budget is
// spent, so that runaway recursion still exhausts the stack.
func TestTailRecursionBudget(t *testing.T) {
	checkPass(t, TailRecursion, strings.Replace(fibIR, "%a = sub i64 %n, 1", "%a = sub i64 %n, 3", 1), `
define i64 @fib(i64 %n) {
entry:
  br label %tailrecurse
tailrecurse:
  %n.1 = phi i64 [ %n, %entry ], [ %b, %rec.loop ]
  %budget = phi i64 [ 256, %entry ], [ %budget.next, %rec.loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %rec.loop ]
  %small = icmp slt i64 %n.1, 2
  br i1 %small, label %base, label %rec
base:
  %acc.ret = add i64 %acc, %n.1
  ret i64 %acc.ret
rec:
  %a = sub i64 %n.1, 3
  %fa = call i64 @fib(i64 %a)
  %b = sub i64 %n.1, 2
  %budget.next = sub i64 %budget, 1
  %budget.left = icmp ne i64 %budget.next, 0
  br i1 %budget.left, label %rec.loop, label %rec.call
rec.loop:
  %acc.next = add i64 %acc, %fa
  br label %tailrecurse
rec.call:
  %fb = call i64 @fib(i64 %b)
  %sum = add i64 %fa, %fb
  %acc.ret.1 = add i64 %acc, %sum
  ret i64 %acc.ret.1
}`)
	evenReturns := `
define i64 @f(i64 %n) {
entry:
  %small = icmp slt i64 %n, 2
  br i1 %small, label %base, label %odd
base:
  ret i64 %n
odd:
  %low = and i64 %n, 1
  %even = icmp eq i64 %low, 0
  br i1 %even, label %one, label %rec
one:
  ret i64 1
rec:
  %a = sub i64 %n, 1
  %fa = call i64 @f(i64 %a)
  %b = sub i64 %n, 2
  %fb = call i64 @f(i64 %b)
  %sum = add i64 %fa, %fb
  ret i64 %sum
}`
	m := mustParse(t, "in.ll", evenReturns)
	TailRecursion(m.Func("f"))
	if !strings.Contains(m.String(), "%budget") {
		t.Errorf("no budget where f(n - 1) returns at once for odd n:\n%s", m)
	}
}

const fibIR = `
define i64 @fib(i64 %n) {
entry:
  %small = icmp slt i64 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i64 %n
rec:
  %a = sub i64 %n, 1
  %fa = call i64 @fib(i64 %a)
  %b = sub i64 %n, 2
  %fb = call i64 @fib(i64 %b)
  %sum = add i64 %fa, %fb
  ret i64 %sum
}`

// A plain tail call needs no accumulator; the call's own operand order and
// the values computed before it stay. A void function's tail call of itself
// goes too, after the side effect that precedes it.
func TestTailRecursionPlainAndVoid(t *testing.T) {
	checkPass(t, TailRecursion, `
declare void @sink(i64)

define i64 @gcd(i64 %a, i64 %b) {
entry:
  %zero = icmp eq i64 %b, 0
  br i1 %zero, label %done, label %step
done:
  ret i64 %a
step:
  %r = srem i64 %a, %b
  %g = call i64 @gcd(i64 %b, i64 %r)
  ret i64 %g
}

define void @countdown(i64 %n) {
entry:
  call void @sink(i64 %n)
  %more = icmp sgt i64 %n, 0
  br i1 %more, label %again, label %out
again:
  %m = sub i64 %n, 1
  call void @countdown(i64 %m)
  ret void
out:
  ret void
}`, `
define i64 @gcd(i64 %a, i64 %b) {
entry:
  br label %tailrecurse
tailrecurse:
  %a.1 = phi i64 [ %a, %entry ], [ %b.1, %step.loop ]
  %b.1 = phi i64 [ %b, %entry ], [ %r, %step.loop ]
  %budget = phi i64 [ 256, %entry ], [ %budget.next, %step.loop ]
  %zero = icmp eq i64 %b.1, 0
  br i1 %zero, label %done, label %step
done:
  ret i64 %a.1
step:
  %r = srem i64 %a.1, %b.1
  %budget.next = sub i64 %budget, 1
  %budget.left = icmp ne i64 %budget.next, 0
  br i1 %budget.left, label %step.loop, label %step.call
step.loop:
  br label %tailrecurse
step.call:
  %g = call i64 @gcd(i64 %b.1, i64 %r)
  ret i64 %g
}
define void @countdown(i64 %n) {
entry:
  br label %tailrecurse
tailrecurse:
  %n.1 = phi i64 [ %n, %entry ], [ %m, %again.loop ]
  %budget = phi i64 [ 256, %entry ], [ %budget.next, %again.loop ]
  call void @sink(i64 %n.1)
  %more = icmp sgt i64 %n.1, 0
  br i1 %more, label %again, label %out
again:
  %m = sub i64 %n.1, 1
  %budget.next = sub i64 %budget, 1
  %budget.left = icmp ne i64 %budget.next, 0
  br i1 %budget.left, label %again.loop, label %again.call
again.loop:
  br label %tailrecurse
again.call:
  call void @countdown(i64 %m)
  ret void
out:
  ret void
}`)
}

// Shapes that must keep their calls: a function with a stack slot (its
// address could reach the callee), a call whose result is used again, work
// after the call, a non-associative operation, and a call of another
// function.
func TestTailRecursionLeavesOtherShapes(t *testing.T) {
	src := slotRecursionIR + `
declare i64 @other(i64)
declare void @sink(i64)


define i64 @twice(i64 %n) {
entry:
  %c = call i64 @twice(i64 %n)
  %d = add i64 %c, %c
  ret i64 %d
}

define i64 @after(i64 %n) {
entry:
  %c = call i64 @after(i64 %n)
  call void @sink(i64 %n)
  ret i64 %c
}

define i64 @minus(i64 %n) {
entry:
  %c = call i64 @minus(i64 %n)
  %d = sub i64 %n, %c
  ret i64 %d
}

define i64 @notself(i64 %n) {
entry:
  %c = call i64 @other(i64 %n)
  ret i64 %c
}`
	checkUnchanged(t, TailRecursion, src)
}

// Only the first accumulating operation met is used: a second one keeps
// its call, whose result the accumulator is then applied to on return.
func TestTailRecursionOneOperation(t *testing.T) {
	checkPass(t, TailRecursion, `
define i64 @mixed(i64 %n) {
entry:
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %prod, label %check
prod:
  %m = add i64 %n, 1
  %c = call i64 @mixed(i64 %m)
  %p = mul i64 %n, %c
  ret i64 %p
check:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %sum
base:
  ret i64 7
sum:
  %k = sub i64 %n, 1
  %d = call i64 @mixed(i64 %k)
  %s = add i64 %d, %n
  ret i64 %s
}`, `
define i64 @mixed(i64 %n) {
entry:
  br label %tailrecurse
tailrecurse:
  %n.1 = phi i64 [ %n, %entry ], [ %m, %prod.loop ]
  %budget = phi i64 [ 256, %entry ], [ %budget.next, %prod.loop ]
  %acc = phi i64 [ 1, %entry ], [ %acc.next, %prod.loop ]
  %neg = icmp slt i64 %n.1, 0
  br i1 %neg, label %prod, label %check
prod:
  %m = add i64 %n.1, 1
  %budget.next = sub i64 %budget, 1
  %budget.left = icmp ne i64 %budget.next, 0
  br i1 %budget.left, label %prod.loop, label %prod.call
prod.loop:
  %acc.next = mul i64 %acc, %n.1
  br label %tailrecurse
prod.call:
  %c = call i64 @mixed(i64 %m)
  %p = mul i64 %n.1, %c
  %acc.ret = mul i64 %acc, %p
  ret i64 %acc.ret
check:
  %z = icmp eq i64 %n.1, 0
  br i1 %z, label %base, label %sum
base:
  %acc.ret.1 = mul i64 %acc, 7
  ret i64 %acc.ret.1
sum:
  %k = sub i64 %n.1, 1
  %d = call i64 @mixed(i64 %k)
  %s = add i64 %d, %n.1
  %acc.ret.2 = mul i64 %acc, %s
  ret i64 %acc.ret.2
}`)
}

// The oracle: recursive functions of every accumulating operation, in i64
// and i32, with recursion deeper than the budget (so that the real call
// after a spent budget runs too), compute what they computed before, and
// make the same external calls in the same order. (@fold combines with a
// parameter itself, which becomes a φ.)
func TestTailRecursionOracle(t *testing.T) {
	m := mustParse(t, "in.ll", tailrecOracleIR)
	inputs := [][]int64{{0, 0}, {1, 2}, {14, 7}, {300, -3}, {600, 1}, {1023, 42}, {-1, 5}, {513, -9}}
	if n := compareRuns(t, m, "main", inputs, 1<<22, TailRecursion); n != len(inputs) {
		t.Errorf("only %d of %d runs compared", n, len(inputs))
	}
}

// tailrecOracleIR is a module of recursive functions of every shape
// TailRecursion rewrites, run by @main(a, b) with results sent to @sink.
const tailrecOracleIR = fibIR + `
declare void @sink(i64)


define i32 @fold(i32 %n, i32 %op) {
entry:
  call void @sink(i64 1)
  %done = icmp sle i32 %n, 0
  br i1 %done, label %base, label %rec
base:
  ret i32 %op
rec:
  %m = sub i32 %n, 1
  %c = call i32 @fold(i32 %m, i32 %op)
  %r = xor i32 %n, %c
  ret i32 %r
}

define i64 @prod(i64 %n, i64 %k) {
entry:
  %done = icmp sle i64 %n, 0
  br i1 %done, label %base, label %rec
base:
  ret i64 %k
rec:
  %m = sub i64 %n, 1
  %x = or i64 %n, 1
  %c = call i64 @prod(i64 %m, i64 %k)
  %r = mul i64 %c, %x
  ret i64 %r
}

define i64 @masks(i64 %n) {
entry:
  %done = icmp sle i64 %n, 0
  br i1 %done, label %base, label %rec
base:
  ret i64 -1
rec:
  %m = sub i64 %n, 1
  %x = xor i64 %n, -2
  %odd = and i64 %n, 1
  %isodd = icmp ne i64 %odd, 0
  br i1 %isodd, label %viaand, label %plain
viaand:
  %c = call i64 @masks(i64 %m)
  %r = and i64 %x, %c
  ret i64 %r
plain:
  %d = call i64 @masks(i64 %m)
  ret i64 %d
}

define void @main(i64 %a, i64 %b) {
entry:
  %n = and i64 %a, 1023
  %f = and i64 %a, 15
  %x = call i64 @fib(i64 %f)
  call void @sink(i64 %x)
  %n32 = trunc i64 %n to i32
  %b32 = trunc i64 %b to i32
  %y = call i32 @fold(i32 %n32, i32 %b32)
  %y64 = sext i32 %y to i64
  call void @sink(i64 %y64)
  %z = call i64 @prod(i64 %n, i64 %b)
  call void @sink(i64 %z)
  %w = call i64 @masks(i64 %n)
  call void @sink(i64 %w)
  ret void
}`

// slotRecursionIR recurses with a stack slot, which neither TailRecursion
// nor InlineSelf may share between levels.
const slotRecursionIR = `
define i64 @slot(i64 %n) {
entry:
  %x = alloca i64
  store i64 %n, ptr %x
  %c = call i64 @slot(i64 %n)
  ret i64 %c
}
`

// A void function's call that jumps to a block holding only the return is
// in tail position too (a recursive insert into a search tree); so is a
// call whose result the join's φ returns (the last operand of a &&). The
// return block only the sites reached goes.
func TestTailRecursionBeforeReturn(t *testing.T) {
	checkPass(t, TailRecursion, `
define void @walk(i64 %n) {
entry:
  %small = icmp slt i64 %n, 1
  br i1 %small, label %done, label %rec
rec:
  %m = sub i64 %n, 1
  call void @walk(i64 %m)
  br label %join
join:
  br label %done
done:
  ret void
}`, `
define void @walk(i64 %n) {
entry:
  br label %tailrecurse
tailrecurse:
  %n.1 = phi i64 [ %n, %entry ], [ %m, %rec.loop ]
  %budget = phi i64 [ 256, %entry ], [ %budget.next, %rec.loop ]
  %small = icmp slt i64 %n.1, 1
  br i1 %small, label %done, label %rec
rec:
  %m = sub i64 %n.1, 1
  %budget.next = sub i64 %budget, 1
  %budget.left = icmp ne i64 %budget.next, 0
  br i1 %budget.left, label %rec.loop, label %rec.call
rec.loop:
  br label %tailrecurse
rec.call:
  call void @walk(i64 %m)
  br label %join
join:
  br label %done
done:
  ret void
}`)
	checkPass(t, TailRecursion, `
define zeroext i1 @all(i64 %n) {
entry:
  %small = icmp slt i64 %n, 1
  br i1 %small, label %join, label %rec
rec:
  %m = sub i64 %n, 1
  %r = call zeroext i1 @all(i64 %m)
  br label %join
join:
  %v = phi i1 [ true, %entry ], [ %r, %rec ]
  ret i1 %v
}`, `
define zeroext i1 @all(i64 %n) {
entry:
  br label %tailrecurse
tailrecurse:
  %n.1 = phi i64 [ %n, %entry ], [ %m, %rec.loop ]
  %budget = phi i64 [ 256, %entry ], [ %budget.next, %rec.loop ]
  %small = icmp slt i64 %n.1, 1
  br i1 %small, label %join, label %rec
rec:
  %m = sub i64 %n.1, 1
  %budget.next = sub i64 %budget, 1
  %budget.left = icmp ne i64 %budget.next, 0
  br i1 %budget.left, label %rec.loop, label %rec.call
rec.loop:
  br label %tailrecurse
rec.call:
  %r = call zeroext i1 @all(i64 %m)
  br label %join
join:
  %v = phi i1 [ true, %tailrecurse ], [ %r, %rec.call ]
  ret i1 %v
}`)
}

// A tree recursion whose last call jumps to the return keeps its calls: a
// loop would only halve them.
func TestTailRecursionBeforeReturnNotInTreeRecursion(t *testing.T) {
	in := `
define void @tower(i64 %n) {
entry:
  %small = icmp slt i64 %n, 1
  br i1 %small, label %done, label %rec
rec:
  %m = sub i64 %n, 1
  call void @tower(i64 %m)
  call void @tower(i64 %m)
  br label %done
done:
  ret void
}`
	checkPass(t, TailRecursion, in, in)
}
