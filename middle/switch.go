package middle

// The switch terminator's helpers, shared by the passes that fold
// terminators (simplifycfg, sccp) and by switchform, which makes switches.
//
// A switch is LLVM's: `switch T %x, label %default [ T c, label %b ... ]`,
// with Args[0] the selector, Args[1:] its distinct constant cases and its
// block's Succs[0] the default, Succs[i] the target of Args[i]. Like a
// condbr whose two arms are one block, a switch may name a block several
// times, each case its own edge with its own (equal) φ arguments, as in
// LLVM.

// CaseTarget returns the block a switch goes to when its selector is c.
func (v *Value) CaseTarget(c int64) *Block { return v.Block.Succ(caseIndex(v, c)) }

// CaseIndex returns the index among the switch v's block's exits of the
// one taken when its selector is c.
func (v *Value) CaseIndex(c int64) int { return caseIndex(v, c) }

// caseIndex is the index in the switch v's block's Succs of where selector
// value c goes: its case, or 0, the default.
func caseIndex(v *Value, c int64) int {
	c = v.Args[0].Type.Truncate(c)
	for i, k := range v.Args[1:] {
		if k.Const == c {
			return i + 1
		}
	}
	return 0
}

// JumpTo replaces b's terminator by `br label` to where its k-th exit
// goes (keeping the terminator's position); the other exits, their
// predecessor entries and φ arguments go.
func (b *Block) JumpTo(k int) {
	t := b.Term()
	t.Op, t.Args = OpBr, nil
	b.RemoveSuccsIf(func(i int, _ *Block) bool { return i != k })
}

// singleTarget reports whether every exit of b leads to one block.
func singleTarget(b *Block) bool {
	for _, e := range b.Succs[1:] {
		if e.b != b.Succs[0].b {
			return false
		}
	}
	return true
}
