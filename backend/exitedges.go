package backend

// Loop exit edges, each a block of its own. A block inside a loop that
// branches two ways, one of them out of the loop (a rotated loop's latch,
// a loop test at the top, a break), runs on every iteration; code placed at
// its end runs on every iteration too, though it is meant for the exit
// alone. The allocator's loop splits (splitloops.go) put such code there:
// the copy of a value the loop writes back from its loop register, which a
// brainfuck interpreter's step counter paid on each of its steps. With
// the exit edge a block of its own, the copy goes there and runs once per
// exit — the blocks LLVM's loop passes keep as dedicated exits (LoopSimplify)
// and its SplitKit uses for the same copies.
//
// The IR's critical edges were split (middle.SplitCriticalEdges), but the
// blocks that got no φ copies were threaded away (ThreadJumps) before the
// loops were known; SplitLoopExits puts them back, after OrderBlocks, for
// every edge out of a loop from a block with more than one successor,
// unless its target already is such a block (one predecessor, nothing but
// its jump) or is cold (a runtime error's report, which splitloops handles
// as part of the loop). A block that stays empty costs nothing: the
// emitter leaves out blocks that only jump (jumpchains.go). Where it gets
// code, its place in the order decides whether it costs a jump: it goes
// right after its source when the source falls through to it (its final
// jump), else right before its target when the block before the target
// does not fall into it, else after the last block that is not cold.
//
// Requires OrderBlocks (the order and loop depths), whose loop forest it
// takes rather than finding it again; keeps the order of the other
// blocks, renumbers the IDs and recomputes the predecessors.
func (f *Func) SplitLoopExits() {
	cyclic := false
	for _, b := range f.Blocks {
		cyclic = cyclic || b.depth > 0
	}
	if !cyclic {
		return
	}
	loops, node := f.takeLoops()
	after := map[*Block][]*Block{}  // edge blocks to place right after a block; looked up, never iterated
	before := map[*Block][]*Block{} // edge blocks to place right before a block; looked up, never iterated
	var late []*Block               // edge blocks for the end of the hot blocks
	fallsInto := make([]bool, len(f.Blocks))
	for i, b := range f.Blocks[:len(f.Blocks)-1] {
		if n := len(b.Instrs); n > 0 && b.Instrs[n-1].Op == opJmp && b.Instrs[n-1].Args[0].block() == f.Blocks[i+1] {
			fallsInto[i+1] = true
		}
	}
	for _, b := range f.Blocks {
		li := loops.Innermost(node[b.ID])
		if li < 0 || len(b.Succs) < 2 {
			continue
		}
		for _, t := range b.Succs {
			if loops.Contains(li, node[t.ID]) || t.isCold() || len(t.Preds) == 1 && f.onlyJumps(t) {
				continue
			}
			// The edge block is in the loops that hold both ends.
			common := li
			for common >= 0 && !loops.Contains(common, node[t.ID]) {
				common = loops.Loops[common].Parent
			}
			depth := 0
			if common >= 0 {
				depth = int(loops.Loops[common].Depth)
			}
			last := b.Instrs[len(b.Instrs)-1]
			e := &Block{Name: b.Name + "." + t.Name + "_exit", Succs: []*Block{t}, depth: depth,
				Instrs: []*Instr{{Op: opJmp, Args: []Operand{blockOp(t)}, Pos: last.Pos, Inlined: last.Inlined}}}
			falls := last.Op == opJmp && last.Args[0].block() == t
			b.retarget(t, e)
			switch {
			case falls:
				after[b] = append(after[b], e)
			case t.ID > 0 && !fallsInto[t.ID]:
				before[t] = append(before[t], e)
			default:
				late = append(late, e)
			}
		}
	}
	if len(after) == 0 && len(before) == 0 && len(late) == 0 {
		return
	}
	hot := len(f.Blocks)
	for hot > 1 && f.Blocks[hot-1].isCold() {
		hot--
	}
	order := make([]*Block, 0, len(f.Blocks)+len(after)+len(before)+len(late))
	for i, b := range f.Blocks {
		if i == hot {
			order = append(order, late...)
		}
		order = append(order, before[b]...)
		order = append(order, b)
		order = append(order, after[b]...)
	}
	if hot == len(f.Blocks) {
		order = append(order, late...)
	}
	f.Blocks = order
	for i, b := range f.Blocks {
		b.ID = i
	}
	f.recomputePreds()
}
