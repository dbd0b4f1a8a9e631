package backend

// Spill code: after a round of linear scan, every spilled virtual register
// gets a stack slot, and each instruction that mentions it is rewritten.
// Where x86 lets the instruction take a memory operand in that place (one
// per instruction; see memoryOK), the slot replaces the register: `addq
// -24(%rbp), %rax`, `cmpq $0, -24(%rbp)`, `movq -24(%rbp), %rdi`. Elsewhere
// a fresh temporary takes its place, reloaded from the slot just before the
// instruction when it reads the register and stored back just after when it
// writes it — "spill everywhere", as in Chaitin's allocator and LLVM's early
// linear scan. The temporaries live for one instruction and are marked
// unspillable, so the next round finds them registers.

// insertSpillCode rewrites f for the spilled registers: slot[v-FirstVReg]
// is the slot of v, nil for registers that are not spilled.
func (f *Func) insertSpillCode(slot []*Slot) {
	spilled := func(r Reg) *Slot {
		if r.IsVirtual() && int(r-FirstVReg) < len(slot) {
			return slot[r-FirstVReg]
		}
		return nil
	}
	for _, b := range f.Blocks {
		out := make([]*Instr, 0, len(b.Instrs))
		for _, in := range b.Instrs {
			if in.Spill {
				out = append(out, in) // moves of temporaries, which are never spilled
				continue
			}
			rw := rewriter{f: f, in: in}
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
					case !hasMem && f.memoryOK(in, i):
						v := a.Reg
						*a = slotOp(s)
						a.VReg = v
						hasMem = true
					default:
						a.Reg = rw.temp(a.Reg, s, in.role(i))
					}
				}
			}
			out = append(out, rw.before...)
			out = append(out, in)
			out = append(out, rw.after...)
		}
		b.Instrs = out
	}
}

// rewriter collects the reloads and spill stores around one instruction,
// with one temporary per spilled register however often it occurs there.
type rewriter struct {
	f             *Func
	in            *Instr
	temps         []Reg // pairs: spilled register, its temporary
	before, after []*Instr
}

func (rw *rewriter) temp(v Reg, s *Slot, r role) Reg {
	var t Reg
	for i := 0; i < len(rw.temps); i += 2 {
		if rw.temps[i] == v {
			t = rw.temps[i+1]
		}
	}
	fresh := t == NoReg
	if fresh {
		t = rw.f.newVReg(rw.f.width[v-FirstVReg])
		rw.f.orig[t-FirstVReg] = rw.f.program(v)
		rw.f.unspillable[t-FirstVReg] = true
		rw.temps = append(rw.temps, v, t)
	}
	mem := slotOp(s)
	mem.VReg = v
	// One reload and one store at most: a second mention reuses the first.
	if r&roleUse != 0 && fresh {
		rw.before = append(rw.before, &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(t), mem}, Spill: true, Pos: rw.in.Pos})
	}
	if r&roleDef != 0 && !rw.stores(t) {
		rw.after = append(rw.after, &Instr{Op: opMov, Size: 8, Args: []Operand{mem, regOp(t)}, Spill: true, Pos: rw.in.Pos})
	}
	return t
}

// stores reports whether a spill store of t is already planned.
func (rw *rewriter) stores(t Reg) bool {
	for _, st := range rw.after {
		if st.Args[1].Reg == t {
			return true
		}
	}
	return false
}

// memoryOK reports whether operand i of in, a register, may be a memory
// operand instead. A written operand must be written at least as wide as
// the value is meaningful (a movl that zero-extends into a 64-bit value
// must write a register).
func (f *Func) memoryOK(in *Instr, i int) bool {
	if in.role(i)&roleDef != 0 && int(in.Size) < int(f.width[in.Args[i].Reg-FirstVReg]) {
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
	case opShl, opSar, opShr, opNeg, opSetcc, opIdiv, opImul1:
		return i == 0
	}
	return false
}
