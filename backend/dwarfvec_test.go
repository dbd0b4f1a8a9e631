package backend

import (
	"math/rand"
	"slices"
	"testing"
)

// TestValueVecAgainstSlices runs random writes, copies and clears on a few
// copy-on-write vectors and on plain slices side by side: every read, index
// and comparison must agree, however the vectors share chunks, and for the
// flat vectors of at most vecChunk values too.
func TestValueVecAgainstSlices(t *testing.T) {
	pick := func(r *rand.Rand) tval {
		if r.Intn(4) == 0 {
			return 0
		}
		return tval(1 + r.Intn(5))
	}
	for _, n := range []int{0, 1, vecChunk - 1, vecChunk, vecChunk + 1, 3*vecChunk + 7, vecSpan - 1, vecSpan, vecSpan + 1, 2*vecSpan + 37} {
		r := rand.New(rand.NewSource(int64(n)))
		const k = 4
		vs := newValueVecs(k, n, nil, nil)
		model := make([][]tval, k)
		for i := range model {
			model[i] = make([]tval, n)
		}
		for step := 0; step < 3000; step++ {
			a, b := r.Intn(k), r.Intn(k)
			switch op := r.Intn(10); {
			case op < 6 && n > 0:
				i, x := r.Intn(n), pick(r)
				vs[a].set(i, x)
				model[a][i] = x
			case op < 7:
				vs[a].copyFrom(&vs[b])
				copy(model[a], model[b])
			case op < 8:
				// As the replay switches blocks: a snapshot, then a copy
				// of another vector; changed tells the difference.
				was := vs[a].snapshot(nil)
				old := slices.Clone(model[a])
				vs[a].copyFrom(&vs[b])
				copy(model[a], model[b])
				var got []int
				vs[a].changed(was, func(i int, o, x tval) {
					if o != old[i] || x != model[a][i] {
						t.Fatalf("n=%d step %d: changed says value %d went %v -> %v, not %v -> %v", n, step, i, o, x, old[i], model[a][i])
					}
					got = append(got, i)
				})
				var want []int
				for i := range old {
					if old[i] != model[a][i] {
						want = append(want, i)
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("n=%d step %d: changed lists %v, want %v", n, step, got, want)
				}
			case op < 9:
				vs[a].clear()
				clear(model[a])
			}
			for j := range k {
				for i := 0; i < n; i++ {
					if got := vs[j].get(i); got != model[j][i] {
						t.Fatalf("n=%d step %d: vector %d value %d is %v, want %v", n, step, j, i, got, model[j][i])
					}
				}
				x := pick(r)
				want := -1
				for i, y := range model[j] {
					if y == x {
						want = i
						break
					}
				}
				if got := vs[j].index(x); got != want {
					t.Fatalf("n=%d step %d: vector %d index(%v) = %d, want %d", n, step, j, x, got, want)
				}
			}
			same := true
			for i := range model[a] {
				same = same && model[a][i] == model[b][i]
			}
			if got := vs[a].equal(&vs[b]); got != same {
				t.Fatalf("n=%d step %d: equal(%d, %d) = %v, want %v", n, step, a, b, got, same)
			}
		}
	}
}

// sameAcross finds, for each place of a merge in turn, the first place
// before it that holds the same known values on every edge, as comparing
// it with each before it does: by comparing among a few and by a hash of
// the values among more. Random places over a few values, so that many
// agree, on two to four edges; one tracker for all the merges, as for a
// function's, whose filing each merge starts afresh.
func TestSameAcrossFirstMatch(t *testing.T) {
	rng := rand.New(rand.NewSource(24))
	tr := &varTracker{}
	for round := range 300 {
		edges := 2 + round%3
		places := 1 + rng.Intn(200)
		vals := make([][]tval, edges) // by edge, by place
		for e := range vals {
			vals[e] = make([]tval, places)
			for p := range vals[e] {
				vals[e][p] = tval(rng.Intn(1 + round%5))
			}
		}
		// Places are registers, then slots (trackState.at).
		slots := newValueVecs(edges, max(places-int(FirstVReg), 0), nil, nil)
		ins := make([]*trackState, edges)
		for e := range ins {
			ins[e] = &trackState{slots: slots[e]}
			for p, v := range vals[e] {
				if p < int(FirstVReg) {
					ins[e].regs[p] = v
				} else {
					ins[e].slots.set(p-int(FirstVReg), v)
				}
			}
		}
		tr.differ = tr.differ[:0]
		filed := false
		for p := range places {
			want, wantOK := 0, false
			for _, q := range tr.differ {
				same := true
				for e := range edges {
					same = same && vals[e][p] != 0 && vals[e][p] == vals[e][q]
				}
				if same {
					want, wantOK = q, true
					break
				}
			}
			got, ok := tr.sameAcross(ins, p, &filed)
			if ok != wantOK || ok && got != want {
				t.Fatalf("round %d, place %d: sameAcross = %d, %v; the first such place is %d, %v", round, p, got, ok, want, wantOK)
			}
			tr.differ = append(tr.differ, p)
		}
	}
}

// The replay's index of the slots holding each value (stSlotOf) answers as
// a search of every slot does, through random writes (setStSlot) and
// block switches that replace the state whole (the index brought to the
// new state, or dropped), with more slots than stSlotOf searches.
func TestStSlotOfAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewSource(25))
	const n = 70 // slots: five chunks, the last partial
	slab := new(vecSlab)
	vecs := newValueVecs(3, n, nil, slab)
	var st, other trackState
	st.slots, other.slots = vecs[0], vecs[1]
	tr := &varTracker{st: &st}
	for step := range 5000 {
		switch k := r.Intn(20); {
		case k == 0: // a block switch: another state, copied whole
			for range 8 {
				other.slots.set(r.Intn(n), tval(r.Intn(6)))
			}
			tr.prevSlots = st.slots.snapshot(tr.prevSlots) // as advance does
			st.copyFrom(&other)
			tr.keepSlotHolders()
		case k == 1: // a switch to a block the data flow did not reach
			tr.prevSlots = st.slots.snapshot(tr.prevSlots)
			st.clear()
			tr.keepSlotHolders()
		default:
			tr.setStSlot(r.Intn(n), tval(r.Intn(6)))
		}
		for v := tval(1); v < 6; v++ {
			if got, want := tr.stSlotOf(v), st.slots.index(v); got != want {
				t.Fatalf("step %d: value %d is in slot %d by the index, %d by a search", step, v, got, want)
			}
		}
	}
}

