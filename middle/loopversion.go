package middle

import (
	"math"
	"slices"
)

// VersionLoops removes the bounds checks that BCE cannot prove by running a
// copy of the loop without them when a test before the loop shows that none
// can fail: loop versioning for range checks, as LLVM's
// InductiveRangeCheckElimination and LoopVersioning do (after Gupta,
// "Optimizing Array Bound Checks Using Flow Analysis", LOPLAS 1993). The
// original loop, checks and all, runs whenever the test fails, so every
// failing access still reports the same error at the same point, after the
// same side effects.
//
// The loops are innermost loops whose header leaves unless i < n (or
// i <= n), where i is a header φ that every latch advances by the same
// invariant positive step, or unless i >= n (or i > n), where every latch
// takes the same step back (knapsack's capacities walked downwards); n is
// invariant; or unless i < j (i <= j), i counting up and j down: two
// cursors meeting, as a reversal's swaps (fannkuch's flips), where i is
// bounded by j's start and j by i's (findCounters). The checks are icmp
// ult x, len in blocks that the header's in-loop successor dominates, with
// len invariant and x = c + a*i (or a*j), where c is an invariant built
// by add and sub and a is a constant or ± an invariant m (matmul's
// a[i*n + k] and b[k*n + j], nqueens' d2[row - c + n - 1] and queens[row],
// sieve's composite[j]). A loop whose checks compare with more than
// maxVersionArrays lengths is left as it is.
//
// While a loop counting up runs, i takes values in [init, init + span],
// span being n - init - 1 (n - init with <=), provided i never wraps: n <=
// MAX - step (+1 with <). Counting down, i takes values in [init - span,
// init], span being init - n (init - n - 1 with >), provided n >= MIN +
// step (-1 with >). Add, sub and mul are exact modulo 2^64, so x = x0 +
// a*(i - init) modulo 2^64, x0 being x computed with i = init; i - init is
// d*k for k in [0, span], d being 1 counting up and -1 counting down. With
// e = a*d, all of the indexes are in [0, len) when
//
//	x0 <u len  and  e*span <u len - x0   (e > 0; e*span cannot wrap when
//	                                      e and span are below 2^31)
//	x0 <u len  and  -e*span <=u x0       (e < 0, likewise)
//	x0 <u len                            (e = 0)
//
// computed once before the loop (len - x0 cannot wrap when x0 <u len), or
// when the loop does not run at all (then the span is negative and any
// test of a last index fails: the original runs, with nothing to do).
// Counting up from a start known to be >= 0 by a coefficient of 1, the
// last index is tested itself, x at iv = n (startsNonNegative). The
// test is a chain of branches that falls to the original loop at the first
// failure; the copy follows it. Tests that others imply are left out:
// those of indexes between two neighbours' (impliedTests), a first index
// that is a constant >= 0 below a tested last one, a cursor's
// beyond 0 <= i0 and j0 <u len, a wrap test that a check of the counter
// itself makes (checksItself).
//
// The copy's blocks take the original's names with ".fast". A value of the
// loop used after it now has two definitions; it goes through a stack slot
// stored in both copies and loaded where it is used, and Mem2Reg turns the
// slots back into SSA with φs where the copies meet.
//
// Requires: SSA form. Guarantees: valid SSA; in the fast
// copies, the checks above read true (simplifycfg deletes their branches).
// Linear in the size of the loops versioned, plus one walk of the function
// and one Mem2Reg when any is.
func VersionLoops(f *Func) {
	if f.IsDecl() {
		return
	}
	InsertPreheaders(f)
	dom := f.Dom()
	nest := f.Loops()
	var plans []*versionPlan
	for _, l := range nest.Loops {
		if len(l.Children) == 0 {
			if p := planVersion(dom, nest, l); p != nil {
				plans = append(plans, p)
			}
		}
	}
	if len(plans) == 0 {
		return
	}
	// A value that versioning one loop routes through a slot no longer
	// dominates the next loop's preheader: a later loop whose test would
	// read one (its start is where the earlier loop stopped) stays as it is.
	findOutsideUses(f, plans)
	demoted := make([]bool, f.NumValues())
	// What each plan needs the function's size of (the block order, the
	// cloner's tables, marks by value) is made once for all: a function
	// of thousands of loops versioned would spend the square of its size.
	vr := &versioner{f: f, order: newLinkedBlocks(f), copier: &cloner{f: f}}
	for _, p := range plans {
		if slices.ContainsFunc(p.reads, func(v *Value) bool { return demoted[v.ID] }) {
			continue
		}
		for _, v := range p.apply(vr) {
			demoted[v.ID] = true
		}
	}
	vr.order.done()
	// Each plan's slots before the last's, as if each had put its own at
	// the entry's top.
	var slots []*Value
	for i := len(vr.slots) - 1; i >= 0; i-- {
		slots = append(slots, vr.slots[i]...)
	}
	insertAt(f.Entry(), 0, slots)
	Mem2Reg(f)
}

