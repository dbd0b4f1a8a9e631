package backend

import (
	"math/rand"
	"slices"
	"testing"

	"toyc/middle"
)

// TestDropOvertaken checks dropOvertaken against its definition, applied
// pair by pair, on random events: few variables with many assignments
// (its map path) and many with few (its pairwise path).
func TestDropOvertaken(t *testing.T) {
	type ev struct {
		v     int
		from  *middle.Block
		pos   middleFuncPos
		block int
	}
	key := func(e *ev) (int, *middle.Block, middleFuncPos, int) { return e.v, e.from, e.pos, e.block }
	blocks := []*middle.Block{nil, {ID: 1}, {ID: 2}, {ID: 3}}
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		vars := 1 + rng.Intn(8)
		var es []ev
		for n := rng.Intn(120); n > 0; n-- {
			es = append(es, ev{rng.Intn(vars), blocks[rng.Intn(len(blocks))], middleFuncPos{rng.Intn(20), rng.Intn(3)}, rng.Intn(6)})
		}
		var want []ev
		for _, p := range es {
			overtaken := false
			for _, o := range es {
				overtaken = overtaken || p.from != nil && o.from == p.from && o.v == p.v && posLess(p.pos, o.pos) && o.block < p.block
			}
			if !overtaken {
				want = append(want, p)
			}
		}
		if got := dropOvertaken(slices.Clone(es), key); !slices.Equal(got, want) {
			t.Fatalf("round %d: kept %d events, want %d", round, len(got), len(want))
		}
	}
}
