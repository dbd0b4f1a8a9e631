package backend

// Code alignment: a function's entry starts a 16-byte block, and the
// first instruction of each loop a 32-byte one where it is cheap to get there
// (gcc's -falign-functions=16 and -falign-loops=16:11:8 at -O2, LLVM's
// preferred function and loop alignment on x86-64: Intel's optimization
// manual, "Code Alignment", 3.4.1.4). The front end fetches and decodes
// aligned 16- and 32-byte windows and the decoded-uop cache holds lines
// of 32- or 64-byte windows: a loop that starts late in one spends a
// fetch or a uop-cache line on a few instructions each iteration, and
// where code sits relative to those windows otherwise moves with every
// change to the code before it.
//
// The top of a loop is its first block in the layout that the emitter
// writes (the rotated loop's body, or its header; a block the emitter
// leaves out, one that only jumps, does not count): the target of its back
// edges. It is padded to a 32-byte boundary (the padding never runs, so
// only its bytes cost): gcc's 16 with at most 10 bytes of padding left the
// loops of knapsack and bubblesort, each a few instructions with a
// data-dependent branch, at a 16-byte offset in a 64-byte line about half
// the time, where hand-padded copies ran 1.2-1.3x slower than at offsets 0
// or 32 (CPU time, interleaved runs; no performance counters here to say
// which front-end limit it is) — but only where no code falls into it, so
// that the padding never runs: after a jump, a return or a call
// that does not return. gcc and LLVM pad a loop that the code before it
// falls into too, and the padding then runs (one nop) each time the loop
// is entered: over the 36 benchmark programs, whose loops toyc's layout
// nearly always enters by falling into them (a rotated loop's guard falls
// into its body), that added 0.8% to the instructions run (geometric
// mean; regex 2.3%, its state-set loops being entered once per
// character), for no CPU-time gain that a loaded machine could show.
// Loops made of cold blocks (the runtime errors at the end of the
// function) are left alone.
//
// Requires: the final block order (the last stage before emission, after
// everything that moves or adds blocks). Guarantees: the same code; only
// Func.alignEntry and Block.alignTop are set, which the emitter writes as
// .p2align directives.
func (f *Func) AlignCode() {
	f.alignEntry = true
	for i, b := range f.Blocks {
		b.ID = i // the loop finder's nodes are indexes in f.Blocks
		b.alignTop = false
	}
	if len(f.Blocks) < 2 {
		return
	}
	lf := f.loopForest()
	if len(lf.Loops) == 0 {
		return
	}
	laidOut, dest := f.jumpChains()
	top := make([]int32, len(lf.Loops)) // each loop's first block laid out, or -1
	for i := range top {
		top[i] = -1
	}
	// Blocks go in layout order, so the first one met of a loop (or of
	// a loop nested in it) is its top.
	for n, b := range f.Blocks {
		if !laidOut[n] || b.isCold() {
			continue
		}
		for li := lf.Innermost(int32(n)); li >= 0 && top[li] < 0; li = lf.Loops[li].Parent {
			top[li] = int32(n)
		}
	}
	for _, t := range top {
		if t > 0 && !fallsInto(f.Blocks, laidOut, dest, int(t)) {
			f.Blocks[t].alignTop = true
		}
	}
}

// fallsInto reports whether the block laid out before blocks[t] can run
// into it (runsInto; dest, of jumpChains, is where each branch ends up).
func fallsInto(blocks []*Block, laidOut []bool, dest []*Block, t int) bool {
	p := t - 1
	for p >= 0 && !laidOut[p] {
		p--
	}
	if p < 0 {
		return true
	}
	return runsInto(blocks[p], blocks[t], func(b *Block) *Block { return dest[b.ID] })
}

// runsInto reports whether b, laid out right before t, can run into it: it
// ends with no unconditional jump, table jump, return or ud2, or one of
// its branches leads to t (through dest), which the emitter then lets fall
// through.
func runsInto(b, t *Block, dest func(*Block) *Block) bool {
	n := len(b.Instrs)
	if n == 0 {
		return true
	}
	for _, in := range b.Instrs[max(0, n-2):] {
		if (in.Op == opJmp || in.Op == opJcc) && dest(in.Args[0].block()) == t {
			return true
		}
	}
	switch b.Instrs[n-1].Op {
	case opRet, opUd2, opJmpTable, opJmp:
		return false
	}
	return true
}

// sameBlock is runsInto's dest where branches go where they say.
func sameBlock(b *Block) *Block { return b }
