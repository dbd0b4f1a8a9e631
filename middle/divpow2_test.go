package middle

import (
	"math"
	"math/rand"
	"testing"
)

// Collatz's step: n % 2 == 0 tests the low bit, and n / 2 under that test
// divides exactly, a shift. The division on the other side of the test, and
// a division by more bits than were tested, keep their rounding.
func TestDivPow2Collatz(t *testing.T) {
	checkPass(t, DivPow2, `
define i64 @step(i64 %n) {
entry:
  %rem = srem i64 %n, 2
  %even = icmp eq i64 %rem, 0
  br i1 %even, label %half, label %odd
half:
  %div = sdiv i64 %n, 2
  %div4 = sdiv i64 %n, 4
  %r = add i64 %div, %div4
  ret i64 %r
odd:
  %d = sdiv i64 %n, 2
  ret i64 %d
}`, `
define i64 @step(i64 %n) {
entry:
  %rem = srem i64 %n, 2
  %lowbits = and i64 %n, 1
  %even = icmp eq i64 %lowbits, 0
  br i1 %even, label %half, label %odd
half:
  %div = ashr i64 %n, 1
  %div4 = sdiv i64 %n, 4
  %r = add i64 %div, %div4
  ret i64 %r
odd:
  %d = sdiv i64 %n, 2
  ret i64 %d
}`)
}

// A test written with a mask and ne, in i32, proves divisibility by
// smaller powers too and reaches the blocks the tested edge dominates; a
// target with another predecessor learns nothing; remainders by negative
// or non-power constants stay.
func TestDivPow2MaskFacts(t *testing.T) {
	checkPass(t, DivPow2, `
define i32 @f(i32 %x, i1 %c) {
entry:
  %low = and i32 %x, 7
  %odd = icmp ne i32 %low, 0
  br i1 %odd, label %join, label %multiple
multiple:
  br label %deeper
deeper:
  %q = sdiv i32 %x, 8
  %h = sdiv i32 %x, 2
  %r3 = srem i32 %x, 3
  %z3 = icmp eq i32 %r3, 0
  %rn = srem i32 %x, -2
  %zn = icmp eq i32 %rn, 0
  %s = add i32 %q, %h
  br i1 %z3, label %join, label %other
other:
  br i1 %zn, label %join, label %join
join:
  %d = sdiv i32 %x, 2
  ret i32 %d
}`, `
define i32 @f(i32 %x, i1 zeroext %c) {
entry:
  %low = and i32 %x, 7
  %odd = icmp ne i32 %low, 0
  br i1 %odd, label %join, label %multiple
multiple:
  br label %deeper
deeper:
  %q = ashr i32 %x, 3
  %h = ashr i32 %x, 1
  %r3 = srem i32 %x, 3
  %z3 = icmp eq i32 %r3, 0
  %rn = srem i32 %x, -2
  %zn = icmp eq i32 %rn, 0
  %s = add i32 %q, %h
  br i1 %z3, label %join, label %other
other:
  br i1 %zn, label %join, label %join
join:
  %d = sdiv i32 %x, 2
  ret i32 %d
}`)
}

