package middle

// UnswitchGuards moves a loop's invariant tests that leave the loop for a
// block that cannot continue (a runtime error: a call, then unreachable)
// out in front of the loop: trivial loop unswitching, as LLVM's
// SimpleLoopUnswitch does it for a branch on an invariant condition one of
// whose successors is an exit (unswitchTrivialBranch). The typical case is
// the bounds check of an array element indexed by a loop-invariant value in
// the loop's condition (for k = 0; k <= max[i]; k += 1): the check runs at
// the top of every trip, and after the first one it always passes.
//
// A test qualifies when it runs on every trip before anything the loop
// does can be seen: it ends a block of the loop's prefix — the header, and
// the blocks that the prefix's only way on reaches as their only
// predecessor — and the instructions of the prefix before it neither
// write, call nor trap (a load must be one that cannot fault). Its condition is computed from values defined
// outside the loop, by instructions that may run early (invariantIn), which
// move with it. One successor stays in the
// loop; the other is a block outside it without φs, ending in unreachable,
// whose operands are all defined outside the loop or move out with the
// test. Then the first trip takes the test's exit exactly when the test
// fails in front of the loop, and no later trip can take it: the test
// moves to a new block (%header.guard) on the edge from the preheader,
// which jumps into the loop or to the exit, and in the loop the test's
// block jumps on, and takes in its successor when it is that block's only
// predecessor (so that the header ends in the loop's exit test again). The
// prefix walk goes on through the successor that stays, so a header with
// several such tests loses them all, in their order.
//
// With the test gone, the loads it guarded dominate the loop's exits
// again, and LICM can hoist the invariant ones (puzzle's max[i]).
//
// Requires: SSA form, a preheader ending in a jump for the loops to be
// rewritten (InsertPreheaders; other loops are left alone). Guarantees:
// valid SSA; each loop keeps its blocks; a loop whose test moved has no
// preheader until InsertPreheaders runs again (LICM runs it). Linear in
// the size of the loops' prefixes, plus the loop nest.
func UnswitchGuards(f *Func) {
	if f.IsDecl() {
		return
	}
	nest := f.Loops()
	if len(nest.Loops) == 0 {
		return
	}
	h := &hoister{f: f, dom: f.Dom(), nest: nest, order: newLinkedBlocks(f)}
	for i := len(nest.Loops) - 1; i >= 0; i-- {
		h.written = false
		unswitchLoop(h, nest.Loops[i])
	}
	h.order.done()
	if len(h.unswitched) == 0 {
		return
	}
	// A test's block now jumps to its only successor: one block again, so
	// that the header ends in the loop's own exit test, as loopversion
	// and strength reduction look for it.
	merged := make([]bool, f.NumBlocks())
	for _, b := range h.unswitched {
		for !merged[b.ID] && b.Term().Op == OpBr {
			s := b.Succ(0)
			if s == b || len(s.Preds) != 1 || len(s.Phis()) > 0 {
				break
			}
			b.Instrs = b.Instrs[:len(b.Instrs)-1]
			b.RemoveSuccs()
			for _, v := range s.Instrs {
				v.Block = b
			}
			b.Instrs = append(b.Instrs, s.Instrs...)
			s.Instrs = nil
			s.MoveSuccsTo(b)
			merged[s.ID] = true
		}
	}
	f.RemoveBlocks(func(b *Block) bool { return merged[b.ID] })
}

// unswitchLoop moves the qualifying tests of l's prefix in front of it.
func unswitchLoop(hs *hoister, l *Loop) {
	f, dom, nest, h := hs.f, hs.dom, hs.nest, l.Header
	var pre *Block
	for _, e := range h.Preds {
		if !dom.Dominates(h, e.Block()) {
			if pre != nil {
				return
			}
			pre = e.Block()
		}
	}
	if pre == nil || pre.Term().Op != OpBr {
		return
	}
	inLoop := func(v *Value) bool { return v.Block != nil && nest.Contains(l, v.Block) }
	for b := h; ; {
		t := b.Term()
		for _, v := range b.Instrs[:len(b.Instrs)-1] {
			if v.Op != OpPhi && v.CanTrap() && (v.Op != OpLoad || !hs.alwaysReadable(v)) {
				return
			}
		}
		var next *Block
		switch t.Op {
		case OpBr:
			next = b.Succ(0)
			if next == h || len(next.Preds) != 1 || !nest.Contains(l, next) {
				return
			}
		case OpCondBr:
			stay := -1
			for k := range 2 {
				if nest.Contains(l, b.Succ(k)) && !nest.Contains(l, b.Succ(1-k)) {
					stay = k
				}
			}
			if stay < 0 || !guardExit(hs, l, b.Succ(1-stay)) {
				return
			}
			cond := t.Args[0]
			if !invariantIn(hs, l, cond, 0) {
				return
			}
			next = b.Succ(stay)
			pre = moveGuard(f, hs.order, pre, h, b, stay, inLoop)
			hs.unswitched = append(hs.unswitched, b)
			if len(next.Preds) != 1 {
				return
			}
		default:
			return
		}
		b = next
	}
}

