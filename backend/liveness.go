package backend

import (
	"slices"
	"sort"
	"sync"

	"toyc/middle"
)

// Liveness of virtual registers over the machine CFG, by path exploration
// from the uses, one register at a time (Appel's "Modern Compiler
// Implementation", section 19.6, and Brandner et al., "Computing Liveness
// Sets for SSA-Form Programs", 2011): from each block with a use not
// preceded by a definition in the block, walk the CFG backwards marking the
// register live-out at each predecessor and live-in where the predecessor
// does not define it, stopping where it was already marked; a loop that
// does not define it, around a block where it is live, is marked whole
// instead and the walk goes on from the loop's entries (middle.LoopLiveness,
// the same paper's loop-forest shortcut). The cost is the size of the
// result, in which such a loop counts once, and no set of all registers
// per block is ever made, which matters for functions with a hundred
// thousand virtual registers and thousands of blocks. The code is out of SSA by now (φ copies and
// two-address forms define a register several times); a definition anywhere
// in a block stops the walk there just the same.
//
// Physical registers are not tracked: instruction selection never keeps one
// live across a block boundary (the entry block's argument registers are
// live-in only up to their copies), which the interval builder relies on.

// liveness lists, for each block (by ID), the virtual registers live out
// of it, as indices (Reg - FirstVReg), in increasing order; and the same
// transposed, for each register the blocks it is live out of, so that
// update can find a register's entries without a look at every block.
// A register live through a whole loop that does not write it (live into
// and out of every block of it) is listed for the loop instead, in
// through and regLoops, and for none of its blocks: the walk steps over
// such loops (middle.LoopLiveness), and the interval builder covers each
// with a range per run of its blocks in the block order, so that a deep
// nest's counters, each live through every loop inside its own, cost
// the nest's size and not its size times its depth.
type liveness struct {
	out  [][]int32 // by block ID
	regs [][]int32 // by vreg index: the blocks, in no particular order

	loops    *middle.LoopForest // nil when f has no loop
	through  [][]int32          // by loop: the registers live through it, increasing
	regLoops [][]int32          // by vreg index: those loops, disjoint, by their preorder in the forest
	runs     [][]blockRun       // by loop: its blocks as runs of consecutive block IDs
}

// blockRun is the blocks first to last, by ID (their place in f.Blocks).
type blockRun struct{ first, last int32 }

// liveOut returns the registers live out of b, in increasing order: b's
// own and those of the loops around it.
func (lv *liveness) liveOut(b *Block) []int32 {
	if lv.loops == nil {
		return lv.out[b.ID]
	}
	all := slices.Clone(lv.out[b.ID])
	for l := lv.loops.Innermost(int32(b.ID)); l >= 0; l = lv.loops.Loops[l].Parent {
		all = append(all, lv.through[l]...)
	}
	slices.Sort(all)
	return all
}

// liveThrough reports whether v is live through a loop around b.
func (lv *liveness) liveThrough(b *Block, v Reg) bool {
	if lv.loops == nil || lv.loops.Innermost(int32(b.ID)) < 0 {
		return false
	}
	pre, _ := lv.loops.Span(lv.loops.Innermost(int32(b.ID)))
	// v's loops are disjoint, by preorder: the one around b, if any, is
	// the last to start at or before b's innermost loop.
	ls := lv.regLoops[v-FirstVReg]
	i := sort.Search(len(ls), func(i int) bool { p, _ := lv.loops.Span(ls[i]); return p > pre }) - 1
	if i < 0 {
		return false
	}
	_, end := lv.loops.Span(ls[i])
	return pre < end
}

// drop removes the registers of spilled from lv after insertSpillCode,
// which leaves the liveness of every other register as it was: the spilled
// ones are gone from the code (their operands are slots now, or
// temporaries), and the temporaries live within one block. The next
// round then needs no new exploration of the CFG.
func (lv *liveness) drop(f *Func, spilled []*Interval) {
	gone := make([]bool, f.NumVRegs())
	for _, it := range spilled {
		gone[it.Reg-FirstVReg] = true
	}
	for _, lists := range [][][]int32{lv.out, lv.through} {
		for i, list := range lists {
			kept := list[:0]
			for _, v := range list {
				if !gone[v] {
					kept = append(kept, v)
				}
			}
			lists[i] = kept
		}
	}
	for _, it := range spilled {
		lv.regs[it.Reg-FirstVReg] = nil
		if lv.loops != nil {
			lv.regLoops[it.Reg-FirstVReg] = nil
		}
	}
}

