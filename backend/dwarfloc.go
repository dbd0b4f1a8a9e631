package backend

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync"

	"toyc/middle"
)

// Variable locations in optimized code, for -g at -O1 and -O2: where each
// promoted source variable's current value is, instruction by instruction,
// after register allocation, as Go's cmd/compile (ssa/debug.go) and LLVM's
// LiveDebugValues work it out. A forward data flow over the blocks tracks
// two things: which IR value each physical register and stack slot holds
// (a definition puts its value there, a copy or reload copies the
// source's, a call destroys the caller-saved registers, and a call or a
// store through a pointer the values in the slots of allocas), and which IR
// value each variable currently is: an assignment recorded by mem2reg
// (middle/debugvalues.go) takes effect in the block its anchors (or the
// merges of its block, FuncDebug.BlockOf) say it is in now, before the
// first instruction of a later line, or at the block's end (after a
// branch on its own line, where gdb stops for the statement), and, for a
// block that tail duplication dissolved, at the start of each of its
// copies by the same rule (copiesOf); a φ of the
// block at its top, and one that became a select, with its anchors gone,
// in the select's block; the copies feeding a φ named for a variable (for a
// spilled φ, the stores to its slot of a value it takes) make the
// variable that φ at the end of their block; a parameter is its argument
// from the function's first instruction. At a join, a place holding
// different values on different edges holds a join of them (one made per
// block and place, and the same for places that hold the same values on
// every edge, as a register and its spill slot); a variable keeps its
// value where every predecessor agrees, or becomes the join of a register
// or spill slot that holds its value on every edge. A variable's location
// at an instruction is then a register holding its value, else a spill
// slot (or the caller's stack argument) holding it, else, for a constant,
// the constant itself (DW_OP_consts, DW_OP_stack_value); otherwise it has
// none, and gdb prints <optimized out>. A variable one of whose
// assignments can no longer be placed gets no location at all, rather
// than a stale one, and one placed by its block's terminator alone,
// which inlining may have taken past calls after it, none from its own
// block on until there. The states are copy-on-write (dwarfvec.go), so that
// a block's states cost the few slots and variables its code changes,
// and they hold the values' handles (tval), not pointers, so that copying
// and clearing them is a plain move (no write barriers while the collector
// runs) and the collector has nothing in them to scan.
// Requires: registers allocated, frame laid out.
// Guarantees: nothing in the code changes.

// varLoc is where one variable's value is: nowhere, a register, a stack
// slot, or a constant.
type varLoc struct {
	kind  uint8 // locNone, locReg, locSlot, locConst
	reg   Reg
	slot  int32 // locSlot, locHome: the slot's ID (Func.Slots)
	value tval  // locConst: the constant; locEntry: the parameter
}

const (
	locNone uint8 = iota
	locReg
	locSlot
	locConst
	locEntry // a parameter's value at the function's entry, in reg then (dwarfcall.go)
	locHome  // a slot-homed variable in its slot (dwarfhome.go)
)

// tval is an IR value as the tracker's states hold it: its index in the
// tracker's table (varTracker.vals), 0 for none. The first value seen
// with an ID of the function's has that ID's handle (plus firstIDHandle);
// another of the same ID (a deleted value whose ID another has now), a
// join and the home mark have handles after those. Handles are only told
// apart, never ordered, so which of two values of one ID came first
// changes nothing.
type tval int32

const (
	homeHandle    tval = 1 // homeMark
	firstIDHandle tval = 2 // the value of ID 0
)

// trackState is the data flow's state at one point: the IR value each
// place and each variable holds (0: unknown).
type trackState struct {
	regs  [FirstVReg]tval
	slots valueVec // by Slot.ID
	vars  valueVec // by variable index
}

// copyFrom makes s the same state as o (of the same function); they share
// the slots' and variables' values until one of them writes (dwarfvec.go).
func (s *trackState) copyFrom(o *trackState) {
	s.regs = o.regs
	s.slots.copyFrom(&o.slots)
	s.vars.copyFrom(&o.vars)
}

// clear makes s the state where nothing is known.
func (s *trackState) clear() {
	s.regs = [FirstVReg]tval{}
	s.slots.clear()
	s.vars.clear()
}

// varTracker follows one function's variables while it is written.
type varTracker struct {
	f   *Func
	df  *dwarfFunc
	mem *trackMem // where its tables are, given back when its function is written (release)
	// vals are the values by handle (tval; a join's is joinMark);
	// other has the handles of values not of the function's numbering.
	vals  []*middle.Value
	nIDs  int // the function's values' IDs are below
	other map[*middle.Value]tval
	// named are the variables each value is named for, by handle (none
	// past its end): step asks at every definition, most of which are no
	// variable's.
	named   [][]int
	origins []tval          // by vreg index
	assigns [][]assignEvent // by block index in f.Blocks
	// groups are, by block index, its events' stretches of one site each
	// where not all are the function's own (nil then): each site's
	// events fire by the lines of its own callee's body, in order among
	// themselves, whatever another's do (fire).
	groups     [][]eventGroup
	flowFiring []int          // the data flow's counts of events applied (startFiring)
	entry      []trackState   // by block index in f.Blocks (reached says which are set)
	reached    []bool         // by block index: the data flow reached the block
	joins      [][]tval       // by block index, then place (a register, or FirstVReg+slot ID): what a place holds after a join of different values; a block's made at its first join
	joinRows   []tval         // where rows of joins are cut from
	differ     []int          // merge's places holding different values on different edges
	byEdges    map[uint64]int // sameAcross's filing of differ, kept for the next merge's
	slotLiveIn []uint64       // by block index, then slot ID: a bit set of the slots live at entry (dwarfdead.go), nil until asked
	// slotHolders lists, by value, the slots of t.st holding it (nil:
	// not made); slotSearches counts the block's searches without it,
	// slotLookups those it answered (stSlotOf).
	slotHolders               map[tval][]int32
	slotSearches, slotLookups int
	lost                      []bool // by variable: an assignment's place is lost, so it is not described
	// loopEnds gives, for each line of a loop's header, the last line
	// of the loop (the longest's, where headers share a line); nil until
	// asked (nextTrip).
	loopEnds map[int]int
	// By instruction, numbered through the blocks from base (base[bi] is
	// block bi's first): what step does there that depends on the
	// instruction alone (dwarfstep.go).
	base  []int
	plans []stepPlan
	// phiCopies are the φs the block's copies so far feed, which name
	// their variables at its end (apply).
	phiCopies []tval
	copyAt    []blockIndex // by copy number (Instr.Copy): its first instruction (block -1: none left); made by copiesOf
	// copiesFound is copiesFrom's answer where it looks through the
	// copies; copiesByName files them by the name of the block copied,
	// where they are many.
	copiesFound  []int32
	copiesByName map[string][]int32
	feeders      map[*middle.Block]map[string]bool  // feedersOf's sets
	predsNamed   map[*middle.Block]map[string][]int // phiInCopies': by an IR block, its predecessors' indexes by name
	// byIR and byMachine are the machine blocks' indexes, plus one (0:
	// none), by the ID of the IR block isel made each for and by their
	// own IDs (irBlock, machineBlock).
	byIR, byMachine []int32
	paramRegs       []paramReg // the parameters passed in registers (in paramRegBuf)
	paramRegBuf     [len(argRegs)]paramReg
	addressed       []int32 // the IDs of the slots of allocas (forgetAddressed)
	// The slot-homed variables followed (dwarfhome.go): their home
	// slots by variable (nil: not followed), by slot ID, and in order.
	homeSlot []*Slot
	homes    map[int][]int
	homed    []int

	// firings are the events of each block in the order its first
	// application by the data flow fired them, and where (noteFired): which
	// event fires before which instruction depends on the block's code
	// and events alone, never on the state, so the block's later
	// applications fire them from here (fireRecorded) rather than asking
	// fire at every instruction (a loop's body is applied twice or more).
	// firedFrom and firedTo are each block's in firings, by block index,
	// once recorded says so; recording says the application records.
	firings            []firing
	firedFrom, firedTo []int32
	recorded           []bool
	recording          bool

	// The changes each block's last application in the data flow made to
	// its state, in order (changeLog), which the replay makes again
	// rather than running the block's instructions a third time: the
	// replay of a block the data flow reached starts from the state that
	// application started from (entry), so it makes the same changes.
	// logging says the data flow's application is recording; logFrom and
	// logTo are each block's changes in log (by block index, for the
	// blocks reached), stepAt where the changes of an instruction's
	// step begin (numbered as plans), after those of the assignments
	// that take effect before it.
	log     []stateChange
	logging bool
	logFrom []int32
	logTo   []int32
	stepAt  []int32

	// The replay during emission.
	st     *trackState
	block  int
	cur    *Block // f.Blocks[block]
	next   int    // index in the block of the next instruction to apply
	firing []int  // the block's events applied, by group (startFiring; a block not reached: apply)
	logAt  int    // the next change of the block to make again (a block reached)
	loc    []varLoc
	dirty  bool
	// moved are the variables whose location changed since the last
	// current (a variable may be there more than once), reported their
	// locations as current last said.
	moved    []int
	reported []varLoc
	moves    []varMove // the moves current returned, in order
	// What update looks at again (not every variable at every
	// instruction): the variables the replay assigned since the last
	// update (assigned), those in the places written (regVars, slotVars,
	// below) or whose value went into a place since (written, the values
	// some wait for, wrote; memVars for those in slots, at their entry
	// values or without a location). When
	// the replay moved to another block (switched), those whose value
	// differs from the last block's (prev: its pages of variables,
	// valueVec.snapshot), and the places that differ count as written
	// (prevRegs, prevSlots: the last block's registers and pages of
	// slots); every variable at the start (full).
	assigned []int
	// The variables in places, filed by place and by value, so that an
	// instruction's update looks at those in the places it wrote and
	// those whose value it wrote into a place, not at every placed
	// variable (a block of thousands of values held in registers and
	// slots made that quadratic): regVars and slotVars hold, by register
	// and by slot ID, the variables located there (at filedAt-1 in the
	// list, 0: in none); memVars, by value, those in a slot or at their
	// entry value, which move to a register their value is written to
	// (filed under filedValue; a variable whose value changed, or that
	// left its slot, is skipped there and dropped when its list is looked
	// at: wake), and those without a location, which move to any place
	// their value is written to (filed under dormantAt): one list for
	// both, so that a value no variable waits for, most of those written,
	// is passed over at one look. regsFiled has the registers whose lists
	// are not empty, by bit, so that update passes over the others
	// without a look.
	regVars    [FirstVReg][]int32
	regsFiled  uint64
	slotVars   [][]int32
	filedAt    []int32
	memVars    [][]int32 // by handle
	memFiled   []tval    // the handles whose memVars lists were made not empty, for release
	filedValue []tval
	visiting   []int32 // a copy of the list being looked at (visit changes the lists)
	waking     []int32 // wake's variables to visit
	written    []tval
	dormantAt  []tval
	prev       []int32
	prevRegs   [FirstVReg]tval
	prevSlots  []int32
	switched   bool
	full       bool
	// touchedRegs (by bit) and touchedSlots (by ID) are the places the
	// replay wrote since the last update: a variable in a place not
	// written, and not assigned, is still there.
	touchedRegs  uint64
	touchedSlots []int32
}

// stateChange is one change the data flow's application of a block made
// to its state (varTracker.log): the registers of mask made unknown
// (changeClobber), register or slot i made to hold v (changeReg,
// changeSlot; a register defined in no physical one holds nothing, but
// its value was written), or variable i made v (changeVar).
type stateChange struct {
	kind uint8
	i    int32
	mask RegMask
	v    tval
}

// paramReg is a parameter passed in a register: its value there is the
// parameter's entry value (locEntry) once the register is overwritten.
type paramReg struct {
	v tval
	r Reg
}

const (
	changeClobber uint8 = iota
	changeReg
	changeSlot
	changeVar
)

// varMove says that a variable's location is loc from the start of a run
// on (dwarfRun.moves).
type varMove struct {
	v   int
	loc varLoc
}

type blockIndex struct{ block, index int }

// firing is an event of a block (its index in the block's events) and
// the instruction k before which it fired, the block's length for its
// end (varTracker.firings).
type firing struct{ k, ev int32 }

// placedEvent is an assignment event and the machine block it fires in.
type placedEvent struct {
	block int
	e     assignEvent
	from  *middle.Block // the IR block it was made in, for one placed by its anchors
	// anchor is the index in its IR block of the anchor that placed it
	// (-1: none), which orders the pieces of a block (orderPieces).
	anchor int32
}

