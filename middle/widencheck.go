package middle

// WidenChecks merges two bounds checks of neighbouring elements into one:
// `stack[sp - 1] += stack[sp]` checks sp - 1 <u n and then sp <u n, and
// both hold exactly when sp - 1 <u n - 1. Guard widening, as LLVM's
// GuardWidening and HotSpot C2's range-check smearing
// (RangeCheckNode::Ideal) do it: the first check is widened to cover the
// second, which then reads true.
//
// The pairs: a block ending in the check x + a <u n whose passing side
// is a block with no other way in that ends in the check x + b <u n, with
// the same x and n, a and b constants (x + a built by adds and subtractions
// of constants), and n a constant of at least |a - b|; nothing between the
// two checks writes, calls or traps; both failing sides are error blocks
// (no φs, one predecessor, unreachable), the second one's operands
// available at the first check. With lo = min(a, b) and d = |a - b|, the
// widened test is x + lo <u n - d: when it holds, both indexes are in
// [0, n) without wrapping; when it fails, one of them is not. A new block
// on its failing side sorts out which error the program reports: the
// first check's when the first check fails, else the second's, as before.
// Only the skipped instructions between the checks differ, and they have
// no effect that can be seen.
//
// Requires: SSA form. Guarantees: valid SSA; the second checks of the
// pairs read true (simplifycfg deletes their branches); a new block per
// pair. Linear in the function.
func WidenChecks(f *Func) {
	if f.IsDecl() {
		return
	}
	var pairs []widenPair
	for _, b := range f.Blocks {
		if p, ok := planWiden(b); ok {
			pairs = append(pairs, p)
		}
	}
	settleChecks(f, pairs, func(order *linkedBlocks, p widenPair) *Value {
		widen(f, order, p)
		return p.second
	})
}

// widenPair is a first check, ending block first, and the second one.
type widenPair struct {
	first         *Block
	check, second *Value // the two icmp ult
	x             *Value
	lo, d         int64  // the lower offset and the distance
	n             int64  // the length
	lowIndex      *Value // the index x + lo of the two
	lowFirst      bool   // the first check's index is x + lo
}

// planWiden finds the pair whose first check ends b, if there is one.
func planWiden(b *Block) (widenPair, bool) {
	var p widenPair
	t := b.Term()
	if t == nil || t.Op != OpCondBr {
		return p, false
	}
	c1 := t.Args[0]
	i1, n1, ok := boundsCheck(c1)
	if !ok || c1.Pred != PredULT || c1.Block != b || n1.Op != OpConst {
		return p, false
	}
	ok1 := b.Succ(0)
	if ok1 == b || len(ok1.Preds) != 1 || len(ok1.Phis()) > 0 {
		return p, false
	}
	t2 := ok1.Term()
	if t2 == nil || t2.Op != OpCondBr {
		return p, false
	}
	c2 := t2.Args[0]
	i2, n2, ok := boundsCheck(c2)
	if !ok || c2.Pred != PredULT || c2.Block != ok1 || n2 != n1 || i2 == i1 {
		return p, false
	}
	x1, a := constOffset(i1)
	x2, bOff := constOffset(i2)
	if x1 != x2 || x1.Type != I64 {
		return p, false
	}
	for _, v := range ok1.Instrs[:len(ok1.Instrs)-1] {
		if v.HasSideEffects() || v.CanTrap() && v.Op != OpLoad {
			return p, false
		}
	}
	fail1, fail2 := b.Succ(1), ok1.Succ(1)
	if fail1 == fail2 || !errorBlock(fail1, func(*Value) bool { return true }) ||
		!errorBlock(fail2, func(v *Value) bool { return v.Block != ok1 }) {
		return p, false
	}
	lo, hi := min(a, bOff), max(a, bOff)
	const near = 1 << 20 // offsets this close cannot make the sums wrap past n
	if lo < -near || hi > near || hi-lo > n1.Const {
		return p, false
	}
	low := i2
	if a == lo {
		low = i1
	}
	return widenPair{first: b, check: c1, second: c2, x: x1, lo: lo, d: hi - lo, n: n1.Const, lowIndex: low, lowFirst: a == lo}, true
}

// constOffset returns x and c such that v = x + c, following adds and
// subtractions of constants.
func constOffset(v *Value) (*Value, int64) {
	var c int64
	for range 8 {
		switch {
		case v.Op == OpAdd && v.Args[1].Op == OpConst:
			c += v.Args[1].Const
		case v.Op == OpAdd && v.Args[0].Op == OpConst:
			c += v.Args[0].Const
			v = v.Args[1]
			continue
		case v.Op == OpSub && v.Args[1].Op == OpConst:
			c -= v.Args[1].Const
		default:
			return v, c
		}
		v = v.Args[0]
	}
	return v, c
}

// widen makes p's first check test both indexes, with a block on its
// failing side that picks the error.
func widen(f *Func, order *linkedBlocks, p widenPair) {
	b, t := p.first, p.first.Term()
	at := func(v *Value) *Value {
		v.SetOrigin(p.check)
		b.InsertBeforeTerm(v)
		return v
	}
	idx := p.x
	switch {
	case p.lowFirst || p.lowIndex.Block != p.second.Block: // computed already
		idx = p.lowIndex
	case p.lo != 0:
		idx = at(f.NewValue(OpAdd, I64, p.x.Name+".lo", p.x, f.Const(I64, p.lo)))
	}
	w := at(f.NewValue(OpICmp, I1, p.check.Name+".wide", idx, f.Const(I64, p.n-p.d)))
	w.Pred = PredULT
	t.Args[0] = w
	// Which one failed: the first check's error if it did, else the second's.
	fail1, fail2 := b.Succ(1), p.second.Block.Succ(1)
	which := f.NewBlock(b.Name + ".which")
	b.RedirectSucc(1, which)
	// The first check again, computed here: in b it would be kept in a
	// register for this block.
	again := f.NewValue(OpICmp, I1, p.check.Name+".again", p.check.Args...)
	again.Pred = p.check.Pred
	again.SetOrigin(p.check)
	which.Append(again)
	br := f.NewValue(OpCondBr, Void, "", again)
	br.SetOrigin(t)
	which.Append(br)
	which.AddEdgeTo(fail2)
	which.AddEdgeTo(fail1)
	order.moveAfter(which, b)
}
