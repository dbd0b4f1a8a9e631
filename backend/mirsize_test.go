package backend

import (
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
