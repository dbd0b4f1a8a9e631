package backend

import (
	"math"
	"sort"
	"sync"
)

// Live intervals, after Wimmer and Franz ("Linear Scan Register Allocation
// on SSA Form", CGO 2010, BuildIntervals): instructions are numbered 0, 2,
// 4, ... along the block order; an instruction at p reads its operands at p
// and writes its results at p+1, so a value whose last use is at p and a
// value defined at p may share a register (a move's source and
// destination), while everything live across p conflicts with what p
// writes. An interval is a sorted list of disjoint ranges [start, end) with
// holes where the register is dead (between a last use and a redefinition,
// or outside a branch of the CFG), built by one backward walk over the
// blocks: a register live out of a block covers the whole block until a
// definition cuts it short; a use extends it back to the block's start.
//
// Physical registers get fixed intervals the same way: argument and result
// registers from their definition to their use, and the registers a call
// destroys for the instant after it ([p+1, p+2)), so that a value live
// across a call conflicts with every caller-saved register.

type Range struct{ Start, End int }

// Interval is the lifetime of one virtual register, or the fixed lifetime
// of uses of one physical register. The small fields come first, together,
// so that it takes 88 bytes: a function has thousands, built again for
// coalescing and for each allocation round.
type Interval struct {
	Reg         Reg
	assigned    Reg    // the physical register, after linear scan
	cursor      int32  // the first range not yet behind the scan position
	heapSlot    int32  // 1 + its index in linear scan's inactive heap, 0 when not in it
	stamp       uint32 // the last regUnion.holders query that reported it
	spilled     bool
	unspillable bool // an allocator temporary, which must get a register (vregInfo)
	// saves marks a register splitAroundCalls made to hold a value across
	// calls: meant for memory, it weighs nothing, so that it takes a
	// register only where one is free and never evicts a value living in
	// a callee-saved register there (which would then be split around the
	// calls itself, with copies in and out of that register at each).
	saves  bool
	Ranges []Range // sorted, disjoint, non-adjacent
	hints  []Reg   // registers it is moved from or to: sharing one deletes the move
	weight float64 // spill cost: uses and defs weighted by loop depth, per instruction covered
	freq   float64 // the uses and defs weighted by loop depth, which weigh divides
}

func (it *Interval) Start() int { return it.Ranges[0].Start }
func (it *Interval) End() int   { return it.Ranges[len(it.Ranges)-1].End }

// covers reports whether it is live at pos; pos must not decrease from one
// call to the next.
func (it *Interval) covers(pos int) bool {
	for int(it.cursor) < len(it.Ranges) && it.Ranges[it.cursor].End <= pos {
		it.cursor++
	}
	return int(it.cursor) < len(it.Ranges) && it.Ranges[it.cursor].Start <= pos
}

// intersects reports whether a and b are live at some common position.
// Each step skips the ranges of one side that end before the other's
// current range begins (skipTo), so a long interval with many ranges
// inside the other's hole costs a search, not a walk.
func intersects(a, b *Interval) bool {
	if a.End() <= b.Start() || b.End() <= a.Start() {
		return false
	}
	return rangesIntersect(a.Ranges, b.Ranges)
}

// rangesIntersect reports whether two sorted lists of disjoint ranges,
// neither empty, share a position.
func rangesIntersect(x, y []Range) bool {
	i, j := 0, 0
	for {
		if i = skipTo(x, i, y[j].Start); i == len(x) {
			return false
		}
		if x[i].Start < y[j].End {
			return true
		}
		if j = skipTo(y, j, x[i].Start); j == len(y) {
			return false
		}
		if y[j].Start < x[i].End {
			return true
		}
	}
}

// skipTo returns the first index from from on of a range of rs that ends
// after pos, or len(rs): an exponential search (galloping, as in
// Bentley and Yao's unbounded search), which costs the log of the distance
// skipped, so a step to the next range is as cheap as in a plain merge.
func skipTo(rs []Range, from, pos int) int {
	if from == len(rs) || rs[from].End > pos {
		return from
	}
	lo, step := from, 1 // rs[lo] ends at or before pos
	for lo+step < len(rs) && rs[lo+step].End <= pos {
		lo += step
		step *= 2
	}
	hi := min(lo+step, len(rs)) // rs[hi] ends after pos, or hi == len(rs)
	return lo + 1 + sort.Search(hi-lo-1, func(k int) bool { return rs[lo+1+k].End > pos })
}