type assignEvent struct {
	v   int
	c   tval
	pos middleFuncPos
	// at is the index of the block's instruction before which the
	// event cannot fire: the start of the copy of a block tail
	// duplication dissolved (placeInCopies), 0 for the block's own.
	at int
	// piece orders the events of the IR blocks merged into one that do
	// not run in source order (orderPieces); 0 for the others.
	piece int32
	top   bool // a φ of the block: fired at its entry
	// site is the inline site whose callee's variable it assigns (0: the
	// function's own), in whose body pos is.
	site uint16
}

// before orders a block's events: by site (eventGroup), then the block's own before those of the
// copies at its end, then in each the φs first, then by the piece of the
// block they were made in, then by source position.
func (e assignEvent) before(o assignEvent) bool {
	if e.site != o.site {
		return e.site < o.site
	}
	if e.at != o.at {
		return e.at < o.at
	}
	if e.top != o.top {
		return e.top
	}
	if e.piece != o.piece {
		return e.piece < o.piece
	}
	return posLess(e.pos, o.pos)
}

// sortEvents puts a block's events in source order (before), stably, so
// that two assignments at one position keep the order mem2reg saw them
// in: by insertion, as most blocks have a few, and merged beyond that (a
// block of 10,000 assignments out of order took 0.7 s by insertion).
func sortEvents(evs []assignEvent) {
	if len(evs) > 16 {
		slices.SortStableFunc(evs, func(a, b assignEvent) int {
			switch {
			case a.before(b):
				return -1
			case b.before(a):
				return 1
			}
			return 0
		})
		return
	}
	for i := 1; i < len(evs); i++ {
		for j := i; j > 0 && evs[j].before(evs[j-1]); j-- {
			evs[j], evs[j-1] = evs[j-1], evs[j]
		}
	}
}

// orderPieces numbers the pieces of one block's code that were IR blocks
// of their own when mem2reg saw the assignments, where SimplifyCFG merged
// them since (a loop's increment appended to the end of its body), in the
// order they run: by the first of the block's instructions that placed an
// event of each (its anchor). Source order, which orders the assignments
// of one IR block, does not order the pieces: the increment's line, the
// loop's, comes before the body's, whose assignments it would then
// precede, and the variable would be its next value, held nowhere yet,
// through the body. ps are the indexes in placed of the block's events;
// unless every event the block's own code makes was placed by an anchor,
// the pieces are left in source order (unknown). A piece is the IR block
// an event was recorded in as piece gives it (middle.FuncDebug.Piece): the
// two parts of a block inlining split at a call are one piece, recorded
// in by mem2reg before the split and by MemOpt after it (seed 5500549:
// MemOpt's assignment of g6 at line 17, in the continuation, went after
// mem2reg's of g5 at line 19 and of the loop at 22, and gdb showed the
// slot's old value at line 19).
func orderPieces(placed []placedEvent, ps []int, piece func(*middle.Block) *middle.Block) {
	if oneFrom(placed, ps) {
		return
	}
	var one *middle.Block // the first piece: most blocks have one
	var rank map[*middle.Block]int32
	first := int32(-1)
	for _, i := range ps {
		p := &placed[i]
		if p.e.top || p.e.at != 0 {
			continue
		}
		if p.from == nil || p.anchor < 0 {
			return
		}
		switch from := piece(p.from); {
		case one == nil:
			one, first = from, p.anchor
		case from == one:
			first = min(first, p.anchor)
		default:
			if rank == nil {
				rank = map[*middle.Block]int32{}
			}
			if r, ok := rank[from]; !ok || p.anchor < r {
				rank[from] = p.anchor
			}
		}
	}
	if rank == nil {
		return
	}
	rank[one] = first
	for _, i := range ps {
		if p := &placed[i]; !p.e.top && p.e.at == 0 {
			p.e.piece = rank[piece(p.from)]
		}
	}
}

// oneFrom reports whether the events ps of placed that orderPieces
// orders were all made in one IR block, each placed by an anchor: most
// blocks', one piece, which orderPieces need not ask piece for.
func oneFrom(placed []placedEvent, ps []int) bool {
	var from *middle.Block
	for _, i := range ps {
		if p := &placed[i]; !p.e.top && p.e.at == 0 {
			if from != nil && p.from != from || p.anchor < 0 {
				return false
			}
			from = p.from
		}
	}
	return true
}

type middleFuncPos = struct{ Line, Col int }

// trackScratch is the working memory of newVarTracker that it does not
// keep, reused by the next function's (trackScratchPool): a compile makes
// a tracker for every function, and fresh memory for each, which is most
// of what -g allocates, costs page faults and collections.
type trackScratch struct {
	byID                 []*middle.Value
	at                   []int32
	placed               []placedEvent
	first, byBlock, next []int
	gen                  []uint32
	queue                roundQueue // the stale blocks, in rounds (dwarfrounds.go)
	rounds               []int32    // how many times each block was applied
	states               stateBuf   // the exits of the blocks, and the merge's and transfer's states
	origins              originBuf  // the registers' origins (explain.go), before they are handles
}

var trackScratchPool = sync.Pool{New: func() any { return new(trackScratch) }}

// release gives sc back, without the function's values, which it would
// otherwise keep from the collector.
func (sc *trackScratch) release() {
	clear(sc.byID)
	clear(sc.placed)
	clear(sc.origins.out)
	trackScratchPool.Put(sc)
}

// trackMem is the memory of a tracker's tables, which it keeps while its
// function is written (its entry states, change log, moves, joins) and
// then gives to the next function's tracker (release): made fresh for each
// function, they were two thirds of what the tracker allocated, and the
// tracker a tenth of what a -g compile allocates.
type trackMem struct {
	entry           stateBuf
	slab            vecSlab // the pages and chunks of every state's vectors
	log             []stateChange
	moves           []varMove
	froms           []int32
	origins         []tval
	base            []int
	plans           []stepPlan
	lost            []bool
	reached         []bool
	recorded        []bool
	firings         []firing
	vals            []*middle.Value
	named           [][]int
	dormantAt       []tval
	loc, reported   []varLoc
	moved           []int
	filedAt         []int32
	filedValue      []tval
	assigns         [][]assignEvent
	all             []assignEvent
	joins           [][]tval
	joinRows        []tval
	byIR, byMachine []int32
	// findDeadSlots's sets and work list.
	slotGen, slotKill, slotLive []uint64
	slotQueued                  []bool
	slotWork                    []int32

	// The lists variables are filed in (varTracker.regVars, slotVars,
	// memVars), kept empty with their arrays (lists, emptyLists; memVars'
	// emptied by the handles filed, a few of its values): made anew for
	// each function they were a tenth of what the tracker allocated, most
	// of it memVars' per value.
	regVars           [FirstVReg][]int32
	slotVars, memVars [][]int32
	memFiled          []tval

	// The tracker's working lists, emptied where it uses them (merge's
	// differ, the replay's written and assigned, ...): grown from nothing
	// again in each function's tracker, they took 1.5 million
	// instructions of growslice in a 10k-line -O2 -g compile.
	differ, assigned, firing, flowFiring            []int
	written, phiCopies                              []tval
	visiting, waking, touchedSlots, prev, prevSlots []int32
	copiesFound                                     []int32

	// The tracker itself, made anew in this memory for each function: 2
	// kB, a fresh one was the largest of -g's allocations.
	tracker varTracker
}

var trackMemPool = sync.Pool{New: func() any { return new(trackMem) }}

// release gives t's memory, t itself included, to the next tracker,
// without the function's values (the tables of handles hold none). t is
// not used after it.
func (t *varTracker) release() {
	if t == nil || t.mem == nil {
		return
	}
	m := t.mem
	t.mem = nil
	m.slab.release()
	m.log = t.log[:0]
	m.firings = t.firings[:0]
	m.moves = t.moves[:0]
	clear(t.vals)
	m.vals = t.vals[:0]
	clear(t.named)
	m.named = t.named[:0]
	m.byIR, m.byMachine = t.byIR[:0], t.byMachine[:0]
	for r, vs := range t.regVars {
		m.regVars[r] = vs[:0]
	}
	for _, h := range t.memFiled {
		t.memVars[h] = t.memVars[h][:0]
	}
	m.slotVars, m.memVars, m.memFiled = emptyLists(t.slotVars), t.memVars[:0], t.memFiled[:0]
	m.moved = t.moved[:0]
	m.differ, m.assigned, m.firing, m.flowFiring = t.differ[:0], t.assigned[:0], t.firing[:0], t.flowFiring[:0]
	m.written, m.phiCopies, m.copiesFound = t.written[:0], t.phiCopies[:0], t.copiesFound[:0]
	m.visiting, m.waking, m.touchedSlots, m.prev, m.prevSlots = t.visiting[:0], t.waking[:0], t.touchedSlots[:0], t.prev[:0], t.prevSlots[:0]
	m.tracker = varTracker{} // t: its function's values and maps go
	trackMemPool.Put(m)
}

// joinMark is the value of every join's handle (varTracker.join): a join
// is told from another by its handle, and is no constant, parameter or
// value named for a variable.
var joinMark = &middle.Value{Op: middle.OpPhi, ID: -1}

// handle is v's handle (0 for nil), made on first sight.
func (t *varTracker) handle(v *middle.Value) tval {
	if v == nil {
		return 0
	}
	if i := v.ID; i >= 0 && i < t.nIDs {
		h := tval(i) + firstIDHandle
		switch t.vals[h] {
		case v:
			return h
		case nil:
			t.vals[h] = v
			return h
		}
	}
	if h, ok := t.other[v]; ok {
		return h
	}
	if t.other == nil {
		t.other = make(map[*middle.Value]tval)
	}
	h := t.newHandle(v)
	t.other[v] = h
	return h
}

// newHandle makes a handle of its own for v, past the IDs'.
func (t *varTracker) newHandle(v *middle.Value) tval {
	t.vals = append(t.vals, v)
	return tval(len(t.vals) - 1)
}

// val is the value of handle h (nil for 0).
func (t *varTracker) val(h tval) *middle.Value { return t.vals[h] }

// namedFor are the variables the value of handle h is named for.
func (t *varTracker) namedFor(h tval) []int {
	if int(h) < len(t.named) {
		return t.named[h]
	}
	return nil
}

// scratch returns *buf resized to n zero values, reallocated only when it
// is too small. *buf keeps the length n, so that a release clears only
// what this function used, not the capacity a larger one left.
func scratch[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}

// lists returns n empty lists from buf, whose lists are all empty
// (emptyLists), with the arrays they had.
func lists[T any](buf *[][]T, n int) [][]T {
	*buf = slices.Grow((*buf)[:0], n)[:n]
	return *buf
}

// emptyLists empties ls, keeping their arrays, and returns it emptied
// itself, for lists.
func emptyLists[T any](ls [][]T) [][]T {
	for i := range ls {
		ls[i] = ls[i][:0]
	}
	return ls[:0]
}