// versioner is what the plans of one function share as they are applied.
type versioner struct {
	f      *Func
	order  *linkedBlocks
	copier *cloner // forgets each copy after its plan
	marks  []int32 // by value ID, zero between uses
	// Each plan's slots for the entry block, put there once all are
	// made: one plan at a time moved the entry's allocas along for each.
	slots [][]*Value
	// The assignments of the blocks of the function when the first loop
	// was copied (-g), which the loops keep while they are versioned.
	assigns *assignIndex
}

// marked returns vr.marks grown to the function's values, all zero.
func (vr *versioner) marked() []int32 {
	if n := vr.f.NumValues(); n > len(vr.marks) {
		vr.marks = make([]int32, max(n, 2*len(vr.marks)))
	}
	return vr.marks
}

// versionPlan is one loop to version and the checks its copy drops.
type versionPlan struct {
	loop      *Loop
	nest      *LoopNest
	preheader *Block
	ctrs      []*loopCounter // one, or the two cursors of i < j
	checks    []*Value       // icmp ult x, len
	indexes   []*Value       // x of each check
	ctrOf     []*loopCounter // the counter x of each check varies with
	monotone  []bool         // x = u ± (iv >> k) (shifted); coef 0 then
	coefs     []int64        // x = c + coef*scale*iv
	scales    []*Value       // an invariant, or nil for 1 (then coef is ±1)
	reads     []*Value       // what the test before the loop reads
	outside   []outsideUse
}

// loopCounter is a header φ, iv, that every latch moves by step, and the
// bound n that keeps it in [init, init + span] (counting up) or
// [init - span, init] (counting down) while the loop runs: the exit test's
// invariant, or for two cursors the other's initial value.
type loopCounter struct {
	iv, init, n *Value
	down        bool   // iv runs while iv >= n (iv > n), taking step off
	inclusive   bool   // iv <= n or iv >= n (else < or >)
	unequal     bool   // iv != n, counting up by 1: iv < n once init <= n
	step        *Value // what every latch adds to iv, or takes off it counting down
}

// inLoop reports whether b is a block of the original loop. The nest was
// found before any loop was versioned, so the blocks made since are in no
// loop of it. (Asking the nest, instead of marking the loop's blocks in a
// table by Block.ID, keeps planning linear in the loop: a table per loop
// cost the size of the function for each of its innermost loops.)
func (p *versionPlan) inLoop(b *Block) bool { return p.nest.Contains(p.loop, b) }

// planVersion returns the plan for l, or nil when l has no check to drop or
// is not of the shape above.
func planVersion(dom *DomTree, nest *LoopNest, l *Loop) *versionPlan {
	h := l.Header
	p := &versionPlan{loop: l, nest: nest}
	for _, predE := range h.Preds {
		pred := predE.Block()
		if !p.inLoop(pred) {
			p.preheader = pred
		}
	}
	stay, ok := p.findCounters()
	if !ok || len(stay.Preds) != 1 {
		return nil
	}
	for _, b := range l.Blocks {
		if !dom.Dominates(stay, b) {
			continue
		}
		for _, v := range b.Instrs {
			x, n, ok := boundsCheck(v)
			if !ok || x.Type != I64 || !p.invariant(n) {
				continue
			}
			for _, c := range p.ctrs {
				coef, scale, ok := p.affine(c, x, 8)
				monotone := !ok && p.shifted(c, x)
				if ok && (scale == nil || coef == 1 || coef == -1) || monotone {
					p.monotone = append(p.monotone, monotone)
					p.checks = append(p.checks, v)
					p.indexes = append(p.indexes, x)
					p.ctrOf = append(p.ctrOf, c)
					p.coefs = append(p.coefs, coef)
					p.scales = append(p.scales, scale)
					p.reads = append(p.reads, n)
					p.readLeaves(c, x)
					break
				}
			}
		}
	}
	if len(p.checks) == 0 || p.arrays() > maxVersionArrays {
		return nil
	}
	for _, c := range p.ctrs {
		p.reads = append(p.reads, c.init, c.n, c.step)
	}
	return p
}

// maxVersionArrays is the most lengths a versioned loop's checks compare
// with. The test before the loop has about two branches per length (the
// tests of indexes of one length imply each other's, impliedTests), run at
// each entry to the loop, and the fast copy doubles the loop's code; LLVM
// caps its runtime checks likewise (LoopAccessAnalysis's
// runtime-memory-check-threshold, 8 comparisons, for vectorizing). The
// loops of the test programs have at most 5 lengths; a loop over 10,000
// arrays made a chain of 10,000 tests, each array live through all of
// them: 7 GB and 30 s of register allocation.
const maxVersionArrays = 64

// arrays counts the lengths p's checks compare with, up to one more than
// maxVersionArrays.
func (p *versionPlan) arrays() int {
	if len(p.checks) <= maxVersionArrays {
		return len(p.checks)
	}
	seen := make(map[*Value]bool, maxVersionArrays+1)
	for _, c := range p.checks {
		_, n, _ := boundsCheck(c)
		if seen[n] = true; len(seen) > maxVersionArrays {
			break
		}
	}
	return len(seen)
}

