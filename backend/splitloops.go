package backend

import (
	"slices"

	"toyc/middle"
)

// Live-range splitting at loop boundaries. Linear scan spills an interval
// whole, so a value spilled for the pressure somewhere in its long life is
// reloaded at each of its uses, inside its loops too. Wimmer and Franz
// ("Linear Scan Register Allocation on SSA Form", CGO 2010, after Wimmer
// and Mössenböck 2005) move the split positions of a spilled interval out
// of loops, so that the part inside a loop gets a register loaded once
// before it; LLVM's greedy allocator does the same with its region splits.
//
// splitAroundLoops does it for a spilled register v and a loop L that uses
// v but never writes it (a loop invariant, from L's point of view): a new
// register v.L gets a copy of v at the end of each block that enters L's
// header from outside, and every use of v inside L reads v.L instead. v
// then has no use in L, so it is cheap to keep in memory there (its
// interval is long and its uses few), while v.L has L's uses on a short
// interval: the next round gives it a register if L has one to spare, and
// the reload happens once per entry to L instead of once per iteration.
// L is the outermost loop around a use that does not write v; if v.L is
// spilled in its turn, it can be split again at a loop nested in L, never
// at L itself, so splitting ends. The registers splitAroundCalls makes to
// hold a value across calls are never split at loops.

// neverSplitAtLoops is the loop level of a register no loop is deeper than.
const neverSplitAtLoops = 1 << 30

// loopSets is what splitAroundLoops needs of f's natural loops, computed
// once per Allocate: its rounds only insert instructions, never blocks or
// edges, so the forest's nodes stay the block IDs. A loop's level is its
// depth in the forest, the number of loops around its header, itself
// included.
type loopSets struct {
	*middle.LoopForest
	usable []bool // by loop: splittable at (see below)
}

func (f *Func) loopSets() *loopSets {
	ls := &loopSets{LoopForest: f.loopForest()}
	// A natural loop holds the entry block only when the entry is its
	// header, and then no block enters it from outside to hold the copies.
	ls.usable = make([]bool, len(ls.Loops))
	for li := range ls.Loops {
		ls.usable[li] = !ls.Contains(int32(li), 0)
	}
	return ls
}

func (ls *loopSets) level(li int32) int { return int(ls.Loops[li].Depth) }

// loopSplit is what splitAroundLoops changed, so that the next round
// updates the liveness and intervals of that alone.
type loopSplit struct {
	changed   []Reg   // the registers split and the new ones, in increasing order
	hinted    []Reg   // other virtual registers whose moves now name a new register
	at, count []int32 // by block ID: where the copies went in, and how many
}

