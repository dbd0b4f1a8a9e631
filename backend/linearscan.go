package backend

import (
	"fmt"
	"math"
	"sort"
)

// Linear-scan register allocation, after Poletto and Sarkar ("Linear Scan
// Register Allocation", TOPLAS 1999), with the lifetime holes and fixed
// intervals of Wimmer and Mössenböck ("Optimized Interval Splitting in a
// Linear Scan Register Allocator", VEE 2005) but without splitting: an
// interval gets one physical register for its whole life, or none.
//
// Intervals are visited by increasing start. The active ones (live at the
// current position) hold their registers; the inactive ones (in a hole)
// hold theirs only where they intersect the current interval; a physical
// register's fixed interval (argument, result, division and shift registers,
// and the caller-saved registers at each call) blocks it wherever it
// intersects. Which registers the active and inactive intervals block for
// the current one is asked of each register's union of the intervals it
// holds (regunion.go, as LLVM's LiveIntervalUnion): a binary search per
// register, not a walk over the intervals in a hole. A register free for the whole current interval is taken, the
// one a move relates it to first (a hint: the move then vanishes, which is
// all the copy coalescing there is — only between intervals that do not
// interfere), else the first in allocOrder. When none is free, the
// cheapest to spill among the current interval and, for each register,
// the intervals holding it across the current one (spill weight: uses and
// definitions, ten times as heavy per loop level, per instruction covered)
// loses: it is spilled whole.
//
// A spilled register lives in a stack slot — shared with a register it is
// copied from or to when both are spilled and their intervals do not
// intersect, so φ copies between spilled values cost nothing — and
// insertSpillCode rewrites its operands: to the slot itself where the instruction takes a
// memory operand, else to a short-lived temporary reloaded before and
// stored after the instruction. The temporaries must get registers, so
// allocation runs again on the rewritten code, until a round spills
// nothing (each round spills at least one of the original registers, so
// this ends; in practice the second round does).

// allocation is the outcome of the last round, kept for the dump and
// AllocationInfo (explain.go).
type allocation struct {
	set     *intervalSet
	spilled []spillRecord
	rounds  int
	// spillRounds holds the code of each round that spilled, which the
	// ranges of its spill records number.
	spillRounds []roundCode
}

// spillRecord remembers a spilled register's interval and slot.
type spillRecord struct {
	reg    Reg
	ranges []Range // numbered as in spillRounds[round]
	slot   *Slot
	round  int
}

// roundCode is the instruction numbering of one allocation round: the
// first position of each block (by ID) and its instructions then. Later
// rounds only insert instructions (spill code, split copies), so its
// instructions are all in the final code and its positions translate
// (explain.go); keeping it costs a slice header per block, since
// insertSpillCode gives every block a new slice.
type roundCode struct {
	start []int
	code  [][]*Instr
}

// Allocate assigns every virtual register a physical register, spilling to
// stack slots and inserting the reloads and spill stores where there are
// not enough (or splitting around calls and loops the registers live
// across them first, splitcalls.go and splitloops.go). It numbers the
// instructions along f.Blocks, so the block order must be final
// (OrderBlocks, then PlanShrinkWrap, which keeps it; the pass table runs
// them first, and CoalesceCopies).
func (f *Func) Allocate() {
	a := &allocation{}
	var loops *loopSets // made by the first round that splits at loops
	var lv *liveness
	var split *loopSplit // what the last round split at loops
	for {
		a.rounds++
		if lv == nil {
			lv = f.takeLiveness()
		}
		if recheckLiveness != nil {
			recheckLiveness(f, lv)
		}
		if split != nil {
			a.set = a.set.rebuilt(f, lv, split)
			if recheckIntervals != nil {
				recheckIntervals(f, a.set, buildIntervals(f, lv))
			}
		} else {
			a.set = buildIntervals(f, lv)
		}
		split = nil
		spilled := linearScan(f, a.set)
		if len(spilled) == 0 {
			break
		}
		if f.splitAroundCalls(spilled, a.set, lv.loops) {
			lv = nil // the splits' registers live across blocks
			continue
		}
		if split = f.splitAroundLoops(spilled, &loops, lv, a.set); split != nil {
			lv.update(f, split.changed) // the other registers' code is as it was
			continue
		}
		f.assignSpillSlots(a, f.rejoinSplits(spilled))
		f.insertSpillCode()
		lv.drop(f, spilled)
	}
	for i, it := range a.set.virtual {
		if it != nil {
			f.vregs[i].loc = it.assigned
		}
	}
	if !f.keepCode {
		// Only the dumps read the intervals, and the spill records
		// whose ranges are theirs (explain.go), from here on: an
		// allocation's intervals were a twentieth of what an -O1
		// compile allocates, made anew for every function.
		a.set.release()
		a.set, a.spilled = nil, nil
	}
	f.alloc = a
	f.stage = stageAllocated
}

