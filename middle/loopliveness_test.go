package middle

import (
	"math/rand"
	"testing"
)

// TestLoopLivenessAgainstFixpoint explores several variables on random
// graphs, with loops nested and irreducible, and nodes unreachable from
// the entry (node 0), and compares every node's answer, and the lists,
// with the fixpoint of the equations.
func TestLoopLivenessAgainstFixpoint(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.Intn(40)
		g := NewGraph(n, func(i int, add func(int)) {
			for range rng.Intn(4) {
				if i+1 < n && rng.Intn(2) == 0 {
					add(i + 1) // mostly forward, so that loops nest
				} else {
					add(rng.Intn(n))
				}
			}
		})
		lf := FindLoops(NewGraphDom(g, 0))
		if iter%5 == 0 {
			lf = nil
		}
		w := NewLoopLiveness(g.Reverse(), lf)
		for range 4 {
			reads, writes := make([]bool, n), make([]bool, n)
			var uses, defs []int32
			for i := range n {
				switch rng.Intn(8) {
				case 0:
					reads[i], writes[i] = true, true
				case 1:
					reads[i] = true
				case 2:
					writes[i] = true
				}
				if reads[i] {
					uses = append(uses, int32(i))
				}
				if writes[i] {
					defs = append(defs, int32(i))
				}
			}
			in, out := make([]bool, n), make([]bool, n)
			for changed := true; changed; {
				changed = false
				for i := n - 1; i >= 0; i-- {
					o := false
					for _, s := range g.Successors(int32(i)) {
						o = o || in[s]
					}
					l := reads[i] || !writes[i] && o
					if l != in[i] || o != out[i] {
						in[i], out[i], changed = l, o, true
					}
				}
			}
			w.Explore(uses, defs)
			listed := func(name string, nodes []int32, want []bool) {
				seen := make([]bool, n)
				for _, x := range nodes {
					if seen[x] || !want[x] {
						t.Fatalf("graph %v %v, uses %v defs %v: %s lists %d", g.Start, g.Succs, uses, defs, name, x)
					}
					seen[x] = true
				}
				for _, l := range w.Loops() {
					lf.Nodes(l, func(x int32) {
						if seen[x] || !in[x] || !out[x] {
							t.Fatalf("graph %v %v, uses %v defs %v: loop %d holds %d, listed twice or not live through", g.Start, g.Succs, uses, defs, l, x)
						}
						seen[x] = true
					})
				}
				for i := range n {
					if want[i] && !seen[i] {
						t.Fatalf("graph %v %v, uses %v defs %v: %s misses %d", g.Start, g.Succs, uses, defs, name, i)
					}
				}
			}
			listed("In", w.In(), in)
			listed("Out", w.Out(), out)
			for i := range int32(n) {
				if w.LiveIn(i) != in[i] || w.LiveOut(i) != out[i] {
					t.Fatalf("graph %v %v, uses %v defs %v: node %d live in %v out %v, want %v %v", g.Start, g.Succs, uses, defs, i, w.LiveIn(i), w.LiveOut(i), in[i], out[i])
				}
			}
		}
	}
}
