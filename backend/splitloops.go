package backend

import (
	"slices"

	"toyc/middle"
)

// Live-range splitting at loop boundaries. Linear scan spills an interval
// whole, so a value spilled for the pressure somewhere in its long life is
// reloaded at each of its uses, inside its loops too. Wimmer and Franz
// ("Linear Scan Register Allocation on SSA Form", CGO 2010, after Wimmer
// and Mössenböck 2005) move the split positions of a spilled interval out
// of loops, so that the part inside a loop gets a register loaded once
// before it; LLVM's greedy allocator does the same with its region splits.
//
// splitAroundLoops does it for a spilled register v and a loop L that uses
// v but never writes it (a loop invariant, from L's point of view): a new
// register v.L gets a copy of v at the end of each block that enters L's
// header from outside, and every use of v inside L reads v.L instead. v
// then has no use in L, so it is cheap to keep in memory there (its
// interval is long and its uses few), while v.L has L's uses on a short
// interval: the next round gives it a register if L has one to spare, and
// the reload happens once per entry to L instead of once per iteration.
// L is the outermost loop around a use that does not write v; if v.L is
// spilled in its turn, it can be split again at a loop nested in L, never
// at L itself, so splitting ends. The registers splitAroundCalls makes to
// hold a value across calls are never split at loops.
//
// A loop that writes v (a counter, an interpreter's state, a sum live
// after the loop and across a call there) is split the same way, with
// v.L standing for v in every use and definition inside L, and v copied
// back from v.L on each edge that leaves L for a block v is live into —
// in the block of its own that an edge from a block branching two ways
// has (SplitLoopExits), else at the end of the exiting block — except the
// cold blocks only L enters, which use v.L themselves, so that the copies
// stay off the hot path. Copies at the end of an exiting block that
// branches two ways (into a cold block that others enter too, the one
// exit SplitLoopExits gives no block) run once per iteration, so the split
// is made only when the copies run less often than the uses and
// definitions they spare (planWrittenSplit), and only for as many
// registers as L has to spare (spareRegisters): in a loop as wide as the
// register file the values split would be spilled again, with the copies
// on top. v, whose copies from v.L may be inside L, is not split at L's
// level again.

// neverSplitAtLoops is the loop level of a register no loop is deeper than.
const neverSplitAtLoops = 1 << 30

// loopSets is what splitAroundLoops needs of f's natural loops, computed
// once per Allocate: its rounds only insert instructions, never blocks or
// edges, so the forest's nodes stay the block IDs. A loop's level is its
// depth in the forest, the number of loops around its header, itself
// included.
type loopSets struct {
	*middle.LoopForest
	usable  []bool    // by loop: splittable at (see below)
	exiting [][]int32 // by loop: its blocks with a successor outside it
}

func (f *Func) loopSets() *loopSets {
	ls := &loopSets{LoopForest: f.loopForest()}
	// A natural loop holds the entry block only when the entry is its
	// header, and then no block enters it from outside to hold the copies.
	ls.usable = make([]bool, len(ls.Loops))
	for li := range ls.Loops {
		ls.usable[li] = !ls.Contains(int32(li), 0)
	}
	// An edge leaves the loops around its source up to the innermost one
	// that holds its target too: as many entries as the loops it leaves,
	// so that planWrittenSplit looks at a loop's exits and not at every
	// block of it (in a deep nest the outer loops hold all the blocks).
	ls.exiting = make([][]int32, len(ls.Loops))
	for _, b := range f.Blocks {
		n := int32(b.ID)
		for _, t := range b.Succs {
			for li := ls.Innermost(n); li >= 0 && !ls.Contains(li, int32(t.ID)); li = ls.Loops[li].Parent {
				if ex := ls.exiting[li]; len(ex) == 0 || ex[len(ex)-1] != n {
					ls.exiting[li] = append(ex, n)
				}
			}
		}
	}
	return ls
}

func (ls *loopSets) level(li int32) int { return int(ls.Loops[li].Depth) }

