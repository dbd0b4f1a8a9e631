package middle

// DCE deletes the instructions whose results nothing needs: a mark-and-sweep
// over values, as in Go's cmd/compile/internal/ssa/deadcode.go and the
// "aggressive" dead code elimination of Cytron et al. (TOPLAS 1991, section
// 7.1) without its control dependences. Instructions with side effects
// (stores, calls, terminators) are live; the operands of a live instruction
// are live, propagated with a work list; everything else goes. Because
// liveness flows from the roots instead of from use counts, a cycle of φs
// that only feed each other (a loop variable nobody reads after the loop)
// is removed as well.
//
// Loads and divisions have no side effects here: an unused load is dead
// (slots and globals are not volatile), and a division's guard is explicit
// control flow that stays whether or not the division does.
//
// Requires: nothing beyond well-formed IR. Guarantees: every remaining
// instruction has a side effect or a live user; the CFG is unchanged (the
// unreachable blocks are simplifycfg's).
func DCE(f *Func) {
	if f.IsDecl() {
		return
	}
	live := boolTables.Take(f.NumValues())
	defer boolTables.Give(live)
	var work []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.HasSideEffects() {
				live[v.ID] = true
				work = append(work, v)
			}
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, a := range v.Args {
			if a.Block != nil && a.ID < len(live) && !live[a.ID] {
				live[a.ID] = true
				work = append(work, a)
			}
		}
	}
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(live) && !live[v.ID] })
	}
}
