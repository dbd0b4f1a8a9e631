package middle

import (
	"math"
	"slices"
)

// TailRecursion turns a function's calls of itself in tail position into
// jumps back to its start: tail-recursion elimination with accumulators, as
// LLVM's TailRecursionElimination does it (after Muchnick, "Advanced
// Compiler Design and Implementation", 15.1). A return of the call's result
// (ret f(args)) becomes an assignment of args to the parameters and a jump.
// A return of the call's result combined with another value by an
// associative and commutative operation (ret x + f(args), as in Fibonacci's
// fib(n-1) + fib(n-2)) becomes one too: an accumulator, which starts at the
// operation's identity, gathers acc op x on the way round, and every return
// of v becomes a return of acc op v. Wrapping +, *, &, | and ^ are
// associative and commutative in two's complement, so the result is the
// same bits; the accumulated x are combined in the order the calls were
// made, and nothing else observes it. Only one operation per function
// accumulates (the first one met); other shapes keep their calls.
//
// The parameters become φs of a new block, tailrecurse, that takes over the
// entry block's code; the entry block jumps to it. Functions with stack
// slots are left alone: a slot's address may reach the recursive call,
// whose frame must then not share the caller's slot.
//
// Toy reports runaway recursion as a stack overflow; a loop would instead
// spin for ever. So the loop counts its trips down from tailrecBudget, and
// when the count is spent the call is made for real, with the accumulator
// applied to its result: every real frame stands for at most tailrecBudget
// calls, infinite recursion still exhausts the stack (tailrecBudget times
// later), and a finite recursion only uses less of it.
//
// The budget costs a register in the loop (in Fibonacci, once inlined into
// itself, half its time), and it is not needed where the recursion that
// stays in the loop goes as deep as the one that went: when (1) the entry
// block returns, by branching away to blocks that end in returns, for
// p < K for one parameter p and a constant K; (2) every tail call passes
// p - c with a constant c > 0 and the other parameters unchanged (no wrap:
// p >= K there, and K - c is no less than the smallest integer); (3) every
// other return is under p < K; and (4) each tail site first calls f with
// p - d, 0 < d <= c, and the other parameters unchanged. Then a loop that
// runs L times from p = m ran its first trip's call f(m - d), which itself
// makes the call f(m - 2d) and so on, nested (m - K)/d >= L - 1 deep: where
// the recursion would have exhausted the stack, the calls left do too, in
// no more time. Fibonacci is that shape.
//
// Requires: SSA form. Guarantees: valid SSA; no return of a recursive call
// of the shapes above remains on the path where the budget lasts; Preds is
// current. Linear in the function.
func TailRecursion(f *Func) {
	if f.IsDecl() || hasAlloca(f) {
		return
	}
	var sites []tailSite
	accumulate := OpInvalid
	for _, b := range f.Blocks {
		s, ok := tailCallIn(f, b)
		if !ok {
			continue
		}
		if s.combine != nil {
			if accumulate == OpInvalid {
				accumulate = s.combine.Op
			}
			if s.combine.Op != accumulate {
				continue
			}
		}
		sites = append(sites, s)
	}
	sites = dropJoinSitesBesideCalls(f, sites)
	if len(sites) == 0 {
		return
	}
	eliminateTailCalls(f, sites, accumulate, needsBudget(f, sites))
}

// needsBudget reports whether the loop must count its trips: unless
// conditions (1) to (4) above hold.
func needsBudget(f *Func, sites []tailSite) bool {
	br := f.Entry().Term()
	if br.Op != OpCondBr || br.Args[0].Op != OpICmp || br.Block.Succ(0) == br.Block.Succ(1) {
		return true
	}
	p, k, base, rest, ok := guardBelow(br)
	if !ok || len(base.Preds) != 1 || len(rest.Preds) != 1 {
		return true
	}
	dom := f.Dom()
	for _, r := range returnBlocks(f) {
		isSite := slices.ContainsFunc(sites, func(s tailSite) bool { return s.block == r })
		if !isSite && !dom.Dominates(base, r) {
			return true
		}
	}
	for _, s := range sites {
		c, ok := decrement(f, s.call, p)
		if !ok || c <= 0 || k < math.MinInt64+c || !dom.Dominates(rest, s.block) {
			return true
		}
		deeper := false
		for _, v := range s.block.Instrs[:indexOf(s.block.Instrs, s.call)] {
			if d, ok := decrement(f, v, p); ok && callsSelf(f, v) && d > 0 && d <= c {
				deeper = true
			}
		}
		if !deeper {
			return true
		}
	}
	return false
}

