package backend

import "slices"

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

// splitAroundLoops splits the registers among spilled that a loop reads
// without writing (see above) and reports whether it split any; the
// allocation round must then be redone.
func (f *Func) splitAroundLoops(spilled []*Interval) bool {
	cand := map[Reg]bool{} // looked up, never iterated
	for _, it := range spilled {
		if v := it.Reg; !f.vreg(v).unspillable {
			cand[v] = true
		}
	}
	if len(cand) == 0 {
		return false
	}
	_, backEdges := f.depthFirst()
	loops := f.naturalLoops(backEdges)
	if len(loops) == 0 {
		return false
	}
	// around[b.ID] lists the loops containing b; a loop's level is the
	// number of loops around its header, itself included.
	around := make([][]int, len(f.Blocks))
	for li, l := range loops {
		for _, b := range l.blocks {
			around[b.ID] = append(around[b.ID], li)
		}
	}
	inLoop := func(li int, b *Block) bool { return slices.Contains(around[b.ID], li) }
	// A loop is entered only through its header (which then dominates it)
	// unless it holds the entry block: the blocks on a path from the entry
	// that avoids the header all reach a latch, so all are in the loop.
	// Copies before the header would not run on such a path.
	usable := make([]bool, len(loops))
	for li := range loops {
		usable[li] = !inLoop(li, f.Blocks[0])
	}
	level := func(li int) int { return len(around[loops[li].header.ID]) }

	// written[v] holds the loops that write v; readIn[v] the blocks that
	// read it, once each.
	written := map[Reg]map[int]bool{}
	readIn := map[Reg][]*Block{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			in.forEachDef(func(r Reg) {
				if cand[r] {
					if written[r] == nil {
						written[r] = map[int]bool{}
					}
					for _, li := range around[b.ID] {
						written[r][li] = true
					}
				}
			})
			in.forEachUse(func(r Reg) {
				if cand[r] && (len(readIn[r]) == 0 || readIn[r][len(readIn[r])-1] != b) {
					readIn[r] = append(readIn[r], b)
				}
			})
		}
	}

	split := false
	before := map[*Block][]*Instr{} // copies to insert before a block's closing branches; looked up, never iterated
	for _, it := range spilled {
		v := it.Reg
		if !cand[v] {
			continue
		}
		chosen := map[int]bool{}
		var order []int
		for _, b := range readIn[v] {
			best := -1
			for _, li := range around[b.ID] {
				if usable[li] && !written[v][li] && level(li) > int(f.vreg(v).loopLevel) &&
					(best < 0 || level(li) < level(best)) {
					best = li
				}
			}
			if best >= 0 && !chosen[best] {
				chosen[best] = true
				order = append(order, best)
			}
		}
		for _, li := range order {
			l := loops[li]
			nv := f.newVReg(f.width[v-FirstVReg])
			*f.vreg(nv) = vregInfo{splitOf: v, split: splitAtLoop, loopLevel: int32(level(li))}
			for _, b := range l.blocks {
				for _, in := range b.Instrs {
					in.renameUses(v, nv)
				}
			}
			for _, p := range l.header.Preds {
				if !inLoop(li, p) {
					before[p] = append(before[p], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(nv), regOp(v)}, Pos: l.header.Instrs[0].Pos})
				}
			}
			split = true
		}
	}
	for _, p := range f.Blocks {
		copies := before[p]
		if copies == nil {
			continue
		}
		n := len(p.Instrs)
		for n > 0 && p.Instrs[n-1].isBranch() {
			n--
		}
		p.Instrs = append(p.Instrs[:n:n], append(copies, p.Instrs[n:]...)...)
	}
	return split
}

// renameUses makes in read to instead of from wherever it reads from (as
// an operand, or in the address of a memory operand). It must not write
// from.
func (in *Instr) renameUses(from, to Reg) {
	for i := range in.Args {
		a := &in.Args[i]
		switch a.Kind {
		case KindReg:
			if a.Reg == from && in.role(i) == roleUse {
				a.Reg = to
			}
		case KindMem:
			if a.Base == from {
				a.Base = to
			}
			if a.Index == from {
				a.Index = to
			}
		}
	}
}