// splitAroundLoops splits the registers among spilled that a loop reads
// without writing (see above) and returns what it changed, or nil when it
// split none; the allocation round must then be redone. ls is f's loops,
// made when first needed.
func (f *Func) splitAroundLoops(spilled []*Interval, ls **loopSets) *loopSplit {
	candOf := make([]int32, f.NumVRegs()) // by vreg index: 1 + its index in cands, or 0
	var cands []Reg
	for _, it := range spilled {
		if v := it.Reg; !f.vreg(v).unspillable && candOf[v-FirstVReg] == 0 {
			cands = append(cands, v)
			candOf[v-FirstVReg] = int32(len(cands))
		}
	}
	if len(cands) == 0 {
		return nil
	}
	if *ls == nil {
		*ls = f.loopSets()
	}
	loops := (*ls).Loops
	if len(loops) == 0 {
		return nil
	}
	sets := *ls

	// defIn[c] holds the blocks that write cands[c], readIn[c] those that
	// read it, each once.
	defIn := make([][]*Block, len(cands))
	readIn := make([][]*Block, len(cands))
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			in.forEachDef(func(r Reg) {
				if c := candIndex(candOf, r); c >= 0 && (len(defIn[c]) == 0 || defIn[c][len(defIn[c])-1] != b) {
					defIn[c] = append(defIn[c], b)
				}
			})
			in.forEachUse(func(r Reg) {
				if c := candIndex(candOf, r); c >= 0 && (len(readIn[c]) == 0 || readIn[c][len(readIn[c])-1] != b) {
					readIn[c] = append(readIn[c], b)
				}
			})
		}
	}

	var changed, created, hinted []Reg
	before := make([][]*Instr, len(f.Blocks)) // by block ID: copies to insert before its closing branches
	var defPre []int32                        // the preorder starts of the innermost loops of the blocks writing a register
	chosen := make([]int32, len(loops))       // by loop: 1 + the index in spilled of a register split at it
	for k, it := range spilled {
		v := it.Reg
		c := candIndex(candOf, v)
		if c < 0 {
			continue
		}
		stamp := int32(k + 1)
		// A loop writes v when a block writing v is inside it: when the
		// preorder span of the loop holds the span of the block's
		// innermost loop, a binary search in the sorted starts of those.
		defPre = defPre[:0]
		for _, b := range defIn[c] {
			if li := sets.Innermost(int32(b.ID)); li >= 0 {
				pre, _ := sets.Span(li)
				defPre = append(defPre, pre)
			}
		}
		slices.Sort(defPre)
		writes := func(li int32) bool {
			pre, end := sets.Span(li)
			i, _ := slices.BinarySearch(defPre, pre)
			return i < len(defPre) && defPre[i] < end
		}
		// Going out from a use, levels fall and a loop that writes v or
		// holds the entry has only such loops around it: the loops to
		// split at are a chain from the innermost, and the outermost of
		// it is the one.
		var order []int32
		for _, b := range readIn[c] {
			best := int32(-1)
			for li := sets.Innermost(int32(b.ID)); li >= 0 && sets.usable[li] && sets.level(li) > int(f.vreg(v).loopLevel) && !writes(li); li = sets.Loops[li].Parent {
				best = li
			}
			if best >= 0 && chosen[best] != stamp {
				chosen[best] = stamp
				order = append(order, best)
			}
		}
		if len(order) > 0 {
			changed = append(changed, v)
		}
		for _, li := range order {
			header := f.Blocks[loops[li].Header]
			nv := f.newVReg(f.vreg(v).width)
			vi := f.vreg(nv)
			vi.splitOf, vi.split, vi.loopLevel = v, splitAtLoop, int32(sets.level(li))
			sets.Nodes(li, func(b int32) {
				for _, in := range f.Blocks[b].Instrs {
					if in.renameUses(v, nv) && in.Op == opMov && in.Args[0].Kind == KindReg && in.Args[0].Reg.IsVirtual() && in.Args[1].Kind == KindReg {
						hinted = append(hinted, in.Args[0].Reg)
					}
				}
			})
			for _, p := range header.Preds {
				if !sets.Contains(li, int32(p.ID)) {
					before[p.ID] = append(before[p.ID], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(nv), regOp(v)}, Pos: header.Instrs[0].Pos, Inlined: header.Instrs[0].Inlined})
				}
			}
			created = append(created, nv)
		}
	}
	if len(created) == 0 {
		return nil
	}
	split := &loopSplit{at: make([]int32, len(f.Blocks)), count: make([]int32, len(f.Blocks))}
	for _, p := range f.Blocks {
		copies := before[p.ID]
		if copies == nil {
			continue
		}
		n := len(p.Instrs)
		for n > 0 && p.Instrs[n-1].isBranch() {
			n--
		}
		split.at[p.ID], split.count[p.ID] = int32(n), int32(len(copies))
		p.Instrs = append(p.Instrs[:n:n], append(copies, p.Instrs[n:]...)...)
	}
	slices.Sort(changed)
	split.changed = append(slices.Compact(changed), created...) // each newer than every register before
	split.hinted = hinted
	return split
}

// candIndex returns r's index in splitAroundLoops' candidates, or -1.
func candIndex(candOf []int32, r Reg) int {
	if r.IsVirtual() && int(r-FirstVReg) < len(candOf) {
		return int(candOf[r-FirstVReg]) - 1
	}
	return -1
}

// renameUses makes in read to instead of from wherever it reads from (as
// an operand, or in the address of a memory operand), and reports whether
// it did. It must not write from.
func (in *Instr) renameUses(from, to Reg) (renamed bool) {
	for i := range in.Args {
		a := &in.Args[i]
		switch a.Kind {
		case KindReg:
			if a.Reg == from && in.role(i) == roleUse {
				a.Reg, renamed = to, true
			}
		case KindMem:
			if a.Base == from {
				a.Base, renamed = to, true
			}
			if a.Index == from {
				a.Index, renamed = to, true
			}
		}
	}
	return renamed
}
