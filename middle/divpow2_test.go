package middle

import (
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
