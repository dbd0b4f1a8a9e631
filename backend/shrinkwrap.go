package backend

// Shrink-wrapping: the prologue (the pushes of callee-saved registers, the
// frame) runs only on the paths that need it, after Chow ("Minimizing
// Register Usage Penalty at Procedure Calls", PLDI 1988) in the simple form
// LLVM's ShrinkWrap pass takes for early exits. A recursive function's
// base case (fib's `if n < 2 { return n }`) or a function's argument check
// then returns at the cost of a compare and a branch, which matters when
// most calls take that path; and a function that never needs a frame at
// all (a leaf with few values and no stack slot) gets no prologue.
//
// Before allocation, PlanShrinkWrap finds the frameless region R: the entry
// and every block whose predecessors are all in R and which neither calls,
// nor touches a stack slot — the largest such set, which holds the loops
// that R alone enters (a tail recursion turned loop, whose rare call is
// outside). R is worth having only when it holds a return.
// A small return block that R and the rest of the function share is copied
// for R's edges; an edge from R to a block that others reach too is split
// by a new block; the blocks entered from R, the boundary, all have only R
// predecessors then, and each gets a copy of the prologue at its top.
// Since no edge enters R from outside, every path crosses the boundary at
// most once. The values live into the boundary are renamed outside R, with
// a copy at each boundary block: inside R they live in the caller-saved
// registers they arrive in, outside they can take a callee-saved register
// for the calls there — live-range splitting at the boundary, so that R
// uses no register the prologue must save.
//
// After allocation, finishShrinkWrap checks that R came out frameless (no
// callee-saved register, no spill slot); if not, the whole function gets
// the ordinary prologue at its entry, which the copies do not disturb.
// The emitter writes the prologue at each boundary block, returns from R
// with a bare ret, and keeps the CFI directives right for both states.

// maxBoundary is the most boundary blocks, each with its own copy of the
// prologue, a function is shrink-wrapped with, besides those that lead to
// a cold block (a runtime error's report, which never returns): a copy
// there costs code size alone, so a leaf whose only calls report failed
// bounds checks (towers's push, five of them) runs frameless, with up to
// maxColdBoundary such copies.
const (
	maxBoundary     = 4
	maxColdBoundary = 16
)

// needsFrame reports whether b calls or touches the frame (a stack slot,
// rsp, or a callee-saved register).
func (f *Func) needsFrame(b *Block) bool {
	for _, in := range b.Instrs {
		if in.Op == opCall || in.Op == opUd2 || (in.Uses|in.Defs|in.Clobbers)&(calleeSaved|maskOf(RSP)) != 0 {
			return true
		}
		for _, a := range in.Args {
			switch a.Kind {
			case KindMem:
				if a.slot() != nil || f.framed(a.Base) || f.framed(a.Index) {
					return true
				}
			case KindReg:
				if f.framed(a.Reg) {
					return true
				}
			}
		}
	}
	return false
}

// framed reports whether r lives in a register only a frame makes usable.
func (f *Func) framed(r Reg) bool {
	l := f.location(r)
	return l == RSP || calleeSaved.Has(l)
}

// PlanShrinkWrap finds R and its boundary, reshapes the CFG and splits the
// values live into the boundary (see above). It runs after OrderBlocks,
// whose order it keeps, placing new blocks beside their neighbours.
func (f *Func) PlanShrinkWrap() {
	for _, b := range f.Blocks {
		b.frameless, b.prologue = false, false
	}
	inR := f.framelessRegion()
	if inR == nil {
		return
	}
	for _, b := range f.Blocks {
		b.frameless = inR[b.ID]
	}
	order := make([]*Block, 0, len(f.Blocks)+maxBoundary)
	var boundary []*Block
	for _, b := range f.Blocks {
		order = append(order, b)
		if !b.frameless {
			continue
		}
		for _, s := range append([]*Block(nil), b.Succs...) {
			switch {
			case s.frameless:
			case s.isSmallReturn() && !f.needsFrame(s):
				c := f.cloneBlock(s, ".early")
				c.frameless = true
				b.retarget(s, c)
				order = append(order, c)
			default:
				e := &Block{Name: b.Name + ".prologue", Instrs: []*Instr{{Op: opJmp, Args: []Operand{blockOp(s)}}},
					Succs: []*Block{s}, depth: b.depth, prologue: true}
				b.retarget(s, e)
				boundary = append(boundary, e)
			}
		}
	}
	// Edge blocks go just before their targets, so they fall through.
	f.Blocks = f.Blocks[:0]
	for _, b := range order {
		for _, e := range boundary {
			if e.Succs[0] == b {
				f.Blocks = append(f.Blocks, e)
			}
		}
		f.Blocks = append(f.Blocks, b)
	}
	for i, b := range f.Blocks {
		b.ID = i
	}
	f.recomputePreds()
	f.splitAtBoundary(boundary)
}

