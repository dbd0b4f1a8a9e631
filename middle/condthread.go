package middle

// ThreadKnownConditions sends a predecessor straight to the successor that
// a block's conditional branch is bound to take when control comes from
// it: jump threading over conditions that a branch above already decided,
// as LLVM's JumpThreading does with its "implied condition" and
// value-on-edge rules (and GCC's tree-ssa-threadedge). The pattern is a
// search loop's exit followed by a test of what ended it,
//
//	while used[h] && keys[h] != key { ... }
//	if !used[h] { ... }
//
// where the exit on !used[h] knows the test's outcome, and so does the
// exit on keys[h] == key, reached only past used[h]. Each of them then
// skips the test.
//
// A block B qualifies when it ends in a condbr on c, holds no φ and
// nothing with side effects, and no value it defines is used outside it
// (so a predecessor that skips B misses none of them), and it is not a
// loop header (threading into a loop past its header would make the loop
// irreducible). For each edge P -> B, the branches above decide c when,
// walking up from P along blocks that have a single predecessor (so every
// path to B passes the edges walked), some block D ends in a condbr on c
// itself, or on an identical pure instruction of the same operands defined
// in D when c is defined in B (a trunc of one loaded byte tested twice):
// the operands have not changed in between, since their definitions
// dominate D and the blocks below D on the walk do not dominate D; B's
// own would make B a loop header. The edge P -> B then goes to the
// successor of B that D's edge chose; that successor's φs take their entry
// for B. A predecessor that already branches to that successor is left
// alone (its φ entries might differ).
//
// Requires: SSA form. Guarantees: valid SSA; every block reachable (the
// blocks left without predecessors are removed). Linear in the function,
// plus a walk up of at most maxThreadWalk blocks per edge.
func ThreadKnownConditions(f *Func) {
	if f.IsDecl() {
		return
	}
	dom := f.Dom()
	// usedOutside[v.ID]: v is an operand of an instruction in another block.
	usedOutside := make([]bool, f.NumValues())
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			for _, a := range v.Args {
				if a.Block != nil && a.Block != b {
					usedOutside[a.ID] = true
				}
			}
		}
	}
	changed := false
	for _, b := range dom.RPO() {
		if !threadable(b, usedOutside) {
			continue
		}
		header := false
		for _, e := range b.Preds {
			if dom.Dominates(b, e.b) {
				header = true
			}
		}
		if header {
			continue
		}
		// The walks see the edges as the threads before left them; they
		// only take paths away from b, so b heads no loop still (the
		// tree, older, may say it dominates more than it does).
		c := b.Term().Args[0]
		for j := 0; j < len(b.Preds); {
			e := b.Preds[j]
			taken, ok := decidedAbove(e.b, e.i, c, b)
			to := b.Succ(0)
			if !taken {
				to = b.Succ(1)
			}
			if !ok || to == b || to.PredIndex(e.b) >= 0 {
				j++
				continue
			}
			phis := to.Phis()
			args := make([]*Value, len(phis))
			for k, phi := range phis {
				args[k] = phi.IncomingFor(b)
			}
			e.b.RedirectSucc(e.i, to) // b.Preds[j] is now another edge
			for k, phi := range phis {
				phi.AddArg(args[k])
			}
			changed = true
		}
	}
	if !changed {
		return
	}
	f.cfgChanged()
	RemoveUnreachable(f)
}

// maxThreadWalk bounds the walk up from a predecessor: the deciding branch
// is near (a search loop's exits are one or two blocks below its tests).
const maxThreadWalk = 4

// threadable reports whether b may be skipped by a predecessor that knows
// where its branch goes: a condbr with two different targets, no φ, and
// instructions that matter only to the branch.
func threadable(b *Block, usedOutside []bool) bool {
	t := b.Term()
	if t == nil || t.Op != OpCondBr || b.Succ(0) == b.Succ(1) {
		return false
	}
	for _, v := range b.Instrs[:len(b.Instrs)-1] {
		if v.Op == OpPhi || v.HasSideEffects() || usedOutside[v.ID] {
			return false
		}
	}
	return true
}

// decidedAbove reports whether control arriving at b along p's exit succ
// has seen c's value decided by a branch, and which: the walk of
// ThreadKnownConditions.
func decidedAbove(p *Block, succ int, c *Value, b *Block) (taken, ok bool) {
	for range maxThreadWalk {
		if t := p.Term(); t.Op == OpCondBr && p.Succ(0) != p.Succ(1) && sameCondition(t.Args[0], c, p, b) {
			return succ == 0, true
		}
		if len(p.Preds) != 1 {
			return false, false
		}
		e := p.Preds[0]
		p, succ = e.b, e.i
	}
	return false, false
}

// sameCondition reports whether d, the condition of d's block's branch,
// has c's value at b: it is c, or c is defined in b and d in dblock by
// the same pure instruction of the same operands.
func sameCondition(d, c *Value, dblock, b *Block) bool {
	if d == c {
		return true
	}
	if c.Block != b || d.Block != dblock || c.Op != d.Op || c.Type != d.Type || c.Pred != d.Pred || len(c.Args) != len(d.Args) {
		return false
	}
	if !c.Op.IsCast() && c.Op != OpICmp && !(c.Op.IsBinary() && !c.CanTrap()) {
		return false
	}
	for i := range c.Args {
		if c.Args[i] != d.Args[i] {
			return false
		}
	}
	return true
}
