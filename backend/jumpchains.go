package backend

// Jump chains at emission. A block that would emit nothing but its final
// jump (an edge block whose copies were all coalesced, a loop body that
// does nothing) is left out of the assembly, and a branch to it goes where
// its chain of such blocks leads. A chain that closes on itself — an empty
// endless loop, `while true { }` — leads nowhere else: the block where it
// closes is kept, and jumps to itself.

// jumpChains returns, for the emitter, whether each block is laid out and
// the block a branch to it really reaches, both by Block.ID (its place in
// f.Blocks, as the emitter's labels take it). A chain is followed once:
// each block on it is marked with the walk that reached it, so that a walk
// stops where an earlier one (or its own, at a closed chain) went.
func (f *Func) jumpChains() (laidOut []bool, dest []*Block) {
	laidOut = make([]bool, len(f.Blocks))
	for i, b := range f.Blocks {
		laidOut[b.ID] = i == 0 || b.prologue || !f.onlyJumps(b)
	}
	onChain := make([]int32, len(f.Blocks)) // the walk (1 + its first block) that passed the block
	for i, b := range f.Blocks {
		d := b
		for !laidOut[d.ID] && onChain[d.ID] != int32(i+1) {
			onChain[d.ID] = int32(i + 1)
			d = d.Instrs[len(d.Instrs)-1].Args[0].block()
		}
		laidOut[d.ID] = true // laid out already, or where the chain closed
	}
	// Every chain now ends at a block laid out.
	dest = make([]*Block, len(f.Blocks))
	for _, b := range f.Blocks {
		for d := b; ; {
			if laidOut[d.ID] {
				dest[b.ID] = d
				break
			}
			d = d.Instrs[len(d.Instrs)-1].Args[0].block()
		}
	}
	return laidOut, dest
}
