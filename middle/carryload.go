package middle

// CarryLoads carries a memory location that a loop reads at its top and
// writes once per iteration in a φ instead of reloading it: in
//
//	while mult[j] < i { mult[j] += primes[j]; }
//
// the header's load of mult[j] reads, after the first iteration, the value
// the body just stored, so it becomes φ(a load in the preheader, the stored
// value) and the loop keeps the element in a register. This is the load
// half of LLVM LICM's scalar promotion (promoteLoopAccessesToScalars; Lo,
// Chow, Kennedy, Liu and Tu, "Register Promotion by Sparse Partial
// Redundancy Elimination of Loads and Stores", PLDI 1998): the store stays
// where it is, so nothing about when memory is written changes, and a loop
// left early (a runtime error, a break) leaves memory as before.
//
// Without an alias analysis the conditions are strict, and each one is
// what makes the φ exact:
//   - the loop (with its inner loops) calls nothing and stores only to the
//     one address A with the one type T, in one store S; the address is
//     defined outside the loop, so it is the same location on every
//     iteration;
//   - S's block dominates the loop's only latch, so every iteration that
//     comes back to the header has stored to A last;
//   - the header's predecessors are the preheader, which only jumps to it,
//     and the latch; the load of A (type T, before S when S is in the
//     header) is in the header, which runs every time the preheader does,
//     so a load at the end of the preheader reads what the first
//     iteration's load would, and faults no more often.
//
// Requires: SSA form; loops with preheaders (InsertPreheaders) to act on.
// Guarantees: the same program; every load of the header that the rules
// allow is replaced by a φ; the CFG is unchanged. Linear in the function
// times the loop nesting depth.
func CarryLoads(f *Func) {
	if f.IsDecl() {
		return
	}
	nest := f.Loops()
	if len(nest.Loops) == 0 {
		return
	}
	dom := f.Dom()
	var repl []*Value
	for _, l := range nest.Loops {
		s := soleStore(l)
		if s == nil || len(l.Latches) != 1 || !dom.Dominates(s.Block, l.Latches[0]) {
			continue
		}
		pre := loopPreheader(l)
		if pre == nil {
			continue
		}
		addr, t := s.Args[1], s.Args[0].Type
		if addr.Block != nil && nest.Contains(l, addr.Block) {
			continue
		}
		var phi *Value
		for _, v := range l.Header.Instrs {
			if v == s {
				break
			}
			if v.Op != OpLoad || v.Invariant || v.Args[0] != addr || v.Type != t {
				continue
			}
			if phi == nil {
				phi = carryPhi(f, l.Header, pre, v, s.Args[0])
			}
			if v.ID >= len(repl) {
				repl = append(repl, make([]*Value, f.NumValues()-len(repl))...)
			}
			repl[v.ID] = phi
			v.Block = nil
		}
		if phi != nil {
			l.Header.RemoveInstrs(func(v *Value) bool { return v.Block == nil })
		}
	}
	if repl != nil {
		f.ReplaceUses(repl)
	}
}

// soleStore returns the one store of loop l and its inner loops when they
// hold exactly one and no call, else nil.
func soleStore(l *Loop) *Value {
	var s *Value
	ok := true
	var walk func(l *Loop)
	walk = func(l *Loop) {
		for _, b := range l.Blocks {
			for _, v := range b.Instrs {
				switch v.Op {
				case OpCall:
					ok = false
				case OpStore:
					if s != nil {
						ok = false
					}
					s = v
				}
			}
		}
		for _, c := range l.Children {
			if ok {
				walk(c)
			}
		}
	}
	walk(l)
	if !ok {
		return nil
	}
	return s
}

// loopPreheader returns the block outside l that only jumps to l's header
// when the header's predecessors are it and the latch, else nil.
func loopPreheader(l *Loop) *Block {
	h := l.Header
	if len(h.Preds) != 2 {
		return nil
	}
	var pre *Block
	for j := range h.Preds {
		if p := h.Pred(j); p != l.Latches[0] {
			pre = p
		}
	}
	if pre == nil || len(pre.Succs) != 1 {
		return nil
	}
	return pre
}

// carryPhi puts a copy of the header's load ld at the end of pre and
// returns a new φ of h that takes it from pre and stored from the latch.
func carryPhi(f *Func, h, pre *Block, ld, stored *Value) *Value {
	first := f.NewValue(OpLoad, ld.Type, ld.Name, ld.Args[0])
	t := pre.Term()
	first.SetOrigin(t)
	pre.InsertBeforeTerm(first)
	phi := f.NewValue(OpPhi, ld.Type, ld.Name)
	phi.SetOrigin(ld)
	h.InsertPhi(phi)
	phi.Args = make([]*Value, len(h.Preds))
	for j := range h.Preds {
		if h.Pred(j) == pre {
			phi.Args[j] = first
		} else {
			phi.Args[j] = stored
		}
	}
	return phi
}
