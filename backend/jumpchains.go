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
// stops where an earlier one went (that chain's end is laid out already)
// or where its own closes. The blocks a branch reaches are found the same
// way, each walk's path given the end it reached. (Following each chain
// to its end from every block on it took a program of 4,000 ||s, a chain
// of as many empty blocks, 0.25 s at -O0.)
func (f *Func) jumpChains() (laidOut []bool, dest []*Block) {
	laidOut = make([]bool, len(f.Blocks))
	for i, b := range f.Blocks {
		laidOut[b.ID] = i == 0 || b.prologue || !f.onlyJumps(b)
	}
	next := func(b *Block) *Block { return b.Instrs[len(b.Instrs)-1].Args[0].block() }
	onChain := make([]int32, len(f.Blocks)) // the walk (1 + its first block) that passed the block
	for i, b := range f.Blocks {
		walk := int32(i + 1)
		d := b
		for !laidOut[d.ID] && onChain[d.ID] == 0 {
			onChain[d.ID] = walk
			d = next(d)
		}
		if !laidOut[d.ID] && onChain[d.ID] == walk {
			laidOut[d.ID] = true // where the chain closed
		}
	}
	// Every chain now ends at a block laid out.
	dest = make([]*Block, len(f.Blocks))
	var path []*Block
	for _, b := range f.Blocks {
		if laidOut[b.ID] {
			dest[b.ID] = b
			continue
		}
		d := b
		for path = path[:0]; !laidOut[d.ID] && dest[d.ID] == nil; d = next(d) {
			path = append(path, d)
		}
		if !laidOut[d.ID] {
			d = dest[d.ID]
		}
		for _, p := range path {
			dest[p.ID] = d
		}
	}
	return laidOut, dest
}
