package backend

// Jump chains at emission. A block that would emit nothing but its final
// jump (an edge block whose copies were all coalesced, a loop body that
// does nothing) is left out of the assembly, and a branch to it goes where
// its chain of such blocks leads. A chain that closes on itself — an empty
// endless loop, `while true { }` — leads nowhere else: the block where it
// closes is kept, and jumps to itself.

// jumpChains returns, for the emitter, whether each block is laid out and
// the block a branch to it really reaches, both by Block.
func (f *Func) jumpChains() (laidOut map[*Block]bool, dest map[*Block]*Block) {
	laidOut = map[*Block]bool{}
	for i, b := range f.Blocks {
		laidOut[b] = i == 0 || b.prologue || !f.onlyJumps(b)
	}
	for _, b := range f.Blocks {
		onChain := map[*Block]bool{}
		d := b
		for !laidOut[d] && !onChain[d] {
			onChain[d] = true
			d = d.Instrs[len(d.Instrs)-1].Args[0].Block
		}
		laidOut[d] = true // laid out already, or where the chain closed
	}
	// Every chain now ends at a block laid out.
	dest = map[*Block]*Block{}
	for _, b := range f.Blocks {
		for d := b; ; {
			if laidOut[d] {
				dest[b] = d
				break
			}
			d = d.Instrs[len(d.Instrs)-1].Args[0].Block
		}
	}
	return laidOut, dest
}
