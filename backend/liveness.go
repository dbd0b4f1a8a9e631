package backend

import "slices"

// Liveness of virtual registers over the machine CFG, by path exploration
// from the uses, one register at a time (Appel's "Modern Compiler
// Implementation", section 19.6, and Brandner et al., "Computing Liveness
// Sets for SSA-Form Programs", 2011): from each block with a use not
// preceded by a definition in the block, walk the CFG backwards marking the
// register live-out at each predecessor and live-in where the predecessor
// does not define it, stopping where it was already marked. The cost is the
// size of the result, and no set of all registers per block is ever made,
// which matters for functions with a hundred thousand virtual registers and
// thousands of blocks. The code is out of SSA by now (φ copies and
// two-address forms define a register several times); a definition anywhere
// in a block stops the walk there just the same.
//
// Physical registers are not tracked: instruction selection never keeps one
// live across a block boundary (the entry block's argument registers are
// live-in only up to their copies), which the interval builder relies on.

// liveness lists, for each block (by ID), the virtual registers live out of
// it, as indices (Reg - FirstVReg), in increasing order; and the same
// transposed, for each register the blocks it is live out of, so that
// update can find a register's entries without a look at every block.
type liveness struct {
	out  [][]int32 // by block ID
	regs [][]int32 // by vreg index: the blocks, in no particular order
}

// drop removes the registers of spilled from lv after insertSpillCode,
// which leaves the liveness of every other register as it was: the spilled
// ones are gone from the code (their operands are slots now, or
// temporaries), and the temporaries live within one block. The next
// round then needs no new exploration of the CFG.
func (lv *liveness) drop(f *Func, spilled []*Interval) {
	gone := make([]bool, f.NumVRegs())
	for _, it := range spilled {
		gone[it.Reg-FirstVReg] = true
	}
	for b, out := range lv.out {
		kept := out[:0]
		for _, v := range out {
			if !gone[v] {
				kept = append(kept, v)
			}
		}
		lv.out[b] = kept
	}
	for _, it := range spilled {
		lv.regs[it.Reg-FirstVReg] = nil
	}
}

// recheckLiveness, when set (the tests set it), is called with every
// liveness Allocate uses, computed or kept across a spill round, to check
// it against an independent computation.
var recheckLiveness func(f *Func, lv *liveness)

// takeLiveness returns the liveness the pass before left for the code as
// it is, or computes it; either way none is left behind, since the caller
// is about to change the code.
func (f *Func) takeLiveness() *liveness {
	lv := f.live
	f.live = nil
	if lv == nil {
		return computeLiveness(f)
	}
	if recheckLiveness != nil {
		recheckLiveness(f, lv)
	}
	return lv
}

// leaveLiveness keeps lv, the liveness of the code as the pass running now
// leaves it, for the next pass.
func (f *Func) leaveLiveness(lv *liveness) { f.live, f.left = lv, true }

// An analysis left for the next pass is dropped by the pipeline unless the
// pass that made it set f.left (Pipeline.runFunc).

func computeLiveness(f *Func) *liveness {
	nb, nv := len(f.Blocks), f.NumVRegs()
	lv := &liveness{out: make([][]int32, nb), regs: make([][]int32, nv)}
	// Each register's blocks go into one array, register after register;
	// the blocks' lists are its transpose, filled in register order (so
	// sorted) into one array too: two allocations, not one per list.
	w := newLiveWalk(f, nil)
	var all []int32
	start := make([]int, nv+1)
	for v := range nv {
		all = w.explore(v, all)
		start[v+1] = len(all)
	}
	count := make([]int, nb+1)
	for v := range nv {
		lv.regs[v] = all[start[v]:start[v+1]:start[v+1]]
		for _, b := range lv.regs[v] {
			count[b+1]++
		}
	}
	for b := range nb {
		count[b+1] += count[b]
	}
	backing := make([]int32, len(all))
	for b := range nb {
		lv.out[b] = backing[count[b]:count[b]:count[b+1]]
	}
	for v := range nv {
		for _, b := range lv.regs[v] {
			lv.out[b] = append(lv.out[b], int32(v))
		}
	}
	return lv
}

