package backend

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// bareCycles returns the members of par's cycles (of two or more
// locations) that no other destination reads from: the cycles a
// sequentialization cannot unroll without a temporary or swaps. It is
// computed the slow, obvious way, independently of copyGraph.
func bareCycles(par []Move) [][]int {
	src := make(map[int]int)
	for _, m := range par {
		if m.Dst != m.Src {
			src[m.Dst] = m.Src
		}
	}
	var cycles [][]int
	seen := make(map[int]bool)
	for _, m := range par {
		if seen[m.Dst] || m.Dst == m.Src {
			continue
		}
		members := []int{m.Dst}
		for n, ok := src[m.Dst]; ok && n != m.Dst && len(members) <= len(par); n, ok = src[n] {
			members = append(members, n)
		}
		if last, ok := src[members[len(members)-1]]; !ok || last != m.Dst {
			continue // a chain, or a path into a cycle m.Dst is not on
		}
		bare := true
		for _, other := range par {
			if other.Dst != other.Src && slices.Contains(members, other.Src) && !slices.Contains(members, other.Dst) {
				bare = false
			}
		}
		for _, n := range members {
			seen[n] = true
		}
		if bare {
			cycles = append(cycles, members)
		}
	}
	return cycles
}

// registerFile simulates locations: each one starts out holding a value
// that names it.
type registerFile map[int]int

func initial(loc int) int { return 1000 + loc }

func (r registerFile) get(loc int) int {
	if v, ok := r[loc]; ok {
		return v
	}
	return initial(loc)
}

// checkParallelEffect checks that every destination of par holds its
// source's initial value, every other location of par its own, and that
// nothing else was written but temporaries.
func checkParallelEffect(t *testing.T, par []Move, r registerFile, isTemp func(int) bool) {
	t.Helper()
	want := make(map[int]int)
	for _, m := range par {
		want[m.Src] = initial(m.Src)
	}
	for _, m := range par {
		want[m.Dst] = initial(m.Src)
	}
	for loc, v := range want {
		if got := r.get(loc); got != v {
			t.Errorf("%v: location %d holds %d, want %d", par, loc, got, v)
		}
	}
	for loc := range r {
		if _, ok := want[loc]; !ok && !isTemp(loc) {
			t.Errorf("%v: wrote %d, which is neither a destination nor a temporary", par, loc)
		}
	}
}

// checkSequentialize runs both variants on par and checks the sequences
// against the parallel semantics, the number of moves against the minimum
// (each destination written once, plus one move per temporary), the
// temporaries and swaps against the bare cycles, and that the chains come
// before the cycles.
func checkSequentialize(t *testing.T, par []Move) {
	t.Helper()
	const temp = 1 << 20
	cycles := bareCycles(par)
	onCycle := make(map[int]bool)
	for _, c := range cycles {
		for _, n := range c {
			onCycle[n] = true
		}
	}
	copies := 0
	for _, m := range par {
		if m.Dst != m.Src {
			copies++
		}
	}

	temps := 0
	seq := Sequentialize(par, func() int { temps++; return temp })
	if temps != len(cycles) {
		t.Errorf("%v: %d temporaries for %d bare cycles", par, temps, len(cycles))
	}
	if len(seq) != copies+temps {
		t.Errorf("%v: %d moves, want %d: %v", par, len(seq), copies+temps, seq)
	}
	r := registerFile{}
	tempLive := false
	for _, m := range seq {
		switch {
		case m.Src == temp && !tempLive:
			t.Errorf("%v: temporary read before written: %v", par, seq)
		case m.Dst == temp:
			tempLive = true
		case tempLive && !onCycle[m.Dst]:
			t.Errorf("%v: move %v is not on a bare cycle, yet comes after one was broken: %v", par, m, seq)
		}
		r[m.Dst] = r.get(m.Src)
	}
	checkParallelEffect(t, par, r, func(loc int) bool { return loc == temp })

	steps := SequentializeSwaps(par)
	swaps, inCycles := 0, len(onCycle)
	r = registerFile{}
	for _, s := range steps {
		if s.Swap {
			swaps++
			if !onCycle[s.Dst] || !onCycle[s.Src] {
				t.Errorf("%v: swap %v is not on a bare cycle: %v", par, s, steps)
			}
			r[s.Dst], r[s.Src] = r.get(s.Src), r.get(s.Dst)
			continue
		}
		r[s.Dst] = r.get(s.Src)
	}
	if want := inCycles - len(cycles); swaps != want {
		t.Errorf("%v: %d swaps, want %d: %v", par, swaps, want, steps)
	}
	if moves := len(steps) - swaps; moves != copies-inCycles {
		t.Errorf("%v: %d moves beside the swaps, want %d: %v", par, moves, copies-inCycles, steps)
	}
	checkParallelEffect(t, par, r, func(int) bool { return false })
}

