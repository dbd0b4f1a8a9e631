package middle

import "testing"

// Values cut from one slab are independent: each has its own operands, an
// append to one's operands leaves its neighbours' intact, and a value of
// more operands than a slab's array holds gets an array of its own.
func TestValueSlabIndependent(t *testing.T) {
	f := &Func{Name: "f"}
	a, b := f.NewValue(OpParam, I64, "a"), f.NewValue(OpParam, I64, "b")
	var vs []*Value
	for range 3 * slabArgs {
		vs = append(vs, f.NewValue(OpAdd, I64, "x", a, b))
	}
	many := make([]*Value, 2*slabArgs)
	for i := range many {
		many[i] = a
	}
	big := f.NewValue(OpPhi, I64, "p", many...)
	for _, v := range vs {
		v.Args = append(v.Args, v) // as a pass that adds an operand
	}
	for i, v := range vs {
		if len(v.Args) != 3 || v.Args[0] != a || v.Args[1] != b || v.Args[2] != v {
			t.Fatalf("value %d (%s) has operands %v", i, v.Name, v.Args)
		}
	}
	if len(big.Args) != len(many) || big.Args[len(many)-1] != a {
		t.Fatalf("the φ has %d operands", len(big.Args))
	}
	if w := f.NewValue(OpRet, Void, ""); len(w.Args) != 0 || w.ID != len(vs)+3 {
		t.Fatalf("a value without operands: %d operands, ID %d", len(w.Args), w.ID)
	}
}

// Blocks cut from one slab are independent: each outgrows its first
// instruction and edge arrays without touching its neighbours'.
func TestBlockSlabIndependent(t *testing.T) {
	f := &Func{Name: "f"}
	var bs []*Block
	for range 3 * slabBlocks {
		bs = append(bs, f.NewBlock("b"))
	}
	for i, b := range bs {
		for range blockInstrs + 3 {
			b.Append(f.NewValue(OpConst, I64, "", nil...))
		}
		for k := 1; k <= 2*blockEdges+1; k++ {
			b.AddEdgeTo(bs[(i+k)%len(bs)])
		}
	}
	for i, b := range bs {
		if len(b.Instrs) != blockInstrs+3 || len(b.Succs) != 2*blockEdges+1 || len(b.Preds) != 2*blockEdges+1 {
			t.Fatalf("block %d: %d instructions, %d successors, %d predecessors", i, len(b.Instrs), len(b.Succs), len(b.Preds))
		}
		for _, v := range b.Instrs {
			if v.Block != b {
				t.Fatalf("block %d holds a value of block %s", i, v.Block.Name)
			}
		}
		for k, e := range b.Succs {
			if want := bs[(i+k+1)%len(bs)]; e.b != want || e.b.Preds[e.i].b != b {
				t.Fatalf("block %d: successor %d is %s, want %s", i, k, e.b.Name, want.Name)
			}
		}
	}
}
