package middle

import "slices"

// Critical-edge splitting, the first step out of SSA.
//
// An edge P→S is critical when P has several successors and S several
// predecessors. The copies that implement S's φs for that edge can then go
// neither at the end of P (they would also run on P's other way out) nor at
// the top of S (they would also run when coming from S's other
// predecessors): they need a block of their own. Briggs, Cooper, Harvey and
// Simpson ("Practical Improvements to the Construction and Destruction of
// Static Single Assignment Form", SP&E 1998) call the wrong results of
// ignoring this the lost-copy problem; Sreedhar et al. (SAS 1999) and
// Boissinot et al. ("Revisiting Out-of-SSA Translation for Correctness, Code
// Quality, and Efficiency", CGO 2009) treat it as the reason to split, as Go's
// ssa/critical.go and LLVM's SplitCriticalEdge do.
//
// SplitCriticalEdges guarantees afterwards:
//   - no condbr names the same block twice: `br i1 %c, label %s, label %s`
//     becomes `br label %s`, since the condition decides nothing.
//   - a switch may still name a block several times (its cases differ);
//     all its edges to one block with other predecessors go through one
//     new block.
//   - every edge into a block with several predecessors leaves a block that
//     ends in an unconditional `br`, so the φ copies for an edge always have a
//     place: at the end of the predecessor, just before its `br`, or, when the
//     successor has a single predecessor, at the top of the successor.
//   - the new block takes the split edge's place among its target's
//     predecessors, so the target's φs keep their arguments.
//
// A new block holds only `br label %S`, is named like LLVM's
// `%P.S_crit_edge`, and is placed right after P, so a layout that follows
// the block order falls through into it.
//
// SplitCriticalEdgesExplained does the same and reports each edge it split
// or folded.
func SplitCriticalEdges(f *Func) { splitCriticalEdges(f, nil) }

// SplitEdge is one edge that SplitCriticalEdgesExplained handled.
type SplitEdge struct {
	From, To *Block // the edge From→To as it was

	// New is the block put on the edge: From now branches to New, which
	// holds only `br label %To`. Nil when Folded.
	New *Block

	// Folded reports the other way out: From ended in `br i1 %c, label
	// %To, label %To`, which became `br label %To` — no block added, since
	// From then has a single successor (whether or not To has several
	// predecessors, the branch is folded).
	Folded bool

	// Phis lists the φs of To that changed, in order: when New is set,
	// those whose argument for the edge now flows in from New (all of To's
	// φs); when Folded, those that lost the argument of the second edge
	// (all of them too).
	Phis []*Value
}

// SplitCriticalEdgesExplained runs SplitCriticalEdges on f — the same
// resulting IR — and returns what it did: first the folded branches in
// block order, then the split edges in block order and, within a block, in
// the order of its terminator's targets. SplitCriticalEdges itself records
// nothing (it passes no list: one nil comparison per split edge or fold).
func SplitCriticalEdgesExplained(f *Func) []SplitEdge {
	edges := []SplitEdge{}
	splitCriticalEdges(f, &edges)
	return edges
}

// splitCriticalEdges is SplitCriticalEdges, appending what it does to
// report when that is not nil.
func splitCriticalEdges(f *Func, report *[]SplitEdge) {
	if f.IsDecl() {
		return
	}
	for _, b := range f.Blocks {
		foldSameTargetBranch(b, report)
	}
	order := make([]*Block, 0, len(f.Blocks))
	for _, p := range f.Blocks { // the range sees only the old blocks
		order = append(order, p)
		if len(p.Succs) < 2 {
			continue
		}
		var splitTo map[*Block]*Block // a switch's edges to one block share a new block
		for i := range p.Succs {
			s := p.Succ(i)
			if mid := splitTo[s]; mid != nil {
				p.RedirectSucc(i, mid) // its φ arguments were those of the edge split first
				continue
			}
			if onlyFrom(s, p) {
				continue
			}
			mid := f.NewBlock(p.Name + "." + s.Name + "_crit_edge")
			if p.Term().Op == OpSwitch {
				if splitTo == nil {
					splitTo = map[*Block]*Block{}
				}
				splitTo[s] = mid
			}
			p.SplitEdge(i, mid)
			if report != nil {
				*report = append(*report, SplitEdge{From: p, To: s, New: mid, Phis: slices.Clone(s.Phis())})
			}
			order = append(order, mid)
		}
	}
	f.Blocks = order
}

// onlyFrom reports whether every edge into s comes from p: copies for s's
// φs can then go at its top, whatever p's other exits.
func onlyFrom(s, p *Block) bool {
	for _, e := range s.Preds {
		if e.b != p {
			return false
		}
	}
	return true
}

// foldSameTargetBranch turns `br i1 %c, label %s, label %s` into `br label
// %s`, dropping the second edge and its φ arguments (equal to the first's).
// The fold is appended to report when that is not nil.
func foldSameTargetBranch(b *Block, report *[]SplitEdge) {
	t := b.Term()
	if t == nil || t.Op != OpCondBr || b.Succ(0) != b.Succ(1) {
		return
	}
	s := b.Succ(0)
	t.Op = OpBr
	t.Args = nil
	b.RemoveSucc(1)
	if report != nil {
		*report = append(*report, SplitEdge{From: b, To: s, Folded: true, Phis: slices.Clone(s.Phis())})
	}
}
