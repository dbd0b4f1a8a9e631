package middle

import (
	"math/rand"
	"testing"
)

// TestLiveQueryAgainstFixpoint asks every node, in a random order and
// twice over, on random graphs with several variables each (so the
// remembered answers of earlier searches are used), and compares with the
// fixpoint of the equations.
func TestLiveQueryAgainstFixpoint(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.Intn(40)
		succStart := make([]int32, n+1)
		var succs []int32
		for i := range n {
			for range rng.Intn(4) {
				succs = append(succs, int32(rng.Intn(n)))
			}
			succStart[i+1] = int32(len(succs))
		}
		q := NewLiveQuery(succStart, succs)
		for range 4 {
			reads, writes := make([]bool, n), make([]bool, n)
			var read, written []int32
			for i := range n {
				switch rng.Intn(6) {
				case 0:
					reads[i], writes[i] = true, true
				case 1:
					reads[i] = true
				case 2, 3:
					writes[i] = true
				}
				if reads[i] {
					read = append(read, int32(i))
				}
				if writes[i] {
					written = append(written, int32(i))
				}
			}
			live := make([]bool, n)
			for changed := true; changed; {
				changed = false
				for i := range n {
					l := reads[i]
					if !writes[i] {
						for _, s := range succs[succStart[i]:succStart[i+1]] {
							l = l || live[s]
						}
					}
					if l != live[i] {
						live[i], changed = l, true
					}
				}
			}
			q.Variable(read, written)
			for range 2 {
				for _, i := range rng.Perm(n) {
					if got := q.LiveIn(int32(i)); got != live[i] {
						t.Fatalf("graph %v %v, reads %v writes %v: LiveIn(%d) = %v", succStart, succs, read, written, i, got)
					}
					out := false
					for _, s := range succs[succStart[i]:succStart[i+1]] {
						out = out || live[s]
					}
					if got := q.LiveOut(int32(i)); got != out {
						t.Fatalf("graph %v %v, reads %v writes %v: LiveOut(%d) = %v", succStart, succs, read, written, i, got)
					}
				}
			}
		}
	}
}
