package backend

import "sort"

// The calls a register lives across, for splitAroundCalls. A register
// live through a stretch of straight-line code with n calls in it crosses
// all n; n such registers (a function that assigns n variables, then
// prints n times, then reads them) made a list of n² crossings to walk.
// Instead the calls are numbered in the order of the blocks, and the ones
// a register crosses are spans of those numbers, one per range of its
// interval: what splitAroundCalls asks of them (the deepest block, the
// first after a point, the last before one) is a binary search or a walk
// over the spans' blocks, not over their calls.

// callTable is a function's calls outside cold blocks, in the order of
// its blocks, and the positions of their instructions (ascending).
type callTable struct {
	calls []site
	pos   []int
	// nextBlock is, by call number, the number of the first later call in
	// another block (len(calls) for none).
	nextBlock []int32
}

func newCallTable(f *Func, set *intervalSet) *callTable {
	t := &callTable{}
	for _, b := range f.Blocks {
		if b.isCold() {
			continue
		}
		for i, in := range b.Instrs {
			if in.Op == opCall {
				t.calls = append(t.calls, site{b, i})
				t.pos = append(t.pos, set.start[b.ID]+2*i)
			}
		}
	}
	t.nextBlock = make([]int32, len(t.calls))
	next := int32(len(t.calls))
	for j := len(t.calls) - 1; j >= 0; j-- {
		if j+1 < len(t.calls) && t.calls[j+1].b != t.calls[j].b {
			next = int32(j + 1)
		}
		t.nextBlock[j] = next
	}
	return t
}

// crossing is the calls of t an interval lives across, spans [j0, j1) of
// their numbers, ascending.
type crossing struct {
	t     *callTable
	spans [][2]int32
}

// crossingOf finds the calls it lives across: live at a call's position
// and just after it.
func (t *callTable) crossingOf(it *Interval) crossing {
	x := crossing{t: t}
	for _, r := range it.Ranges {
		j0, j1 := sort.SearchInts(t.pos, r.Start), sort.SearchInts(t.pos, r.End)
		// Every call in the range but one at its last position is live
		// just after it.
		if j1 > j0 && !it.coversAt(t.pos[j1-1]+1) {
			j1--
		}
		if j1 > j0 {
			x.spans = append(x.spans, [2]int32{int32(j0), int32(j1)})
		}
	}
	return x
}

func (x crossing) empty() bool { return len(x.spans) == 0 }

// eachPiece calls do for each run of crossed calls in one block, in order:
// the calls numbered [j0, j1), all in b. A block whose calls the interval
// does not cover all of comes in more than one piece.
func (x crossing) eachPiece(do func(b *Block, j0, j1 int)) {
	t := x.t
	for _, s := range x.spans {
		for j := int(s[0]); j < int(s[1]); {
			end := min(int(t.nextBlock[j]), int(s[1]))
			do(t.calls[j].b, j, end)
			j = end
		}
	}
}

// firstAfter returns the number of the first crossed call at a position
// after pos, or -1.
func (x crossing) firstAfter(pos int) int {
	t := x.t
	k := sort.Search(len(x.spans), func(k int) bool { return t.pos[x.spans[k][1]-1] > pos })
	if k == len(x.spans) {
		return -1
	}
	s := x.spans[k]
	return max(int(s[0]), sort.SearchInts(t.pos, pos+1))
}
