package middle

// FuseExitChecks folds the bounds check of a loop's first access into the
// loop's exit test when both compare the same index: `while pc < n { op =
// code[pc]; ... }`, where pc is not a counter that BCE or loop versioning
// can bound (an interpreter's program counter, a parser's cursor, set
// from the data), tests pc <s n at the top of every trip and then pc <u
// len(code). With m = umin(smax(n, 0), len) computed once in front of the
// loop, the one test pc <u m lets exactly the trips through on which both
// hold, and the check is left with nothing to do (it reads true). This is
// the range-check smearing of HotSpot's C2 (RangeCheckNode::Ideal) and
// LLVM's GuardWidening, applied to the loop's own exit test; the price is
// a second, cold test where the loop is left.
//
// The trips that the old tests sent out go through a new block on the
// header's exit edge (%header.exittest), which tells them apart: pc <s n
// still means a check that would have failed — pc is negative, or at
// least len when len < n — and goes to the check's error block; otherwise
// the loop ends, as before. Skipping from the header to the error block
// is exact because nothing between them can be seen: the path from the
// header's exit test to the check holds only instructions that neither
// write, call nor trap, through blocks with no other way in.
//
// Candidates: a loop whose header ends in its exit test x <s n (or the
// forms that mean it: n >s x, or x >=s n, n <=s x leaving on true), n
// invariant; the first block on the way in that does more than compute
// ends in the bounds check icmp ult x, len with the same x, len invariant
// and known to be at most MaxInt64 (a constant or an array's length: an
// unsigned comparison says nothing of signed order otherwise), whose
// failing side is an error block outside the loop (no φs, one
// predecessor, ending in unreachable) whose operands are available at the
// header (defined outside the loop, in the header, or in the block).
//
// Requires: SSA form. Guarantees: valid SSA; each loop keeps its blocks;
// the fused checks read true (simplifycfg deletes their branches); a new
// block per fused loop, outside it. Linear in the size of the loops'
// headers and prefixes.
func FuseExitChecks(f *Func) {
	if f.IsDecl() {
		return
	}
	dom := f.Dom()
	nest := f.Loops()
	var plans []exitCheckPlan
	for _, l := range nest.Loops {
		if p, ok := planExitCheck(dom, nest, l); ok {
			plans = append(plans, p)
		}
	}
	settleChecks(f, plans, func(order *linkedBlocks, p exitCheckPlan) *Value {
		fuseExitCheck(f, order, p)
		return p.check
	})
}

// exitCheckPlan is one loop's exit test and the check it takes in.
type exitCheckPlan struct {
	header   *Block
	stay     int    // the header's successor that stays in the loop
	at       *Block // where m is computed: the header's immediate dominator
	x, n     *Value // the exit test reads x <s n on the way in
	check    *Value // icmp ult x, len
	len      *Value
	fail     *Block // the check's error block
	testedAt *Value // the exit test, for positions
}

// planExitCheck finds l's candidate, if it has one.
func planExitCheck(dom *DomTree, nest *LoopNest, l *Loop) (exitCheckPlan, bool) {
	var p exitCheckPlan
	h := l.Header
	t := h.Term()
	if t == nil || t.Op != OpCondBr || t.Args[0].Op != OpICmp {
		return p, false
	}
	p.stay = -1
	for k := range 2 {
		if nest.Contains(l, h.Succ(k)) && !nest.Contains(l, h.Succ(1-k)) {
			p.stay = k
		}
	}
	if p.stay < 0 {
		return p, false
	}
	cond := t.Args[0]
	pred, a, b := cond.Pred, cond.Args[0], cond.Args[1]
	if p.stay == 1 { // the loop goes on when cond is false
		pred = pred.Negate()
	}
	switch pred {
	case PredSLT:
		p.x, p.n = a, b
	case PredSGT:
		p.x, p.n = b, a
	default:
		return p, false
	}
	outside := func(v *Value) bool { return v.Block == nil || !nest.Contains(l, v.Block) }
	if p.x.Type != I64 || !outside(p.n) {
		return p, false
	}
	in := h.Succ(p.stay)
	for b := in; ; {
		if len(b.Preds) != 1 || nest.Innermost(b) != l {
			return p, false
		}
		bt := b.Term()
		if bt.Op == OpBr {
			for _, v := range b.Instrs[:len(b.Instrs)-1] {
				if v.Op == OpPhi || v.HasSideEffects() || !speculatable(v) {
					return p, false
				}
			}
			b = b.Succ(0)
			if b == h {
				return p, false
			}
			continue
		}
		if bt.Op != OpCondBr {
			return p, false
		}
		c := bt.Args[0]
		idx, n, ok := boundsCheck(c)
		if !ok || c.Pred != PredULT || idx != p.x || !outside(n) || !nonNegativeLength(n) || c.Block != b {
			return p, false
		}
		for _, v := range b.Instrs[:len(b.Instrs)-1] {
			if v != c && (v.Op == OpPhi || v.HasSideEffects() || !speculatable(v)) {
				return p, false
			}
		}
		fail := b.Succ(1)
		if !nest.Contains(l, b.Succ(0)) || !errorBlock(fail, func(v *Value) bool {
			return v.Block == fail || v.Block == h || outside(v)
		}) {
			return p, false
		}
		p.check, p.len, p.fail = c, n, fail
		break
	}
	p.header, p.at, p.testedAt = h, dom.Idom(h), cond
	return p, p.at != nil
}

