package middle

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
//   - no terminator names the same block twice: `br i1 %c, label %s, label %s`
//     becomes `br label %s`, since the condition decides nothing. (LLVM wants
//     one φ entry per edge there, two for that branch, while this IR keeps one
//     per predecessor block; folding the branch makes both agree.)
//   - a switch may still name a block several times (its cases differ);
//     all its edges to one block with several predecessors go through one
//     new block.
//   - every edge into a block with several predecessors leaves a block that
//     ends in an unconditional `br`, so the φ copies for an edge always have a
//     place: at the end of the predecessor, just before its `br`, or, when the
//     successor has a single predecessor, at the top of the successor.
//   - φs name the new block as the incoming block of the edge it carries, with
//     the value they had for the predecessor; Preds is recomputed.
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
	// those whose entry for From now names New (the same value, now
	// flowing in from New); when Folded, those that had two entries for
	// From (IR read from LLVM text) and kept only the first.
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
	f.ComputePreds()

	order := make([]*Block, 0, len(f.Blocks))
	// The φ entries of blocks with many predecessors, indexed on first
	// need, so that splitting every edge into such a block stays linear.
	// Preds are not kept current here (they are recomputed at the end);
	// only the entries' places are used.
	indexes := map[*Block]*predIndex{}
	for _, p := range f.Blocks { // the range sees only the old blocks
		order = append(order, p)
		t := p.Term()
		if t == nil || len(t.Targets) < 2 {
			continue
		}
		var splitTo map[*Block]*Block // a switch's edges to one block share a new block
		for i, s := range t.Targets {
			if len(s.Preds) < 2 {
				continue
			}
			if mid := splitTo[s]; mid != nil {
				t.Targets[i] = mid
				continue
			}
			mid := f.NewBlock(p.Name + "." + s.Name + "_crit_edge")
			if t.Op == OpSwitch {
				if splitTo == nil {
					splitTo = map[*Block]*Block{}
				}
				splitTo[s] = mid
			}
			jump := f.NewValue(OpBr, Void, "")
			jump.Targets = []*Block{s}
			jump.Pos = t.Pos
			mid.Append(jump)
			t.Targets[i] = mid
			phis := s.Phis()
			ix, ok := indexes[s]
			if !ok {
				ix = indexPreds(s, phis)
				indexes[s] = ix
			}
			var renamed []*Value
			for k, phi := range phis {
				if ix.rename(phi, k, p, mid) && report != nil {
					renamed = append(renamed, phi)
				}
			}
			if report != nil {
				*report = append(*report, SplitEdge{From: p, To: s, New: mid, Phis: renamed})
			}
			order = append(order, mid)
		}
	}
	f.Blocks = order
	f.ComputePreds()
}

// foldSameTargetBranch turns `br i1 %c, label %s, label %s` into `br label
// %s`. Input read from LLVM text may carry one φ entry per edge, so two
// (equal) entries for b; the single edge left keeps the first. The fold is
// appended to report when that is not nil.
func foldSameTargetBranch(b *Block, report *[]SplitEdge) {
	t := b.Term()
	if t == nil || t.Op != OpCondBr || t.Targets[0] != t.Targets[1] {
		return
	}
	s := t.Targets[0]
	t.Op = OpBr
	t.Args = nil
	t.Targets = t.Targets[:1]
	var changed []*Value
	for _, phi := range s.Phis() {
		seen := false
		n := 0
		for i, in := range phi.Incoming {
			if in == b {
				if seen {
					continue
				}
				seen = true
			}
			phi.Args[n], phi.Incoming[n] = phi.Args[i], in
			n++
		}
		if report != nil && n < len(phi.Args) {
			changed = append(changed, phi)
		}
		phi.Args, phi.Incoming = phi.Args[:n], phi.Incoming[:n]
	}
	if report != nil {
		*report = append(*report, SplitEdge{From: b, To: s, Folded: true, Phis: changed})
	}
}
