package middle

import (
	"math"
	"math/rand"
	"slices"
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

// Lengauer–Tarjan gives the iteration's tree on random CFGs, the
// iteration's own bad cases aside (those below).
func TestLengauerTarjanAsIteration(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	for iter := 0; iter < 3000; iter++ {
		f := randomCFG(rng, 1+rng.Intn(60), iter%3 == 0)
		d := ComputeDom(f)
		n := len(d.order)
		want, ok := iterateIdoms(n, d.predStart, d.preds, math.MaxInt)
		if !ok {
			t.Fatal("the iteration gave up without a budget")
		}
		if got := lengauerTarjan(n, d.predStart, d.preds); !slices.Equal(got, want) {
			t.Fatalf("%s\nLengauer-Tarjan's idoms %v, the iteration's %v (by rpo position)", f, got, want)
		}
	}
}

// A ladder: two chains side by side, the i-th block of each branching to
// a block of its own (a loop's i-th bounds check's failure block, shared
// by the loop's check-free copy), rungs at random left out or crossed to
// the next, branches in random order. The iteration's fingers walk both
// chains to the top for each such block, past the budget, and
// Lengauer–Tarjan makes the tree: against the definition.
func TestDominatorsLadder(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	for iter := 0; iter < 12; iter++ {
		n := 300 + rng.Intn(100)
		f, cond, blocks := emptyBlocks("ladder", 3*n+2)
		entry, exit := blocks[0], blocks[3*n+1]
		a := func(i int) *Block { return blocks[1+i] }
		b := func(i int) *Block { return blocks[1+n+i] }
		fail := func(i int) *Block { return blocks[1+2*n+i] }
		bld := NewBuilder(f)
		branch := func(x, y *Block) {
			if rng.Intn(2) == 0 {
				x, y = y, x
			}
			bld.CondBr(cond, x, y)
		}
		bld.SetBlock(entry)
		branch(a(0), b(0))
		for i := 0; i < n; i++ {
			next := func(chain func(int) *Block) *Block {
				if i == n-1 {
					return exit
				}
				return chain(i + 1)
			}
			bld.SetBlock(a(i))
			branch(next(a), fail(i))
			bld.SetBlock(b(i))
			switch rng.Intn(8) {
			case 0:
				bld.Br(next(b))
			case 1:
				branch(next(b), fail(min(i+1, n-1)))
			default:
				branch(next(b), fail(i))
			}
			bld.SetBlock(fail(i))
			bld.Ret(nil)
		}
		bld.SetBlock(exit)
		bld.Ret(nil)
		d := ComputeDom(f)
		if _, ok := iterateIdoms(len(d.order), d.predStart, d.preds, 16*(len(d.order)+len(d.preds))+1<<12); ok {
			t.Fatalf("the iteration took a ladder of %d within its budget", n)
		}
		checkDomTree(t, f, d, bruteDominators(f))
	}
}
