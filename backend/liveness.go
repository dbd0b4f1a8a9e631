package backend

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
// it, as indices (Reg - FirstVReg).
type liveness struct {
	out [][]int32
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
}

// recheckLiveness, when set (the tests set it), is called with every
// liveness Allocate uses, computed or kept across a spill round, to check
// it against an independent computation.
var recheckLiveness func(f *Func, lv *liveness)

func computeLiveness(f *Func) *liveness {
	nb, nv := len(f.Blocks), f.NumVRegs()
	useBlocks := make([][]int32, nv) // blocks with an upward-exposed use
	defBlocks := make([][]int32, nv) // blocks with a definition
	lastUse := make([]int32, nv)     // stamps: the block ID+1 that recorded it last
	lastDef := make([]int32, nv)
	for _, b := range f.Blocks {
		stamp := int32(b.ID + 1)
		for _, in := range b.Instrs {
			in.forEachUse(func(r Reg) {
				if v := r - FirstVReg; r.IsVirtual() && lastDef[v] != stamp && lastUse[v] != stamp {
					lastUse[v] = stamp
					useBlocks[v] = append(useBlocks[v], int32(b.ID))
				}
			})
			in.forEachDef(func(r Reg) {
				if v := r - FirstVReg; r.IsVirtual() && lastDef[v] != stamp {
					lastDef[v] = stamp
					defBlocks[v] = append(defBlocks[v], int32(b.ID))
				}
			})
		}
	}
	lv := &liveness{out: make([][]int32, nb)}
	defines := make([]int32, nb) // stamps: the register index+1 being explored
	liveIn := make([]int32, nb)
	liveOut := make([]int32, nb)
	var work []int32
	for v := range nv {
		stamp := int32(v + 1)
		for _, b := range defBlocks[v] {
			defines[b] = stamp
		}
		work = append(work[:0], useBlocks[v]...)
		for _, b := range work {
			liveIn[b] = stamp
		}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, p := range f.Blocks[b].Preds {
				if liveOut[p.ID] == stamp {
					continue
				}
				liveOut[p.ID] = stamp
				lv.out[p.ID] = append(lv.out[p.ID], int32(v))
				if defines[p.ID] != stamp && liveIn[p.ID] != stamp {
					liveIn[p.ID] = stamp
					work = append(work, int32(p.ID))
				}
			}
		}
	}
	return lv
}
