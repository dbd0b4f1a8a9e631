package middle

import (
	"math/rand"
	"testing"
)

// TestMem2RegPreservesSemantics is the oracle test: random slot programs
// compute the same results, with the same external calls, after mem2reg,
// and no promotable slot is left.
func TestMem2RegPreservesSemantics(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	compared, programs := 0, 0
	for iter := 0; iter < 1500; iter++ {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		f := m.Func("main")
		RemoveUnreachable(f) // which can make a slot promotable
		promotable := newPromotion(f).slots
		allocas := countOps(f, OpAlloca)
		compared += compareRuns(t, m, "main", progInputs, 3000, Mem2Reg)
		programs++
		if got := countOps(f, OpAlloca); got != allocas-len(promotable) {
			t.Fatalf("%s\n%d slots left, want %d", f, got, allocas-len(promotable))
		}
	}
	if compared < programs*len(progInputs)/3 {
		t.Errorf("only %d of %d runs compared; the generator makes too many programs that loop or trap", compared, programs*len(progInputs))
	}
}

func countOps(f *Func, op Op) int {
	n := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == op {
				n++
			}
		}
	}
	return n
}
