package middle

// The control-flow graph is implicit in the terminators (successors) and in
// Block.Preds (predecessors, rebuilt by Func.ComputePreds). This file adds the
// block order every forward analysis wants: reverse postorder of a depth-first
// search from the entry, which visits a block before its successors except
// along retreating edges — the one search of graph.go, iterative so that a
// function with a hundred thousand blocks cannot overflow the goroutine
// stack.
//
// On large functions the cost of these analyses is memory traffic, not
// arithmetic: every step to a successor goes through a block, its
// instruction slice and its terminator, three cache misses once the function
// no longer fits in cache. So the graph is read once, in block order (which
// is allocation order, friendly to the hardware prefetcher), into dense
// integer arrays, and the searches run on those.

// cfgIndex is the CFG of a function as a Graph of block IDs, each
// distinct successor once, in terminator order.
type cfgIndex struct {
	Graph
	byID []*Block // by Block.ID; nil for IDs of deleted blocks
}

func indexCFG(f *Func) *cfgIndex {
	g := &cfgIndex{byID: make([]*Block, f.NumBlocks())}
	for _, b := range f.Blocks {
		g.byID[b.ID] = b
	}
	g.Graph = *NewGraph(len(g.byID), func(id int, add func(int)) {
		if b := g.byID[id]; b != nil {
			uniqueSuccs(b, func(s *Block) { add(s.ID) })
		}
	})
	return g
}

// ReversePostorder returns the blocks reachable from the entry in reverse
// postorder. Successors are explored in terminator order, so the order is
// deterministic.
func ReversePostorder(f *Func) []*Block {
	if f.IsDecl() {
		return nil
	}
	g := indexCFG(f)
	ids := g.ReversePostorder(int32(f.Entry().ID))
	rpo := make([]*Block, len(ids))
	for i, id := range ids {
		rpo[i] = g.byID[id]
	}
	return rpo
}

// uniqueSuccs calls visit once per distinct successor of b: a conditional
// branch whose two targets are equal is one CFG edge, as in ComputePreds,
// and so are the cases of a switch that go to one block.
func uniqueSuccs(b *Block, visit func(s *Block)) {
	for _, s := range uniqueSuccList(b) {
		visit(s)
	}
}

// uniqueSuccList returns b's distinct successors, in terminator order
// (first occurrence).
func uniqueSuccList(b *Block) []*Block {
	succs := b.Succs()
	switch {
	case len(succs) == 2 && succs[0] == succs[1]:
		return succs[:1]
	case len(succs) <= 2:
		return succs
	}
	return distinctBlocks(succs)
}

// distinctBlocks returns bs without repeats, keeping first occurrences in
// order; bs itself when it has none. A switch's targets are few enough
// that the quadratic scan beats a map until they number in the dozens.
func distinctBlocks(bs []*Block) []*Block {
	var seen map[*Block]bool
	if len(bs) > 32 {
		seen = make(map[*Block]bool, len(bs))
	}
	var out []*Block
	for i, s := range bs {
		var dup bool
		if seen != nil {
			dup = seen[s]
			seen[s] = true
		} else {
			for _, t := range bs[:i] {
				if t == s {
					dup = true
					break
				}
			}
		}
		switch {
		case dup && out == nil:
			out = append(make([]*Block, 0, len(bs)), bs[:i]...)
		case !dup && out != nil:
			out = append(out, s)
		}
	}
	if out == nil {
		return bs
	}
	return out
}

// UniqueSuccs returns b's distinct successors, in terminator order: the
// CFG's edges out of b, where Succs lists the terminator's targets.
func (b *Block) UniqueSuccs() []*Block { return uniqueSuccList(b) }

// EdgeCount is the number of the terminator's targets that are s: how many
// entries LLVM wants for b in a φ of s.
func (b *Block) EdgeCount(s *Block) int {
	n := 0
	for _, t := range b.Succs() {
		if t == s {
			n++
		}
	}
	return n
}

// edgePositions gives, for every CFG edge p->s, p's position in s.Preds:
// the entry of s's φs that the edge fills. Looking the position up is O(1)
// where scanning s.Preds would cost the square of a block's predecessors.
type edgePositions struct {
	start []int32 // by Block.ID: p's edges, in uniqueSuccList order, are pos[start[p.ID]:]
	pos   []int32
}

// predPositions indexes the edges of f, whose Preds must be current.
func predPositions(f *Func) edgePositions {
	n := f.NumBlocks()
	e := edgePositions{start: make([]int32, n+1)}
	for _, b := range f.Blocks {
		e.start[b.ID+1] = int32(len(uniqueSuccList(b)))
	}
	for i := 1; i <= n; i++ {
		e.start[i] += e.start[i-1]
	}
	e.pos = make([]int32, e.start[n])
	for _, s := range f.Blocks {
		for i, p := range s.Preds {
			for k, t := range uniqueSuccList(p) {
				if t == s {
					e.pos[e.start[p.ID]+int32(k)] = int32(i)
				}
			}
		}
	}
	return e
}

// of returns the position of p in the Preds of its k-th distinct successor.
func (e edgePositions) of(p *Block, k int) int { return int(e.pos[e.start[p.ID]+int32(k)]) }

// orderPhiEntries sorts the entries of b's φs into the order of b.Preds,
// the order a reader (and LLVM's printer) expects after a pass has added and
// removed entries. Every φ must have one entry per predecessor; predPos is
// scratch space indexed by Block.ID.
func orderPhiEntries(b *Block, predPos []int) {
	for i, pred := range b.Preds {
		predPos[pred.ID] = i
	}
	for _, phi := range b.Phis() {
		args := make([]*Value, len(phi.Args))
		incoming := make([]*Block, len(phi.Incoming))
		for i, pred := range phi.Incoming {
			args[predPos[pred.ID]], incoming[predPos[pred.ID]] = phi.Args[i], pred
		}
		phi.Args, phi.Incoming = args, incoming
	}
}