// newVarTracker runs the data flow for df's function, or returns nil when
// it has neither promoted variables to follow nor parameters in home slots
// (at -O0 every variable lives in its slot; a parameter there only once
// its argument is stored).
func newVarTracker(df *dwarfFunc) *varTracker {
	dbg := df.dbg
	if len(dbg.Assigns) == 0 {
		homed := false
		for range homedParams(df) {
			homed = true
			break
		}
		if !homed {
			return nil
		}
	}
	f := df.f
	mem := trackMemPool.Get().(*trackMem)
	t := &mem.tracker
	*t = varTracker{f: f, df: df, mem: mem, assigns: scratch(&mem.assigns, len(f.Blocks)), block: -1}
	t.differ, t.assigned, t.firing, t.flowFiring = mem.differ, mem.assigned, mem.firing, mem.flowFiring
	t.written, t.phiCopies, t.copiesFound = mem.written, mem.phiCopies, mem.copiesFound
	t.visiting, t.waking, t.touchedSlots, t.prev, t.prevSlots = mem.visiting, mem.waking, mem.touchedSlots, mem.prev, mem.prevSlots
	t.nIDs = f.IR.NumValues()
	t.vals = scratch(&mem.vals, t.nIDs+int(firstIDHandle))
	t.vals[homeHandle] = homeMark
	t.named = scratch(&mem.named, len(t.vals))
	for v, vs := range dbg.Named {
		if h := t.handle(v); int(h) < len(t.named) {
			t.named[h] = vs
		} else {
			t.named = append(t.named, make([][]int, int(h)+1-len(t.named))...)
			t.named[h] = vs
		}
	}
	// Its working memory (trackScratch), which it does not keep.
	sc := trackScratchPool.Get().(*trackScratch)
	defer sc.release()
	origins := f.originsIn(&sc.origins)
	t.origins = scratch(&mem.origins, len(origins))
	for i, v := range origins {
		t.origins[i] = t.handle(v)
	}
	maxID := 0
	for _, b := range f.Blocks {
		maxID = max(maxID, b.ID)
	}
	t.byIR = scratch(&mem.byIR, f.IR.NumBlocks())
	t.byMachine = scratch(&mem.byMachine, maxID+1)
	for i, b := range f.Blocks {
		if b.ir > 0 && int(b.ir) <= len(t.byIR) {
			t.byIR[b.ir-1] = int32(i + 1)
		}
		if b.ID >= 0 {
			t.byMachine[b.ID] = int32(i + 1)
		}
	}
	t.findHomes()
	has := func(b *middle.Block) bool {
		_, ok := t.irBlock(b)
		return ok
	}
	// The IR's instructions now, by ID (dense): a slice rather than a
	// map, and the value itself, so that a value of another numbering
	// is never taken for one.
	byID := scratch(&sc.byID, f.IR.NumValues())
	at := scratch(&sc.at, len(byID)) // by ID: the value's index in its block
	for _, b := range f.IR.Blocks {
		for k, v := range b.Instrs {
			if v.ID >= 0 && v.ID < len(byID) {
				byID[v.ID], at[v.ID] = v, int32(k)
			}
		}
	}
	live := func(v *middle.Value) bool { return v != nil && v.ID >= 0 && v.ID < len(byID) && byID[v.ID] == v }
	t.lost = scratch(&mem.lost, len(dbg.Vars))
	placed := scratch(&sc.placed, len(dbg.Assigns))[:0]
	for ai := range dbg.Assigns {
		c := &dbg.Assigns[ai] // (not copied: nine words)
		site := dbg.Vars[c.Var].Site
		// The block of the first instruction next to the assignment that
		// is still there: passes merge and split blocks.
		into := -1 // the machine block's index
		if v := c.Value; c.Phi && v.Op == middle.OpPhi && live(v) {
			// A φ still there is its variable's value at the top of its
			// block, and nowhere else: where that block is gone (a loop
			// test tail duplication copied into its predecessors), the
			// copies feeding the φ and the merges carry the variable.
			if v.Block == nil || !has(v.Block) {
				// A parameter's (a tail-recursion loop's): no move
				// feeds it once coalesced. For a local the copies
				// and merges already carry it, and the extra name
				// broke joins (nqueens' count lost its register).
				if c.Var < len(dbg.Vars) && dbg.Vars[c.Var].Param {
					for _, x := range t.phiInCopies(v, live) {
						placed = append(placed, placedEvent{x.block, assignEvent{c.Var, t.handle(x.arg), middleFuncPos{c.Pos.Line, c.Pos.Col}, x.index, 0, true, site}, nil, -1})
					}
				}
				continue
			}
			bi, _ := t.irBlock(v.Block)
			placed = append(placed, placedEvent{bi, assignEvent{c.Var, t.handle(v), middleFuncPos{c.Pos.Line, c.Pos.Col}, 0, 0, true, site}, nil, -1})
			continue
		}
		anchor := int32(-1)
		var by *middle.Value // the anchor that placed it
		for _, a := range c.Anchors {
			if !live(a) || a.Block == nil {
				continue
			}
			if bi, ok := t.irBlock(a.Block); ok {
				into, anchor, by = bi, at[a.ID], a
				break
			}
		}
		// An unrolled copy's assignment (AnchoredOnly, debugvalues.go)
		// is placed by its anchors alone: its block and position say
		// nothing of which copy it was in, and the first copy's lines
		// would take it (seed 5400476: a one-trip loop's counter
		// showed its next value, 3, where -O0 shows 1).
		byItsBlock := into < 0 && !c.AnchoredOnly
		if b := dbg.BlockOf(c); byItsBlock && b != nil && b != c.Block {
			// Its block was merged into the one before it.
			if bi, ok := t.irBlock(b); ok {
				into = bi
			}
		}
		if byItsBlock && into < 0 && c.Block != nil {
			// Its own block is still there: passes changed what is
			// around the assignment (the terminator too), and a split
			// leaves the block's first part, so the assignment takes
			// effect at worst a little early, at that part's end.
			if bi, ok := t.irBlock(c.Block); ok {
				into = bi
			}
		}
		// A value a pass deleted leaves the variable without one.
		v := c.Value
		switch {
		case c.Dead:
			v = nil
		case v.Op == middle.OpConst, v.Op == middle.OpParam, v.Op == middle.OpGlobal:
		case !live(v):
			v = nil
		}
		pos := middleFuncPos{c.Pos.Line, c.Pos.Col}
		if into < 0 {
			if at, ok := t.copiesOf(c, live); ok {
				for _, x := range at {
					placed = append(placed, placedEvent{x.block, assignEvent{c.Var, t.handle(v), pos, x.index, 0, false, site}, nil, -1})
				}
				continue
			}
		}
		if w := c.Value; into < 0 && c.Phi && w.Op == middle.OpSelect && live(w) && w.Block != nil {
			// The φ became a select (if-conversion), in the block that
			// branched to the φ's, which runs the join's code when the
			// two were merged: no copies feed it, and where an unrolled
			// copy's anchors are gone with its folded code, the
			// variable becomes the select in its block, or it would
			// keep its value from before (seed 5509848: v39 showed -7
			// after the loop that made it 47). (Later copies' are dead,
			// so one that fires early shows nothing.)
			if bi, ok := t.irBlock(w.Block); ok {
				into = bi
			}
		}
		if into < 0 {
			// Where the variable changes is not known any more: rather
			// than show a value it may no longer have, it gets no
			// location at all. (A φ's assignment, at the top of a block
			// that tail duplication or merging dissolved, is also made by
			// the copies feeding it.)
			if c.Phi || dbg.Superseded(c, live) {
				continue
			}
			t.lost[c.Var] = true
			continue
		}
		placed = append(placed, placedEvent{into, assignEvent{c.Var, t.handle(v), pos, 0, 0, false, site}, c.Block, anchor})
		if by != nil && by.Op.IsTerminator() && c.Block != nil {
			// Placed by the terminator alone, which inlining took to
			// the last part of the block it split at the calls after
			// the assignment: the assignment happens somewhere from
			// the block (merged, BlockOf) on, and the variable has no
			// value from there until this event (seed 5511889: v14 =
			// !f1(...), folded, every instruction next to it gone, kept
			// its value from before through the three inlined calls
			// after it, true where -O0 shows false).
			if own := dbg.BlockOf(c); own != nil && own != by.Block && dbg.Piece(by.Block) == dbg.Piece(c.Block) {
				if bi, ok := t.irBlock(own); ok && bi != into {
					placed = append(placed, placedEvent{bi, assignEvent{c.Var, 0, pos, 0, 0, false, site}, nil, -1})
				}
			}
		}
	}
	placed = dropOvertaken(placed, func(p *placedEvent) (int, *middle.Block, middleFuncPos, int) {
		return p.e.v, p.from, p.e.pos, p.block
	})
	// Each block's events, in the order found, in one array.
	first := scratch(&sc.first, len(f.Blocks)+1)
	for i := range placed {
		first[placed[i].block+1]++
	}
	for i := range f.Blocks {
		first[i+1] += first[i]
	}
	if len(placed) > 1 {
		byBlock := scratch(&sc.byBlock, len(placed)) // placed's indexes, by block
		next := scratch(&sc.next, len(f.Blocks))
		copy(next, first)
		for i := range placed {
			b := placed[i].block
			byBlock[next[b]] = i
			next[b]++
		}
		for i := range f.Blocks {
			if first[i+1]-first[i] > 1 {
				orderPieces(placed, byBlock[first[i]:first[i+1]], dbg.Piece)
			}
		}
	}
	all := scratch(&mem.all, len(placed))
	for i := range f.Blocks {
		t.assigns[i] = all[first[i]:first[i]:first[i+1]]
	}
	for i := range placed {
		p := &placed[i]
		t.assigns[p.block] = append(t.assigns[p.block], p.e)
	}
	for bi, evs := range t.assigns {
		if len(evs) > 1 {
			sortEvents(evs)
		}
		if len(evs) > 0 && evs[len(evs)-1].site != 0 {
			t.groupEvents(bi)
		}
	}
	// The blocks' indexes (a block not in f.Blocks counts as the first,
	// as a missing key of a map would).
	index := func(b *Block) int {
		i, _ := t.machineBlock(b)
		return i
	}
	seen := handleSet{gen: scratch(&sc.gen, len(t.vals))}
	t.base = scratch(&mem.base, len(f.Blocks)+1)
	for i, b := range f.Blocks {
		t.base[i+1] = t.base[i] + len(b.Instrs)
	}
	t.plans = scratch(&mem.plans, t.base[len(f.Blocks)])
	for i, b := range f.Blocks {
		// A register defined for a value that a later instruction of its
		// block computes again holds a step of the computation there (mov
		// a, v; sar $2, v; add c, v; or the same through temporaries made
		// for it), not yet the value (interim).
		seen.next()
		plans := t.plans[t.base[i]:t.base[i+1]]
		for k := len(b.Instrs) - 1; k >= 0; k-- {
			in := b.Instrs[k]
			var def *Operand // the operand it defines (defArgs: the first, at most)
			if defs := in.defArgs(); len(defs) > 0 {
				def = &defs[0]
			}
			if def == nil && in.defValue == 0 && in.Op != opCall && in.Op != opMov && !in.Spill {
				// Its plan is the zero one (planStep sets nothing for
				// an instruction that defines nothing, calls, copies
				// nor spills: a compare, a branch), which plans
				// already holds: three instructions in ten, not
				// worth a call.
				continue
			}
			var dv tval // (most instructions have no definition value: no call of handle)
			if in.defValue != 0 {
				dv = t.handle(f.defValueOf(in))
			}
			interim := false
			if def != nil && def.Kind == KindReg && def.Reg.IsVirtual() {
				v := t.origin(def.Reg)
				if dv != 0 {
					v = dv
				}
				if v != 0 {
					interim = seen.has(v)
					// A copy into another register of the value (a
					// split around calls, a move out of the result
					// register) holds what its source holds, which is
					// the value unless the source is itself a step
					// (step's moves).
					if !(in.Op == opMov && len(in.Args) == 2 && in.Args[1].Kind != KindImm) {
						seen.add(v)
					}
				}
			}
			t.planStep(&plans[k], b, in, def, dv, interim) // dwarfstep.go
		}
	}
	// The states: the entry of each block and the replay's, kept, and
	// the exit of each block and the merge's and the transfer's, only
	// for the data flow (scratch).
	states := t.newStates(len(f.Blocks)+1, &mem.entry)
	t.entry, t.st = states[:len(f.Blocks)], &states[len(f.Blocks)]
	states = t.newStates(len(f.Blocks)+3, &sc.states)
	exit, states := states[:len(f.Blocks)], states[len(f.Blocks):]
	start, in, out := &states[0], &states[1], &states[2]
	t.reached = scratch(&mem.reached, len(f.Blocks))
	// The entry: the parameters in their argument registers.
	var incoming []*Slot // the stack arguments, in order
	for _, s := range f.Slots {
		switch s.Kind {
		case SlotIncoming:
			incoming = append(incoming, s)
		case SlotAlloca:
			t.addressed = append(t.addressed, int32(s.ID))
		}
	}
	t.paramRegs = t.paramRegBuf[:0]
	for i, pv := range f.IR.Params {
		p := t.handle(pv)
		if i < len(argRegs) {
			start.regs[argRegs[i]] = p
			t.paramRegs = append(t.paramRegs, paramReg{p, argRegs[i]})
		} else if k := i - len(argRegs); k < len(incoming) {
			// The caller's stack argument, which the function never
			// writes: the parameter's value for as long as it is not
			// assigned.
			start.slots.set(incoming[k].ID, p)
		}
		for _, vi := range t.namedFor(p) {
			start.vars.set(vi, p)
		}
		// A parameter's variable is its argument at the entry (the
		// variables begin with the parameters, in order), before the
		// assignment mem2reg saw in the entry block, which takes effect
		// at the body's first line and so leaves the prologue without.
		if i < len(dbg.Vars) && dbg.Vars[i].Param {
			start.vars.set(i, p)
		}
	}
	t.homesAtEntry(start)
	// Forward data flow to a fixed point; a block not yet reached counts
	// as agreeing with everything (nil entry), so loops settle from the
	// optimistic side, most places and variables only losing their value;
	// a block still changing after settleRounds is made to settle. A
	// block is merged again only when the end of a predecessor changed
	// (stale), since the merge depends on nothing else, in rounds over the
	// blocks in their order (roundQueue).
	queue := &sc.queue
	queue.reset(len(f.Blocks))
	if len(f.Blocks) > 0 {
		queue.mark(0)
	}
	froms := scratch(&mem.froms, 4*len(f.Blocks)+len(t.plans))
	t.logFrom, t.logTo, froms = froms[:len(f.Blocks)], froms[len(f.Blocks):2*len(f.Blocks)], froms[2*len(f.Blocks):]
	t.firedFrom, t.firedTo, t.stepAt = froms[:len(f.Blocks)], froms[len(f.Blocks):2*len(f.Blocks)], froms[2*len(f.Blocks):]
	t.recorded = scratch(&mem.recorded, len(f.Blocks))
	t.firings = mem.firings[:0]
	t.log = mem.log[:0]
	if n := 2*len(t.plans) + 16; cap(t.log) < n {
		t.log = make([]stateChange, 0, n)
	}
	rounds := scratch(&sc.rounds, len(f.Blocks))
	var ins []*trackState
	for {
		i, ok := queue.pop()
		if !ok {
			break
		}
		b := f.Blocks[i]
		ins = ins[:0]
		if i == 0 {
			ins = append(ins, start)
		}
		for _, p := range b.Preds {
			if pi := index(p); t.reached[pi] { // (a block reached has exited)
				ins = append(ins, &exit[pi])
			}
		}
		if len(ins) == 0 {
			continue
		}
		// A block's first merge and application write its entry and
		// exit in place; a later one's go to in and out, to be compared
		// with them first.
		first := !t.reached[i]
		m, o := in, out
		if first {
			m, o = &t.entry[i], &exit[i]
		}
		t.merge(m, i, ins)
		if !first {
			if rounds[i] >= settleRounds {
				forgetChanged(in, &t.entry[i])
			}
			if !statesDiffer(&t.entry[i], in) {
				continue
			}
			t.entry[i].copyFrom(in)
		}
		rounds[i]++
		t.reached[i] = true
		o.copyFrom(&t.entry[i])
		t.logFrom[i] = int32(len(t.log))
		t.logging = true
		t.apply(o, i, 0, len(b.Instrs), t.startFiring(i, &t.flowFiring))
		t.logging = false
		t.logTo[i] = int32(len(t.log))
		if !first {
			if !statesDiffer(&exit[i], out) {
				continue
			}
			exit[i].copyFrom(out)
		}
		for _, s := range b.Succs {
			queue.mark(index(s))
		}
	}
	t.loc = scratch(&mem.loc, len(dbg.Vars))
	// The runs' moves (current): a function's variables move a few
	// times each, so this is mostly their one allocation.
	t.moves = mem.moves[:0]
	if n := 4*len(dbg.Vars) + 8; cap(t.moves) < n {
		t.moves = make([]varMove, 0, n)
	}
	t.reported = scratch(&mem.reported, len(dbg.Vars))
	t.moved = mem.moved[:0]
	t.filedAt = scratch(&mem.filedAt, len(dbg.Vars))
	t.filedValue = scratch(&mem.filedValue, len(dbg.Vars))
	t.regVars = mem.regVars
	t.slotVars = lists(&mem.slotVars, len(f.Slots))
	t.memVars, t.memFiled = lists(&mem.memVars, len(t.vals)), mem.memFiled
	t.dormantAt = scratch(&mem.dormantAt, len(dbg.Vars))
	if len(f.Blocks) > 0 {
		t.block, t.cur = 0, f.Blocks[0]
		t.firing = t.startFiring(0, &t.firing)
		t.st.copyFrom(&t.entry[0])
		t.full = true
		t.update()
	}
	return t
}

