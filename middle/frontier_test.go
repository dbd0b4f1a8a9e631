package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// bruteFrontier is DF(x) by its definition: the blocks b such that x
// dominates a predecessor of b and does not strictly dominate b.
func bruteFrontier(f *Func, dom [][]bool, reach []bool, x *Block) []*Block {
	var df []*Block
	for _, b := range f.Blocks {
		if !reach[b.ID] || (dom[x.ID][b.ID] && x != b) {
			continue
		}
		if slices.ContainsFunc(b.PredBlocks(), func(p *Block) bool { return reach[p.ID] && dom[x.ID][p.ID] }) {
			df = append(df, b)
		}
	}
	return df
}

// bruteIterated is the least set Z with Z = {y in DF(defs ∪ Z) : keep(y)},
// by naive iteration.
func bruteIterated(f *Func, dom [][]bool, reach []bool, defs []*Block, keep func(*Block) bool) []*Block {
	in := make([]bool, f.NumBlocks())
	for changed := true; changed; {
		changed = false
		for _, x := range f.Blocks {
			if !reach[x.ID] || (!in[x.ID] && !slices.Contains(defs, x)) {
				continue
			}
			for _, y := range bruteFrontier(f, dom, reach, x) {
				if !in[y.ID] && (keep == nil || keep(y)) {
					in[y.ID] = true
					changed = true
				}
			}
		}
	}
	var z []*Block
	for _, b := range f.Blocks {
		if in[b.ID] {
			z = append(z, b)
		}
	}
	return z
}

func sameBlockSet(a, b []*Block) bool {
	byID := func(x, y *Block) int { return x.ID - y.ID }
	a, b = slices.SortedFunc(slices.Values(a), byID), slices.SortedFunc(slices.Values(b), byID)
	return slices.Equal(a, b)
}

// Against the definition, both the frontiers made as sets and those left
// implicit (those of a graph whose sets would be too large), whose
// queries walk the DJ-graph.
func TestFrontiersAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for iter := 0; iter < 6000; iter++ {
		f := randomCFG(rng, 1+rng.Intn(40), iter%3 == 0)
		dom, reach := bruteDominators(f), reachableWithout(f, nil)
		d := ComputeDom(f)
		df := ComputeFrontiers(d)
		if iter%2 == 1 {
			df = implicitFrontiers(d)
		}
		for _, x := range f.Blocks {
			want := []*Block(nil)
			if reach[x.ID] {
				want = bruteFrontier(f, dom, reach, x)
			}
			got := df.Of(x)
			if !sameBlockSet(got, want) || len(got) != len(want) {
				t.Fatalf("%s\nDF(%s) = %v, want %v", f, x, got, want)
			}
			if !slices.IsSortedFunc(got, func(a, b *Block) int { return d.Index(a) - d.Index(b) }) {
				t.Fatalf("DF(%s) = %v is not in reverse postorder", x, got)
			}
		}
		// A few random definition sets per function, pruned and not; the
		// scratch marks are reused between the queries.
		for q := 0; q < 4; q++ {
			var defs []*Block
			for _, b := range f.Blocks {
				if rng.Intn(4) == 0 {
					defs = append(defs, b)
				}
			}
			var keep func(*Block) bool
			if q%2 == 1 {
				// Pruned: where a variable stored in defs and loaded
				// first in some blocks is live-in, as Iterated requires.
				loadFirst := make([]bool, f.NumBlocks())
				for i := range loadFirst {
					loadFirst[i] = rng.Intn(3) == 0
				}
				live := make([]bool, f.NumBlocks())
				for changed := true; changed; {
					changed = false
					for _, b := range f.Blocks {
						l := loadFirst[b.ID] || !slices.Contains(defs, b) && slices.ContainsFunc(b.SuccBlocks(), func(s *Block) bool { return live[s.ID] })
						if l != live[b.ID] {
							live[b.ID], changed = l, true
						}
					}
				}
				keep = func(b *Block) bool { return live[b.ID] }
			}
			got, want := df.Iterated(defs, keep), bruteIterated(f, dom, reach, defs, keep)
			if !sameBlockSet(got, want) || len(got) != len(want) {
				t.Fatalf("%s\nDF+(%v) = %v, want %v", f, defs, got, want)
			}
		}
	}
}

// A block that loops to itself is in its own frontier; the loop header of
// a while loop is in the frontier of the body.
func TestFrontierSelfLoopAndWhile(t *testing.T) {
	m := NewModule("loops.ll")
	f := m.NewFunc("loops", Void)
	c := f.AddParam(I1, "c")
	b := NewBuilder(f)
	entry, self, head, body, exit := f.NewBlock("entry"), f.NewBlock("self"), f.NewBlock("head"), f.NewBlock("body"), f.NewBlock("exit")
	b.SetBlock(entry)
	b.Br(self)
	b.SetBlock(self)
	b.CondBr(c, self, head)
	b.SetBlock(head)
	b.CondBr(c, body, exit)
	b.SetBlock(body)
	b.Br(head)
	b.SetBlock(exit)
	b.Ret(nil)
	df := ComputeFrontiers(ComputeDom(f))
	for _, tc := range []struct {
		b    *Block
		want []*Block
	}{{entry, nil}, {self, []*Block{self}}, {head, []*Block{head}}, {body, []*Block{head}}, {exit, nil}} {
		if got := df.Of(tc.b); !slices.Equal(got, tc.want) {
			t.Errorf("DF(%s) = %v, want %v", tc.b, got, tc.want)
		}
	}
}
