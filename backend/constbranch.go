package backend

import "slices"

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
// The same goes for a bool the block computed with setcc, as a join's φ
// of a compare leaves it (`return a != 0 || b == 2` inlined and tested):
//
//	cmpq $2, (%v3)
//	sete %v13
//	movzbl %v13, %v13
//	testb %v13, %v13
//	jne then
//
// tests the flags the setcc read, which nothing has changed since: the
// branch becomes `je then`, and the setcc and its extension go when no
// one else reads the bool.
//
// Only registers whose value the block itself sets by a move of an
// immediate or a setcc (or copies of such registers) are known, and only
// until the next instruction that writes them; the compare must be the
// instruction right before the branches.

// FoldConstBranches turns two-way branches whose compare the block's own
// constants decide into jumps, and tests of a bool the block set from the
// flags into branches on those flags. It runs after DuplicateTails and
// before OrderBlocks, which recomputes predecessors and drops the blocks no
// branch reaches any more.
func (f *Func) FoldConstBranches() {
	folded := map[Reg]bool{} // registers the folded compares read
	for _, b := range f.Blocks {
		cmp, jcc, jmp, known, _ := twoWayTest(b)
		if cmp == nil {
			continue
		}
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
		target := jmp.Args[0].block()
		if condHolds(jcc.Cond, x, y, cmp.Size) {
			target = jcc.Args[0].block()
		}
		for _, a := range cmp.Args {
			if a.Kind == KindReg {
				folded[a.Reg] = true
			}
		}
		jmp.Args[0].setBlock(target)
		b.Instrs = append(b.Instrs[:len(b.Instrs)-3], jmp)
		b.Succs = append(b.Succs[:0], target)
	}
	// A test of a setcc's bool is replaced only where the bool then dies:
	// the setcc goes with the test. Where it lives on, the test is one
	// instruction, and moving the last read of the flags' register out of
	// the block only changes the allocation (measured worse on towers).
	var reads []int32 // counted once a block asks
	for _, b := range f.Blocks {
		cmp, jcc, jmp, known, epoch := twoWayTest(b)
		if cmp == nil || jcc.Cond != CondE && jcc.Cond != CondNE {
			continue
		}
		c, ok := flagsTest(cmp, known, epoch)
		if !ok {
			continue
		}
		if reads == nil {
			reads = f.reads(f.reachable())
		}
		if !readOnceEach(known[cmp.Args[0].Reg].chain, reads) {
			continue
		}
		// The test of the bool is the test of the flags it came from.
		if jcc.Cond == CondE {
			c = c.Negate()
		}
		jcc.Cond = c
		folded[cmp.Args[0].Reg] = true
		b.Instrs = append(b.Instrs[:len(b.Instrs)-3], jcc, jmp)
	}
	if len(folded) > 0 {
		f.dropDeadDefs(folded)
	}
}

// twoWayTest returns the compare and the branches that end b, with what
// the instructions before them leave known (blockFacts), or a nil compare
// when b does not end in a compare and a two-way branch.
func twoWayTest(b *Block) (cmp, jcc, jmp *Instr, known map[Reg]fact, epoch int) {
	n := len(b.Instrs)
	if n < 3 || b.Instrs[n-1].Op != opJmp || b.Instrs[n-2].Op != opJcc {
		return nil, nil, nil, nil, 0
	}
	cmp = b.Instrs[n-3]
	if cmp.Op != opCmp && cmp.Op != opTest {
		return nil, nil, nil, nil, 0
	}
	known, epoch = blockFacts(b.Instrs[:n-3])
	return cmp, b.Instrs[n-2], b.Instrs[n-1], known, epoch
}

// readOnceEach reports whether each register of chain is read by one
// instruction of the reachable code: the setcc's register by the copy to
// the next, the last by the test.
func readOnceEach(chain []Reg, reads []int32) bool {
	for _, r := range chain {
		if reads[r-FirstVReg] != 1 {
			return false
		}
	}
	return true
}

// fact is what a block knows of a virtual register it wrote: an immediate
// (with how many of the register's low bytes it sets), or the 0 or 1 a
// setcc made of the flags of epoch (see blockFacts).
type fact struct {
	setcc bool
	val   int64 // the immediate
	size  uint8
	cond  Cond  // setcc's condition
	epoch int   // of the flags setcc read
	chain []Reg // from setcc's register through the copies to this one
}

