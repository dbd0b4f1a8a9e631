package backend

import (
	"cmp"
	"slices"
	"sort"
)

// Copy coalescing: before linear scan, the two virtual registers of a
// register-to-register move become one when their live intervals do not
// intersect, and the move disappears — the interval-based form of
// Chaitin's aggressive coalescing that Wimmer and Franz and LLVM's
// RegisterCoalescer (joinIntervals) use, checked on the intervals rather
// than on an interference graph. The φ copies out-of-SSA puts on edges,
// and the copies of two-address forms (mov d, a; add d, b), are most of
// them. Linear scan's move hints alone miss the chains: in `t = lea ...;
// x = t` with x tied to a φ, t is allocated first, before x has the
// register its φ hints at; merged, there is one interval and no choice.
//
// Moves are taken most frequent first (deepest loop), so the copies in
// inner loops win when two merges exclude each other. A merged register's
// intervals are the union of its members'; to keep the cost linear, a
// merge that would give one register more than maxCoalescedRanges ranges
// is left to the hints. The shrink-wrap boundary's copies are not
// coalesced: they split a value on purpose (shrinkwrap.go).

// maxCoalescedRanges bounds the ranges of a merged interval.
const maxCoalescedRanges = 64

// CoalesceCopies merges the registers of the moves whose intervals do not
// intersect and deletes the moves.
func (f *Func) CoalesceCopies() {
	lv := f.takeLiveness()
	nv := f.NumVRegs()
	rep := make([]Reg, nv) // union-find parent by vreg index; NoReg for a root
	find := func(r Reg) Reg {
		for p := rep[r-FirstVReg]; p != NoReg; p = rep[r-FirstVReg] {
			if gp := rep[p-FirstVReg]; gp != NoReg {
				rep[r-FirstVReg] = gp // path halving
			}
			r = p
		}
		return r
	}
	type move struct {
		in    *Instr
		depth int
		pos   int // its number, as the intervals number it
	}
	var moves []move
	pos := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.isCopy() && !b.prologue {
				moves = append(moves, move{in, b.depth, pos})
			}
			pos += 2
		}
	}
	if len(moves) == 0 {
		f.leaveLiveness(lv)
		return
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].depth > moves[j].depth })
	// Only the moves' registers' intervals are asked for, and only for
	// their ranges: a register in no move needs none.
	inMove := make([]bool, nv)
	for _, m := range moves {
		inMove[m.in.Args[0].Reg-FirstVReg], inMove[m.in.Args[1].Reg-FirstVReg] = true, true
	}
	set := buildSomeIntervals(f, lv, inMove)
	defer set.release() // the merges are made from them, and nothing keeps them
	// A move whose destination may be dead after it (its range from the
	// move ends with the next instruction) is the one place where its
	// source's liveness was its own: with the move deleted, the merged
	// register's liveness is not its members' union there (merge).
	deadDest := map[*Instr]bool{}
	for _, m := range moves {
		if it := set.virtual[m.in.Args[0].Reg-FirstVReg]; it.endsBy(m.pos + 2) {
			deadDest[m.in] = true
		}
	}
	merged := false
	for _, m := range moves {
		d, s := find(m.in.Args[0].Reg), find(m.in.Args[1].Reg)
		a, b := set.virtual[d-FirstVReg], set.virtual[s-FirstVReg]
		if d == s || a == nil || b == nil || len(a.Ranges)+len(b.Ranges) > maxCoalescedRanges || intersects(a, b) {
			continue
		}
		a.Ranges = unionRanges(a.Ranges, b.Ranges)
		rep[s-FirstVReg] = d
		f.vreg(d).width = max(f.vreg(d).width, f.vreg(s).width)
		merged = true
		f.coalesced = append(f.coalesced, [2]Reg{s, d})
	}
	if !merged {
		f.leaveLiveness(lv) // the code is as it was
		return
	}
	// Record each merged register with the one it finally became, in
	// order of the merged register.
	for i := range f.coalesced {
		f.coalesced[i][1] = find(f.coalesced[i][1])
	}
	slices.SortFunc(f.coalesced, func(x, y [2]Reg) int { return cmp.Compare(x[0], y[0]) })
	noter := f.defValueNoter() // for -g, nil without
	rename := func(r Reg) Reg {
		if r.IsVirtual() {
			return find(r)
		}
		return r
	}
	dirty := make([]bool, nv) // by root: its liveness is recomputed, not merged
	for _, b := range f.Blocks {
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			if noter != nil {
				noter.note(in)
			}
			for k := range in.Args {
				a := &in.Args[k]
				a.Reg, a.Base, a.Index = rename(a.Reg), rename(a.Base), rename(a.Index)
			}
			if in.isCopy() && in.Args[0].Reg == in.Args[1].Reg {
				if b.prologue || deadDest[in] {
					dirty[in.Args[0].Reg-FirstVReg] = true
				}
				continue
			}
			kept = append(kept, in)
		}
		b.Instrs = kept
	}
	// Only the code of the merged registers and of those they became
	// changed (renamed, or a move between them deleted), and not the CFG:
	// the allocator gets the liveness merged for them alone, or, where a
	// deleted move may have ended a value, updated.
	var clean [][2]Reg
	changed := make([]bool, nv)
	for _, m := range f.coalesced {
		if dirty[m[1]-FirstVReg] {
			changed[m[0]-FirstVReg], changed[m[1]-FirstVReg] = true, true
		} else {
			clean = append(clean, m)
		}
	}
	lv.merge(clean)
	var regs []Reg
	for v, c := range changed {
		if c {
			regs = append(regs, FirstVReg+Reg(v))
		}
	}
	if len(regs) > 0 {
		lv.update(f, regs)
	}
	f.leaveLiveness(lv)
}

