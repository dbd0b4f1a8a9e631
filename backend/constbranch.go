package backend

// Branches on constants, after tail duplication: jump threading through a
// φ of constants (LLVM's JumpThreading, gcc's jump threading on φs with
// constant arguments), done where it costs no CFG surgery in the middle.
// An inlined function that returns a bool (`if is_shorter_than(x, y)`)
// leaves a join whose φ collects true and false from the callee's returns
// and a branch on it. Out of SSA, each edge into the join carries its
// constant in a move, and tail duplication copies the join's test into
// every block that jumped to it; such a block then reads
//
//	movl $1, %v    # the φ's copy
//	testb %v, %v
//	jne then
//	jmp else
//
// whose branch always goes one way. The test and the two branches become
// one jump, and a register no instruction reads any more loses its moves,
// so the block is a bare jump that the emitter's jump chains skip: the
// callee's return goes straight to the caller's arm.
//
// Only registers whose value the block itself sets by a move of an
// immediate are known, and only until the next instruction that writes
// them; the compare must be the instruction right before the branches.

// FoldConstBranches turns two-way branches whose compare the block's own
// constants decide into jumps. It runs after DuplicateTails and before
// OrderBlocks, which recomputes predecessors and drops the blocks no
// branch reaches any more.
func (f *Func) FoldConstBranches() {
	folded := map[Reg]bool{} // registers the folded compares read
	for _, b := range f.Blocks {
		n := len(b.Instrs)
		if n < 3 || b.Instrs[n-1].Op != opJmp || b.Instrs[n-2].Op != opJcc {
			continue
		}
		cmp := b.Instrs[n-3]
		if cmp.Op != opCmp && cmp.Op != opTest {
			continue
		}
		known := knownConstants(b.Instrs[:n-3])
		x, okx := cmp.Args[0].constant(known, cmp.Size)
		y, oky := cmp.Args[1].constant(known, cmp.Size)
		if !okx || !oky {
			continue
		}
		if cmp.Op == opTest {
			// Flags of x & y: ZF and SF of the result, CF = OF = 0, which
			// are the flags of comparing the result with zero.
			x, y = truncate(x&y, cmp.Size), 0
		}
		jcc, jmp := b.Instrs[n-2], b.Instrs[n-1]
		target := jmp.Args[0].Block
		if condHolds(jcc.Cond, x, y, cmp.Size) {
			target = jcc.Args[0].Block
		}
		for _, a := range cmp.Args {
			if a.Kind == KindReg {
				folded[a.Reg] = true
			}
		}
		jmp.Args[0].Block = target
		b.Instrs = append(b.Instrs[:n-3], jmp)
		b.Succs = append(b.Succs[:0], target)
	}
	if len(folded) > 0 {
		f.dropUnreadConstants(folded)
	}
}

// knownConstants returns the virtual registers that instrs leave holding
// an immediate they moved there, with its value and how many of the
// register's low bytes it sets.
func knownConstants(instrs []*Instr) map[Reg]sizedConst {
	known := map[Reg]sizedConst{}
	for _, in := range instrs {
		in.forEachDef(func(r Reg) { delete(known, r) })
		if in.Op == opMov && in.Args[0].Kind == KindReg && in.Args[0].Reg.IsVirtual() && in.Args[1].Kind == KindImm {
			c := sizedConst{in.Args[1].Imm, in.Size}
			if in.Size == 4 {
				// A 32-bit move zero-extends into the whole register.
				c = sizedConst{int64(uint32(c.val)), 8}
			}
			known[in.Args[0].Reg] = c
		}
	}
	return known
}

type sizedConst struct {
	val  int64
	size uint8
}

// constant returns the value of the operand as an instruction of the given
// width reads it: an immediate, or a register known to hold a constant at
// least that wide.
func (o Operand) constant(known map[Reg]sizedConst, size uint8) (int64, bool) {
	switch o.Kind {
	case KindImm:
		return truncate(o.Imm, size), true
	case KindReg:
		if c, ok := known[o.Reg]; ok && c.size >= size {
			return truncate(c.val, size), true
		}
	}
	return 0, false
}

// truncate sign-extends the low size bytes of v.
func truncate(v int64, size uint8) int64 {
	switch size {
	case 1:
		return int64(int8(v))
	case 4:
		return int64(int32(v))
	}
	return v
}

// condHolds reports whether cond holds for the flags of `cmp x, y` at the
// given width, x and y sign-extended from it.
func condHolds(cond Cond, x, y int64, size uint8) bool {
	mask := ^uint64(0)
	if size < 8 {
		mask = 1<<(8*uint(size)) - 1
	}
	ux, uy := uint64(x)&mask, uint64(y)&mask
	switch cond {
	case CondE:
		return x == y
	case CondNE:
		return x != y
	case CondL:
		return x < y
	case CondGE:
		return x >= y
	case CondLE:
		return x <= y
	case CondG:
		return x > y
	case CondB:
		return ux < uy
	case CondAE:
		return ux >= uy
	case CondBE:
		return ux <= uy
	case CondA:
		return ux > uy
	}
	panic("condHolds: unknown condition")
}

// dropUnreadConstants removes the moves of immediates into the registers
// of regs that no instruction of f's reachable blocks reads any more (the
// φ copies of the folded tests; the join whose test was copied is still
// in f.Blocks, reached by no one): with them gone, their blocks may hold
// only a jump.
func (f *Func) dropUnreadConstants(regs map[Reg]bool) {
	reached := map[*Block]bool{f.Blocks[0]: true}
	work := []*Block{f.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, in := range b.Instrs {
			in.forEachUse(func(r Reg) { delete(regs, r) })
		}
		for _, s := range b.Succs {
			if !reached[s] {
				reached[s] = true
				work = append(work, s)
			}
		}
	}
	if len(regs) == 0 {
		return
	}
	for _, b := range f.Blocks {
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if in.Op == opMov && in.Args[0].Kind == KindReg && regs[in.Args[0].Reg] && in.Args[1].Kind == KindImm {
				continue
			}
			kept = append(kept, in)
		}
		clear(b.Instrs[len(kept):])
		b.Instrs = kept
	}
}
