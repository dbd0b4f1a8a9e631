package middle

// Block is a basic block: φs first, then ordinary instructions, then exactly
// one terminator.
type Block struct {
	ID     int
	Name   string // without the %; unique within the function (shared with values)
	Instrs []*Value
	Func   *Func

	// Succs are the block's exits, in the terminator's order; Preds the
	// edges that enter it, one per edge, in the order of the φs' arguments.
	// Both ends of every edge are kept in step by the methods of edge.go.
	Succs []Edge
	Preds []Edge
}

// Term returns the block's terminator, or nil while the block is being built
// (or, in invalid input, when it has none).
func (b *Block) Term() *Value {
	if n := len(b.Instrs); n > 0 && b.Instrs[n-1].Op.IsTerminator() {
		return b.Instrs[n-1]
	}
	return nil
}

// Phis returns the φs at the top of the block.
func (b *Block) Phis() []*Value {
	n := 0
	for n < len(b.Instrs) && b.Instrs[n].Op == OpPhi {
		n++
	}
	return b.Instrs[:n]
}

// Append adds v at the end of the block.
func (b *Block) Append(v *Value) {
	v.Block = b
	b.Instrs = append(b.Instrs, v)
}

// InsertBeforeTerm adds v just before the block's terminator (at the end when
// there is none yet).
func (b *Block) InsertBeforeTerm(v *Value) {
	v.Block = b
	n := len(b.Instrs)
	if n == 0 || !b.Instrs[n-1].Op.IsTerminator() {
		b.Instrs = append(b.Instrs, v)
		return
	}
	b.Instrs = append(b.Instrs, nil)
	copy(b.Instrs[n:], b.Instrs[n-1:])
	b.Instrs[n-1] = v
}

// InsertPhi adds the φ v at the top of the block.
func (b *Block) InsertPhi(v *Value) {
	v.Block = b
	b.Instrs = append(b.Instrs, nil)
	copy(b.Instrs[1:], b.Instrs)
	b.Instrs[0] = v
}

// RemoveInstrs deletes the instructions for which drop returns true,
// keeping the order of the rest.
func (b *Block) RemoveInstrs(drop func(*Value) bool) {
	n := 0
	for _, v := range b.Instrs {
		if !drop(v) {
			b.Instrs[n] = v
			n++
		}
	}
	clear(b.Instrs[n:])
	b.Instrs = b.Instrs[:n]
}

func (b *Block) String() string { return "%" + b.Name }
