package middle

import (
	"math/rand"
	"testing"
)

// A computation repeated in a dominated block is the dominating one; the
// operands of commutative operations and of comparisons may come in either
// order. Siblings in the dominator tree do not share: neither arm of the if
// dominates the other, so each keeps its own multiply.
func TestGVNDominatedRedundancy(t *testing.T) {
	checkPass(t, GVN, `
define i64 @f(i64 %a, i64 %b, i1 %c) {
entry:
  %s = add i64 %a, %b
  %lt = icmp slt i64 %a, %b
  br i1 %c, label %then, label %else
then:
  %s2 = add i64 %b, %a
  %gt = icmp sgt i64 %b, %a
  %m = mul i64 %s2, 3
  %z = zext i1 %gt to i64
  %r1 = add i64 %m, %z
  br label %join
else:
  %m2 = mul i64 %s, 3
  %d = sub i64 %b, %a
  %r2 = add i64 %m2, %d
  br label %join
join:
  %r = phi i64 [ %r1, %then ], [ %r2, %else ]
  %m3 = mul i64 %s, 3
  %lt2 = icmp slt i64 %a, %b
  %z2 = zext i1 %lt2 to i64
  %sub = sub i64 %a, %b
  %t = add i64 %r, %m3
  %u = add i64 %t, %z2
  %v = add i64 %u, %sub
  ret i64 %v
}`, `
define i64 @f(i64 %a, i64 %b, i1 zeroext %c) {
entry:
  %s = add i64 %a, %b
  %lt = icmp slt i64 %a, %b
  br i1 %c, label %then, label %else
then:
  %m = mul i64 %s, 3
  %z = zext i1 %lt to i64
  %r1 = add i64 %m, %z
  br label %join
else:
  %m2 = mul i64 %s, 3
  %d = sub i64 %b, %a
  %r2 = add i64 %m2, %d
  br label %join
join:
  %r = phi i64 [ %r1, %then ], [ %r2, %else ]
  %m3 = mul i64 %s, 3
  %z2 = zext i1 %lt to i64
  %sub = sub i64 %a, %b
  %t = add i64 %r, %m3
  %u = add i64 %t, %z2
  %v = add i64 %u, %sub
  ret i64 %v
}`)
}

// The frontend reloads an array's length before every access: the length
// header's address and its invariant load are computed once, while the
// element loads (memory that stores can change) are left to memopt. Global
// addresses are the same value wherever @g is written.
func TestGVNInvariantLoads(t *testing.T) {
	checkPass(t, GVN, `
@g = global i64 0

define i64 @len2(ptr %a, i64 %i) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %body, label %fail
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %ok.1 = icmp ult i64 %i, %len.1
  %q = getelementptr i64, ptr %a, i64 %i
  %y = load i64, ptr %q
  %plain = load i64, ptr %len.addr.1
  %g1 = getelementptr i8, ptr @g, i64 4
  %g2 = getelementptr i8, ptr @g, i64 4
  store i64 %x, ptr %g1
  store i64 %y, ptr %g2
  %okz = zext i1 %ok.1 to i64
  %r = add i64 %plain, %okz
  ret i64 %r
fail:
  ret i64 %len
}

!0 = !{}`, `
define i64 @len2(ptr %a, i64 %i) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %body, label %fail
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %y = load i64, ptr %p
  %plain = load i64, ptr %len.addr
  %g1 = getelementptr i8, ptr @g, i64 4
  store i64 %x, ptr %g1
  store i64 %y, ptr %g1
  %r = add i64 %plain, 1
  ret i64 %r
fail:
  ret i64 %len
}`)
}

