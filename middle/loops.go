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

// GraphLoop is one natural loop of a Graph, its blocks as node numbers:
// the one loop finder, which both IR levels use (LoopNest below for the
// middle's blocks, the backend for its machine blocks).
type GraphLoop struct {
	Header   int32
	Latches  []int32 // sources of the back edges into Header, in reverse postorder
	Parent   int32   // index in LoopForest.Loops of the innermost loop containing this one, or -1
	Children []int32 // indexes of the loops immediately nested in this one, by header in reverse postorder
	Blocks   []int32 // nodes whose innermost loop this is, Header first, in reverse postorder
	Depth    int32   // 1 for an outermost loop
	Size     int32   // the number of nodes in the loop, nested loops' included

	pre, end int32 // preorder interval in the forest: loop k is inside this one iff pre <= k.pre < end
}

// LoopForest is the loop nesting forest of a Graph.
type LoopForest struct {
	Loops       []GraphLoop // every loop, by header in reverse postorder: outer loops first
	Irreducible [][2]int32  // retreating edges (from, to) that are not back edges, by target then source in reverse postorder

	innermost []int32   // by node: index in Loops, or -1
	byDepth   [][]int32 // by depth - 1: the loops at that depth, in preorder
}

// FindLoops finds the natural loops of the graph d was computed for.
func FindLoops(d *GraphDom) *LoopForest {
	n := len(d.order)
	lf := &LoopForest{innermost: make([]int32, len(d.index))}
	for i := range lf.innermost {
		lf.innermost[i] = -1
	}
	loopAt := int32Tables.Take(n) // by rpo position of the header: 1 + its index in Loops, or 0
	defer int32Tables.Give(loopAt)
	for h := int32(0); h < int32(n); h++ {
		for _, t := range d.preds[d.predStart[h]:d.predStart[h+1]] {
			switch {
			case d.dominatesPos(h, t):
				if loopAt[h] == 0 {
					lf.Loops = append(lf.Loops, GraphLoop{Header: d.order[h], Parent: -1})
					loopAt[h] = int32(len(lf.Loops))
				}
				l := &lf.Loops[loopAt[h]-1]
				l.Latches = append(l.Latches, d.order[t])
			case t >= h:
				lf.Irreducible = append(lf.Irreducible, [2]int32{d.order[t], d.order[h]})
			}
		}
	}

	rep := int32Tables.Take(n) // union-find: the outermost finished loop header a block is collapsed into
	defer int32Tables.Give(rep)
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
	for li := len(lf.Loops) - 1; li >= 0; li-- {
		loop := &lf.Loops[li]
		h := d.index[loop.Header]
		lf.innermost[loop.Header] = int32(li)
		loop.Blocks = append(loop.Blocks, loop.Header)
		loop.Size = 1
		for _, t := range loop.Latches {
			work = append(work, d.index[t])
		}
		for len(work) > 0 {
			x := find(work[len(work)-1])
			work = work[:len(work)-1]
			if x == h {
				continue
			}
			rep[x] = h
			if inner := loopAt[x]; inner != 0 {
				lf.Loops[inner-1].Parent = int32(li)
				loop.Size += lf.Loops[inner-1].Size
			} else {
				lf.innermost[d.order[x]] = int32(li)
				loop.Blocks = append(loop.Blocks, d.order[x])
				loop.Size++
			}
			work = append(work, d.preds[d.predStart[x]:d.predStart[x+1]]...)
		}
	}

	var roots []int32
	for li := range lf.Loops {
		loop := &lf.Loops[li]
		loop.Depth = 1
		if loop.Parent >= 0 {
			parent := &lf.Loops[loop.Parent]
			loop.Depth = parent.Depth + 1
			parent.Children = append(parent.Children, int32(li))
		} else {
			roots = append(roots, int32(li))
		}
		slices.SortFunc(loop.Blocks[1:], func(a, b int32) int { return int(d.index[a] - d.index[b]) })
	}
	lf.number(roots)
	return lf
}

// number gives each loop its preorder interval in the forest, by an
// iterative walk (a nest can be as deep as the function is long).
func (lf *LoopForest) number(roots []int32) {
	var clock int32
	type frame struct{ loop, next int32 }
	var stack []frame
	visit := func(l int32) {
		lf.Loops[l].pre = clock
		clock++
		d := int(lf.Loops[l].Depth) - 1
		for len(lf.byDepth) <= d {
			lf.byDepth = append(lf.byDepth, nil)
		}
		lf.byDepth[d] = append(lf.byDepth[d], l)
	}
	for _, r := range roots {
		visit(r)
		stack = append(stack, frame{r, 0})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			l := &lf.Loops[top.loop]
			if int(top.next) == len(l.Children) {
				l.end = clock
				stack = stack[:len(stack)-1]
				continue
			}
			c := l.Children[top.next]
			top.next++
			visit(c)
			stack = append(stack, frame{c, 0})
		}
	}
}

