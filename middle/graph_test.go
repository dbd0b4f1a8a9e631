package middle

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The iterative search agrees with the textbook recursive one on random
// graphs, in both orders of successors: the same postorder and the same
// retreating edges, in the same order.
func TestGraphDepthFirstMatchesRecursive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 500 {
		n := 1 + rng.IntN(40)
		adj := make([][]int, n)
		for i := range adj {
			for range rng.IntN(4) {
				adj[i] = append(adj[i], rng.IntN(n)) // repeats and self loops too
			}
		}
		g := NewGraph(n, func(i int, add func(int)) {
			for _, j := range adj[i] {
				add(j)
			}
		})
		for _, lastFirst := range []bool{false, true} {
			var wantPost []int32
			var wantBack [][2]int32
			state := make([]int, n) // 0 unvisited, 1 on the stack, 2 done
			var visit func(v int)
			visit = func(v int) {
				state[v] = 1
				succ := slices.Clone(adj[v])
				if lastFirst {
					slices.Reverse(succ)
				}
				for _, s := range succ {
					switch state[s] {
					case 0:
						visit(s)
					case 1:
						wantBack = append(wantBack, [2]int32{int32(v), int32(s)})
					}
				}
				state[v] = 2
				wantPost = append(wantPost, int32(v))
			}
			visit(0)
			post, back := g.DepthFirst(0, lastFirst)
			if !slices.Equal(post, wantPost) || !slices.Equal(back, wantBack) {
				t.Fatalf("round %d (lastFirst %v), graph %v:\npostorder %v, want %v\nretreating %v, want %v", round, lastFirst, adj, post, wantPost, back, wantBack)
			}
		}
	}
}