// A block entered only through one edge of a branch knows the condition:
// a repeated bounds check on the same index is true there (the array is
// read, then written), the negated comparison is false, and after x == 5 x
// is 5; what those make constant is folded (zext false is 0). A block also reached another way (the join) knows nothing, and
// neither does a block after a branch with both edges to it.
func TestGVNBranchConditions(t *testing.T) {
	checkPass(t, GVN, `
define i64 @cond(ptr %a, i64 %i, i64 %x) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %read, label %fail
read:
  %p = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %inc = add i64 %v, 1
  %len.1 = load i64, ptr %len.addr, !invariant.load !0
  %ok.1 = icmp ult i64 %i, %len.1
  br i1 %ok.1, label %write, label %fail
write:
  store i64 %inc, ptr %p
  %bad = icmp uge i64 %i, %len
  %five = icmp eq i64 %x, 5
  br i1 %five, label %is5, label %join
is5:
  %y = add i64 %x, %inc
  %bz = zext i1 %bad to i64
  %s = add i64 %y, %bz
  br label %join
join:
  %r = phi i64 [ %s, %is5 ], [ %x, %write ]
  %again = icmp eq i64 %x, 5
  br i1 %again, label %both, label %both
both:
  %z = add i64 %x, %r
  %again.1 = icmp eq i64 %x, 5
  %w = select i1 %again.1, i64 %z, i64 0
  ret i64 %w
fail:
  ret i64 -1
}

!0 = !{}`, `
define i64 @cond(ptr %a, i64 %i, i64 %x) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %read, label %fail
read:
  %p = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %inc = add i64 %v, 1
  br i1 true, label %write, label %fail
write:
  store i64 %inc, ptr %p
  %five = icmp eq i64 %x, 5
  br i1 %five, label %is5, label %join
is5:
  %y = add i64 5, %inc
  %s = add i64 %y, 0
  br label %join
join:
  %r = phi i64 [ %s, %is5 ], [ %x, %write ]
  br i1 %five, label %both, label %both
both:
  %z = add i64 %x, %r
  %w = select i1 %five, i64 %z, i64 0
  ret i64 %w
fail:
  ret i64 -1
}`)
}

// Division takes part too: the dominating copy already ran with the same
// operands. Operands that differ only in order do not make a subtraction
// or a non-commutative comparison equal.
func TestGVNNonCommutative(t *testing.T) {
	checkPass(t, GVN, `
define i64 @d(i64 %a, i64 %b) {
entry:
  %q = sdiv i64 %a, 3
  %q2 = sdiv i64 %a, 3
  %x = sub i64 %a, %b
  %y = sub i64 %b, %a
  %c1 = icmp ult i64 %a, %b
  %c2 = icmp ult i64 %b, %a
  %c3 = icmp ugt i64 %b, %a
  %s = select i1 %c1, i64 %q, i64 %x
  %t = select i1 %c3, i64 %q2, i64 %x
  %u = select i1 %c2, i64 %y, i64 %s
  %v = add i64 %t, %u
  ret i64 %v
}`, `
define i64 @d(i64 %a, i64 %b) {
entry:
  %q = sdiv i64 %a, 3
  %x = sub i64 %a, %b
  %y = sub i64 %b, %a
  %c1 = icmp ult i64 %a, %b
  %c2 = icmp ult i64 %b, %a
  %s = select i1 %c1, i64 %q, i64 %x
  %u = select i1 %c2, i64 %y, i64 %s
  %v = add i64 %s, %u
  ret i64 %v
}`)
}

func TestGVNPreservesSemantics(t *testing.T) {
	checkOracle(t, 31, 2000, func(rng *rand.Rand, iter int) (*Module, func(*Func)) {
		switch iter % 4 {
		case 0:
			return randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6)), GVN
		case 1:
			return randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6)), func(f *Func) {
				Mem2Reg(f)
				GVN(f)
			}
		}
		return randomBranchProgram(rng), GVN
	})
}

