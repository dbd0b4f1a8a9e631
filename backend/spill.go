package backend

// Spill code: after a round of linear scan, every spilled virtual register
// gets a stack slot, and each instruction that mentions it is rewritten.
// Where x86 lets the instruction take a memory operand in that place (one
// per instruction; see memoryOK), the slot replaces the register: `addq
// 24(%rsp), %rax`, `cmpq $0, 24(%rsp)`, `movq 24(%rsp), %rdi`. Elsewhere
// a fresh temporary takes its place, reloaded from the slot just before the
// instruction when it reads the register and stored back just after when it
// writes it — "spill everywhere", as in Chaitin's allocator and LLVM's early
// linear scan. The temporaries live for one instruction (more, when the
// next instruction reads the value the instruction read or wrote: it reads
// the temporary instead of reloading) and are marked unspillable, so the next
// round finds them registers: a run of instructions using one spilled value
// reloads it once.

// insertSpillCode rewrites f for the registers spilled in the last round
// (those with a spill slot that still occur).
func (f *Func) insertSpillCode() {
	spilled := f.spillSlot
	for _, b := range f.Blocks {
		out := make([]*Instr, 0, len(b.Instrs))
		var carried []spillTemp
		for _, in := range b.Instrs {
			if in.Spill {
				out = append(out, in) // moves of temporaries, which are never spilled
				continue
			}
			if in.Op == opMov && in.Size == 8 && in.Args[0].Kind == KindReg && in.Args[1].Kind == KindReg {
				if d, s := spilled(in.Args[0].Reg), spilled(in.Args[1].Reg); d != nil && d == s {
					// A copy between registers sharing a slot: it stays, for
					// the checker, as a slot-to-slot move the emitter drops.
					in.Args[0], in.Args[1] = slotOperand(d, in.Args[0].Reg), slotOperand(s, in.Args[1].Reg)
					out = append(out, in)
					carried = nil
					continue
				}
			}
			rw := rewriter{f: f, in: in, carried: carried}
			if s := f.testOfSpilled(in); s != nil && rw.carries(in.Args[0].Reg) == NoReg {
				// test v, v compares v with 0: so does cmp $0 with v's slot,
				// which needs no reload (test takes one memory operand, so
				// the rewrite below would reload v for the other).
				in.Op, in.Args = opCmp, []Operand{slotOperand(s, in.Args[0].Reg), immOp(0)}
				out = append(out, in)
				carried = nil
				continue
			}
			hasMem := false
			for _, a := range in.Args {
				hasMem = hasMem || a.Kind == KindMem
			}
			for i := range in.Args {
				a := &in.Args[i]
				switch a.Kind {
				case KindMem:
					if s := spilled(a.Base); s != nil {
						a.Base = rw.temp(a.Base, s, roleUse)
					}
					if s := spilled(a.Index); s != nil {
						a.Index = rw.temp(a.Index, s, roleUse)
					}
				case KindReg:
					s := spilled(a.Reg)
					switch {
					case s == nil:
					case rw.carries(a.Reg) != NoReg:
						a.Reg = rw.temp(a.Reg, s, in.role(i))
					case widenConstant(in):
						*a = slotOperand(s, a.Reg)
						hasMem = true
					case !hasMem && f.memoryOK(in, i):
						*a = slotOperand(s, a.Reg)
						hasMem = true
					default:
						a.Reg = rw.temp(a.Reg, s, in.role(i))
					}
				}
			}
			out = append(out, rw.before...)
			out = append(out, in)
			out = append(out, rw.after...)
			rw.forgetWrittenSlots()
			carried = rw.temps
		}
		b.Instrs = out
	}
}

// testOfSpilled returns the slot of v when in is `test v, v` with v
// spilled, else nil.
func (f *Func) testOfSpilled(in *Instr) *Slot {
	if !in.isSelfTest() {
		return nil
	}
	return f.spillSlot(in.Args[0].Reg)
}

// isSelfTest reports whether in is `test v, v` for a register v, which
// sets the flags as `cmp $0, v` does: ZF, SF and PF from v, CF and OF
// clear (v - 0 is v, and never borrows or overflows).
func (in *Instr) isSelfTest() bool {
	return in.Op == opTest && len(in.Args) == 2 && in.Args[0].Kind == KindReg && in.Args[0] == in.Args[1]
}

