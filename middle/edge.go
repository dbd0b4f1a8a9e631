package middle

// The control-flow graph's edges, kept consistent by construction, after
// Go's cmd/compile/internal/ssa (block.go: Edge, AddEdgeTo, removePred,
// removeSucc). Every edge is recorded at both ends: b.Succs[i] = Edge{c, j}
// exactly when c.Preds[j] = Edge{b, i}. A block reached twice from one
// block (a condbr whose arms are one block, a switch's cases that share a
// target) has one predecessor entry per edge, as LLVM's blocks do, and a φ
// has exactly one argument per predecessor entry, in the same order:
// phi.Args[j] flows in along b.Preds[j]. So no pass rebuilds predecessor
// lists, no φ keeps a parallel list of blocks, and finding the argument
// for an edge is an index, not a search.
//
// The terminator says what kind of exit a block has (br, condbr, switch)
// and holds its operands; the block holds the targets: for a condbr
// Succs[0] is the true arm, for a switch Succs[0] is the default and
// Succs[i] the target of case Args[i].

// Edge is one end of a CFG edge: in a block's Succs, the block the edge
// goes to and the edge's place in that block's Preds; in Preds, the block
// it comes from and its place in that block's Succs.
type Edge struct {
	b *Block
	i int
}

// Block returns the block at the other end of the edge.
func (e Edge) Block() *Block { return e.b }

// Index returns the edge's position in the other block's list.
func (e Edge) Index() int { return e.i }

// Succ returns the block b's i-th exit goes to.
func (b *Block) Succ(i int) *Block { return b.Succs[i].b }

// Pred returns the block b's j-th predecessor edge comes from.
func (b *Block) Pred(j int) *Block { return b.Preds[j].b }

// AddEdgeTo adds an exit from b to c, after b's others, and returns its
// index in c.Preds. The φs of c are the caller's to extend: each needs an
// argument for the new edge (Value.AddArg), unless the φs are made later.
func (b *Block) AddEdgeTo(c *Block) int {
	c.Func.cfgChanged()
	j := len(c.Preds)
	b.Succs = append(b.Succs, Edge{c, j})
	c.Preds = append(c.Preds, Edge{b, len(b.Succs) - 1})
	if f := c.Func; f != nil && len(f.pending) > 0 {
		f.placePending(b, c, j)
	}
	return j
}

// RemoveSucc deletes b's i-th exit, and with it the predecessor entry
// and φ arguments it had in its target. Later exits move down one place
// (a switch's case order is its targets' order).
func (b *Block) RemoveSucc(i int) {
	e := b.Succs[i]
	e.b.removePred(e.i)
	copy(b.Succs[i:], b.Succs[i+1:])
	b.Succs = b.Succs[:len(b.Succs)-1]
	for k := i; k < len(b.Succs); k++ {
		s := b.Succs[k]
		s.b.Preds[s.i].i = k
	}
}

// RemoveSuccs deletes all of b's exits (before its terminator is
// replaced), with their predecessor entries and φ arguments.
func (b *Block) RemoveSuccs() {
	for k := len(b.Succs) - 1; k >= 0; k-- {
		e := b.Succs[k]
		e.b.removePred(e.i)
	}
	clear(b.Succs)
	b.Succs = b.Succs[:0]
}

// RemoveSuccsIf deletes the exits of b for which drop returns true (with
// their predecessor entries and φ arguments), keeping the others' order.
func (b *Block) RemoveSuccsIf(drop func(i int, s *Block) bool) {
	n := 0
	for i, e := range b.Succs {
		if drop(i, e.b) {
			e.b.removePred(e.i)
			continue
		}
		b.Succs[n] = e
		e.b.Preds[e.i].i = n
		n++
	}
	clear(b.Succs[n:])
	b.Succs = b.Succs[:n]
}

// removePred deletes b's j-th predecessor entry and the φ arguments for
// it, moving the last entry into its place (Go's removePred): O(φs), so
// that retargeting thousands of edges into one block stays linear. The
// other end is the caller's to delete.
func (b *Block) removePred(j int) {
	b.Func.cfgChanged()
	last := len(b.Preds) - 1
	if j != last {
		moved := b.Preds[last]
		b.Preds[j] = moved
		moved.b.Succs[moved.i].i = j
	}
	b.Preds[last] = Edge{}
	b.Preds = b.Preds[:last]
	for _, phi := range b.Phis() {
		if len(phi.Args) <= j {
			continue // a φ still being built
		}
		phi.Args[j] = phi.Args[last]
		phi.Args[last] = nil
		phi.Args = phi.Args[:last]
	}
}