// addRange adds [start, end) during the backward build, which produces
// ranges in decreasing order: they are kept reversed until finish.
func (it *Interval) addRange(start, end int) {
	if n := len(it.Ranges); n > 0 && end >= it.Ranges[n-1].Start {
		last := &it.Ranges[n-1]
		last.Start = min(last.Start, start)
		last.End = max(last.End, end)
		return
	}
	it.Ranges = append(it.Ranges, Range{start, end})
}

// define records a definition at p: it cuts the range that reaches p back
// to p+1, or, when nothing later reads the value, makes the one-step range
// of a dead definition.
func (it *Interval) define(p int) {
	if n := len(it.Ranges); n > 0 && it.Ranges[n-1].Start <= p {
		it.Ranges[n-1].Start = p + 1
		return
	}
	it.addRange(p+1, p+2)
}

// intervalSet is the result of building: an interval per virtual register
// that occurs (nil for the others) and per physical register.
type intervalSet struct {
	virtual []*Interval // by vreg index
	fixed   [FirstVReg]*Interval
	start   []int // by block ID: the number of its first instruction

	// New intervals, and room for the first ranges of each, are cut
	// from these slabs: a function has thousands of intervals, most of
	// one or two ranges, and one allocation each was a tenth of the
	// compiler's allocations. slabs are all the set took, which release
	// gives back.
	slab   []Interval
	ranges []Range
	hints  []Reg
	slabs  []*intervalSlab
}

// intervalSlab is room for slabIntervals intervals and their first
// ranges. A set whose intervals are not kept (coalescing's) gives its
// slabs back for the next set to take (intervalSlabs): built for every
// function, they were a tenth of what an -O1 compile allocates.
type intervalSlab struct {
	intervals []Interval
	ranges    []Range
}

var intervalSlabs = sync.Pool{New: func() any {
	return &intervalSlab{make([]Interval, slabIntervals), make([]Range, slabIntervals*rangesPerInterval)}
}}

// release gives set's slabs back; nothing may use its intervals after.
func (set *intervalSet) release() {
	for _, sl := range set.slabs {
		clear(sl.intervals) // without the pointers to ranges and hints
		intervalSlabs.Put(sl)
	}
	*set = intervalSet{}
}

// slabIntervals is how many intervals, with rangesPerInterval ranges
// each, one slab allocation holds.
const (
	slabIntervals     = 64
	rangesPerInterval = 2
	hintsPerInterval  = 2
)

// newInterval returns a new interval of r from the slab.
func (set *intervalSet) newInterval(r Reg) *Interval {
	if len(set.slab) == cap(set.slab) {
		sl := intervalSlabs.Get().(*intervalSlab)
		set.slabs = append(set.slabs, sl)
		set.slab, set.ranges = sl.intervals[:0], sl.ranges
	}
	set.slab = append(set.slab, Interval{Reg: r})
	it := &set.slab[len(set.slab)-1]
	// Capped, so that an append past them reallocates rather than
	// running into the next interval's.
	it.Ranges, set.ranges = set.ranges[:0:rangesPerInterval], set.ranges[rangesPerInterval:]
	return it
}

// hint adds r to it's hints, the first ones in room cut from a slab, as
// the ranges are (most registers are moved from or to once or twice).
func (set *intervalSet) hint(it *Interval, r Reg) {
	if it.hints == nil {
		if len(set.hints) < hintsPerInterval {
			set.hints = make([]Reg, slabIntervals*hintsPerInterval)
		}
		it.hints, set.hints = set.hints[:0:hintsPerInterval], set.hints[hintsPerInterval:]
	}
	it.hints = append(it.hints, r)
}