// guardBelow recognizes br (icmp p, K) for a parameter p and a constant K
// as a branch to base when p < K and to rest otherwise.
func guardBelow(br *Value) (p *Value, k int64, base, rest *Block, ok bool) {
	c := br.Args[0]
	p, kv, pred := c.Args[0], c.Args[1], c.Pred
	if p.Op == OpConst {
		p, kv, pred = kv, p, pred.Swap()
	}
	if p.Op != OpParam || kv.Op != OpConst || p.Type != I64 {
		return nil, 0, nil, nil, false
	}
	base, rest, k = br.Block.Succ(0), br.Block.Succ(1), kv.Const
	switch pred {
	case PredSLT:
	case PredSGE:
		base, rest = rest, base
	case PredSLE, PredSGT:
		if k == math.MaxInt64 {
			return nil, 0, nil, nil, false
		}
		k++
		if pred == PredSGT {
			base, rest = rest, base
		}
	default:
		return nil, 0, nil, nil, false
	}
	return p, k, base, rest, true
}

// decrement returns c when call is a call whose argument for parameter p is
// p - c (c constant) and whose other arguments are f's parameters unchanged.
func decrement(f *Func, call *Value, p *Value) (int64, bool) {
	if call.Op != OpCall || len(call.Args) != len(f.Params) {
		return 0, false
	}
	var c int64
	found := false
	for i, a := range call.Args {
		if f.Params[i] != p {
			if a != f.Params[i] {
				return 0, false
			}
			continue
		}
		if a.Op != OpAdd && a.Op != OpSub {
			return 0, false
		}
		x, k, ok := addend(a)
		if !ok || x != p || k == math.MinInt64 {
			return 0, false
		}
		c, found = -k, true
	}
	return c, found
}

// tailrecBudget is how many calls one frame may stand for: large enough that
// the real calls cost nothing measurable, small enough that a runaway
// recursion still reaches the stack's end in well under a second.
const tailrecBudget = 256

// tailSite is a block ending in a return of a call of the function itself:
// call, then ret call, or call, then ret (call op other) with op
// associative and commutative.
type tailSite struct {
	block   *Block
	call    *Value
	combine *Value // the op, or nil for a plain tail call
	other   *Value // the combine's operand that is not the call
}

// tailCallIn recognizes a tail site in b.
func tailCallIn(f *Func, b *Block) (tailSite, bool) {
	n := len(b.Instrs)
	ret := b.Term()
	if ret != nil && ret.Op == OpBr && n >= 2 {
		return tailCallBeforeReturn(f, b)
	}
	if ret == nil || ret.Op != OpRet || n < 2 {
		return tailSite{}, false
	}
	last := b.Instrs[n-2]
	s := tailSite{block: b, call: last}
	if len(ret.Args) == 1 && ret.Args[0] == last && accumulates(last.Op) && n >= 3 {
		s.combine, s.call = last, b.Instrs[n-3]
		switch {
		case last.Args[0] == s.call && last.Args[1] != s.call:
			s.other = last.Args[1]
		case last.Args[1] == s.call && last.Args[0] != s.call:
			s.other = last.Args[0]
		default:
			return tailSite{}, false
		}
	} else if len(ret.Args) == 1 && ret.Args[0] != last || len(ret.Args) == 0 && last.HasResult() {
		return tailSite{}, false
	}
	if !callsSelf(f, s.call) || s.combine != nil && usedElsewhere(s.call, s.combine) {
		return tailSite{}, false
	}
	return s, true
}

// tailCallBeforeReturn recognizes a tail site in b that ends in a jump,
// through blocks that only jump on (the joins of nested ifs), to a block
// holding only a return: of nothing, or of a φ whose entry for the edge
// the jumps arrive by is the call (as the join after a && leaves it). The return is
// as good as b's own (LLVM's TailRecursionElimination duplicates such a
// return into b; here the jump to it is simply replaced): b is a site of a
// plain tail call, and the rewrite drops b's edge to the return's block
// or, with a budget, hands it to the block that makes the call for real.
func tailCallBeforeReturn(f *Func, b *Block) (tailSite, bool) {
	call := b.Instrs[len(b.Instrs)-2]
	if !callsSelf(f, call) {
		return tailSite{}, false
	}
	// Through the joins of nested ifs, blocks that only jump on.
	in := b.Succs[0]
	for hops := 0; len(in.Block().Instrs) == 1 && in.Block().Term().Op == OpBr; hops++ {
		if hops == 8 || in.Block() == b {
			return tailSite{}, false
		}
		in = in.Block().Succs[0]
	}
	r := in.Block()
	switch ret := r.Term(); {
	case ret == nil || ret.Op != OpRet:
		return tailSite{}, false
	case len(ret.Args) == 0 && len(r.Instrs) == 1:
	case len(ret.Args) == 1 && len(r.Instrs) == 2 && r.Instrs[0].Op == OpPhi && ret.Args[0] == r.Instrs[0]:
		if r.Instrs[0].Args[in.Index()] != call {
			return tailSite{}, false
		}
	default:
		return tailSite{}, false
	}
	return tailSite{block: b, call: call}, true
}

