package backend

// Tail duplication: a block that jumps unconditionally to a small block
// ending in a two-way branch or a return, or holding only the register
// copies of its φs before a jump, gets a copy of that block's
// instructions instead of the jump, as LLVM's TailDuplicator and gcc's
// bb-reorder duplicate small tails. Its use here is the loop test: a
// `for` or `while` loop's header is its test (cmp; jcc body; jmp exit),
// and both the block before the loop and the end of the body jump to it.
// With the test copied into both, the loop is entered and continued by a
// conditional branch straight into the body, without a jump to the test
// (the rotated layout gcc and LLVM give loops), and the header, reached by
// no one any more, falls out of the block order. Small return blocks are
// copied the same way, saving the jump to them, and so are the joins that
// only copy registers (and step counters by constants) and jump on: the
// arms of an interpreter's dispatch all jump to the join before the loop's
// test, and with the copies (and its pc += 1) in each arm they jump (or,
// with the test copied too, branch) to the test directly.
//
// The code is out of SSA by now, so copying instructions that define
// registers is fine (a register may have several definitions); the copy of
// a φ copy placed at the top of a branch target is shared by every block
// that now branches there, which is right, since each of them runs the
// same test the header did.

// tailDupLimit is the most instructions, terminators included, a block may
// have to be copied: a test with an operand to materialize, or a return
// with a move into rax.
const tailDupLimit = 4

// tailDupCopies is the most instructions of a block of register copies
// and its jump that is copied: moves between registers mostly vanish in
// coalescing, one copy per incoming edge.
const tailDupCopies = 8

// tailDupChain is the most tails copied one after another into a block:
// an interpreter's arm takes the copies of its join, which jump to the
// loop's test, and then the test, so that it branches to the next
// dispatch itself. The bound keeps a cycle of blocks of copies from
// growing a block forever.
const tailDupChain = 3

// DuplicateTails copies small blocks into the blocks that jump to them,
// and again into the copy's jump, up to tailDupChain times. It runs before
// OrderBlocks, which recomputes predecessors and drops the blocks no one
// reaches any more.
func (f *Func) DuplicateTails() {
	copies := uint16(0)
	for _, p := range f.Blocks {
		for range tailDupChain {
			n := len(p.Instrs)
			if n == 0 || p.Instrs[n-1].Op != opJmp || n >= 2 && p.Instrs[n-2].Op == opJcc {
				break
			}
			b := p.Instrs[n-1].Args[0].block()
			if b == p || b == f.Blocks[0] || !b.duplicable() {
				break
			}
			p.Instrs = p.Instrs[:n-1]
			copies = max(copies+1, 1) // numbered for -g (Instr.Copy), wrapping
			f.noteTail(copies, b, p)
			for _, in := range b.Instrs {
				c := f.clone(in)
				c.Copy = copies
				p.Instrs = append(p.Instrs, c)
			}
			p.Succs = append(p.Succs[:0], b.Succs...)
		}
	}
}

// tailDupLatch is the most instructions, its jump included, of a block
// that jumps to a small test and is copied with it: a loop's latch (the
// store of an if's result, the counter's step and its copy) that both arms
// of the if jump to. Each arm then ends with the loop's test and branches
// back itself (gcc's layout of lcs's inner loop), and the arm that used to
// jump to the latch takes one branch an iteration rather than two.
const tailDupLatch = 4

// duplicable reports whether b is a small tail: a test that branches two
// ways, a return, or a latch that jumps to a test.
func (b *Block) duplicable() bool {
	n := len(b.Instrs)
	if n == 0 || n > tailDupLimit && (n > tailDupCopies || !onlyMoves(b.Instrs[:n-1])) {
		return false
	}
	for _, in := range b.Instrs {
		if in.Op == opCall || in.Op == opPhi {
			return false
		}
	}
	last := b.Instrs[n-1].Op
	if last == opRet || last == opJmp && n >= 2 && (b.Instrs[n-2].Op == opJcc || onlyMoves(b.Instrs[:n-1])) {
		return true
	}
	return last == opJmp && n <= tailDupLatch && b.Instrs[n-1].Args[0].block().isTest()
}

// isTest reports whether b is a small two-way branch (cmp; jcc; jmp).
func (b *Block) isTest() bool {
	n := len(b.Instrs)
	if n < 2 || n > tailDupLimit || b.Instrs[n-1].Op != opJmp || b.Instrs[n-2].Op != opJcc {
		return false
	}
	for _, in := range b.Instrs {
		if in.Op == opCall || in.Op == opPhi {
			return false
		}
	}
	return true
}

// onlyMoves reports whether instrs are all moves between registers, or
// leas of registers and constants into one: the φ copies of a join that
// jumps on, and the steps of the counters they copy (an interpreter's
// pc += 1 after every instruction), which its predecessors can as well do
// themselves before jumping on directly.
func onlyMoves(instrs []*Instr) bool {
	for _, in := range instrs {
		switch {
		case in.Op == opMov && in.Args[0].Kind == KindReg && in.Args[1].Kind == KindReg:
		case in.Op == opLea && in.Args[0].Kind == KindReg && in.Args[1].sym() == "" && in.Args[1].slot() == nil:
		default:
			return false
		}
	}
	return true
}

// tailCopy is one copy DuplicateTails made, for -g: the block from, copied
// to the end of into. nested: the copy was copied again as part of
// another block (its instructions took that copy's number), or numbers
// wrapped: the copy can no longer be told from others.
type tailCopy struct {
	from, into *Block
	nested     bool
}

// noteTail records, when -g follows variables, that copy number k is b's,
// made at the end of p (dwarfloc.go places the assignments of a block the
// copies dissolved in them).
func (f *Func) noteTail(k uint16, b, p *Block) {
	if f.IR == nil || f.IR.Debug == nil || len(f.IR.Debug.Assigns) == 0 {
		return
	}
	if f.tails == nil {
		f.tails = make([]tailCopy, 1, 16) // copy 0 is no copy
	}
	if f.tails[0].nested || int(k) < len(f.tails) {
		// The numbers wrapped: every copy is ambiguous now (said by
		// copy 0's mark).
		f.tails[0].nested = true
		return
	}
	for _, in := range b.Instrs {
		if in.Copy != 0 && int(in.Copy) < len(f.tails) {
			f.tails[in.Copy].nested = true
		}
	}
	f.tails = append(f.tails, tailCopy{from: b, into: p})
}