// recheckLiveness, when set (the tests set it), is called with every
// liveness Allocate uses, computed or kept across a spill round, to check
// it against an independent computation.
var recheckLiveness func(f *Func, lv *liveness)

// takeLiveness returns the liveness the pass before left for the code as
// it is, or computes it; either way none is left behind, since the caller
// is about to change the code.
func (f *Func) takeLiveness() *liveness {
	lv := f.live
	f.live = nil
	if lv == nil {
		return computeLiveness(f)
	}
	if recheckLiveness != nil {
		recheckLiveness(f, lv)
	}
	return lv
}

// leaveLiveness keeps lv, the liveness of the code as the pass running now
// leaves it, for the next pass.
func (f *Func) leaveLiveness(lv *liveness) { f.live, f.left = lv, true }

// An analysis left for the next pass is dropped by the pipeline unless the
// pass that made it set f.left (Pipeline.runFunc).

func computeLiveness(f *Func) *liveness {
	nb, nv := len(f.Blocks), f.NumVRegs()
	lv := &liveness{out: make([][]int32, nb), regs: make([][]int32, nv)}
	lv.findLoops(f)
	// Each register's blocks go into one array, register after register;
	// the blocks' lists are its transpose, filled in register order (so
	// sorted) into one array too: two allocations, not one per list. The
	// loops' lists the same way.
	w := newLiveWalk(f, nil, lv.loops)
	var all, allLoops []int32
	start := make([]int, nv+1)
	loopStart := make([]int, nv+1)
	var looped []int32 // the registers live through some loop
	for v := range nv {
		all, allLoops = w.explore(v, all, allLoops)
		start[v+1], loopStart[v+1] = len(all), len(allLoops)
		if loopStart[v+1] > loopStart[v] {
			looped = append(looped, int32(v))
		}
	}
	w.release()
	for v := range nv {
		lv.regs[v] = all[start[v]:start[v+1]:start[v+1]]
	}
	lv.out = transpose(nb, lv.regs, len(all))
	if lv.loops != nil {
		lv.regLoops = make([][]int32, nv)
		lv.through = make([][]int32, len(lv.loops.Loops))
		for _, v := range looped { // in increasing order: so are the loops' lists
			lv.regLoops[v] = allLoops[loopStart[v]:loopStart[v+1]:loopStart[v+1]]
			for _, l := range lv.regLoops[v] {
				lv.through[l] = append(lv.through[l], v)
			}
		}
	}
	return lv
}

// transpose returns, for each of n keys, the indexes of lists that hold
// it, in increasing order; total is the lists' total length.
func transpose(n int, lists [][]int32, total int) [][]int32 {
	count := make([]int, n+1)
	for _, l := range lists {
		for _, k := range l {
			count[k+1]++
		}
	}
	for k := range n {
		count[k+1] += count[k]
	}
	backing := make([]int32, total)
	t := make([][]int32, n)
	for k := range n {
		t[k] = backing[count[k]:count[k]:count[k+1]]
	}
	for i, l := range lists {
		for _, k := range l {
			t[k] = append(t[k], int32(i))
		}
	}
	return t
}

// findLoops sets lv's loops and their runs of blocks, when f has loops
// (OrderBlocks gave some block a depth) and its block IDs are their
// places in f.Blocks, as the walk and the runs need. A loop's runs are
// its own blocks and its children's runs, merged: bottom-up over the
// forest, so that a nest costs its size, not its size times its depth.
func (lv *liveness) findLoops(f *Func) {
	looped := false
	for i, b := range f.Blocks {
		if b.ID != i {
			return
		}
		looped = looped || b.depth > 0
	}
	if !looped {
		return
	}
	lf := f.loopForest()
	if len(lf.Loops) == 0 {
		return
	}
	lv.loops = lf
	lv.runs = make([][]blockRun, len(lf.Loops))
	for li := len(lf.Loops) - 1; li >= 0; li-- { // children come after their parents
		l := &lf.Loops[li]
		var rs []blockRun
		for _, b := range l.Blocks {
			rs = append(rs, blockRun{b, b})
		}
		for _, c := range l.Children {
			rs = append(rs, lv.runs[c]...)
		}
		slices.SortFunc(rs, func(a, b blockRun) int { return int(a.first - b.first) })
		merged := rs[:1]
		for _, r := range rs[1:] {
			if last := &merged[len(merged)-1]; r.first <= last.last+1 {
				last.last = max(last.last, r.last)
			} else {
				merged = append(merged, r)
			}
		}
		lv.runs[li] = slices.Clip(merged)
	}
}

