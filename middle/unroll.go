package middle

// FullyUnroll replaces a loop that runs a number of times known at compile
// time by that many copies of its body in a row: full unrolling, as LLVM's
// LoopFullUnrollPass does. The trip count is found by running the loop's
// exit test on constants, iteration by iteration (LLVM's
// computeExitCountExhaustively): the header φs that start at a constant and
// whose next values the latch computes from constants and those φs by pure
// arithmetic are evaluated until the exit test says leave. AES's
// multiplication in GF(2^8), `while b != 0 { if b & 1 != 0 { p ^= a }; a
// = xtime(a); b >>= 1 }`, inlined with b = 14, runs four times and leaves
// at the fifth test; unrolled, each copy's b is a constant, so the tests of
// b & 1 fold and their branches go (sccp, which runs next).
//
// The loops unrolled are innermost loops with a preheader, one latch and one
// exit edge, from a conditional branch in a block that dominates the latch
// (so it runs in every iteration), whose size times the trip count stays
// within unrollBudget instructions. Other exits may only go to blocks of
// their own that end the function (a failed bounds check's call of the
// runtime's error, a return): those are copied with the body, one for each
// copy, so that what they use is defined in their copy. Copy k of the body
// takes the header φs' values from copy k-1's latch (copy 0 from the
// preheader); in every
// copy but the last, the exiting branch goes on into the loop; in the last
// it leaves, and the values used after the loop are the last copy's. The
// original loop, then unreachable, is deleted.
//
// Requires: SSA form. Guarantees: valid SSA, the same behaviour; preheaders
// given to every loop; the copies' branches on constants are left for
// sccp, constfold and simplifycfg. Cost: linear in the function plus the code
// made, at most unrollBudget instructions per loop.
func FullyUnroll(f *Func) {
	if f.IsDecl() {
		return
	}
	InsertPreheaders(f)
	dom := f.Dom()
	nest := f.Loops()
	var plans []*unrollPlan
	for _, l := range nest.Loops {
		if len(l.Children) == 0 {
			if p := planUnroll(dom, nest, l); p != nil {
				plans = append(plans, p)
			}
		}
	}
	if len(plans) == 0 {
		return
	}
	repl := make([]*Value, f.NumValues())
	// What each plan needs the function's size of (the block order, the
	// cloners' tables) is made once for all, as in VersionLoops.
	u := &unroller{f: f, order: newLinkedBlocks(f)}
	for _, p := range plans {
		repl = p.apply(u, repl)
	}
	u.order.done()
	f.ReplaceUses(repl)
	gone := make([]bool, f.NumBlocks())
	for _, b := range f.Blocks {
		gone[b.ID] = true
	}
	RemoveUnreachable(f)
	for _, b := range f.Blocks {
		gone[b.ID] = false
	}
	f.tracking().unreached(gone)
}

// unrollBudget bounds the instructions a loop's copies may add, and
// maxUnrollTrips the trips: LLVM's full-unroll threshold at -O2 is about
// 300 instructions' cost after simplification.
const (
	unrollBudget   = 240
	maxUnrollTrips = 32
)

// unrollPlan is a loop found to run trips times (its exiting block's test
// reads true trips-1 times for staying, then leaves).
type unrollPlan struct {
	loop      *Loop
	nest      *LoopNest
	preheader *Block
	latch     *Block
	region    []*Block // the loop's blocks, then the error blocks only it enters
	exiting   *Block
	exit      int // the exiting block's successor index out of the loop
	trips     int
}

// planUnroll returns the plan for l, or nil when l is not a loop this pass
// unrolls. The exit the trip count is found for is the one exit to a
// block that does not end the function, or when there is none, the first
// of the others whose test gives a count.
func planUnroll(dom *DomTree, nest *LoopNest, l *Loop) *unrollPlan {
	if len(l.Latches) != 1 {
		return nil
	}
	preheader := loopPreheader(l)
	if preheader == nil {
		return nil
	}
	type exitEdge struct {
		b *Block
		i int
	}
	var exits []exitEdge
	forced, size := -1, 0
	for _, b := range l.Blocks {
		size += len(b.Instrs)
		for i := range b.Succs {
			t := b.Succ(i)
			if nest.Contains(l, t) {
				continue
			}
			exits = append(exits, exitEdge{b, i})
			size += len(t.Instrs)
			if len(t.Succs) != 0 || len(t.Preds) != 1 {
				if forced >= 0 {
					return nil // a second way out to the rest of the function
				}
				forced = len(exits) - 1
			}
		}
	}
	if size*2 > unrollBudget {
		return nil
	}
	for k, e := range exits {
		if forced >= 0 && k != forced {
			continue
		}
		if len(e.b.Succs) != 2 || e.b.Term().Op != OpCondBr || !dom.Dominates(e.b, l.Latches[0]) {
			continue
		}
		p := &unrollPlan{loop: l, nest: nest, preheader: preheader, latch: l.Latches[0], exiting: e.b, exit: e.i}
		p.region = append(p.region, l.Blocks...)
		for _, o := range exits {
			if o != e {
				p.region = append(p.region, o.b.Succ(o.i))
			}
		}
		if p.trips = p.countTrips(min(maxUnrollTrips, unrollBudget/size)); p.trips > 0 {
			return p
		}
	}
	return nil
}