// buildIntervals numbers the instructions of f along its block order and
// builds every interval, with spill weights and move hints.
func buildIntervals(f *Func, lv *liveness) *intervalSet {
	set := newIntervalSet(f)
	set.scan(f, lv.out, lv.through, lv.runs, nil)
	for _, it := range set.virtual {
		it.finish()
	}
	for _, it := range set.fixed {
		it.finish()
	}
	return set
}

// buildSomeIntervals numbers the instructions of f and builds the
// intervals of the virtual registers only marks (by index) alone, with
// their spill weights and their hints among themselves: the same
// intervals buildIntervals builds for them, since each register's ranges
// come from its own definitions, uses and liveness.
func buildSomeIntervals(f *Func, lv *liveness, only []bool) *intervalSet {
	set := newIntervalSet(f)
	out := make([][]int32, len(f.Blocks))
	var through [][]int32
	if lv.loops != nil {
		through = make([][]int32, len(lv.loops.Loops))
	}
	for v, marked := range only {
		if !marked {
			continue
		}
		for _, b := range lv.regs[v] {
			out[b] = append(out[b], int32(v))
		}
		if lv.loops != nil {
			for _, l := range lv.regLoops[v] {
				through[l] = append(through[l], int32(v))
			}
		}
	}
	set.scan(f, out, through, lv.runs, only)
	for v, it := range set.virtual {
		if only[v] {
			it.finish()
		}
	}
	return set
}

// newIntervalSet numbers the instructions of f, without intervals yet.
func newIntervalSet(f *Func) *intervalSet {
	set := &intervalSet{virtual: make([]*Interval, f.NumVRegs()), start: make([]int, len(f.Blocks))}
	pos := 0
	for _, b := range f.Blocks {
		set.start[b.ID] = pos
		pos += 2 * len(b.Instrs)
	}
	return set
}

// scan builds intervals by the backward walk over the blocks, out listing
// the registers live out of each block, and through those live through
// each loop of runs (by loop: its blocks' runs; nil without loops); with
// only not nil, the intervals of the virtual registers it marks (by
// index) alone, which out and through must then list alone. A register
// live through a loop gets a range for each of the loop's runs when the
// walk comes to the run's last block: the walk makes ranges from the end
// backwards, and nothing in the run defines the register, so it is what
// a range for each block of the run would merge into.
func (set *intervalSet) scan(f *Func, out, through [][]int32, runs [][]blockRun, only []bool) {
	get := func(r Reg) *Interval {
		var slot **Interval
		if r.IsVirtual() {
			if only != nil && !only[r-FirstVReg] {
				return nil
			}
			slot = &set.virtual[r-FirstVReg]
		} else {
			if only != nil {
				return nil
			}
			slot = &set.fixed[r]
		}
		if *slot == nil {
			*slot = set.newInterval(r)
			if r.IsVirtual() {
				vi := &f.vregs[r-FirstVReg]
				(*slot).unspillable, (*slot).saves = vi.unspillable, vi.split == splitAtCalls
			}
		}
		return *slot
	}
	type runEnd struct{ loop, first int32 }
	var ending [][]runEnd // by block ID: the runs that end there
	for l, rs := range runs {
		if len(through[l]) == 0 {
			continue
		}
		if ending == nil {
			ending = make([][]runEnd, len(f.Blocks))
		}
		for _, r := range rs {
			ending[r.last] = append(ending[r.last], runEnd{int32(l), r.first})
		}
	}
	for bi := len(f.Blocks) - 1; bi >= 0; bi-- {
		b := f.Blocks[bi]
		from := set.start[b.ID]
		to := from + 2*len(b.Instrs)
		freq := math.Pow(10, float64(min(b.depth, 6)))
		if ending != nil {
			for _, r := range ending[b.ID] {
				for _, v := range through[r.loop] {
					get(FirstVReg+Reg(v)).addRange(set.start[r.first], to)
				}
			}
		}
		for _, v := range out[b.ID] { // the most frequent step (a deep nest's counters are live out of every block inside): no call
			it := set.virtual[v]
			if it == nil {
				it = get(FirstVReg + Reg(v))
			}
			if n := len(it.Ranges); n > 0 && to >= it.Ranges[n-1].Start {
				it.Ranges[n-1].Start = min(it.Ranges[n-1].Start, from)
				it.Ranges[n-1].End = max(it.Ranges[n-1].End, to)
			} else {
				it.Ranges = append(it.Ranges, Range{from, to})
			}
		}
		for i := len(b.Instrs) - 1; i >= 0; i-- {
			in := b.Instrs[i]
			p := from + 2*i
			in.Clobbers.forEach(func(r Reg) {
				if it := get(r); it != nil {
					it.addRange(p+1, p+2)
				}
			})
			in.forEachDef(func(r Reg) {
				if it := get(r); it != nil {
					it.define(p)
					it.freq += freq
				}
			})
			in.forEachUse(func(r Reg) {
				if it := get(r); it != nil {
					it.addRange(from, p+1)
					it.freq += freq
				}
			})
			if in.Op == opMov && in.Args[0].Kind == KindReg && in.Args[1].Kind == KindReg {
				d, s := in.Args[0].Reg, in.Args[1].Reg
				if it := get(d); it != nil {
					set.hint(it, s)
				}
				if it := get(s); it != nil {
					set.hint(it, d)
				}
			}
		}
	}
}

