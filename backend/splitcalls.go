package backend

import (
	"slices"
	"sort"

	"toyc/middle"
)

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
// of v and reloaded once per call — except after a call from which every
// path meets another of the calls or a definition of v before any use of
// v: the reload there would be dead (usedBeforeReload); and a call in a
// loop that neither reads nor writes v has v reloaded where the loop
// exits instead (reloadExits). Registers
// are split once; those that still do not fit are spilled as before. A
// register defined in a loop deeper than the calls it crosses is not
// split: its copies would run more often than the calls; nor is one whose
// every read can take its stack slot as a memory operand (foldsEveryUse).

// splitAroundCalls splits the splittable registers among spilled (see
// above) and reports whether it split any; the allocation round must then
// be redone. loops are those of the round's liveness.
func (f *Func) splitAroundCalls(spilled []*Interval, set *intervalSet, loops *middle.LoopForest) bool {
	calls := newCallTable(f, set)
	if len(calls.calls) == 0 {
		return false
	}
	ev := f.regEventsOf(spilled, set, calls)
	after := map[*Instr][]*Instr{}  // copies to insert after an instruction; looked up, never iterated
	before := map[*Instr][]*Instr{} // and before one
	var lf *middle.LoopForest       // found when first needed
	split := false
	need := newUsedBeforeReload(f, set, loops)
	for _, it := range spilled {
		v := it.Reg
		if vi := f.vreg(v); vi.splitDone || vi.unspillable {
			continue
		}
		x, ok := ev.crossingOf(v)
		if !ok {
			continue
		}
		callDepth := -1
		var blocks []*Block // those of the calls crossed, each once
		x.eachPiece(func(b *Block, _, _ int) {
			callDepth = max(callDepth, b.depth)
			if n := len(blocks); n == 0 || blocks[n-1] != b {
				blocks = append(blocks, b)
			}
		})
		events := ev.of(v)
		var defs []*Instr // those whose value may reach a call it crosses
		var defBlock *Block
		ndefs := 0
		deep := false
		for k, e := range events {
			if !e.def {
				continue
			}
			if !redefinedBeforeCall(events[k+1:], e, x, set) {
				defs = append(defs, e.b.Instrs[e.i])
			}
			deep = deep || e.b.depth > callDepth
			defBlock, ndefs = e.b, ndefs+1
		}
		if deep || f.foldsEveryUse(v, events, callDepth) {
			continue
		}
		save := f.newVReg(f.vreg(v).width)
		// save is meant to live in memory across the calls, each of which
		// a loop around its uses contains: splitting it at a loop would put
		// it back in a register across them.
		sv := f.vreg(save)
		sv.splitOf, sv.split, sv.splitDone, sv.loopLevel = v, splitAtCalls, true, neverSplitAtLoops
		f.vreg(v).splitDone = true
		need.reset(events, x)
		var entries []*Block
		if ndefs == 1 {
			if lf == nil {
				lf = f.loopForest()
			}
			entries = f.saveAtLoopEntries(lf, defBlock, blocks)
		}
		for _, p := range entries {
			at := blockEnd(p)
			in := at.b.Instrs[at.i]
			save := &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(save), regOp(v)}, Pos: in.Pos, Inlined: in.Inlined}
			if at.before {
				before[in] = append(before[in], save)
			} else {
				after[in] = append(after[in], save)
			}
		}
		for _, d := range defs {
			if entries != nil {
				break
			}
			after[d] = append(after[d], &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(save), regOp(v)}, Pos: d.Pos, Inlined: d.Inlined})
		}
		var touched []bool             // by loop: v is read or written in it
		exitsDone := map[*Block]bool{} // looked up, never iterated
		for _, j := range need.reloaded() {
			c := calls.calls[j]
			if lf == nil {
				lf = f.loopForest()
			}
			if touched == nil {
				touched = loopsReferring(lf, events)
			}
			call := c.b.Instrs[c.i]
			reload := func(pos *Instr) *Instr {
				return &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(v), regOp(save)}, Pos: pos.Pos, Inlined: pos.Inlined}
			}
			exits, ok := f.reloadExits(lf, c.b, touched, need)
			if !ok {
				after[call] = append(after[call], reload(call))
				continue
			}
			for _, e := range exits {
				if exitsDone[e.b] {
					continue
				}
				exitsDone[e.b] = true
				if e.before {
					before[e.b.Instrs[e.i]] = append(before[e.b.Instrs[e.i]], reload(e.b.Instrs[e.i]))
				} else {
					after[e.b.Instrs[e.i]] = append(after[e.b.Instrs[e.i]], reload(e.b.Instrs[e.i]))
				}
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
			out = append(out, before[in]...)
			out = append(out, in)
			out = append(out, after[in]...)
		}
		b.Instrs = out
	}
	return true
}

