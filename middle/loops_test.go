package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// bruteLoops returns, by header ID, the natural loop bodies of f computed
// from the definition: for each back edge t->h (h dominates t), h and every
// block that reaches t by a path avoiding h.
func bruteLoops(f *Func, dom [][]bool, reach []bool) map[int][]bool {
	loops := map[int][]bool{}
	for _, t := range f.Blocks {
		if !reach[t.ID] {
			continue
		}
		for _, h := range t.SuccBlocks() {
			if !dom[h.ID][t.ID] {
				continue
			}
			body := loops[h.ID]
			if body == nil {
				body = make([]bool, f.NumBlocks())
				body[h.ID] = true
				loops[h.ID] = body
			}
			work := []*Block{t}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if body[x.ID] || !reach[x.ID] {
					continue
				}
				body[x.ID] = true
				work = append(work, x.PredBlocks()...)
			}
		}
	}
	return loops
}

// bruteReducible uses the characterization that a CFG is reducible exactly
// when deleting its back edges (target dominates source) leaves the
// reachable part acyclic.
func bruteReducible(f *Func, dom [][]bool, reach []bool) bool {
	const unseen, active, done = 0, 1, 2
	state := make([]int, f.NumBlocks())
	var cyclic func(b *Block) bool
	cyclic = func(b *Block) bool {
		state[b.ID] = active
		for _, s := range b.SuccBlocks() {
			if dom[s.ID][b.ID] {
				continue
			}
			if state[s.ID] == active || (state[s.ID] == unseen && cyclic(s)) {
				return true
			}
		}
		state[b.ID] = done
		return false
	}
	return !cyclic(f.Entry())
}

func TestLoopsAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	irreducible := 0
	for iter := 0; iter < 3000; iter++ {
		f := randomCFG(rng, 1+rng.Intn(40), iter%3 == 0)
		dom, reach := bruteDominators(f), reachableWithout(f, nil)
		d := ComputeDom(f)
		nest := ComputeLoops(d)
		want := bruteLoops(f, dom, reach)
		if len(nest.Loops) != len(want) {
			t.Fatalf("%s\n%d loops, want %d", f, len(nest.Loops), len(want))
		}
		for _, l := range nest.Loops {
			body := want[l.Header.ID]
			if body == nil {
				t.Fatalf("%s\n%s is no loop header", f, l.Header)
			}
			for _, b := range f.Blocks {
				if nest.Contains(l, b) != body[b.ID] {
					t.Fatalf("%s\nloop %s contains %s: %v", f, l.Header, b, !body[b.ID])
				}
			}
			// The forest on node numbers lists the same body by Nodes and
			// counts it in Size.
			members := 0
			for _, in := range body {
				if in {
					members++
				}
			}
			if int(nest.forest.Loops[l.index].Size) != members {
				t.Fatalf("%s\nloop %s: Size %d, want %d", f, l.Header, nest.forest.Loops[l.index].Size, members)
			}
			seen := make([]bool, f.NumBlocks())
			nest.forest.Nodes(l.index, func(n int32) {
				if seen[n] || !body[n] {
					t.Fatalf("%s\nNodes of loop %s gives b%d twice or outside it", f, l.Header, n)
				}
				seen[n] = true
				members--
			})
			if members != 0 {
				t.Fatalf("%s\nNodes of loop %s misses %d blocks", f, l.Header, members)
			}
			if l.Blocks[0] != l.Header {
				t.Fatalf("loop %s does not list its header first", l.Header)
			}
			// The parent is the smallest other loop containing the header.
			var parent *Loop
			for _, o := range nest.Loops {
				if o != l && want[o.Header.ID][l.Header.ID] && (parent == nil || want[parent.Header.ID][o.Header.ID]) {
					parent = o
				}
			}
			if l.Parent != parent {
				t.Fatalf("%s\nparent of loop %s is %v, want %v", f, l.Header, l.Parent, parent)
			}
			if parent != nil && !slices.Contains(parent.Children, l) {
				t.Fatalf("loop %s missing from its parent's children", l.Header)
			}
			// Ancestor at each depth is the loop that many parents up.
			up := l
			for depth := int(nest.forest.Loops[l.index].Depth); depth >= 1; depth-- {
				if got := nest.forest.Ancestor(l.index, depth); got != up.index {
					t.Fatalf("%s\nancestor of loop %s at depth %d is loop %d, want %s", f, l.Header, depth, got, up.Header)
				}
				up = up.Parent
			}
		}
		for _, b := range f.Blocks {
			depth := 0
			for _, body := range want {
				if body[b.ID] {
					depth++
				}
			}
			if nest.Depth(b) != depth {
				t.Fatalf("%s\ndepth of %s is %d, want %d", f, b, nest.Depth(b), depth)
			}
		}
		if nest.Reducible() != bruteReducible(f, dom, reach) {
			t.Fatalf("%s\nreducible = %v, irreducible edges %v", f, nest.Reducible(), nest.Irreducible)
		}
		for _, e := range nest.Irreducible {
			if !slices.Contains(e.From.SuccBlocks(), e.To) || dom[e.To.ID][e.From.ID] || d.Index(e.To) > d.Index(e.From) {
				t.Fatalf("%s\n%s->%s reported as an irreducible entry", f, e.From, e.To)
			}
		}
		if !nest.Reducible() {
			irreducible++
		}
	}
	if irreducible < 300 {
		t.Errorf("only %d of the random CFGs were irreducible; the generator lost its teeth", irreducible)
	}
}

// TestFindLoopsOnGraph: the loop finder on bare node numbers, as the
// backend uses it: a loop 1..4 with a loop 2..3 inside, then an
// irreducible cycle, which makes no loop.
func TestFindLoopsOnGraph(t *testing.T) {
	edges := [][]int{{1}, {2, 5}, {3}, {2, 4}, {1}, {}}
	lf := FindLoops(NewGraphDom(graphOf(edges), 0))
	if len(lf.Loops) != 2 || lf.Loops[0].Header != 1 || lf.Loops[1].Header != 2 {
		t.Fatalf("loops %+v, want headers 1 and 2", lf.Loops)
	}
	outer, inner := lf.Loops[0], lf.Loops[1]
	if outer.Size != 4 || inner.Size != 2 || inner.Parent != 0 || outer.Parent != -1 ||
		!slices.Equal(outer.Latches, []int32{4}) || !slices.Equal(inner.Latches, []int32{3}) {
		t.Fatalf("outer %+v, inner %+v", outer, inner)
	}
	for n, want := range []int{0, 1, 2, 2, 1, 0} {
		if lf.Depth(int32(n)) != want {
			t.Errorf("depth of %d is %d, want %d", n, lf.Depth(int32(n)), want)
		}
		if lf.Contains(0, int32(n)) != (want >= 1) || lf.Contains(1, int32(n)) != (want == 2) {
			t.Errorf("containment of %d is wrong", n)
		}
	}
	if pre, end := lf.Span(0); !(pre <= inner.pre && inner.pre < end) {
		t.Errorf("the inner loop is outside the outer one's span [%d, %d)", pre, end)
	}

	lf = FindLoops(NewGraphDom(graphOf([][]int{{1, 2}, {2}, {1}}), 0))
	if len(lf.Loops) != 0 || len(lf.Irreducible) != 1 {
		t.Fatalf("irreducible: loops %+v, irreducible edges %v", lf.Loops, lf.Irreducible)
	}
}

// graphOf is the Graph with the successor lists edges.
func graphOf(edges [][]int) *Graph {
	return NewGraph(len(edges), func(i int, add func(int)) {
		for _, j := range edges[i] {
			add(j)
		}
	})
}