// recheckIntervals, when set (the tests set it), is called with the
// intervals Allocate rebuilt after a split at loops and those
// buildIntervals builds, to compare them.
var recheckIntervals func(f *Func, rebuilt, fresh *intervalSet)

// assignSpillSlots gives each interval spilled in this round a stack slot:
// the slot of a register it is moved from or to (a hint) when that was
// spilled in this round too and no interval in the slot intersects it —
// then the move between them needs no memory traffic — else a fresh one.
func (f *Func) assignSpillSlots(a *allocation, spilled []*Interval) {
	occupants := map[*Slot][]*Interval{} // slots of this round; looked up, never iterated
	rc := roundCode{start: a.set.start, code: make([][]*Instr, len(f.Blocks))}
	for _, b := range f.Blocks {
		rc.code[b.ID] = b.Instrs
	}
	round := len(a.spillRounds)
	a.spillRounds = append(a.spillRounds, rc)
	for _, it := range spilled {
		var slot *Slot
	hints:
		for _, h := range it.hints {
			if !h.IsVirtual() {
				continue
			}
			cand := f.spillSlot(h)
			if cand == nil || occupants[cand] == nil {
				continue
			}
			for _, o := range occupants[cand] {
				if intersects(o, it) {
					continue hints
				}
			}
			slot = cand
			slot.Name += "," + vregName(it.Reg)
			break
		}
		if slot == nil {
			slot = f.newSlot(SlotSpill, 8, 8, vregName(it.Reg))
		}
		occupants[slot] = append(occupants[slot], it)
		f.vreg(it.Reg).slot = slot
		a.spilled = append(a.spilled, spillRecord{it.Reg, it.Ranges, slot, round})
	}
}

// linearScan assigns registers to the virtual intervals of set and returns
// those it spilled.
func linearScan(f *Func, set *intervalSet) []*Interval {
	var unhandled []*Interval
	for _, it := range set.virtual {
		if it != nil {
			unhandled = append(unhandled, it)
		}
	}
	sort.SliceStable(unhandled, func(i, j int) bool { return unhandled[i].Start() < unhandled[j].Start() })
	s := &scanner{f: f, set: set}
	for _, cur := range unhandled {
		s.advance(cur.Start())
		if r := s.freeRegister(cur); r != NoReg {
			s.assign(cur, r)
			continue
		}
		s.allocateBlocked(f, cur)
	}
	return s.spilled
}

type scanner struct {
	f        *Func
	set      *intervalSet
	active   []*Interval // live at the position: at most one per register
	inactive inactiveSet
	unions   [FirstVReg]regUnion // by physical register: the intervals assigned to it
	stamp    uint32              // the last regUnion.holders query
	spilled  []*Interval
	spare    []*Interval // the list advance fills, reused
	// fixedFrom is, per physical register, the first range of its fixed
	// interval that ends after fixedAt, the start of the last interval
	// fixed was asked about.
	fixedFrom [FirstVReg]int
	fixedAt   int
}

// assign gives cur the register r, which no interval holding r intersects.
func (s *scanner) assign(cur *Interval, r Reg) {
	cur.assigned = r
	s.active = append(s.active, cur)
	s.unions[r].insert(cur)
}