// foldsEveryUse reports whether every read of v outside the cold blocks
// (events: v's reads and writes) can take v's spill slot as a memory
// operand (see memoryOK), in a block no deeper than the calls
// (callDepth): spilled everywhere, v then costs no instruction where it
// is read, while split it costs a reload after each call it crosses and a
// copy to its save register. queens's try split the
// lengths its bounds checks compare with and the argument i + 1 of its
// recursive call, and reloaded all of them after every call.
func (f *Func) foldsEveryUse(v Reg, events []regEvent, callDepth int) bool {
	for _, e := range events {
		if !e.use || e.b.isCold() {
			continue
		}
		in := e.b.Instrs[e.i]
		uses, folds := 0, 0
		in.forEachUse(func(r Reg) {
			if r == v {
				uses++
			}
		})
		if e.b.depth > callDepth || in.Spill {
			return false
		}
		hasMem := false
		for _, a := range in.Args {
			hasMem = hasMem || a.Kind == KindMem
		}
		for i, a := range in.Args {
			if a.Kind == KindReg && a.Reg == v && in.role(i)&roleUse != 0 && !hasMem && f.memoryOK(in, i) {
				folds++
			}
		}
		if folds != 1 || uses != 1 && !in.isSelfTest() {
			return false
		}
	}
	return true
}

// site is an instruction's place: the i-th of block b.
type site struct {
	b *Block
	i int
}

// loopsReferring returns, by loop of lf, whether an instruction of the
// loop (or of a loop inside it) reads or writes the register of events.
func loopsReferring(lf *middle.LoopForest, events []regEvent) []bool {
	touched := make([]bool, len(lf.Loops))
	for _, e := range events {
		if !e.use && !e.def {
			continue
		}
		for l := lf.Innermost(int32(e.b.ID)); l >= 0 && !touched[l]; l = lf.Loops[l].Parent {
			touched[l] = true
		}
	}
	return touched
}

// exitReload is where a reload goes on a loop's exit: before or after
// the instruction at i in b.
type exitReload struct {
	b      *Block
	i      int
	before bool
}

// reloadExits returns where v's reloads go instead of after a call in b,
// when b is in a loop that neither reads nor writes v (touched): on the
// exits of the outermost such loop L into blocks where v is read before
// it is reloaded or defined (need), at the top of an exit's target that
// only L enters (the edge blocks SplitLoopExits made, the cold blocks of
// runtime errors) or at the end of an exiting block that has no other
// successor. Every path from the call to a read of v leaves L, so those
// reloads serve it; they run once per exit from L instead of once per
// call (lu's elimination loop calls mulmod in each iteration and reloaded
// after it five values its outer loops read). ok is false when b is in no
// such loop, or when an exit has no place of its own.
func (f *Func) reloadExits(lf *middle.LoopForest, b *Block, touched []bool, need *usedBeforeReload) (exits []exitReload, ok bool) {
	L := int32(-1)
	for l := lf.Innermost(int32(b.ID)); l >= 0 && !touched[l]; l = lf.Loops[l].Parent {
		L = l
	}
	if L < 0 {
		return nil, false
	}
	ok = true
	lf.Nodes(L, func(n int32) {
		x := f.Blocks[n]
		for _, y := range x.Succs {
			if !ok || lf.Contains(L, int32(y.ID)) || !need.liveIn(y) {
				continue
			}
			switch {
			case len(y.Preds) == 1 && len(y.Instrs) > 0:
				exits = append(exits, exitReload{b: y, i: 0, before: true})
			case len(x.Succs) == 1 && len(x.Instrs) > 0:
				exits = append(exits, blockEnd(x))
			default:
				ok = false
			}
		}
	})
	return exits, ok
}

