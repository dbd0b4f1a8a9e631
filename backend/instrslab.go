package backend

import (
	"sync"
	"unsafe"

	"toyc/middle"
)

// Instructions and their operands are cut from arrays of many (slabs)
// rather than allocated one by one: instruction selection makes one or two
// instructions per IR value, and their allocation, an object of 250 bytes
// with pointers each, was a tenth of the compiler's allocations and of the
// allocator's time at -O0. A function's instructions live as long as
// the machine function, which is dropped once its text is written: its
// slabs' arrays then go to the functions selected after it (dropCode),
// unless the dumps or the explorer may read its code still (keepCode).
// Each instruction's operands are a full slice (its length is its
// capacity): an append moves them out, as for newInstr's.

// Slab sizes: as many as fit in a few kilobytes that are one of the Go
// allocator's size classes, so that no slab is rounded up (as values',
// middle/valueslab.go).
const (
	slabInstrs   = int(4096 / unsafe.Sizeof(Instr{}))
	slabOperands = int(4096 / unsafe.Sizeof(Operand{}))
)

// instrSlab is where a function's instructions are cut from. The zero
// value is empty; a nil *instrSlab allocates each instruction on its own
// (newInstr).
type instrSlab struct {
	instrs []Instr
	ops    []Operand
	// The arrays cut so far, which release gives back for other
	// functions' slabs (as the IR's, middle/valueslab.go).
	instrArrays   []*[slabInstrs]Instr
	operandArrays []*[slabOperands]Operand
}

// Arrays of released slabs, emptied, for the next slabs.
var instrArrays, operandArrays sync.Pool

// release gives sl's arrays back for other slabs: nothing may use an
// instruction or operand cut from sl after.
func (sl *instrSlab) release() {
	middle.GiveArrays(&instrArrays, sl.instrArrays)
	middle.GiveArrays(&operandArrays, sl.operandArrays)
	*sl = instrSlab{}
}

// newInstr is newInstr, from the slab.
func (sl *instrSlab) newInstr(op opcode, size uint8, args []Operand) *Instr {
	return sl.instr(Instr{Op: op, Size: size}, args...)
}

// instr returns a copy of in (whose Args are ignored) with a copy of args
// as its operands.
func (sl *instrSlab) instr(in Instr, args ...Operand) *Instr {
	if sl == nil {
		p := newInstr(in.Op, in.Size, args)
		a := p.Args
		*p = in
		p.Args = a
		return p
	}
	if len(sl.instrs) == 0 {
		sl.instrs = middle.TakeArray(&instrArrays, &sl.instrArrays)[:]
	}
	p := &sl.instrs[0]
	sl.instrs = sl.instrs[1:]
	*p = in
	p.Args = nil
	if n := len(args); n > 0 {
		if len(sl.ops) < n {
			if n <= slabOperands {
				sl.ops = middle.TakeArray(&operandArrays, &sl.operandArrays)[:]
			} else {
				sl.ops = make([]Operand, n)
			}
		}
		p.Args = sl.ops[:n:n]
		sl.ops = sl.ops[n:]
		copy(p.Args, args)
	}
	return p
}

// dropCode gives f's instructions, blocks and register records back for other functions' once its text
// is written, unless the dumps or the explorer may still read them
// (keepCode).
func (f *Func) dropCode() {
	if f != nil && !f.keepCode {
		f.slab.release()
		if vs := middle.Released(f.vregs); vs != nil {
			vregTables.Put(vs)
		}
		f.vregs = nil
		if a := f.blockArrays; a != nil {
			blockArrayPool.Put(&blockArrays{blocks: middle.Released(a.blocks), edges: middle.Released(a.edges), preds: middle.Released(a.preds)})
			f.blockArrays = nil
		}
	}
}

// blockArrays are the arrays isel cuts a function's blocks and their
// successor and predecessor lists from (makeBlocks), which dropCode gives
// back for the next function's (blockArrayPool).
type blockArrays struct {
	blocks       []Block
	edges, preds []*Block
}

var blockArrayPool sync.Pool

// vregTables keeps dropped functions' register records for the next
// functions' (scratch.go).
var vregTables sync.Pool