// framelessRegion returns R as flags by block ID, or nil when it holds no
// return, or when its boundary would need more than maxBoundary blocks
// (and maxColdBoundary into cold ones).
func (f *Func) framelessRegion() []bool {
	if f.needsFrame(f.Blocks[0]) {
		return nil
	}
	// The largest such set: the blocks the entry reaches through blocks
	// that need no frame (R lies within them, since it holds the
	// predecessors of its blocks, and so a path from the entry to each),
	// then, from a worklist, the blocks with a predecessor outside go,
	// until none is left — so that a loop entered from R alone, whose
	// blocks need no frame, stays in R with its back edges. Searching
	// from the entry asks needsFrame, a scan of the block, only of the
	// blocks a frameless path reaches.
	inR, asked := make([]bool, len(f.Blocks)), make([]bool, len(f.Blocks))
	inR[0], asked[0] = true, true
	work := []*Block{f.Blocks[0]}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range p.Succs {
			if !asked[b.ID] {
				asked[b.ID] = true
				if !f.needsFrame(b) {
					inR[b.ID] = true
					work = append(work, b)
				}
			}
		}
	}
	for _, b := range f.Blocks {
		if !inR[b.ID] {
			work = append(work, b)
		}
	}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range p.Succs {
			if inR[b.ID] {
				if b.ID == 0 {
					return nil // the entry is a loop's header, entered from outside R
				}
				inR[b.ID] = false
				work = append(work, b)
			}
		}
	}
	returns := false
	for _, b := range f.Blocks {
		returns = returns || inR[b.ID] && b.endsInReturn()
	}
	edges, cold := 0, 0
	for _, b := range f.Blocks {
		if !inR[b.ID] {
			continue
		}
		for _, s := range b.Succs {
			switch {
			case inR[s.ID]:
			case s.isSmallReturn() && !f.needsFrame(s):
				returns = true
			case s.isCold():
				cold++
			default:
				edges++
			}
		}
	}
	if !returns || edges > maxBoundary || cold > maxColdBoundary {
		return nil
	}
	return inR
}

func (b *Block) endsInReturn() bool {
	n := len(b.Instrs)
	return n > 0 && b.Instrs[n-1].Op == opRet
}

// isSmallReturn reports whether b is a return block small enough to copy.
func (b *Block) isSmallReturn() bool { return b.endsInReturn() && b.duplicable() }

// cloneBlock returns a copy of b (instructions copied, successors shared)
// named after it, with the next free ID.
func (f *Func) cloneBlock(b *Block, suffix string) *Block {
	c := &Block{Name: b.Name + suffix, Succs: append([]*Block(nil), b.Succs...), depth: b.depth}
	c.Instrs = make([]*Instr, len(b.Instrs))
	for i, in := range b.Instrs {
		c.Instrs[i] = f.clone(in)
	}
	return c
}

// retarget sends b's branches to s to t instead.
func (b *Block) retarget(s, t *Block) {
	for _, in := range b.Instrs {
		for i, o := range in.targets() {
			if o.block() == s {
				in.targets()[i].setBlock(t)
			}
		}
	}
	for i, x := range b.Succs {
		if x == s {
			b.Succs[i] = t
		}
	}
}

// recomputePreds rebuilds every block's predecessors from the successors.
func (f *Func) recomputePreds() {
	for _, b := range f.Blocks {
		b.Preds = b.Preds[:0]
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			s.Preds = append(s.Preds, b)
		}
	}
}