// finish puts the ranges the backward walk made in order and weighs it.
func (it *Interval) finish() {
	if it == nil {
		return
	}
	for i, j := 0, len(it.Ranges)-1; i < j; i, j = i+1, j-1 {
		it.Ranges[i], it.Ranges[j] = it.Ranges[j], it.Ranges[i]
	}
	it.weigh()
}

// weigh sets the spill weight from the uses and the length.
func (it *Interval) weigh() {
	size := 0
	for _, r := range it.Ranges {
		size += r.End - r.Start
	}
	it.weight = it.freq / float64(size/2+4) // a long interval with few uses is the cheap one to spill
	if it.saves {
		it.weight = 0
	}
	if it.unspillable {
		it.weight = math.Inf(1)
	}
}

// rebuilt returns the intervals of f after splitAroundLoops made s, set
// being those of the round before and lv the updated liveness: the
// intervals of the registers s changed (their code, or the moves that
// hint at them) built anew, and every other one set's, its positions
// moved past the copies s inserted. That is what buildIntervals would
// build: those registers' definitions, uses and liveness are as they
// were, and wherever such a register was live on both sides of the
// inserted copies it is live across them. The cost is the changed
// registers' liveness and the other intervals' ranges, not every
// register's liveness in every block (quadratic in a deep loop nest,
// where each loop's counter is live through all the loops inside it).
func (set *intervalSet) rebuilt(f *Func, lv *liveness, s *loopSplit) *intervalSet {
	only := make([]bool, f.NumVRegs())
	for _, rs := range [][]Reg{s.changed, s.hinted} {
		for _, r := range rs {
			only[r-FirstVReg] = true
		}
	}
	next := buildSomeIntervals(f, lv, only)
	move := func(p int) int { // an old position to the new one
		b := sort.Search(len(set.start), func(i int) bool { return set.start[i] > p }) - 1
		i, half := (p-set.start[b])/2, (p-set.start[b])%2
		if n := s.count[b]; n > 0 && i >= int(s.at[b]) {
			i += int(n)
		}
		return next.start[b] + 2*i + half
	}
	moved := func(it *Interval) *Interval {
		m := &Interval{Reg: it.Reg, Ranges: make([]Range, len(it.Ranges)), freq: it.freq, unspillable: it.unspillable, saves: it.saves, hints: it.hints}
		for i, r := range it.Ranges {
			m.Ranges[i] = Range{move(r.Start), move(r.End-1) + 1}
		}
		m.weigh()
		return m
	}
	for v, it := range set.virtual {
		if it != nil && !only[v] {
			next.virtual[v] = moved(it)
		}
	}
	for r, it := range set.fixed {
		if it != nil {
			next.fixed[r] = moved(it)
		}
	}
	return next
}
