package middle

import (
	"math/rand"
	"strings"
	"testing"
)

// Invariant arithmetic leaves the loop in dependence order, and so do the
// array length loads, in the header and in the body alike (an invariant
// load is always readable; the second is the first in the preheader); a
// division by a variable stays behind its guard, a division by a constant
// does not need one; the element load, in a block that does not dominate
// the header's exit, stays.
func TestLICMHoistsInOrder(t *testing.T) {
	checkPass(t, LICM, `
define i64 @sum(ptr %a, i64 %n, i64 %d) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %ok ]
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %lim = sub i64 %len, %n
  %more = icmp slt i64 %i, %lim
  br i1 %more, label %body, label %exit
body:
  %scale = mul i64 %n, %d
  %bias = add i64 %scale, 1
  %third = sdiv i64 %n, 3
  %part = sdiv i64 %n, %d
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %in = icmp ult i64 %i, %len.1
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %y = mul i64 %x, %bias
  %z = add i64 %y, %part
  %w = add i64 %z, %third
  %s.next = add i64 %s, %w
  %i.next = add i64 %i, 1
  br label %head
fail:
  ret i64 -1
exit:
  ret i64 %s
}

!0 = !{}`, `
define i64 @sum(ptr %a, i64 %n, i64 %d) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %lim = sub i64 %len, %n
  %scale = mul i64 %n, %d
  %bias = add i64 %scale, 1
  %third = sdiv i64 %n, 3
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %ok ]
  %more = icmp slt i64 %i, %lim
  br i1 %more, label %body, label %exit
body:
  %part = sdiv i64 %n, %d
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %y = mul i64 %x, %bias
  %z = add i64 %y, %part
  %w = add i64 %z, %third
  %s.next = add i64 %s, %w
  %i.next = add i64 %i, 1
  br label %head
fail:
  ret i64 -1
exit:
  ret i64 %s
}`)
}

// What is invariant in both loops of a nest leaves both, through the inner
// loop's new preheader; what depends on the outer loop's variable stops in
// the inner preheader. A body block that dominates every exit (the loop is
// left only from it) may give up its invariant load.
func TestLICMNest(t *testing.T) {
	checkPass(t, LICM, `
define i64 @nest(ptr %a, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %inner, label %exit
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %row = mul i64 %i, %n
  %n2 = mul i64 %n, %n
  %k = add i64 %row, %j
  %j.next = add i64 %j, 1
  %again = icmp slt i64 %j.next, %n2
  br i1 %again, label %inner, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %outer
exit:
  br label %loop
loop:
  %m = phi i64 [ 0, %exit ], [ %m.next, %bottom ]
  %m.next = add i64 %m, 1
  br label %bottom
bottom:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %stay = icmp slt i64 %m.next, %len
  br i1 %stay, label %loop, label %done
done:
  ret i64 %m
}

!0 = !{}`, `
define i64 @nest(ptr %a, i64 %n) {
entry:
  %n2 = mul i64 %n, %n
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %inner.preheader, label %exit
inner.preheader:
  %row = mul i64 %i, %n
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.preheader ], [ %j.next, %inner ]
  %k = add i64 %row, %j
  %j.next = add i64 %j, 1
  %again = icmp slt i64 %j.next, %n2
  br i1 %again, label %inner, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %outer
exit:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %loop
loop:
  %m = phi i64 [ 0, %exit ], [ %m.next, %bottom ]
  %m.next = add i64 %m, 1
  br label %bottom
bottom:
  %stay = icmp slt i64 %m.next, %len
  br i1 %stay, label %loop, label %done
done:
  ret i64 %m
}`)
}

// An invariant comparison that only decides its block's branch stays next
// to it (the backend fuses the two); one whose result is used as a value
// leaves the loop.
func TestLICMComparisons(t *testing.T) {
	checkPass(t, LICM, `
define i64 @cmp(i64 %n, i64 %k) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %latch ]
  %neg = icmp slt i64 %k, 0
  br i1 %neg, label %latch, label %add
add:
  %big = icmp sgt i64 %k, 100
  %bz = zext i1 %big to i64
  br label %latch
latch:
  %d = phi i64 [ 0, %head ], [ %bz, %add ]
  %s.next = add i64 %s, %d
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret i64 %s
}`, `
define i64 @cmp(i64 %n, i64 %k) {
entry:
  %big = icmp sgt i64 %k, 100
  %bz = zext i1 %big to i64
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %latch ]
  %neg = icmp slt i64 %k, 0
  br i1 %neg, label %latch, label %add
add:
  br label %latch
latch:
  %d = phi i64 [ 0, %head ], [ %bz, %add ]
  %s.next = add i64 %s, %d
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret i64 %s
}`)
}