// slotOperand is the memory operand of the spill slot s standing for v.
func slotOperand(s *Slot, v Reg) Operand {
	o := slotOp(s)
	o.VReg = v
	return o
}

// rewriter collects the reloads and spill stores around one instruction,
// with one temporary per spilled register however often it occurs there.
type rewriter struct {
	f             *Func
	in            *Instr
	temps         []spillTemp
	carried       []spillTemp // the temporaries of the instruction before, still holding their values
	before, after []*Instr
}

type spillTemp struct {
	v, t           Reg
	loaded, stored bool
}

// carries returns the temporary the previous instruction read v from or
// defined it in, or NoReg: the value is still there, so reading it needs
// no reload.
func (rw *rewriter) carries(v Reg) Reg {
	for _, c := range rw.carried {
		if c.v == v && (c.loaded || c.stored) {
			return c.t
		}
	}
	return NoReg
}

// forgetWrittenSlots drops the temporaries of the registers the
// instruction wrote through their slots: a temporary reloaded for another
// operand of it (`addq %t, 8(%rsp)` for v + v) still holds the old value,
// which the next instruction must not read in place of the new one.
func (rw *rewriter) forgetWrittenSlots() {
	for i, a := range rw.in.Args {
		if a.Kind != KindMem || a.VReg == NoReg || rw.in.role(i)&roleDef == 0 {
			continue
		}
		for k := range rw.temps {
			if rw.temps[k].v == a.VReg {
				rw.temps[k].loaded, rw.temps[k].stored = false, false
			}
		}
	}
}

func (rw *rewriter) temp(v Reg, s *Slot, r role) Reg {
	k := -1
	for i := range rw.temps {
		if rw.temps[i].v == v {
			k = i
		}
	}
	if k < 0 {
		st := spillTemp{v: v, t: rw.carries(v)}
		st.loaded = st.t != NoReg
		if st.t == NoReg {
			st.t = rw.f.newVReg(rw.f.vreg(v).width)
			tv := rw.f.vreg(st.t)
			tv.orig = rw.f.program(v)
			tv.unspillable = true
		}
		k = len(rw.temps)
		rw.temps = append(rw.temps, st)
	}
	st := &rw.temps[k]
	mem := slotOperand(s, v)
	if r&roleUse != 0 && !st.loaded {
		st.loaded = true
		rw.before = append(rw.before, &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(st.t), mem}, Spill: true, Pos: rw.in.Pos, Inlined: rw.in.Inlined})
	}
	if r&roleDef != 0 && !st.stored {
		st.stored = true
		rw.after = append(rw.after, &Instr{Op: opMov, Size: 8, Args: []Operand{mem, regOp(st.t)}, Spill: true, Pos: rw.in.Pos, Inlined: rw.in.Inlined})
	}
	return st.t
}

// widenConstant turns `movl $c, dst` (which zero-extends c into a 64-bit
// register) into the equivalent `movq $c, dst` when c fits a sign-extended
// immediate, so that dst may be memory; it reports whether it did.
func widenConstant(in *Instr) bool {
	if in.Op != opMov || in.Size != 4 || in.Args[1].Kind != KindImm || !fitsInt32(in.Args[1].Imm) {
		return false
	}
	in.Size = 8
	return true
}

// memoryOK reports whether operand i of in, a register, may be a memory
// operand instead. A written operand must be written at least as wide as
// the value is meaningful (a movl that zero-extends into a 64-bit value
// must write a register).
func (f *Func) memoryOK(in *Instr, i int) bool {
	if in.role(i)&roleDef != 0 && int(in.Size) < int(f.vreg(in.Args[i].Reg).width) {
		return false
	}
	switch in.Op {
	case opMov:
		if i == 0 {
			src := in.Args[1]
			return src.Kind == KindReg || src.Kind == KindImm && fitsInt32(src.Imm)
		}
		return in.Args[0].Kind == KindReg
	case opMovzx, opMovsx, opImul, opImul3, opCmov:
		return i == 1
	case opAdd, opSub, opAnd, opOr, opXor, opCmp, opTest:
		return true
	case opShl, opSar, opShr, opRol, opNeg, opSetcc, opIdiv, opDiv, opImul1, opMul1:
		return i == 0
	}
	return false
}
