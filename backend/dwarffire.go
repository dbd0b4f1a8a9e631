package backend

import (
	"container/heap"
	"slices"
)

// Firing the assignments of a block that holds the code of many inlined
// calls (a function of thousands of calls of one small function, each
// inlined, makes one block of them): fire asks each group of the block's
// events (one per inline site, groupEvents) at each instruction whether
// its next assignment takes effect there, thousands of groups at each of
// tens of thousands of instructions. Most cannot: a group's next event
// takes effect at a branch or a return, at the instruction its copy
// begins at (Instr.Copy) or from then on if it is a φ's (top), or at an
// instruction of its site's own code or of calls inlined into it, whose
// position posAt knows; elsewhere fireSite does nothing. fireSchedule asks
// only the groups that can act at each instruction, in the order fire
// asks them, so the block's variables take the same values at the same
// instructions: the groups whose next event waits for an instruction
// index (a heap by index), those of the sites on the instruction's chain
// of inline sites (Instr.Inlined and its parents, and 0, the function's
// own), and every group at a branch or a return.
// Requires: the groups of the block, one per site (groupEvents).
// Guarantees: each group's events fire where fire would fire them.

// manyGroups is how many groups a block has before its assignments are
// fired by a schedule rather than by asking every group at each
// instruction.
const manyGroups = 16

// fireSchedule fires the events of one block during one application of
// the block from its first instruction to its last.
type fireSchedule struct {
	t      *varTracker
	bi     int
	groups []eventGroup
	fired  []int          // by group, as fire's
	bySite map[uint16]int // the group of each site
	timed  timedGroups    // groups whose next event waits for an instruction index
	asked  []int          // the groups asked at this instruction, in order
	was    []int          // their counts of fired events before
	marked []bool         // by group: asked at this instruction
}

// newFireSchedule starts the schedule of block bi, whose events have
// fired as fired says (none yet: the block's start).
func (t *varTracker) newFireSchedule(bi int, fired []int) *fireSchedule {
	gs := t.groups[bi]
	fs := &fireSchedule{t: t, bi: bi, groups: gs, fired: fired, bySite: make(map[uint16]int, len(gs)),
		marked: make([]bool, len(gs))}
	for g, grp := range gs {
		fs.bySite[grp.site] = g
	}
	fs.refile(-1)
	return fs
}

// refile makes the heap of timed groups anew after instruction k: the
// groups whose next event is in a copy not reached yet.
func (fs *fireSchedule) refile(k int) {
	fs.timed = fs.timed[:0]
	for g := range fs.groups {
		if at, ok := fs.waitsFor(g, k); ok {
			fs.timed = append(fs.timed, timedGroup{at, g})
		}
	}
	heap.Init(&fs.timed)
}

// waitsFor reports whether group g's next event waits for an instruction
// index past k (in a copy not reached yet), and that index. (A φ's event
// takes effect at any instruction from its index on: once that index is
// reached, the group is asked and it fires.)
func (fs *fireSchedule) waitsFor(g, k int) (int, bool) {
	if fs.fired[g] >= fs.groups[g].end {
		return 0, false
	}
	e := fs.t.assigns[fs.bi][fs.fired[g]]
	return e.at, e.at > k
}

// ask adds group g to those asked at this instruction.
func (fs *fireSchedule) ask(g int) {
	if !fs.marked[g] {
		fs.marked[g] = true
		fs.asked = append(fs.asked, g)
	}
}

// fire fires what fire would before instruction in, number k.
func (fs *fireSchedule) fire(s *trackState, in *Instr, k int) {
	t := fs.t
	evs := t.assigns[fs.bi]
	if in.isBranch() || in.Op == opRet {
		for g, grp := range fs.groups {
			if fs.fired[g] < grp.end {
				t.fireSite(s, evs[:grp.end], grp.site, in, k, &fs.fired[g])
			}
		}
		fs.refile(k)
		return
	}
	fs.asked = fs.asked[:0]
	for len(fs.timed) > 0 && fs.timed[0].at <= k {
		fs.ask(heap.Pop(&fs.timed).(timedGroup).group)
	}
	if g, ok := fs.bySite[0]; ok {
		fs.ask(g)
	}
	sites := t.f.IR.Inlines
	for site := in.Inlined; site != 0 && int(site) < len(sites); site = sites[site].Parent {
		if g, ok := fs.bySite[site]; ok {
			fs.ask(g)
		}
	}
	slices.Sort(fs.asked)
	fs.was = fs.was[:0]
	for _, g := range fs.asked {
		fs.was = append(fs.was, fs.fired[g])
		if grp := fs.groups[g]; fs.fired[g] < grp.end {
			t.fireSite(s, evs[:grp.end], grp.site, in, k, &fs.fired[g])
		}
	}
	// A group that fired waits on the heap if its next event waits for
	// an index. One that did not is where it was: on the heap still, or
	// (taken off it, its copy reached) waiting for its site's code.
	for i, g := range fs.asked {
		if at, ok := fs.waitsFor(g, k); ok && fs.fired[g] != fs.was[i] {
			heap.Push(&fs.timed, timedGroup{at, g})
		}
		fs.marked[g] = false
	}
}

// timedGroup is a group waiting for instruction at.
type timedGroup struct{ at, group int }

// timedGroups is a heap of groups by the instruction they wait for.
type timedGroups []timedGroup

func (h timedGroups) Len() int { return len(h) }
func (h timedGroups) Less(i, j int) bool {
	return h[i].at < h[j].at || h[i].at == h[j].at && h[i].group < h[j].group
}
func (h timedGroups) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *timedGroups) Push(x any)   { *h = append(*h, x.(timedGroup)) }
func (h *timedGroups) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
