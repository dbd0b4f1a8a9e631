package middle

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// referenceBinary computes x op y in exact big-integer arithmetic and
// reduces the result to the type's width: an independent formulation of
// LLVM's semantics (big.Int's And, Or, Xor and Rsh act on two's-complement
// bit patterns, Quo and Rem truncate toward zero as sdiv and srem do, and
// udiv and urem divide the unsigned readings).
func referenceBinary(op Op, t Type, x, y int64) (int64, bool) {
	bits := uint(t.Bits())
	modulus := new(big.Int).Lsh(big.NewInt(1), bits)
	wrap := func(v *big.Int) int64 { // v mod 2^bits, into the signed range
		v.Mod(v, modulus)
		if v.Cmp(new(big.Int).Rsh(modulus, 1)) >= 0 {
			v.Sub(v, modulus)
		}
		return v.Int64()
	}
	bx, by := big.NewInt(x), big.NewInt(y)
	ux := new(big.Int).Mod(bx, modulus) // the unsigned readings
	uy := new(big.Int).Mod(by, modulus)
	minimum := new(big.Int).Neg(new(big.Int).Rsh(modulus, 1))
	switch op {
	case OpSDiv, OpSRem:
		if y == 0 || (bx.Cmp(minimum) == 0 && y == -1) {
			return 0, false
		}
	case OpUDiv, OpURem:
		if y == 0 {
			return 0, false
		}
		if op == OpUDiv {
			return wrap(new(big.Int).Quo(ux, uy)), true
		}
		return wrap(new(big.Int).Rem(ux, uy)), true
	case OpShl, OpAShr, OpLShr:
		if uy.Cmp(big.NewInt(int64(bits))) >= 0 {
			return 0, false
		}
	}
	if exact, ok := bigArithmetic[op]; ok {
		return wrap(exact(new(big.Int), bx, by)), true
	}
	n := uint(uy.Uint64())
	switch op {
	case OpShl:
		return wrap(new(big.Int).Lsh(bx, n)), true
	case OpAShr:
		return wrap(new(big.Int).Rsh(bx, n)), true
	}
	return wrap(new(big.Int).Rsh(ux, n)), true
}

var bigArithmetic = map[Op]func(z, x, y *big.Int) *big.Int{
	OpAdd: (*big.Int).Add, OpSub: (*big.Int).Sub, OpMul: (*big.Int).Mul,
	OpSDiv: (*big.Int).Quo, OpSRem: (*big.Int).Rem,
	OpAnd: (*big.Int).And, OpOr: (*big.Int).Or, OpXor: (*big.Int).Xor,
}

var foldedOps = []Op{OpAdd, OpSub, OpMul, OpSDiv, OpSRem, OpUDiv, OpURem, OpAnd, OpOr, OpXor, OpShl, OpAShr, OpLShr}

func checkFoldPair(t *testing.T, ty Type, x, y int64) {
	for _, op := range foldedOps {
		got, gotOK := FoldBinary(op, ty, x, y)
		want, wantOK := referenceBinary(op, ty, x, y)
		if got != want || gotOK != wantOK {
			t.Fatalf("%s %s %d, %d = %d (%v), want %d (%v)", op, ty, x, y, got, gotOK, want, wantOK)
		}
		switch op {
		case OpSDiv, OpSRem, OpUDiv, OpURem, OpShl, OpAShr, OpLShr:
			// The interpreter's arithmetic, which may be undefined.
			got, err := interpArith(op, ty, x, y)
			if err == nil != wantOK || wantOK && got != want {
				t.Fatalf("interpreted %s %s %d, %d = %d (%v), want %d (%v)", op, ty, x, y, got, err, want, wantOK)
			}
		}
	}
	for p := PredEQ; p <= PredUGE; p++ {
		if got, want := FoldICmp(p, ty, x, y), icmpReference(p, ty, x, y); got != want {
			t.Fatalf("icmp %s %s %d, %d = %v, want %v", p, ty, x, y, got, want)
		}
	}
}