// shifted reports whether x is u ± (iv >> k) or (iv >> k) ± u for an
// invariant u and a constant k in [1, 63], c being the loop's only counter,
// stepping by 1: knapsack's take[row + (w >> 6)], a bit set's word. Such an
// index moves monotonically with iv, so its values at iv's first and last
// value bound all the others; when both are below len (< 2^63), no
// addition between wrapped (their difference is (iv >> k)'s, below 2^63)
// and every index is.
func (p *versionPlan) shifted(c *loopCounter, x *Value) bool {
	if len(p.ctrs) != 1 || !c.step.IsConst(1) {
		return false
	}
	isShift := func(v *Value) bool {
		return v.Op == OpAShr && v.Args[0] == c.iv && v.Args[1].Op == OpConst && v.Args[1].Const >= 1 && v.Args[1].Const <= 63
	}
	switch {
	case isShift(x):
		return true
	case x.Op != OpAdd && x.Op != OpSub:
		return false
	}
	return isShift(x.Args[0]) && p.invariant(x.Args[1]) || isShift(x.Args[1]) && p.invariant(x.Args[0])
}

// readLeaves adds to p.reads the invariants x is computed from.
func (p *versionPlan) readLeaves(c *loopCounter, x *Value) {
	switch {
	case p.invariant(x):
		p.reads = append(p.reads, x)
	case x != c.iv:
		p.readLeaves(c, x.Args[0])
		p.readLeaves(c, x.Args[1])
	}
}

// findCounters recognizes the loop's exit test on its counters, and
// returns the successor inside the loop of the block that makes it. The
// test is iv < n (or <=, or > and >= counting down) with n invariant; or
// iv != n for iv counting up by 1, which runs as iv < n when init <= n (the
// test before the loop checks it: else the original runs, as a loop that
// does not stop there would); or i < j (i <= j) for two cursors meeting,
// i counting up and j down (a reversal's swaps): while the loop runs, i <
// j <= j0 and j > i >= i0, so i is bounded by n = j0 and j by n = i0, as if
// each were the test's only counter — the ranges are those of such loops
// or smaller, and neither counter can wrap where such a loop's could not.
// The header makes the test, or a block after it on the one way into the
// body through tests that leave the loop (exitTestChain: queens' `while
// !*q && j != n`), which every iteration that reaches the body passes too.
func (p *versionPlan) findCounters() (*Block, bool) {
	if p.preheader == nil {
		return nil, false
	}
	blk := p.loop.Header
	for range exitTestChain {
		stay, ok, next := p.counterTest(blk)
		if ok || next == nil {
			return stay, ok
		}
		blk = next
	}
	return nil, false
}

// exitTestChain is how many blocks of exit tests findCounters looks at.
const exitTestChain = 3

// counterTest recognizes blk's branch as the loop's exit test on its
// counters; when it is an exit test on something else, next is its
// successor in the loop, where the counter's test may follow.
func (p *versionPlan) counterTest(blk *Block) (stay *Block, ok bool, next *Block) {
	br := blk.Term()
	if br.Op != OpCondBr || p.inLoop(blk.Succ(0)) == p.inLoop(blk.Succ(1)) {
		return nil, false, nil
	}
	stay = blk.Succ(0)
	if !p.inLoop(stay) {
		stay = blk.Succ(1)
	}
	if len(stay.Preds) == 1 && stay != p.loop.Header {
		next = stay
	}
	if br.Args[0].Op != OpICmp {
		return nil, false, next
	}
	c := br.Args[0]
	pred := c.Pred
	if stay != blk.Succ(0) {
		pred = pred.Negate()
	}
	iv, n := c.Args[0], c.Args[1]
	if p.headerPhi(iv) && p.headerPhi(n) && iv != n {
		if pred == PredSGT || pred == PredSGE {
			iv, n, pred = n, iv, pred.Swap()
		}
		if pred != PredSLT && pred != PredSLE {
			return nil, false, next
		}
		up := &loopCounter{iv: iv, inclusive: pred == PredSLE}
		down := &loopCounter{iv: n, down: true, inclusive: pred == PredSLE}
		if !p.findSteps(up) || !p.findSteps(down) {
			return nil, false, nil
		}
		up.n, down.n = down.init, up.init
		p.ctrs = []*loopCounter{up, down}
		return stay, true, nil
	}
	if p.headerPhi(n) {
		iv, n, pred = n, iv, pred.Swap()
	}
	ctr := &loopCounter{iv: iv, n: n}
	switch pred {
	case PredSLT:
	case PredSLE:
		ctr.inclusive = true
	case PredSGT:
		ctr.down = true
	case PredSGE:
		ctr.down, ctr.inclusive = true, true
	case PredNE:
		ctr.unequal = true
	default:
		return nil, false, next
	}
	if !p.headerPhi(iv) || !p.invariant(n) {
		return nil, false, next
	}
	if !p.findSteps(ctr) || ctr.unequal && !ctr.step.IsConst(1) {
		return nil, false, next // a test of something else, as a sum's
	}
	p.ctrs = []*loopCounter{ctr}
	return stay, true, nil
}

// headerPhi reports whether v is an i64 φ of the loop's header.
func (p *versionPlan) headerPhi(v *Value) bool {
	return v.Op == OpPhi && v.Block == p.loop.Header && v.Type == I64
}