// outermost returns the outermost loop of the chain from li outwards whose
// loops are all usable, above level and, when writes is given, do not
// write the register (or -1 when li itself is not one). Each of the three
// holds on a part of the chain from li up to some loop, as a loop that
// holds the entry or writes the register is inside every loop around it:
// a binary search over the depths finds the end, where walking up the
// chain would take as many steps as the nest is deep.
func (ls *loopSets) outermost(li int32, level int, writes func(int32) bool) int32 {
	ok := func(l int32) bool { return ls.usable[l] && ls.level(l) > level && (writes == nil || !writes(l)) }
	if !ok(li) {
		return -1
	}
	lo, hi := max(level, 0)+1, ls.level(li) // ok at depth hi; find the smallest such depth
	for lo < hi {
		mid := lo + (hi-lo)/2
		if ok(ls.Ancestor(li, mid)) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return ls.Ancestor(li, lo)
}

// loopSplit is what splitAroundLoops changed, so that the next round
// updates the liveness and intervals of that alone.
type loopSplit struct {
	changed   []Reg   // the registers split and the new ones, in increasing order
	hinted    []Reg   // other virtual registers whose moves now name a new register
	at, count []int32 // by block ID: where the copies went in, and how many
}

// splitAroundLoops splits the registers among spilled at loops (see
// above) and returns what it changed, or nil when it split none; the
// allocation round must then be redone. ls is f's loops, made when first
// needed; lv and set are this round's liveness and intervals, with the
// registers linear scan gave them.
func (f *Func) splitAroundLoops(spilled []*Interval, ls **loopSets, lv *liveness, set *intervalSet) *loopSplit {
	candOf := make([]int32, f.NumVRegs()) // by vreg index: 1 + its index in cands, or 0
	var cands []Reg
	for _, it := range spilled {
		if v := it.Reg; !f.vreg(v).unspillable && candOf[v-FirstVReg] == 0 {
			cands = append(cands, v)
			candOf[v-FirstVReg] = int32(len(cands))
		}
	}
	if len(cands) == 0 {
		return nil
	}
	if *ls == nil {
		*ls = f.loopSets()
	}
	loops := (*ls).Loops
	if len(loops) == 0 {
		return nil
	}
	sets := *ls

	// defIn[c] holds the blocks that write cands[c], readIn[c] those that
	// read it, each once; touches[c] what each block naming it says of it.
	defIn, readIn, touches := f.touchesOf(cands, candOf)
	touchAt := make([]int32, len(f.Blocks)) // by block ID: 1 + the index in the touches of the register planned

	var changed, created, hinted []Reg
	before := make([][]*Instr, len(f.Blocks)) // by block ID: copies to insert before its closing branches
	exits := make([][]*Instr, len(f.Blocks))  // by block ID: the copies out of a loop's register, which go first
	var defPre []int32                        // the preorder starts of the innermost loops of the blocks writing a register
	chosen := make([]int32, len(loops))       // by loop: 1 + the index in spilled of a register split at it
	spare := make([]int32, len(loops))        // by loop: 1 + the registers left for splits for its writes, or 0 before it is counted
	for k, it := range spilled {
		v := it.Reg
		c := candIndex(candOf, v)
		if c < 0 {
			continue
		}
		stamp := int32(k + 1)
		for i, t := range touches[c] {
			touchAt[t.block.ID] = int32(i + 1)
		}
		touched := regTouches{touches[c], touchAt}
		// A loop writes v when a block writing v is inside it: when the
		// preorder span of the loop holds the span of the block's
		// innermost loop, a binary search in the sorted starts of those.
		defPre = defPre[:0]
		for _, b := range defIn[c] {
			if li := sets.Innermost(int32(b.ID)); li >= 0 {
				pre, _ := sets.Span(li)
				defPre = append(defPre, pre)
			}
		}
		slices.Sort(defPre)
		writes := func(li int32) bool {
			pre, end := sets.Span(li)
			i, _ := slices.BinarySearch(defPre, pre)
			return i < len(defPre) && defPre[i] < end
		}
		// Going out from a use, levels fall and a loop that writes v or
		// holds the entry has only such loops around it: the loops to
		// split at are a chain from the innermost, and the outermost of
		// it is the one. A block whose innermost loop writes v has only
		// writing loops around it: the one to split at is the outermost
		// above v's level, if a register there pays for its copies.
		level := int(f.vreg(v).loopLevel)
		var order []loopChoice
		for _, blocks := range [][]*Block{defIn[c], readIn[c]} {
			for _, b := range blocks {
				li := sets.Innermost(int32(b.ID))
				if li < 0 || !writes(li) {
					continue
				}
				best := sets.outermost(li, level, nil)
				if best >= 0 && chosen[best] != stamp {
					chosen[best] = stamp
					if spare[best] == 0 {
						spare[best] = 1 + int32(f.spareRegisters(sets, best, set))
					}
					if plan, ok := f.planWrittenSplit(sets, best, v, lv, touched); ok && spare[best] > 1 {
						spare[best]--
						order = append(order, plan)
					}
				}
			}
		}
		written := len(order)
	reads:
		for _, b := range readIn[c] {
			best := int32(-1)
			if li := sets.Innermost(int32(b.ID)); li >= 0 && !writes(li) {
				best = sets.outermost(li, level, writes)
			}
			if best < 0 || chosen[best] == stamp {
				continue
			}
			chosen[best] = stamp
			// Inside a loop split for its writes, v is that loop's
			// register already.
			for _, w := range order[:written] {
				if sets.Contains(w.loop, loops[best].Header) {
					continue reads
				}
			}
			order = append(order, loopChoice{loop: best})
		}
		if len(order) > 0 {
			changed = append(changed, v)
		}
		for _, ch := range order {
			li := ch.loop
			header := f.Blocks[loops[li].Header]
			nv := f.newVReg(f.vreg(v).width)
			vi := f.vreg(nv)
			vi.splitOf, vi.split, vi.loopLevel = v, splitAtLoop, int32(sets.level(li))
			rename := func(b int32) {
				for _, in := range f.Blocks[b].Instrs {
					renamed := in.renameRegs(v, nv, ch.writes)
					if renamed && in.Op == opMov && in.Args[0].Kind == KindReg && in.Args[1].Kind == KindReg {
						for _, a := range in.Args[:2] {
							if a.Reg.IsVirtual() && a.Reg != nv {
								hinted = append(hinted, a.Reg)
							}
						}
					}
				}
			}
			// Only the loop's blocks that name v have v to rename (going
			// through all of the loop's for each register took the
			// loop's size times the registers split at it).
			for _, t := range touches[c] {
				if b := int32(t.block.ID); sets.Contains(li, b) {
					rename(b)
				}
			}
			for _, b := range ch.region {
				rename(b)
			}
			if !ch.writes || ch.liveIn {
				for _, p := range header.Preds {
					if !sets.Contains(li, int32(p.ID)) {
						// The copy runs where it is placed, at the end of
						// the entry block: with the header's line, gdb would
						// stop at that line once, before the loop, and (one
						// breakpoint a lexical block) no more in it.
						at := header.Instrs[0]
						if len(p.Instrs) > 0 {
							at = p.Instrs[len(p.Instrs)-1]
						}
						before[p.ID] = append(before[p.ID], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(nv), regOp(v)}, Pos: at.Pos, Inlined: at.Inlined})
					}
				}
			}
			for _, b := range ch.exits {
				last := f.Blocks[b].Instrs[len(f.Blocks[b].Instrs)-1]
				exits[b] = append(exits[b], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(v), regOp(nv)}, Pos: last.Pos, Inlined: last.Inlined})
			}
			if ch.writes {
				// The exit copies may write v inside the loop: v is
				// split at no loop at this level again, which would
				// split it at this one for them.
				f.vreg(v).loopLevel = max(f.vreg(v).loopLevel, vi.loopLevel)
			}
			created = append(created, nv)
		}
		for _, t := range touches[c] {
			touchAt[t.block.ID] = 0
		}
	}
	if len(created) == 0 {
		return nil
	}
	split := &loopSplit{at: make([]int32, len(f.Blocks)), count: make([]int32, len(f.Blocks))}
	for _, p := range f.Blocks {
		// A block leaving one loop for the header of another copies v out
		// of the first loop's register before it copies v into the second's.
		copies := append(exits[p.ID], before[p.ID]...)
		if len(copies) == 0 {
			continue
		}
		n := len(p.Instrs)
		for n > 0 && p.Instrs[n-1].isBranch() {
			n--
		}
		split.at[p.ID], split.count[p.ID] = int32(n), int32(len(copies))
		p.Instrs = append(p.Instrs[:n:n], append(copies, p.Instrs[n:]...)...)
	}
	slices.Sort(changed)
	split.changed = append(slices.Compact(changed), created...) // each newer than every register before
	split.hinted = hinted
	return split
}