// advance moves intervals between active, inactive and handled (dropped)
// for the scan position pos. Only the inactive intervals whose next range
// has begun are looked at, so a function whose intervals have long holes
// (values used again only in a cold block at its end) costs no more per
// step than one without.
func (s *scanner) advance(pos int) {
	active := s.spare[:0]
	for _, it := range s.active {
		switch {
		case it.End() <= pos:
		case it.covers(pos):
			active = append(active, it)
		default:
			s.inactive.push(it)
		}
	}
	for s.inactive.nextStart() <= pos {
		it := s.inactive.pop()
		switch {
		case it.spilled, it.End() <= pos:
		case it.covers(pos):
			active = append(active, it)
		default:
			s.inactive.push(it)
		}
	}
	s.spare = s.active
	s.active = active
}

// taken returns the registers cur cannot take without evicting someone:
// those of the active intervals, which are live where cur starts, and
// those whose union meets cur (the inactive intervals in them; the
// handled ones ended before cur starts).
func (s *scanner) taken(cur *Interval) (taken RegMask) {
	for _, it := range s.active {
		taken |= maskOf(it.assigned)
	}
	for _, r := range allocOrder {
		if !taken.Has(r) && s.unions[r].overlaps(cur) {
			taken |= maskOf(r)
		}
	}
	return taken
}

// fixed returns the registers cur cannot take at all: those whose fixed
// interval it intersects (but see copiesOf). The intervals come by
// increasing start, so the ranges of a fixed interval that end before the
// current one starts can meet no later one either: each register keeps
// the first of its ranges that may (fixedFrom), and a query starts there
// rather than searching the whole interval again. A fixed interval has a
// range per call (the caller-saved registers), so at -O0, where every
// value is loaded into a register of its own, that search was a third of
// the allocation's work.
func (s *scanner) fixed(cur *Interval) (fixed RegMask) {
	start := cur.Start()
	if start < s.fixedAt { // not by increasing start: search from the first range
		s.fixedFrom = [FirstVReg]int{}
	}
	s.fixedAt = start
	for _, r := range allocOrder {
		fx := s.set.fixed[r]
		if fx == nil {
			continue
		}
		i := skipTo(fx.Ranges, s.fixedFrom[r], start)
		s.fixedFrom[r] = i
		if i < len(fx.Ranges) && fx.Ranges[i].Start < cur.End() && rangesIntersect(fx.Ranges[i:], cur.Ranges) {
			fixed |= maskOf(r)
		}
	}
	return fixed
}

// copiesOf reports whether every range of the fixed interval fx that
// meets cur holds a copy of cur: it begins with `movq cur, r` (fx's
// register), and nothing after that move, up to the range's last use of
// r, writes r or cur — except that last use, which reads r first. cur may
// then live in r itself, and the move is none: a variable shift count
// stays in rcx (knapsack's loop counter, also the bit index of a mask,
// was copied to rcx in each iteration; gcc keeps it there).
func (s *scanner) copiesOf(fx, cur *Interval) bool {
	if s.f == nil {
		return false
	}
	// The ranges of fx that meet cur, each once: for each range of cur,
	// those from the first that ends after its start (by a search, which
	// skips fx's ranges in cur's holes: a value live between 10,000
	// calls, each with its argument in rdi, looked at every one of them).
	next := 0 // fx's ranges before it are done
	for _, cr := range cur.Ranges {
		rest := fx.Ranges[next:]
		i := next + sort.Search(len(rest), func(i int) bool { return rest[i].End > cr.Start })
		for ; i < len(fx.Ranges) && fx.Ranges[i].Start < cr.End; i++ {
			if !s.copies(fx, cur, fx.Ranges[i]) {
				return false
			}
		}
		next = i
	}
	return true
}

// copies reports whether fx's range rg holds a copy of cur (copiesOf).
func (s *scanner) copies(fx, cur *Interval, rg Range) bool {
	r := fx.Reg
	if rg.Start%2 == 0 { // live in from a block's start, not defined here
		return false
	}
	for p := rg.Start - 1; p < rg.End; p += 2 {
		in := s.instrAt(p)
		if in == nil {
			return false
		}
		if p == rg.Start-1 {
			if in.Op != opMov || in.Size != 8 || !in.Args[0].isReg(r) || !in.Args[1].isReg(cur.Reg) {
				return false
			}
			continue
		}
		writes := in.Clobbers.Has(r)
		in.forEachDef(func(d Reg) { writes = writes || d == r || d == cur.Reg && p+1 < rg.End })
		if writes {
			return false
		}
	}
	return true
}

