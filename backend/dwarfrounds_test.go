package backend

import (
	"math/rand"
	"slices"
	"testing"
)

// The queue visits blocks in the order of the sweep it replaces: rounds
// over the blocks by index, each visiting the stale ones, until a round
// finds none. Each visit marks some blocks stale, chosen from the visit's
// number and the block, the same way for both.
func TestRoundQueueAsSweep(t *testing.T) {
	for seed := int64(0); seed < 500; seed++ {
		r := rand.New(rand.NewSource(seed))
		n := 1 + r.Intn(40)
		succs := make([][]int, n)
		for i := range succs {
			for range r.Intn(4) {
				succs[i] = append(succs[i], r.Intn(n))
			}
		}
		limit := 1 + r.Intn(6) // how many times a block marks its successors
		// marks says whether the k-th visit, of block i, marks its
		// successors: as a block's exit changes, a few times at most.
		marks := func(count []int, i int) bool {
			count[i]++
			return count[i] <= limit
		}

		var want []int
		stale := make([]bool, n)
		stale[0] = true
		count := make([]int, n)
		for changed := true; changed; {
			changed = false
			for i := range n {
				if !stale[i] {
					continue
				}
				stale[i] = false
				want = append(want, i)
				if marks(count, i) {
					changed = true
					for _, s := range succs[i] {
						stale[s] = true
					}
				}
			}
		}

		var got []int
		var q roundQueue
		q.reset(n)
		q.mark(0)
		count = make([]int, n)
		for {
			i, ok := q.pop()
			if !ok {
				break
			}
			got = append(got, i)
			if marks(count, i) {
				for _, s := range succs[i] {
					q.mark(s)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: visits %v, the sweep's %v", seed, got, want)
		}
	}
}
