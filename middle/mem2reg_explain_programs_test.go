package middle_test

import (
	"os"
	"path/filepath"
	"testing"

	"toyc/frontend"
	"toyc/middle"
)

// TestMem2RegExplainedPrograms checks that Mem2RegExplained reports what
// mem2reg did on every function of every Toy test program, compiled to the
// frontend's slot IR with unreachable blocks removed first, as the pass
// table does: the same IR as Mem2Reg, every φ listed for its slot and
// block, φs exactly on IDF(defs) ∩ live-in as the middle's frontier and
// liveness analyses find them, no access to a promoted slot left, the loads'
// reported values the ones their uses read (see CheckMem2RegExplained).
// It is an external test because frontend imports middle.
func TestMem2RegExplainedPrograms(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "tests", "programs", "*.toy"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no programs in ../tests/programs")
	}
	slots, phis, rounds := 0, 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		// Three compilations, so that each function can be had three times:
		// explained, plain, and taken through the rounds one at a time.
		var mods [3]*middle.Module
		for i := range mods {
			m, diags := frontend.Compile(file, src)
			if diags != nil {
				t.Fatalf("%s: %v", file, diags)
			}
			for _, f := range m.Funcs {
				middle.RemoveUnreachable(f)
			}
			mods[i] = m
		}
		for _, f := range mods[0].Funcs {
			if f.IsDecl() {
				continue
			}
			next := 0
			rep := middle.CheckMem2RegExplained(t, func() *middle.Func {
				next++
				return mods[next-1].Func(f.Name)
			})
			if t.Failed() {
				t.Fatalf("%s: function %s", file, f.Name)
			}
			rounds = max(rounds, len(rep.Rounds))
			for _, round := range rep.Rounds {
				for _, s := range round.Slots {
					if s.Promoted {
						slots++
						phis += len(s.Phis)
					}
				}
			}
		}
	}
	t.Logf("%d programs: %d slots promoted, %d φs placed, at most %d rounds", len(files), slots, phis, rounds)
	if slots == 0 || phis == 0 {
		t.Errorf("the programs promoted %d slots with %d φs: not a test", slots, phis)
	}
}