// A load leaves a loop that writes nothing it may read: a global other than
// the one stored to, and, in a loop without stores, an array element from
// the header. Where the loop body might not run, only a global — always
// readable — moves; an element of an array might not exist.
func TestLICMLoads(t *testing.T) {
	checkPass(t, LICM, `
@g = global i64 7
@h = global i64 0

define i64 @loads(ptr %a, ptr %b, i64 %n) {
entry:
  br label %first
first:
  %i = phi i64 [ 0, %entry ], [ %i.next, %first ]
  %lim = load i64, ptr @g
  %hv = load i64, ptr @h
  %av = load i64, ptr %a
  %sum = add i64 %hv, %av
  store i64 %sum, ptr @h
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %lim
  br i1 %more, label %first, label %second
second:
  %j = phi i64 [ 0, %first ], [ %j.next, %body ]
  %s = phi i64 [ 0, %first ], [ %s.next, %body ]
  %a0 = load i64, ptr %a
  %go = icmp slt i64 %j, %a0
  br i1 %go, label %body, label %exit
body:
  %q = getelementptr i64, ptr %b, i64 5
  %bv = load i64, ptr %q
  %gv = load i64, ptr @g
  %t = add i64 %bv, %gv
  %s.next = add i64 %s, %t
  %j.next = add i64 %j, 1
  br label %second
exit:
  ret i64 %s
}`, `
define i64 @loads(ptr %a, ptr %b, i64 %n) {
entry:
  %lim = load i64, ptr @g
  br label %first
first:
  %i = phi i64 [ 0, %entry ], [ %i.next, %first ]
  %hv = load i64, ptr @h
  %av = load i64, ptr %a
  %sum = add i64 %hv, %av
  store i64 %sum, ptr @h
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %lim
  br i1 %more, label %first, label %second.preheader
second.preheader:
  %a0 = load i64, ptr %a
  %q = getelementptr i64, ptr %b, i64 5
  %gv = load i64, ptr @g
  br label %second
second:
  %j = phi i64 [ 0, %second.preheader ], [ %j.next, %body ]
  %s = phi i64 [ 0, %second.preheader ], [ %s.next, %body ]
  %go = icmp slt i64 %j, %a0
  br i1 %go, label %body, label %exit
body:
  %bv = load i64, ptr %q
  %t = add i64 %bv, %gv
  %s.next = add i64 %s, %t
  %j.next = add i64 %j, 1
  br label %second
exit:
  ret i64 %s
}`)
}

// Loads that stores in the loop may change, stores and calls stay.
func TestLICMLeavesMemoryAlone(t *testing.T) {
	const loop = `
@g = global i64 0

declare void @use(i64)

define void @mem(ptr %p, i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %x = load i64, ptr @g
  %y = load i64, ptr %p
  store i64 %y, ptr @g
  call void @use(i64 %x)
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`
	checkPass(t, LICM, loop, loop[strings.Index(loop, "define"):])
}

func TestLICMPreservesSemantics(t *testing.T) {
	checkOracle(t, 41, 3000, func(rng *rand.Rand, iter int) (*Module, func(*Func)) {
		var m *Module
		switch iter % 3 {
		case 0:
			m = randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		case 1:
			m = randomMemoryProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		default:
			m = randomLoopProgram(rng)
		}
		return m, func(f *Func) {
			Mem2Reg(f)
			LICM(f)
		}
	})
}

