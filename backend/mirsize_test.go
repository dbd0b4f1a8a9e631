package backend

import (
	"testing"
	"unsafe"
)

// Every machine instruction has an array of operands: an Operand is kept
// at 64 bytes, a Go size class, by its field order (mir.go); a field
// added or moved past the small ones makes it 80.
func TestOperandSize(t *testing.T) {
	if got := unsafe.Sizeof(Operand{}); got != 64 {
		t.Errorf("an Operand takes %d bytes, want 64", got)
	}
}
