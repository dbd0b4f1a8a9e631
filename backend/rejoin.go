package backend

// Undoing a live-range split whose both halves are spilled. A split
// (splitcalls.go, splitloops.go) gives a spilled register v a second
// register — v.save across calls, v.L inside a loop — joined to v by
// copies, so that one of the two can keep a register where the other
// cannot. When a later round spills both anyway, the split buys nothing
// and costs its copies, each now a move from one stack slot to another
// (a reload and a store): regex and richards copied seven values back
// after every call in their hot loops, none of them needed there.
//
// rejoinSplits renames such a split register back to the register it was
// split from; the one register left is spilled as a whole, as it would
// have been without the split, and the copies between the two halves,
// moves of that register to itself now, become moves of its slot to
// itself, which the emitter drops (insertSpillCode). They stay in the
// code, for the checker and because the instructions of a round must all
// be in the final code (roundCode). The renaming keeps
// the program's meaning because a split register and its origin hold the
// same value wherever both are live and neither is defined while the
// other is live with another value: a split copy follows each definition
// of v at once (v.save), or v.L stands for v in every use and definition
// within its loop, where v itself is dead or unchanged, and the copies
// back at the calls and the loop exits give v that value again. LLVM gets
// the same effect another way: its InlineSpiller gives every piece split
// from one register the stack slot of the original, so that a copy
// between two spilled pieces is a move of a slot to itself, which it
// deletes.
//
// Only pairs spilled in the same round are rejoined (the intervals of
// both are at hand, and their union is the interval the joined register
// is given a slot for); a split register and its origin spilled in
// different rounds keep their slots and copies.

// rejoinSplits rejoins, among the registers spilled in this round, each
// split register whose origin is spilled too, and returns the spilled
// registers without the ones rejoined (their origins' intervals now cover
// theirs).
func (f *Func) rejoinSplits(spilled []*Interval) []*Interval {
	var byReg map[Reg]*Interval // looked up, never iterated
	for _, it := range spilled {
		if f.vreg(it.Reg).splitOf != NoReg {
			if byReg == nil {
				byReg = make(map[Reg]*Interval, len(spilled))
				for _, it := range spilled {
					byReg[it.Reg] = it
				}
			}
			break
		}
	}
	if byReg == nil {
		return spilled
	}
	// into follows the chain of rejoined origins: a register split from
	// a split register goes to the first origin up its chain that is
	// not rejoined itself.
	into := map[Reg]Reg{} // looked up, never iterated
	var root func(r Reg) Reg
	root = func(r Reg) Reg {
		if to, ok := into[r]; ok {
			return root(to)
		}
		return r
	}
	kept := spilled[:0:0]
	for _, it := range spilled {
		p := f.vreg(it.Reg).splitOf
		if p == NoReg || byReg[p] == nil {
			kept = append(kept, it)
			continue
		}
		into[it.Reg] = p
	}
	if len(into) == 0 {
		return spilled
	}
	for _, it := range spilled {
		if _, ok := into[it.Reg]; ok {
			to := byReg[root(it.Reg)]
			to.Ranges = unionRanges(to.Ranges, it.Ranges)
			to.hints = append(to.hints, it.hints...)
		}
	}
	rename := func(r Reg) Reg {
		if r.IsVirtual() {
			if _, ok := into[r]; ok {
				return root(r)
			}
		}
		return r
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for i := range in.Args {
				a := &in.Args[i]
				switch a.Kind {
				case KindReg:
					a.Reg = rename(a.Reg)
				case KindMem:
					a.Base, a.Index = rename(a.Base), rename(a.Index)
				}
			}
		}
	}
	return kept
}