// TestListsReuse checks the tracker's and the DIE writer's reused lists:
// whatever a function before filled, the next gets n empty lists, and its
// own appends are what it reads back (it fails when emptyLists leaves a
// list past the last one used, or one grown by append, as it was).
func TestListsReuse(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var buf [][]int32
	for round := range 300 {
		n := rng.Intn(40)
		ls := lists(&buf, n)
		if len(ls) != n {
			t.Fatalf("round %d: %d lists, want %d", round, len(ls), n)
		}
		want := make([][]int32, n)
		for i, l := range ls {
			if len(l) != 0 {
				t.Fatalf("round %d: list %d holds %v", round, i, l)
			}
			for range rng.Intn(5) {
				x := rng.Int31()
				ls[i] = append(ls[i], x)
				want[i] = append(want[i], x)
			}
		}
		// Grown past n, as memVars is for handles made later.
		if extra := rng.Intn(10); extra > 0 {
			ls = slices.Grow(ls, extra)[:n+extra]
			for i := n; i < len(ls); i++ {
				if len(ls[i]) != 0 {
					t.Fatalf("round %d: list %d past the %d asked for holds %v", round, i, n, ls[i])
				}
				ls[i] = append(ls[i], int32(i))
				want = append(want, []int32{int32(i)})
			}
		}
		for i := range ls {
			if !slices.Equal(ls[i], want[i]) {
				t.Fatalf("round %d: list %d is %v, want %v", round, i, ls[i], want[i])
			}
		}
		buf = emptyLists(ls)
	}
}
