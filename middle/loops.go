package middle

import "slices"

// The loop nesting forest of natural loops. A back edge is an edge t->h whose
// target dominates its source; the natural loop of header h is h plus every
// block that reaches a back edge's tail without passing through h, merged
// over all back edges into h (Aho, Lam, Sethi and Ullman, "Compilers", 9.6).
// Two natural loops are disjoint or nested, and an inner header is dominated
// by, hence later in reverse postorder than, its outer header.
//
// So headers are processed from the last in reverse postorder to the first,
// as in Havlak's "Nesting of Reducible and Irreducible Loops" (TOPLAS 1997):
// each loop's body is found by walking predecessors backwards from its latches,
// and a finished inner loop is collapsed into its header with union-find, so
// the outer walk steps over it in one move (only a header has predecessors
// outside its loop). That keeps the whole analysis near-linear.
//
// An irreducible cycle — one entered at two blocks, neither dominating the
// other — has no header and forms no natural loop. Each of its retreating
// edges (target at or before source in reverse postorder) whose target does
// not dominate its source is reported in Irreducible; the graph is reducible
// exactly when there are none. Its blocks get only the depth of the natural
// loops around them.

// Loop is one natural loop.
type Loop struct {
	Header   *Block
	Latches  []*Block // sources of the back edges into Header, in reverse postorder
	Parent   *Loop    // the innermost loop containing this one, or nil
	Children []*Loop  // loops immediately nested in this one, by header in reverse postorder
	Blocks   []*Block // blocks whose innermost loop this is, Header first, in reverse postorder
	Depth    int      // 1 for an outermost loop
}

// BlockPair names a CFG edge by its ends.
type BlockPair struct{ From, To *Block }

// LoopNest is the loop nesting forest of a function.
type LoopNest struct {
	Loops       []*Loop     // every loop, by header in reverse postorder: outer loops first
	Irreducible []BlockPair // retreating edges that are not back edges, by target then source in reverse postorder

	innermost []*Loop // by Block.ID
}

// ComputeLoops finds the natural loops of the function d was computed for.
func ComputeLoops(d *DomTree) *LoopNest {
	n := len(d.rpo)
	nest := &LoopNest{innermost: make([]*Loop, len(d.index))}
	loopAt := make([]*Loop, n) // by rpo position of the header
	for h := int32(0); h < int32(n); h++ {
		for _, t := range d.preds[d.predStart[h]:d.predStart[h+1]] {
			switch {
			case d.Dominates(d.rpo[h], d.rpo[t]):
				if loopAt[h] == nil {
					loopAt[h] = &Loop{Header: d.rpo[h]}
				}
				loopAt[h].Latches = append(loopAt[h].Latches, d.rpo[t])
			case t >= h:
				nest.Irreducible = append(nest.Irreducible, BlockPair{d.rpo[t], d.rpo[h]})
			}
		}
	}

	rep := make([]int32, n) // union-find: the outermost finished loop header a block is collapsed into
	for i := range rep {
		rep[i] = int32(i)
	}
	find := func(x int32) int32 {
		root := x
		for rep[root] != root {
			root = rep[root]
		}
		for rep[x] != root {
			rep[x], x = root, rep[x]
		}
		return root
	}
	var work []int32
	for h := int32(n - 1); h >= 0; h-- {
		loop := loopAt[h]
		if loop == nil {
			continue
		}
		nest.innermost[loop.Header.ID] = loop
		loop.Blocks = append(loop.Blocks, loop.Header)
		for _, t := range loop.Latches {
			work = append(work, int32(d.Index(t)))
		}
		for len(work) > 0 {
			x := find(work[len(work)-1])
			work = work[:len(work)-1]
			if x == h {
				continue
			}
			rep[x] = h
			if inner := loopAt[x]; inner != nil {
				inner.Parent = loop
			} else {
				nest.innermost[d.rpo[x].ID] = loop
				loop.Blocks = append(loop.Blocks, d.rpo[x])
			}
			work = append(work, d.preds[d.predStart[x]:d.predStart[x+1]]...)
		}
	}

	for _, loop := range loopAt {
		if loop == nil {
			continue
		}
		nest.Loops = append(nest.Loops, loop)
		loop.Depth = 1
		if loop.Parent != nil {
			loop.Depth = loop.Parent.Depth + 1
			loop.Parent.Children = append(loop.Parent.Children, loop)
		}
		slices.SortFunc(loop.Blocks[1:], func(a, b *Block) int { return d.Index(a) - d.Index(b) })
	}
	return nest
}

// Innermost returns the innermost loop containing b, or nil.
func (nest *LoopNest) Innermost(b *Block) *Loop {
	if b.ID >= len(nest.innermost) {
		return nil
	}
	return nest.innermost[b.ID]
}

// Depth returns the number of loops containing b: 0 outside loops.
func (nest *LoopNest) Depth(b *Block) int {
	if l := nest.Innermost(b); l != nil {
		return l.Depth
	}
	return 0
}

// Contains reports whether b belongs to loop l, directly or in a nested loop.
func (nest *LoopNest) Contains(l *Loop, b *Block) bool {
	for in := nest.Innermost(b); in != nil; in = in.Parent {
		if in == l {
			return true
		}
	}
	return false
}

// Reducible reports whether every cycle of the CFG is a natural loop.
func (nest *LoopNest) Reducible() bool { return len(nest.Irreducible) == 0 }
