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
	}
	var moves []move
	for _, b := range f.Blocks {
		if b.prologue {
			continue
		}
		for _, in := range b.Instrs {
			if in.isCopy() {
				moves = append(moves, move{in, b.depth})
			}
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
	f.noteDefValues()
	rename := func(r Reg) Reg {
		if r.IsVirtual() {
			return find(r)
		}
		return r
	}
	for _, b := range f.Blocks {
		kept := b.Instrs[:0]
		for _, in := range b.Instrs {
			for k := range in.Args {
				a := &in.Args[k]
				a.Reg, a.Base, a.Index = rename(a.Reg), rename(a.Base), rename(a.Index)
			}
			if in.isCopy() && in.Args[0].Reg == in.Args[1].Reg {
				continue
			}
			kept = append(kept, in)
		}
		b.Instrs = kept
	}
	// Only the code of the merged registers and of those they became
	// changed (renamed, or a move between them deleted), and not the CFG:
	// the allocator gets the liveness updated for them alone.
	changed := make([]bool, nv)
	for _, m := range f.coalesced {
		changed[m[0]-FirstVReg], changed[m[1]-FirstVReg] = true, true
	}
	var regs []Reg
	for v, c := range changed {
		if c {
			regs = append(regs, FirstVReg+Reg(v))
		}
	}
	lv.update(f, regs)
	f.leaveLiveness(lv)
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
