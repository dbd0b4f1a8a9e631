package backend

// Compares across an edge: a block whose one predecessor ends with the same
// cmp or test it opens with (`if v > a[t] { ... } else if v < a[t]`, where
// the else block compares again what its predecessor compared) finds the
// flags already set, and its compare is dropped — redundantcmp.go's
// elimination carried over a block boundary, as gcc's cse of the flags
// register follows extended basic blocks.
//
// It runs last, after allocation and frame layout: earlier, the flags
// never live from one block into the next (flagsfromalu.go relies on it),
// and passes that insert code at a block's top (the prologue's sub,
// splitting, spill code) would have to know the flags are live. Here
// nothing comes between but what the emitter writes: the predecessor's
// branches, which keep the flags, and, in a block where the prologue runs,
// the prologue, which does not (such a block is left alone). Registers are
// compared by their allocated locations: two virtual registers may share
// one, so a write to either changes what the compare read.

// DropCompareAcrossEdges removes the compares whose flags a block's only
// predecessor leaves set.
func (f *Func) DropCompareAcrossEdges() {
	for _, b := range f.Blocks {
		if len(b.Preds) != 1 || b == f.Blocks[0] || b.prologue || b.Preds[0] == b {
			continue
		}
		last := f.flagsAtEnd(b.Preds[0])
		if last == nil {
			continue
		}
		for i, in := range b.Instrs {
			if (in.Op == opCmp || in.Op == opTest) && sameCompare(in, last) {
				b.Instrs = append(b.Instrs[:i], b.Instrs[i+1:]...)
				break
			}
			if !keepsFlags(in.Op) || f.clobbersLocations(in, last) {
				break
			}
		}
	}
}

// flagsAtEnd returns the compare whose flags hold at the end of b, or nil:
// the last cmp or test of b, followed by nothing but instructions that keep
// the flags and what it reads (its branches included).
func (f *Func) flagsAtEnd(b *Block) *Instr {
	var last *Instr
	for _, in := range b.Instrs {
		switch {
		case in.Op == opCmp || in.Op == opTest:
			last = in
		case last != nil && (keepsFlags(in.Op) || in.Op == opJcc || in.Op == opJmp):
			if f.clobbersLocations(in, last) {
				last = nil
			}
		default:
			last = nil
		}
	}
	return last
}

// clobbersLocations is clobbersOperands after allocation: whether in
// writes a location the compare cmp reads (a register, a register of an
// address, or, for a compare of memory, any memory).
func (f *Func) clobbersLocations(in, cmp *Instr) bool {
	var reads RegMask
	readsMem := false
	for _, a := range cmp.Args {
		switch a.Kind {
		case KindReg:
			reads |= maskOf(f.location(a.Reg))
		case KindMem:
			readsMem = true
			for _, r := range [2]Reg{a.Base, a.Index} {
				if r != NoReg {
					reads |= maskOf(f.location(r))
				}
			}
		}
	}
	for _, a := range cmp.Args {
		regs := [2]Reg{a.Base, a.Index}
		if a.Kind == KindReg {
			regs = [2]Reg{a.Reg, NoReg}
		}
		for _, r := range regs {
			if r != NoReg && !f.location(r).IsPhysical() {
				return true // no register to follow
			}
		}
	}
	clobbered := in.Clobbers&reads != 0
	in.forEachDef(func(r Reg) { clobbered = clobbered || reads.Has(f.location(r)) })
	if readsMem {
		for i, a := range in.Args {
			if a.Kind == KindMem && in.role(i)&roleDef != 0 {
				clobbered = true
			}
		}
	}
	return clobbered
}