// dropJoinSitesBesideCalls drops the sites that reach their return
// through a jump (tailCallBeforeReturn) when f also calls itself other
// than at a site: in a tree recursion (towers of Hanoi) the loop would
// only halve the calls while keeping the loop's values, and after
// InlineSelf those of two nested loops, live across the calls that stay.
func dropJoinSitesBesideCalls(f *Func, sites []tailSite) []tailSite {
	calls := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpCall && v.Sym == f.Name {
				calls++
			}
		}
	}
	if calls == len(sites) {
		return sites
	}
	return slices.DeleteFunc(sites, func(s tailSite) bool { return s.block.Term().Op == OpBr })
}

// callsSelf reports whether v is a call of f with arguments of its
// parameters' types.
func callsSelf(f *Func, v *Value) bool {
	if v.Op != OpCall || v.Sym != f.Name || len(v.Args) != len(f.Params) || v.Type != f.Result {
		return false
	}
	for i, a := range v.Args {
		if a.Type != f.Params[i].Type {
			return false
		}
	}
	return true
}

// usedElsewhere reports whether v has a use other than user. v's block ends
// in a return, so its uses are all in that block.
func usedElsewhere(v, user *Value) bool {
	for _, u := range v.Block.Instrs {
		if u != user && slices.Contains(u.Args, v) {
			return true
		}
	}
	return false
}

// accumulates reports whether op is associative and commutative.
func accumulates(op Op) bool {
	switch op {
	case OpAdd, OpMul, OpAnd, OpOr, OpXor:
		return true
	}
	return false
}

// identity returns the value e of type t with x op e = x.
func identity(f *Func, op Op, t Type) *Value {
	switch op {
	case OpMul:
		return f.Const(t, 1)
	case OpAnd:
		return f.Const(t, -1)
	}
	return f.Const(t, 0)
}

func hasAlloca(f *Func) bool {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpAlloca {
				return true
			}
		}
	}
	return false
}

// eliminateTailCalls rewrites f around sites; accumulate is the combining
// operation, OpInvalid when every site is a plain tail call; budgeted says
// whether the loop counts its trips.
func eliminateTailCalls(f *Func, sites []tailSite, accumulate Op, budgeted bool) {
	f.TailLoops = true
	entry := f.Entry()
	returns := returnBlocks(f) // before the loop blocks exist
	header := f.NewBlock("tailrecurse")
	header.Instrs = entry.Instrs
	for _, v := range header.Instrs {
		v.Block = header
	}
	entry.Instrs = nil
	entry.MoveSuccsTo(header)
	for i, s := range sites {
		if s.block == entry {
			sites[i].block = header
		}
	}
	for i, r := range returns {
		if r == entry {
			returns[i] = header
		}
	}
	pos := sites[0].call.Pos
	jump := f.NewValue(OpBr, Void, "")
	jump.Pos = pos
	entry.Append(jump)
	entry.AddEdgeTo(header)

	params := make([]*Value, len(f.Params))
	repl := make([]*Value, f.NumValues())
	for i, p := range f.Params {
		params[i] = f.NewValue(OpPhi, p.Type, p.Name)
		params[i].Pos = pos
		repl[p.ID] = params[i]
	}
	f.ReplaceUses(repl) // before the φs get their entries from the entry block
	for i, s := range sites {
		if p := s.other; p != nil && p.Op == OpParam {
			sites[i].other = repl[p.ID]
		}
	}
	var budget *Value
	if budgeted {
		budget = f.NewValue(OpPhi, I64, "budget")
		budget.Pos = pos
	}
	var acc *Value
	if accumulate != OpInvalid {
		acc = f.NewValue(OpPhi, f.Result, "acc")
		acc.Pos = pos
	}
	// The φs go into the header now, to take their entries as the edges
	// into it are made: the parameters', then the budget, then acc.
	if acc != nil {
		header.InsertPhi(acc)
	}
	if budget != nil {
		header.InsertPhi(budget)
	}
	for i := len(params) - 1; i >= 0; i-- {
		header.InsertPhi(params[i])
	}
	if budget != nil {
		budget.AddIncoming(f.Const(I64, tailrecBudget), entry)
	}
	if acc != nil {
		acc.AddIncoming(identity(f, accumulate, f.Result), entry)
	}
	for i, p := range f.Params {
		params[i].AddIncoming(p, entry)
	}
	if acc != nil {
		for _, r := range returns {
			combineBeforeReturn(r, accumulate, acc)
		}
	}
	order := newLinkedBlocks(f) // a site at a time moved the whole list
	for _, s := range sites {
		var loop *Block
		if budget != nil {
			var next *Value
			loop, next = splitTailSite(f, order, s, header, budget)
			addNewestIncoming(budget, next, loop)
		} else {
			loop = jumpFromSite(f, s, header)
		}
		for i, p := range params {
			addNewestIncoming(p, s.call.Args[i], loop)
		}
		if acc == nil {
			continue
		}
		carried := acc
		if s.combine != nil {
			carried = f.NewValue(accumulate, f.Result, "acc.next", acc, s.other)
			carried.SetOrigin(s.combine)
			loop.InsertBeforeTerm(carried)
		}
		addNewestIncoming(acc, carried, loop)
	}
	if d := f.tracking(); d != nil {
		// Each trip of the loop is a call the original made: a
		// parameter's variable is its φ from the loop's top, as it was
		// the argument in that call's frame (the variables begin with
		// the parameters, in order).
		for i, p := range params {
			if i < len(d.Vars) && d.Vars[i].Param {
				d.phiAssign(p, i, len(p.Block.Phis()))
			}
		}
	}
	order.moveAfter(header, entry)
	order.done()
	for _, b := range f.Blocks[1:] {
		if len(b.Preds) == 0 {
			RemoveUnreachable(f) // a return only tail sites jumped to
			break
		}
	}
}

