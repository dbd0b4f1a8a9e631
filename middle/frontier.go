package middle

import (
	"container/heap"
	"slices"
)

// Dominance frontiers, where SSA construction puts φs. DF(x) is the set of
// blocks b such that x dominates a predecessor of b but does not strictly
// dominate b (Cytron, Ferrante, Rosen, Wegman and Zadeck, "Efficiently
// Computing Static Single Assignment Form and the Control Dependence Graph",
// TOPLAS 1991). It is computed with the "runner" formulation of Cooper,
// Harvey and Kennedy (2001): for every edge p->b, walk from p up the
// dominator tree to idom(b), adding b to the frontier of every block passed.
// That costs the total size of the frontiers. A block with a self-loop is in
// its own frontier (the runner starts at b itself).
//
// The iterated frontier DF+(S) of a set of definition blocks is found with
// Cytron's work list: each block enters the work list at most once per query,
// and marks are epoch-stamped slices indexed by rpo position, so a query costs
// the frontiers it touches rather than the size of the function — mem2reg asks
// once per promoted variable.
//
// The frontiers' total size can be quadratic in the function's: a chain of
// n blocks each branching to a block of its own that a second chain also
// reaches (the failure blocks of a loop's n bounds checks, which the
// loop's check-free copy shares) puts each of those blocks in the
// frontier of every block of the first chain before its own: 10,000
// checks made 100 million entries (9 s of mem2reg). So the sets are made
// only while they stay within a few times the graph's size; past that the
// frontiers are left implicit, and a query walks the DJ-graph instead (Das
// and Ramakrishna, "A Practical and Fast Iterative Algorithm for
// φ-Function Computation Using DJ Graphs", TOPLAS 2005, and Sreedhar and
// Gao's levels, as LLVM's IDFCalculator does): from each definition, taken
// deepest in the dominator tree first, its dominator subtree, where a CFG
// edge to a block no deeper than the definition leaves the subtree into
// DF+. Each block is walked at most once a query, so a query costs the
// function's size (times the log of a priority queue) rather than the
// frontiers'; pruned by the variable's liveness, only the blocks where it
// is live and their successors (iteratedByLevels).
//
// Only entry-reachable blocks take part. The frontiers are tied to the
// DomTree they were computed from and go stale with it.

// Frontiers holds every reachable block's dominance frontier.
type Frontiers struct {
	dom   *DomTree
	start []int32  // by rpo position: DF(rpo[i]) is sets[start[i]:start[i+1]]
	sets  []*Block // each frontier in reverse postorder
	// implicit: the sets were too large to make (start and sets nil);
	// level is then each block's depth in the dominator tree, by rpo
	// position, and walked marks the blocks a query walked.
	implicit bool
	level    []int32
	walked   []int32

	// Scratch marks for IteratedFrontier, reused across queries.
	epoch   int32
	inIDF   []int32
	queued  []int32
	worklst []int32
}

// ComputeFrontiers computes the dominance frontiers of the reachable blocks
// of d's function.
func ComputeFrontiers(d *DomTree) *Frontiers {
	n := len(d.rpo)
	// Pairs (runner, b): b is in DF(runner). Visiting b in reverse postorder
	// leaves every frontier sorted; lastAdded drops the repeats that arise
	// when several predecessors of b share an ancestor.
	var owners, members []int32
	lastAdded := make([]int32, n)
	for i := range lastAdded {
		lastAdded[i] = -1
	}
	most := 8*(n+len(d.preds)) + 1024 // entries made before the sets are left implicit
	for b := int32(0); b < int32(n); b++ {
		for _, p := range d.preds[d.predStart[b]:d.predStart[b+1]] {
			for runner := p; runner >= 0 && runner != d.idom[b]; runner = d.idom[runner] {
				if lastAdded[runner] == b {
					break // the rest of this walk was done for an earlier predecessor
				}
				lastAdded[runner] = b
				owners = append(owners, runner)
				members = append(members, b)
			}
		}
		if len(owners) > most {
			return implicitFrontiers(d)
		}
	}
	df := &Frontiers{dom: d, start: make([]int32, n+1), sets: make([]*Block, len(owners))}
	for _, o := range owners {
		df.start[o+1]++
	}
	for i := 1; i <= n; i++ {
		df.start[i] += df.start[i-1]
	}
	fill := append([]int32(nil), df.start[:n]...)
	for k, o := range owners {
		df.sets[fill[o]] = d.rpo[members[k]]
		fill[o]++
	}
	return df
}

// Of returns DF(b) in reverse postorder (nil for an unreachable block). The
// caller must not modify the slice.
func (df *Frontiers) Of(b *Block) []*Block {
	if !df.dom.Reachable(b) {
		return nil
	}
	i := df.dom.index[b.ID]
	if df.implicit {
		return df.frontierOf(i)
	}
	return df.sets[df.start[i]:df.start[i+1]]
}

// implicitFrontiers is d's frontiers left implicit (see above).
func implicitFrontiers(d *DomTree) *Frontiers {
	n := len(d.rpo)
	df := &Frontiers{dom: d, implicit: true, level: make([]int32, n)}
	for i := 1; i < n; i++ { // an idom comes before in reverse postorder
		df.level[i] = df.level[d.idom[i]] + 1
	}
	return df
}