// removePredsIf deletes b's predecessor entries from the blocks drop
// selects, with their φ arguments, keeping the others' order; their exits
// at the other end are the caller's to delete. Asking twice is harmless.
func (b *Block) removePredsIf(drop func(p *Block) bool) {
	keep := b.Preds[:0]
	removed := false
	phis := b.Phis()
	for j, e := range b.Preds {
		if drop(e.b) {
			removed = true
			continue
		}
		if removed {
			k := len(keep)
			e.b.Succs[e.i].i = k
			for _, phi := range phis {
				phi.Args[k] = phi.Args[j]
			}
		}
		keep = append(keep, e)
	}
	if !removed {
		return
	}
	b.Func.cfgChanged()
	clear(b.Preds[len(keep):])
	for _, phi := range phis {
		clear(phi.Args[len(keep):])
		phi.Args = phi.Args[:len(keep)]
	}
	b.Preds = keep
}

// RedirectSucc makes b's i-th exit go to c instead, keeping its place in
// b.Succs. Its entry and φ arguments in the old target go; in c it is a
// new last predecessor, for whose φs the caller appends the arguments.
// It returns the edge's index in c.Preds.
func (b *Block) RedirectSucc(i int, c *Block) int {
	e := b.Succs[i]
	e.b.removePred(e.i)
	j := len(c.Preds)
	c.Preds = append(c.Preds, Edge{b, i})
	b.Succs[i] = Edge{c, j}
	return j
}

// SplitEdge puts the new block mid on b's i-th exit: b goes to mid, which
// jumps to where b went, and takes b's place in the target's predecessors,
// so the target's φs are unchanged. mid must be empty and detached from
// the CFG; its br is emitted here, at the position of b's terminator.
func (b *Block) SplitEdge(i int, mid *Block) {
	b.Func.cfgChanged()
	e := b.Succs[i]
	mid.Preds = append(mid.Preds[:0], Edge{b, i})
	mid.Succs = append(mid.Succs[:0], Edge{e.b, e.i})
	e.b.Preds[e.i] = Edge{mid, 0}
	b.Succs[i] = Edge{mid, 0}
	t := b.Func.NewValue(OpBr, Void, "")
	if bt := b.Term(); bt != nil {
		t.SetOrigin(bt)
	}
	mid.Append(t)
}

// MoveSuccsTo gives b's exits to c, which must have none: c goes where b
// went, in b's place among each target's predecessors (so their φs are
// unchanged), and b is left without exits — as when a block is split or
// two are merged.
func (b *Block) MoveSuccsTo(c *Block) {
	b.Func.cfgChanged()
	c.Succs = append(c.Succs[:0], b.Succs...)
	for _, e := range c.Succs {
		e.b.Preds[e.i].b = c
	}
	clear(b.Succs)
	b.Succs = b.Succs[:0]
}

// PredIndex returns the index of the first predecessor entry of b from p,
// or -1.
func (b *Block) PredIndex(p *Block) int {
	for j, e := range b.Preds {
		if e.b == p {
			return j
		}
	}
	return -1
}

// SuccIndex returns the index of b's first exit to s, or -1.
func (b *Block) SuccIndex(s *Block) int {
	for i, e := range b.Succs {
		if e.b == s {
			return i
		}
	}
	return -1
}

// PredBlocks returns the blocks b's predecessor edges come from, in
// order, a block once per edge.
func (b *Block) PredBlocks() []*Block {
	ps := make([]*Block, len(b.Preds))
	for j, e := range b.Preds {
		ps[j] = e.b
	}
	return ps
}

// SuccBlocks returns the blocks b's exits go to, in order, a block once
// per edge.
func (b *Block) SuccBlocks() []*Block {
	ss := make([]*Block, len(b.Succs))
	for i, e := range b.Succs {
		ss[i] = e.b
	}
	return ss
}