// update recomputes the liveness of the registers of changed (in
// increasing order, none twice) after a change to their code alone (the
// splits of splitAroundLoops: a new register, and the one it was split
// from, which lost uses and gained copies), and keeps every other
// register's as it was: what is live where depends on a register's own
// definitions and uses and on the CFG, which the change left alone. Each
// block's and loop's list is filtered once and merged with its additions
// once, whatever the number of changed registers in it (a register at a
// time, deleting and inserting each by a search, took O(n) per register
// and block: 16 s of a chain of 3,000 checks with 3,000 arrays live
// through it). The cost is the size of the lists of the blocks and loops
// the changed registers are live in, and of their liveness, old and new.
func (lv *liveness) update(f *Func, changed []Reg) {
	mark := make([]bool, f.NumVRegs())
	for _, r := range changed {
		mark[r-FirstVReg] = true
	}
	isChanged := func(v int32) bool { return mark[v] }
	var touchedBlocks, touchedLoops []int32
	blockSeen := make([]bool, len(lv.out))
	var loopSeen []bool
	if lv.loops != nil {
		loopSeen = make([]bool, len(lv.through))
	}
	for _, r := range changed {
		v := int32(r - FirstVReg)
		if int(v) >= len(lv.regs) {
			continue
		}
		for _, b := range lv.regs[v] {
			if !blockSeen[b] {
				blockSeen[b] = true
				touchedBlocks = append(touchedBlocks, b)
			}
		}
		lv.regs[v] = nil
		if lv.loops != nil {
			for _, l := range lv.regLoops[v] {
				if !loopSeen[l] {
					loopSeen[l] = true
					touchedLoops = append(touchedLoops, l)
				}
			}
			lv.regLoops[v] = nil
		}
	}
	for _, b := range touchedBlocks {
		lv.out[b] = slices.DeleteFunc(lv.out[b], isChanged)
	}
	for _, l := range touchedLoops {
		lv.through[l] = slices.DeleteFunc(lv.through[l], isChanged)
	}
	lv.regs = append(lv.regs, make([][]int32, f.NumVRegs()-len(lv.regs))...)
	if lv.loops != nil {
		lv.regLoops = append(lv.regLoops, make([][]int32, f.NumVRegs()-len(lv.regLoops))...)
	}
	// The additions, by block and by loop, come in increasing order (so
	// does changed).
	addOut := make([][]int32, len(lv.out))
	var addThrough [][]int32
	if lv.loops != nil {
		addThrough = make([][]int32, len(lv.through))
	}
	w := newLiveWalk(f, mark, lv.loops)
	for _, r := range changed {
		v := int32(r - FirstVReg)
		var loops []int32
		lv.regs[v], loops = w.explore(int(v), lv.regs[v], nil)
		for _, b := range lv.regs[v] {
			addOut[b] = append(addOut[b], v)
		}
		if lv.loops != nil {
			lv.regLoops[v] = loops
			for _, l := range loops {
				addThrough[l] = append(addThrough[l], v)
			}
		}
	}
	w.release()
	for b, add := range addOut {
		if add != nil {
			lv.out[b] = mergeSorted(lv.out[b], add)
		}
	}
	for l, add := range addThrough {
		if add != nil {
			lv.through[l] = mergeSorted(lv.through[l], add)
		}
	}
}

// mergeSorted returns the increasing lists a and b (disjoint) merged, in
// a's memory when it has room, as append does.
func mergeSorted(a, b []int32) []int32 {
	n := len(a)
	a = slices.Grow(a, len(b))[:n+len(b)]
	i, j := n-1, len(b)-1
	for k := len(a) - 1; j >= 0; k-- { // from the end, so that a's are moved before they are overwritten
		if i >= 0 && a[i] > b[j] {
			a[k] = a[i]
			i--
		} else {
			a[k] = b[j]
			j--
		}
	}
	return a
}

// liveWalk is the state of the path exploration: each register's blocks
// with an upward-exposed use and with a definition, and the walk itself
// (middle.LoopLiveness, on the blocks by ID and f's loops).
type liveWalk struct {
	useBlocks, defBlocks [][]int32 // by vreg index: blocks with an upward-exposed use, with a definition
	walk                 *middle.LoopLiveness
	loops                *middle.LoopForest

	// The walk's tables, kept in liveWalks for the next walk's (release):
	// a walk is made for every liveness computed, several per function.
	lastUse, lastDef       []int32
	uses, defs             []regBlock
	useBacking, defBacking []int32
}

var liveWalks = sync.Pool{New: func() any { return new(liveWalk) }}