// instrAt returns the instruction at position p (even), or nil.
func (s *scanner) instrAt(p int) *Instr {
	blocks := s.f.Blocks
	i := sort.Search(len(blocks), func(i int) bool { return s.set.start[blocks[i].ID] > p }) - 1
	if i < 0 {
		return nil
	}
	b := blocks[i]
	k := (p - s.set.start[b.ID]) / 2
	if k >= len(b.Instrs) {
		return nil
	}
	return b.Instrs[k]
}

// freeRegister returns a register free for all of cur, or NoReg.
func (s *scanner) freeRegister(cur *Interval) Reg {
	taken, fixed := s.taken(cur), s.fixed(cur)
	unusable := taken | fixed
	// A register the fixed intervals hold copies of cur in is taken only
	// when no other hint is free: it vanishes those copies, but another
	// hint's move vanishes as well, and the register is the one the next
	// value copied into it (sha256's 32 - n after n) wants.
	var copyHint Reg = NoReg
	for _, h := range cur.hints {
		r := h
		if h.IsVirtual() {
			if it := s.set.virtual[h-FirstVReg]; it != nil && !it.spilled {
				r = it.assigned
			} else {
				r = NoReg
			}
		}
		if r.IsPhysical() && r != RSP && !unusable.Has(r) {
			return r
		}
		if copyHint == NoReg && r.IsPhysical() && r != RSP && fixed.Has(r) && !taken.Has(r) && s.copiesOf(s.set.fixed[r], cur) {
			copyHint = r
		}
	}
	if copyHint != NoReg {
		return copyHint
	}
	for _, r := range allocOrder {
		if !unusable.Has(r) {
			return r
		}
	}
	return NoReg
}

// allocateBlocked spills cur, or the intervals holding the register that
// is cheapest to free for it, whichever costs less.
func (s *scanner) allocateBlocked(f *Func, cur *Interval) {
	fixed := s.fixed(cur)
	best, bestCost := NoReg, math.Inf(1)
	for _, r := range allocOrder {
		if fixed.Has(r) {
			continue
		}
		cost := 0.0
		for _, it := range s.holders(r, cur) {
			cost += it.weight
		}
		if cost < bestCost {
			best, bestCost = r, cost
		}
	}
	if best == NoReg || !cur.unspillable && cur.weight <= bestCost {
		if cur.unspillable {
			panic(fmt.Sprintf("backend: %s: no register left for %s", f.Name, vregName(cur.Reg)))
		}
		cur.spilled = true
		s.spilled = append(s.spilled, cur)
		return
	}
	for _, it := range s.holders(best, cur) {
		it.spilled = true
		s.spilled = append(s.spilled, it)
		s.unions[best].remove(it)
	}
	s.active = removeSpilled(s.active) // the inactive set drops its own when it meets them
	s.assign(cur, best)
}

// holders returns the intervals in r that intersect cur: the active one
// first, then the inactive ones in the preorder of their places in the
// heap — the order of the walk over the heap that found them before the
// registers had unions, which decides the order of the spills and so the
// code.
func (s *scanner) holders(r Reg, cur *Interval) []*Interval {
	var list []*Interval
	for _, it := range s.active {
		if it.assigned == r && intersects(it, cur) {
			list = append(list, it)
		}
	}
	n := len(list)
	s.stamp++
	s.unions[r].holders(cur, s.stamp, func(it *Interval) {
		if it.heapSlot != 0 {
			list = append(list, it)
		}
	})
	inactive := list[n:]
	sort.Slice(inactive, func(i, j int) bool { return preorderBefore(inactive[i].heapSlot, inactive[j].heapSlot) })
	return list
}

func removeSpilled(list []*Interval) []*Interval {
	n := 0
	for _, it := range list {
		if !it.spilled {
			list[n] = it
			n++
		}
	}
	return list[:n]
}
