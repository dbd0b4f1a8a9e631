package backend

// Redundant compares: a cmp or test that sets the flags exactly as an
// earlier one of its block did, with nothing between that changes the
// flags or what the compare reads, is dropped — the flags are still there
// (the compare-elimination peephole of LLVM's X86 backend, optimizeCompareInstr,
// and gcc's cse of the flags register). Selection repeats a fused compare
// for every user (isel.go's fused: whatever comes between may clobber the
// flags); when nothing does, as with the two selects that if-conversion
// makes of `if n < best { best = n; at = i }`, the second compare is
// dropped here.
//
// Between the two, only instructions that leave the flags alone may come
// (moves, lea, cmov, setcc, extensions: what register allocation and
// out-of-SSA insert later are moves and xchg, which do too), none of them
// writing a register the compare reads; a compare of memory also needs no
// store between.

// DropRedundantCompares removes the compares whose flags their block
// already holds.
func (f *Func) DropRedundantCompares() {
	for _, b := range f.Blocks {
		var last *Instr // the compare whose flags are live
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			switch {
			case in.Op == opCmp || in.Op == opTest:
				if last != nil && sameCompare(in, last) {
					continue
				}
				last = in
			case last != nil && keepsFlags(in.Op):
				if clobbersOperands(in, last) {
					last = nil
				}
			default:
				last = nil
			}
			kept = append(kept, in)
		}
		clear(b.Instrs[len(kept):])
		b.Instrs = kept
	}
}

// keepsFlags reports whether op leaves the flags as they were.
func keepsFlags(op opcode) bool {
	switch op {
	case opMov, opMovzx, opMovsx, opLea, opCmov, opSetcc:
		return true
	}
	return false
}

// sameCompare reports whether a and b compute the same flags from the same
// operands.
func sameCompare(a, b *Instr) bool {
	return a.Op == b.Op && a.Size == b.Size && slicesEqual(a.Args, b.Args)
}

func slicesEqual(a, b []Operand) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// clobbersOperands reports whether in, which keeps the flags, changes what
// the compare cmp reads: a register of its operands or their addresses,
// or, for a compare of memory, any memory.
func clobbersOperands(in, cmp *Instr) bool {
	reads := map[Reg]bool{}
	readsMem := false
	for _, a := range cmp.Args {
		switch a.Kind {
		case KindReg:
			reads[a.Reg] = true
		case KindMem:
			readsMem = true
			reads[a.Base], reads[a.Index] = true, true
		}
	}
	clobbered := false
	in.forEachDef(func(r Reg) { clobbered = clobbered || reads[r] })
	in.Clobbers.forEach(func(r Reg) { clobbered = clobbered || reads[r] })
	if readsMem {
		for i, a := range in.Args {
			if a.Kind == KindMem && in.role(i)&roleDef != 0 {
				clobbered = true
			}
		}
	}
	return clobbered
}