// Innermost returns the index in Loops of the innermost loop containing
// node n, or -1.
func (lf *LoopForest) Innermost(n int32) int32 { return lf.innermost[n] }

// Depth returns the number of loops containing node n: 0 outside loops.
func (lf *LoopForest) Depth(n int32) int {
	if l := lf.innermost[n]; l >= 0 {
		return int(lf.Loops[l].Depth)
	}
	return 0
}

// Contains reports whether node n belongs to loop l, directly or in a
// nested loop: a constant-time test on the forest's preorder.
func (lf *LoopForest) Contains(l, n int32) bool {
	in := lf.innermost[n]
	return in >= 0 && lf.Loops[l].pre <= lf.Loops[in].pre && lf.Loops[in].pre < lf.Loops[l].end
}

// Span returns loop l's interval in the forest's preorder: loop k is
// inside l (or is l) iff pre <= Span(k)'s pre < end.
func (lf *LoopForest) Span(l int32) (pre, end int32) { return lf.Loops[l].pre, lf.Loops[l].end }

// Ancestor returns the loop at depth d (1 for an outermost loop) around
// loop l, or l itself at its own depth, for 1 <= d <= l's depth: among the
// loops at depth d, whose preorder spans are disjoint, the last to start
// at or before l. A binary search, where walking up the parents would
// take as many steps as the depths differ (a deep nest's depth).
func (lf *LoopForest) Ancestor(l int32, d int) int32 {
	at := lf.byDepth[d-1]
	pre := lf.Loops[l].pre
	i, _ := slices.BinarySearchFunc(at, pre, func(k, pre int32) int { return int(lf.Loops[k].pre - pre) })
	if i == len(at) || lf.Loops[at[i]].pre != pre {
		i--
	}
	return at[i]
}

// Nodes calls visit for every node of loop l, nested loops' included: its
// own blocks, then each child's, depth first.
func (lf *LoopForest) Nodes(l int32, visit func(n int32)) {
	stack := []int32{l}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range lf.Loops[k].Blocks {
			visit(n)
		}
		for i := len(lf.Loops[k].Children) - 1; i >= 0; i-- {
			stack = append(stack, lf.Loops[k].Children[i])
		}
	}
}

// Loop is one natural loop.
type Loop struct {
	Header   *Block
	Latches  []*Block // sources of the back edges into Header, in reverse postorder
	Parent   *Loop    // the innermost loop containing this one, or nil
	Children []*Loop  // loops immediately nested in this one, by header in reverse postorder
	Blocks   []*Block // blocks whose innermost loop this is, Header first, in reverse postorder
	Depth    int      // 1 for an outermost loop

	index int32 // in forest.Loops
}

// BlockPair names a CFG edge by its ends.
type BlockPair struct{ From, To *Block }

// LoopNest is the loop nesting forest of a function.
type LoopNest struct {
	Loops       []*Loop     // every loop, by header in reverse postorder: outer loops first
	Irreducible []BlockPair // retreating edges that are not back edges, by target then source in reverse postorder

	forest *LoopForest // on block IDs
}

// ComputeLoops finds the natural loops of the function d was computed for:
// FindLoops on its graph of block IDs.
func ComputeLoops(d *DomTree) *LoopNest {
	lf := FindLoops(&d.GraphDom)
	byID := func(id int32) *Block { return d.rpo[d.index[id]] }
	blocks := func(ids []int32) []*Block {
		out := make([]*Block, len(ids))
		for i, id := range ids {
			out[i] = byID(id)
		}
		return out
	}
	nest := &LoopNest{Loops: make([]*Loop, len(lf.Loops)), forest: lf}
	for i := range lf.Loops {
		gl := &lf.Loops[i]
		nest.Loops[i] = &Loop{Header: byID(gl.Header), Latches: blocks(gl.Latches), Blocks: blocks(gl.Blocks), Depth: int(gl.Depth), index: int32(i)}
	}
	for i, l := range nest.Loops {
		gl := &lf.Loops[i]
		if gl.Parent >= 0 {
			l.Parent = nest.Loops[gl.Parent]
		}
		for _, c := range gl.Children {
			l.Children = append(l.Children, nest.Loops[c])
		}
	}
	for _, e := range lf.Irreducible {
		nest.Irreducible = append(nest.Irreducible, BlockPair{byID(e[0]), byID(e[1])})
	}
	return nest
}

// Innermost returns the innermost loop containing b, or nil.
func (nest *LoopNest) Innermost(b *Block) *Loop {
	if b.ID >= len(nest.forest.innermost) {
		return nil
	}
	if l := nest.forest.innermost[b.ID]; l >= 0 {
		return nest.Loops[l]
	}
	return nil
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
	return b.ID < len(nest.forest.innermost) && nest.forest.Contains(l.index, int32(b.ID))
}

// Reducible reports whether every cycle of the CFG is a natural loop.
func (nest *LoopNest) Reducible() bool { return len(nest.Irreducible) == 0 }