// settleRounds is how many times the data flow applies a block before
// it makes the block's entry settle (forgetChanged). A loop's body is
// applied twice, rarely three times (at 100k lines: 375,667 machine
// instructions applied once, 190,869 twice, 8,288 three times). The
// merge is not monotone in every case: a variable that some edge brings
// unknown is unknown at the join, and one that every edge brings in one
// register is that register's join, so around a loop the two can follow
// each other for ever (seed 5503347: a variable of f4 flipped between
// unknown and a join at every round, and -O2 -g ran out of memory
// logging the rounds).
const settleRounds = 8

// forgetChanged makes unknown in s whatever differs from was, the block's
// last entry: past settleRounds a place or variable can then only become
// unknown, once, so the data flow ends; unknown shows nothing, never a
// wrong value.
func forgetChanged(s, was *trackState) {
	for r := range s.regs {
		if s.regs[r] != was.regs[r] {
			s.regs[r] = 0
		}
	}
	for i := range s.slots.len() {
		if s.slots.get(i) != was.slots.get(i) {
			s.slots.set(i, 0)
		}
	}
	for i := range s.vars.len() {
		if s.vars.get(i) != was.vars.get(i) {
			s.vars.set(i, 0)
		}
	}
}

// dropOvertaken drops an assignment that its anchors placed in a block
// laid out after the block of a later assignment to the same variable
// made in the same IR block. Two assignments in one block happen in source
// order; each finds its block by the first of its anchors still there, and
// when a pass deleted the instructions right after the earlier one (a
// constant's computation, folded) and inlining split the block at a call,
// its next anchor can be past the call, in the continuation, while the
// later assignment's anchors stay before it: the earlier value would then
// show after the later one was made (seed 1700025: v52 = -4 showing at
// line 361 after v52 = -18 at 358). The layout is taken for the order in
// which the pieces of a split block run: block ordering lays out a
// continuation after the code before the call, as it falls through to it,
// so an earlier assignment placed in a block after the later one's is out
// of order, and is dropped: the variable has no location between the two
// rather than a wrong one. (Where a layout put the pieces the other way
// round, an inversion would go unseen: the debug differential is the
// check.) key gives an event's variable, IR block (nil:
// not placed by anchors), position and machine block.
func dropOvertaken[E any](placed []E, key func(*E) (int, *middle.Block, middleFuncPos, int)) []E {
	buf := overtakePool.Get().(*overtakeBuf)
	defer buf.release()
	// The events placed by anchors, by variable (a counting sort), since
	// only two assignments to one variable can overtake each other, and
	// most variables have one or a few.
	first := buf.first[:0] // first[v+1]: v's events counted, as far as the last variable seen
	for i := range placed {
		if v, from, _, _ := key(&placed[i]); from != nil {
			if len(first) < v+2 {
				first = append(first, make([]int, v+2-len(first))...)
			}
			first[v+1]++
		}
	}
	buf.first = first
	if len(first) == 0 {
		return placed // none placed by anchors
	}
	nv := len(first) - 1
	for v := range nv {
		first[v+1] += first[v]
	}
	byVar := scratch(&buf.byVar, first[nv])
	at := first[:nv:nv]
	for i := range placed {
		if v, from, pos, block := key(&placed[i]); from != nil {
			byVar[at[v]] = overtakeEvent{from, pos, block, i}
			at[v]++
		}
	}
	// at[v] is now the end of v's events, first[v+1].
	var dropped []bool // by index in placed
	drop := func(i int) {
		if dropped == nil {
			dropped = scratch(&buf.dropped, len(placed))
		}
		dropped[i] = true
	}
	start := 0
	for v := range nv {
		ms := byVar[start:at[v]]
		start = at[v]
		if len(ms) < 2 {
			continue
		}
		if len(ms) <= 32 {
			for pi := range ms {
				p := &ms[pi] // (not copied: five words)
				for oi := range ms {
					if o := &ms[oi]; o.from == p.from && posLess(p.pos, o.pos) && o.block < p.block {
						drop(p.i)
						break
					}
				}
			}
			continue
		}
		// Many (a variable assigned thousands of times in one block):
		// by IR block, each in source order, an event is dropped when
		// the least block of those at later positions is before its
		// own. (The order the groups are taken in decides nothing.)
		groups := map[*middle.Block][]overtakeEvent{}
		for _, m := range ms {
			groups[m.from] = append(groups[m.from], m)
		}
		for _, g := range groups {
			slices.SortStableFunc(g, func(a, b overtakeEvent) int {
				return cmp.Or(cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Col, b.pos.Col))
			})
			later := math.MaxInt // the least block of the events after the current position
			for hi := len(g); hi > 0; {
				lo := hi - 1
				for lo > 0 && g[lo-1].pos == g[hi-1].pos {
					lo--
				}
				for _, p := range g[lo:hi] {
					if later < p.block {
						drop(p.i)
					}
				}
				for _, p := range g[lo:hi] {
					later = min(later, p.block)
				}
				hi = lo
			}
		}
	}
	if dropped == nil {
		return placed
	}
	kept := placed[:0]
	for i := range placed {
		if !dropped[i] {
			kept = append(kept, placed[i])
		}
	}
	return kept
}

// overtakeEvent is an event dropOvertaken looks at: its key, and its
// index i in placed.
type overtakeEvent struct {
	from  *middle.Block
	pos   middleFuncPos
	block int
	i     int
}

// overtakeBuf is dropOvertaken's working memory, reused by its next call
// (overtakePool): made for each function, it was a quarter of what the
// tracker allocated.
type overtakeBuf struct {
	first   []int
	byVar   []overtakeEvent
	dropped []bool
}

var overtakePool = sync.Pool{New: func() any { return new(overtakeBuf) }}

// release gives buf back, without the events' blocks.
func (buf *overtakeBuf) release() {
	clear(buf.byVar)
	overtakePool.Put(buf)
}

// copiesOf is where the assignment c happens when the block it was in is
// gone because tail duplication copied it into every block that jumped
// to it (taildup.go) and the block order dropped it: at the start of each
// copy, whose instructions are the block's (an event placed there fires
// by the same rules as in the block). It fails (and the variable is not
// described) unless every copy of the block is known and still there: a
// path through a copy that made no assignment would show the value from
// before it.
func (t *varTracker) copiesOf(c *middle.DebugAssign, live func(*middle.Value) bool) ([]blockIndex, bool) {
	tails := t.f.tails
	if len(tails) == 0 || tails[0].nested {
		return nil, false
	}
	var b *middle.Block
	for _, a := range c.Anchors {
		if live(a) {
			b = a.Block
			break
		}
	}
	if b == nil {
		if b = t.df.dbg.BlockOf(c); b == nil {
			b = c.Block
		}
	}
	if b == nil {
		return nil, false
	}
	t.findCopies()
	var at []blockIndex
	for _, k := range t.copiesFrom(b.Name) {
		tc := tails[k]
		if tc.nested {
			return nil, false
		}
		if x := t.copyAt[k]; x.block >= 0 {
			at = append(at, x)
			continue
		}
		// Nothing of the copy is left (a jump the layout made a fall
		// through): it happens at the end of the block it went into.
		bi, ok := t.machineBlock(tc.into)
		if !ok {
			return nil, false
		}
		at = append(at, blockIndex{bi, len(tc.into.Instrs)})
	}
	return at, len(at) > 0
}

// fewCopies is how many copies tail duplication made in a function
// before copiesFrom files them by the block copied rather than looking
// through them (a map by name hashed every name and made a list for each
// block, and cost more than the look-ups it answered in most functions).
const fewCopies = 32

// copiesFrom is the numbers of the copies tail duplication made of the
// block named name, in order: valid until its next call.
func (t *varTracker) copiesFrom(name string) []int32 {
	tails := t.f.tails
	if len(tails) <= fewCopies {
		found := t.copiesFound[:0]
		for k := 1; k < len(tails); k++ {
			if tails[k].from.Name == name {
				found = append(found, int32(k))
			}
		}
		t.copiesFound = found
		return found
	}
	if t.copiesByName == nil {
		t.copiesByName = make(map[string][]int32)
		for k := 1; k < len(tails); k++ {
			t.copiesByName[tails[k].from.Name] = append(t.copiesByName[tails[k].from.Name], int32(k))
		}
	}
	return t.copiesByName[name]
}

// findCopies finds where each copy tail duplication made begins (copyAt).
func (t *varTracker) findCopies() {
	if t.copyAt != nil {
		return
	}
	tails := t.f.tails
	t.copyAt = make([]blockIndex, len(tails))
	for k := range t.copyAt {
		t.copyAt[k].block = -1
	}
	for bi, mb := range t.f.Blocks {
		for i, in := range mb.Instrs {
			if k := int(in.Copy); k > 0 && k < len(tails) && t.copyAt[k].block < 0 {
				t.copyAt[k] = blockIndex{bi, i}
			}
		}
	}
}

// copyArg is a φ's value at the start of a copy of its block.
type copyArg struct {
	blockIndex
	arg *middle.Value
}

