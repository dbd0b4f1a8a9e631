package middle

import "testing"

// One level of the recursion is spliced in: the copy's own call of the
// function stays a call, and the copy's return value reaches the caller's
// use through a φ at the continuation (simplifycfg merges the jumps later).
func TestInlineSelfOneLevel(t *testing.T) {
	checkPass(t, InlineSelf, `
define i64 @f(i64 %n) {
entry:
  %done = icmp sle i64 %n, 0
  br i1 %done, label %base, label %rec
base:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %c = call i64 @f(i64 %m)
  %r = mul i64 %c, 3
  ret i64 %r
}`, `
define i64 @f(i64 %n) {
entry:
  %done = icmp sle i64 %n, 0
  br i1 %done, label %base, label %rec
base:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  br label %entry.1
entry.1:
  %done.1 = icmp sle i64 %m, 0
  br i1 %done.1, label %f.cont.1, label %rec.1
rec.1:
  %m.1 = sub i64 %m, 1
  %c.1 = call i64 @f(i64 %m.1)
  %r.1 = mul i64 %c.1, 3
  br label %f.cont.1
f.cont.1:
  %copy.1 = phi i64 [ 1, %entry.1 ], [ %r.1, %rec.1 ]
  br label %f.cont
f.cont:
  %r = mul i64 %copy.1, 3
  ret i64 %r
}`)
}

// Left alone: a function with more calls of itself than selfInlineSites, one
// larger than inlineSmall, and one with a stack slot.
func TestInlineSelfLeavesLarge(t *testing.T) {
	src := slotRecursionIR + `
declare void @sink(i64)

define i64 @three(i64 %n) {
entry:
  %a = call i64 @three(i64 %n)
  %b = call i64 @three(i64 %a)
  %c = call i64 @three(i64 %b)
  ret i64 %c
}


define i64 @big(i64 %n) {
entry:
  %c = call i64 @big(i64 %n)
`
	for range inlineSmall {
		src += "  call void @sink(i64 %n)\n"
	}
	src += "  ret i64 %c\n}\n"
	checkUnchanged(t, InlineSelf, src)
}

// The oracle: the tail-recursion oracle's functions, and Fibonacci after
// tail-recursion elimination (whose copy holds its loop), compute and call
// the same once inlined into themselves.
func TestInlineSelfOracle(t *testing.T) {
	for _, pipeline := range []func(*Func){InlineSelf, func(f *Func) { TailRecursion(f); InlineSelf(f) }} {
		m := mustParse(t, "in.ll", tailrecOracleIR)
		inputs := [][]int64{{0, 0}, {1, 2}, {14, 7}, {300, -3}, {600, 1}, {1023, 42}, {-1, 5}, {513, -9}}
		if n := compareRuns(t, m, "main", inputs, 1<<22, pipeline); n != len(inputs) {
			t.Errorf("only %d of %d runs compared", n, len(inputs))
		}
	}
}