// randomLoopProgram generates a loop of one to four iterations that loads
// from @arr and @g, through addresses the loop does not change (masked
// indices, a pointer selected between @arr and @g, an unmasked index behind
// a bounds check) and, now and then, stores the iteration number somewhere
// or calls @clobber: LICM's loads must move exactly when no such write can
// change them, and never the guarded one.
func randomLoopProgram(rng *rand.Rand) *Module {
	m := NewModule("loop.ll")
	m.NewFunc("sink", Void).AddParam(I64, "x")
	m.AddGlobal(&Global{Name: "arr", Bytes: make([]byte, 64)})
	m.AddGlobal(&Global{Name: "g", Type: I64, Init: 5})
	clobber := m.NewFunc("clobber", Void)
	x := clobber.AddParam(I64, "x")
	cb := NewBuilder(clobber)
	cb.SetBlock(clobber.NewBlock("entry"))
	cb.Store(x, clobber.GlobalAddr("g"))
	cb.Store(x, cb.GEP(I64, clobber.GlobalAddr("arr"), clobber.Const(I64, 3), "e"))
	cb.Ret(nil)

	f := m.NewFunc("main", I64)
	a, b := f.AddParam(I64, "a"), f.AddParam(I64, "b")
	g := &memGen{rng: rng, f: f, b: NewBuilder(f)}
	entry, head, exit := f.NewBlock("entry"), f.NewBlock("head"), f.NewBlock("exit")
	g.b.SetBlock(entry)
	g.b.Store(a, g.b.GEP(I64, f.GlobalAddr("arr"), g.b.Binary(OpAnd, b, f.Const(I64, 7), "k"), "p"))
	g.b.Br(head)
	g.b.SetBlock(head)
	i, sum := g.b.Phi(I64, "i"), g.b.Phi(I64, "sum")
	cur := sum
	for range 1 + rng.Intn(6) {
		var v *Value
		switch rng.Intn(9) {
		case 0:
			g.b.Store(i, g.invariantAddress())
		case 1:
			g.b.Call("clobber", Void, []*Value{i}, "")
		case 2:
			v = g.guardedLoad()
		case 3:
			v = g.b.Load(I64, g.b.GEP(I64, f.GlobalAddr("arr"), g.b.Binary(OpAnd, i, f.Const(I64, 7), "m"), "q"), "y")
		default:
			v = g.b.Load(I64, g.invariantAddress(), "x")
		}
		if v != nil {
			cur = g.b.Binary(OpAdd, cur, v, "sum")
		}
	}
	latch := g.b.Block
	next := g.b.Binary(OpAdd, i, f.Const(I64, 1), "i")
	bound := g.b.Binary(OpAdd, g.b.Binary(OpAnd, a, f.Const(I64, 3), "n"), f.Const(I64, 1), "n")
	g.b.CondBr(g.b.ICmp(PredSLT, next, bound, "more"), head, exit)
	i.AddIncoming(f.Const(I64, 0), entry)
	i.AddIncoming(next, latch)
	sum.AddIncoming(f.Const(I64, 0), entry)
	sum.AddIncoming(cur, latch)
	g.b.SetBlock(exit)
	g.b.Ret(cur)
	return m
}

// invariantAddress computes @g, @arr[p & mask] or (c ? @arr[p & mask] : @g)
// from a parameter p.
func (g *memGen) invariantAddress() *Value {
	b, f := g.b, g.f
	if g.rng.Intn(4) == 0 {
		return f.GlobalAddr("g")
	}
	idx := b.Binary(OpAnd, f.Params[g.rng.Intn(2)], f.Const(I64, int64(1+6*g.rng.Intn(2))), "idx")
	addr := b.GEP(I64, f.GlobalAddr("arr"), idx, "elem")
	if g.rng.Intn(3) == 0 {
		addr = b.Select(b.ICmp(PredSLT, f.Params[0], f.Params[1], "c"), addr, f.GlobalAddr("g"), "either")
	}
	return addr
}

// guardedLoad loads @arr[p] behind the check p <u 8 and returns the value,
// or 0 where the check fails, leaving the builder after the if.
func (g *memGen) guardedLoad() *Value {
	b, f := g.b, g.f
	idx := f.Params[g.rng.Intn(2)]
	check := b.Block
	guard, cont := f.NewBlock("guard"), f.NewBlock("cont")
	b.CondBr(b.ICmp(PredULT, idx, f.Const(I64, 8), "inbounds"), guard, cont)
	b.SetBlock(guard)
	x := b.Load(I64, b.GEP(I64, f.GlobalAddr("arr"), idx, "elem"), "x")
	b.Br(cont)
	b.SetBlock(cont)
	v := b.Phi(I64, "v")
	v.AddIncoming(x, guard)
	v.AddIncoming(f.Const(I64, 0), check)
	return v
}

