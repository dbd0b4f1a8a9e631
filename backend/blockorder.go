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
// Loop depth (the number of natural loops around a block, found from the
// search's back edges as in the dragon book's section 9.6) weights the
// allocator's spill costs: a use inside a loop counts ten times one outside.

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
			b = b.Instrs[0].Args[0].Block
		}
		return b
	}
	for _, b := range f.Blocks {
		b.Succs = b.Succs[:0]
		for _, in := range b.Instrs {
			for i, t := range in.targets() {
				in.targets()[i].Block = through(t.Block)
			}
		}
		n := len(b.Instrs)
		if n >= 2 && b.Instrs[n-2].Op == opJcc && b.Instrs[n-1].Op == opJmp &&
			b.Instrs[n-2].Args[0].Block == b.Instrs[n-1].Args[0].Block {
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
					if seen[t.Block] {
						continue
					}
					seen[t.Block] = true
				case slices.Contains(b.Succs, t.Block):
					continue
				}
				b.Succs = append(b.Succs, t.Block)
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
	post, backEdges := f.depthFirst()
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
		b.depth = 0
	}
	f.recomputePreds() // unreachable predecessors would be a selection bug; they go
	loops := f.naturalLoops(backEdges)
	for _, l := range loops {
		for _, b := range l.blocks {
			b.depth++
		}
	}
	f.rotateLoops(loops)
}

// depthFirst searches f from its entry, visiting a block's successors
// last-first, and returns the blocks in postorder and the back edges
// (latch, header) found: the middle's one depth-first search
// (middle.Graph), on the machine blocks. Block IDs must be indexes in
// f.Blocks.
func (f *Func) depthFirst() (post []*Block, backEdges [][2]*Block) {
	g := middle.NewGraph(len(f.Blocks), func(i int, add func(int)) {
		for _, s := range f.Blocks[i].Succs {
			add(s.ID)
		}
	})
	ids, retreating := g.DepthFirst(0, true)
	post = make([]*Block, len(ids))
	for i, id := range ids {
		post[i] = f.Blocks[id]
	}
	backEdges = make([][2]*Block, len(retreating))
	for i, e := range retreating {
		backEdges[i] = [2]*Block{f.Blocks[e[0]], f.Blocks[e[1]]}
	}
	return post, backEdges
}

// loop is a natural loop: its header and the blocks of its body.
type loop struct {
	header *Block
	blocks []*Block // the header included
}

// rotateLoops moves a loop's header, when it ends with the loop's exit
// test (a branch to a block that is not cold) and a latch jumps back to it
// unconditionally, below the rest of the loop, provided the loop's blocks
// sit together right after it: the body then falls through into the test at
// the bottom, which branches back to the top, and each iteration saves
// the jump back to the header (the layout gcc uses for its loops). Inner
// loops go first; an outer loop's blocks stay together through that.
func (f *Func) rotateLoops(loops []loop) {
	sort.SliceStable(loops, func(i, j int) bool { return loops[i].header.ID > loops[j].header.ID })
	for _, l := range loops {
		h := l.header
		first, last := h.ID, h.ID
		for _, b := range l.blocks {
			first, last = min(first, b.ID), max(last, b.ID)
		}
		n := len(h.Instrs)
		if first != h.ID || last-first+1 != len(l.blocks) || n < 2 || h.Instrs[n-2].Op != opJcc || h.Instrs[n-1].Op != opJmp {
			continue
		}
		inside := func(b *Block) bool { return b.ID >= first && b.ID <= last }
		in, out := h.Instrs[n-2].Args[0].Block, h.Instrs[n-1].Args[0].Block
		if inside(out) {
			in, out = out, in
		}
		if !inside(in) || inside(out) || out.isCold() || !l.jumpsBack() {
			continue // not the exit test, or no jump back to save
		}
		copy(f.Blocks[first:last], f.Blocks[first+1:last+1])
		f.Blocks[last] = h
		for i := first; i <= last; i++ {
			f.Blocks[i].ID = i
		}
	}
}

// jumpsBack reports whether a block of l ends with an unconditional jump
// to its header: the jump that rotating l saves. (A latch that ends with
// a conditional branch back, a test tail duplication copied there, has
// none to save.)
func (l loop) jumpsBack() bool {
	for _, b := range l.blocks {
		n := len(b.Instrs)
		if n > 0 && b.Instrs[n-1].Op == opJmp && b.Instrs[n-1].Args[0].Block == l.header &&
			(n == 1 || b.Instrs[n-2].Op != opJcc) {
			return true
		}
	}
	return false
}

// naturalLoops returns the natural loop of each header among backEdges:
// the header and the blocks that reach one of its latches without passing
// through it, in order of the headers' IDs.
func (f *Func) naturalLoops(backEdges [][2]*Block) []loop {
	var loops []loop
	sort.SliceStable(backEdges, func(i, j int) bool { return backEdges[i][1].ID < backEdges[j][1].ID })
	inLoop := make([]int, len(f.Blocks)) // the header's ID+1 of the loop being marked
	for i, e := range backEdges {
		h := e[1]
		if i > 0 && backEdges[i-1][1] == h {
			continue
		}
		mark := h.ID + 1
		l := loop{header: h}
		add := func(b *Block) bool {
			if inLoop[b.ID] == mark {
				return false
			}
			inLoop[b.ID] = mark
			l.blocks = append(l.blocks, b)
			return true
		}
		add(h)
		var work []*Block
		for _, e2 := range backEdges[i:] { // h's back edges are together, sorted above
			if e2[1] != h {
				break
			}
			if add(e2[0]) {
				work = append(work, e2[0])
			}
		}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, p := range b.Preds {
				if add(p) {
					work = append(work, p)
				}
			}
		}
		loops = append(loops, l)
	}
	return loops
}
