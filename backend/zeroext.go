package backend

// Redundant zero-extensions. An i32 zero-extended to i64 is a `movl %src,
// %dst` (isel.go's extendInto), which coalescing often leaves with src and
// dst in one register: `movl %r12d, %r12d`, an instruction that only
// clears the upper half of r12. On x86-64 every instruction that writes a
// 32-bit register clears the upper half of the 64-bit register (Intel SDM
// vol. 1, 3.4.1.1), so when the instruction that last wrote r12 on every
// path was a 32-bit one — the `leal -44(%r12), %r12d` of a jump table's
// index, in the block before — the upper half is clear already and the
// movl does nothing. LLVM's X86 backend knows the same fact per
// instruction (a 32-bit def is an implicit zero-extension, SUBREG_TO_REG)
// and never emits such a movl.
//
// ElideZeroExtensions finds those movls with a forward data flow over the
// blocks, after allocation: the set of physical registers whose upper half
// is known clear, after a 32-bit write of the register by mov, movzx,
// movsx, lea, cmov or an arithmetic instruction, removed by every other write (64-bit
// ones, byte-sized setcc, a call's results and clobbers, division's
// implicit registers), meeting by intersection where blocks join; nothing
// is known at the entry (the caller leaves garbage in the upper halves of
// 32-bit arguments). A movl found redundant becomes a movq between the
// same register, which means the same there and which the emitter leaves
// out (isNop); the allocation checker still sees a copy.
//
// The same flow tracks the registers whose whole value is below 256: after
// a movzbl, or a mov of a constant from 0 to 255, and kept by a setcc,
// which writes only the low byte. A movzbl of such a register into itself
// does nothing either (a bool made by setcc and movzbl, zero-extended
// again where it is returned; a bool φ of the constants 1 and 0,
// zero-extended where it is used) and becomes a no-op move the same way.

// ElideZeroExtensions turns the redundant zero-extending movls and
// movzbls of f into no-op moves (see above). f must be allocated.
func (f *Func) ElideZeroExtensions() {
	var maybe bool
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			maybe = maybe || f.selfMovl(in) || f.selfMovzb(in)
		}
	}
	if !maybe {
		return
	}
	index := make(map[*Block]int, len(f.Blocks)) // by block: its position in f.Blocks; looked up, never iterated
	for i, b := range f.Blocks {
		index[b] = i
	}
	// out[i]: the registers clear above 32 and above 8 bits at the end of
	// f.Blocks[i]; every register until its block is first visited (the
	// meet's identity).
	out := make([]clearRegs, len(f.Blocks))
	seen := make([]bool, len(f.Blocks))
	entryOf := func(i int) clearRegs {
		if i == 0 {
			return clearRegs{}
		}
		m := clearRegs{^RegMask(0), ^RegMask(0)}
		for _, p := range f.Blocks[i].Preds {
			if j := index[p]; seen[j] {
				m.above32 &= out[j].above32
				m.above8 &= out[j].above8
			}
		}
		return m
	}
	for changed := true; changed; {
		changed = false
		for i, b := range f.Blocks {
			m := entryOf(i)
			for _, in := range b.Instrs {
				m = f.clearAfter(in, m)
			}
			if !seen[i] || out[i] != m {
				seen[i], out[i], changed = true, m, true
			}
		}
	}
	for i, b := range f.Blocks {
		m := entryOf(i)
		for _, in := range b.Instrs {
			switch {
			case f.selfMovl(in) && m.above32.Has(f.location(in.Args[0].Reg)):
				in.Size = 8
			case f.selfMovzb(in) && m.above8.Has(f.location(in.Args[0].Reg)):
				in.Op, in.Size, in.SrcSize = opMov, 8, 0
			}
			m = f.clearAfter(in, m)
		}
	}
}

// selfMovl reports whether in is a movl from a register into the same
// register.
func (f *Func) selfMovl(in *Instr) bool {
	if in.Op != opMov || in.Size != 4 || in.Args[0].Kind != KindReg || in.Args[1].Kind != KindReg {
		return false
	}
	d := f.location(in.Args[0].Reg)
	return d.IsPhysical() && d == f.location(in.Args[1].Reg)
}

// selfMovzb reports whether in is a movzbl from a register into the same
// register.
func (f *Func) selfMovzb(in *Instr) bool {
	if in.Op != opMovzx || in.SrcSize != 1 || in.Args[0].Kind != KindReg || in.Args[1].Kind != KindReg {
		return false
	}
	d := f.location(in.Args[0].Reg)
	return d.IsPhysical() && d == f.location(in.Args[1].Reg)
}

// clearRegs is the state of the flow: the registers clear above 32 bits,
// and those clear above 8 bits.
type clearRegs struct{ above32, above8 RegMask }

// clearAfter returns the registers clear above 32 and 8 bits after in, m
// being those before it.
func (f *Func) clearAfter(in *Instr, m clearRegs) clearRegs {
	m.above32 &^= in.Clobbers
	m.above8 &^= in.Clobbers
	clears := in.Size == 4 && zeroExtends(in.Op) && len(in.Args) > 0 && in.Args[0].Kind == KindReg
	byte := in.Size >= 4 && len(in.Args) > 1 && in.Args[0].Kind == KindReg && (in.Op == opMovzx && in.SrcSize == 1 ||
		in.Op == opMov && in.Args[1].Kind == KindImm && in.Args[1].Imm >= 0 && in.Args[1].Imm < 256)
	in.forEachDef(func(r Reg) {
		l := f.location(r)
		if !l.IsPhysical() {
			return
		}
		switch {
		case byte && r == in.Args[0].Reg:
			m.above32 |= maskOf(l)
			m.above8 |= maskOf(l)
		case clears && r == in.Args[0].Reg:
			m.above32 |= maskOf(l)
			m.above8 &^= maskOf(l)
		case in.Op == opSetcc && r == in.Args[0].Reg:
			// The low byte only: clear above 8 bits, if it was, stays so.
			m.above32 &^= maskOf(l)
		default:
			m.above32 &^= maskOf(l)
			m.above8 &^= maskOf(l)
		}
	})
	return m
}

// zeroExtends reports whether op, written 32 bits wide, clears the upper
// half of its destination register. (Shifts and rotates are left out:
// whether one by a count of zero writes its destination is not worth
// relying on; division's and cdq's results are implicit, not their
// destination.)
func zeroExtends(op opcode) bool {
	switch op {
	case opMov, opMovzx, opMovsx, opLea, opAdd, opSub, opAnd, opOr, opXor, opImul, opImul3, opNeg, opCmov:
		return true
	}
	return false
}