// findSteps sets c's init, from the preheader, and its step, the same
// invariant positive one on every latch, and reports whether it found them.
func (p *versionPlan) findSteps(c *loopCounter) bool {
	for i, e := range c.iv.Block.Preds {
		from, next := e.b, c.iv.Args[i]
		if from == p.preheader {
			c.init = next
			continue
		}
		step := c.stepOf(next)
		if step == nil || !p.invariant(step) || c.step != nil && step != c.step || step.Op == OpConst && step.Const <= 0 {
			return false
		}
		c.step = step
	}
	return c.init != nil && c.step != nil
}

// stepOf returns s when next is iv + s (or s + iv), or counting down when
// next is iv - s (or iv + C for a negative constant C, s being -C), else
// nil.
func (c *loopCounter) stepOf(next *Value) *Value {
	iv := c.iv
	switch {
	case next.Op == OpSub && c.down && next.Args[0] == iv && next.Args[1] != iv:
		return next.Args[1]
	case next.Op != OpAdd:
		return nil
	}
	s := next.Args[1]
	switch {
	case next.Args[0] == iv && next.Args[1] != iv:
	case next.Args[1] == iv && next.Args[0] != iv:
		s = next.Args[0]
	default:
		return nil
	}
	if !c.down {
		return s
	}
	if s.Op == OpConst && s.Const < 0 && s.Const != math.MinInt64 {
		return iv.Block.Func.Const(I64, -s.Const)
	}
	return nil
}

// invariant reports whether v is defined outside the loop.
func (p *versionPlan) invariant(v *Value) bool {
	return v.Block == nil || !p.inLoop(v.Block)
}

// affine returns c's coefficient in v — the constant coef times
// scale, an invariant (nil for 1) — when v is built from invariants and the
// counter by adds and subs (at most depth of them) and one multiplication
// of the counter by an invariant.
func (p *versionPlan) affine(c *loopCounter, v *Value, depth int) (coef int64, scale *Value, ok bool) {
	switch {
	case v == c.iv:
		return 1, nil, true
	case p.invariant(v):
		return 0, nil, true
	case depth == 0 || v.Op != OpAdd && v.Op != OpSub && v.Op != OpMul:
		return 0, nil, false
	}
	a, as, ok := p.affine(c, v.Args[0], depth-1)
	if !ok {
		return 0, nil, false
	}
	b, bs, ok := p.affine(c, v.Args[1], depth-1)
	switch {
	case !ok:
		return 0, nil, false
	case v.Op == OpMul:
		if a == 0 {
			a, as, b, bs = b, bs, a, as
		}
		m := v.Args[1]
		if p.invariant(v.Args[0]) {
			m = v.Args[0]
		}
		if a != 1 || as != nil || b != 0 || !p.invariant(m) {
			return 0, nil, false
		}
		if m.Op == OpConst {
			return m.Const, nil, m.Const > 0 && m.Const < 1<<31
		}
		return 1, m, true
	case a != 0 && b != 0 && as != bs:
		return 0, nil, false
	case a == 0:
		as = bs
	}
	if v.Op == OpSub {
		b = -b
	}
	return a + b, as, a+b > -1<<31 && a+b < 1<<31
}

// apply copies the loop, makes the test that chooses the copy, and routes
// the loop's values used outside it through slots, which it returns.
func (p *versionPlan) apply(vr *versioner) []*Value {
	f, l := vr.f, p.loop
	escaping, uses := p.escaping(vr)
	// The preheader goes to slow, which takes its place before the
	// header; the copy's header is entered from fast, in the same place.
	slow := f.NewBlock(l.Header.Name + ".preheader")
	p.preheader.SplitEdge(0, slow)
	fast := f.NewBlock(l.Header.Name + ".fast.preheader")
	copies := p.copyLoop(vr, fast)
	p.dropChecks(vr, copies)
	p.preheader.Instrs = p.preheader.Instrs[:len(p.preheader.Instrs)-1]
	p.preheader.RemoveSuccs()
	last := p.buildTest(vr, fast, slow)
	vr.order.moveAfter(slow, last)
	vr.order.moveAfter(fast, copies.blocks[l.Header.ID])
	vr.order.moveAfter(copies.blocks[l.Header.ID], fast)
	slots := make([]*Value, len(escaping))
	for i, v := range escaping {
		slots[len(slots)-1-i] = demote(f, v, copies.vals[v.ID], uses[i])
	}
	f.tracking().demoted(escaping, l.Blocks)
	vr.slots = append(vr.slots, slots)
	vr.copier.forget(l.Blocks)
	return escaping
}

// dropChecks makes the copy's checks read true.
func (p *versionPlan) dropChecks(vr *versioner, copies loopCopy) {
	f := vr.f
	dropped := vr.marked()
	for _, c := range p.checks {
		dropped[copies.vals[c.ID].ID] = 1
	}
	for _, b := range p.loop.Blocks {
		b := copies.blocks[b.ID]
		for _, v := range b.Instrs {
			for i, a := range v.Args {
				if a.ID < len(dropped) && dropped[a.ID] != 0 {
					v.Args[i] = f.Bool(true)
				}
			}
		}
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(dropped) && dropped[v.ID] != 0 })
	}
	for _, c := range p.checks {
		dropped[copies.vals[c.ID].ID] = 0
	}
}