// endsBy reports whether it is live at no position from q on, but for a
// range it is in from before q (it: the interval of a register defined at
// q-2, so live from q-1).
func (it *Interval) endsBy(q int) bool {
	i := sort.Search(len(it.Ranges), func(i int) bool { return it.Ranges[i].End > q-1 })
	return i == len(it.Ranges) || it.Ranges[i].End <= q
}

// merge moves the liveness of each register merged (the pairs of
// merged: a register and the one it became) to the one it became: a
// merged register is live exactly where one of its members was. The
// members' intervals do not intersect, so no two were live out of one
// block, and a loop the merged register is live through without writing
// it was one member's alone: anywhere in a loop that writes neither, a
// member live at one point is live at all (its value goes around), so
// the other would intersect it (and the deleted move between them wrote
// one while the other was live). The blocks' and loops' lists are those
// a new exploration would give, at the cost of the merged registers'
// own lists rather than of a walk over the code.
func (lv *liveness) merge(merged [][2]Reg) {
	for _, m := range merged {
		s, d := int32(m[0]-FirstVReg), int32(m[1]-FirstVReg)
		for _, b := range lv.regs[s] {
			lv.out[b] = moveEntry(lv.out[b], s, d)
		}
		lv.regs[d] = append(lv.regs[d], lv.regs[s]...)
		lv.regs[s] = nil
		if lv.loops == nil || len(lv.regLoops[s]) == 0 {
			continue
		}
		for _, l := range lv.regLoops[s] {
			lv.through[l] = moveEntry(lv.through[l], s, d)
		}
		ls := append(lv.regLoops[d], lv.regLoops[s]...)
		slices.SortFunc(ls, func(a, b int32) int {
			pa, _ := lv.loops.Span(a)
			pb, _ := lv.loops.Span(b)
			return int(pa - pb)
		})
		lv.regLoops[d], lv.regLoops[s] = ls, nil
	}
}

// moveEntry replaces s by d in the increasing list, keeping it so.
func moveEntry(list []int32, s, d int32) []int32 {
	if i, found := slices.BinarySearch(list, s); found {
		list = slices.Delete(list, i, i+1)
	}
	if i, found := slices.BinarySearch(list, d); !found {
		list = slices.Insert(list, i, d)
	}
	return list
}

// isCopy reports whether in is a full-width move between virtual
// registers (a movl would clear the upper half: not a copy).
func (in *Instr) isCopy() bool {
	return in.Op == opMov && in.Size == 8 && !in.Spill &&
		in.Args[0].Kind == KindReg && in.Args[1].Kind == KindReg &&
		in.Args[0].Reg.IsVirtual() && in.Args[1].Reg.IsVirtual()
}

// unionRanges merges two sorted lists of disjoint ranges, joining ranges
// that touch or overlap (coalescing merges intervals that do not
// intersect; rejoinSplits, intervals that do).
func unionRanges(x, y []Range) []Range {
	out := make([]Range, 0, len(x)+len(y))
	add := func(r Range) {
		if n := len(out); n > 0 && out[n-1].End >= r.Start {
			out[n-1].End = max(out[n-1].End, r.End)
			return
		}
		out = append(out, r)
	}
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		if j == len(y) || i < len(x) && x[i].Start < y[j].Start {
			add(x[i])
			i++
		} else {
			add(y[j])
			j++
		}
	}
	return out
}