// loopChoice is a loop splitAroundLoops splits a register v at. For a
// loop that reads v without writing it, v.L gets v's value before the
// header and nothing else; for one that writes v (writes), v.L stands for
// v in region too, the cold blocks only the loop enters (runtime errors,
// which report the value), and v gets v.L's value back at the end of each
// block in exits, which leaves the loop for a block v is live into (or is
// the edge block of such an exit).
type loopChoice struct {
	loop   int32
	writes bool
	liveIn bool    // v is live into the header: the entries copy it to v.L
	region []int32 // the cold blocks renamed with the loop
	exits  []int32 // the blocks that copy v.L back to v: exiting blocks of the loop, or edge blocks out of it
}

// touchesOf walks f once for the registers cands (candOf: by vreg index,
// 1 + the index in cands, or 0) and returns, by candidate, the blocks
// that write it and those that read it, each once, and what each block
// naming it says of it (regTouch), all in the order of f's blocks.
func (f *Func) touchesOf(cands []Reg, candOf []int32) (defIn, readIn [][]*Block, touches [][]regTouch) {
	defIn = make([][]*Block, len(cands))
	readIn = make([][]*Block, len(cands))
	touches = make([][]regTouch, len(cands))
	namedAt := make([]int32, len(cands)) // by candidate: the last instruction (numbered from 1) naming it
	var named []int                      // the candidates the instruction names
	num := int32(0)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			num++
			named = named[:0]
			name := func(c int, read bool) {
				if namedAt[c] != num {
					namedAt[c] = num
					named = append(named, c)
					if ts := touches[c]; len(ts) == 0 || ts[len(ts)-1].block != b {
						touches[c] = append(ts, regTouch{block: b})
					}
				}
				if t := &touches[c][len(touches[c])-1]; t.first == 0 {
					t.first = touchWritten
					if read {
						t.first = touchRead
					}
				}
			}
			in.forEachUse(func(r Reg) {
				if c := candIndex(candOf, r); c >= 0 {
					name(c, true)
					if len(readIn[c]) == 0 || readIn[c][len(readIn[c])-1] != b {
						readIn[c] = append(readIn[c], b)
					}
				}
			})
			in.forEachDef(func(r Reg) {
				if c := candIndex(candOf, r); c >= 0 {
					name(c, false)
					if len(defIn[c]) == 0 || defIn[c][len(defIn[c])-1] != b {
						defIn[c] = append(defIn[c], b)
					}
				}
			})
			for _, c := range named {
				touches[c][len(touches[c])-1].spill += int32(f.spillCode(in, cands[c]))
			}
		}
	}
	return defIn, readIn, touches
}