// loopCopy maps the loop's blocks and values to their copies, by ID.
type loopCopy struct {
	blocks []*Block
	vals   []*Value
}

// copyLoop clones the loop's blocks with their edges: edges within the
// loop join the copies, the copies' exits go to the same exit blocks (whose
// φs get the copies' values), and the copy of the header is entered from
// entry, an empty block, where the header is entered from the preheader.
func (p *versionPlan) copyLoop(vr *versioner, entry *Block) loopCopy {
	f, c := vr.f, vr.copier
	c.fit()
	var order []*Block
	for _, b := range p.loop.Blocks {
		c.blocks[b.ID] = f.NewBlock(b.Name + ".fast")
		order = append(order, c.blocks[b.ID])
	}
	for _, b := range p.loop.Blocks {
		for _, v := range b.Instrs {
			c.blocks[b.ID].Append(c.clone(v))
		}
	}
	mapValue := func(v *Value) *Value {
		if v.ID < len(c.vals) && c.vals[v.ID] != nil {
			return c.vals[v.ID]
		}
		return v
	}
	for _, nv := range c.made {
		for i, a := range nv.Args {
			nv.Args[i] = mapValue(a)
		}
	}
	if vr.assigns == nil {
		vr.assigns = f.tracking().indexAssigns(f)
	}
	f.tracking().copiedLoop(vr.assigns, p.loop.Blocks, c.blocks, c.vals)
	f.cfgChanged() // the copies' edges are made here, not through edge.go
	for _, b := range p.loop.Blocks {
		nb := c.blocks[b.ID]
		nb.Preds = make([]Edge, len(b.Preds))
		for j, e := range b.Preds {
			if p.inLoop(e.b) {
				nb.Preds[j] = Edge{c.blocks[e.b.ID], e.i}
				continue
			}
			nb.Preds[j] = Edge{entry, 0} // the preheader's edge, the header's only one from outside
			entry.Succs = append(entry.Succs[:0], Edge{nb, j})
		}
		nb.Succs = make([]Edge, len(b.Succs))
		for i, e := range b.Succs {
			if p.inLoop(e.b) {
				nb.Succs[i] = Edge{c.blocks[e.b.ID], e.i}
				continue
			}
			exit := e.b
			nb.Succs[i] = Edge{exit, len(exit.Preds)}
			exit.Preds = append(exit.Preds, Edge{nb, i})
			for _, phi := range exit.Phis() {
				phi.AddArg(mapValue(phi.Args[e.i]))
			}
		}
	}
	jump := f.NewValue(OpBr, Void, "")
	jump.SetOrigin(p.preheader.Term())
	entry.Append(jump)
	vr.order.moveRunAfter(order, p.loop.Blocks[len(p.loop.Blocks)-1])
	return loopCopy{blocks: c.blocks, vals: c.vals}
}

// outsideUse is an operand, outside its loop, that names a value of the
// loop: Args[arg] of user.
type outsideUse struct {
	user *Value
	arg  int
}

// findOutsideUses records in each plan the uses of its loop's values outside
// the loop, other than exit φs' entries for edges out of the loop (copyLoop
// gives those the copy's entries), in one walk of f. Plans are applied in
// reverse postorder of their headers, and a loop's values can only be used
// where its header dominates, later: no earlier plan's copy clones one of
// these uses, so the lists stay complete.
func findOutsideUses(f *Func, plans []*versionPlan) {
	loopOf := make([]int32, f.NumBlocks()) // 1 + the plan's index
	for k, p := range plans {
		for _, b := range p.loop.Blocks {
			loopOf[b.ID] = int32(k + 1)
		}
	}
	for _, b := range f.Blocks {
		for _, u := range b.Instrs {
			for j, a := range u.Args {
				if a.Block == nil {
					continue
				}
				k := loopOf[a.Block.ID]
				if k == 0 || loopOf[b.ID] == k || u.Op == OpPhi && loopOf[u.Block.Pred(j).ID] == k {
					continue
				}
				plans[k-1].outside = append(plans[k-1].outside, outsideUse{u, j})
			}
		}
	}
}

// escaping lists the values p.outside names, each once, and the uses of
// each, in p.outside's order.
func (p *versionPlan) escaping(vr *versioner) ([]*Value, [][]outsideUse) {
	var vs []*Value
	var uses [][]outsideUse
	index := vr.marked() // 1 + v's index in vs
	defer func() {
		for _, v := range vs {
			index[v.ID] = 0
		}
	}()
	for _, u := range p.outside {
		v := u.user.Args[u.arg]
		if index[v.ID] == 0 {
			vs = append(vs, v)
			uses = append(uses, nil)
			index[v.ID] = int32(len(vs))
		}
		i := index[v.ID] - 1
		uses[i] = append(uses[i], u)
	}
	return vs, uses
}

