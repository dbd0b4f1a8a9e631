package middle

// RemoveUnreachable deletes the blocks that no path from the entry reaches,
// and the φ entries of surviving blocks for edges from them.
//
// Requires: a function whose terminators are complete. Guarantees: every
// block is reachable from the entry. Values
// defined in a deleted block can only have been used in deleted blocks or
// on their outgoing edges (a use elsewhere would not be dominated by its
// definition), so no dangling operands remain in valid SSA. Other passes run
// it first: dominance-based algorithms cover reachable blocks only, and the
// verifier's φ-per-predecessor rule counts unreachable predecessors too.
func RemoveUnreachable(f *Func) {
	if f.IsDecl() {
		return
	}
	rpo := ReversePostorder(f)
	if len(rpo) == len(f.Blocks) {
		return
	}
	reachable := make([]bool, f.NumBlocks())
	for _, b := range rpo {
		reachable[b.ID] = true
	}
	f.RemoveBlocks(func(b *Block) bool { return !reachable[b.ID] })
}