// Every pair of i1 and i8 operands, and random and boundary i32 and i64
// pairs, against the reference arithmetic.
func TestFoldArithmetic(t *testing.T) {
	for _, ty := range []Type{I1, I8} {
		lo, hi := -(int64(1) << (ty.Bits() - 1)), int64(1)<<(ty.Bits()-1)
		for x := lo; x < hi; x++ {
			for y := lo; y < hi; y++ {
				checkFoldPair(t, ty, x, y)
			}
		}
	}
	rng := rand.New(rand.NewSource(8))
	for _, ty := range []Type{I32, I64} {
		edges := []int64{0, 1, -1, 2, 31, 32, 63, 64, ty.Truncate(math.MaxInt64), ty.Truncate(math.MinInt64), ty.Truncate(1 << (ty.Bits() - 1)), ty.Truncate(1<<(ty.Bits()-1) - 1)}
		pick := func() int64 {
			if rng.Intn(3) == 0 {
				return edges[rng.Intn(len(edges))]
			}
			return ty.Truncate(rng.Int63() - rng.Int63())
		}
		for range 20000 {
			checkFoldPair(t, ty, pick(), pick())
		}
	}
}

func TestFoldCasts(t *testing.T) {
	for x := int64(-128); x < 128; x++ {
		for _, to := range []Type{I32, I64} {
			if got := FoldCast(OpZExt, I8, to, x); got != int64(uint8(x)) {
				t.Fatalf("zext i8 %d to %s = %d", x, to, got)
			}
			if got := FoldCast(OpSExt, I8, to, x); got != x {
				t.Fatalf("sext i8 %d to %s = %d", x, to, got)
			}
		}
		if got := FoldCast(OpTrunc, I8, I1, x); got != -(x & 1) {
			t.Fatalf("trunc i8 %d to i1 = %d", x, got)
		}
	}
	if got := FoldCast(OpZExt, I1, I64, -1); got != 1 {
		t.Errorf("zext i1 true to i64 = %d, want 1", got)
	}
	if got := FoldCast(OpSExt, I1, I32, -1); got != -1 {
		t.Errorf("sext i1 true to i32 = %d, want -1", got)
	}
	if got := FoldCast(OpTrunc, I64, I32, 1<<32+5); got != 5 {
		t.Errorf("trunc i64 2^32+5 to i32 = %d, want 5", got)
	}
	if got := FoldCast(OpZExt, I32, I64, -1); got != 1<<32-1 {
		t.Errorf("zext i32 -1 to i64 = %d, want 2^32-1", got)
	}
}

// Folding after mem2reg, where stored constants have become operands,
// keeps random programs computing the same results.
func TestConstFoldPreservesSemantics(t *testing.T) {
	checkPreservesSemantics(t, 9, func(int) func(*Func) {
		return func(f *Func) {
			Mem2Reg(f)
			ConstFold(f)
		}
	})
}

func TestConstFoldText(t *testing.T) {
	checkPass(t, ConstFold, `
define i64 @fold(i64 %x, i32 %y) {
entry:
  %a = add i64 3, 4
  %b = mul i64 %a, -2
  %c = sub i32 -2147483648, 1
  %wide = sext i32 %c to i64
  %d = add i64 %b, %wide
  %same = icmp sle i64 %x, %x
  %pick = select i1 %same, i64 %d, i64 %x
  %e = mul i64 %x, 1
  %f = or i64 %e, 0
  %g = xor i64 %f, %f
  %h = and i64 %x, 0
  %i = shl i64 %x, 0
  %div0 = sdiv i64 %x, 0
  %divm1 = sdiv i64 -9223372036854775808, -1
  %rem1 = srem i64 %x, 1
  %big = shl i32 %y, 32
  %sum1 = add i64 %pick, %g
  %sum2 = add i64 %sum1, %h
  %sum3 = add i64 %sum2, %i
  %sum4 = add i64 %sum3, %div0
  %sum5 = add i64 %sum4, %divm1
  %sum6 = add i64 %sum5, %rem1
  %bigw = zext i32 %big to i64
  %sum7 = add i64 %sum6, %bigw
  ret i64 %sum7
}`, `
define i64 @fold(i64 %x, i32 %y) {
entry:
  %div0 = sdiv i64 %x, 0
  %divm1 = sdiv i64 -9223372036854775808, -1
  %big = shl i32 %y, 32
  %sum3 = add i64 2147483633, %x
  %sum4 = add i64 %sum3, %div0
  %sum5 = add i64 %sum4, %divm1
  %bigw = zext i32 %big to i64
  %sum7 = add i64 %sum5, %bigw
  ret i64 %sum7
}`)
}