// randomBranchProgram generates nested ifs, with and without else, on
// comparisons of the parameters and of values computed from them, whose
// results and operands are used again (through @sink) in the blocks they
// dominate, after the joins too: the material of GVN's branch conditions.
func randomBranchProgram(rng *rand.Rand) *Module {
	m := NewModule("branches.ll")
	m.NewFunc("sink", Void).AddParam(I64, "x")
	f := m.NewFunc("main", I64)
	g := &branchGen{rng: rng, f: f, b: NewBuilder(f)}
	g.ints = []*Value{f.AddParam(I64, "a"), f.AddParam(I64, "b")}
	g.b.SetBlock(f.NewBlock("entry"))
	g.region(3)
	g.b.Ret(g.pick())
	return m
}

type branchGen struct {
	rng         *rand.Rand
	f           *Func
	b           *Builder
	ints, conds []*Value // values that dominate the current block
}

func (g *branchGen) pick() *Value {
	if g.rng.Intn(3) == 0 {
		return g.f.Const(I64, []int64{0, 1, 5, -1}[g.rng.Intn(4)])
	}
	return g.ints[g.rng.Intn(len(g.ints))]
}

func (g *branchGen) cond() *Value {
	if len(g.conds) > 0 && g.rng.Intn(2) == 0 {
		return g.conds[g.rng.Intn(len(g.conds))]
	}
	preds := []Pred{PredEQ, PredNE, PredSLT, PredUGE}
	c := g.b.ICmp(preds[g.rng.Intn(len(preds))], g.pick(), g.pick(), "c")
	g.conds = append(g.conds, c)
	return c
}

// use makes a value, or a condition, observable.
func (g *branchGen) use() {
	var v *Value
	if g.rng.Intn(2) == 0 {
		v = g.b.Cast(OpZExt, g.cond(), I64, "z")
	} else {
		v = g.b.Binary(OpAdd, g.pick(), g.pick(), "v")
		g.ints = append(g.ints, v)
	}
	g.b.Call("sink", Void, []*Value{v}, "")
}

func (g *branchGen) region(depth int) {
	for n := 1 + g.rng.Intn(3); n > 0; n-- {
		g.use()
		if depth > 0 && g.rng.Intn(2) == 0 {
			g.ifStmt(depth - 1)
		}
	}
}

func (g *branchGen) ifStmt(depth int) {
	then, join := g.f.NewBlock("then"), g.f.NewBlock("join")
	els := join
	if g.rng.Intn(2) == 0 {
		els = g.f.NewBlock("else")
	}
	g.b.CondBr(g.cond(), then, els)
	ints, conds := len(g.ints), len(g.conds)
	for _, arm := range []*Block{then, els} {
		if arm == join {
			continue
		}
		g.b.SetBlock(arm)
		g.region(depth)
		g.b.Br(join)
		g.ints, g.conds = g.ints[:ints], g.conds[:conds]
	}
	g.b.SetBlock(join)
}

func BenchmarkGVN(b *testing.B) {
	benchmarkPass(b, Mem2Reg, GVN)
}

// An arm entered when x == k, of a chain of n arms, computes x + 1 as the
// constant k + 1, not an add that LICM would hoist out of the loop around
// the chain, to hold a register through it (n of them: a function that
// tail-calls itself from 10,000 arms took 19 GB to allocate registers).
func TestGVNFoldsWhatFactsMakeConstant(t *testing.T) {
	checkPass(t, GVN, `
define i64 @arms(i64 %x) {
entry:
  %is1 = icmp eq i64 %x, 1
  br i1 %is1, label %one, label %other
one:
  %a = add i64 %x, 1
  %b = mul i64 %a, 3
  %c = add i64 %b, %x
  ret i64 %c
other:
  %d = add i64 %x, 1
  ret i64 %d
}`, `
define i64 @arms(i64 %x) {
entry:
  %is1 = icmp eq i64 %x, 1
  br i1 %is1, label %one, label %other
one:
  ret i64 7
other:
  %d = add i64 %x, 1
  ret i64 %d
}`)
}
