package backend

import "sort"

// Live-range splitting around calls. A value live across a call cannot
// stay in a caller-saved register there; with more such values than the
// five callee-saved registers, linear scan spills some, and a spilled
// value is reloaded at every use — in the loop around the call too, on
// the paths that make no call (nqueens's tests of its flags). LLVM's
// greedy allocator splits such a value instead (SplitKit's region split
// around calls): in a register between the calls, in memory across them.
//
// splitAroundCalls does the same before a round of linear scan is
// accepted: for a spilled register v that lives across calls, a new
// register v.save gets a copy of v after each definition of v (but one
// that its block follows with another definition of v before any of the
// calls: that copy would be dead), and v is copied back from v.save after
// each call v lived across. v then lives only between calls (a
// caller-saved register will do), v.save across them with uses only after
// the calls: it is the one spilled next time, stored once per definition
// of v and reloaded once per call — except after a call that its block
// follows, before any use of v, with another of the calls or a definition
// of v: the reload there would be dead (list's tail makes three calls in
// a row, and reloaded a value needed only after the last after each of
// them). Registers
// are split once; those that still do not fit are spilled as before. A
// register defined in a loop deeper than the calls it crosses is not
// split: its copies would run more often than the calls.

// splitAroundCalls splits the splittable registers among spilled (see
// above) and reports whether it split any; the allocation round must then
// be redone.
func (f *Func) splitAroundCalls(spilled []*Interval, set *intervalSet) bool {
	type site struct {
		b *Block
		i int // index in b.Instrs
	}
	var calls []site
	for _, b := range f.Blocks {
		for i, in := range b.Instrs {
			if in.Op == opCall && !b.isCold() {
				calls = append(calls, site{b, i})
			}
		}
	}
	if len(calls) == 0 {
		return false
	}
	after := map[*Instr][]*Instr{} // copies to insert after an instruction; looked up, never iterated
	split := false
	for _, it := range spilled {
		v := it.Reg
		if vi := f.vreg(v); vi.splitDone || vi.unspillable {
			continue
		}
		var crossed []site
		callDepth := -1
		for _, c := range calls {
			if p := set.start[c.b.ID] + 2*c.i; it.coversAt(p) && it.coversAt(p+1) {
				crossed = append(crossed, c)
				callDepth = max(callDepth, c.b.depth)
			}
		}
		if len(crossed) == 0 {
			continue
		}
		crosses := map[*Instr]bool{} // looked up, never iterated
		for _, c := range crossed {
			crosses[c.b.Instrs[c.i]] = true
		}
		var defs []*Instr // those whose value may reach a call it crosses
		deep := false
		for _, b := range f.Blocks {
			for i, in := range b.Instrs {
				in.forEachDef(func(r Reg) {
					if r == v {
						if !redefinedBeforeCall(b.Instrs[i+1:], v, crosses) {
							defs = append(defs, in)
						}
						deep = deep || b.depth > callDepth
					}
				})
			}
		}
		if deep {
			continue
		}
		save := f.newVReg(f.vreg(v).width)
		// save is meant to live in memory across the calls, each of which
		// a loop around its uses contains: splitting it at a loop would put
		// it back in a register across them.
		sv := f.vreg(save)
		sv.splitOf, sv.split, sv.splitDone, sv.loopLevel = v, splitAtCalls, true, neverSplitAtLoops
		f.vreg(v).splitDone = true
		for _, d := range defs {
			after[d] = append(after[d], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(save), regOp(v)}, Pos: d.Pos, Inlined: d.Inlined})
		}
		for _, c := range crossed {
			if !reloadedBeforeUse(c.b, c.i+1, v, it, set, crosses, 0) {
				call := c.b.Instrs[c.i]
				after[call] = append(after[call], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(v), regOp(save)}, Pos: call.Pos, Inlined: call.Inlined})
			}
		}
		split = true
	}
	if !split {
		return false
	}
	for _, b := range f.Blocks {
		var out []*Instr
		for _, in := range b.Instrs {
			out = append(out, in)
			out = append(out, after[in]...)
		}
		b.Instrs = out
	}
	return true
}

// coversAt reports whether it is live at pos (by binary search, for any
// order of questions).
func (it *Interval) coversAt(pos int) bool {
	k := sort.Search(len(it.Ranges), func(k int) bool { return it.Ranges[k].End > pos })
	return k < len(it.Ranges) && it.Ranges[k].Start <= pos
}

// redefinedBeforeCall reports whether the instructions after a definition
// of v in its block, code, define v again before any of the calls v lives
// across: then the value defined need not be copied to v.save, which the
// copy after the later definition overwrites before a call's reload can
// read it (hash's loop advances its xorshift state in three steps before
// its call, and stored the state after each of them).
func redefinedBeforeCall(code []*Instr, v Reg, crosses map[*Instr]bool) bool {
	for _, in := range code {
		if crosses[in] {
			return false
		}
		defined := false
		in.forEachDef(func(r Reg) { defined = defined || r == v })
		if defined {
			return true
		}
	}
	return false
}

// reloadedBeforeUse reports whether every path from the instruction at i
// in b reaches another call v lives across (after which it is reloaded)
// or a definition of v before any use of v: then v need not be reloaded
// after the call before i. A path leaves b into a successor where v is
// dead, or into one that only b precedes, followed up to reloadScanBlocks
// blocks deep (a bounds check's ok block, its error block being where v
// is dead).
func reloadedBeforeUse(b *Block, i int, v Reg, it *Interval, set *intervalSet, crosses map[*Instr]bool, depth int) bool {
	for _, in := range b.Instrs[i:] {
		used, defined := false, false
		in.forEachUse(func(r Reg) { used = used || r == v })
		if used {
			return false
		}
		in.forEachDef(func(r Reg) { defined = defined || r == v })
		if defined || crosses[in] {
			return true
		}
	}
	for _, s := range b.Succs {
		if !it.coversAt(set.start[s.ID]) {
			continue
		}
		if depth >= reloadScanBlocks || len(s.Preds) != 1 || !reloadedBeforeUse(s, 0, v, it, set, crosses, depth+1) {
			return false
		}
	}
	return true
}

// reloadScanBlocks bounds the blocks reloadedBeforeUse follows from a
// call.
const reloadScanBlocks = 8
