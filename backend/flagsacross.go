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
		rd := f.readsOf(last)
		for i, in := range b.Instrs {
			if (in.Op == opCmp || in.Op == opTest) && f.sameCompareAt(in, last) {
				b.Instrs = append(b.Instrs[:i], b.Instrs[i+1:]...)
				break
			}
			if !keepsFlags(in.Op) || f.clobbers(in, rd) {
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
	var last, readOf *Instr
	var rd compareReads // what readOf reads
	kept := !b.prologue && b != f.Blocks[0]
	for _, in := range b.Instrs {
		switch {
		case in.Op == opCmp || in.Op == opTest:
			// The block sets the flags itself: should a write to what
			// the compare read make them unknown, they are still not
			// what the predecessors left.
			last, kept = in, false
		case keepsFlags(in.Op) || in.Op == opJcc || in.Op == opJmp:
			if last == nil {
				break
			}
			if readOf != last {
				rd, readOf = f.readsOf(last), last
			}
			if f.clobbers(in, rd) {
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
	rd = f.readsOf(up)
	for _, in := range b.Instrs {
		if f.clobbers(in, rd) {
			return nil
		}
	}
	return up
}

// compareReads is what a compare reads, by allocated location: the
// registers of its register operands and of its addresses, and whether
// memory. It is found once per compare, not once per instruction asked
// about (clobbers), as the searches ask about every instruction after it.
type compareReads struct {
	regs RegMask
	mem  bool
	// lost: a register the compare reads has no physical location, and
	// writes to it cannot be followed.
	lost bool
}

// readsOf returns what the compare cmp reads, after allocation.
func (f *Func) readsOf(cmp *Instr) compareReads {
	var rd compareReads
	for k := range cmp.Args {
		a := &cmp.Args[k]
		regs := [2]Reg{a.Base, a.Index}
		switch a.Kind {
		case KindReg:
			regs = [2]Reg{a.Reg, NoReg}
		case KindMem:
			rd.mem = true
		}
		for _, r := range regs {
			if r == NoReg {
				continue
			}
			l := f.location(r)
			if !l.IsPhysical() {
				rd.lost = true
			} else if a.Kind == KindReg || a.Kind == KindMem {
				rd.regs |= maskOf(l)
			}
		}
	}
	return rd
}

// clobbers is clobbersOperands after allocation: whether in writes a
// location a compare reads (rd: a register, a register of an address,
// or, for a compare of memory, any memory).
func (f *Func) clobbers(in *Instr, rd compareReads) bool {
	if rd.lost || in.Clobbers&rd.regs != 0 {
		return true
	}
	clobbered := false
	in.forEachDef(func(r Reg) { clobbered = clobbered || rd.regs.Has(f.location(r)) })
	if clobbered {
		return true
	}
	if rd.mem {
		for i := range in.Args {
			if in.Args[i].Kind == KindMem && in.role(i)&roleDef != 0 {
				return true
			}
		}
	}
	return false
}