// countTrips runs the exit test on the header φs' constant values, at most
// limit times, and returns how many times the exiting block runs (the
// last one leaving), or 0 when that is not known within limit.
func (p *unrollPlan) countTrips(limit int) int {
	h := p.loop.Header
	phis := h.Phis()
	in, back := h.PredIndex(p.preheader), h.PredIndex(p.latch)
	known := map[*Value]int64{}
	for _, phi := range phis {
		if a := phi.Args[in]; a.Op == OpConst {
			known[phi] = a.Const
		}
	}
	cond := p.exiting.Term().Args[0]
	for trip := 1; trip <= limit; trip++ {
		e := loopEvaluator{p: p, phis: known, memo: map[*Value]int64{}}
		c, ok := e.eval(cond, 0)
		if !ok {
			return 0
		}
		if (c != 0) == (p.exit == 0) {
			return trip
		}
		next := map[*Value]int64{}
		for _, phi := range phis {
			if c, ok := e.eval(phi.Args[back], 0); ok {
				next[phi] = c
			}
		}
		known = next
	}
	return 0
}

// loopEvaluator computes the values of one iteration of a loop from its
// header φs' constant values.
type loopEvaluator struct {
	p    *unrollPlan
	phis map[*Value]int64
	memo map[*Value]int64
}

// eval returns v's value in the iteration, when it is a constant or pure
// arithmetic, compares, casts and selects of constants and known header
// φs.
func (e *loopEvaluator) eval(v *Value, depth int) (int64, bool) {
	if v.Op == OpConst {
		return v.Const, true
	}
	if c, ok := e.memo[v]; ok {
		return c, true
	}
	if depth > 64 || v.Block == nil || !e.p.nest.Contains(e.p.loop, v.Block) {
		return 0, false
	}
	if v.Op == OpPhi {
		c, ok := e.phis[v] // only the header's φs are in phis
		return c, ok
	}
	var args [3]int64
	if len(v.Args) > len(args) {
		return 0, false
	}
	for i, a := range v.Args {
		c, ok := e.eval(a, depth+1)
		if !ok {
			return 0, false
		}
		args[i] = c
	}
	var r int64
	switch {
	case v.Op.IsBinary():
		c, ok := FoldBinary(v.Op, v.Type, args[0], args[1])
		if !ok {
			return 0, false
		}
		r = c
	case v.Op == OpICmp:
		r = 0
		if FoldICmp(v.Pred, v.Args[0].Type, args[0], args[1]) {
			r = 1
		}
	case v.Op.IsCast():
		r = FoldCast(v.Op, v.Args[0].Type, v.Type, args[0])
	case v.Op == OpSelect:
		r = args[2]
		if args[0] != 0 {
			r = args[1]
		}
	default:
		return 0, false
	}
	e.memo[v] = r
	return r, true
}

// unroller is what the plans of one function share as they are applied.
type unroller struct {
	f       *Func
	order   *linkedBlocks
	copiers []*cloner // one for each copy of a plan, forgetting it after
	// The assignments of the function's blocks when the first loop was
	// copied (-g), which the regions keep while loops are unrolled.
	assigns *assignIndex
}