// blockEnd is where code goes at the end of b, which has instructions:
// before its closing branches, else after its last instruction.
func blockEnd(b *Block) exitReload {
	k := len(b.Instrs)
	for k > 0 && b.Instrs[k-1].isBranch() {
		k--
	}
	if k < len(b.Instrs) {
		return exitReload{b: b, i: k, before: true}
	}
	return exitReload{b: b, i: k - 1}
}

// maxSaveEntries is the most loop entries saveAtLoopEntries gives a copy.
const maxSaveEntries = 8

// saveAtLoopEntries returns the blocks whose ends copy v to its save
// register instead of its one definition, in block def, or nil where the
// copy stays after the definition. v lives across the calls crossed. When
// each of those is in a loop without def, the outermost such loop L is
// entered only through its header, from blocks outside it: a copy at the
// end of each of those holds v's value (which nothing in L changes, and v
// is live into L's header, as it is live across the call) on every path
// to the calls, and so to the reloads after them and to those reloadExits
// moves to the exits of a loop inside L that does not touch v; and v is
// in its save register, not its own, across every call. The copies then
// run when a loop that calls is entered, not on every path through def:
// nqueens's place versions its loop, and stored at every call the four
// lengths that only the checked copy of the loop, which never runs, reads
// after its call. Each entering block must be in the loop around L (or in
// none), so that it runs no more often than def.
func (f *Func) saveAtLoopEntries(lf *middle.LoopForest, def *Block, crossed []*Block) []*Block {
	if len(crossed) == 0 {
		return nil
	}
	var entries []*Block
	var done []int32 // the loops whose entries are in
	for _, c := range crossed {
		L := int32(-1)
		for l := lf.Innermost(int32(c.ID)); l >= 0 && !lf.Contains(l, int32(def.ID)); l = lf.Loops[l].Parent {
			L = l
		}
		if L < 0 {
			return nil
		}
		if slices.Contains(done, L) {
			continue
		}
		done = append(done, L)
		header := f.Blocks[lf.Loops[L].Header]
		for _, p := range header.Preds {
			switch {
			case lf.Contains(L, int32(p.ID)):
			case lf.Depth(int32(p.ID)) >= lf.Depth(int32(header.ID)) || len(p.Instrs) == 0:
				return nil
			case !slices.Contains(entries, p):
				entries = append(entries, p)
			}
		}
		if len(entries) > maxSaveEntries {
			return nil
		}
	}
	return entries
}

// coversAt reports whether it is live at pos (by binary search, for any
// order of questions).
func (it *Interval) coversAt(pos int) bool {
	k := sort.Search(len(it.Ranges), func(k int) bool { return it.Ranges[k].End > pos })
	return k < len(it.Ranges) && it.Ranges[k].Start <= pos
}

// redefinedBeforeCall reports whether the instructions after d, a
// definition of v whose later events are later, define v again in d's
// block before any of the calls v lives across (x): then the value
// defined need not be copied to v.save, which the copy after the later
// definition overwrites before a call's reload can read it (hash's loop
// advances its xorshift state in three steps before its call, and stored
// the state after each of them).
func redefinedBeforeCall(later []regEvent, d regEvent, x crossing, set *intervalSet) bool {
	for _, e := range later {
		if e.b != d.b {
			return false
		}
		if e.def {
			j := x.firstAfter(d.pos)
			return j < 0 || x.t.pos[j] > e.pos
		}
	}
	return false
}

