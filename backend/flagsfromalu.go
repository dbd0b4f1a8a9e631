package backend

// Flags from the arithmetic. A loop counting down to zero tests its
// counter right after decrementing it: lea -1(r), r then test r, r and a
// branch on equal, not equal, less or greater-or-equal — which read only
// the zero and sign flags there, test clearing the overflow flag. An add
// (or sub) sets ZF and SF from its result as test does, so, after
// allocation, when the lea's base and destination are one register (one
// virtual register, not two that were given the same physical one), the
// lea becomes add $c, r and the test goes: one instruction less per
// iteration, as gcc and LLVM do it (dec; jns). Less and greater-or-equal
// become sign and not-sign (CondS, CondNS): after the add the overflow
// flag is the add's, which jl and jge would read.
//
// The same holds of a test of a register that an add, sub, and, or or xor
// wrote earlier in the block, with only instructions between that keep
// the flags and leave the register alone (movs and leas: popcount's
// x &= x - 1; n += 1 before x != 0): the test goes. And, or and xor set
// every flag as test does (CF and OF clear), so any reader may follow;
// after add or sub the readers are held to the four conditions above, as
// for the lea.
//
// The flags readers are those after the test in its block, up to the next
// instruction that sets the flags; the flags never live from one block
// into the next (every branch's compare is selected into its block) until
// flagsacross, which runs after this pass, so none is further away. Every reader must take one of the four conditions,
// or nothing changes.

// FlagsFromArithmetic turns lea c(r), r; test r, r into add $c, r, and
// drops a test of what an earlier add, sub, and, or or xor wrote (see
// above).
func (f *Func) FlagsFromArithmetic() {
	for _, b := range f.Blocks {
		for i := 0; i < len(b.Instrs); i++ {
			if testAfterALU(b.Instrs[:i], b.Instrs[i], b.Instrs[i+1:]) {
				b.Instrs = append(b.Instrs[:i], b.Instrs[i+1:]...)
				i--
			}
		}
		for i := 0; i+1 < len(b.Instrs); i++ {
			lea, test := b.Instrs[i], b.Instrs[i+1]
			if !selfAdd(lea) || test.Op != opTest || test.Size != lea.Size ||
				!test.Args[0].isReg(lea.Args[0].Reg) || !test.Args[1].isReg(lea.Args[0].Reg) {
				continue
			}
			if !readSign(b.Instrs[i+2:]) {
				continue
			}
			lea.Op, lea.Args = opAdd, []Operand{lea.Args[0], immOp(lea.Args[1].Imm)}
			b.Instrs = append(b.Instrs[:i+1], b.Instrs[i+2:]...)
		}
	}
}

// testAfterALU reports whether test, a test r, r following before in its
// block, reads flags that the last instruction of before to set any
// already holds: an add, sub, and, or or xor of the test's size into r,
// followed only by instructions that keep the flags and do not write r.
// After an add or sub, it turns the readers' l and ge into s and ns (and
// reports false when a reader takes another condition).
func testAfterALU(before []*Instr, test *Instr, rest []*Instr) bool {
	if test.Op != opTest || test.Args[0].Kind != KindReg || test.Args[1] != test.Args[0] {
		return false
	}
	r := test.Args[0].Reg
	for k := len(before) - 1; k >= 0; k-- {
		in := before[k]
		writesR := len(in.Args) > 0 && in.role(0)&roleDef != 0 && in.Args[0].isReg(r)
		switch {
		case keepsFlags(in.Op) && !writesR:
			continue
		case !writesR || in.Size != test.Size || in.Spill:
			return false
		case in.Op == opAnd || in.Op == opOr || in.Op == opXor:
			return true
		case in.Op == opAdd || in.Op == opSub:
			return readSign(rest)
		}
		return false
	}
	return false
}

// selfAdd reports whether in is lea c(r), r: an add of a constant to a
// register, written as a lea. The base and the destination must be the
// same register before allocation too, not two that share a physical
// register: add reads its destination, which the allocation checker
// follows as the value it names.
func selfAdd(in *Instr) bool {
	if in.Op != opLea || in.Spill || in.Args[0].Kind != KindReg {
		return false
	}
	m := in.Args[1]
	return m.Kind == KindMem && m.Index == NoReg && m.sym() == "" && m.slot() == nil && m.Base == in.Args[0].Reg
}

// readSign makes the flag readers in rest, which took the flags of a test
// r, r, take those of the add or sub into r before it instead: their l and
// ge become s and ns (an add's overflow flag is not a test's zero one);
// false, and nothing changed, when a reader takes another condition than
// e, ne, l or ge.
func readSign(rest []*Instr) bool {
	readers, ok := flagReaders(rest)
	if !ok {
		return false
	}
	for _, r := range readers {
		switch r.Cond {
		case CondL:
			r.Cond = CondS
		case CondGE:
			r.Cond = CondNS
		}
	}
	return true
}

// flagReaders returns the instructions of rest that read the flags a
// test before them set, and whether each takes a condition that reads
// only the zero flag and the sign flag of a test (e, ne, l, ge).
func flagReaders(rest []*Instr) (readers []*Instr, ok bool) {
	for _, in := range rest {
		switch in.Op {
		case opJcc, opCmov, opSetcc:
			switch in.Cond {
			case CondE, CondNE, CondL, CondGE:
				readers = append(readers, in)
			default:
				return nil, false
			}
		case opMov, opMovzx, opMovsx, opLea, opJmp, opJmpTable:
		default:
			return readers, len(readers) > 0
		}
	}
	return readers, len(readers) > 0
}