func BenchmarkLICM(b *testing.B) {
	benchmarkPass(b, Mem2Reg, LICM)
}

// A sealed global (its address only ever loaded and stored at) leaves a
// loop that stores through pointers of unknown origin, which cannot reach
// it; a loop with a call keeps its load.
func TestLICMHoistsSealedGlobals(t *testing.T) {
	seal := func(f *Func) {
		for _, g := range f.Module.Globals {
			g.Sealed = true
		}
		LICM(f)
	}
	checkPass(t, seal, `
@g = global ptr null

declare void @h()

define void @stores(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %a = load ptr, ptr @g
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %i, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}

define void @calls(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %a = load ptr, ptr @g
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %i, ptr %p
  call void @h()
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`, `
define void @stores(i64 %n) {
entry:
  %a = load ptr, ptr @g
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %i, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}

define void @calls(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %a = load ptr, ptr @g
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %i, ptr %p
  call void @h()
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`)
}

// The length loads of two checks of one array in the two arms of a loop
// were not redundant where they were; in the preheader the one hoisted
// second (left's, in reverse postorder) is the first.
func TestLICMMergesEqualHoisted(t *testing.T) {
	checkPass(t, LICM, `
define i64 @f(ptr %a, i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %join ]
  %odd = and i64 %i, 1
  %c = icmp eq i64 %odd, 0
  br i1 %c, label %left, label %right
left:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %x = add i64 %len, %i
  br label %join
right:
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %y = sub i64 %len.1, %i
  br label %join
join:
  %v = phi i64 [ %x, %left ], [ %y, %right ]
  %i.next = add i64 %i, %v
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret i64 %i
}

!0 = !{}`, `
define i64 @f(ptr %a, i64 %n) {
entry:
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %join ]
  %odd = and i64 %i, 1
  %c = icmp eq i64 %odd, 0
  br i1 %c, label %left, label %right
left:
  %x = add i64 %len.1, %i
  br label %join
right:
  %y = sub i64 %len.1, %i
  br label %join
join:
  %v = phi i64 [ %x, %left ], [ %y, %right ]
  %i.next = add i64 %i, %v
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret i64 %i
}`)
}

// In a TypeSafe module (Toy's), a store of one type through a pointer of
// unknown origin cannot change a load of another type: puzzle's
// `for k <= piecemax[i] { ... puzzl[j + k] = true }` reloaded its bound
// after every store to the []bool, and stayed out of loop versioning.
// A store of the load's type still keeps it in the loop, and .ll input
// (not TypeSafe) keeps the old rule.
func TestLICMTypeSafeStores(t *testing.T) {
	const loop = `
define void @fill(ptr %a, ptr %b, ptr %q) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %body ]
  %m = load i64, ptr %q
  %more = icmp sle i64 %k, %m
  br i1 %more, label %body, label %exit
body:
  %p = getelementptr i8, ptr %a, i64 %k
  store i8 1, ptr %p
  %k.next = add i64 %k, 1
  br label %head
exit:
  ret void
}`
	hoisted := func(text string, typeSafe bool) bool {
		m := mustParseModule(text)
		m.TypeSafe = typeSafe
		f := m.Funcs[0]
		LICM(f)
		if err := Verify(f); err != nil {
			t.Fatalf("after LICM:\n%s\n%v", f, err)
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpLoad {
					return !f.Loops().Contains(f.Loops().Loops[0], b)
				}
			}
		}
		t.Fatalf("no load left:\n%s", f)
		return false
	}
	if !hoisted(loop, true) {
		t.Errorf("an i64 load stays in a loop that stores only i8s")
	}
	if hoisted(loop, false) {
		t.Errorf("without TypeSafe, an i64 load leaves a loop that stores i8s through an unknown pointer")
	}
	same := strings.Replace(loop, "store i8 1", "store i64 1", 1)
	same = strings.Replace(same, "getelementptr i8", "getelementptr i64", 1)
	if hoisted(same, true) {
		t.Errorf("an i64 load leaves a loop that stores i64s through an unknown pointer")
	}
}

