package middle

// The switch terminator's helpers, shared by the passes that fold
// terminators (simplifycfg, sccp) and by switchform, which makes switches.
//
// A switch is LLVM's: `switch T %x, label %default [ T c, label %b ... ]`,
// with Args[0] the selector, Args[1:] its distinct constant cases and
// Targets[0] the default, Targets[i] the target of Args[i]. Like a condbr
// whose two arms are one block, a switch may name a block several times;
// the CFG has one edge per distinct target (Block.UniqueSuccs), and φs list
// the switch's block once (the printer writes one entry per LLVM edge).

// CaseTarget returns the block a switch goes to when its selector is c.
func (v *Value) CaseTarget(c int64) *Block { return v.Targets[caseIndex(v, c)] }

// caseIndex is the index in the switch v's Targets of where selector
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

// JumpTo replaces b's terminator by `br label %taken` (keeping its
// position) and drops b's φ entries in the successors it no longer
// reaches, which it returns so that the caller can mend their Preds and
// whatever it keeps about them.
func (b *Block) JumpTo(taken *Block) []*Block {
	t := b.Term()
	var left []*Block
	for _, s := range b.UniqueSuccs() {
		if s != taken {
			left = append(left, s)
		}
	}
	t.Op, t.Args, t.Targets = OpBr, nil, []*Block{taken}
	for _, s := range left {
		for _, phi := range s.Phis() {
			phi.RemoveIncoming(b)
		}
	}
	return left
}

// singleTarget returns the block every way out of the switch t leads
// to, or nil when there are several.
func singleTarget(t *Value) *Block {
	for _, s := range t.Targets[1:] {
		if s != t.Targets[0] {
			return nil
		}
	}
	return t.Targets[0]
}
