package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// The linked list places blocks where moving them in f.Blocks one at a
// time would, blocks made meanwhile included: random moves, runs and new
// blocks against a slice of IDs moved the old way.
func TestLinkedBlocksAsSlice(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for round := range 400 {
		f, _, _ := emptyBlocks("moves", 1+rng.Intn(12))
		want := func() []int {
			var ids []int
			for _, b := range f.Blocks {
				ids = append(ids, b.ID)
			}
			return ids
		}()
		move := func(run []int, prev int) {
			want = slices.DeleteFunc(want, func(id int) bool { return slices.Contains(run, id) })
			at := slices.Index(want, prev) + 1
			want = slices.Insert(want, at, run...)
		}
		l := newLinkedBlocks(f)
		byID := func(id int) *Block {
			for _, b := range f.Blocks {
				if b.ID == id {
					return b
				}
			}
			panic("no block")
		}
		for range rng.Intn(30) {
			switch rng.Intn(3) {
			case 0:
				b := f.NewBlock("new")
				want = append(want, b.ID)
			default:
				ids := slices.Clone(want)
				rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
				if len(ids) < 2 {
					continue
				}
				prev, run := ids[0], ids[1:1+rng.Intn(min(4, len(ids)-1))]
				blocks := make([]*Block, len(run))
				for i, id := range run {
					blocks[i] = byID(id)
				}
				move(run, prev)
				if len(run) == 1 && rng.Intn(2) == 0 {
					l.moveAfter(blocks[0], byID(prev))
				} else {
					l.moveRunAfter(blocks, byID(prev))
				}
			}
		}
		l.done()
		var got []int
		for _, b := range f.Blocks {
			got = append(got, b.ID)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: order %v, want %v", round, got, want)
		}
	}
}