// Every parallel copy over 5 locations: every function from a subset of
// {0..4} to {0..4}, in two orders, which covers self-copies, fan-out, chains,
// cycles, and cycles with trees hanging off them.
func TestSequentializeExhaustive(t *testing.T) {
	const locs, choices = 5, 6 // a destination is absent, or copies from one of 5 sources
	total := 1
	for range locs {
		total *= choices
	}
	for code := range total {
		var par []Move
		for d, c := 0, code; d < locs; d, c = d+1, c/choices {
			if src := c%choices - 1; src >= 0 {
				par = append(par, Move{Dst: d, Src: src})
			}
		}
		checkSequentialize(t, par)
		checkSequentialAlready(t, par)
		slices.Reverse(par)
		checkSequentialize(t, par)
		checkSequentialAlready(t, par)
		if t.Failed() {
			return
		}
	}
}

// checkSequentialAlready checks that the shortcut, where it applies, gives
// the copy graph's sequence exactly (the order is part of the output).
func checkSequentialAlready(t *testing.T, par []Move) {
	t.Helper()
	seq, ok := sequentialAlready(par)
	if !ok {
		return
	}
	want := sequentializeGraph(par, func() int { t.Fatalf("%v: a temporary for a copy without cycles", par); return 0 })
	if !slices.Equal(seq, want) {
		t.Errorf("%v: shortcut %v, copy graph %v", par, seq, want)
	}
}

func TestSequentializeOrder(t *testing.T) {
	tests := []struct {
		par, want []Move
	}{
		{[]Move{{0, 3}, {1, 4}}, []Move{{0, 3}, {1, 4}}},
		{[]Move{{1, 0}, {2, 1}}, []Move{{2, 1}, {1, 0}}},
		{[]Move{{0, 0}, {1, 0}, {2, 0}}, []Move{{1, 0}, {2, 0}}},
		{[]Move{{0, 1}, {1, 0}}, []Move{{9, 0}, {0, 1}, {1, 9}}},
		{[]Move{{0, 1}, {1, 2}, {2, 0}, {4, 3}}, []Move{{4, 3}, {9, 0}, {0, 1}, {1, 2}, {2, 9}}},
		// A cycle with a tree off it needs no temporary: 0's copy in 2 is read instead.
		{[]Move{{1, 0}, {0, 1}, {2, 0}}, []Move{{2, 0}, {0, 1}, {1, 2}}},
	}
	for _, tt := range tests {
		got := Sequentialize(tt.par, func() int { return 9 })
		if !slices.Equal(got, tt.want) {
			t.Errorf("Sequentialize(%v) = %v, want %v", tt.par, got, tt.want)
		}
	}
	got := SequentializeSwaps([]Move{{0, 1}, {1, 2}, {2, 0}, {4, 3}})
	want := []Step{{Move: Move{4, 3}}, {Move: Move{0, 1}, Swap: true}, {Move: Move{1, 2}, Swap: true}}
	if !slices.Equal(got, want) {
		t.Errorf("SequentializeSwaps = %v, want %v", got, want)
	}
}

// Locations need not be dense: virtual register numbers and stack slots can
// be large.
func TestSequentializeSparseLocations(t *testing.T) {
	checkSequentialize(t, []Move{{1 << 40, 7}, {7, 1 << 40}, {123456, 7}, {5, 5}})
	checkSequentialize(t, []Move{{1 << 30, 1 << 31}, {1 << 31, 1 << 32}, {1 << 32, 1 << 30}})
}

func TestSequentializePanics(t *testing.T) {
	tests := []struct {
		par  []Move
		temp int
		want string
	}{
		{[]Move{{1, 0}, {2, 0}, {1, 3}}, 9, "location 1 is the destination of two moves"},
		{[]Move{{1, 1}, {1, 0}}, 9, "location 1 is the destination of two moves"},
		{[]Move{{0, 1}, {1, 0}, {2, 3}}, 3, "temporary 3 is a location of the parallel copy"},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if msg := fmt.Sprint(recover()); !strings.Contains(msg, tt.want) {
					t.Errorf("Sequentialize(%v) panicked with %q, want %q", tt.par, msg, tt.want)
				}
			}()
			Sequentialize(tt.par, func() int { return tt.temp })
		}()
	}
}

// FuzzSequentialize reads pairs of bytes as moves over 24 locations: a
// duplicate destination must panic, anything else must sequentialize
// correctly, identically on a second run.
func FuzzSequentialize(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var par []Move
		written := make(map[int]bool)
		duplicate := false
		for i := 0; i+1 < len(data); i += 2 {
			m := Move{Dst: int(data[i] % 24), Src: int(data[i+1] % 24)}
			duplicate = duplicate || written[m.Dst]
			written[m.Dst] = true
			par = append(par, m)
		}
		if duplicate {
			defer func() {
				if recover() == nil {
					t.Errorf("%v: no panic for a duplicate destination", par)
				}
			}()
			Sequentialize(par, func() int { return 24 })
			return
		}
		checkSequentialize(t, par)
		first := Sequentialize(par, func() int { return 24 })
		if again := Sequentialize(par, func() int { return 24 }); !slices.Equal(first, again) {
			t.Errorf("%v: two runs differ: %v and %v", par, first, again)
		}
	})
}