// phiInCopies is where the φ phi, whose block tail duplication copied into
// the blocks that jumped to it and the block order dropped, takes effect:
// at the start of each copy still there, as the value it takes on the edge
// from the block the copy went into. Copies with no such edge, or with a
// value no longer there, are left out.
func (t *varTracker) phiInCopies(phi *middle.Value, live func(*middle.Value) bool) []copyArg {
	tails := t.f.tails
	if len(tails) == 0 || tails[0].nested {
		return nil
	}
	t.findCopies()
	var at []copyArg
	for _, k := range t.copiesFrom(phi.Block.Name) {
		tc := tails[k]
		if tc.nested || t.copyAt[k].block < 0 {
			continue
		}
		for _, i := range t.predsByName(phi.Block)[tc.into.Name] {
			if i >= len(phi.Args) {
				continue
			}
			switch a := phi.Args[i]; {
			case a.Op == middle.OpConst, a.Op == middle.OpParam, a.Op == middle.OpGlobal, live(a):
				at = append(at, copyArg{t.copyAt[k], a})
			}
		}
	}
	return at
}

// predsByName returns the indexes of b's predecessors by their names,
// made once for each block: a block that many blocks jumped to (the loop
// a function tail-calling itself from thousands of arms becomes) has a φ
// for each parameter and a copy in each of those blocks, and comparing
// each copy's block with every predecessor took the square of their
// number.
func (t *varTracker) predsByName(b *middle.Block) map[string][]int {
	if m, ok := t.predsNamed[b]; ok {
		return m
	}
	if t.predsNamed == nil {
		t.predsNamed = map[*middle.Block]map[string][]int{}
	}
	m := make(map[string][]int, len(b.Preds))
	for i, e := range b.Preds {
		m[e.Block().Name] = append(m[e.Block().Name], i)
	}
	t.predsNamed[b] = m
	return m
}

// phiInCopy applies e, a φ's event at the start of a copy of its dissolved
// block (phiInCopies): the variable is the value the φ takes on the way
// there, if that is known and the variable has no value a place or
// constant gives now. A value it has is the same (the φ merges the
// variable's values) and may be better known to the merges after the copy
// (a join of the register holding it on every edge), which another name
// for it would break.
func (t *varTracker) phiInCopy(s *trackState, e assignEvent) {
	known := func(v tval) bool { return v != 0 && (t.val(v).Op == middle.OpConst || t.holds(s, v)) }
	if known(e.c) && !known(s.vars.get(e.v)) {
		t.setVar(s, e.v, e.c)
	}
}

// linearJoinSearch is how many differing places merge compares a place
// with before it files them by their values on the edges.
const linearJoinSearch = 16

// merge makes m the state at the entry of block bi from the states ins at
// the ends of its predecessors. A register holding different values on
// different edges holds a join of them (as a φ would, one made here per
// block and register); a variable whose value is in the same register on
// every edge is that register's join; otherwise a variable or place keeps
// its value only where all edges agree.
func (t *varTracker) merge(m *trackState, bi int, ins []*trackState) {
	m.copyFrom(ins[0])
	if len(ins) == 1 {
		return
	}
	// Places holding the same value on every edge hold the same join (a
	// value in a register and in its spill slot stays one value after the
	// join, though a call destroys the register); an unknown value on an
	// edge is the same as nothing. Places are numbered registers first,
	// then slots after them (trackState.at).
	t.differ = t.differ[:0]
	filed := false // whether sameAcross has filed differ (t.byEdges)
	// Registers every edge agrees on all of (the common case: most joins
	// follow a branch, which moves nothing) are skipped whole, and of the
	// others only those some edge disagrees on are looked at.
	var differing uint64
	for _, o := range ins[1:] {
		if o.regs == m.regs {
			continue
		}
		for r, v := range &m.regs { // (not a copy of the array)
			if o.regs[r] != v {
				differing |= 1 << r
			}
		}
	}
	for ; differing != 0; differing &= differing - 1 {
		t.mergePlace(m, bi, ins, bits.TrailingZeros64(differing), &filed)
	}
	for i := 0; i < m.slots.len(); i++ {
		if i%vecChunk == 0 {
			// A page or a chunk of slots (dwarfvec.go) every edge
			// shares holds the same values on every edge: skipped whole.
			if n := sharedChunks(m, ins, false, i/vecChunk); n > 0 {
				i += n*vecChunk - 1
				continue
			}
		}
		v := m.slots.get(i)
		for _, o := range ins[1:] {
			if o.slots.get(i) != v {
				t.mergePlace(m, bi, ins, int(FirstVReg)+i, &filed)
				break
			}
		}
	}
	// A variable whose value all edges agree on keeps it: where every
	// edge holds it in one place, that place keeps it too. So only the
	// pages and chunks of variables (dwarfvec.go) that some edge does
	// not share need a look.
	for c := 0; c*vecChunk < m.vars.len(); c++ {
		if n := sharedChunks(m, ins, true, c); n > 0 {
			c += n - 1
			continue
		}
		first, vs := c*vecChunk, m.vars.small // (a flat vector's values are read in place: most functions')
		if !m.vars.flat() {
			vs = m.vars.chunkValues(c)
		}
		for j, v := range vs {
			for _, o := range ins[1:] {
				if o.vars.get(first+j) != v {
					t.mergeVar(m, ins, first+j) // (writes value first+j alone, read already: vs stays valid)
					break
				}
			}
		}
	}
}

// at is what place p of s holds: register p, or slot p - FirstVReg.
func (s *trackState) at(p int) tval {
	if p < int(FirstVReg) {
		return s.regs[p]
	}
	return s.slots.get(p - int(FirstVReg))
}

// mergePlace makes what place p holds in m, the merge of ins, on whose
// edges it holds different values: the join of them, the same as another
// place's before it that holds the same values on every edge.
func (t *varTracker) mergePlace(m *trackState, bi int, ins []*trackState, p int, filed *bool) {
	if p >= int(FirstVReg) {
		unknown := false
		for _, o := range ins {
			unknown = unknown || o.at(p) == 0
		}
		if unknown && t.slotDeadAt(bi, p-int(FirstVReg)) {
			// A dead slot with nothing known on an edge: its join
			// could tell nothing (dwarfdead.go).
			m.slots.set(p-int(FirstVReg), 0)
			return
		}
	}
	j := t.join(bi, p)
	if !*filed && len(t.differ) < linearJoinSearch {
		if q, ok := t.firstSame(ins, p); ok {
			j = m.at(q)
		}
	} else if q, ok := t.sameAcross(ins, p, filed); ok {
		j = m.at(q)
	}
	if p < int(FirstVReg) {
		m.regs[p] = j
	} else {
		m.slots.set(p-int(FirstVReg), j)
	}
	t.differ = append(t.differ, p)
}

// sharedChunks is how many chunks of m's slots (or vars) from chunk c on
// every state of ins shares with it (ins[0] being the one m was copied
// from): the whole page when c is a page's first and the page is shared,
// else 1 when c's chunk is, else none.
func sharedChunks(m *trackState, ins []*trackState, vars bool, c int) int {
	vec := func(s *trackState) *valueVec {
		if vars {
			return &s.vars
		}
		return &s.slots
	}
	if vec(m).flat() {
		// The whole vector is one chunk.
		for _, o := range ins[1:] {
			if !vec(o).equal(vec(m)) {
				return 0
			}
		}
		return 1
	}
	if pg := c / vecPage; c%vecPage == 0 {
		shared := true
		for _, o := range ins[1:] {
			shared = shared && vec(o).pages[pg] == vec(m).pages[pg]
		}
		if shared {
			return vecPage
		}
	}
	b := vec(m).chunk(c)
	for _, o := range ins[1:] {
		if vec(o).chunk(c) != b {
			return 0
		}
	}
	return 1
}

// firstSame is the first place q of t.differ that holds on every edge of
// ins what p holds there, none of it unknown: its join is p's.
func (t *varTracker) firstSame(ins []*trackState, p int) (int, bool) {
	w0 := ins[0].at(p)
	if w0 == 0 {
		return 0, false
	}
	for _, q := range t.differ {
		if ins[0].at(q) != w0 {
			continue // (most places differ on the first edge)
		}
		same := true
		for _, o := range ins[1:] {
			if w := o.at(p); w == 0 || w != o.at(q) {
				same = false
				break
			}
		}
		if same {
			return q, true
		}
	}
	return 0, false
}

// sameAcross is firstSame once t.differ is long (linearJoinSearch): it
// files the places in t.byEdges by a hash of their values on the edges
// (the first call of a merge, which sets *filed), since a loop header of
// a deep nest has hundreds of slots differing between the entry and the
// back edge, and comparing each with all before it was quadratic. The map
// is the tracker's, emptied for each merge: made and grown again at each
// header of a 900-deep nest, it took a third of the function's emission.
func (t *varTracker) sameAcross(ins []*trackState, p int, filed *bool) (int, bool) {
	hash := func(p int) (uint64, bool) {
		h := uint64(len(ins))
		for _, o := range ins {
			v := o.at(p)
			if v == 0 {
				return 0, false
			}
			h = h*0x9e3779b97f4a7c15 + uint64(uint32(v))
		}
		return h, true
	}
	byEdges := t.byEdges
	if !*filed {
		*filed = true
		if byEdges == nil {
			byEdges = make(map[uint64]int, 2*len(t.differ))
			t.byEdges = byEdges
		}
		clear(byEdges)
		for _, q := range t.differ {
			if h, ok := hash(q); ok {
				if _, seen := byEdges[h]; !seen {
					byEdges[h] = q
				}
			}
		}
	}
	h, ok := hash(p)
	if !ok {
		return 0, false
	}
	q, seen := byEdges[h]
	if !seen {
		byEdges[h] = p // p is appended to differ next
		return 0, false
	}
	for _, o := range ins {
		if o.at(p) != o.at(q) {
			return t.firstSame(ins, p) // two ways of differing with one hash: rare
		}
	}
	return q, true
}

// mergeVar makes variable vi's value in m, the merge of ins (merge), on
// whose edges it has different values.
func (t *varTracker) mergeVar(m *trackState, ins []*trackState, vi int) {
	// Where is it on each edge? In one register on all of them, the
	// join holds it (a value may be in several registers on an
	// edge: a copy and its source; a constant is in none).
	var buf [4]tval
	vals := buf[:0] // by edge
	constant := false
	for _, o := range ins {
		ov := o.vars.get(vi)
		if ov == 0 {
			m.vars.set(vi, 0) // unknown on an edge
			return
		}
		vals = append(vals, ov)
		constant = constant || t.val(ov).Op == middle.OpConst
	}
	r := NoReg
	if !constant {
		first := &ins[0].regs // (most registers differ on the first edge)
		for _, c := range allocOrder {
			if first[c] != vals[0] {
				continue
			}
			k := 1
			for k < len(ins) && ins[k].regs[c] == vals[k] {
				k++
			}
			if k == len(ins) {
				r = c
				break
			}
		}
	}
	slot := -1
	if r == NoReg {
		// Else in one spill slot on all of them.
		for i := 0; i < m.slots.len(); i++ {
			k := 0
			for k < len(ins) && ins[k].slots.get(i) == vals[k] {
				k++
			}
			if k == len(ins) {
				slot = i
				break
			}
		}
	}
	switch {
	case r != NoReg:
		m.vars.set(vi, m.regs[r])
	case slot >= 0:
		m.vars.set(vi, m.slots.get(slot))
	default:
		m.vars.set(vi, 0)
	}
}

// join is the value standing for what register r holds at the entry of
// block bi after different values reach it: made once, so the data flow
// sees the same value on every round.
//
// The table has a row only for the blocks that have joins (those with
// several predecessors, a fraction), cut from one array made at the
// first join (trackMem), and each join is a handle of its own
// (joinMark's).
func (t *varTracker) join(bi, r int) tval {
	m := t.mem
	if t.joins == nil {
		t.joins = scratch(&m.joins, len(t.f.Blocks))
		// A row for each block that may have joins: one with more
		// than one edge in (the entry's from the function's start).
		n := 0
		for i, b := range t.f.Blocks {
			if len(b.Preds) > 1 || i == 0 && len(b.Preds) > 0 {
				n++
			}
		}
		t.joinRows = scratch(&m.joinRows, n*(int(FirstVReg)+len(t.f.Slots)))
	}
	row := t.joins[bi]
	if row == nil {
		places := int(FirstVReg) + len(t.f.Slots)
		row, t.joinRows = t.joinRows[:places:places], t.joinRows[places:]
		t.joins[bi] = row
	}
	v := row[r]
	if v == 0 {
		v = t.newHandle(joinMark)
		row[r] = v
	}
	return v
}

// regOf is the register holding v in s, NoReg if none.
func (t *varTracker) regOf(s *trackState, v tval) Reg {
	if v == 0 || t.val(v).Op == middle.OpConst {
		return NoReg
	}
	for _, r := range allocOrder {
		if s.regs[r] == v {
			return r
		}
	}
	return NoReg
}

// holds reports whether some place of s holds v.
// manyHeld is how many values asked whether s holds them (holds) make
// the values in its slots found once (slotValues, holdsIn) rather than
// searched for each: a loop of 10,000 φs, spilled, searched 10,000 slots
// for each at its top and again at its latch.
const manyHeld = 16

