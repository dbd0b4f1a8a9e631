package middle

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
// Only entry-reachable blocks take part. The frontiers are tied to the
// DomTree they were computed from and go stale with it.

// Frontiers holds every reachable block's dominance frontier.
type Frontiers struct {
	dom   *DomTree
	start []int32  // by rpo position: DF(rpo[i]) is sets[start[i]:start[i+1]]
	sets  []*Block // each frontier in reverse postorder

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
	return df.sets[df.start[i]:df.start[i+1]]
}

// Iterated returns DF+(defs), the limit of DF(defs), DF(defs ∪ DF(defs)),
// ..., in the order found. When keep is not nil, a block for which it returns
// false is neither included nor propagated from: pruned SSA passes the blocks
// where the variable is live-in, since a φ elsewhere would be dead and
// defines nothing that could need a further φ. Unreachable defs are ignored.
// Not safe for concurrent use (it reuses scratch marks).
func (df *Frontiers) Iterated(defs []*Block, keep func(*Block) bool) []*Block {
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
