package backend

import (
	"math/rand"
	"slices"
	"testing"
)

// sortEvents orders a block's events as a stable insertion sort by before
// does, at every size (merged past 16): on random events with many ties,
// told apart by their variable, which before does not look at.
func TestSortEventsAsInsertion(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for round := range 2000 {
		evs := make([]assignEvent, rng.Intn(80))
		for i := range evs {
			evs[i] = assignEvent{v: i, site: uint16(rng.Intn(3)), at: rng.Intn(3), top: rng.Intn(4) == 0,
				piece: int32(rng.Intn(2)), pos: middleFuncPos{Line: 1 + rng.Intn(5), Col: 1 + rng.Intn(2)}}
		}
		want := slices.Clone(evs)
		for i := 1; i < len(want); i++ {
			for j := i; j > 0 && want[j].before(want[j-1]); j-- {
				want[j], want[j-1] = want[j-1], want[j]
			}
		}
		sortEvents(evs)
		if !slices.Equal(evs, want) {
			t.Fatalf("round %d: %v, want %v", round, evs, want)
		}
	}
}