// md5's message index: g = (5 * i + 1) % 16 and (7 * i) / 4 of a counter
// 0 ≤ i < 64 are never negative, so the remainder is a mask and the
// division a logical shift; so is (i - 1) / 2 where i ≥ 1 held. The same
// of a counter with no upper bound (5 * j may wrap negative), of a
// product by a negative constant, and of i - 1 where i may be 0, keep
// their signed rounding.
func TestDivPow2NonNegative(t *testing.T) {
	checkPass(t, DivPow2, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %in = icmp slt i64 %i, 64
  br i1 %in, label %body, label %exit
body:
  %m = mul i64 %i, 5
  %x = add i64 %m, 1
  %g = srem i64 %x, 16
  %m7 = mul i64 7, %i
  %q = sdiv i64 %m7, 4
  %mj = mul i64 %j, 5
  %gj = srem i64 %mj, 16
  %mn = mul i64 %i, -3
  %gn = srem i64 %mn, 16
  %p = sub i64 %i, 1
  %h0 = sdiv i64 %p, 2
  %pos = icmp sge i64 %i, 1
  br i1 %pos, label %parent, label %latch
parent:
  %h = sdiv i64 %p, 2
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %j.next = add i64 %j, %n
  br label %loop
exit:
  ret i64 %j
}`, `
define i64 @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %in = icmp slt i64 %i, 64
  br i1 %in, label %body, label %exit
body:
  %m = mul i64 %i, 5
  %x = add i64 %m, 1
  %g = and i64 %x, 15
  %m7 = mul i64 7, %i
  %q = lshr i64 %m7, 2
  %mj = mul i64 %j, 5
  %gj = srem i64 %mj, 16
  %mn = mul i64 %i, -3
  %gn = srem i64 %mn, 16
  %p = sub i64 %i, 1
  %h0 = sdiv i64 %p, 2
  %pos = icmp sge i64 %i, 1
  br i1 %pos, label %parent, label %latch
parent:
  %h = lshr i64 %p, 1
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %j.next = add i64 %j, %n
  br label %loop
exit:
  ret i64 %j
}`)
}

// At the edge of wrapping: for 0 ≤ x ≤ 429496729, 5 * x + 2 is at most
// 2^31 - 1, so its remainder is a mask; one more and the i32 product may
// wrap negative, and the remainder keeps its sign.
func TestDivPow2NonNegativeBoundary(t *testing.T) {
	checkPass(t, DivPow2, `