// usedBeforeReload tells, for a register v split around the calls it
// crosses, where its value is still to be read before it is defined or
// reloaded again: the blocks (by ID) out of which v is used on some path
// before a definition of v or one of the calls, after which it is
// reloaded. That is v's liveness with the calls as definitions, found by
// the liveness's own path exploration (middle.LoopLiveness) from the
// blocks where v is read before it is defined or a call is made, with the
// blocks that define v or make one of the calls as definitions: through a
// loop that does neither, as one step (a loop over 10,000 arrays, each
// read once in the loop after the calls that made them, walked the loop
// for each array: 1.6 s). A reload after a call is needed where it says
// so: not where every path meets another of the calls or a definition
// first (list's tail makes three calls in a row, and reloaded a value
// needed only after the last after each of them; knucleotide's counting
// loop reloaded after each call values read only after the loop around
// it, and after its next call there).
type usedBeforeReload struct {
	f           *Func // for recheckUsedBeforeReload
	walk        *middle.LoopLiveness
	start       []int // by block ID: its first position
	events      []regEvent
	x           crossing
	uses, kills []int32 // the blocks of the walk's uses and definitions
}

// newUsedBeforeReload makes the walk on f's blocks and the loops of its
// liveness (nil: none, or block IDs that are not their places), for
// reset to start for each register in turn.
func newUsedBeforeReload(f *Func, set *intervalSet, loops *middle.LoopForest) *usedBeforeReload {
	return &usedBeforeReload{f: f, walk: middle.NewLoopLiveness(predGraph(f), loops), start: set.start}
}

// reset makes u the answer for the register of events (regEvents.of),
// which lives across the calls of x.
func (u *usedBeforeReload) reset(events []regEvent, x crossing) {
	u.events, u.x = events, x
	uses, kills := u.uses[:0], u.kills[:0]
	for k, e := range events {
		id := int32(e.b.ID)
		if k == 0 || events[k-1].b != e.b {
			if u.opens(e.b) == useFirst {
				uses = append(uses, id)
			}
		}
		if e.def && (len(kills) == 0 || kills[len(kills)-1] != id) {
			kills = append(kills, id)
		}
	}
	x.eachPiece(func(b *Block, _, _ int) {
		kills = append(kills, int32(b.ID))
	})
	u.uses, u.kills = uses, kills
	u.walk.Explore(uses, kills)
	if recheckUsedBeforeReload != nil {
		recheckUsedBeforeReload(u)
	}
}

// recheckUsedBeforeReload, when set (the tests set it), is called with
// each answer reset makes, to compare it with a fixpoint over the blocks.
var recheckUsedBeforeReload func(u *usedBeforeReload)

// liveIn reports whether v is read in or after block b before it is
// defined or reloaded; liveOut, after b.
func (u *usedBeforeReload) liveIn(b *Block) bool  { return u.walk.LiveIn(int32(b.ID)) }
func (u *usedBeforeReload) liveOut(b *Block) bool { return u.walk.LiveOut(int32(b.ID)) }

// What a block does to v first: nothing, read it, or define it or make
// one of the calls (after which it is reloaded).
const (
	nothingFirst = iota
	useFirst
	killFirst
)

// opens returns what b does to v first.
func (u *usedBeforeReload) opens(b *Block) int {
	start, end := u.start[b.ID], u.start[b.ID]+2*len(b.Instrs)
	k := sort.Search(len(u.events), func(k int) bool { return u.events[k].pos >= start })
	touch := k < len(u.events) && u.events[k].pos < end
	call := -1
	if j := u.x.firstAfter(start - 1); j >= 0 && u.x.t.pos[j] < end {
		call = u.x.t.pos[j]
	}
	switch {
	case touch && (call < 0 || u.events[k].pos <= call):
		// (A read in the call's own instruction comes first.)
		if u.events[k].use {
			return useFirst
		}
		return killFirst
	case call >= 0:
		return killFirst
	}
	return nothingFirst
}

