package middle

import (
	"math/rand"
	"testing"
)

// bruteDominators returns dom[a][b] = a dominates b, by the definition:
// deleting a makes b unreachable (and every block dominates itself).
func bruteDominators(f *Func) [][]bool {
	n := f.NumBlocks()
	reach := reachableWithout(f, nil)
	dom := make([][]bool, n)
	for _, a := range f.Blocks {
		dom[a.ID] = make([]bool, n)
		without := reachableWithout(f, a)
		for _, b := range f.Blocks {
			dom[a.ID][b.ID] = a == b || !without[b.ID] || !reach[b.ID]
			if !reach[a.ID] && reach[b.ID] {
				dom[a.ID][b.ID] = false
			}
		}
	}
	return dom
}

func TestDominatorsAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for iter := 0; iter < 3000; iter++ {
		f := randomCFG(rng, 1+rng.Intn(40), iter%3 == 0)
		checkDomTree(t, f, ComputeDom(f), bruteDominators(f))
	}
}

// Blocks of many predecessors, deep in the tree (the exit of a loop of
// many breaks, each below the last, and blocks that many branches of the
// chain reach), whose idoms the search finds by marking what its fingers
// passed: against the definition, on random chains with hubs and back
// edges.
func TestDominatorsManyPredecessors(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for iter := 0; iter < 400; iter++ {
		n := 20 + rng.Intn(60)
		f, cond, blocks := emptyBlocks("hubs", n)
		hubs := []*Block{blocks[n-1], blocks[n/2+rng.Intn(n/2)], blocks[1+rng.Intn(n-1)]}
		bld := NewBuilder(f)
		for i, b := range blocks {
			bld.SetBlock(b)
			switch r := rng.Intn(10); {
			case i == n-1:
				bld.Ret(nil)
			case r < 6:
				bld.CondBr(cond, blocks[i+1], hubs[rng.Intn(len(hubs))])
			case r < 8:
				bld.CondBr(cond, blocks[i+1], blocks[1+rng.Intn(n-1)])
			default:
				bld.Br(blocks[i+1])
			}
		}
		checkDomTree(t, f, ComputeDom(f), bruteDominators(f))
	}
}

func checkDomTree(t *testing.T, f *Func, d *DomTree, dom [][]bool) {
	t.Helper()
	reach := reachableWithout(f, nil)
	for _, a := range f.Blocks {
		if d.Reachable(a) != reach[a.ID] {
			t.Fatalf("%s\nReachable(%s) = %v", f, a, d.Reachable(a))
		}
		for _, b := range f.Blocks {
			if got := d.Dominates(a, b); got != dom[a.ID][b.ID] {
				t.Fatalf("%s\nDominates(%s, %s) = %v, want %v", f, a, b, got, dom[a.ID][b.ID])
			}
		}
	}
	for _, b := range f.Blocks {
		idom := d.Idom(b)
		if !reach[b.ID] || b == f.Entry() {
			if idom != nil {
				t.Fatalf("%s\nIdom(%s) = %s, want none", f, b, idom)
			}
			continue
		}
		// The immediate dominator is the strict dominator that every other
		// strict dominator dominates.
		if idom == nil || idom == b || !dom[idom.ID][b.ID] {
			t.Fatalf("%s\nIdom(%s) = %v is no strict dominator", f, b, idom)
		}
		for _, a := range f.Blocks {
			if a != b && reach[a.ID] && dom[a.ID][b.ID] && !dom[a.ID][idom.ID] {
				t.Fatalf("%s\nIdom(%s) = %s, but %s is a closer strict dominator", f, b, idom, a)
			}
		}
		found := false
		for _, c := range d.Children(idom) {
			found = found || c == b
		}
		if !found {
			t.Fatalf("%s\n%s missing from Children(%s)", f, b, idom)
		}
	}
	var walked []*Block
	d.Walk(func(b *Block) { walked = append(walked, b) }, nil)
	if len(walked) != len(d.RPO()) {
		t.Fatalf("Walk visited %d blocks, RPO has %d", len(walked), len(d.RPO()))
	}
}

// A merge block has two CFG predecessors but one immediate dominator: the
// branch above them.
func TestDominatorsDiamond(t *testing.T) {
	m := NewModule("diamond.ll")
	f := m.NewFunc("diamond", Void)
	c := f.AddParam(I1, "c")
	b := NewBuilder(f)
	entry, then, els, join := f.NewBlock("entry"), f.NewBlock("then"), f.NewBlock("else"), f.NewBlock("join")
	b.SetBlock(entry)
	b.CondBr(c, then, els)
	b.SetBlock(then)
	b.Br(join)
	b.SetBlock(els)
	b.Br(join)
	b.SetBlock(join)
	b.Ret(nil)
	d := ComputeDom(f)
	if d.Idom(join) != entry || d.Idom(then) != entry || d.Idom(els) != entry {
		t.Errorf("idoms: then %v else %v join %v, want entry for all", d.Idom(then), d.Idom(els), d.Idom(join))
	}
	if d.Dominates(then, join) || !d.Dominates(entry, join) || !d.StrictlyDominates(entry, then) || d.StrictlyDominates(join, join) {
		t.Errorf("wrong dominance in the diamond")
	}
}

// A declaration has an empty tree, and the analyses built on it are empty
// rather than crashing.
func TestDominatorsOfDeclaration(t *testing.T) {
	f := NewModule("decl.ll").NewFunc("external", Void)
	d := ComputeDom(f)
	if len(d.RPO()) != 0 || len(ComputeLoops(d).Loops) != 0 || len(ReversePostorder(f)) != 0 {
		t.Errorf("a declaration has blocks in its analyses")
	}
	ComputeFrontiers(d)
	ComputeLiveness(f)
}
