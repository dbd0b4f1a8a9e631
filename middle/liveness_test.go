package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// randomValues fills the blocks of a random CFG with i64 arithmetic: φs
// (one entry per predecessor edge) and adds whose operands are drawn from every
// value made so far, wherever it lives. That is not valid SSA, but liveness
// is defined on any such program, so the analysis can be compared with the
// data-flow equations on far more shapes than valid programs give.
func randomValues(rng *rand.Rand, f *Func) {
	pool := []*Value{f.AddParam(I64, "x"), f.AddParam(I64, "y")}
	var phis []*Value
	for _, b := range f.Blocks {
		for range len(b.PredBlocks()) * rng.Intn(2) {
			phi := f.NewValue(OpPhi, I64, "p")
			b.InsertPhi(phi)
			phis = append(phis, phi)
			pool = append(pool, phi)
		}
	}
	bld := NewBuilder(f)
	for _, b := range f.Blocks {
		term := b.Instrs[len(b.Instrs)-1]
		b.Instrs = b.Instrs[:len(b.Instrs)-1]
		bld.SetBlock(b)
		for range rng.Intn(4) {
			x, y := pool[rng.Intn(len(pool))], pool[rng.Intn(len(pool))]
			pool = append(pool, bld.Binary(OpAdd, x, y, "v"))
		}
		b.Append(term)
	}
	for _, phi := range phis {
		chosen := map[*Block]*Value{} // the edges from one block carry one value
		for _, p := range phi.Block.PredBlocks() {
			if chosen[p] == nil {
				chosen[p] = pool[rng.Intn(len(pool))]
			}
			phi.AddArg(chosen[p])
		}
	}
}

// naiveLiveness solves the data-flow equations by round-robin iteration:
// LiveOut(B) = ∪ over successors S of LiveIn(S) ∪ the φ operands of S for
// the edge from B; LiveIn(B) = upward-exposed non-φ uses ∪ (LiveOut(B) minus
// the values defined in B, φs included).
func naiveLiveness(f *Func) (in, out [][]bool) {
	nv, nb := f.NumValues(), f.NumBlocks()
	in, out = make([][]bool, nb), make([][]bool, nb)
	for i := range in {
		in[i], out[i] = make([]bool, nv), make([]bool, nv)
	}
	tracked := func(v *Value) bool { return v.Op == OpParam || (v.Block != nil && v.HasResult()) }
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			newOut := make([]bool, nv)
			uniqueSuccs(b, func(s *Block) {
				for i, live := range in[s.ID] {
					newOut[i] = newOut[i] || live
				}
				for _, phi := range s.Phis() {
					if a := phi.IncomingFor(b); a != nil && tracked(a) {
						newOut[a.ID] = true
					}
				}
			})
			newIn := slices.Clone(newOut)
			for i := len(b.Instrs) - 1; i >= 0; i-- {
				v := b.Instrs[i]
				newIn[v.ID] = false
				if v.Op == OpPhi {
					continue
				}
				for _, a := range v.Args {
					if tracked(a) {
						newIn[a.ID] = true
					}
				}
			}
			if b == f.Entry() {
				for _, p := range f.Params {
					newIn[p.ID] = false
				}
			}
			if !slices.Equal(newIn, in[b.ID]) || !slices.Equal(newOut, out[b.ID]) {
				in[b.ID], out[b.ID] = newIn, newOut
				changed = true
			}
		}
	}
	return in, out
}

func valueSet(f *Func, vs []*Value) []bool {
	set := make([]bool, f.NumValues())
	for _, v := range vs {
		set[v.ID] = true
	}
	return set
}

func TestLivenessAgainstFixpoint(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for iter := 0; iter < 2000; iter++ {
		f := randomCFG(rng, 1+rng.Intn(25), iter%3 == 0)
		randomValues(rng, f)
		l := ComputeLiveness(f)
		in, out := naiveLiveness(f)
		for _, b := range f.Blocks {
			if !slices.Equal(valueSet(f, l.In(b)), in[b.ID]) {
				t.Fatalf("%s\nLiveIn(%s) = %v want %v", f, b, l.In(b), in[b.ID])
			}
			if !slices.Equal(valueSet(f, l.Out(b)), out[b.ID]) {
				t.Fatalf("%s\nLiveOut(%s) = %v", f, b, l.Out(b))
			}
			isSorted := func(vs []*Value) bool {
				return slices.IsSortedFunc(vs, func(a, b *Value) int { return a.ID - b.ID })
			}
			if !isSorted(l.In(b)) || !isSorted(l.Out(b)) {
				t.Fatalf("sets of %s not sorted by ID", b)
			}
		}
	}
}

func TestSlotLivenessAgainstFixpoint(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for iter := 0; iter < 2000; iter++ {
		f := randomCFG(rng, 1+rng.Intn(30), iter%3 == 0)
		s := NewSlotLiveness(f)
		// Several slots per function, so the reused marks are exercised.
		for range 3 {
			loadFirst, store := make([]bool, f.NumBlocks()), make([]bool, f.NumBlocks())
			var loadBlocks, storeBlocks []*Block
			for _, b := range f.Blocks {
				switch rng.Intn(5) {
				case 0: // load, then store
					loadFirst[b.ID], store[b.ID] = true, true
				case 1:
					loadFirst[b.ID] = true
				case 2:
					store[b.ID] = true
				}
				if loadFirst[b.ID] {
					loadBlocks = append(loadBlocks, b)
				}
				if store[b.ID] {
					storeBlocks = append(storeBlocks, b)
				}
			}
			live := make([]bool, f.NumBlocks())
			for changed := true; changed; {
				changed = false
				for _, b := range f.Blocks {
					l := loadFirst[b.ID] || (!store[b.ID] && slices.ContainsFunc(b.SuccBlocks(), func(s *Block) bool { return live[s.ID] }))
					if l != live[b.ID] {
						live[b.ID], changed = l, true
					}
				}
			}
			got := s.LiveIn(loadBlocks, storeBlocks)
			var want []*Block
			for _, b := range f.Blocks {
				if live[b.ID] {
					want = append(want, b)
				}
				if s.IsLiveIn(b) != live[b.ID] {
					t.Fatalf("%s\nIsLiveIn(%s) = %v", f, b, s.IsLiveIn(b))
				}
			}
			if !sameBlockSet(got, want) || len(got) != len(want) {
				t.Fatalf("%s\nslot live-in %v, want %v", f, got, want)
			}
		}
	}
}