// In a TypeSafe module, a store to a[i] cannot change a load of a[0]
// when i >= 1 where it stores (pidigits' `while i <= a[0] { ... a[i] = t }`,
// i from 1): the bound leaves the loop. From i = 0 the store may write
// a[0], and a store through another pointer may be to the same array:
// the load stays in both.
func TestLICMDisjointElements(t *testing.T) {
	const loop = `
define void @clear(ptr %a, ptr %b) {
entry:
  br label %head
head:
  %i = phi i64 [ 1, %entry ], [ %i.next, %ok ]
  %p0 = getelementptr i64, ptr %a, i64 0
  %n = load i64, ptr %p0
  %more = icmp sle i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 0, ptr %p
  %i.next = add i64 %i, 1
  br label %head
fail:
  ret void
exit:
  ret void
}

!0 = !{}`
	hoisted := func(text string) bool {
		m := mustParseModule(text)
		m.TypeSafe = true
		f := m.Funcs[0]
		LICM(f)
		if err := Verify(f); err != nil {
			t.Fatalf("after LICM:\n%s\n%v", f, err)
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpLoad && !v.Invariant {
					return !f.Loops().Contains(f.Loops().Loops[0], b)
				}
			}
		}
		t.Fatalf("no load left:\n%s", f)
		return false
	}
	if !hoisted(loop) {
		t.Errorf("a[0] stays in a loop that stores a[i] for i >= 1 only")
	}
	if hoisted(strings.Replace(loop, "[ 1, %entry ]", "[ 0, %entry ]", 1)) {
		t.Errorf("a[0] leaves a loop that stores a[i] from i = 0")
	}
	if hoisted(strings.Replace(loop, "getelementptr i64, ptr %a, i64 %i", "getelementptr i64, ptr %b, i64 %i", 1)) {
		t.Errorf("a[0] leaves a loop that stores b[i]")
	}
}

// A copy loop's store dst[i] = src[i] changes no element of src (dst is
// src, and the element gets its own value back, or another array): the
// bound src[0] leaves the loop (pidigits' copy_big). It stays when the
// value stored is another element of src, an element of another array,
// or one loaded before the loop (which a store since may have changed).
func TestLICMCopyLoopBound(t *testing.T) {
	const loop = `
define void @copy(ptr %dst, ptr %src, ptr %other, i64 %k) {
entry:
  %pre.addr = getelementptr i64, ptr %src, i64 %k
  %pre = load i64, ptr %pre.addr
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %p0 = getelementptr i64, ptr %src, i64 0
  %n = load i64, ptr %p0
  %more = icmp sle i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %s = getelementptr i64, ptr %src, i64 %i
  %x = load i64, ptr %s
  %len.addr = getelementptr i8, ptr %dst, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %d = getelementptr i64, ptr %dst, i64 %i
  store i64 %x, ptr %d
  %i.next = add i64 %i, 1
  br label %head
fail:
  ret void
exit:
  ret void
}

!0 = !{}`
	hoisted := func(text string) bool {
		m := mustParseModule(text)
		m.TypeSafe = true
		f := m.Funcs[0]
		LICM(f)
		if err := Verify(f); err != nil {
			t.Fatalf("after LICM:\n%s\n%v", f, err)
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Name == "n" {
					return !f.Loops().Contains(f.Loops().Loops[0], b)
				}
			}
		}
		t.Fatalf("no load of the bound left:\n%s", f)
		return false
	}
	if !hoisted(loop) {
		t.Errorf("src[0] stays in a loop that copies src[i] to dst[i]")
	}
	for _, c := range []struct{ from, to, why string }{
		{"%s = getelementptr i64, ptr %src, i64 %i", "%i.1 = add i64 %i, 1\n  %s = getelementptr i64, ptr %src, i64 %i.1", "src[i+1] to dst[i]"},
		{"%s = getelementptr i64, ptr %src, i64 %i", "%s = getelementptr i64, ptr %other, i64 %i", "other[i] to dst[i]"},
		{"store i64 %x, ptr %d", "store i64 %pre, ptr %d", "src[k], loaded before the loop, to dst[i]"},
	} {
		text := strings.Replace(loop, c.from, c.to, 1)
		if text == loop {
			t.Fatalf("no %q in the loop", c.from)
		}
		if hoisted(text) {
			t.Errorf("src[0] leaves a loop that copies %s", c.why)
		}
	}
}
