package middle

// RebaseChecks rewrites a bounds check of a neighbour of an element already
// checked, x + k <u n under a passed x <u n, into a comparison of x itself:
// an interpreter's `op = code[pc]` followed by `arg = code[pc + 1]` tests
// pc + 1 <u len, an add and a compare on every trip, where pc <s len - 1
// compares pc with a limit computed once in front of the loop. The passed
// check puts x in [0, n) with n at most MaxInt64 (a constant of that range
// or an array's length, nonNegativeLength), so nothing wraps for the small
// k this takes (|k| ≤ 2^20, n - k then being computed exactly):
//
//	k > 0:  x + k <u n  ⇔  x + k < n   ⇔  x <s n - k
//	k < 0:  x + k <u n  ⇔  x + k ≥ 0   ⇔  x >s -k - 1 (x < n holds already)
//
// The index x + k is no longer compared; isel folds it into the access's
// address (a check is rewritten only when addresses are its other uses),
// and the error block, which reports it, gets its own copy
// (rematerialization, as ReloadLengthsInErrorBlocks does for lengths), so
// that no register holds it on the hot path. The limit n - k of a k > 0
// costs a register where it is live: unless n is a constant (then it is an
// immediate), it is made only for k = 1 (code[pc + 1], the commonest
// neighbour) and n defined outside the innermost loop holding the check,
// at the end of the loop's immediate dominator (its preheader), once per
// n and loop — not at n, whose block may run where the loop does not (a
// versioned loop's check-free copy runs instead: regex's closure). Outside
// loops, or with n computed in the loop, the add is no dearer than the
// subtraction. A second limit, n - 2 for an interpreter's code[pc + 2],
// measured worse: one more register across the loop spilled the jump
// table's base, reloaded on every trip (bytecode: 75.4M instructions ->
// 76.1M with it, 73.6M without).
//
// The passed check is found on the dominator tree: a block that ends in
// the branch on x <u n (or n >u x) whose passing side, entered only from
// it, dominates the check's block. This is the classic use of dominating
// conditions, as LLVM's ConstraintElimination and Go's prove pass make of
// them, short of a proof: the check stays, in a cheaper form.
//
// Requires: SSA form. Guarantees: valid SSA; the CFG unchanged; the rewritten
// checks test what they tested. Linear in the function times the depth of
// the dominator tree walked per check (bounded).
func RebaseChecks(f *Func) {
	if f.IsDecl() {
		return
	}
	dom := f.Dom()
	var nest *LoopNest
	type limitKey struct {
		n  *Value
		at *Block
	}
	limits := map[limitKey]*Value{} // n - 1 by length and loop
	var start []int32
	var users []*Value
	for _, b := range f.Blocks {
		if !dom.Reachable(b) {
			continue
		}
		t := b.Term()
		if t == nil || t.Op != OpCondBr || t.Args[0].Op != OpICmp || t.Args[0].Block != b {
			continue
		}
		c := t.Args[0]
		idx, n, ok := boundsCheck(c)
		if !ok || !nonNegativeLength(n) {
			continue
		}
		x, k, ok := offsetOf(idx)
		if !ok || !passedCheck(dom, b, x, n) {
			continue
		}
		if users == nil {
			start, users = useLists(f, nil)
		}
		if !onlyAddresses(idx, c, b.Succ(1), users[start[idx.ID]:start[idx.ID+1]]) {
			continue
		}
		var cmp *Value
		if k < 0 {
			cmp = f.NewValue(OpICmp, I1, c.Name+".rebased", x, f.Const(I64, -k-1))
			cmp.Pred = PredSGT
		} else {
			var limit *Value
			if n.Op == OpConst {
				limit = f.Const(I64, n.Const-k)
			} else if k > 1 {
				continue
			} else {
				if nest == nil {
					nest = f.Loops()
				}
				l := nest.Innermost(b)
				if l == nil || n.Block != nil && nest.Contains(l, n.Block) {
					continue
				}
				at := dom.Idom(l.Header)
				if at == nil {
					continue
				}
				key := limitKey{n, at}
				if limit = limits[key]; limit == nil {
					limit = f.NewValue(OpSub, I64, n.Name+".less", n, f.Const(I64, 1))
					limit.SetOrigin(n)
					at.InsertBeforeTerm(limit)
					limits[key] = limit
				}
			}
			cmp = f.NewValue(OpICmp, I1, c.Name+".rebased", x, limit)
			cmp.Pred = PredSLT
		}
		cmp.SetOrigin(c)
		b.InsertBeforeTerm(cmp)
		t.Args[0] = cmp
		if idx.Block != nil {
			rematerializeInErrorBlock(f, b.Succ(1), idx)
		}
	}
	giveUseLists(start, users)
}