// update recomputes the liveness of the registers of changed (in
// increasing order, none twice) after a change to their code alone (the
// splits of splitAroundLoops: a new register, and the one it was split
// from, which lost uses and gained copies), and keeps every other
// register's as it was: what is live where depends on a register's own
// definitions and uses and on the CFG, which the change left alone. The
// cost is the size of the changed registers' liveness, old and new, and
// of the blocks' lists it touches.
func (lv *liveness) update(f *Func, changed []Reg) {
	for _, r := range changed {
		if v := int32(r - FirstVReg); int(v) < len(lv.regs) {
			for _, b := range lv.regs[v] {
				if i, found := slices.BinarySearch(lv.out[b], v); found {
					lv.out[b] = slices.Delete(lv.out[b], i, i+1)
				}
			}
			lv.regs[v] = nil
		}
	}
	lv.regs = append(lv.regs, make([][]int32, f.NumVRegs()-len(lv.regs))...)
	mark := make([]bool, f.NumVRegs())
	for _, r := range changed {
		mark[r-FirstVReg] = true
	}
	w := newLiveWalk(f, mark)
	for _, r := range changed {
		v := int32(r - FirstVReg)
		lv.regs[v] = w.explore(int(v), lv.regs[v])
		for _, b := range lv.regs[v] {
			i, _ := slices.BinarySearch(lv.out[b], v)
			lv.out[b] = slices.Insert(lv.out[b], i, v)
		}
	}
}

// liveWalk is the state of the path exploration: each register's blocks
// with an upward-exposed use and with a definition, stamps by block, and
// the predecessors as compressed rows of block IDs, so that the walks,
// which step to predecessors hundreds of thousands of times, read a few
// dense arrays rather than blocks all over the heap.
type liveWalk struct {
	predStart, preds     []int32   // block b's predecessors are preds[predStart[b]:predStart[b+1]]
	useBlocks, defBlocks [][]int32 // by vreg index: blocks with an upward-exposed use, with a definition
	defines, liveIn      []int32   // by block: stamps, the register index+1 being explored
	liveOut              []int32
	work                 []int32
}

// newLiveWalk reads f's code for the registers of only (by vreg index),
// or for all when only is nil.
func newLiveWalk(f *Func, only []bool) *liveWalk {
	nb, nv := len(f.Blocks), f.NumVRegs()
	w := &liveWalk{useBlocks: make([][]int32, nv), defBlocks: make([][]int32, nv),
		defines: make([]int32, nb), liveIn: make([]int32, nb), liveOut: make([]int32, nb), predStart: make([]int32, nb+1)}
	for _, b := range f.Blocks {
		w.predStart[b.ID+1] = int32(len(b.Preds))
	}
	for i := range nb {
		w.predStart[i+1] += w.predStart[i]
	}
	w.preds = make([]int32, w.predStart[nb])
	for _, b := range f.Blocks {
		for i, p := range b.Preds {
			w.preds[int(w.predStart[b.ID])+i] = int32(p.ID)
		}
	}
	lastUse := make([]int32, nv) // stamps: the block ID+1 that recorded it last
	lastDef := make([]int32, nv)
	wanted := func(r Reg) bool { return r.IsVirtual() && (only == nil || only[r-FirstVReg]) }
	for _, b := range f.Blocks {
		stamp := int32(b.ID + 1)
		for _, in := range b.Instrs {
			in.forEachUse(func(r Reg) {
				if v := r - FirstVReg; wanted(r) && lastDef[v] != stamp && lastUse[v] != stamp {
					lastUse[v] = stamp
					w.useBlocks[v] = append(w.useBlocks[v], int32(b.ID))
				}
			})
			in.forEachDef(func(r Reg) {
				if v := r - FirstVReg; wanted(r) && lastDef[v] != stamp {
					lastDef[v] = stamp
					w.defBlocks[v] = append(w.defBlocks[v], int32(b.ID))
				}
			})
		}
	}
	return w
}

// explore walks backwards from the uses of register index v and returns
// blocks with the blocks it is live out of appended.
func (w *liveWalk) explore(v int, blocks []int32) []int32 {
	stamp := int32(v + 1)
	for _, b := range w.defBlocks[v] {
		w.defines[b] = stamp
	}
	work := append(w.work[:0], w.useBlocks[v]...)
	for _, b := range work {
		w.liveIn[b] = stamp
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range w.preds[w.predStart[b]:w.predStart[b+1]] {
			if w.liveOut[p] == stamp {
				continue
			}
			w.liveOut[p] = stamp
			blocks = append(blocks, p)
			if w.defines[p] != stamp && w.liveIn[p] != stamp {
				w.liveIn[p] = stamp
				work = append(work, p)
			}
		}
	}
	w.work = work
	return blocks
}
