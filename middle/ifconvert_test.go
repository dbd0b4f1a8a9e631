package middle

import (
	"math/rand"
	"testing"
)

// A diamond whose arms only choose a value becomes a select in the
// branching block; the join keeps its other predecessor's entry.
func TestIfConvertDiamond(t *testing.T) {
	checkPass(t, IfConvert, `
define i64 @pick(i64 %x, i64 %y, i1 %same) {
entry:
  br i1 %same, label %join, label %test
test:
  %gt = icmp sgt i64 %x, %y
  br i1 %gt, label %then, label %else
then:
  %a = add i64 %x, 1
  br label %join
else:
  %b = shl i64 %y, 2
  br label %join
join:
  %r = phi i64 [ 0, %entry ], [ %a, %then ], [ %b, %else ]
  ret i64 %r
}`, `
define i64 @pick(i64 %x, i64 %y, i1 zeroext %same) {
entry:
  br i1 %same, label %join, label %test
test:
  %gt = icmp sgt i64 %x, %y
  %a = add i64 %x, 1
  %b = shl i64 %y, 2
  %r.1 = select i1 %gt, i64 %a, i64 %b
  br label %join
join:
  %r = phi i64 [ 0, %entry ], [ %r.1, %test ]
  ret i64 %r
}`)
}

// A triangle, with the arm on the false side: the value from the branching
// block is the select's true operand. A φ with the same value on both
// sides needs no select.
func TestIfConvertTriangle(t *testing.T) {
	checkPass(t, IfConvert, `
define i32 @clamp(i32 %x, i32 %k) {
entry:
  %small = icmp slt i32 %x, 100
  br i1 %small, label %join, label %big
big:
  %m = sub i32 %x, %k
  br label %join
join:
  %r = phi i32 [ %x, %entry ], [ %m, %big ]
  %same = phi i32 [ %k, %entry ], [ %k, %big ]
  %s = add i32 %r, %same
  ret i32 %s
}`, `
define i32 @clamp(i32 %x, i32 %k) {
entry:
  %small = icmp slt i32 %x, 100
  %m = sub i32 %x, %k
  %r.1 = select i1 %small, i32 %x, i32 %m
  br label %join
join:
  %r = phi i32 [ %r.1, %entry ]
  %same = phi i32 [ %k, %entry ]
  %s = add i32 %r, %same
  ret i32 %s
}`)
}

// What stays a branch: arms that load, divide by a variable, shift by an
// unknown amount, call, or store; arms that cost too much; and i1 φs,
// which && and || make for branches to consume.
func TestIfConvertLeavesUnsafe(t *testing.T) {
	src := `
declare void @sink(i64)

define i64 @load(ptr %p, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %v = load i64, ptr %p
  br label %join
join:
  %r = phi i64 [ 0, %entry ], [ %v, %then ]
  ret i64 %r
}

define i64 @div(i64 %x, i64 %y, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %v = sdiv i64 %x, %y
  br label %join
join:
  %r = phi i64 [ 0, %entry ], [ %v, %then ]
  ret i64 %r
}

define i64 @shift(i64 %x, i64 %y, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %v = shl i64 %x, %y
  br label %join
join:
  %r = phi i64 [ 0, %entry ], [ %v, %then ]
  ret i64 %r
}

define i64 @call(i64 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  call void @sink(i64 %x)
  br label %join
join:
  ret i64 %x
}

define i64 @costly(i64 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %a = mul i64 %x, 3
  %b = add i64 %a, 7
  %d = xor i64 %b, %x
  %e = or i64 %d, 1
  br label %join
join:
  %r = phi i64 [ 0, %entry ], [ %e, %then ]
  ret i64 %r
}

define i1 @and(i64 %x, i64 %y) {
entry:
  %a = icmp sgt i64 %x, 0
  br i1 %a, label %then, label %join
then:
  %b = icmp sgt i64 %y, 0
  br label %join
join:
  %r = phi i1 [ false, %entry ], [ %b, %then ]
  ret i1 %r
}`
	checkUnchanged(t, IfConvert, src)
}

// The oracle: chains of random diamonds and triangles whose arms compute
// pure values (sometimes too many, or a division that may trap, or a load)
// for one to three φs at each join compute the same after if-conversion.
func TestIfConvertOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	converted := 0
	for range 400 {
		m := randomDiamonds(rng)
		compareRuns(t, m, "main", progInputs, 5000, func(f *Func) {
			n := len(f.Blocks)
			IfConvert(f)
			converted += n - len(f.Blocks)
		})
	}
	if converted < 400 {
		t.Errorf("only %d arms converted", converted)
	}
}

// randomDiamonds makes @main(i64 %a, i64 %b) as a chain of two-way branches
// on comparisons of values computed so far, each arm computing a few
// values, joined by φs that choose among them; @sink observes each join.
func randomDiamonds(rng *rand.Rand) *Module {
	m := NewModule("diamonds.ll")
	m.NewFunc("sink", Void).AddParam(I64, "x")
	f := m.NewFunc("main", I64)
	b := NewBuilder(f)
	pool := []*Value{f.AddParam(I64, "a"), f.AddParam(I64, "b")}
	b.SetBlock(f.NewBlock("entry"))
	pick := func(vs []*Value) *Value { return vs[rng.Intn(len(vs))] }
	arm := func(name string, join *Block) (*Block, []*Value) {
		blk := f.NewBlock(name)
		b.SetBlock(blk)
		vals := []*Value{pick(pool)}
		ops := []Op{OpAdd, OpSub, OpMul, OpXor, OpAnd, OpShl, OpAShr, OpSDiv, OpSRem}
		for range rng.Intn(4) {
			op := ops[rng.Intn(len(ops))]
			y := pick(append(pool, f.Const(I64, int64(rng.Intn(9)-4))))
			if op == OpShl || op == OpAShr {
				y = f.Const(I64, int64(rng.Intn(64)))
			}
			if (op == OpSDiv || op == OpSRem) && rng.Intn(4) > 0 {
				y = f.Const(I64, int64(rng.Intn(7)+2))
			}
			vals = append(vals, b.Binary(op, pick(vals), y, "v"))
		}
		b.Br(join)
		return blk, vals
	}
	for range 2 + rng.Intn(5) {
		head := b.Block
		c := b.ICmp(Pred(rng.Intn(10)), pick(pool), pick(pool), "c")
		join := f.NewBlock("join")
		t, tv := arm("then", join)
		e, ev, target := head, []*Value{pick(pool)}, join // a triangle
		if rng.Intn(2) == 0 {
			e, ev = arm("else", join)
			target = e
		}
		b.SetBlock(head)
		if rng.Intn(2) == 0 {
			b.CondBr(c, t, target)
		} else {
			b.CondBr(b.ICmp(PredEQ, c, f.Bool(false), "not"), target, t)
		}
		b.SetBlock(join)
		for range 1 + rng.Intn(3) {
			phi := b.Phi(I64, "r")
			phi.AddIncoming(pick(tv), t)
			phi.AddIncoming(pick(ev), e)
			if rng.Intn(8) == 0 {
				flag := b.Phi(I1, "flag")
				flag.AddIncoming(b.Func.Bool(true), t)
				flag.AddIncoming(c, e)
				pool = append(pool, b.Cast(OpZExt, flag, I64, "z"))
			}
			pool = append(pool, phi)
		}
		b.Call("sink", Void, []*Value{pool[len(pool)-1]}, "")
	}
	b.Ret(pick(pool))
	return m
}