// offsetOf splits v into x + k: add x, k or sub x, k with a constant k
// of at most 2^20 in size, not zero.
func offsetOf(v *Value) (x *Value, k int64, ok bool) {
	if v.Type != I64 || len(v.Args) != 2 || v.Args[1].Op != OpConst {
		return nil, 0, false
	}
	switch v.Op {
	case OpAdd:
		k = v.Args[1].Const
	case OpSub:
		k = -v.Args[1].Const
	default:
		return nil, 0, false
	}
	if k == 0 || k > 1<<20 || k < -(1<<20) {
		return nil, 0, false
	}
	return v.Args[0], k, true
}

// onlyAddresses reports whether idx, besides in the check c and the
// error block e, serves only as the index of addresses, which isel folds
// it into: otherwise it stays in a register, its add with it, and the
// rewrite would save nothing (and a limit would cost a register: regex's
// matchhere passes pattern index + 1 to its recursive call).
func onlyAddresses(idx, c *Value, e *Block, users []*Value) bool {
	for _, u := range users {
		if u != c && u.Block != e && (u.Op != OpGEP || u.Args[0] == idx) {
			return false
		}
	}
	return true
}

// passedCheck reports whether, on every path to b's end, a branch on
// x <u n was taken on its passing side: some dominator y of b ends in that
// branch, and its passing successor, entered from y alone, dominates b.
func passedCheck(dom *DomTree, b *Block, x, n *Value) bool {
	const maxDepth = 64 // a bound on the walk; deeper checks are rare
	for s, depth := b, 0; depth < maxDepth; depth++ {
		y := dom.Idom(s)
		if y == nil {
			return false
		}
		if t := y.Term(); t != nil && t.Op == OpCondBr && len(s.Preds) == 1 && y.Succ(0) == s && y.Succ(1) != s {
			if i, m, ok := boundsCheck(t.Args[0]); ok && i == x && m == n {
				return true
			}
		}
		s = y
	}
	return false
}

// rematerializeInErrorBlock gives e, when it is an error block (one
// predecessor, ending in unreachable), its own copy of idx, an x + k, for
// the report: idx's operands dominate e's predecessor, hence e. A φ of e
// can only copy idx (loopversion's repair of SSA leaves such φs): its uses
// take the copy too, and the φ is left to dce.
func rematerializeInErrorBlock(f *Func, e *Block, idx *Value) {
	if t := e.Term(); t == nil || t.Op != OpUnreachable || len(e.Preds) != 1 || idx.Block == e {
		return
	}
	phis := e.Phis()
	var copyOf *Value
	for _, v := range e.Instrs[len(phis):] {
		for i, a := range v.Args {
			if a != idx && (a.Block != e || a.Op != OpPhi || a.Args[0] != idx) {
				continue
			}
			if copyOf == nil {
				copyOf = f.NewValue(idx.Op, idx.Type, idx.Name, idx.Args...)
				copyOf.SetOrigin(idx)
				copyOf.Block = e
				at := len(phis)
				e.Instrs = append(e.Instrs, nil)
				copy(e.Instrs[at+1:], e.Instrs[at:])
				e.Instrs[at] = copyOf
			}
			v.Args[i] = copyOf
		}
	}
}