define i32 @f(i32 %x) {
entry:
  %pos = icmp sge i32 %x, 0
  br i1 %pos, label %low, label %out
low:
  %small = icmp sle i32 %x, 429496729
  br i1 %small, label %fits, label %edge
fits:
  %m = mul i32 %x, 5
  %z = add i32 %m, 2
  %r = srem i32 %z, 16
  ret i32 %r
edge:
  %over = icmp sle i32 %x, 429496730
  br i1 %over, label %wraps, label %out
wraps:
  %m2 = mul i32 %x, 5
  %z2 = add i32 %m2, 2
  %r2 = srem i32 %z2, 16
  ret i32 %r2
out:
  ret i32 0
}`, `
define i32 @f(i32 %x) {
entry:
  %pos = icmp sge i32 %x, 0
  br i1 %pos, label %low, label %out
low:
  %small = icmp sle i32 %x, 429496729
  br i1 %small, label %fits, label %edge
fits:
  %m = mul i32 %x, 5
  %z = add i32 %m, 2
  %r = and i32 %z, 15
  ret i32 %r
edge:
  %over = icmp sle i32 %x, 429496730
  br i1 %over, label %wraps, label %out
wraps:
  %m2 = mul i32 %x, 5
  %z2 = add i32 %m2, 2
  %r2 = srem i32 %z2, 16
  ret i32 %r2
out:
  ret i32 0
}`)
}

// The oracle for the non-negative rewrites: random dividends, products of
// them by random constants plus random offsets, divided and reduced by
// random powers of two or other positive constants behind a random lower
// bound (which may or may not make them non-negative), compute the same
// after the rewrite.
func TestDivPow2NonNegativeOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	inputs := append(progInputs, []int64{3, 0}, []int64{1 << 20, 9}, []int64{-3, -1 << 40}, []int64{math.MaxInt64 / 5, 6}, []int64{1 << 30, 64})
	for range 300 {
		m := NewModule("div.ll")
		m.NewFunc("sink", Void).AddParam(I64, "x")
		f := m.NewFunc("main", I64)
		b := NewBuilder(f)
		a, p := f.AddParam(I64, "a"), f.AddParam(I64, "b")
		b.SetBlock(f.NewBlock("entry"))
		typ := progTypes[2+rng.Intn(2)]
		x, y := a, p
		if typ != I64 {
			x, y = b.Cast(OpTrunc, a, typ, "x"), b.Cast(OpTrunc, p, typ, "y")
		}
		sink := func(v *Value) {
			if v.Type != I64 {
				v = b.Cast(OpSExt, v, I64, "s")
			}
			b.Call("sink", Void, []*Value{v}, "")
		}
		for range 3 {
			lower := f.Const(typ, int64(rng.Intn(9)-4))
			pred := []Pred{PredSGE, PredSGT, PredSLT}[rng.Intn(3)]
			ok := b.ICmp(pred, x, lower, "ok")
			yes, next := f.NewBlock("yes"), f.NewBlock("next")
			b.CondBr(ok, yes, next)
			b.SetBlock(yes)
			z := x
			if rng.Intn(2) == 0 {
				z = b.Binary(OpMul, z, f.Const(typ, int64(rng.Intn(11)-3)), "z")
			}
			if rng.Intn(2) == 0 {
				z = b.Binary(OpAdd, z, f.Const(typ, int64(rng.Intn(9)-4)), "z")
			}
			if rng.Intn(3) == 0 {
				z = b.Binary(OpAdd, z, y, "z")
			}
			k := int64(1) << (1 + rng.Intn(typ.Bits()-2))
			if rng.Intn(2) == 0 {
				// Not a power of two: the unsigned division with a magic number.
				k = []int64{3, 7, 9, 27, 10, 641, 1000000007, int64(1)<<(typ.Bits()-1) - 1}[rng.Intn(8)]
			}
			sink(b.Binary(OpSDiv, z, f.Const(typ, k), "d"))
			sink(b.Binary(OpSRem, z, f.Const(typ, k), "r"))
			b.Br(next)
			b.SetBlock(next)
		}
		b.Ret(f.Const(I64, 0))
		compareRuns(t, m, "main", inputs, 1000, DivPow2)
	}
}

// The oracle: for random dividends of every width (negative ones, the most
// negative, multiples of high powers), tests of their remainders by random
// powers of two guarding divisions by random powers of two compute the
// same after the rewrite.
func TestDivPow2Oracle(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	inputs := append(progInputs, []int64{1, 0}, []int64{1, 1 << 20}, []int64{-3, -1 << 40}, []int64{5, 6}, []int64{-7, 64})
	for range 300 {
		m := NewModule("div.ll")
		m.NewFunc("sink", Void).AddParam(I64, "x")
		f := m.NewFunc("main", I64)
		b := NewBuilder(f)
		a, p := f.AddParam(I64, "a"), f.AddParam(I64, "b")
		b.SetBlock(f.NewBlock("entry"))
		typ := progTypes[1+rng.Intn(3)]
		convert := func(v *Value, t Type, op Op) *Value {
			if v.Type == t {
				return v
			}
			return b.Cast(op, v, t, "c")
		}
		sink := func(v *Value) { b.Call("sink", Void, []*Value{convert(v, I64, OpSExt)}, "") }
		// a << s + b: multiples of many powers of two, and of few.
		shifted := b.Binary(OpShl, a, f.Const(I64, int64(rng.Intn(64))), "x")
		x := convert(b.Binary(OpAdd, shifted, p, "x"), typ, OpTrunc)
		for range 3 {
			k := 1 + rng.Intn(typ.Bits()-2)
			rem := b.Binary(OpSRem, x, f.Const(typ, int64(1)<<k), "rem")
			zero := b.ICmp(Pred(rng.Intn(2)), rem, f.Const(typ, 0), "zero")
			yes, no, next := f.NewBlock("yes"), f.NewBlock("no"), f.NewBlock("next")
			b.CondBr(zero, yes, no)
			for _, blk := range []*Block{yes, no} {
				b.SetBlock(blk)
				sink(b.Binary(OpSDiv, x, f.Const(typ, int64(1)<<(1+rng.Intn(typ.Bits()-2))), "d"))
				sink(rem)
				b.Br(next)
			}
			b.SetBlock(next)
		}
		b.Ret(f.Const(I64, 0))
		compareRuns(t, m, "main", inputs, 1000, DivPow2)
	}
}