// splitAtBoundary renames, outside R, every register live into a boundary
// block, and copies the R value into the new register at the top of each
// boundary block it is live into. It leaves the liveness it needed, updated
// for the renamed registers and their new ones, to coalescing.
func (f *Func) splitAtBoundary(boundary []*Block) {
	lv := f.takeLiveness()
	nv := f.NumVRegs()
	renamed := make([]Reg, nv)
	for _, e := range boundary {
		// A boundary block holds only its jump: what is live into it is
		// what is live out of it.
		var copies []*Instr
		for _, v := range lv.liveOut(e) {
			if renamed[v] == NoReg {
				renamed[v] = f.newVReg(f.vregs[v].width)
			}
			copies = append(copies, &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(renamed[v]), regOp(FirstVReg + Reg(v))}})
		}
		e.Instrs = append(copies, e.Instrs...)
	}
	rename := func(r Reg) Reg {
		if r.IsVirtual() && int(r-FirstVReg) < nv && renamed[r-FirstVReg] != NoReg {
			return renamed[r-FirstVReg]
		}
		return r
	}
	for _, b := range f.Blocks {
		if b.frameless || b.prologue {
			continue // R keeps its registers; the boundary's copies read them
		}
		for _, in := range b.Instrs {
			for k := range in.Args {
				a := &in.Args[k]
				a.Reg, a.Base, a.Index = rename(a.Reg), rename(a.Base), rename(a.Index)
			}
		}
	}
	// Only the renamed registers' code changed, and the CFG did not
	// (it was reshaped before the liveness was computed).
	lv.splitAtBoundary(f, renamed)
	f.leaveLiveness(lv)
}

// splitAtBoundary moves the liveness of each register renamed outside R
// (renamed: the new register by index, NoReg for the others) to the new
// one wherever it is outside R, and keeps it for the old one in R. That
// is what a new exploration would find: no edge enters R from outside (R
// holds the predecessors of its blocks), every edge leaving it goes
// through a boundary block, which copies what it passes on into the new
// registers, and so no loop has blocks on both sides. The cost is the
// renamed registers' lists, not a walk over the code.
func (lv *liveness) splitAtBoundary(f *Func, renamed []Reg) {
	nv := f.NumVRegs()
	lv.regs = append(lv.regs, make([][]int32, nv-len(lv.regs))...)
	if lv.loops != nil {
		lv.regLoops = append(lv.regLoops, make([][]int32, nv-len(lv.regLoops))...)
	}
	for v, r := range renamed {
		if r == NoReg {
			continue
		}
		old, n := int32(v), int32(r-FirstVReg)
		var inR, outside []int32
		for _, b := range lv.regs[old] {
			if f.Blocks[b].frameless {
				inR = append(inR, b)
			} else {
				outside = append(outside, b)
				lv.out[b] = moveEntry(lv.out[b], old, n)
			}
		}
		lv.regs[old], lv.regs[n] = inR, outside
		if lv.loops == nil {
			continue
		}
		var loopsInR, loopsOutside []int32
		for _, l := range lv.regLoops[old] {
			if f.Blocks[lv.runs[l][0].first].frameless {
				loopsInR = append(loopsInR, l)
			} else {
				loopsOutside = append(loopsOutside, l)
				lv.through[l] = moveEntry(lv.through[l], old, n)
			}
		}
		lv.regLoops[old], lv.regLoops[n] = loopsInR, loopsOutside
	}
}

// finishShrinkWrap decides, after allocation, whether the function is
// shrink-wrapped (R came out frameless) or frameless altogether, and
// otherwise drops the plan: the prologue then goes at the entry.
func (f *Func) finishShrinkWrap() {
	f.frame.wrapped, f.frame.omitted = false, false
	all := true
	for _, b := range f.Blocks {
		if f.needsFrame(b) {
			all = false
			break
		}
	}
	if all {
		f.frame.omitted = true
		for _, b := range f.Blocks {
			b.frameless, b.prologue = true, false
		}
		return
	}
	ok := f.Blocks[0].frameless
	for _, b := range f.Blocks {
		if b.frameless && f.needsFrame(b) {
			ok = false
		}
	}
	if ok {
		f.frame.wrapped = true
		return
	}
	for _, b := range f.Blocks {
		b.frameless, b.prologue = false, false
	}
}