// addNewestIncoming is AddIncoming for a φ of the loop header when pred
// has just made its one edge into it, the header's newest: the argument
// for that edge, without AddIncoming's search from the first (each of
// thousands of sites searched the edges of all the sites before it).
func addNewestIncoming(phi, val *Value, pred *Block) {
	b := phi.Block
	if n := len(b.Preds); n > 0 && b.Preds[n-1].b == pred {
		phi.growArgs()
		if phi.Args[n-1] == nil {
			phi.Args[n-1] = val
			return
		}
	}
	phi.AddIncoming(val, pred)
}

// returnBlocks lists the blocks of f that end in a return of a value.
func returnBlocks(f *Func) []*Block {
	var rs []*Block
	for _, b := range f.Blocks {
		if t := b.Term(); t != nil && t.Op == OpRet && len(t.Args) == 1 {
			rs = append(rs, b)
		}
	}
	return rs
}

// combineBeforeReturn makes b return acc op v instead of v.
func combineBeforeReturn(b *Block, op Op, acc *Value) {
	ret := b.Term()
	v := b.Func.NewValue(op, acc.Type, "acc.ret", acc, ret.Args[0])
	v.SetOrigin(ret)
	b.InsertBeforeTerm(v)
	ret.Args[0] = v
}

// jumpFromSite replaces s.block's call and what follows it by a jump to
// header, and returns the block.
func jumpFromSite(f *Func, s tailSite, header *Block) *Block {
	b := s.block
	b.Instrs = b.Instrs[:indexOf(b.Instrs, s.call)]
	b.RemoveSuccs()
	jump := f.NewValue(OpBr, Void, "")
	jump.SetOrigin(s.call)
	b.Append(jump)
	b.AddEdgeTo(header)
	return b
}

// splitTailSite cuts s.block before its call: the block counts the budget
// down (the new count is returned too) and ends in a branch on it to a new
// block that jumps back to the header while the budget lasts (returned,
// ending in that jump), and else to a new block holding the call and the
// rest of the site, which makes the call for real.
func splitTailSite(f *Func, order *linkedBlocks, s tailSite, header *Block, budget *Value) (*Block, *Value) {
	b := s.block
	at := indexOf(b.Instrs, s.call)
	call := f.NewBlock(b.Name + ".call")
	call.Instrs = append([]*Value(nil), b.Instrs[at:]...)
	for _, v := range call.Instrs {
		v.Block = call
	}
	b.Instrs = b.Instrs[:at]
	b.MoveSuccsTo(call)
	loop := f.NewBlock(b.Name + ".loop")
	jump := f.NewValue(OpBr, Void, "")
	jump.SetOrigin(s.call)
	loop.Append(jump)
	loop.AddEdgeTo(header)
	// The count is decremented before it is tested, so that the
	// subtraction's flags are the test (one sub and a branch per trip).
	next := f.NewValue(OpSub, I64, "budget.next", budget, f.Const(I64, 1))
	next.SetOrigin(s.call)
	b.Append(next)
	left := f.NewValue(OpICmp, I1, "budget.left", next, f.Const(I64, 0))
	left.Pred = PredNE
	left.SetOrigin(s.call)
	b.Append(left)
	br := f.NewValue(OpCondBr, Void, "", left)
	br.SetOrigin(s.call)
	b.Append(br)
	b.AddEdgeTo(loop)
	b.AddEdgeTo(call)
	order.moveAfter(loop, b)
	order.moveAfter(call, loop)
	return loop, next
}