// blockFacts returns what instrs leave known of the virtual registers they
// write, and the epoch of the flags they leave: the number of
// instructions among them that may change the flags.
func blockFacts(instrs []*Instr) (map[Reg]fact, int) {
	var known map[Reg]fact // made at the first fact: most blocks have none
	epoch := 0
	for _, in := range instrs {
		old, src := fact{}, false
		if in.Args != nil && len(in.Args) == 2 && in.Args[1].Kind == KindReg {
			old, src = known[in.Args[1].Reg]
		}
		in.forEachDef(func(r Reg) { delete(known, r) })
		if !keepsFlags(in.Op) {
			epoch++
		}
		if len(in.Args) == 0 || in.Args[0].Kind != KindReg || !in.Args[0].Reg.IsVirtual() {
			continue
		}
		d := in.Args[0].Reg
		var c fact
		switch {
		case in.Op == opMov && in.Args[1].Kind == KindImm:
			c = fact{val: in.Args[1].Imm, size: in.Size}
			if in.Size == 4 {
				// A 32-bit move zero-extends into the whole register.
				c = fact{val: int64(uint32(c.val)), size: 8}
			}
		case in.Op == opSetcc:
			c = fact{setcc: true, cond: in.Cond, epoch: epoch, size: 1, chain: []Reg{d}}
		case src && old.setcc && in.Op == opMovzx && in.SrcSize == 1 && in.Size >= 4:
			c = old
			c.size = 8
			if d != in.Args[1].Reg {
				c.chain = append(slices.Clip(c.chain), d)
			}
		case src && old.setcc && in.Op == opMov && old.size >= in.Size:
			// Bytes the copy does not write keep their old value, unless
			// a 32-bit move zeroes them.
			c = old
			if in.Size < 4 {
				c.size = in.Size
			}
			if d != in.Args[1].Reg {
				c.chain = append(slices.Clip(c.chain), d)
			}
		case src && !old.setcc && in.Op == opMov && in.Size >= old.size:
			c = old
		default:
			continue
		}
		if known == nil {
			known = map[Reg]fact{}
		}
		known[d] = c
	}
	return known, epoch
}

// flagsTest reports whether cmp tests (test r, r) a bool that a setcc of
// the block made from the flags the block still holds, and returns that
// setcc's condition.
func flagsTest(cmp *Instr, known map[Reg]fact, epoch int) (Cond, bool) {
	if cmp.Op != opTest || cmp.Args[0].Kind != KindReg || cmp.Args[0] != cmp.Args[1] {
		return 0, false
	}
	k, ok := known[cmp.Args[0].Reg]
	return k.cond, ok && k.setcc && k.epoch == epoch && cmp.Size <= k.size
}

// constant returns the value of the operand as an instruction of the given
// width reads it: an immediate, or a register known to hold a constant at
// least that wide.
func (o Operand) constant(known map[Reg]fact, size uint8) (int64, bool) {
	switch o.Kind {
	case KindImm:
		return truncate(o.Imm, size), true
	case KindReg:
		if c, ok := known[o.Reg]; ok && !c.setcc && c.size >= size {
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

// dropDeadDefs removes the instructions that only compute a register of
// regs, or of the registers they read, that no instruction of f's
// reachable blocks reads any more (the φ copies of the folded tests, the
// setcc of a bool only the test read; the join whose test was copied is
// still in f.Blocks, reached by no one): moves of immediates and
// registers, setcc and zero extensions, which have no other effect. With
// them gone, a block may hold only a jump.
func (f *Func) dropDeadDefs(regs map[Reg]bool) {
	reached := f.reachable()
	for len(regs) > 0 {
		dead := map[Reg]bool{}
		for r := range regs {
			dead[r] = r.IsVirtual()
		}
		for _, b := range reached {
			for _, in := range b.Instrs {
				in.forEachUse(func(r Reg) {
					if dead[r] && !pureDefOf(in, r) {
						dead[r] = false
					}
				})
			}
		}
		next := map[Reg]bool{}
		for _, b := range f.Blocks {
			kept := b.Instrs[:0]
			for _, in := range b.Instrs {
				if pureDef(in) && dead[in.Args[0].Reg] {
					if len(in.Args) == 2 && in.Args[1].Kind == KindReg && in.Args[1].Reg != in.Args[0].Reg {
						next[in.Args[1].Reg] = true
					}
					continue
				}
				kept = append(kept, in)
			}
			clear(b.Instrs[len(kept):])
			b.Instrs = kept
		}
		regs = next
	}
}

// reachable returns the blocks the entry reaches through Succs.
func (f *Func) reachable() []*Block {
	var reached []*Block
	seen := map[*Block]bool{f.Blocks[0]: true}
	for work := []*Block{f.Blocks[0]}; len(work) > 0; {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		reached = append(reached, b)
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return reached
}

// reads counts, for each virtual register (by r-FirstVReg), the
// instructions of blocks that read it, not counting a pure definition's
// read of its own register.
func (f *Func) reads(blocks []*Block) []int32 {
	n := make([]int32, f.NumVRegs())
	// last[r] is 1 + the number of the instruction that last counted r, so
	// that an instruction reading r twice counts once.
	last := make([]int32, f.NumVRegs())
	k := int32(0)
	for _, b := range blocks {
		for _, in := range b.Instrs {
			k++
			in.forEachUse(func(r Reg) {
				if r.IsVirtual() && last[r-FirstVReg] != k && !pureDefOf(in, r) {
					last[r-FirstVReg] = k
					n[r-FirstVReg]++
				}
			})
		}
	}
	return n
}

// pureDef reports whether in only writes its register operand 0, from an
// immediate, a register or the flags.
func pureDef(in *Instr) bool {
	if len(in.Args) == 0 || in.Args[0].Kind != KindReg || in.Defs != 0 || in.Clobbers != 0 {
		return false
	}
	switch in.Op {
	case opSetcc:
		return len(in.Args) == 1
	case opMov, opMovzx:
		return len(in.Args) == 2 && (in.Args[1].Kind == KindReg || in.Args[1].Kind == KindImm && in.Op == opMov)
	}
	return false
}

// pureDefOf reports whether in is a pure definition of r that reads r
// itself (movzbl %v, %v), a read that does not keep r alive.
func pureDefOf(in *Instr, r Reg) bool { return pureDef(in) && in.Args[0].Reg == r }