// frontierOf is DF of the block at rpo position x, found from its
// dominator subtree: the successors of its blocks that x does not strictly
// dominate, in reverse postorder.
func (df *Frontiers) frontierOf(x int32) []*Block {
	d := df.dom
	var out []int32
	seen := map[int32]bool{}
	stack := []int32{x}
	for len(stack) > 0 {
		z := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range d.rpo[z].Succs {
			y := d.index[e.b.ID]
			if y >= 0 && !seen[y] && (y == x || !d.dominatesPos(x, y)) {
				seen[y] = true
				out = append(out, y)
			}
		}
		stack = append(stack, d.childPos[d.childStart[z]:d.childStart[z+1]]...)
	}
	slices.Sort(out)
	blocks := make([]*Block, len(out))
	for k, y := range out {
		blocks[k] = d.rpo[y]
	}
	return blocks
}

// Iterated returns DF+(defs), the limit of DF(defs), DF(defs ∪ DF(defs)),
// ..., in the order found. When keep is not nil, a block for which it returns
// false is neither included nor propagated from: pruned SSA passes the blocks
// where the variable is live-in, since a φ elsewhere would be dead and
// defines nothing that could need a further φ. keep must be such a set:
// a block that is not a definition and has a successor kept is kept (the
// implicit frontiers' walk relies on it, below). Unreachable defs are
// ignored. Not safe for concurrent use (it reuses scratch marks).
func (df *Frontiers) Iterated(defs []*Block, keep func(*Block) bool) []*Block {
	if df.implicit {
		return df.iteratedByLevels(defs, keep)
	}
	d := df.dom
	if df.inIDF == nil {
		df.inIDF = make([]int32, len(d.rpo))
		df.queued = make([]int32, len(d.rpo))
	}
	df.epoch++
	epoch := df.epoch
	work := df.worklst[:0]
	for _, b := range defs {
		if i := d.Index(b); i >= 0 && df.queued[i] != epoch {
			df.queued[i] = epoch
			work = append(work, int32(i))
		}
	}
	var idf []*Block
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, y := range df.sets[df.start[x]:df.start[x+1]] {
			yi := d.index[y.ID]
			if df.inIDF[yi] == epoch {
				continue
			}
			df.inIDF[yi] = epoch
			if keep != nil && !keep(y) {
				continue
			}
			idf = append(idf, y)
			if df.queued[yi] != epoch {
				df.queued[yi] = epoch
				work = append(work, yi)
			}
		}
	}
	df.worklst = work
	return idf
}

// iteratedByLevels is Iterated on implicit frontiers: the DJ-graph walk
// (see above), in the order found.
//
// With keep, the walk goes down only into blocks kept (where the variable
// is live-in): a variable defined in each of a chain's blocks and used in
// a block off it (a check's index, in its failure block) would otherwise
// walk the rest of the chain for each, n²/2 blocks. None is missed. A
// block z kept and in DF+ gets its φ's argument from a predecessor y,
// and the definition r reaching the end of y (a def, or a φ of DF+ kept)
// dominates y but not z strictly, so it is a root deep enough for the
// edge y->z. Every path from r to the end of y is free of other
// definitions (else one would reach y, or a φ would merge them on the
// way), and the variable is live at the end of y, so every block on the
// dominator tree's path from r down to y is live-in: kept, and walked
// from r (or from a root as deep, first).
func (df *Frontiers) iteratedByLevels(defs []*Block, keep func(*Block) bool) []*Block {
	d := df.dom
	n := len(d.rpo)
	if df.inIDF == nil {
		df.inIDF = make([]int32, n)
		df.queued = make([]int32, n) // the definitions
		df.walked = make([]int32, n)
	}
	df.epoch++
	epoch := df.epoch
	var roots levelQueue
	for _, b := range defs {
		if i := d.Index(b); i >= 0 && df.queued[i] != epoch {
			df.queued[i] = epoch
			heap.Push(&roots, levelNode{df.level[i], int32(i)})
		}
	}
	var idf []*Block
	stack := df.worklst[:0]
	for len(roots) > 0 {
		root := heap.Pop(&roots).(levelNode)
		df.walked[root.node] = epoch
		stack = append(stack[:0], root.node)
		for len(stack) > 0 {
			z := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range d.rpo[z].Succs {
				y := d.index[e.b.ID]
				// A successor deeper than the root is in its subtree
				// (or below a block of DF+ found already).
				if y < 0 || df.level[y] > root.level || df.inIDF[y] == epoch {
					continue
				}
				df.inIDF[y] = epoch
				if keep != nil && !keep(d.rpo[y]) {
					continue
				}
				idf = append(idf, d.rpo[y])
				if df.queued[y] != epoch {
					df.queued[y] = epoch
					heap.Push(&roots, levelNode{df.level[y], y})
				}
			}
			for _, c := range d.childPos[d.childStart[z]:d.childStart[z+1]] {
				if df.walked[c] != epoch && (keep == nil || keep(d.rpo[c])) {
					df.walked[c] = epoch
					stack = append(stack, c)
				}
			}
		}
	}
	df.worklst = stack
	return idf
}

// levelNode is a block (by rpo position) at a depth of the dominator
// tree.
type levelNode struct{ level, node int32 }

// levelQueue is a heap of blocks, the deepest first (and of one depth,
// the latest in reverse postorder, so that the walk is the same every
// time).
type levelQueue []levelNode

func (q levelQueue) Len() int { return len(q) }
func (q levelQueue) Less(i, j int) bool {
	return q[i].level > q[j].level || q[i].level == q[j].level && q[i].node > q[j].node
}
func (q levelQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *levelQueue) Push(x any)   { *q = append(*q, x.(levelNode)) }
func (q *levelQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