// invariantIn reports whether v is defined outside the loop l, or computed
// in it, at most a few instructions deep, from values defined outside it
// by instructions that may run early: speculatable ones, and loads that
// nothing in the loop writes and that cannot fault (LICM's rules).
func invariantIn(h *hoister, l *Loop, v *Value, depth int) bool {
	if v.Block == nil || !h.nest.Contains(l, v.Block) {
		return true
	}
	switch {
	case depth == 4:
		return false
	case v.Op.IsBinary(), v.Op.IsCast(), v.Op == OpGEP, v.Op == OpICmp, v.Op == OpSelect:
		if !speculatable(v) {
			return false
		}
	case v.Op == OpLoad:
		if !h.alwaysReadable(v) || !v.Invariant && h.loopMayWrite(l, v.Args[0], v.Type) {
			return false
		}
	default:
		return false
	}
	for _, a := range v.Args {
		if !invariantIn(h, l, a, depth+1) {
			return false
		}
	}
	return true
}

// hoistInto moves v, after the loop's instructions it is computed from,
// to the end of g.
func hoistInto(g *Block, v *Value, inLoop func(*Value) bool) {
	if v.Block == g || !inLoop(v) {
		return
	}
	for _, a := range v.Args {
		hoistInto(g, a, inLoop)
	}
	v.Block.RemoveInstrs(func(x *Value) bool { return x == v })
	g.Append(v)
}

// guardExit reports whether e is a block the test may leave for from in
// front of the loop l: no φs, ending in unreachable, every operand defined
// outside the loop or movable out of it with the test (invariantIn).
func guardExit(h *hoister, l *Loop, e *Block) bool {
	if t := e.Term(); t == nil || t.Op != OpUnreachable || len(e.Phis()) > 0 {
		return false
	}
	for _, v := range e.Instrs {
		for _, a := range v.Args {
			if !invariantIn(h, l, a, 0) {
				return false
			}
		}
	}
	return true
}

// moveGuard puts b's conditional branch, whose successor stay remains in
// the loop with header h, on the edge from pre to h, in a new block that
// it returns; b jumps to that successor instead. The condition and the
// exit's operands, and what they are computed from in the loop
// (invariantIn), move along, to
// the new block, which dominates every use in the loop.
func moveGuard(f *Func, order *linkedBlocks, pre, h, b *Block, stay int, inLoop func(*Value) bool) *Block {
	t := b.Term()
	cond, exit := t.Args[0], b.Succ(1-stay)
	g := f.NewBlock(h.Name + ".guard")
	pre.SplitEdge(pre.SuccIndex(h), g)
	g.Instrs = g.Instrs[:0] // SplitEdge's jump, replaced by the test
	hoistInto(g, cond, inLoop)
	for _, v := range exit.Instrs {
		for _, a := range v.Args {
			hoistInto(g, a, inLoop)
		}
	}
	if stay == 1 { // the test's true side leaves: test the negation
		var not *Value
		if cond.Op == OpICmp {
			not = f.NewValue(OpICmp, I1, cond.Name+".not", cond.Args...)
			not.Pred = cond.Pred.Negate()
		} else {
			not = f.NewValue(OpXor, I1, cond.Name+".not", cond, f.Const(I1, 1))
		}
		not.SetOrigin(cond)
		g.Append(not)
		cond = not
	}
	br := f.NewValue(OpCondBr, Void, "", cond)
	br.SetOrigin(t)
	g.Append(br)
	g.AddEdgeTo(exit) // g's exits: h (SplitEdge's), then exit
	b.RemoveSucc(1 - stay)
	jump := f.NewValue(OpBr, Void, "")
	jump.SetOrigin(t)
	b.Instrs[len(b.Instrs)-1] = jump
	jump.Block = b
	order.moveAfter(g, pre)
	return g
}
