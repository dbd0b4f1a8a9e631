package middle

import "sync"

// A function's values and their operand arrays are cut from arrays of
// many (slabs) rather than allocated one by one: building a body makes a
// value per instruction, operand and constant, and their allocation was
// a tenth of a compile's allocations at -O0 (the backend cuts its
// instructions the same way, backend/instrslab.go). A value lives as long
// as its function's body: when the body is released (ReleaseCode), its
// slabs' arrays are emptied and given to the bodies built after it, as
// Go's compiler reuses its Values from one function to the next through
// its Cache. Nothing may hold a value, block or edge of a body past its
// release, which would then be another body's: the parameters, which the
// declarations keep, are allocated on their own (AddParam), and so must
// be any value meant to outlive its body (and the machine code drops its
// registers' IR values first, backend/isel.go dropIR). Each value's Args
// is a full slice (its length is its capacity): an append moves the
// operands out, as it would for any value's.

//
// A block, and the first arrays of its instructions and edges, come from
// the slabs too: a body's blocks were a tenth of its allocations again,
// their instruction lists growing by append from nothing (four arrays by
// a block's eighth instruction) and each edge growing two edge lists. The
// first arrays are full slices of blockInstrs and blockEdges entries, so
// a block that outgrows them moves out as any slice does.

// Slab sizes: as many as fit in a few kilobytes that are one of the Go
// allocator's size classes, so that no slab is rounded up (32 values, 3584
// bytes, took an object of 4096: an eighth of every value slab unused).
// Written out rather than computed from unsafe.Sizeof, as the backend's
// are: the arrays' types (valueSlab) would then refer to the structs they
// size, Block to Func and Func to its slab, a cycle the compiler refuses;
// TestSlabSizesFillSizeClasses keeps them right.
const (
	slabValues  = 36 // 4096 / unsafe.Sizeof(Value{})
	slabArgs    = 64 // 512 / unsafe.Sizeof((*Value)(nil))
	slabBlocks  = 19 // 2048 / unsafe.Sizeof(Block{})
	slabEdges   = 64 // 1024 / unsafe.Sizeof(Edge{})
	blockInstrs = 8
	blockEdges  = 2
)

// valueSlab is where a function's values are cut from; the zero value is
// empty.
type valueSlab struct {
	values []Value
	args   []*Value // operand arrays and blocks' instruction arrays
	blocks []Block
	edges  []Edge
	// The arrays of the slab sizes cut so far, which release gives back
	// for other functions' slabs.
	valueArrays []*[slabValues]Value
	argArrays   []*[slabArgs]*Value
	blockArrays []*[slabBlocks]Block
	edgeArrays  []*[slabEdges]Edge
}

// Arrays of released slabs, emptied, for the next slabs: a compile builds
// tens of thousands of bodies, each of its own arrays, a fifth of what it
// allocates, while the last released body's are still in the cache.
var (
	valueArrays sync.Pool
	argArrays   sync.Pool
	blockArrays sync.Pool
	edgeArrays  sync.Pool
)

// release gives sl's arrays back for other slabs: nothing may use a value,
// block or edge cut from sl after.
func (sl *valueSlab) release() {
	GiveArrays(&valueArrays, sl.valueArrays)
	GiveArrays(&argArrays, sl.argArrays)
	GiveArrays(&blockArrays, sl.blockArrays)
	GiveArrays(&edgeArrays, sl.edgeArrays)
	*sl = valueSlab{}
}

// value returns a zero value whose Args are a copy of args.
func (sl *valueSlab) value(args []*Value) *Value {
	if len(sl.values) == 0 {
		sl.values = TakeArray(&valueArrays, &sl.valueArrays)[:]
	}
	v := &sl.values[0]
	sl.values = sl.values[1:]
	if n := len(args); n > 0 {
		v.Args = sl.pointers(n)
		copy(v.Args, args)
	}
	return v
}

// pointers returns a full slice of n nil pointers.
func (sl *valueSlab) pointers(n int) []*Value {
	if len(sl.args) < n {
		if n <= slabArgs {
			sl.args = TakeArray(&argArrays, &sl.argArrays)[:]
		} else {
			sl.args = make([]*Value, n)
		}
	}
	p := sl.args[:n:n]
	sl.args = sl.args[n:]
	return p
}

// block returns a zero block with room for blockInstrs instructions,
// blockEdges successors and blockEdges predecessors.
func (sl *valueSlab) block() *Block {
	b := sl.bareBlock()
	b.Instrs = sl.pointers(blockInstrs)[:0]
	if len(sl.edges) < 2*blockEdges {
		sl.edges = TakeArray(&edgeArrays, &sl.edgeArrays)[:]
	}
	b.Succs = sl.edges[:0:blockEdges]
	b.Preds = sl.edges[blockEdges : blockEdges : 2*blockEdges]
	sl.edges = sl.edges[2*blockEdges:]
	return b
}

// bareBlock returns a zero block, with no room for instructions or edges.
func (sl *valueSlab) bareBlock() *Block {
	if len(sl.blocks) == 0 {
		sl.blocks = TakeArray(&blockArrays, &sl.blockArrays)[:]
	}
	b := &sl.blocks[0]
	sl.blocks = sl.blocks[1:]
	return b
}

// edgeList returns a full slice of n zero edges.
func (sl *valueSlab) edgeList(n int) []Edge {
	if len(sl.edges) < n {
		if n <= slabEdges {
			sl.edges = TakeArray(&edgeArrays, &sl.edgeArrays)[:]
		} else {
			sl.edges = make([]Edge, n)
		}
	}
	e := sl.edges[:n:n]
	sl.edges = sl.edges[n:]
	return e
}