// release gives w's tables back; w may not be used after.
func (w *liveWalk) release() {
	liveWalks.Put(&liveWalk{useBlocks: middle.Released(w.useBlocks), defBlocks: middle.Released(w.defBlocks),
		lastUse: middle.Released(w.lastUse), lastDef: middle.Released(w.lastDef), uses: middle.Released(w.uses), defs: middle.Released(w.defs),
		useBacking: middle.Released(w.useBacking), defBacking: middle.Released(w.defBacking)})
}

// newLiveWalk reads f's code for the registers of only (by vreg index),
// or for all when only is nil; loops is f's loop forest, or nil. The
// (register, block) pairs are gathered in block order and then grouped by
// register into one array each for the uses and the definitions: two
// allocations, not one list per register.
func newLiveWalk(f *Func, only []bool, loops *middle.LoopForest) *liveWalk {
	nv := f.NumVRegs()
	w := liveWalks.Get().(*liveWalk)
	w.loops = loops
	w.walk = middle.NewLoopLiveness(predGraph(f), loops)
	lastUse := middle.Zeroed(w.lastUse, nv) // stamps: the block ID+1 that recorded it last
	lastDef := middle.Zeroed(w.lastDef, nv)
	uses, defs := w.uses[:0], w.defs[:0]
	wanted := func(r Reg) bool { return r.IsVirtual() && (only == nil || only[r-FirstVReg]) }
	// The two visitors are made once, not per instruction: they read
	// the block from b and stamp.
	var b, stamp int32 // the block's ID, and ID+1
	use := func(r Reg) {
		if v := r - FirstVReg; wanted(r) && lastDef[v] != stamp && lastUse[v] != stamp {
			lastUse[v] = stamp
			uses = append(uses, regBlock{int32(v), b})
		}
	}
	def := func(r Reg) {
		if v := r - FirstVReg; wanted(r) && lastDef[v] != stamp {
			lastDef[v] = stamp
			defs = append(defs, regBlock{int32(v), b})
		}
	}
	for _, blk := range f.Blocks {
		b, stamp = int32(blk.ID), int32(blk.ID+1)
		for _, in := range blk.Instrs {
			in.forEachUse(use)
			in.forEachDef(def)
		}
	}
	w.lastUse, w.lastDef, w.uses, w.defs = lastUse, lastDef, uses, defs
	w.useBlocks, w.useBacking = byReg(nv, uses, lastUse, w.useBlocks, w.useBacking)
	w.defBlocks, w.defBacking = byReg(nv, defs, lastDef, w.defBlocks, w.defBacking)
	return w
}

// regBlock is a register index and a block ID.
type regBlock struct{ v, b int32 }

// byReg groups the blocks of pairs by register, keeping their order (a
// counting sort), with count as scratch of nv elements, into lists and
// backing (their arrays reused when large enough), which it returns.
func byReg(nv int, pairs []regBlock, count []int32, lists [][]int32, backing []int32) ([][]int32, []int32) {
	clear(count)
	for _, p := range pairs {
		count[p.v]++
	}
	if cap(backing) < len(pairs) {
		backing = make([]int32, len(pairs))
	}
	backing = backing[:len(pairs)]
	lists = middle.Zeroed(lists, nv)
	at := 0
	for v, n := range count {
		if n > 0 {
			lists[v] = backing[at : at : at+int(n)]
			at += int(n)
		}
	}
	for _, p := range pairs {
		lists[p.v] = append(lists[p.v], p.b)
	}
	return lists, backing
}

// predGraph returns the rows of the blocks' predecessors, by ID.
func predGraph(f *Func) *middle.Graph {
	return middle.NewGraph(len(f.Blocks), func(i int, add func(int)) {
		for _, p := range f.Blocks[i].Preds {
			add(p.ID)
		}
	})
}

// explore finds where register index v is live and returns blocks with
// the blocks it is live out of (outside whole loops) appended, and loops
// with the loops it is live through appended, by their preorder.
func (w *liveWalk) explore(v int, blocks, loops []int32) ([]int32, []int32) {
	if len(w.useBlocks[v]) == 0 {
		// Read in no block before written there (or not at all): live
		// out of none. At -O0 that is most registers, each loaded
		// and used within one block.
		return blocks, loops
	}
	w.walk.Explore(w.useBlocks[v], w.defBlocks[v])
	blocks = append(blocks, w.walk.Out()...)
	if found := w.walk.Loops(); len(found) > 0 {
		n := len(loops)
		loops = append(loops, found...)
		if len(found) > 1 {
			slices.SortFunc(loops[n:], func(a, b int32) int {
				pa, _ := w.loops.Span(a)
				pb, _ := w.loops.Span(b)
				return int(pa - pb)
			})
		}
	}
	return blocks, loops
}
