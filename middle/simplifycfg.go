package middle

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
//     target with a different φ value (LLVM wants the entries of one
//     block in a φ to agree);
//   - blocks left unreachable are removed.
//
// Requires: SSA form. Guarantees: every block is reachable. Each rewrite
// removes a block or a conditional branch, so the loop ends; each sweep is
// linear in the function: the edges (edge.go) make moving one of a
// thousand predecessors of a block O(its φs).
func SimplifyCFG(f *Func) {
	if f.IsDecl() {
		return
	}
	s := &cfgSimplifier{f: f, repl: valueTables.Take(f.NumValues()), dead: boolTables.Take(f.NumBlocks()), mark: int32Tables.Take(f.NumBlocks())}
	defer s.release()
	for {
		RemoveUnreachable(f)
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
}

type cfgSimplifier struct {
	f     *Func
	repl  []*Value // by Value.ID: what a removed φ stands for
	dead  []bool   // by Block.ID: merged or bypassed blocks
	mark  []int32  // by Block.ID: scratch stamps
	stamp int32
	args  []*Value // scratch: a bypassed block's φ arguments in its target
	edges []Edge   // scratch: its predecessors
}

// release gives back the tables by ID.
func (s *cfgSimplifier) release() {
	valueTables.Give(s.repl)
	boolTables.Give(s.dead)
	int32Tables.Give(s.mark)
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
	taken := 0
	switch cond := s.resolve(t.Args[0]); {
	case b.Succ(0) == b.Succ(1):
	case cond.Op != OpConst:
		return false
	case cond.Const == 0:
		taken = 1
	}
	b.JumpTo(taken)
	return true
}

// foldSwitch turns a switch on a constant, or whose every way out leads
// to one block, into a jump.
func (s *cfgSimplifier) foldSwitch(b *Block, t *Value) bool {
	taken := 0
	if x := s.resolve(t.Args[0]); !singleTarget(b) {
		if x.Op != OpConst {
			return false
		}
		taken = caseIndex(t, x.Const)
	}
	b.JumpTo(taken)
	return true
}

// mergeIntoPred appends b to its only predecessor when that predecessor
// jumps to b alone; b's exits become the predecessor's, each keeping its
// place in its target's predecessors (so their φs are unchanged).
func (s *cfgSimplifier) mergeIntoPred(b *Block) bool {
	if b == s.f.Entry() || len(b.Preds) != 1 {
		return false
	}
	p := b.Pred(0)
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
	p.Succs = p.Succs[:0]
	b.MoveSuccsTo(p)
	b.Preds = nil
	s.kill(b)
	return true
}

// bypass retargets the predecessors of a block that only jumps.
func (s *cfgSimplifier) bypass(b *Block) bool {
	if b == s.f.Entry() || len(b.Instrs) != 1 || b.Instrs[0].Op != OpBr || len(b.Preds) == 0 {
		return false
	}
	target := b.Succ(0)
	if target == b {
		return false
	}
	phis := target.Phis()
	from := b.Succs[0].i
	// A predecessor that branches to target already (before any is
	// retargeted) must agree with b's entries.
	s.stamp++
	for _, e := range b.Preds {
		p := e.b
		if s.mark[p.ID] == s.stamp {
			continue
		}
		s.mark[p.ID] = s.stamp
		for _, pe := range p.Succs {
			if pe.b != target {
				continue
			}
			for _, phi := range phis {
				if s.resolve(phi.Args[pe.i]) != s.resolve(phi.Args[from]) {
					return false
				}
			}
		}
	}
	switch { // where what b did happens now: just before b, or just after
	case len(b.Preds) == 1 && b.Pred(0).Term().Op == OpBr:
		s.f.tracking().merged(b, b.Pred(0))
	case len(target.Preds) == 1:
		s.f.tracking().merged(b, target)
	default:
		s.f.tracking().bypassed(b, target)
	}
	s.args = s.args[:0]
	for _, phi := range phis {
		s.args = append(s.args, phi.Args[from])
	}
	s.edges = append(s.edges[:0], b.Preds...)
	for _, e := range s.edges { // an exit keeps its index as b's entries move
		e.b.RedirectSucc(e.i, target)
		for k, phi := range phis {
			phi.AddArg(s.args[k])
		}
	}
	b.RemoveSucc(0)
	s.kill(b)
	return true
}

func (s *cfgSimplifier) kill(b *Block) {
	s.dead[b.ID] = true
	b.Instrs = nil
}