// regTouch is what a register's code in one block says, so that the
// planning of its splits need not look through the block again (a loop of
// one block of thousands of instructions, in which hundreds of registers
// were spilled, made that quadratic): the spill code the block would hold
// for it (spillCode), and whether the block's first instruction naming it
// reads it, so that it is live into the block, or only writes it.
type regTouch struct {
	block *Block
	spill int32
	first int8 // touchRead or touchWritten
}

const (
	touchRead = 1 + iota
	touchWritten
)

// regTouches are the touches of one register, in order, and the index
// of each by block ID (plus one; 0: the block does not name it).
type regTouches struct {
	list []regTouch
	at   []int32
}

// of returns the touch of block b, or nil.
func (rt regTouches) of(b *Block) *regTouch {
	if k := rt.at[b.ID]; k > 0 {
		return &rt.list[k-1]
	}
	return nil
}

// liveInto is liveness.liveInto for the register of rt.
func (rt regTouches) liveInto(lv *liveness, b *Block, v Reg) bool {
	if t := rt.of(b); t != nil {
		return t.first == touchRead
	}
	return lv.liveAcross(b, v)
}

// planWrittenSplit plans splitting v, which the loop li writes, at li:
// the loop's uses and definitions of v then go to a register of their
// own, and copies in and out of it run on li's entries and exits. It
// reports whether that pays: whether the reloads and stores the loop would
// run with v in memory (spillCode: none where x86 takes the slot as the
// operand) outnumber the copies, each counted as often as its block runs
// by the spill weights' estimate (ten times per loop level). Copies at the
// end of an exiting block run as often as it does, those in an exit's edge
// block as often as the exit is taken. touched says what each block that
// uses or defines v holds of it (touchesOf); one of those blocks must be
// outside the loop, else v.L would be v under another name.
func (f *Func) planWrittenSplit(sets *loopSets, li int32, v Reg, lv *liveness, touched regTouches) (loopChoice, bool) {
	ch := loopChoice{loop: li, writes: true}
	header := f.Blocks[sets.Loops[li].Header]
	ch.liveIn = touched.liveInto(lv, header, v)
	cost, benefit := 0.0, 0.0
	if ch.liveIn {
		for _, p := range header.Preds {
			if !sets.Contains(li, int32(p.ID)) {
				cost += blockFreq(p)
			}
		}
	}
	// Only the blocks that use or define v have spill code for it, and
	// only the loop's exits can hold copies or lead to its cold blocks:
	// the work is theirs, not the loop's size. The sums are of whole
	// numbers, exact in any order.
	inRegion := map[int32]bool{} // the cold blocks of ch.region; looked up, never iterated
	count := func(b *Block) {
		if t := touched.of(b); t != nil {
			benefit += blockFreq(b) * float64(t.spill)
		}
	}
	for _, t := range touched.list {
		if sets.Contains(li, int32(t.block.ID)) {
			count(t.block)
		}
	}
	for _, n := range sets.exiting[li] {
		b := f.Blocks[n]
		exits := false
		for _, t := range b.Succs {
			switch {
			case sets.Contains(li, int32(t.ID)) || inRegion[int32(t.ID)]:
			case t.isCold() && len(t.Succs) == 0 && allPredsIn(sets, li, t):
				inRegion[int32(t.ID)] = true
				ch.region = append(ch.region, int32(t.ID))
				count(t)
			case !touched.liveInto(lv, t, v):
			case len(b.Succs) > 1 && t.edgeBlockFor(v):
				ch.exits = append(ch.exits, int32(t.ID))
				cost += blockFreq(t)
			default:
				exits = true
			}
		}
		if exits {
			ch.exits = append(ch.exits, n)
			cost += blockFreq(b)
		}
	}
	outside := false
	for _, t := range touched.list {
		outside = outside || !sets.Contains(li, int32(t.block.ID)) && !inRegion[int32(t.block.ID)]
	}
	return ch, outside && (ch.liveIn || len(ch.exits) > 0) && benefit > cost
}

