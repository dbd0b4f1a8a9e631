package tests

import (
	"os"
	"path/filepath"
	"testing"

	"toyc/middle"
)

// TestPromotion checks that at -O1 every alloca left in a program's IR is
// one mem2reg must keep: its address is used other than as the address
// operand of a load or store of the slot's own type (passed to a call,
// stored, offset by getelementptr). The rule is restated here rather than
// taken from mem2reg, so that the test is an independent check of it.
func TestPromotion(t *testing.T) {
	needToyc(t)
	eachFile(t, filepath.Join("programs", "*.toy"), func(t *testing.T, name, src string) {
		ll := filepath.Join(t.TempDir(), name+".ll")
		if err := step("programs", tools.toyc, "--verify-each", "--emit=llvm", "-O1", name+".toy", "-o", ll); err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(ll)
		if err != nil {
			t.Fatal(err)
		}
		m, diags := middle.ParseModule(ll, text)
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		for _, f := range m.Funcs {
			for _, slot := range promotableSlots(f) {
				t.Errorf("function %s keeps the promotable slot %%%s in memory at -O1", f.Name, slot.Name)
			}
		}
	})
}

// promotableSlots returns the allocas of f whose every use is the address
// operand of a load or store of the slot's type.
func promotableSlots(f *middle.Func) []*middle.Value {
	escapes := map[*middle.Value]bool{}
	var slots []*middle.Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == middle.OpAlloca {
				slots = append(slots, v)
			}
			for i, a := range v.Args {
				if a.Op != middle.OpAlloca {
					continue
				}
				direct := (v.Op == middle.OpLoad && i == 0 && v.Type == a.Elem) ||
					(v.Op == middle.OpStore && i == 1 && v.Args[0].Type == a.Elem)
				if !direct {
					escapes[a] = true
				}
			}
		}
	}
	var promotable []*middle.Value
	for _, s := range slots {
		if !escapes[s] {
			promotable = append(promotable, s)
		}
	}
	return promotable
}
