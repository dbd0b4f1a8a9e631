package middle

import "slices"

// SimplifyCFG tidies the control-flow graph that the frontend's lowering
// and the other passes leave behind, with the classic local rewrites of
// LLVM's SimplifyCFG and Go's fuse/deadcode passes, repeated until none
// applies:
//   - a conditional branch or switch on a constant, or whose targets are
//     all the same, becomes a jump; the untaken successors lose their φ
//     entries for the edge;
//   - a block whose only predecessor jumps only to it is merged into that
//     predecessor (its φs, which have one entry, become that entry's value);
//   - a block that holds nothing but a jump is bypassed: its predecessors
//     branch straight to its target, whose φs take the bypassed block's
//     entry for each of them — unless a predecessor already branches to the
//     target with a different φ value, which would need two entries for one
//     edge;
//   - blocks left unreachable are removed.
//
// Requires: SSA form. Guarantees: every φ has exactly one entry per
// predecessor, in the order of Preds; Preds is current; every block is
// reachable. Each rewrite
// removes a block or a conditional branch, so the loop ends; each sweep is
// linear in the function, with Preds kept up to date as it goes.
func SimplifyCFG(f *Func) {
	if f.IsDecl() {
		return
	}
	s := &cfgSimplifier{f: f, repl: make([]*Value, f.NumValues()), dead: make([]bool, f.NumBlocks()), mark: make([]int, f.NumBlocks())}
	for {
		RemoveUnreachable(f)
		s.index = map[*Block]*predIndex{}
		changed := false
		for _, b := range f.Blocks {
			if s.dead[b.ID] {
				continue
			}
			changed = s.foldBranch(b) || changed
			changed = s.mergeIntoPred(b) || s.bypass(b) || changed
		}
		if !changed {
			break
		}
		f.RemoveBlocks(func(b *Block) bool { return s.dead[b.ID] })
	}
	f.ReplaceUses(s.repl)
	for _, b := range f.Blocks {
		orderPhiEntries(b, s.mark)
	}
}

type cfgSimplifier struct {
	f     *Func
	repl  []*Value // by Value.ID: what a removed φ stands for
	dead  []bool   // by Block.ID: merged or bypassed blocks
	mark  []int    // by Block.ID: scratch stamps
	stamp int
	// index holds, for a block with many predecessors, where each sits in
	// its Preds and in each φ's entries (predindex.go), so that bypassing
	// one of thousands of them (the arms of a long else-if chain into
	// their merge) does not scan them all. bypass keeps an index current;
	// the other rewrites drop the index of a block they touch, and each
	// sweep starts without any, since RemoveUnreachable reorders Preds.
	index map[*Block]*predIndex
}

func (s *cfgSimplifier) resolve(v *Value) *Value {
	for v.ID < len(s.repl) && s.repl[v.ID] != nil {
		v = s.repl[v.ID]
	}
	return v
}

// foldBranch turns a conditional branch that always goes one way into a jump.
func (s *cfgSimplifier) foldBranch(b *Block) bool {
	t := b.Term()
	if t != nil && t.Op == OpSwitch {
		return s.foldSwitch(b, t)
	}
	if t == nil || t.Op != OpCondBr {
		return false
	}
	taken, untaken := t.Targets[0], t.Targets[1]
	switch cond := s.resolve(t.Args[0]); {
	case taken == untaken:
	case cond.Op != OpConst:
		return false
	case cond.Const == 0:
		taken, untaken = untaken, taken
	}
	t.Op, t.Args, t.Targets = OpBr, nil, []*Block{taken}
	if untaken != taken {
		for _, phi := range untaken.Phis() {
			phi.RemoveIncoming(b)
		}
		untaken.Preds = slices.DeleteFunc(untaken.Preds, func(p *Block) bool { return p == b })
		delete(s.index, untaken)
	}
	return true
}

// foldSwitch turns a switch on a constant, or whose every way out leads
// to one block, into a jump.
func (s *cfgSimplifier) foldSwitch(b *Block, t *Value) bool {
	taken := singleTarget(t)
	if x := s.resolve(t.Args[0]); taken == nil && x.Op == OpConst {
		taken = t.CaseTarget(x.Const)
	}
	if taken == nil {
		return false
	}
	for _, u := range b.JumpTo(taken) {
		u.Preds = slices.DeleteFunc(u.Preds, func(p *Block) bool { return p == b })
		delete(s.index, u)
	}
	return true
}

// mergeIntoPred appends b to its only predecessor when that predecessor
// jumps to b alone.
func (s *cfgSimplifier) mergeIntoPred(b *Block) bool {
	if b == s.f.Entry() || len(b.Preds) != 1 {
		return false
	}
	p := b.Preds[0]
	if p == b || p.Term().Op != OpBr {
		return false
	}
	phis := b.Phis()
	for _, phi := range phis {
		s.repl[phi.ID] = s.resolve(phi.Args[0])
	}
	p.Instrs = p.Instrs[:len(p.Instrs)-1]
	for _, v := range b.Instrs[len(phis):] {
		p.Append(v)
	}
	s.f.tracking().merged(b, p)
	uniqueSuccs(b, func(succ *Block) {
		delete(s.index, succ)
		for _, phi := range succ.Phis() {
			for i, in := range phi.Incoming {
				if in == b {
					phi.Incoming[i] = p
				}
			}
		}
		for i, in := range succ.Preds {
			if in == b {
				succ.Preds[i] = p
			}
		}
	})
	s.kill(b)
	return true
}

// bypass retargets the predecessors of a block that only jumps.
func (s *cfgSimplifier) bypass(b *Block) bool {
	if b == s.f.Entry() || len(b.Instrs) != 1 || b.Instrs[0].Op != OpBr || len(b.Preds) == 0 {
		return false
	}
	target := b.Instrs[0].Targets[0]
	if target == b {
		return false
	}
	phis := target.Phis()
	ix := s.indexOf(target, phis)
	// Which of b's predecessors branch to target already (before any is
	// retargeted): their entries must agree with b's.
	s.stamp++
	for _, p := range b.Preds {
		if branchesTo(p, target) {
			s.mark[p.ID] = s.stamp
		}
	}
	for _, p := range b.Preds {
		if s.mark[p.ID] != s.stamp {
			continue
		}
		for k, phi := range phis {
			if s.resolve(ix.entry(phi, k, p)) != s.resolve(ix.entry(phi, k, b)) {
				return false
			}
		}
	}
	for k, phi := range phis {
		v := ix.entry(phi, k, b)
		ix.removeEntry(phi, k, b)
		for _, p := range b.Preds {
			if s.mark[p.ID] != s.stamp {
				ix.addEntry(phi, k, v, p)
			}
		}
	}
	switch { // where what b did happens now: just before b, or just after
	case len(b.Preds) == 1 && b.Preds[0].Term().Op == OpBr:
		s.f.tracking().merged(b, b.Preds[0])
	case len(target.Preds) == 1:
		s.f.tracking().merged(b, target)
	default:
		s.f.tracking().bypassed(b, target)
	}
	ix.removePred(target, b)
	for _, p := range b.Preds {
		p.ReplaceSucc(b, target)
		if s.mark[p.ID] != s.stamp {
			ix.addPred(target, p)
		}
	}
	s.kill(b)
	return true
}

// branchesTo reports whether p's terminator targets t.
func branchesTo(p, t *Block) bool {
	for _, s := range p.Succs() {
		if s == t {
			return true
		}
	}
	return false
}

func (s *cfgSimplifier) kill(b *Block) {
	delete(s.index, b)
	s.dead[b.ID] = true
	b.Instrs, b.Preds = nil, nil
}
