package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// An assignment's anchors are the same whether anchors looks at each
// instruction or, during mem2reg's walk, skips through the block's index:
// on random blocks (long ones too, which the index is for) of allocas and φs at the top, then promoted loads and
// stores, stores through pointers, calls and arithmetic, for an
// assignment at every instruction.
func TestAnchorsWithIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := range 500 {
		m := NewModule("a.ll")
		f := m.NewFunc("f", Void)
		p := f.AddParam(Ptr, "p")
		b := f.NewBlock("entry")
		next := f.NewBlock("next")
		var slots []*Value
		for range 1 + rng.Intn(4) {
			a := f.NewValue(OpAlloca, Ptr, "s")
			a.Elem = I64
			b.Append(a)
			slots = append(slots, a)
		}
		x := f.Const(I64, 1)
		for range rng.Intn(160) {
			var v *Value
			switch rng.Intn(6) {
			case 0:
				v = f.NewValue(OpStore, Void, "", x, slots[rng.Intn(len(slots))])
			case 1:
				v = f.NewValue(OpLoad, I64, "l", slots[rng.Intn(len(slots))])
			case 2:
				v = f.NewValue(OpStore, Void, "", x, p)
			case 3:
				v = f.NewValue(OpCall, Void, "")
				v.Sym = "g"
			default:
				v = f.NewValue(OpAdd, I64, "a", x, x)
			}
			b.Append(v)
		}
		b.Append(f.NewValue(OpBr, Void, ""))
		b.AddEdgeTo(next)
		next.Append(f.NewValue(OpRet, Void, ""))
		d := &FuncDebug{}
		for i := range b.Instrs {
			want := d.anchors(b, i)
			d.startWalk(0, 0)
			got := d.anchors(b, i)
			d.endWalk()
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, at %d: with the index %v, without %v", round, i, got, want)
			}
		}
	}
}

// indexAssigns lists each block's assignments as BlockOf places them,
// through chains of merged blocks: against BlockOf on each assignment.
func TestIndexAssignsAsBlockOf(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for round := range 300 {
		f, _, blocks := emptyBlocks("assigns", 1+rng.Intn(20))
		d := &FuncDebug{}
		for i, b := range blocks[1:] {
			if rng.Intn(3) == 0 {
				d.merged(b, blocks[rng.Intn(i+1)]) // into an earlier block
			}
		}
		for range rng.Intn(60) {
			var b *Block
			if rng.Intn(8) > 0 {
				b = blocks[rng.Intn(len(blocks))]
			}
			d.Assigns = append(d.Assigns, DebugAssign{Block: b})
		}
		ix := d.indexAssigns(f)
		for _, b := range blocks {
			var want []int32
			for i := range d.Assigns {
				if d.BlockOf(&d.Assigns[i]) == b {
					want = append(want, int32(i))
				}
			}
			if got := ix.of(b); !slices.Equal(got, want) {
				t.Fatalf("round %d: %s's assignments %v, want %v", round, b, got, want)
			}
		}
	}
}