// reloaded returns the numbers of the calls crossed after which v is
// read before a definition or another of the calls, in order: the last
// call of each run before a read, and of the run at a block's end when v
// is read after the block.
func (u *usedBeforeReload) reloaded() []int {
	var out []int
	t := u.x.t
	u.x.eachPiece(func(b *Block, j0, j1 int) {
		end := u.start[b.ID] + 2*len(b.Instrs)
		for j0 < j1 {
			// The next event after the call j0, in b or not.
			k := sort.Search(len(u.events), func(k int) bool { return u.events[k].pos > t.pos[j0] })
			if k == len(u.events) || u.events[k].pos >= end {
				if u.liveOut(b) {
					out = append(out, j1-1)
				}
				return
			}
			e := u.events[k]
			last := sort.SearchInts(t.pos[j0:j1], e.pos) - 1 + j0 // the last call before e
			if e.use {
				out = append(out, last)
			}
			j0 = last + 1
			for j0 < j1 && t.pos[j0] <= e.pos {
				j0++
			}
		}
	})
	return out
}

// regEvent is an instruction, the i-th of block b, that reads or writes
// one register (use, def): what splitAroundCalls asks about a register is
// found from its events and the calls it crosses (crossing.go) rather
// than by walking the function for each register.
type regEvent struct {
	b        *Block
	i        int
	pos      int // the instruction's position
	use, def bool
}

// regEvents are the reads and writes of the registers splitAroundCalls
// may split, found in one walk of f, in the order of f's blocks.
type regEvents struct {
	candOf    []int32      // by vreg index: 1 + the index in touches, or 0
	touches   [][]regEvent // by candidate
	crossings []crossing   // by candidate: the calls it lives across
}

// regEventsOf finds the events of the registers of spilled that may be
// split: those that live across calls of t.
func (f *Func) regEventsOf(spilled []*Interval, set *intervalSet, t *callTable) *regEvents {
	ev := &regEvents{candOf: make([]int32, f.NumVRegs())}
	for _, it := range spilled {
		v := it.Reg
		if vi := f.vreg(v); vi.splitDone || vi.unspillable || ev.candOf[v-FirstVReg] != 0 {
			continue
		}
		if x := t.crossingOf(it); !x.empty() {
			ev.touches = append(ev.touches, nil)
			ev.crossings = append(ev.crossings, x)
			ev.candOf[v-FirstVReg] = int32(len(ev.touches))
		}
	}
	for _, b := range f.Blocks {
		for i, in := range b.Instrs {
			note := func(r Reg, use bool) {
				c := candIndex(ev.candOf, r)
				if c < 0 {
					return
				}
				ts := ev.touches[c]
				if n := len(ts); n == 0 || ts[n-1].b != b || ts[n-1].i != i {
					ts = append(ts, regEvent{b: b, i: i, pos: set.start[b.ID] + 2*i})
					ev.touches[c] = ts
				}
				e := &ts[len(ts)-1]
				e.use, e.def = e.use || use, e.def || !use
			}
			in.forEachUse(func(r Reg) { note(r, true) })
			in.forEachDef(func(r Reg) { note(r, false) })
		}
	}
	return ev
}

// crossingOf returns the calls v lives across, and false when it is no
// candidate or crosses none.
func (ev *regEvents) crossingOf(v Reg) (crossing, bool) {
	if c := candIndex(ev.candOf, v); c >= 0 {
		return ev.crossings[c], true
	}
	return crossing{}, false
}

// of returns v's events.
func (ev *regEvents) of(v Reg) []regEvent {
	if c := candIndex(ev.candOf, v); c >= 0 {
		return ev.touches[c]
	}
	return nil
}
