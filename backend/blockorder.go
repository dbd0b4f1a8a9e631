package backend

import (
	"slices"
	"sort"

	"toyc/middle"
)

// Block order and loop depth. The allocator numbers instructions along one
// linear order of the blocks, and the emitter lays blocks out in it, so the
// order serves both: reverse postorder of a depth-first search that visits a
// block's successors last-first. Every block then comes after its
// dominators, a loop's body sits between its header and its exit (visited
// first, so placed after the body), and a branch's first target — the loop
// body, the then-side — directly follows the branch, so the emitter can
// fall through to it (and loops are rotated, see rotateLoops). Blocks that
// end the program with a runtime error move to the end, so that the code of
// a loop with bounds checks stays together.
//
// Loop depth (the number of natural loops around a block, from the
// middle's one loop finder, middle.FindLoops, on the machine CFG) weights
// the allocator's spill costs: a use inside a loop counts ten times one
// outside. An irreducible cycle is no natural loop and adds no depth.

// isCold reports whether b never returns (it reports a runtime error): such
// blocks go to the end of the function, out of the loops they branch from.
func (b *Block) isCold() bool {
	n := len(b.Instrs)
	return n > 0 && b.Instrs[n-1].Op == opUd2
}

// ThreadJumps sends branches to a block that holds nothing but a jump
// straight to that jump's target: the blocks that split critical edges and
// got no φ copies. They then fall out of the order, unreachable.
func (f *Func) ThreadJumps() {
	through := func(b *Block) *Block {
		for hops := 0; hops < len(f.Blocks) && len(b.Instrs) == 1 && b.Instrs[0].Op == opJmp; hops++ {
			b = b.Instrs[0].Args[0].block()
		}
		return b
	}
	for _, b := range f.Blocks {
		b.Succs = b.Succs[:0]
		for _, in := range b.Instrs {
			for i, t := range in.targets() {
				in.targets()[i].setBlock(through(t.block()))
			}
		}
		n := len(b.Instrs)
		if n >= 2 && b.Instrs[n-2].Op == opJcc && b.Instrs[n-1].Op == opJmp &&
			b.Instrs[n-2].Args[0].block() == b.Instrs[n-1].Args[0].block() {
			b.Instrs = append(b.Instrs[:n-2], b.Instrs[n-1]) // both ways lead to the same place
		}
		var seen map[*Block]bool // for a table jump's many targets, where a search of Succs would be quadratic
		for _, in := range b.Instrs {
			targets := in.targets()
			if len(targets) > 8 && seen == nil {
				seen = make(map[*Block]bool, len(targets))
				for _, s := range b.Succs {
					seen[s] = true
				}
			}
			for _, t := range targets {
				switch {
				case seen != nil:
					if seen[t.block()] {
						continue
					}
					seen[t.block()] = true
				case slices.Contains(b.Succs, t.block()):
					continue
				}
				b.Succs = append(b.Succs, t.block())
			}
		}
	}
}

// OrderBlocks puts f.Blocks in that order (the entry stays first) and sets
// every block's loop depth.
func (f *Func) OrderBlocks() {
	for i, b := range f.Blocks {
		b.ID = i
	}
	post, cyclic := f.depthFirst()
	order := make([]*Block, 0, len(post))
	var cold []*Block
	for i := len(post) - 1; i >= 0; i-- {
		if b := post[i]; i < len(post)-1 && b.isCold() {
			cold = append(cold, b)
		} else {
			order = append(order, b)
		}
	}
	f.Blocks = append(order, cold...)
	for i, b := range f.Blocks {
		b.ID = i
	}
	f.recomputePreds() // unreachable predecessors would be a selection bug; they go
	// No loops: no dominator tree to build (a long else-if chain has a
	// deep one).
	if !cyclic {
		for _, b := range f.Blocks {
			b.depth = 0
		}
		return
	}
	loops := f.loopForest()
	for _, b := range f.Blocks {
		b.depth = loops.Depth(int32(b.ID))
	}
	byNode := slices.Clone(f.Blocks)
	f.rotateLoops(loops, byNode)
	// Rotation moves blocks, not edges: the forest holds for loopexits.
	f.loops, f.left = &orderedLoops{loops, byNode}, true
}

// orderedLoops is a loop forest whose nodes are the block IDs of an order
// since changed: blocks maps each node to its block.
type orderedLoops struct {
	*middle.LoopForest
	blocks []*Block // by node
}

// takeLoops returns the loop forest blockorder left, or finds it, and the
// node of each block (by ID).
func (f *Func) takeLoops() (*orderedLoops, []int32) {
	ol := f.loops
	f.loops = nil
	if ol == nil {
		ol = &orderedLoops{f.loopForest(), slices.Clone(f.Blocks)}
	}
	node := make([]int32, len(f.Blocks))
	for n, b := range ol.blocks {
		node[b.ID] = int32(n)
	}
	return ol, node
}

