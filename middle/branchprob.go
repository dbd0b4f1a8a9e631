package middle

// Static branch probabilities: for each two-way branch, an estimate of how
// often it goes to its first successor, from the shape of the code alone
// (no profile). The heuristics are Ball and Larus's ("Branch Prediction
// for Free", PLDI 1993) with the hit rates Wu and Larus measured for them
// ("Static Branch Frequency and Program Profile Analysis", MICRO 1994),
// and every heuristic that applies to a branch is combined with the
// others by the Dempster-Shafer rule, as Wu and Larus do (and as gcc's
// predict.cc combines its predictors):
//
//	loop branch   an edge back to the header of a loop: taken       88%
//	loop exit     an edge out of the branch's loop: not taken       80%
//	loop header   a successor that is a loop's header or preheader
//	              and does not postdominate the branch: taken       75%
//	opcode        x < 0, x <= 0, x == c: false (and x > 0, x >= 0,
//	              x != c: true)                                     84%
//	call          a successor with a call that does not postdominate
//	              the branch: not taken                             78%
//	return        a successor that returns: not taken               72%
//	store         a successor with a store that does not
//	              postdominate the branch: not taken                55%
//	guard         a successor that uses an operand of the compare
//	              and does not postdominate the branch: taken       62%
//
// and, as LLVM's BranchProbabilityInfo does, a successor that ends in
// unreachable (a runtime error's report) is all but never taken. A
// heuristic applies only when it tells the two successors apart (both
// holding a store says nothing). A successor that only jumps on (a split
// critical edge) is judged by the block it jumps to.
//
// The backend's block placement reads the estimates (isel puts them on
// the branches it selects): an unlikely successor leaves the fall-through
// path. Requires: SSA form with its CFG; computes the dominator tree and
// loop nest (cached) and a postdominator tree. Linear in the function.

// Probabilities of the heuristics, in favour of the successor they pick.
const (
	probLoopBranch  = 0.88
	probLoopExit    = 0.80
	probLoopHeader  = 0.75
	probOpcode      = 0.84
	probCall        = 0.78
	probReturn      = 0.72
	probStore       = 0.55
	probGuard       = 0.62
	probUnreachable = 0.999
)

// BranchProbabilities returns, by block ID, the estimated probability that
// the block's conditional branch goes to its first successor; 0.5 (no
// idea) where the heuristics say nothing, and 0 for blocks that do not end
// in a two-way branch.
func BranchProbabilities(f *Func) []float64 {
	probs := make([]float64, f.NumBlocks())
	if f.IsDecl() {
		return probs
	}
	var e *branchEstimator
	for _, b := range f.Blocks {
		br := b.Term()
		if br == nil || br.Op != OpCondBr || b.Succ(0) == b.Succ(1) {
			continue
		}
		if e == nil {
			e = newBranchEstimator(f)
		}
		if !e.dom.Reachable(b) {
			continue
		}
		probs[b.ID] = e.estimate(b, br)
	}
	return probs
}

// branchEstimator holds the analyses the heuristics consult.
type branchEstimator struct {
	dom   *DomTree
	loops *LoopNest
	post  *GraphDom // on block IDs, rooted at a node past every exit
}

func newBranchEstimator(f *Func) *branchEstimator {
	n := f.NumBlocks()
	exit := n
	// The reverse CFG with one exit node that every returning (or
	// unreachable-ending) block leads to: its dominators are the
	// original's postdominators.
	succ := make([][]int32, n+1)
	for _, b := range f.Blocks {
		if t := b.Term(); t != nil && (t.Op == OpRet || t.Op == OpUnreachable) {
			succ[b.ID] = append(succ[b.ID], int32(exit))
		}
		for _, e := range b.Succs {
			succ[b.ID] = append(succ[b.ID], int32(e.b.ID))
		}
	}
	g := NewGraph(n+1, func(i int, add func(int)) {
		for _, s := range succ[i] {
			add(int(s))
		}
	})
	return &branchEstimator{dom: f.Dom(), loops: f.Loops(), post: NewGraphDom(g.Reverse(), int32(exit))}
}

// postdominates reports whether every path from b to the function's end
// goes through s.
func (e *branchEstimator) postdominates(s, b *Block) bool {
	return e.post.Reached(int32(s.ID)) && e.post.Reached(int32(b.ID)) && e.post.Dominates(int32(s.ID), int32(b.ID))
}