// nonNegativeLength reports whether n is at most MaxInt64 as the frontend
// makes it: a constant of that range or the load of an array's length.
func nonNegativeLength(n *Value) bool {
	if n.Op == OpConst {
		return n.Const >= 0
	}
	return lengthOf(n) != nil
}

// errorBlock reports whether e is a block that ends the program with an
// error: no φs, one predecessor, ending in unreachable, with every
// operand available (per avail) where a new edge into it would start.
func errorBlock(e *Block, avail func(*Value) bool) bool {
	if t := e.Term(); t == nil || t.Op != OpUnreachable || len(e.Preds) != 1 || len(e.Phis()) > 0 {
		return false
	}
	for _, v := range e.Instrs {
		for _, a := range v.Args {
			if !avail(a) {
				return false
			}
		}
	}
	return true
}

// fuseExitCheck rewrites p's loop: m in front of it, the exit test x <u m,
// and the new exit block that sorts the trips it sends out.
func fuseExitCheck(f *Func, order *linkedBlocks, p exitCheckPlan) {
	h, t := p.header, p.header.Term()
	pos, inl := p.testedAt.Pos, p.testedAt.Inlined
	newValue := func(b *Block, op Op, typ Type, name string, args ...*Value) *Value {
		v := f.NewValue(op, typ, name, args...)
		v.Pos, v.Inlined = pos, inl
		b.InsertBeforeTerm(v)
		return v
	}
	icmp := func(b *Block, pred Pred, name string, x, y *Value) *Value {
		v := newValue(b, OpICmp, I1, name, x, y)
		v.Pred = pred
		return v
	}
	// m = umin(smax(n, 0), len): below it, x is in [0, n) and below len.
	var m *Value
	switch {
	case p.n.Op == OpConst && p.len.Op == OpConst:
		m = f.Const(I64, min(max(p.n.Const, 0), p.len.Const))
	case p.n.Op == OpConst && p.n.Const >= 0:
		below := icmp(p.at, PredULT, p.x.Name+".below", p.n, p.len)
		m = newValue(p.at, OpSelect, I64, p.x.Name+".limit", below, p.n, p.len)
	default:
		zero := f.Const(I64, 0)
		positive := icmp(p.at, PredSGT, p.n.Name+".pos", p.n, zero)
		nn := newValue(p.at, OpSelect, I64, p.n.Name+".nonneg", positive, p.n, zero)
		below := icmp(p.at, PredULT, nn.Name+".below", nn, p.len)
		m = newValue(p.at, OpSelect, I64, p.x.Name+".limit", below, nn, p.len)
	}
	// The header goes on while x <u m.
	pred := PredULT
	if p.stay == 1 {
		pred = PredUGE
	}
	t.Args[0] = icmp(h, pred, p.testedAt.Name+".fused", p.x, m)
	// Out of the loop, x <s n means a check that would have failed.
	exit := f.NewBlock(h.Name + ".exittest")
	h.SplitEdge(1-p.stay, exit)
	done := icmp(exit, PredSGE, p.testedAt.Name+".done", p.x, p.n)
	br := exit.Term()
	cbr := f.NewValue(OpCondBr, Void, "", done)
	cbr.SetOrigin(br)
	cbr.Block = exit
	exit.Instrs[len(exit.Instrs)-1] = cbr
	exit.AddEdgeTo(p.fail) // exit's successors: the loop's exit, then the error
	order.moveAfter(exit, h)
}
