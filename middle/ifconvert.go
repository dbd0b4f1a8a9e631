package middle

// IfConvert turns small diamonds and triangles into selects: a two-way
// branch whose arms only compute a few pure values for a φ at their join
// becomes straight-line code that computes both arms and chooses with
// select, which the backend makes a conditional move. This is LLVM
// SimplifyCFG's FoldTwoEntryPHINode and SpeculativelyExecuteBB (if-conversion,
// Allen, Kennedy, Porterfield and Warren, "Conversion of Control Dependence
// to Data Dependence", POPL 1983). A branch on data, such as lcs's
// max(up, left), mispredicts about half the time and costs some fifteen
// cycles each time; the select costs one.
//
// An arm is a block whose only predecessor is the branching block and that
// jumps on to the join; its instructions must be speculatable (no load,
// store, call, division that may trap, or shift that may reach the width)
// and few: at most ifConvertCost instructions and selects in all. The join
// may have other predecessors: the φ entries of the arms (and of the
// branching block, in a triangle) become one entry from the branching block.
// φs of i1 are left to branches: they are conditions, which && and || build
// and branches consume directly.
//
// Requires: SSA form. Guarantees: valid SSA; the converted arms are
// deleted. Linear in the function.
func IfConvert(f *Func) {
	if f.IsDecl() {
		return
	}
	dead := make([]bool, f.NumBlocks())
	converted := false
	for i := len(f.Blocks) - 1; i >= 0; i-- {
		if h := f.Blocks[i]; !dead[h.ID] && convertBranch(h, dead) {
			converted = true
		}
	}
	f.tracking().speculated()
	if converted {
		f.RemoveBlocks(func(b *Block) bool { return dead[b.ID] })
	}
}

// ifConvertCost bounds the instructions an if-conversion may execute that
// the branch would have skipped, plus the selects it adds.
const ifConvertCost = 4

// convertBranch if-converts the branch that ends h when it heads a small
// diamond or triangle, marks the arms in dead, and reports whether it did.
func convertBranch(h *Block, dead []bool) bool {
	br := h.Term()
	if br == nil || br.Op != OpCondBr || br.Block.Succ(0) == br.Block.Succ(1) {
		return false
	}
	t, e := br.Block.Succ(0), br.Block.Succ(1)
	var arms []*Block
	var join, fromTrue, fromFalse *Block
	switch {
	case isArm(t, h) && isArm(e, h) && t.Succ(0) == e.Succ(0):
		arms, join, fromTrue, fromFalse = []*Block{t, e}, t.Succ(0), t, e
	case isArm(t, h) && t.Succ(0) == e:
		arms, join, fromTrue, fromFalse = []*Block{t}, e, t, h
	case isArm(e, h) && e.Succ(0) == t:
		arms, join, fromTrue, fromFalse = []*Block{e}, t, h, e
	default:
		return false
	}
	if join == h {
		return false
	}
	cost := 0
	for _, a := range arms {
		cost += len(a.Instrs) - 1
	}
	for _, phi := range join.Phis() {
		if x, y := phi.IncomingFor(fromTrue), phi.IncomingFor(fromFalse); x != y {
			if phi.Type == I1 {
				return false
			}
			cost++
		}
	}
	if cost > ifConvertCost {
		return false
	}
	f := h.Func
	for _, a := range arms {
		for _, v := range a.Instrs[:len(a.Instrs)-1] {
			// At the branch's position: the arm's code runs whichever
			// way the branch goes, and a debugger stopping on the arm's
			// line would say the arm is taken.
			v.SetOrigin(br)
			h.InsertBeforeTerm(v)
		}
		dead[a.ID] = true
		f.tracking().speculate(a, join)
	}
	phis := join.Phis()
	chosen := make([]*Value, len(phis))
	for k, phi := range phis {
		x, y := phi.IncomingFor(fromTrue), phi.IncomingFor(fromFalse)
		chosen[k] = x
		if x != y {
			chosen[k] = h.Func.NewValue(OpSelect, phi.Type, phi.Name, br.Args[0], x, y)
			chosen[k].SetOrigin(br)
			h.InsertBeforeTerm(chosen[k])
		}
	}
	// h now jumps to join, whose entries from the arms and from h become
	// one from h.
	br.Op, br.Args = OpBr, nil
	h.RemoveSuccs()
	for _, a := range arms {
		a.RemoveSuccs()
	}
	h.AddEdgeTo(join)
	for k, phi := range phis {
		phi.AddArg(chosen[k])
	}
	return true
}

// isArm reports whether b can be speculated into h, its only predecessor:
// it jumps on unconditionally and computes only pure values that cannot
// trap.
func isArm(b, h *Block) bool {
	if len(b.Preds) != 1 || b.Pred(0) != h || b.Term().Op != OpBr || len(b.Instrs) > ifConvertCost+1 {
		return false
	}
	for _, v := range b.Instrs[:len(b.Instrs)-1] {
		if v.Op == OpPhi || v.Op == OpAlloca || v.HasSideEffects() || !speculatable(v) {
			return false
		}
	}
	return true
}
