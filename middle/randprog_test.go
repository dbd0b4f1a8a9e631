package middle

import (
	"math"
	"math/rand"
)

// randomProgram generates the kind of function the frontend emits — every
// variable in a stack slot, read with load and written with store, blocks
// that talk to each other only through slots — with a random CFG (loops,
// irreducible regions, unreachable blocks) and random arithmetic of every
// width. Some slots are never initialized, one may escape through @escape,
// one may be accessed through a GEP and one with a second type: mem2reg must
// leave those in memory. @sink makes intermediate values observable.
//
// The function is @main(i64 %a, i64 %b) -> i64 and is valid SSA by
// construction: an instruction only uses parameters, constants and values
// defined before it in its own block.
func randomProgram(rng *rand.Rand, nblocks, nslots int) *Module {
	m := NewModule("random.ll")
	m.NewFunc("sink", Void).AddParam(I64, "x")
	m.NewFunc("escape", Void).AddParam(Ptr, "p")
	f := m.NewFunc("main", I64)
	g := &progGen{rng: rng, f: f, b: NewBuilder(f)}
	params := []*Value{f.AddParam(I64, "a"), f.AddParam(I64, "b")}
	entry := f.NewBlock("entry")
	g.b.SetBlock(entry)
	names := []string{"i", "j", "x", "sum", "n", "flag", "k", "t"}
	types := []Type{I64, I64, I64, I32, I8, I1}
	// Slot 0 is an i64 that some programs use specially: it escapes, or is
	// reached through a GEP, or is also read as an i32, or its address is
	// stored in a pointer slot and used from there.
	g.special = rng.Intn(5)
	for s := range nslots {
		t := types[rng.Intn(len(types))]
		if s == 0 {
			t = I64
		}
		slot := g.b.Alloca(t, names[s%len(names)])
		g.slots = append(g.slots, slot)
		if rng.Intn(3) > 0 {
			g.b.Store(g.convert(params[rng.Intn(2)], t), slot)
		}
	}
	if g.special == 4 {
		g.pointer = g.b.Alloca(Ptr, "p")
		g.b.Store(g.slots[0], g.pointer)
	}
	blocks := make([]*Block, nblocks)
	for i := range blocks {
		blocks[i] = f.NewBlock("bb")
	}
	g.b.Br(blocks[0])
	for i, blk := range blocks {
		g.b.SetBlock(blk)
		g.pool = map[Type][]*Value{I64: params}
		for range 2 + rng.Intn(6) {
			g.instr()
		}
		target := func() *Block {
			if rng.Intn(5) == 0 {
				return blocks[rng.Intn(nblocks)]
			}
			return blocks[min(nblocks-1, i+1+rng.Intn(3))]
		}
		switch r := rng.Intn(10); {
		case i == nblocks-1 || r == 0:
			g.b.Ret(g.value(I64))
		case r < 3:
			g.b.Br(target())
		default:
			g.b.CondBr(g.value(I1), target(), target())
		}
	}
	return m
}

type progGen struct {
	rng     *rand.Rand
	f       *Func
	b       *Builder
	slots   []*Value
	special int    // what happens to slot 0: 1 escapes, 2 GEP, 3 two types, 4 address stored
	pointer *Value // special 4: the slot holding slot 0's address
	pool    map[Type][]*Value
}

var progTypes = []Type{I1, I8, I32, I64}

// value returns a value of type t usable at the current point: one computed
// earlier in the block, a parameter, or a constant.
func (g *progGen) value(t Type) *Value {
	if vs := g.pool[t]; len(vs) > 0 && g.rng.Intn(4) > 0 {
		return vs[g.rng.Intn(len(vs))]
	}
	consts := []int64{0, 1, -1, 2, 7, 100, math.MinInt64, math.MaxInt64}
	return g.f.Const(t, consts[g.rng.Intn(len(consts))])
}

func (g *progGen) def(v *Value) { g.pool[v.Type] = append(g.pool[v.Type], v) }

// convert brings v to type t with a cast, or returns it when it has t.
func (g *progGen) convert(v *Value, t Type) *Value {
	switch {
	case v.Type.Bits() < t.Bits():
		return g.b.Cast(OpSExt, v, t, "ext")
	case v.Type.Bits() > t.Bits():
		return g.b.Cast(OpTrunc, v, t, "tr")
	}
	return v
}

func (g *progGen) instr() {
	rng, b := g.rng, g.b
	t := progTypes[rng.Intn(len(progTypes))]
	slot := g.slots[rng.Intn(len(g.slots))]
	switch rng.Intn(12) {
	case 0, 1:
		g.def(b.Load(slot.Elem, slot, slot.Name))
	case 2, 3:
		b.Store(g.value(slot.Elem), slot)
	case 4, 5:
		ops := []Op{OpAdd, OpSub, OpMul, OpAnd, OpOr, OpXor}
		g.def(b.Binary(ops[rng.Intn(len(ops))], g.value(t), g.value(t), "v"))
	case 6:
		// Division and shifts by constants mostly, so that few runs
		// stop on undefined behaviour.
		ops := []Op{OpSDiv, OpSRem, OpShl, OpAShr, OpLShr}
		op := ops[rng.Intn(len(ops))]
		var y *Value
		if op == OpSDiv || op == OpSRem {
			y = g.f.Const(t, []int64{3, -1, 2, 5}[rng.Intn(4)])
		} else {
			y = g.f.Const(t, int64(rng.Intn(t.Bits())))
		}
		if rng.Intn(8) == 0 {
			y = g.value(t)
		}
		g.def(b.Binary(op, g.value(t), y, "w"))
	case 7:
		g.def(b.ICmp(Pred(rng.Intn(int(PredUGE)+1)), g.value(t), g.value(t), "c"))
	case 8:
		g.def(b.Select(g.value(I1), g.value(t), g.value(t), "s"))
	case 9:
		from := progTypes[rng.Intn(len(progTypes))]
		switch x := g.value(from); {
		case from.Bits() < t.Bits():
			op := OpZExt
			if rng.Intn(2) == 0 {
				op = OpSExt
			}
			g.def(b.Cast(op, x, t, "z"))
		case from.Bits() > t.Bits():
			g.def(b.Cast(OpTrunc, x, t, "tr"))
		}
	case 10:
		b.Call("sink", Void, []*Value{g.convert(g.value(t), I64)}, "")
	case 11:
		g.special0()
	}
}

// special0 touches slot 0 in the way this program's special says.
func (g *progGen) special0() {
	b, s := g.b, g.slots[0]
	switch g.special {
	case 1:
		b.Call("escape", Void, []*Value{s}, "")
	case 2:
		addr := b.GEP(I64, s, g.f.Const(I64, 0), "addr")
		if g.rng.Intn(2) == 0 {
			g.def(b.Load(I64, addr, "viaaddr"))
		} else {
			b.Store(g.value(I64), addr)
		}
	case 3:
		g.def(b.Load(I32, s, "low"))
	case 4:
		addr := b.Load(Ptr, g.pointer, "p")
		b.Store(b.Binary(OpAdd, b.Load(I64, addr, "deref"), g.value(I64), "inc"), addr)
	}
}

// progInputs are the argument vectors the oracle runs each program on.
var progInputs = [][]int64{{0, 0}, {1, 2}, {-5, 7}, {100, -3}, {math.MinInt64, 1}, {42, 42}, {-1, math.MaxInt64}}