// graph returns f's CFG as a middle.Graph of block IDs, which must be
// indexes in f.Blocks.
func (f *Func) graph() *middle.Graph {
	return middle.NewGraph(len(f.Blocks), func(i int, add func(int)) {
		for _, s := range f.Blocks[i].Succs {
			add(s.ID)
		}
	})
}

// depthFirst searches f from its entry, visiting a block's successors
// last-first, and returns the blocks in postorder, and whether it met a
// cycle (a retreating edge): the middle's one depth-first search
// (middle.Graph), on the machine blocks. Block IDs must be indexes in
// f.Blocks.
func (f *Func) depthFirst() (post []*Block, cyclic bool) {
	ids, retreating := f.graph().DepthFirst(0, true)
	post = make([]*Block, len(ids))
	for i, id := range ids {
		post[i] = f.Blocks[id]
	}
	return post, len(retreating) > 0
}

// loopForest returns the natural loops of f, their nodes the block IDs
// (which must be indexes in f.Blocks): the middle's one loop finder and
// dominator tree, on the machine blocks. The answer is kept for as long as
// the CFG is the same, which a comparison of its edges tells (the stages
// from coalescing to the end of allocation ask three times or more, and
// change no edge; a dominator tree costs more than the comparison).
func (f *Func) loopForest() *middle.LoopForest {
	g := f.graph()
	if c := &f.forests; c.forest == nil || !slices.Equal(c.graph.Start, g.Start) || !slices.Equal(c.graph.Succs, g.Succs) {
		*c = loopCache{g, middle.FindLoops(middle.NewGraphDom(g, 0))}
	}
	return f.forests.forest
}

// loopCache is a loop forest and the CFG it was found on.
type loopCache struct {
	graph  *middle.Graph
	forest *middle.LoopForest
}

// rotateLoops moves a loop's header, when it ends with the loop's exit
// test (a branch to a block that is not cold) and a latch jumps back to it
// unconditionally, below the rest of the loop, provided the loop's blocks
// sit together right after it: the body then falls through into the test at
// the bottom, which branches back to the top, and each iteration saves
// the jump back to the header (the layout gcc uses for its loops). Inner
// loops go first (by header, last first); an outer loop's blocks stay
// together through that. The loops' nodes are the block IDs before any
// rotation, blocks the block of each; a rotation permutes the IDs of one loop's blocks among
// themselves, so the least and greatest ID of every loop, and what lies
// between, are those of the start and can be found once, bottom-up over the
// forest.
func (f *Func) rotateLoops(lf *middle.LoopForest, blocks []*Block) {
	type span struct{ first, last int }
	spans := make([]span, len(lf.Loops))
	for li := len(lf.Loops) - 1; li >= 0; li-- { // children come after their parents
		l := &lf.Loops[li]
		sp := span{int(l.Header), int(l.Header)}
		for _, b := range l.Blocks {
			sp.first, sp.last = min(sp.first, int(b)), max(sp.last, int(b))
		}
		for _, c := range l.Children {
			sp.first, sp.last = min(sp.first, spans[c].first), max(sp.last, spans[c].last)
		}
		spans[li] = sp
	}
	order := make([]int, len(lf.Loops))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return lf.Loops[order[i]].Header > lf.Loops[order[j]].Header })
	for _, li := range order {
		l := &lf.Loops[li]
		h := blocks[l.Header]
		first, last := spans[li].first, spans[li].last
		n := len(h.Instrs)
		if first != h.ID || last-first+1 != int(l.Size) || n < 2 || h.Instrs[n-2].Op != opJcc || h.Instrs[n-1].Op != opJmp {
			continue
		}
		inside := func(b *Block) bool { return b.ID >= first && b.ID <= last }
		in, out := h.Instrs[n-2].Args[0].block(), h.Instrs[n-1].Args[0].block()
		if inside(out) {
			in, out = out, in
		}
		if !inside(in) || inside(out) || out.isCold() || !jumpsBack(h, l.Latches, blocks) {
			continue // not the exit test, or no jump back to save
		}
		copy(f.Blocks[first:last], f.Blocks[first+1:last+1])
		f.Blocks[last] = h
		for i := first; i <= last; i++ {
			f.Blocks[i].ID = i
		}
	}
}

// jumpsBack reports whether one of the latches of header h ends with an
// unconditional jump to it: the jump that rotating the loop saves. (A latch
// that ends with a conditional branch back, a test tail duplication copied
// there, has none to save.) Only a latch can jump to the header from
// inside its loop: the header dominates it.
func jumpsBack(h *Block, latches []int32, blocks []*Block) bool {
	for _, id := range latches {
		b := blocks[id]
		n := len(b.Instrs)
		if n > 0 && b.Instrs[n-1].Op == opJmp && b.Instrs[n-1].Args[0].block() == h &&
			(n == 1 || b.Instrs[n-2].Op != opJcc) {
			return true
		}
	}
	return false
}