// Each identity, with the constant on either side where the operation
// commutes; every result is consumed by a call so the test sees what it
// became.
func TestConstFoldIdentities(t *testing.T) {
	checkPass(t, ConstFold, `
declare void @sink(i64)

define void @identities(i64 %x) {
entry:
  %add.l = add i64 0, %x
  call void @sink(i64 %add.l)
  %add.r = add i64 %x, 0
  call void @sink(i64 %add.r)
  %sub.0 = sub i64 %x, 0
  call void @sink(i64 %sub.0)
  %sub.x = sub i64 %x, %x
  call void @sink(i64 %sub.x)
  %mul.1 = mul i64 1, %x
  call void @sink(i64 %mul.1)
  %mul.0 = mul i64 %x, 0
  call void @sink(i64 %mul.0)
  %and.0 = and i64 0, %x
  call void @sink(i64 %and.0)
  %and.m1 = and i64 %x, -1
  call void @sink(i64 %and.m1)
  %and.m1l = and i64 -1, %x
  call void @sink(i64 %and.m1l)
  %and.x = and i64 %x, %x
  call void @sink(i64 %and.x)
  %or.0 = or i64 0, %x
  call void @sink(i64 %or.0)
  %or.m1 = or i64 %x, -1
  call void @sink(i64 %or.m1)
  %or.x = or i64 %x, %x
  call void @sink(i64 %or.x)
  %xor.0 = xor i64 0, %x
  call void @sink(i64 %xor.0)
  %xor.x = xor i64 %x, %x
  call void @sink(i64 %xor.x)
  %ashr.0 = ashr i64 %x, 0
  call void @sink(i64 %ashr.0)
  %div.1 = sdiv i64 %x, 1
  call void @sink(i64 %div.1)
  %rem.1 = srem i64 %x, 1
  call void @sink(i64 %rem.1)
  %rem.m1 = srem i64 %x, -1
  call void @sink(i64 %rem.m1)
  %undefs = sub i64 undef, undef
  call void @sink(i64 %undefs)
  %m63 = and i64 %x, 63
  %m63.63 = and i64 %m63, 63
  call void @sink(i64 %m63.63)
  %m7 = and i64 7, %x
  %m7.255 = and i64 255, %m7
  call void @sink(i64 %m7.255)
  %m12 = and i64 %x, 12
  %m12.6 = and i64 %m12, 6
  call void @sink(i64 %m12.6)
  ret void
}`, `
define void @identities(i64 %x) {
entry:
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 0)
  call void @sink(i64 %x)
  call void @sink(i64 0)
  call void @sink(i64 0)
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 -1)
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 0)
  call void @sink(i64 %x)
  call void @sink(i64 %x)
  call void @sink(i64 0)
  %rem.m1 = srem i64 %x, -1
  call void @sink(i64 %rem.m1)
  %undefs = sub i64 undef, undef
  call void @sink(i64 %undefs)
  %m63 = and i64 %x, 63
  call void @sink(i64 %m63)
  %m7 = and i64 7, %x
  call void @sink(i64 %m7)
  %m12 = and i64 %x, 12
  %m12.6 = and i64 %m12, 6
  call void @sink(i64 %m12.6)
  ret void
}`)
}

// 63 - (i & 63) borrows nowhere: it is (i & 63) ^ 63. A constant with a
// bit the mask may set that it lacks keeps its subtraction.
func TestConstFoldSubAsXor(t *testing.T) {
	checkPass(t, ConstFold, `
define i64 @f(i64 %i) {
entry:
  %m = and i64 %i, 63
  %s = sub i64 63, %m
  %n = and i64 %i, 15
  %u = sub i64 62, %n
  %r = add i64 %s, %u
  ret i64 %r
}`, `
define i64 @f(i64 %i) {
entry:
  %m = and i64 %i, 63
  %s = xor i64 %m, 63
  %n = and i64 %i, 15
  %u = sub i64 62, %n
  %r = add i64 %s, %u
  ret i64 %r
}`)
	r := rand.New(rand.NewSource(1))
	for range 10000 {
		c, m, y := r.Int63()>>r.Intn(63), r.Int63()>>r.Intn(63), r.Int63()-r.Int63()
		m &= c
		if c-(y&m) != (y&m)^c {
			t.Fatalf("%d - (%d & %d) != (%d & %d) ^ %d", c, y, m, y, m, c)
		}
	}
}