// apply puts the plan's copies in place of the loop, recording in repl
// (by value ID, grown as values are made) what the loop's values and the
// copies' header φs are to be replaced by.
func (p *unrollPlan) apply(u *unroller, repl []*Value) []*Value {
	f := u.f
	l, h := p.loop, p.loop.Header
	in, back := h.PredIndex(p.preheader), h.PredIndex(p.latch)
	for len(u.copiers) < p.trips {
		u.copiers = append(u.copiers, &cloner{f: f})
	}
	if u.assigns == nil {
		u.assigns = f.tracking().indexAssigns(f)
	}
	copies := u.copiers[:p.trips]
	defer func() {
		for _, c := range copies {
			c.forget(p.region)
		}
	}()
	for k, c := range copies {
		c.fit()
		for _, b := range p.region {
			c.blocks[b.ID] = f.NewBlock(b.Name)
		}
		for _, b := range p.region {
			for _, v := range b.Instrs {
				c.blocks[b.ID].Append(c.clone(v))
			}
		}
		for _, nv := range c.made {
			for i, a := range nv.Args {
				nv.Args[i] = c.inCopy(a)
			}
		}
		f.tracking().unrolledCopy(u.assigns, p.region, c.blocks, c.vals, l.Header, k)
	}
	f.cfgChanged() // the copies' edges are made here, not through edge.go
	for len(repl) < f.NumValues() {
		repl = append(repl, nil)
	}
	last := copies[p.trips-1]
	for _, b := range l.Blocks {
		for _, v := range b.Instrs {
			if nv := last.vals[v.ID]; nv != nil {
				repl[v.ID] = nv // the uses after the loop
			}
		}
	}
	for k, c := range copies {
		hk := c.blocks[h.ID]
		for _, phi := range h.Phis() {
			from := phi.Args[in]
			if k > 0 {
				from = copies[k-1].inCopy(phi.Args[back])
			}
			repl[c.vals[phi.ID].ID] = from
		}
		hk.Instrs = hk.Instrs[len(h.Phis()):]
		p.wire(f, copies, k)
	}
	p.preheader.RedirectSucc(p.preheader.SuccIndex(h), copies[0].blocks[h.ID])
	var run []*Block
	for _, c := range copies {
		for _, b := range p.region {
			run = append(run, c.blocks[b.ID])
		}
	}
	u.order.moveRunAfter(run, p.preheader)
	return repl
}

// inCopy is the copy's counterpart of v: its clone, or v itself when v is
// defined outside the loop.
func (c *cloner) inCopy(v *Value) *Value {
	if v.ID < len(c.vals) && c.vals[v.ID] != nil {
		return c.vals[v.ID]
	}
	return v
}

// wire gives copy k's blocks their edges: those within the loop join the
// copy's blocks, the back edge goes to the next copy's header, and the
// exiting block jumps on into the loop, or out of it in the last copy. The
// last copy's latch, when the exiting block is not the latch, is left
// jumping to its own header: nothing reaches it.
func (p *unrollPlan) wire(f *Func, copies []*cloner, k int) {
	h, c := p.loop.Header, copies[k]
	final := k == len(copies)-1
	for _, b := range p.region {
		if b != h {
			c.blocks[b.ID].Preds = make([]Edge, len(b.Preds))
		}
	}
	for _, b := range p.region {
		nb := c.blocks[b.ID]
		if b == p.exiting {
			br := f.NewValue(OpBr, Void, "")
			br.SetOrigin(nb.Term())
			nb.Instrs[len(nb.Instrs)-1] = br
			br.Block = nb
			if final {
				x := b.Succ(p.exit)
				xj := b.Succs[p.exit].i
				nb.Succs = []Edge{{x, len(x.Preds)}}
				x.Preds = append(x.Preds, Edge{nb, 0})
				for _, phi := range x.Phis() {
					phi.AddArg(c.inCopy(phi.Args[xj]))
				}
				continue
			}
			nb.Succs = []Edge{p.target(copies, k, b, 1-p.exit, 0)}
			continue
		}
		nb.Succs = make([]Edge, len(b.Succs))
		for i := range b.Succs {
			nb.Succs[i] = p.target(copies, k, b, i, i)
		}
	}
}

// target is the edge copy k of block b takes for b's i-th exit, now its
// exit number ni: to the next copy's header for the back edge (to its own
// header in the last copy), else to the copy of the target, at the
// original's predecessor index. It records the edge at the target.
func (p *unrollPlan) target(copies []*cloner, k int, b *Block, i, ni int) Edge {
	h, c := p.loop.Header, copies[k]
	nb := c.blocks[b.ID]
	t := b.Succ(i)
	if b == p.latch && t == h {
		next := copies[min(k+1, len(copies)-1)].blocks[h.ID]
		next.Preds = append(next.Preds, Edge{nb, ni})
		return Edge{next, len(next.Preds) - 1}
	}
	j := b.Succs[i].i
	nt := c.blocks[t.ID]
	nt.Preds[j] = Edge{nb, ni}
	return Edge{nt, j}
}