// buildTest ends the preheader with the chain of tests that leads to fast
// when no check can fail, else to slow, and returns the chain's last block.
func (p *versionPlan) buildTest(vr *versioner, fast, slow *Block) *Block {
	f := vr.f
	b := NewBuilder(f)
	b.SetOrigin(p.loop.Header.Term())
	b.SetBlock(p.preheader)
	// branch ends the current block with a branch on cond to then and els,
	// one of which is nil: a new block, where the chain goes on.
	branch := func(cond *Value, then, els *Block) {
		t := f.NewBlock(p.loop.Header.Name + ".versioncheck")
		vr.order.moveAfter(t, b.Block)
		if then == nil {
			then = t
		} else {
			els = t
		}
		b.CondBr(cond, then, els)
		b.SetBlock(t)
	}
	spans := make(map[*loopCounter]*Value, len(p.ctrs))
	for _, c := range p.ctrs {
		// The counter's values lie between low and high: n and init
		// counting up, init and n counting down. There is no test that the
		// loop runs: a loop that does not has a negative span, which every
		// test of a last index fails (it is at least 2^63 unsigned), so it
		// runs the original, as fast as the copy when there is nothing to
		// run, and a loop that runs saves the test.
		low, high := c.init, c.n
		if c.down {
			low, high = high, low
		}
		span := addOrSub(b, OpSub, high, low, "span")
		if !c.inclusive {
			span = b.Binary(OpSub, span, f.Const(I64, 1), "span")
		}
		spans[c] = span
		if c.unequal {
			branch(b.ICmp(PredSLE, c.init, c.n, "startok"), nil, slow)
		}
		if c.step.Op != OpConst {
			branch(b.ICmp(PredSGT, c.step, f.Const(I64, 0), "forward"), nil, slow)
		}
		if !p.checksItself(c) {
			c.testNoWrap(b, branch, slow)
		}
	}
	// Two cursors stay in [i0, j0] (i0 the up counter's start, j0 the down
	// one's), so a check of either cursor itself passes throughout when
	// 0 <= i0 and j0 <u len: two tests for every such check of one array,
	// where the general ones take three for each.
	cursorsIn := map[*Value]bool{}
	implied, firstOnly := p.impliedTests()
	for i, c := range p.checks {
		_, length, _ := boundsCheck(c)
		ctr := p.ctrOf[i]
		if implied[i] {
			continue
		}
		if len(p.ctrs) == 2 && p.indexes[i] == ctr.iv {
			if !cursorsIn[length] {
				cursorsIn[length] = true
				lo, hi := p.ctrs[0].init, p.ctrs[1].init
				if lo.Op != OpConst || lo.Const < 0 {
					branch(b.ICmp(PredSGE, lo, f.Const(I64, 0), "startok"), nil, slow)
				}
				branch(b.ICmp(PredULT, hi, length, "endok"), nil, slow)
			}
			continue
		}
		span := spans[ctr]
		first := ctr.at(b, p.indexes[i], ctr.init, "first", p.invariant)
		if p.monotone[i] {
			// The counter's last value, n or one short of it: computing it
			// wraps only when the loop cannot run.
			last := ctr.n
			switch {
			case ctr.inclusive:
			case ctr.down:
				last = b.Binary(OpAdd, last, f.Const(I64, 1), "final")
			default:
				last = b.Binary(OpSub, last, f.Const(I64, 1), "final")
			}
			branch(b.ICmp(PredULT, first, length, "firstok"), nil, slow)
			end := ctr.at(b, p.indexes[i], last, "end", p.invariant)
			branch(b.ICmp(PredULT, end, length, "lastok"), nil, slow)
			continue
		}
		coef := p.coefs[i]
		if ctr.down {
			coef = -coef
		}
		lastItself := coef == 1 && p.scales[i] == nil && !firstOnly[i] && p.startsNonNegative(ctr, implied)
		// reach <u len - 0 below implies 0 <u len; and an index rising
		// from a constant >= 0 is below len at its first value when it is
		// at its last, which its own test of the last index itself, or
		// the higher neighbour's tests, bound (the first index of a[i +
		// 1], from 0: closure loops over a set's successors).
		bounded := coef > 0 && first.Op == OpConst && first.Const >= 0 && (lastItself || firstOnly[i])
		if (!first.IsConst(0) || coef <= 0) && !bounded {
			branch(b.ICmp(PredULT, first, length, "firstok"), nil, slow)
		}
		if coef == 0 || firstOnly[i] {
			continue // the same index every time, or a higher one's test
		}
		if lastItself {
			// The last index itself: the index at iv = n, one past the
			// last with <, is n + u; no span, no room.
			// For iv + C below n, C >= 1, the last index n + C - 1 is
			// tested <u len, one add fewer (none for a[i + 1]); it is
			// n + C <=u len unless n + C is 0, when the loop does not run.
			var end *Value
			pred := PredULE
			if base, off := splitOffset(p.indexes[i]); base == ctr.iv && off >= 1 && !ctr.inclusive {
				end, pred = addOrSub(b, OpAdd, ctr.n, f.Const(I64, off-1), "end"), PredULT
			} else {
				end = ctr.at(b, p.indexes[i], ctr.n, "end", p.invariant)
				if ctr.inclusive {
					pred = PredULT
				}
			}
			branch(b.ICmp(pred, end, length, "lastok"), nil, slow)
			continue
		}
		reach := span
		if factor := p.factor(b, i, max(coef, -coef)); factor != nil {
			// span*factor cannot wrap when both are below 2^31 (unsigned: a
			// negative factor fails; a zero one keeps the index at x0).
			if factor.Op != OpConst {
				branch(b.ICmp(PredULT, factor, f.Const(I64, 1<<31), "small"), nil, slow)
			}
			branch(b.ICmp(PredULT, span, f.Const(I64, 1<<31), "small"), nil, slow)
			reach = b.Binary(OpMul, span, factor, "reach")
		}
		if coef < 0 {
			branch(b.ICmp(PredULE, reach, first, "lastok"), nil, slow)
			continue
		}
		room := addOrSub(b, OpSub, length, first, "room")
		branch(b.ICmp(PredULT, reach, room, "lastok"), nil, slow)
	}
	b.Br(fast)
	return b.Block
}