// slotValues is the set of the values the slots of s hold.
func (t *varTracker) slotValues(s *trackState) *handleSet {
	set := &handleSet{gen: make([]uint32, len(t.vals))}
	set.next()
	for i := range s.slots.n {
		if v := s.slots.get(i); int(v) < len(set.gen) {
			set.add(v)
		}
	}
	return set
}

// holdsIn is holds, with the values in the slots of s given by inSlots
// when it is not nil (slotValues, while the slots do not change).
func (t *varTracker) holdsIn(s *trackState, v tval, inSlots *handleSet) bool {
	if inSlots == nil {
		return t.holds(s, v)
	}
	return t.regOf(s, v) != NoReg || inSlots.has(v)
}

func (t *varTracker) holds(s *trackState, v tval) bool {
	if t.regOf(s, v) != NoReg {
		return true
	}
	return s.slots.index(v) >= 0
}

func statesDiffer(a, b *trackState) bool {
	if a.regs != b.regs {
		return true
	}
	return !a.slots.equal(&b.slots) || !a.vars.equal(&b.vars)
}

func posLess(a, b middleFuncPos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// stateBuf is memory newStates reuses. Its states point to nothing but a
// tracker's slab (pooled with the tracker's memory), and newStates sets
// every one it hands out: it is given back as it is.
type stateBuf struct {
	slots, vars vecBuf
	states      []trackState
}

// newStates makes n empty states, in buf's memory (nil: new).
func (t *varTracker) newStates(n int, buf *stateBuf) []trackState {
	if buf == nil {
		buf = new(stateBuf)
	}
	states := scratch(&buf.states, n)
	slots := newVecCutter(n, len(t.f.Slots), &buf.slots, &t.mem.slab)
	vars := newVecCutter(n, len(t.df.dbg.Vars), &buf.vars, &t.mem.slab)
	for i := range states {
		slots.cut(&states[i].slots)
		vars.cut(&states[i].vars)
	}
	return states
}

// apply runs instructions [from, to) of block bi on s, and the
// assignments due before instruction to; fired counts the events of the
// block already applied, by group (startFiring).
func (t *varTracker) apply(s *trackState, bi, from, to int, fired []int) {
	b := t.f.Blocks[bi]
	if from == 0 {
		t.phiCopies = t.phiCopies[:0]
	}
	switch whole := from == 0 && to == len(b.Instrs) && t.logging; { // the data flow's
	case whole && t.recorded[bi]:
		t.applyRecorded(s, bi)
	case whole:
		t.firedFrom[bi] = int32(len(t.firings))
		t.recording = true
		t.applyFiring(s, bi, from, to, fired)
		t.recording = false
		t.firedTo[bi] = int32(len(t.firings))
		t.recorded[bi] = true
	default:
		t.applyFiring(s, bi, from, to, fired)
	}
	if to < len(b.Instrs) {
		return
	}
	var inSlots *handleSet
	if len(t.phiCopies) > manyHeld {
		inSlots = t.slotValues(s)
	}
	for _, v := range t.phiCopies {
		if t.holdsIn(s, v, inSlots) {
			for _, vi := range t.namedFor(v) {
				t.setVar(s, vi, v)
			}
		}
	}
}

// applyFiring is apply's running of instructions [from, to) of block bi
// on s, firing the block's events as fire says, and those due before to
// (all that remain when to is the block's end).
func (t *varTracker) applyFiring(s *trackState, bi, from, to int, fired []int) {
	b := t.f.Blocks[bi]
	evs := t.assigns[bi]
	var sched *fireSchedule
	if from == 0 && to == len(b.Instrs) && t.groups != nil && len(t.groups[bi]) > manyGroups {
		sched = t.newFireSchedule(bi, fired) // dwarffire.go
	}
	ins, base := b.Instrs, t.base[bi]
	i := from
	// Whether an event is a φ's or in a copy (few blocks have one), found
	// at the block's start: the replay of a block the data flow did not
	// reach applies it an instruction at a time.
	special := from > 0
	for k := 0; k < len(evs) && !special; k++ {
		special = evs[k].top || evs[k].at != 0
	}
	// Neither fire nor fireSite is asked at an instruction of the line
	// of the one before, which it was asked at, when it neither branches
	// nor returns and no next event is a φ's or in a copy just begun
	// (sameStop): they fire those events there by the line alone, and
	// did not fire them before.
	if sched != nil || t.groups != nil && t.groups[bi] != nil {
		for ; i < to; i++ {
			switch {
			case sched != nil:
				sched.fire(s, ins[i], i)
			case i == from || !sameStop(ins[i-1], ins[i]) || special && t.dueAt(bi, i, fired):
				t.fire(s, bi, ins[i], i, fired)
			}
			t.stepOne(s, ins[i], base+i)
		}
	}
	// fire's case of the function's own events, without the call at
	// every instruction once all have fired (or where the block has none,
	// most), and then the rest of the block in a loop of steps alone.
	for ; i < to && fired[0] < len(evs); i++ {
		if i == from || !sameStop(ins[i-1], ins[i]) || special && (evs[fired[0]].top || evs[fired[0]].at >= i) {
			t.fireSite(s, evs, 0, ins[i], i, &fired[0])
		}
		t.stepOne(s, ins[i], base+i)
	}
	for ; i < to; i++ {
		t.stepOne(s, ins[i], base+i)
	}
	if to < len(b.Instrs) {
		t.fire(s, bi, b.Instrs[to], to, fired)
		return
	}
	// The block's end: what has not taken effect yet does so on the way
	// to the successors.
	for g := range fired {
		end := len(evs)
		if t.groups != nil && t.groups[bi] != nil {
			end = t.groups[bi][g].end
		}
		for ; fired[g] < end; fired[g]++ {
			t.noteFired(to, fired[g])
			t.fireAtEnd(s, evs[fired[g]])
		}
	}
}

// applyRecorded is apply's running of all of block bi on s, its events
// fired where its first application recorded (firings).
func (t *varTracker) applyRecorded(s *trackState, bi int) {
	ins, base := t.f.Blocks[bi].Instrs, t.base[bi]
	n := len(ins)
	evs := t.assigns[bi]
	seq := t.firings[t.firedFrom[bi]:t.firedTo[bi]]
	i := 0
	for len(seq) > 0 && int(seq[0].k) < n {
		for ; i < int(seq[0].k); i++ {
			t.stepOne(s, ins[i], base+i)
		}
		seq = t.fireRecorded(s, evs, seq, i, false)
	}
	for ; i < n; i++ {
		t.stepOne(s, ins[i], base+i)
	}
	t.fireRecorded(s, evs, seq, n, true)
}

// stepOne runs in, instruction k (numbered as plans), on s (step), noting
// where its changes begin in the log when logging (stepAt).
func (t *varTracker) stepOne(s *trackState, in *Instr, k int) {
	if t.logging {
		t.stepAt[k] = int32(len(t.log))
	}
	t.step(s, in, k)
}

// fireAtEnd applies e, an event not yet fired at its block's end.
func (t *varTracker) fireAtEnd(s *trackState, e assignEvent) {
	if e.top {
		t.phiInCopy(s, e)
	} else {
		t.setVar(s, e.v, e.c)
	}
}

// noteFired records, while the data flow's first application of a block
// records (varTracker.firings), that its event ev fired before
// instruction k.
func (t *varTracker) noteFired(k, ev int) {
	if t.recording {
		t.firings = append(t.firings, firing{int32(k), int32(ev)})
	}
}

// fireRecorded applies the events of seq, a block's recorded firings from
// the next on, that fired before instruction k (at the block's end when
// end), as fireSite and apply did when they were recorded, and returns
// those after them.
func (t *varTracker) fireRecorded(s *trackState, evs []assignEvent, seq []firing, k int, end bool) []firing {
	due, tops := 0, 0
	for due < len(seq) && int(seq[due].k) <= k {
		if e := &evs[seq[due].ev]; e.top && e.at == 0 {
			tops++
		}
		due++
	}
	var inSlots *handleSet
	if tops > manyHeld && !end {
		inSlots = t.slotValues(s) // as fireSite's
	}
	for _, f := range seq[:due] {
		switch e := evs[f.ev]; {
		case end:
			t.fireAtEnd(s, e)
		case e.top && e.at == 0:
			if t.holdsIn(s, e.c, inSlots) {
				t.setVar(s, e.v, e.c)
			}
		case e.top:
			t.phiInCopy(s, e)
		default:
			t.setVar(s, e.v, e.c)
		}
	}
	return seq[due:]
}

// eventGroup is a stretch [start, end) of a block's events that assign
// the variables of one inline site's callee.
type eventGroup struct {
	start, end int
	site       uint16
}

// groupEvents finds the groups of block bi's events (sorted: by site
// first).
func (t *varTracker) groupEvents(bi int) {
	if t.groups == nil {
		t.groups = make([][]eventGroup, len(t.f.Blocks))
	}
	evs := t.assigns[bi]
	var gs []eventGroup
	for i, e := range evs {
		if i == 0 || e.site != evs[i-1].site {
			gs = append(gs, eventGroup{start: i, site: e.site})
		}
		gs[len(gs)-1].end = i + 1
	}
	t.groups[bi] = gs
}

// startFiring returns the counts of fired events for the start of block
// bi, by group: the start of each (one count, 0, when the block's events
// are all the function's own), in *buf's memory.
func (t *varTracker) startFiring(bi int, buf *[]int) []int {
	var gs []eventGroup
	if t.groups != nil {
		gs = t.groups[bi]
	}
	fired := (*buf)[:0]
	if gs == nil {
		fired = append(fired, 0)
	}
	for _, g := range gs {
		fired = append(fired, g.start)
	}
	*buf = fired
	return fired
}

// fire applies the assignments of block bi that are due before its
// instruction in, number k, each group's by its site's lines (fireSite).
func (t *varTracker) fire(s *trackState, bi int, in *Instr, k int, fired []int) {
	evs := t.assigns[bi]
	if t.groups == nil || t.groups[bi] == nil {
		if fired[0] < len(evs) { // (most instructions fire nothing)
			t.fireSite(s, evs, 0, in, k, &fired[0])
		}
		return
	}
	// fireSite fires none of a group's events at an instruction that is
	// not its site's code (with no line in the callee's body: its site is
	// not on in's chain of inline sites, Instr.Inlined and its parents,
	// and 0, the function's own) but at a branch or a return, or a φ's:
	// asked here, the question spares it a call for most of the groups
	// at each instruction of a block of several inlined calls.
	jump := in.isBranch() || in.Op == opRet
	var buf [8]uint16
	chain := append(buf[:0], 0)
	sites := t.f.IR.Inlines
	for site := in.Inlined; site != 0 && int(site) < len(sites); site = sites[site].Parent {
		chain = append(chain, site)
	}
	for g, grp := range t.groups[bi] {
		if fired[g] < grp.end && (jump || evs[fired[g]].top || slices.Contains(chain, grp.site)) {
			t.fireSite(s, evs[:grp.end], grp.site, in, k, &fired[g])
		}
	}
}

// fireSite applies the assignments evs, to the variables of site's
// callee (0: the function's), that are due before its instruction in,
// number k: those on lines before in's in that callee's body, and all
// that remain before the block's branch (unless it is on their line), of
// those that may fire from k on. An instruction that is not the site's
// code has no line there, and fires none but at a branch: the site's
// variables are seen only in its code.
func (t *varTracker) fireSite(s *trackState, evs []assignEvent, site uint16, in *Instr, k int, fired *int) {
	if e := &evs[*fired]; e.top && e.at == 0 { // (a group's φs of the block's top come first; few blocks have any)
		t.firePhis(s, evs, k, fired)
	}
	if *fired == len(evs) {
		return
	}
	p := t.df.posAt(in, site)
	for *fired < len(evs) {
		e := &evs[*fired]
		switch {
		case e.at > k:
			return // in a copy not reached yet
		case e.top:
			t.phiInCopy(s, *e)
			t.noteFired(k, *fired)
			*fired++
			continue
		case in.isBranch() && p.IsValid() && p.Line == e.pos.Line:
			// A branch on the assignment's own line is where a
			// debugger stops for that statement when nothing else of
			// it is left (the value is a constant or another
			// variable's): the statement has not run there yet. The
			// assignment takes effect after the branch, at the
			// block's end (apply).
			return
		case in.isBranch(), in.Op == opRet, p.IsValid() && p.Line > e.pos.Line:
			// Before the first instruction of a later line: gdb stops
			// for a line at its first instruction, where the line's
			// statement has not run (the assignment's own position is
			// at its start, before its operands' instructions, and
			// a value the optimizer knew already would show there).
		case p.IsValid() && p.Line < e.pos.Line && t.nextTrip(p.Line, e.pos.Line):
			// Before the header of a loop around the assignment, on an
			// earlier line but run after the body: the next trip's
			// condition or post statement (a tail duplicated into the
			// body's last block, an unrolled copy).
		default:
			return
		}
		t.setVar(s, e.v, e.c)
		t.noteFired(k, *fired)
		*fired++
	}
}

// sameStop reports whether fireSite leaves unfired at b, the instruction
// after a in a block, the events it left unfired at a, unless a φ's or a
// copy's: b neither branches nor returns, and both are of one inline site
// and line, so of one line of each body they are in (posAt), and fire
// asks the same groups. (A branch at a left an event on its own line.)
func sameStop(a, b *Instr) bool {
	return a.Pos.Line == b.Pos.Line && a.Inlined == b.Inlined && !b.isBranch() && b.Op != opRet
}

// dueAt reports whether the next event of some group of block bi is a
// φ's, or in a copy that has not begun before instruction k (sameStop's
// exceptions), fired counting the groups' events fired.
func (t *varTracker) dueAt(bi, k int, fired []int) bool {
	evs := t.assigns[bi]
	for g, grp := range t.groups[bi] {
		if fired[g] < grp.end && (evs[fired[g]].top || evs[fired[g]].at >= k) {
			return true
		}
	}
	return false
}

// firePhis is fireSite's firing of the events from *fired on that are
// φs of the block's top (the first of evs, sorted), before instruction k.
func (t *varTracker) firePhis(s *trackState, evs []assignEvent, k int, fired *int) {
	var inSlots *handleSet
	if n := *fired + manyHeld; n < len(evs) && evs[n].top && evs[n].at == 0 {
		inSlots = t.slotValues(s)
	}
	for *fired < len(evs) && evs[*fired].top && evs[*fired].at == 0 {
		// The variable is the φ from the block's entry. When no place
		// is known to hold the φ by name (its copies were coalesced
		// away, or the block is reached through copies of a duplicated
		// tail), the merge has already found it: the variable's value
		// on every edge, which is what the φ takes there.
		if e := evs[*fired]; t.holdsIn(s, e.c, inSlots) {
			t.setVar(s, e.v, e.c)
		}
		t.noteFired(k, *fired)
		*fired++
	}
}

// nextTrip reports whether an instruction on line p, after one on a
// later line l in a block, is the header of a loop whose body (or
// header) holds l: it runs after l's statement, in the next trip.
func (t *varTracker) nextTrip(p, l int) bool {
	if t.loopEnds == nil {
		t.loopEnds = make(map[int]int)
		for _, lp := range t.df.dbg.Loops {
			for line := lp.Start.Line; line <= lp.Body.Line; line++ {
				t.loopEnds[line] = max(t.loopEnds[line], lp.End.Line)
			}
		}
	}
	end, ok := t.loopEnds[p]
	return ok && l <= end
}

// setSlot makes slot i of s hold v, as step's instruction does.
func (t *varTracker) setSlot(s *trackState, i int, v tval) {
	if s == t.st {
		t.setStSlot(i, v)
		t.touchedSlots = append(t.touchedSlots, int32(i))
	} else {
		s.slots.set(i, v)
	}
	if t.logging {
		t.log = append(t.log, stateChange{kind: changeSlot, i: int32(i), v: v})
	}
}

// forgetAddressed makes the values in the slots of variables whose address
// the program takes (the allocas mem2reg left) unknown in s: a call or a store through a pointer may have written them, unseen
// (seed 5509080: v8 = p6, then f4(&p6) gave p6 another array, and v8 was
// described by p6's slot, which its value had been stored in). The
// slot-homed variables themselves are followed by dwarfhome.go.
func (t *varTracker) forgetAddressed(s *trackState) {
	for _, i := range t.addressed {
		if s.slots.get(int(i)) != 0 {
			t.setSlot(s, int(i), 0)
		}
	}
}

// origin is the IR value a virtual register was made for.
func (t *varTracker) origin(r Reg) tval {
	if i := int(r - FirstVReg); i >= 0 && i < len(t.origins) {
		return t.origins[i]
	}
	return 0
}

// advance brings the replay to just before instruction k of block b,
// which the emitter is about to write. The emitter writes the blocks in
// their order and each block's instructions in theirs, leaving some out.
func (t *varTracker) advance(b *Block, k int) {
	if t == nil {
		return
	}
	i := t.block
	if b != t.cur { // (most calls are for the last one's block)
		var ok bool
		if i, ok = t.machineBlock(b); !ok {
			return
		}
	}
	bi := blockIndex{i, k}
	if bi.block != t.block {
		t.block, t.cur, t.next, t.logAt = bi.block, b, 0, int(t.logFrom[bi.block])
		t.firing = t.startFiring(bi.block, &t.firing)
		t.prev = t.st.vars.snapshot(t.prev)
		t.prevRegs = t.st.regs
		t.prevSlots = t.st.slots.snapshot(t.prevSlots)
		t.switched = true
		if t.reached[bi.block] {
			t.st.copyFrom(&t.entry[bi.block])
		} else {
			t.st.clear() // not reached by the data flow: nothing known
		}
		t.keepSlotHolders()
	}
	if bi.index >= t.next {
		if t.reached[bi.block] {
			t.replay(bi.block, bi.index)
		} else {
			t.apply(t.st, bi.block, t.next, bi.index, t.firing)
		}
		t.next = bi.index
	}
	t.update()
}

// irBlock is the index of the machine block isel made for the IR block b,
// when it is still there.
func (t *varTracker) irBlock(b *middle.Block) (int, bool) {
	if b.ID >= 0 && b.ID < len(t.byIR) {
		if i := int(t.byIR[b.ID]) - 1; i >= 0 && t.f.Blocks[i].Name == b.Name {
			return i, true
		}
	}
	return 0, false
}

// machineBlock is the index of the machine block b, when it is one of the
// function's.
func (t *varTracker) machineBlock(b *Block) (int, bool) {
	if blocks := t.f.Blocks; uint(b.ID) < uint(len(blocks)) && blocks[b.ID] == b {
		return b.ID, true // (the IDs are the indexes, unless a pass moved blocks since)
	}
	if b.ID >= 0 && b.ID < len(t.byMachine) {
		if i := int(t.byMachine[b.ID]) - 1; i >= 0 && t.f.Blocks[i] == b {
			return i, true
		}
	}
	return 0, false
}

// update recomputes the location of each variable that may have moved
// (the varTracker's assigned; those in the places written, regVars and
// slotVars; those whose value was written, memVars) from the
// state. After a block change, the variables whose value differs from
// where the last block stopped are looked at, and the places that hold
// another value than there count as written: a variable whose value and
// place are as they were keeps its location, as one in a slot does unless
// a register now holds its value, which is then one written. (Looking at
// every placed variable at each block made a loop over 10,000 arrays,
// each in a slot, take 200 million looks: 7 s at -O1 -g.)
func (t *varTracker) update() {
	if t.full {
		for vi := 0; vi < t.st.vars.len(); vi++ {
			t.visit(vi)
		}
	} else {
		if t.switched {
			// visit writes no state
			t.st.vars.changed(t.prev, func(vi int, _, _ tval) { t.visit(vi) })
			for r, v := range &t.st.regs { // (not a copy of the array)
				if v != t.prevRegs[r] {
					t.touchedRegs |= 1 << r
					t.wrote(v)
				}
			}
			t.st.slots.changed(t.prevSlots, func(i int, _, now tval) {
				t.touchedSlots = append(t.touchedSlots, int32(i))
				t.wrote(now)
			})
		}
		for _, vi := range t.assigned {
			t.visit(vi)
		}
		// A variable not assigned (those were visited) whose place was
		// not written keeps its location, and one in a register another
		// register's write does not move; one in a slot or at its entry
		// value moves to a register its value is written to (wake).
		for m := t.touchedRegs & t.regsFiled; m != 0; m &= m - 1 {
			r := Reg(bits.TrailingZeros64(m))
			// The list is copied, as visit changes it, from the first
			// variable no longer in the register on: most often none,
			// and then nothing is.
			vs := t.regVars[r]
			i := 0
			for i < len(vs) && t.stillInReg(r, vs[i]) {
				i++
			}
			if i == len(vs) {
				continue
			}
			t.visiting = append(t.visiting[:0], vs[i:]...)
			for _, vi := range t.visiting {
				if !t.stillInReg(r, vi) {
					t.visit(int(vi))
				}
			}
		}
		for _, sl := range t.touchedSlots {
			t.visiting = append(t.visiting[:0], t.slotVars[sl]...)
			for _, vi := range t.visiting {
				t.visit(int(vi))
			}
		}
		for _, w := range t.written {
			if int(w) < len(t.memVars) && len(t.memVars[w]) > 0 { // (most values written are no waiting variable's)
				t.wake(w)
			}
		}
	}
	t.assigned, t.written, t.full, t.switched = t.assigned[:0], t.written[:0], false, false
	t.touchedRegs, t.touchedSlots = 0, t.touchedSlots[:0]
}

// wrote notes that the replay wrote v into a place, for update to wake
// the variables waiting for it (memVars, as they are before update looks
// at any: one filed there by update itself was placed by the places as
// they are). None wait for most values written, which are then not
// noted.
func (t *varTracker) wrote(v tval) {
	if int(v) < len(t.memVars) && len(t.memVars[v]) > 0 {
		t.written = append(t.written, v)
	}
}

// stillInReg reports whether register r, where variable vi is, still
// holds its value: still's first case, the common one, spared a call.
func (t *varTracker) stillInReg(r Reg, vi int32) bool {
	v := t.st.vars.get(int(vi))
	return v != 0 && t.st.regs[r] == v
}

// wake looks again at the variables filed under w in memVars (in a slot
// or at their entry value, or without a location, whose value is w),
// which a place holds now.
func (t *varTracker) wake(w tval) {
	vs := t.memVars[w]
	// Each once, unless its value changed since it was filed (a variable
	// filed under another value and then w again is there twice).
	t.waking = t.waking[:0]
	for _, vi := range vs {
		inMem, dormant := t.filedValue[vi] == w, t.dormantAt[vi] == w
		if inMem {
			t.filedValue[vi] = 0
		}
		if dormant {
			t.dormantAt[vi] = 0
		}
		if inMem || dormant {
			t.waking = append(t.waking, vi)
		}
	}
	t.memVars[w] = vs[:0]
	for _, vi := range t.waking {
		t.visit(int(vi))
	}
}

// visit recomputes variable vi's location.
func (t *varTracker) visit(vi int) {
	if t.lost[vi] {
		return
	}
	v := t.st.vars.get(vi)
	l := t.loc[vi]
	if l.kind == locReg && v != 0 && t.st.regs[l.reg] == v {
		return // still there (still's first case, without the call; fileValue files none in registers)
	}
	if t.still(l, v) {
		t.fileValue(vi, l, v) // where it was, as update's lists say
		return
	}
	if v == homeHandle {
		l = varLoc{kind: locHome, slot: int32(t.homeSlot[vi].ID)}
	} else {
		l = t.find(v)
	}
	if l.kind == locEntry && t.df.dbg.Vars[vi].Site != 0 {
		// Not an inlined callee's variable: gdb evaluates the
		// DW_OP_entry_value of an inlined subroutine's variable with
		// the call site's values read in the wrong frame (the function
		// it is inlined into, where they are the registers' current
		// values, not in that function's caller: gdb 13's
		// push_dwarf_reg_entry_value takes the inline frame's previous
		// frame). Seed 5511242: an inlined f5's p2, f3's p6 at f3's
		// entry, showed 1, what r15 held then, for 0.
		l = varLoc{}
	}
	if l != t.loc[vi] {
		t.refile(vi, t.loc[vi], l)
		t.loc[vi] = l
		t.dirty = true
		t.moved = append(t.moved, vi)
	}
	t.fileValue(vi, l, v)
	if l.kind == locNone && v != 0 && t.dormantAt[vi] != v {
		// Nowhere now: looked at again when v goes into a place.
		t.fileUnder(vi, v)
		t.dormantAt[vi] = v
	}
}

// refile moves variable vi, which moves from old to l, from the list of
// old's place to l's (regVars, slotVars).
func (t *varTracker) refile(vi int, old, l varLoc) {
	if list := t.placeList(old); list != nil {
		k := t.filedAt[vi] - 1
		last := (*list)[len(*list)-1]
		(*list)[k], t.filedAt[last] = last, k+1
		*list = (*list)[:len(*list)-1]
		t.filedAt[vi] = 0
		if old.kind == locReg && len(*list) == 0 {
			t.regsFiled &^= 1 << old.reg
		}
	}
	if list := t.placeList(l); list != nil {
		*list = append(*list, int32(vi))
		t.filedAt[vi] = int32(len(*list))
		if l.kind == locReg {
			t.regsFiled |= 1 << l.reg
		}
	}
}

// placeList is the list of the variables in l's place, nil for a location
// that is none (regVars, slotVars).
func (t *varTracker) placeList(l varLoc) *[]int32 {
	switch l.kind {
	case locReg:
		return &t.regVars[l.reg]
	case locSlot:
		return &t.slotVars[l.slot]
	}
	return nil
}

// fileValue files variable vi, at l with value v, under v in memVars
// when l is a slot or its entry value and it is not filed there yet.
func (t *varTracker) fileValue(vi int, l varLoc, v tval) {
	if l.kind != locSlot && l.kind != locEntry || v == 0 || t.filedValue[vi] == v {
		return
	}
	t.fileUnder(vi, v)
	t.filedValue[vi] = v
}

// fileUnder adds variable vi to memVars' list of v.
func (t *varTracker) fileUnder(vi int, v tval) {
	if int(v) >= len(t.memVars) {
		t.memVars = slices.Grow(t.memVars, max(len(t.vals), int(v)+1)-len(t.memVars))[:max(len(t.vals), int(v)+1)]
	}
	if len(t.memVars[v]) == 0 {
		t.memFiled = append(t.memFiled, v)
	}
	t.memVars[v] = append(t.memVars[v], int32(vi))
}

// setVar makes variable vi's value v in s, noting it for update when s
// is the replay's state.
func (t *varTracker) setVar(s *trackState, vi int, v tval) {
	if s == t.st && s.vars.get(vi) != v {
		t.assigned = append(t.assigned, vi)
	}
	s.vars.set(vi, v)
	if t.logging {
		t.log = append(t.log, stateChange{kind: changeVar, i: int32(vi), v: v})
	}
}

// replay makes again, on the replay's state, the changes the data flow's
// application of block bi made up to the step of its instruction to (to
// the block's end when to is past its last), from where the last replay
// of the block stopped.
func (t *varTracker) replay(bi, to int) {
	end := t.logTo[bi]
	if to < len(t.f.Blocks[bi].Instrs) {
		end = t.stepAt[t.base[bi]+to]
	}
	s := t.st
	for ; t.logAt < int(end); t.logAt++ {
		c := &t.log[t.logAt]
		switch c.kind {
		case changeClobber:
			c.mask.forEach(func(r Reg) { s.regs[r] = 0 })
			t.touchedRegs |= uint64(c.mask)
		case changeReg:
			if r := Reg(c.i); r.IsPhysical() {
				s.regs[r] = c.v
				t.touchedRegs |= 1 << r
			}
			t.wrote(c.v)
		case changeSlot:
			t.setStSlot(int(c.i), c.v)
			t.touchedSlots = append(t.touchedSlots, c.i)
			t.wrote(c.v)
		case changeVar:
			t.setVar(s, int(c.i), c.v)
		}
	}
}

// still reports whether the location l still holds v (then update keeps
// it, which spares a search of every place at every instruction).
func (t *varTracker) still(l varLoc, v tval) bool {
	switch l.kind {
	case locReg:
		return v != 0 && t.st.regs[l.reg] == v
	case locSlot:
		// A register holding v is preferred: look again.
		return v != 0 && t.st.slots.get(int(l.slot)) == v && t.regOf(t.st, v) == NoReg
	case locConst:
		return l.value == v
	case locHome:
		return v == homeHandle
	}
	return false // locEntry: look for a place holding it again
}

// stSlotOf is the first slot of the replay's state t.st that holds v, -1
// if none. The first few questions in a block search the slots; after
// them slotHolders answers, made then and kept up to date by the block's
// writes (setStSlot), and into the next block when this one asked it
// enough (keepSlotHolders; else advance drops it). find searched every
// slot for every location, and a block of thousands of spilled values
// made that quadratic; an index kept across every block cost more than
// the searches it saved in a deep nest, whose blocks write many slots
// and ask little.
func (t *varTracker) stSlotOf(v tval) int {
	if t.st.slots.len() <= linearSlotSearch || t.slotHolders == nil && t.slotSearches < linearSlotSearches {
		t.slotSearches++
		return t.st.slots.index(v)
	}
	if t.slotHolders == nil {
		t.slotHolders = make(map[tval][]int32)
		for i := range t.st.slots.len() {
			if x := t.st.slots.get(i); x != 0 {
				t.slotHolders[x] = append(t.slotHolders[x], int32(i))
			}
		}
	}
	t.slotLookups++
	first := -1
	for _, i := range t.slotHolders[v] {
		if first < 0 || int(i) < first {
			first = int(i)
		}
	}
	return first
}

// keepSlotHolders, at the switch to another block, brings slotHolders to
// the block's entry by the slots that differ from where the last block
// stopped, when that block asked more questions than the searches before
// an index (the next is then likely to); else it drops it. Made again in each block, a block of
// thousands of spilled values with a block per bounds check (a loop over
// thousands of arrays) made blocks × slots.
func (t *varTracker) keepSlotHolders() {
	if t.slotHolders != nil && t.slotSearches+t.slotLookups > linearSlotSearches {
		t.st.slots.changed(t.prevSlots, func(i int, old, now tval) { t.slotHeld(i, old, now) })
	} else {
		t.slotHolders = nil
	}
	t.slotSearches, t.slotLookups = 0, 0
}

// linearSlotSearch is how many slots stSlotOf searches rather than index,
// and linearSlotSearches how many searches of more it makes in a block
// before it indexes them.
const (
	linearSlotSearch   = 64
	linearSlotSearches = 8
)

// setStSlot makes slot i of the replay's state hold v.
func (t *varTracker) setStSlot(i int, v tval) {
	if old := t.st.slots.get(i); old != v {
		t.slotHeld(i, old, v)
	}
	t.st.slots.set(i, v)
}

// slotHeld records in slotHolders that slot i holds v where it held old.
func (t *varTracker) slotHeld(i int, old, v tval) {
	if t.slotHolders == nil {
		return
	}
	if old != 0 {
		hs := t.slotHolders[old]
		if k := slices.Index(hs, int32(i)); k >= 0 {
			hs[k] = hs[len(hs)-1]
			t.slotHolders[old] = hs[:len(hs)-1]
		}
	}
	if v != 0 {
		t.slotHolders[v] = append(t.slotHolders[v], int32(i))
	}
}

// find is where the value v is now: a register first, then a spill slot.
func (t *varTracker) find(v tval) varLoc {
	if v == 0 {
		return varLoc{}
	}
	if t.val(v).Op == middle.OpConst {
		return varLoc{kind: locConst, value: v}
	}
	regs := &t.st.regs
	for _, r := range allocOrder {
		if regs[r] == v {
			return varLoc{kind: locReg, reg: r}
		}
	}
	if i := t.stSlotOf(v); i >= 0 {
		return varLoc{kind: locSlot, slot: int32(i)}
	}
	for _, p := range t.paramRegs {
		if p.v == v {
			// Gone from its register: the value it had at the entry.
			return varLoc{kind: locEntry, reg: p.r, value: v}
		}
	}
	return varLoc{}
}

// current returns, for a new run, the variables whose location differs
// from what the last call said (the first call: those with one), with
// their locations; nil when not tracking. Only the changes are kept, not
// every variable's location at every run.
func (t *varTracker) current() []varMove {
	if t == nil || t.loc == nil {
		return nil
	}
	t.dirty = false
	// The runs' moves share one growing array (a run's capped at its
	// length): not an allocation per run.
	start := len(t.moves)
	for _, vi := range t.moved {
		if l := t.loc[vi]; l != t.reported[vi] {
			t.reported[vi] = l
			t.moves = append(t.moves, varMove{vi, l})
		}
	}
	t.moved = t.moved[:0]
	if len(t.moves) == start {
		return nil
	}
	return t.moves[start:len(t.moves):len(t.moves)]
}

// changed reports whether a location changed since the last current.
func (t *varTracker) changed() bool { return t != nil && t.dirty }

// expr is the DWARF location expression of l; for an array variable,
// the address its value points to (dwarf.go, writeTypes).
func (t *varTracker) expr(l varLoc, array bool) (dwExpr, bool) {
	switch {
	case l.kind == locEntry:
		return entryExpr(l.reg, array), true
	case l.kind == locConst && array:
		return dwExpr{}, false // no address to show elements at
	case l.kind == locReg && array:
		return dwExpr{op: regExprs[l.reg].breg}, true
	case (l.kind == locSlot || l.kind == locHome) && array:
		return dwExpr{op: append(opSleb(dwOpFbreg, int64(t.f.Slots[l.slot].Offset)), dwOpDeref)}, true
	}
	switch l.kind {
	case locReg:
		return dwExpr{op: regExprs[l.reg].reg}, true
	case locSlot, locHome:
		return dwExpr{op: opSleb(dwOpFbreg, int64(t.f.Slots[l.slot].Offset))}, true
	case locConst:
		x := t.val(l.value)
		c := x.Const
		if x.Type == middle.I1 {
			c &= 1 // i1's canonical form is sign-extended
		}
		op := opSleb(dwOpConsts, c)
		return dwExpr{op: append(op, dwOpStackValue)}, true
	}
	return dwExpr{}, false
}

// defValueNoter records, while coalescing renames the registers of
// f.coalesced, the IR value each instruction defining one of them defines
// (note, before the instruction is renamed): afterwards one register
// holds several values in turn, and its origin names only one. nil but
// with -g in optimized code (variables to follow). Noted in coalescing's
// own walk over the code, not a walk of its own: that walk, over code
// long out of the caches, was most of what it cost.
func (f *Func) defValueNoter() *defValueNoter {
	if f.IR == nil || f.IR.Debug == nil || len(f.IR.Debug.Assigns) == 0 {
		return nil
	}
	if len(f.coalesced) == 0 {
		return nil
	}
	n := &defValueNoter{f: f, involved: make([]bool, f.NumVRegs())}
	regs, unrecorded := 0, false
	for _, c := range f.coalesced {
		for _, r := range c {
			if r.IsVirtual() && int(r-FirstVReg) < len(n.involved) && !n.involved[r-FirstVReg] {
				n.involved[r-FirstVReg] = true
				regs++
				unrecorded = unrecorded || f.vregs[r-FirstVReg].origin == nil
			}
		}
	}
	// Most of the registers are defined once, a φ's a few times: made
	// for twice their number, the values grew from nothing a dozen
	// times in a function of hundreds.
	f.defValues = slices.Grow(f.defValues, 2*regs)
	// A register's origin is the value recorded for it when there is one
	// (origins' first rule); the others' need origins' scan of the code,
	// made before the code is renamed.
	if unrecorded {
		n.origins = f.origins()
	}
	return n
}

// defValueNoter is what note needs: the registers involved in coalescing,
// by virtual register, and, when some has no value recorded, origins'.
type defValueNoter struct {
	f        *Func
	involved []bool
	origins  []*middle.Value
}

// note records the value in defines, if it defines an involved register.
// The virtual register it defines is forEachDef's, without a call per
// register, asked whether it is involved before whether the instruction
// defines it (in.defArgs, a switch on the opcode), which most
// instructions' first register is not.
func (n *defValueNoter) note(in *Instr) {
	if len(in.Args) == 0 {
		return
	}
	a := &in.Args[0]
	r := a.Reg
	if a.Kind != KindReg || !r.IsVirtual() || int(r-FirstVReg) >= len(n.involved) || !n.involved[r-FirstVReg] || len(in.defArgs()) == 0 {
		return
	}
	f := n.f
	v := f.vregs[r-FirstVReg].origin
	if v == nil {
		v = n.origins[r-FirstVReg]
	}
	if v != nil {
		f.defValues = append(f.defValues, v)
		in.defValue = uint32(len(f.defValues))
	}
}

// defValueOf is the IR value defValueNoter recorded for in, nil if none.
func (f *Func) defValueOf(in *Instr) *middle.Value {
	if in.defValue == 0 || int(in.defValue) > len(f.defValues) {
		return nil
	}
	return f.defValues[in.defValue-1]
}

// handleSet is a set of a tracker's values (their handles), emptied in
// O(1) (next): a generation number by handle.
type handleSet struct {
	gen []uint32 // by handle: the generation the value was added in
	cur uint32
}

// next empties the set.
func (s *handleSet) next() { s.cur++ }

func (s *handleSet) add(h tval) {
	if int(h) >= len(s.gen) {
		s.gen = append(s.gen, make([]uint32, int(h)+1-len(s.gen))...)
	}
	s.gen[h] = s.cur
}

func (s *handleSet) has(h tval) bool { return int(h) < len(s.gen) && s.gen[h] == s.cur }
