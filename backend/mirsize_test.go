package backend

import (
	"slices"
	"testing"
	"unsafe"
)

// Every machine instruction has an array of operands, cut from slabs: an
// Operand is kept at 40 bytes by sharing one pointer for its slot, block
// or symbol and by its field order (mir.go); a field added or moved past
// the small ones makes it 48.
func TestOperandSize(t *testing.T) {
	if got := unsafe.Sizeof(Operand{}); got != 40 {
		t.Errorf("an Operand takes %d bytes, want 40", got)
	}
}

// An Instr is kept at 72 bytes: what only some instructions have (a φ's
// blocks: Func.phiFrom) is kept beside them, not in every one.
func TestInstrSize(t *testing.T) {
	if got := unsafe.Sizeof(Instr{}); got != 72 {
		t.Errorf("an Instr takes %d bytes, want 72", got)
	}
}

// forEachDef looks only at the first operand for a register written: no
// opcode may write another (role). An opcode that does must change both.
func TestOnlyFirstOperandWritten(t *testing.T) {
	for op := range opcode(len(opNames)) {
		in := &Instr{Op: op}
		for i := 1; i < 8; i++ {
			if in.role(i)&roleDef != 0 {
				t.Errorf("%s writes its operand %d: forEachDef would miss it", opNames[op], i)
			}
		}
	}
	// And the first is reported when it is written.
	in := &Instr{Op: opAdd, Args: []Operand{{Kind: KindReg, Reg: FirstVReg}, {Kind: KindReg, Reg: FirstVReg + 1}}}
	var defs []Reg
	in.forEachDef(func(r Reg) { defs = append(defs, r) })
	if len(defs) != 1 || defs[0] != FirstVReg {
		t.Errorf("add v0, v1 defines %v, want [v0]", defs)
	}
}

// A set's released slabs come back empty: an interval cut from them has
// no ranges, hints or marks of the one that was there before.
func TestIntervalSlabsReleased(t *testing.T) {
	var set intervalSet
	for i := range 3 * slabIntervals {
		it := set.newInterval(FirstVReg + Reg(i))
		it.addRange(2*i+8, 2*i+9) // backwards, as the build adds them
		it.addRange(2*i+4, 2*i+5)
		it.addRange(2*i, 2*i+1) // past the slab's room: reallocated
		set.hint(it, RAX)
		it.spilled, it.weight, it.cursor = true, 3, 2
	}
	set.release()
	var again intervalSet
	defer again.release()
	for i := range 3 * slabIntervals {
		it := again.newInterval(FirstVReg + Reg(i))
		if len(it.Ranges) != 0 || it.hints != nil || it.spilled || it.weight != 0 || it.cursor != 0 || it.Reg != FirstVReg+Reg(i) {
			t.Fatalf("interval %d cut from a released slab is %+v", i, *it)
		}
		it.addRange(4, 5)
		it.addRange(0, 1)
		if !slices.Equal(it.Ranges, []Range{{4, 5}, {0, 1}}) {
			t.Fatalf("interval %d's ranges are %v", i, it.Ranges)
		}
	}
}
