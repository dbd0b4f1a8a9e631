package backend

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomInterval makes an interval of up to maxRanges sorted, disjoint,
// non-adjacent ranges inside [0, span).
func randomInterval(rng *rand.Rand, reg Reg, span, maxRanges int) *Interval {
	cuts := make([]int, 2*(1+rng.IntN(maxRanges)))
	for i := range cuts {
		cuts[i] = rng.IntN(span)
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	it := &Interval{Reg: reg}
	for i := 0; i+1 < len(cuts); i += 2 {
		if n := len(it.Ranges); n > 0 && it.Ranges[n-1].End >= cuts[i] {
			continue // adjacent: not a valid interval
		}
		it.Ranges = append(it.Ranges, Range{cuts[i], cuts[i+1]})
	}
	if len(it.Ranges) == 0 {
		it.Ranges = []Range{{cuts[0], cuts[0] + 1}}
	}
	return it
}

// naiveIntersects is the definition: some position covered by both.
func naiveIntersects(a, b *Interval) bool {
	for _, x := range a.Ranges {
		for _, y := range b.Ranges {
			if x.Start < y.End && y.Start < x.End {
				return true
			}
		}
	}
	return false
}

// TestIntersects checks the galloping intersection test against the
// definition on random intervals, long ones with many short ranges among
// them.
func TestIntersects(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		a := randomInterval(rng, FirstVReg, 400, 1+rng.IntN(60))
		b := randomInterval(rng, FirstVReg+1, 400, 1+rng.IntN(4))
		if got, want := intersects(a, b), naiveIntersects(a, b); got != want || intersects(b, a) != want {
			t.Fatalf("intersects(%v, %v) = %v, want %v", a.Ranges, b.Ranges, got, want)
		}
	}
}

// TestFixedByIncreasingStart checks the registers linear scan's fixed
// reports against the definition, for queries by increasing start as the
// scan makes them (from where the last query left each register), the
// same interval asked twice (as allocateBlocked asks after freeRegister),
// and now and then one that starts earlier than the last.
func TestFixedByIncreasingStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 30 {
		set := &intervalSet{}
		for _, r := range allocOrder {
			if rng.IntN(4) != 0 {
				set.fixed[r] = randomInterval(rng, r, 2000, 1+rng.IntN(300))
			}
		}
		s := &scanner{set: set}
		starts := make([]int, 400)
		for i := range starts {
			starts[i] = rng.IntN(2000)
		}
		slices.Sort(starts)
		for step, start := range starts {
			if rng.IntN(50) == 0 {
				start = rng.IntN(2000) // out of order
			}
			cur := randomInterval(rng, FirstVReg, 2000-start, 1+rng.IntN(6))
			for k := range cur.Ranges {
				cur.Ranges[k].Start += start
				cur.Ranges[k].End += start
			}
			var want RegMask
			for _, r := range allocOrder {
				if fx := set.fixed[r]; fx != nil && naiveIntersects(fx, cur) {
					want |= maskOf(r)
				}
			}
			for range 1 + rng.IntN(2) {
				if got := s.fixed(cur); got != want {
					t.Fatalf("round %d step %d: fixed(%v) = %b, want %b", round, step, cur.Ranges, got, want)
				}
			}
		}
	}
}

// TestRegUnion fills a union with random intervals that do not intersect
// it, takes some out again, and checks overlaps and holders against the
// intervals in it, as linear scan uses them.
func TestRegUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 40 {
		var u regUnion
		var in []*Interval
		var stamp uint32
		for step := range 3000 {
			span := 200 + 50*round
			cur := randomInterval(rng, FirstVReg+Reg(step), span, 1+rng.IntN(8))
			var want []*Interval
			for _, it := range in {
				if naiveIntersects(it, cur) {
					want = append(want, it)
				}
			}
			if got := u.overlaps(cur); got != (len(want) > 0) {
				t.Fatalf("round %d step %d: overlaps(%v) = %v, want %v", round, step, cur.Ranges, got, len(want) > 0)
			}
			stamp++
			var got []*Interval
			u.holders(cur, stamp, func(it *Interval) { got = append(got, it) })
			byReg := func(a, b *Interval) int { return int(a.Reg - b.Reg) }
			slices.SortFunc(got, byReg)
			slices.SortFunc(want, byReg)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d step %d: holders of %v: %d intervals, want %d", round, step, cur.Ranges, len(got), len(want))
			}
			switch {
			case len(want) == 0:
				u.insert(cur)
				in = append(in, cur)
			case rng.IntN(3) == 0: // evict them, as allocateBlocked does
				for _, it := range want {
					u.remove(it)
					in = slices.DeleteFunc(in, func(x *Interval) bool { return x == it })
				}
				u.insert(cur)
				in = append(in, cur)
			}
		}
		for _, ch := range u.chunks {
			if len(ch) == 0 || len(ch) > 2*unionChunk {
				t.Fatalf("round %d: a chunk of %d segments", round, len(ch))
			}
		}
	}
}

// TestPreorderBefore checks the order of heap slots against a preorder
// walk of a heap of 1000 slots.
func TestPreorderBefore(t *testing.T) {
	const n = 1000
	var order []int32
	var walk func(slot int32)
	walk = func(slot int32) {
		if slot > n {
			return
		}
		order = append(order, slot)
		walk(2 * slot)
		walk(2*slot + 1)
	}
	walk(1)
	for i, a := range order {
		for j, b := range order {
			if got := preorderBefore(a, b); got != (i < j) {
				t.Fatalf("preorderBefore(%d, %d) = %v, want %v", a, b, got, i < j)
			}
		}
	}
}