// impliedTests finds the checks whose tests the tests of others imply:
// among checks of one length whose indexes, rising with the counter by
// the same coefficient, are base + c for one base and constants c (a[i]
// and a[i + 1]), the lowest index at the start and the highest at the end
// bound all the others. The highest c's tests (x0 + d <u len, reach <u len
// - x0 - d) and the lowest one's first (x0 <u len) are enough: every
// other index lies between two that pass, without wrapping, as x0 < 2^63
// and d < 2^31. So the lowest c's check tests only its first index
// (firstOnly), and those between test nothing (implied).
func (p *versionPlan) impliedTests() (implied, firstOnly []bool) {
	implied = make([]bool, len(p.checks))
	firstOnly = make([]bool, len(p.checks))
	if len(p.ctrs) != 1 {
		return
	}
	type group struct {
		length, base, scale *Value
		coef                int64
	}
	groups := make([]group, len(p.checks))
	offsets := make([]int64, len(p.checks))
	lowest, highest := map[group]int{}, map[group]int{}
	for i, c := range p.checks {
		if coef := p.coefs[i]; coef == 0 || (coef < 0) != p.ctrs[0].down {
			continue // not rising
		}
		_, length, _ := boundsCheck(c)
		base, off := splitOffset(p.indexes[i])
		g := group{length, base, p.scales[i], p.coefs[i]}
		groups[i], offsets[i] = g, off
		if lo, ok := lowest[g]; !ok || off < offsets[lo] {
			lowest[g] = i
		}
		if hi, ok := highest[g]; !ok || off > offsets[hi] {
			highest[g] = i
		}
	}
	for i := range p.checks {
		g := groups[i]
		if g.base == nil {
			continue
		}
		lo, hi := lowest[g], highest[g]
		implied[i] = i != lo && i != hi
		firstOnly[i] = i == lo && lo != hi
	}
	return
}

// splitOffset returns base and c with x = base + c, c the sum of at most
// four constants below 2^30 in magnitude that x adds or subtracts (x
// itself and 0 when there is none).
func splitOffset(x *Value) (*Value, int64) {
	small := func(v *Value) bool { return v.Op == OpConst && v.Const > -1<<30 && v.Const < 1<<30 }
	var c int64
	for range 4 {
		switch {
		case x.Op == OpAdd && small(x.Args[1]):
			c += x.Args[1].Const
			x = x.Args[0]
		case x.Op == OpAdd && small(x.Args[0]):
			c += x.Args[0].Const
			x = x.Args[1]
		case x.Op == OpSub && small(x.Args[1]):
			c -= x.Args[1].Const
			x = x.Args[0]
		default:
			return x, c
		}
	}
	return x, c
}

// testNoWrap branches to slow unless the counter cannot wrap: counting up,
// iv + step <= MAX while iv < n (iv <= n); counting down, iv - step >= MIN
// while iv > n (iv >= n). With an invariant step, known positive here, the
// limit is one tighter than it need be, so that computing it cannot wrap.
func (c *loopCounter) testNoWrap(b *Builder, branch func(cond *Value, then, els *Block), slow *Block) {
	f := b.Func
	slack := int64(1)
	if c.inclusive {
		slack = 0
	}
	switch {
	case c.step.Op == OpConst && c.down:
		if limit := math.MinInt64 + c.step.Const - slack; limit != math.MinInt64 {
			branch(b.ICmp(PredSGE, c.n, f.Const(I64, limit), "ends"), nil, slow)
		}
	case c.step.Op == OpConst:
		if limit := math.MaxInt64 - c.step.Const + slack; limit != math.MaxInt64 {
			branch(b.ICmp(PredSLE, c.n, f.Const(I64, limit), "ends"), nil, slow)
		}
	case c.down:
		limit := b.Binary(OpAdd, f.Const(I64, math.MinInt64-slack+1), c.step, "limit")
		branch(b.ICmp(PredSGT, c.n, limit, "ends"), nil, slow)
	default:
		limit := b.Binary(OpSub, f.Const(I64, math.MaxInt64+slack-1), c.step, "limit")
		branch(b.ICmp(PredSLT, c.n, limit, "ends"), nil, slow)
	}
}

