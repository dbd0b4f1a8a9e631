package backend

// Compares early. Selection emits the compare of a select where the
// select is, after the values it chooses between: collatz's step
//
//	n = n % 2 == 0 ? n / 2 : 3 * n + 1
//
// became a copy of n shifted, lea 1(n,n,2), then test $1, n and the cmov,
// so that n was still live where the lea wrote its result, the two could
// not share a register, and a copy of the result back into n's ran on
// every step. LLVM's scheduler puts the test first; so does this pass, in
// the small: a compare (cmp or test of registers and immediates) whose
// flags a cmov or setcc reads moves up, within its block, past the moves
// and leas before it — which leave the flags alone and are not the
// definitions of what it compares — to just after the instruction that
// last sets the flags or writes its operands. A compare writes no
// register, so the move lengthens no register's life and may end its
// operands' lives earlier; the flags then live across moves and leas,
// which nothing later turns into instructions that write them (spill code
// and the allocator's copies are moves too).
//
// Branches keep their compares in place: the passes that fold and copy
// tests (constbranch, taildup) read them right before the jump, and a
// branch's compare follows the computation of what it tests anyway.

// HoistCompares moves the compares of cmovs and setccs up (see above).
func (f *Func) HoistCompares() {
	for _, b := range f.Blocks {
		for i := 1; i < len(b.Instrs); i++ {
			in := b.Instrs[i]
			if (in.Op != opCmp && in.Op != opTest) || !readByCmov(b.Instrs[i+1:]) || !registersOnly(in) {
				continue
			}
			j := i
			for j > 0 && movesPast(b.Instrs[j-1], in) {
				j--
			}
			if j < i {
				copy(b.Instrs[j+1:i+1], b.Instrs[j:i])
				b.Instrs[j] = in
				takePosition(in, b.Instrs[j+1])
			}
		}
	}
}

// takePosition gives the hoisted compare in the source position of next,
// the instruction it now precedes, when that is another line's: else the
// line of in would begin above the rest of the line before it, and a
// debugger stopping where its line begins would stop before that line's
// stores (seed 700140: gdb showed an address-taken variable's slot before
// the store of its initializer). The compare sets only flags, so a
// stepping user loses nothing by seeing it as part of the line above.
func takePosition(in, next *Instr) {
	if next.Pos.IsValid() && next.Pos.Line != in.Pos.Line {
		in.Pos, in.Inlined, in.Copy = next.Pos, next.Inlined, next.Copy
	}
}

// readByCmov reports whether the first instruction of rest that reads or
// writes the flags is a cmov or a setcc, which reads them.
func readByCmov(rest []*Instr) bool {
	for _, in := range rest {
		switch in.Op {
		case opCmov, opSetcc:
			return true
		case opMov, opMovzx, opMovsx, opLea:
		default:
			return false
		}
	}
	return false
}

// registersOnly reports whether in reads registers and immediates alone.
func registersOnly(in *Instr) bool {
	for _, a := range in.Args {
		if a.Kind != KindReg && a.Kind != KindImm {
			return false
		}
	}
	return in.Uses == 0 && in.Defs == 0 && in.Clobbers == 0
}

// movesPast reports whether the compare cmp may go above p: p leaves the
// flags alone and writes no register cmp reads.
func movesPast(p, cmp *Instr) bool {
	switch p.Op {
	case opMov, opMovzx, opMovsx, opLea:
	default:
		return false
	}
	if p.Clobbers != 0 {
		return false
	}
	writes := false
	p.forEachDef(func(r Reg) {
		for _, a := range cmp.Args {
			writes = writes || a.Kind == KindReg && a.Reg == r
		}
	})
	return !writes
}