// blockFreq is how often the spill weights' estimate runs b: ten times
// per loop level, up to six levels.
func blockFreq(b *Block) float64 { return pow10[min(b.depth, len(pow10)-1)] }

var pow10 = [...]float64{1, 10, 100, 1e3, 1e4, 1e5, 1e6}

// spareRegisters counts the registers that this round's allocation leaves
// to a new register living in the loop li: those no fixed interval blocks
// in the loop and no interval holds there that the loop uses or defines.
// A register held by a value that only passes through the loop counts:
// that value is the cheaper one to keep in memory there. A loop whose
// registers all hold its own values somewhere (a loop as wide as the
// register file) has none: splitting a value for its writes would only
// add copies to the values that stay in memory.
func (f *Func) spareRegisters(sets *loopSets, li int32, set *intervalSet) int {
	used := make([]bool, f.NumVRegs())
	mark := func(r Reg) {
		if r.IsVirtual() {
			used[r-FirstVReg] = true
		}
	}
	loop := &Interval{}
	sets.Nodes(li, func(n int32) {
		b := f.Blocks[n]
		loop.Ranges = append(loop.Ranges, Range{set.start[n], set.start[n] + 2*len(b.Instrs)})
		for _, in := range b.Instrs {
			in.forEachUse(mark)
			in.forEachDef(mark)
		}
	})
	slices.SortFunc(loop.Ranges, func(x, y Range) int { return x.Start - y.Start })
	var busy RegMask
	for _, r := range allocOrder {
		if fx := set.fixed[r]; fx != nil && intersects(fx, loop) {
			busy |= maskOf(r)
		}
	}
	for v, it := range set.virtual {
		if it != nil && !it.spilled && used[v] && !busy.Has(it.assigned) && intersects(it, loop) {
			busy |= maskOf(it.assigned)
		}
	}
	n := 0
	for _, r := range allocOrder {
		if !busy.Has(r) {
			n++
		}
	}
	return n
}