// Under an and that keeps the low k bits, an inner mask keeping them too
// goes: Toy's 1 << (63 - (i & 63)) shifts by ((i & 63) ^ 63) & 63, which
// becomes (i ^ 63) & 63. An inner value used elsewhere, or a mask that
// drops some of the low bits (i & 15 under & 63), stays.
func TestConstFoldDropInnerMasks(t *testing.T) {
	checkPass(t, ConstFold, `
define i64 @f(i64 %i, i64 %y, i32 %h) {
entry:
  %m = and i64 %i, 63
  %s = sub i64 63, %m
  %c = and i64 %s, 63
  %r = shl i64 1, %c
  %m2 = and i64 %i, 255
  %a2 = add i64 %m2, %y
  %c2 = and i64 %a2, 63
  %r2 = add i64 %r, %c2
  %m3 = and i64 %i, 15
  %x3 = xor i64 %m3, %y
  %c3 = and i64 %x3, 63
  %r3 = add i64 %r2, %c3
  %m4 = and i64 %i, 63
  %x4 = mul i64 %m4, %y
  %c4 = and i64 %x4, 63
  %r4 = add i64 %r3, %c4
  %r5 = add i64 %r4, %x4
  %n = and i32 %h, 31
  %t = sub i32 31, %n
  %u = and i32 %t, 31
  %v = shl i32 1, %u
  %w = sext i32 %v to i64
  %z = add i64 %r5, %w
  ret i64 %z
}`, `
define i64 @f(i64 %i, i64 %y, i32 %h) {
entry:
  %m = and i64 %i, 63
  %s = xor i64 %i, 63
  %c = and i64 %s, 63
  %r = shl i64 1, %c
  %m2 = and i64 %i, 255
  %a2 = add i64 %i, %y
  %c2 = and i64 %a2, 63
  %r2 = add i64 %r, %c2
  %m3 = and i64 %i, 15
  %x3 = xor i64 %m3, %y
  %c3 = and i64 %x3, 63
  %r3 = add i64 %r2, %c3
  %m4 = and i64 %i, 63
  %x4 = mul i64 %m4, %y
  %c4 = and i64 %x4, 63
  %r4 = add i64 %r3, %c4
  %r5 = add i64 %r4, %x4
  %n = and i32 %h, 31
  %t = xor i32 %h, 31
  %u = and i32 %t, 31
  %v = shl i32 1, %u
  %w = sext i32 %v to i64
  %z = add i64 %r5, %w
  ret i64 %z
}`)
	// The identity behind it, for every operation it applies to.
	r := rand.New(rand.NewSource(2))
	for range 10000 {
		x, y, m := r.Int63()-r.Int63(), r.Int63()-r.Int63(), r.Int63()-r.Int63()
		k := 1 + r.Intn(62)
		low := int64(1)<<k - 1
		m |= low
		for _, op := range []Op{OpAdd, OpSub, OpMul, OpAnd, OpOr, OpXor} {
			a, _ := FoldBinary(op, I64, x&m, y)
			b, _ := FoldBinary(op, I64, x, y)
			if a&low != b&low {
				t.Fatalf("(%d & %d) %v %d and %d %v %d differ in the low %d bits", x, m, op, y, x, op, y, k)
			}
		}
	}
}

// The length of an array new made with a constant size is that constant;
// an array of a variable size keeps its length load.
func TestConstFoldAllocatedLength(t *testing.T) {
	checkPass(t, ConstFold, `
declare ptr @toy_new_array(i64, i64)

define i64 @f(i64 %n) {
entry:
  %a = call ptr @toy_new_array(i64 100, i64 8)
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %b = call ptr @toy_new_array(i64 %n, i64 8)
  %len.addr.1 = getelementptr i8, ptr %b, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %r = add i64 %len, %len.1
  ret i64 %r
}

!0 = !{}`, `
define i64 @f(i64 %n) {
entry:
  %a = call ptr @toy_new_array(i64 100, i64 8)
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %b = call ptr @toy_new_array(i64 %n, i64 8)
  %len.addr.1 = getelementptr i8, ptr %b, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %r = add i64 100, %len.1
  ret i64 %r
}`)
}
