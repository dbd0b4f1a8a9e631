package middle

// The control-flow graph is the blocks' Succs and Preds (edge.go). This
// file adds the block order every forward analysis wants: reverse postorder
// of a depth-first search from the entry, which visits a block before its
// successors except along retreating edges — the one search of graph.go,
// iterative so that a function with a hundred thousand blocks cannot
// overflow the goroutine stack.
//
// On large functions the cost of these analyses is memory traffic, not
// arithmetic: every step to a successor goes through a block, its
// instruction slice and its terminator, three cache misses once the function
// no longer fits in cache. So the graph is read once, in block order (which
// is allocation order, friendly to the hardware prefetcher), into dense
// integer arrays, and the searches run on those.

// cfgIndex is the CFG of a function as a Graph of block IDs, each
// distinct successor once, in exit order.
type cfgIndex struct {
	Graph
	byID []*Block // by Block.ID; nil for IDs of deleted blocks
}

// blockTables keeps tables of blocks by ID (scratch.go).
var blockTables TablePool[*Block]

// release gives g's arrays back (scratch.go): the index is made for one
// search or tree, and nothing uses it after.
func (g *cfgIndex) release() {
	g.Graph.release()
	blockTables.Give(g.byID)
	g.byID = nil
}

func indexCFG(f *Func) *cfgIndex {
	g := &cfgIndex{byID: blockTables.Take(f.NumBlocks())}
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
// deterministic. It is the dominator tree's order (ComputeDom runs the
// same search): while the tree is cached for the CFG as it is
// (analysis.go), its order is returned, which the caller must not modify.
func ReversePostorder(f *Func) []*Block {
	if f.IsDecl() {
		return nil
	}
	if c := f.cache; c != nil && c.epoch == f.cfgEpoch && c.dom != nil {
		if f.checking() {
			checkDom(f, c.dom, ComputeDom(f))
		}
		return c.dom.rpo
	}
	g := indexCFG(f)
	ids := g.ReversePostorder(int32(f.Entry().ID))
	rpo := make([]*Block, len(ids))
	for i, id := range ids {
		rpo[i] = g.byID[id]
	}
	g.release()
	return rpo
}

// uniqueSuccs calls visit once per distinct successor of b, in exit
// order (first occurrence): the graph searches and the dominator tree want
// blocks, not edges, and a condbr whose arms are one block, or a switch's
// cases that share a target, are several edges to one block.
func uniqueSuccs(b *Block, visit func(s *Block)) {
	succs := b.Succs
	if len(succs) > 32 {
		seen := make(map[*Block]bool, len(succs))
		for _, e := range succs {
			if !seen[e.b] {
				seen[e.b] = true
				visit(e.b)
			}
		}
		return
	}
next:
	for i, e := range succs {
		for _, d := range succs[:i] {
			if d.b == e.b {
				continue next
			}
		}
		visit(e.b)
	}
}

// UniqueSuccs returns b's distinct successors, in exit order (first
// occurrence).
func (b *Block) UniqueSuccs() []*Block {
	out := make([]*Block, 0, len(b.Succs))
	uniqueSuccs(b, func(s *Block) { out = append(out, s) })
	return out
}

// EdgeCount is the number of b's exits that go to s.
func (b *Block) EdgeCount(s *Block) int {
	n := 0
	for _, e := range b.Succs {
		if e.b == s {
			n++
		}
	}
	return n
}
