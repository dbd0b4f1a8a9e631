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
// irreducible). For each edge P -> B, the branches above decide c when P
// or a block D above it ends in a condbr on c itself, or on an identical
// pure instruction of the same operands defined in D when c is defined in
// B (a trunc of one loaded byte tested twice): P's own branch, or, up the
// dominator tree from P (P first), the edge D -> X into a block X entered
// from outside along that edge alone — its only predecessor, or the entry
// of a loop whose other predecessors are its back edges (a versioned
// loop's header, whose check-free copy exits to a block that repeats a
// test of its version test). The operands have not changed in between:
// their definitions dominate D, and no path from one of them reaches P
// without entering X along that edge; B's own would make B a loop header
// (decidedAbove). The edge P -> B then goes to the
// successor of B that D's edge chose; that successor's φs take their entry
// for B. A predecessor that already branches to that successor is left
// alone (its φ entries might differ).
//
// Requires: SSA form. Guarantees: valid SSA; every block reachable (the
// blocks left without predecessors are removed). Linear in the function,
// plus a walk up of at most maxThreadWalk dominators per edge.
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
	touched := make([]bool, f.NumBlocks())
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
			taken, ok := decidedAbove(dom, touched, e.b, e.i, c, b)
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
			touched[b.ID], touched[to.ID] = true, true
		}
	}
	if !changed {
		return
	}
	f.cfgChanged()
	RemoveUnreachable(f)
}

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
// has seen c's value decided by a branch, and which: p's own branch, or
// the edge D -> X into a block X that dominates p (up the dominator tree)
// when every path into X comes along that edge first — X's other
// predecessors are X's own back edges, as a versioned loop's header is
// entered only from its version test. (The value of c, or of the operands
// of its twin, then cannot have changed since: their definitions dominate
// D, and a path from one of them to p that skipped the edge would reach p
// without entering X from outside.) A block whose edges a thread has
// changed (touched) ends the walk: the dominator tree may be stale there.
func decidedAbove(dom *DomTree, touched []bool, p *Block, succ int, c *Value, b *Block) (taken, ok bool) {
	if t := p.Term(); t.Op == OpCondBr && p.Succ(0) != p.Succ(1) && sameCondition(t.Args[0], c, p, b) {
		return succ == 0, true
	}
	x := p
	for range maxThreadWalk {
		if x == nil || touched[x.ID] {
			break
		}
		var entry Edge
		entries := 0
		for _, e := range x.Preds {
			if !dom.Dominates(x, e.b) {
				entry = e
				entries++
			}
		}
		if d := entry.b; entries == 1 && !touched[d.ID] {
			if t := d.Term(); t.Op == OpCondBr && d.Succ(0) != d.Succ(1) && sameCondition(t.Args[0], c, d, b) {
				return entry.i == 0, true
			}
		}
		x = dom.Idom(x)
	}
	return false, false
}

// maxThreadWalk bounds the walk up the dominator tree from a predecessor
// (an else-if chain makes a deep one): the deciding branch is near, one or
// two blocks above a search loop's exits, or a versioned loop's test.
const maxThreadWalk = 8

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