// checksItself reports whether a check of c's counter itself, by a step
// of 1 to an inclusive bound, makes c's test that it cannot wrap
// redundant: that test is n <= MAX - 1 counting up (n >= MIN + 1 down),
// and the check's tests of its first and last index, init <u len and n -
// init <u len - init (init - n <=u init), pass only when n < len <= MAX
// (n >= 0).
func (p *versionPlan) checksItself(c *loopCounter) bool {
	if !c.inclusive || !c.step.IsConst(1) || len(p.ctrs) != 1 {
		return false
	}
	for i, x := range p.indexes {
		if x == c.iv && p.ctrOf[i] == c {
			return true
		}
	}
	return false
}

// startsNonNegative reports whether the test before the loop knows that c,
// the loop's only counter, counts up from init >= 0: init is a constant,
// or a check of the counter itself tests init <u len. Then the loop, when
// it runs, takes S = high - init < 2^63 steps (high being n, or n - 1 with
// <), and a check of x = u + iv (a coefficient of 1) needs only x0 <u len
// and its last index x0 + S <u len, computed as u + high without wrapping
// (x0 < 2^63 too) — or, with <, u + n <=u len, one more than the last —
// instead of S <u len - x0: one instruction where the general test takes
// three (span, room, compare), which a short loop, entered often (json's
// skip_ws, a run of blanks), pays on every entry. When the loop does not
// run, the copy runs as the original would: not at all.
func (p *versionPlan) startsNonNegative(c *loopCounter, implied []bool) bool {
	if len(p.ctrs) != 1 || c.down {
		return false
	}
	if c.init.Op == OpConst {
		return c.init.Const >= 0
	}
	for i, x := range p.indexes {
		if x == c.iv && !implied[i] {
			return true
		}
	}
	return false
}

// at emits x's value where the counter is iv (its initial value: x's in
// the loop's first iteration), named name: its adds, subs and muls again,
// modulo 2^64 as the loop computes them.
func (c *loopCounter) at(b *Builder, x, iv *Value, name string, invariant func(*Value) bool) *Value {
	switch {
	case x == c.iv:
		return iv
	case invariant(x):
		return x
	}
	x0, y0 := c.at(b, x.Args[0], iv, name, invariant), c.at(b, x.Args[1], iv, name, invariant)
	if x.Op == OpAShr {
		return b.Binary(OpAShr, x0, y0, name)
	}
	if x.Op == OpMul {
		if x0.IsConst(0) || y0.IsConst(0) {
			return b.Func.Const(x.Type, 0)
		}
		return b.Binary(OpMul, x0, y0, name)
	}
	return addOrSub(b, x.Op, x0, y0, name)
}

// factor returns what span is multiplied by to reach check i's last index
// from its first, size being the coefficient's magnitude (1 with a scale),
// or nil when that is 1.
func (p *versionPlan) factor(b *Builder, i int, size int64) *Value {
	switch {
	case p.scales[i] != nil:
		return p.scales[i]
	case size != 1:
		return b.Func.Const(I64, size)
	}
	return nil
}

// addOrSub emits x + y or x - y, or returns x or y when the other is a zero
// that would make the instruction a copy (the counter mostly starts at 0),
// or the constant when both are: a first index known then needs no test.
func addOrSub(b *Builder, op Op, x, y *Value, name string) *Value {
	switch {
	case x.Op == OpConst && y.Op == OpConst && op == OpAdd:
		return b.Func.Const(x.Type, x.Const+y.Const) // modulo 2^64, as the loop computes it
	case x.Op == OpConst && y.Op == OpConst:
		return b.Func.Const(x.Type, x.Const-y.Const)
	case y.IsConst(0):
		return x
	case x.IsConst(0) && op == OpAdd:
		return y
	}
	return b.Binary(op, x, y, name)
}

// demote routes v (defined in the loop) and its copy through a new slot,
// which it returns for the caller to put in the entry block (all at once:
// one at a time, a loop of many checks' indexes moved the entry's
// instructions along for each): each is stored where it is defined, and
// uses, v's uses outside the loop, load (a φ's entry loads at the end of
// the block it comes from).
func demote(f *Func, v, copied *Value, uses []outsideUse) *Value {
	slot := f.NewValue(OpAlloca, Ptr, v.Name+".versioned")
	slot.Elem = v.Type
	slot.SetOrigin(v)
	for _, def := range [...]*Value{v, copied} {
		st := f.NewValue(OpStore, Void, "", def, slot)
		st.SetOrigin(def)
		at := indexOf(def.Block.Instrs, def) + 1
		if def.Op == OpPhi {
			at = len(def.Block.Phis())
		}
		insertAt(def.Block, at, []*Value{st})
	}
	for _, use := range uses {
		u := use.user
		ld := f.NewValue(OpLoad, v.Type, v.Name, slot)
		ld.SetOrigin(u)
		if u.Op == OpPhi {
			u.Block.Pred(use.arg).InsertBeforeTerm(ld)
		} else {
			insertAt(u.Block, indexOf(u.Block.Instrs, u), []*Value{ld})
		}
		u.Args[use.arg] = ld
	}
	return slot
}