// estimate combines the heuristics that apply to b's branch br.
func (e *branchEstimator) estimate(b *Block, br *Value) float64 {
	p := 0.5
	// pick applies a heuristic that favours successor 0 (first) or 1 with
	// probability q.
	pick := func(first bool, q float64) {
		if !first {
			q = 1 - q
		}
		p = p * q / (p*q + (1-p)*(1-q))
	}
	// either applies a test that holds for exactly one successor.
	either := func(t func(s *Block) bool, favoured bool, q float64) {
		a, c := t(b.Succ(0)), t(b.Succ(1))
		if a != c {
			pick(a == favoured, q)
		}
	}
	s0, s1 := through(b.Succ(0)), through(b.Succ(1))
	target := func(s *Block) *Block {
		if s == b.Succ(0) {
			return s0
		}
		return s1
	}
	either(func(s *Block) bool { return endsIn(target(s), OpUnreachable) }, false, probUnreachable)
	if l := e.loops.Innermost(b); l != nil {
		either(func(s *Block) bool { return target(s) == l.Header || s == l.Header }, true, probLoopBranch)
		either(func(s *Block) bool { return !e.loops.Contains(l, s) }, false, probLoopExit)
	}
	notPost := func(s *Block) bool { return !e.postdominates(target(s), b) && !e.postdominates(s, b) }
	either(func(s *Block) bool { return notPost(s) && e.headsLoop(target(s)) }, true, probLoopHeader)
	if c := br.Args[0]; c.Op == OpICmp && c.Args[0].Type != Ptr {
		if q, first, ok := opcodeGuess(c); ok {
			pick(first, q)
		}
	}
	either(func(s *Block) bool { return notPost(s) && holds(target(s), OpCall) }, false, probCall)
	either(func(s *Block) bool { return endsIn(target(s), OpRet) }, false, probReturn)
	either(func(s *Block) bool { return notPost(s) && holds(target(s), OpStore) }, false, probStore)
	if c := br.Args[0]; c.Op == OpICmp {
		either(func(s *Block) bool { return notPost(s) && usesEither(target(s), c.Args) }, true, probGuard)
	}
	return p
}

// through returns the block s jumps to when s holds nothing but the jump
// and has no other predecessor (a split critical edge), else s.
func through(s *Block) *Block {
	if len(s.Instrs) == 1 && len(s.Preds) == 1 && s.Term().Op == OpBr {
		return s.Succ(0)
	}
	return s
}

// endsIn reports whether b's terminator is op.
func endsIn(b *Block, op Op) bool {
	t := b.Term()
	return t != nil && t.Op == op
}

// holds reports whether b has an instruction op.
func holds(b *Block, op Op) bool {
	for _, v := range b.Instrs {
		if v.Op == op {
			return true
		}
	}
	return false
}

// headsLoop reports whether b is a loop's header or its preheader (a block
// that jumps only to a header).
func (e *branchEstimator) headsLoop(b *Block) bool {
	isHeader := func(h *Block) bool {
		l := e.loops.Innermost(h)
		return l != nil && l.Header == h
	}
	if isHeader(b) {
		return true
	}
	t := b.Term()
	return t != nil && t.Op == OpBr && isHeader(b.Succ(0)) && !e.dom.Dominates(b.Succ(0), b)
}

// usesEither reports whether an instruction of b other than a φ uses one
// of the values in ops that is not a constant.
func usesEither(b *Block, ops []*Value) bool {
	for _, v := range b.Instrs {
		if v.Op == OpPhi {
			continue
		}
		for _, a := range v.Args {
			for _, o := range ops {
				if a == o && o.Op != OpConst {
					return true
				}
			}
		}
	}
	return false
}

// opcodeGuess is Ball and Larus's opcode heuristic on the compare c:
// negative numbers and equality with a constant are the rarer outcomes.
// It reports the probability q of the outcome it favours, and whether
// that is true (the first successor).
func opcodeGuess(c *Value) (q float64, first, ok bool) {
	x, y, pred := c.Args[0], c.Args[1], c.Pred
	if x.Op == OpConst && y.Op != OpConst {
		x, y, pred = y, x, pred.Swap()
	}
	if y.Op != OpConst {
		return 0, false, false
	}
	switch {
	case pred == PredEQ:
		return probOpcode, false, true
	case pred == PredNE:
		return probOpcode, true, true
	case y.Const == 0 && (pred == PredSLT || pred == PredSLE):
		return probOpcode, false, true
	case y.Const == 0 && (pred == PredSGT || pred == PredSGE):
		return probOpcode, true, true
	}
	return 0, false, false
}
