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
//
// A block with several predecessors finds the flags set when each of them
// ends with a compare of the same locations in the same way: the join after
// a loop that exits on x < n and the branch that skipped the loop on the
// same test, where the block compares the φ of the two xs again (primecount's
// `while mult[j] < i { ... }` then `if mult[j] == i`). Which virtual
// register each compare named does not matter: the locations hold at the
// block's top what the compares read, as nothing between writes them. A
// block with no compare that keeps the flags (an edge's block) passes on
// what its predecessors leave. A dropped compare leaves the flags at every
// point as they were, so what the next blocks find stays true, around a
// loop too.

// DropCompareAcrossEdges removes the compares whose flags every
// predecessor of a block leaves set.
func (f *Func) DropCompareAcrossEdges() {
	for _, b := range f.Blocks {
		if len(b.Preds) == 0 || b == f.Blocks[0] || b.prologue {
			continue
		}
		last := f.flagsAtTop(b, 4)
		if last == nil {
			continue
		}
		for i, in := range b.Instrs {
			if (in.Op == opCmp || in.Op == opTest) && f.sameCompareAt(in, last) {
				b.Instrs = append(b.Instrs[:i], b.Instrs[i+1:]...)
				break
			}
			if !keepsFlags(in.Op) || f.clobbersLocations(in, last) {
				break
			}
		}
	}
}

// flagsAtTop returns a compare whose flags hold at the top of b, every
// predecessor of b leaving those of one of the same locations, or nil.
func (f *Func) flagsAtTop(b *Block, depth int) *Instr {
	if len(b.Preds) == 0 {
		return nil
	}
	var first *Instr
	for _, p := range b.Preds {
		if p == b {
			return nil
		}
		l := f.flagsAtEndFrom(p, depth)
		if l == nil || first != nil && !f.sameCompareAt(l, first) {
			return nil
		}
		if first == nil {
			first = l
		}
	}
	return first
}

// sameCompareAt reports whether the compares a and b, after allocation,
// compute the same flags from the same locations: the same operation and
// operands, registers compared by where they were allocated.
func (f *Func) sameCompareAt(a, b *Instr) bool {
	if a.Op != b.Op || a.Size != b.Size || len(a.Args) != len(b.Args) {
		return false
	}
	for i, x := range a.Args {
		y := b.Args[i]
		if x.Kind == KindReg && y.Kind == KindReg {
			if l := f.location(x.Reg); !l.IsPhysical() || l != f.location(y.Reg) {
				return false
			}
			continue
		}
		if x != y {
			return false
		}
	}
	return true
}

// flagsAtEnd returns the compare whose flags hold at the end of b, or nil:
// the last cmp or test of b, followed by nothing but instructions that keep
// the flags and what it reads (its branches included). A block without
// a compare that keeps the flags throughout (an edge's block from
// loopexits or critical, empty or with a jump) passes on those that all
// its predecessors leave (flagsAtTop), up to a few blocks up.
func (f *Func) flagsAtEnd(b *Block) *Instr {
	return f.flagsAtEndFrom(b, 4)
}

func (f *Func) flagsAtEndFrom(b *Block, depth int) *Instr {
	var last *Instr
	kept := !b.prologue && b != f.Blocks[0]
	for _, in := range b.Instrs {
		switch {
		case in.Op == opCmp || in.Op == opTest:
			last = in
		case keepsFlags(in.Op) || in.Op == opJcc || in.Op == opJmp:
			if last != nil && f.clobbersLocations(in, last) {
				last = nil
			}
		default:
			last, kept = nil, false
		}
	}
	if last != nil || !kept || depth == 0 {
		return last
	}
	up := f.flagsAtTop(b, depth-1)
	if up == nil {
		return nil
	}
	for _, in := range b.Instrs {
		if f.clobbersLocations(in, up) {
			return nil
		}
	}
	return up
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
