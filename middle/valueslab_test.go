package middle

import (
	"testing"
	"unsafe"
)

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

// Each slab array fills its size class of the Go allocator (the sizes are
// written out, since the arrays' types cannot take them from the structs
// they hold): one more element would take a larger class.
func TestSlabSizesFillSizeClasses(t *testing.T) {
	for _, c := range []struct {
		name      string
		n, size   uintptr
		sizeClass uintptr
	}{
		{"slabValues", slabValues, unsafe.Sizeof(Value{}), 4096},
		{"slabArgs", slabArgs, unsafe.Sizeof((*Value)(nil)), 512},
		{"slabBlocks", slabBlocks, unsafe.Sizeof(Block{}), 2048},
		{"slabEdges", slabEdges, unsafe.Sizeof(Edge{}), 1024},
	} {
		if c.n*c.size > c.sizeClass || (c.n+1)*c.size <= c.sizeClass {
			t.Errorf("%s = %d; %d-byte elements fill a %d-byte array with %d", c.name, c.n, c.size, c.sizeClass, c.sizeClass/c.size)
		}
	}
}

// A released slab's arrays are emptied before another function's slab
// takes them: a value cut from them is a zero value, whatever the
// released function held.
func TestReleasedSlabArraysEmpty(t *testing.T) {
	f := &Func{Name: "f"}
	a := f.NewValue(OpParam, I64, "a")
	for range 4 * slabValues {
		v := f.NewValue(OpAdd, I64, "x", a, a)
		v.Const, v.Sym = 7, "s"
	}
	f.NewBlock("b")
	f.ReleaseCode()
	g := &Func{Name: "g"}
	for range 4 * slabValues {
		v := g.bodySlab().value(nil)
		if v.Op != 0 || v.Args != nil || v.Const != 0 || v.Sym != "" || v.Name != "" || v.Block != nil {
			t.Fatalf("a value of a new slab holds %+v", *v)
		}
	}
	if b := g.bodySlab().bareBlock(); b.Name != "" || b.Instrs != nil || b.Func != nil {
		t.Fatalf("a block of a new slab holds %+v", *b)
	}
}