// spillCode counts the reloads and stores insertSpillCode would put around
// in for v in memory: none where in can take v's slot as its operand
// (`addq $1, 24(%rsp)`), else one to read v and one to write it.
func (f *Func) spillCode(in *Instr, v Reg) int {
	hasMem, regAt, regs, inAddress := false, -1, 0, false
	for i, a := range in.Args {
		switch a.Kind {
		case KindMem:
			hasMem = true
			inAddress = inAddress || a.Base == v || a.Index == v
		case KindReg:
			if a.Reg == v {
				regAt, regs = i, regs+1
			}
		}
	}
	if regs == 0 && !inAddress {
		return 0
	}
	if regs == 2 && in.isSelfTest() {
		return 0 // cmp $0 with the slot (insertSpillCode)
	}
	if regs == 1 && !inAddress && !hasMem && (f.memoryOK(in, regAt) || in.Op == opMov && in.Size == 4 && in.Args[1].Kind == KindImm && fitsInt32(in.Args[1].Imm)) {
		return 0
	}
	n := 0
	read, written := false, false
	in.forEachUse(func(r Reg) { read = read || r == v })
	in.forEachDef(func(r Reg) { written = written || r == v })
	if read {
		n++
	}
	if written {
		n++
	}
	return n
}

// edgeBlockFor reports whether t, a successor of a block that branches
// two ways, holds one edge of it (SplitLoopExits), where a copy into v
// runs on that edge alone: t has that one predecessor, jumps on to one
// block, and neither reads nor writes v, so a copy before its jump holds
// for v's uses after it.
func (t *Block) edgeBlockFor(v Reg) bool {
	n := len(t.Instrs)
	if len(t.Preds) != 1 || len(t.Succs) != 1 || n == 0 || t.Instrs[n-1].Op != opJmp {
		return false
	}
	for _, in := range t.Instrs {
		touches := false
		in.forEachUse(func(r Reg) { touches = touches || r == v })
		in.forEachDef(func(r Reg) { touches = touches || r == v })
		if touches {
			return false
		}
	}
	return true
}

// allPredsIn reports whether every predecessor of b is in the loop li.
func allPredsIn(sets *loopSets, li int32, b *Block) bool {
	for _, p := range b.Preds {
		if !sets.Contains(li, int32(p.ID)) {
			return false
		}
	}
	return true
}

// candIndex returns r's index in splitAroundLoops' candidates, or -1.
func candIndex(candOf []int32, r Reg) int {
	if r.IsVirtual() && int(r-FirstVReg) < len(candOf) {
		return int(candOf[r-FirstVReg]) - 1
	}
	return -1
}

// renameRegs makes in use to instead of from wherever it reads from (as
// an operand, or in the address of a memory operand) and, with writes,
// wherever it writes from too; it reports whether it renamed any. Without
// writes, in must not write from.
func (in *Instr) renameRegs(from, to Reg, writes bool) (renamed bool) {
	for i := range in.Args {
		a := &in.Args[i]
		switch a.Kind {
		case KindReg:
			if a.Reg == from && (writes || in.role(i) == roleUse) {
				a.Reg, renamed = to, true
			}
		case KindMem:
			if a.Base == from {
				a.Base, renamed = to, true
			}
			if a.Index == from {
				a.Index, renamed = to, true
			}
		}
	}
	return renamed
}

// liveInto reports whether v is live where b begins: read in b before b
// writes it, or live out of b and not written in b.
func (lv *liveness) liveInto(b *Block, v Reg) bool {
	for _, in := range b.Instrs {
		read, written := false, false
		in.forEachUse(func(r Reg) { read = read || r == v })
		if read {
			return true
		}
		in.forEachDef(func(r Reg) { written = written || r == v })
		if written {
			return false
		}
	}
	return lv.liveAcross(b, v)
}

// liveAcross reports whether v, which b neither reads nor writes, is live
// into b: live out of it.
func (lv *liveness) liveAcross(b *Block, v Reg) bool {
	_, found := slices.BinarySearch(lv.out[b.ID], int32(v-FirstVReg))
	return found || lv.liveThrough(b, v)
}
