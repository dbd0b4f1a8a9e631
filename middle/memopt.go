package middle

import "sync"

// MemOpt removes redundant memory accesses that mem2reg cannot: those of
// slots whose address escapes (Toy's swap(&x, &y)), of globals, and of array
// elements. It is the load/store half of LLVM's EarlyCSE (Early Common
// Subexpression Elimination, with its "generation" scheme for memory):
//   - a load of a location just stored to gets the stored value, and a
//     second load of a location gets the first one's value;
//   - a store of the value the location already holds is dropped;
//   - a store that a later store to the same location in the same block
//     overwrites, with nothing that may read the location between, is dead.
//
// A location is an address value and a type (after GVN, equal address
// computations are one value; a global is named by its symbol). The walk
// goes down the dominator tree with a scoped table of the locations whose
// contents are known. Knowledge flows from a block to its children in the
// tree. A child whose single predecessor is the block (an extended basic
// block) knows all the block knows; a join, with several predecessors,
// knows what no path into it from its immediate dominator writes: the
// blocks on those paths (found backwards from the join's predecessors, up
// to the dominator; the join itself too when it heads a loop) are scanned
// for their stores and calls, which make stale what they may write, as if
// they ran before the join — the arms of an if that store nothing
// leave every location known above the if known after it. A region of more
// than memJoinBlocks blocks makes the join start knowing nothing.
// Beyond that, a load in a join whose location every way in ends knowing
// becomes a φ of those values (memoptphi.go: LLVM GVN's non-local loads).
//
// Which accesses may touch a location follows from what its address is
// based on, through GEPs (the alias rules of LLVM's BasicAA, coarsely):
//   - an alloca whose address never escapes — used only as the address of
//     loads and stores — is touched only by accesses to that address: no
//     call and no store through another pointer can reach it;
//   - a sealed global (Global.Sealed: in a whole program, its address is
//     used only as the address of loads and stores) is touched by accesses
//     to it and by calls, but no pointer of unknown origin reaches it;
//   - another alloca, a global or an array that a call of toy_new_array
//     returned (fresh memory, as LLVM's noalias return of malloc: two
//     calls' arrays never overlap, nor either a slot or a global) is a
//     distinct object: touched by accesses based on it, by accesses
//     through pointers of unknown origin, and by calls (any call may read
//     or write any global, escaped slot or array, but toy_new_array's,
//     which writes only the array it returns);
//   - a pointer of unknown origin (a parameter, a loaded or returned
//     pointer, a φ) may point into any object but a non-escaping alloca or
//     a sealed global.
//
// Instead of searching the table on every write, each class of memory has a
// stamp of its last write (and, within a block, of its last read); an entry
// is valid while the stamps it was recorded under are current. Invariant
// loads read memory that nothing writes: they are GVN's, not this pass's.
//
// Requires: SSA form. Guarantees: the same program with fewer loads and
// stores, and φs in joins for some of the loads; the CFG is unchanged
// except that unreachable blocks are removed.
// Cost: one walk of the function with hash tables, linear
// in its size.
func MemOpt(f *Func) {
	if f.IsDecl() {
		return
	}
	RemoveUnreachable(f)
	m := newMemOpt(f)
	defer m.release()
	m.dom = f.Dom()
	m.sites = findPhiSites(f)
	m.dom.Walk(m.enter, m.exit)
	m.insertPhis()
	f.ReplaceUses(m.repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(m.repl) && (m.repl[v.ID] != nil || m.dead[v.ID]) })
	}
}

// nonEscapingAllocas returns, by Value.ID, the allocas of f whose address is
// used only as the address operand of loads and stores (of any type): no
// other pointer can be derived from such a slot. (Mem2Reg asks more of the
// slots it promotes: one type for every access.)
func nonEscapingAllocas(f *Func) []bool {
	return usedOnlyAs(f, OpAlloca, func(u *Value, i int) bool {
		return u.Op == OpLoad || u.Op == OpStore && i == 1
	})
}

// usedOnlyAs marks, by Value.ID, the instructions of op all of whose uses
// u.Args[i] satisfy use, in a table of boolTables that the caller may give
// back when done with it.
func usedOnlyAs(f *Func, op Op, use func(u *Value, i int) bool) []bool {
	only := boolTables.Take(f.NumValues())
	found := false
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == op {
				only[v.ID] = true
				found = true
			}
		}
	}
	if !found {
		// The sweep over the uses reads every operand: a cache miss
		// each in a function larger than the cache.
		return only
	}
	for _, b := range f.Blocks {
		for _, u := range b.Instrs {
			for i, a := range u.Args {
				if a.Op == op && !use(u, i) {
					only[a.ID] = false
				}
			}
		}
	}
	return only
}

// memLoc is a location: the value number of an address (a global's is
// -2 minus its object number, so that every @g names one location) and the
// type accessed.
type memLoc struct {
	addr int32
	t    Type
}

// memObject is the object an address points into, as a dense number, or
// unknownObject.
type memObject int32

const unknownObject memObject = -1

// memClock stamps the last event of one kind (writes, or reads) for each
// class of memory: entering a block that other paths reach too (join: all
// memory), calls (all but non-escaping slots), accesses through pointers of
// unknown origin, accesses to any slot or global that may have escaped, and
// accesses to each object.
type memClock struct {
	join, call, unknown, anyObject int32
	object                         []int32 // by memObject
}

// memStamp is a memClock read for one object, to compare with later.
type memStamp struct{ join, call, unknown, anyObject, object int32 }

func (c *memClock) stamp(o memObject) memStamp {
	s := memStamp{join: c.join, call: c.call, unknown: c.unknown, anyObject: c.anyObject}
	if o != unknownObject {
		s.object = c.object[o]
	}
	return s
}

// memKind is what may reach an object besides accesses based on it.
type memKind uint8

const (
	memShared  memKind = iota // calls and pointers of unknown origin
	memPrivate                // nothing: a non-escaping alloca
	memSealed                 // calls: a sealed global
)

// untouched reports whether nothing that may access object o, of kind k,
// has happened since s was taken.
func (c *memClock) untouched(s memStamp, o memObject, k memKind) bool {
	switch {
	case s.join != c.join:
		return false
	case k == memPrivate:
		return s.object == c.object[o]
	case s.call != c.call:
		return false
	case k == memSealed:
		return s.object == c.object[o]
	case s.unknown != c.unknown:
		return false
	case o != unknownObject:
		return s.object == c.object[o]
	}
	return s.anyObject == c.anyObject
}

// touch records an access, at time now, to object o of kind k; it returns
// the object's previous stamp, for undoing.
func (c *memClock) touch(o memObject, k memKind, now int32) int32 {
	if o == unknownObject {
		c.unknown = now
		return 0
	}
	old := c.object[o]
	c.object[o] = now
	if k == memShared {
		c.anyObject = now
	}
	return old
}

type memEntry struct {
	val   *Value   // what the location holds
	since memStamp // the write clock when that became known
}

type memPending struct {
	store *Value
	since memStamp // the read clock when it stored
}

type memOpt struct {
	f   *Func
	dom *DomTree
	*memObjects
	now int32 // the last stamp handed out

	writes   memClock
	avail    map[memLoc]memEntry
	availLog []memUndo
	objLog   []objectUndo
	frames   []memFrame

	reads       memClock // only compared within one block
	pending     map[memLoc]memPending
	pendingLocs []memLoc

	repl []*Value // by Value.ID: a load's value
	dead []bool   // by Value.ID: a removed store

	sites     [][]memPhiSite // by Block.ID: a join's loads that may be φs
	phis      []*Value       // the φs made, to insert after the walk
	phiBlocks []*Block       // their joins
}

type memUndo struct {
	loc  memLoc
	prev memEntry
	had  bool
}

type objectUndo struct {
	o     memObject
	stamp int32
}

// memFrame is what leaving a block of the walk restores.
type memFrame struct {
	writes           memClock
	availLen, objLen int
}

func newMemOpt(f *Func) *memOpt {
	n := f.NumValues()
	kept := memOptTables.Get().(*memOpt)
	m := &memOpt{
		f:           f,
		memObjects:  newMemObjects(f),
		avail:       orMake(kept.avail),
		pending:     orMake(kept.pending),
		availLog:    kept.availLog,
		objLog:      kept.objLog,
		frames:      kept.frames,
		pendingLocs: kept.pendingLocs,
		repl:        valueTables.Take(n),
		dead:        boolTables.Take(n),
	}
	m.memObjects.repl = m.repl
	m.writes.object = int32Tables.Take(m.count)
	m.reads.object = int32Tables.Take(m.count)
	return m
}

// memOptTables keeps a finished walk's tables for the next function's
// (scratch.go).
var memOptTables = sync.Pool{New: func() any { return new(memOpt) }}

// release gives m's tables back; m is not used after.
func (m *memOpt) release() {
	m.memObjects.release()
	valueTables.Give(m.repl)
	boolTables.Give(m.dead)
	int32Tables.Give(m.writes.object)
	int32Tables.Give(m.reads.object)
	memOptTables.Put(&memOpt{avail: ReleasedMap(m.avail), pending: ReleasedMap(m.pending),
		availLog: Released(m.availLog[:cap(m.availLog)]), objLog: Released(m.objLog[:cap(m.objLog)]),
		frames: Released(m.frames[:cap(m.frames)]), pendingLocs: Released(m.pendingLocs[:cap(m.pendingLocs)])})
}

// memObjects numbers the objects of a function — each alloca, each global
// symbol, each array allocated — and tells which one an address is based
// on.
type memObjects struct {
	private []bool      // by Value.ID: nonEscapingAllocas
	sealed  []bool      // by memObject: a sealed global
	objOf   []memObject // by Value.ID: the object an address is based on
	known   []bool      // by Value.ID: objOf is computed
	globals map[string]memObject
	count   int
	// repl, when set, is MemOpt's loads replaced so far (by Value.ID):
	// an address based on a load of a pointer that held a known value is
	// based on that value's object (a load of the global main stored an
	// array into).
	repl []*Value
}

func newMemObjects(f *Func) *memObjects {
	n := f.NumValues()
	o := &memObjects{
		private: nonEscapingAllocas(f),
		objOf:   objectTables.Take(n),
		known:   boolTables.Take(n),
		globals: make(map[string]memObject),
	}
	var unsealed map[memObject]bool // globals this function uses otherwise
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpAlloca || allocatedLength(v) != nil {
				o.objOf[v.ID], o.known[v.ID] = memObject(o.count), true
				o.sealed = append(o.sealed, false)
				o.count++
			}
			for i, a := range v.Args {
				if a.Op != OpGlobal {
					continue
				}
				obj, seen := o.globals[a.Sym]
				if !seen {
					obj = memObject(o.count)
					o.globals[a.Sym] = obj
					g := f.Module.Global(a.Sym)
					o.sealed = append(o.sealed, g != nil && g.Sealed)
					o.count++
				}
				// Sealed was true of the module when it was set; a use here
				// that is not a direct access (a pass broke the promise)
				// unseals the global in this function at least.
				if !(v.Op == OpLoad || v.Op == OpStore && i == 1) {
					if unsealed == nil {
						unsealed = make(map[memObject]bool)
					}
					unsealed[obj] = true
				}
			}
		}
	}
	for obj := range unsealed {
		o.sealed[obj] = false
	}
	return o
}

// objectTables keeps the tables of objects by Value.ID (scratch.go).
var objectTables TablePool[memObject]

// release gives o's tables by Value.ID back; o is not used after. (A
// user that does not call it leaves them to the collector.)
func (o *memObjects) release() {
	boolTables.Give(o.private)
	objectTables.Give(o.objOf)
	boolTables.Give(o.known)
}

// object returns the object addr is based on.
func (o *memObjects) object(addr *Value) memObject {
	for addr.ID < len(o.repl) && o.repl[addr.ID] != nil {
		addr = o.repl[addr.ID]
	}
	if addr.Op == OpGlobal {
		return o.globals[addr.Sym]
	}
	if addr.Block == nil || addr.ID >= len(o.known) {
		return unknownObject
	}
	if !o.known[addr.ID] {
		obj := unknownObject
		if addr.Op == OpGEP {
			obj = o.object(addr.Args[0])
		}
		o.objOf[addr.ID], o.known[addr.ID] = obj, true
	}
	return o.objOf[addr.ID]
}

// isPrivate reports whether addr is an alloca whose address never escapes.
func (o *memObjects) isPrivate(addr *Value) bool {
	return addr.Op == OpAlloca && o.private[addr.ID]
}

// isSealed reports whether addr is a sealed global, used in this function
// only by loads and stores.
func (o *memObjects) isSealed(addr *Value) bool {
	return addr.Op == OpGlobal && o.sealed[o.globals[addr.Sym]]
}

// kind returns what may reach the object at addr besides accesses to it.
func (o *memObjects) kind(addr *Value) memKind {
	switch {
	case o.isPrivate(addr):
		return memPrivate
	case o.isSealed(addr):
		return memSealed
	}
	return memShared
}

func (m *memOpt) tick() int32 {
	m.now++
	return m.now
}

// location returns the location an access of type t at addr touches, its
// object, and the object's kind.
func (m *memOpt) location(addr *Value, t Type) (memLoc, memObject, memKind) {
	o := m.object(addr)
	loc := memLoc{addr: int32(addr.ID), t: t}
	if addr.Op == OpGlobal {
		loc.addr = -2 - int32(o)
	}
	return loc, o, m.kind(addr)
}

func (m *memOpt) resolve(v *Value) *Value {
	for v.ID < len(m.repl) && m.repl[v.ID] != nil {
		v = m.repl[v.ID]
	}
	return v
}

func (m *memOpt) enter(b *Block) {
	m.frames = append(m.frames, memFrame{writes: m.writes, availLen: len(m.availLog), objLen: len(m.objLog)})
	if len(b.Preds) != 1 && !m.joinRegion(b) {
		m.writes.join = m.tick()
	}
	if len(b.Preds) > 1 {
		m.enterPhiSites(b)
	}
	for _, v := range b.Instrs {
		switch {
		case v.Op == OpLoad && !v.Invariant:
			m.load(v)
		case v.Op == OpStore:
			m.store(v)
		case v.Op == OpCall:
			if !allocates(v) {
				m.writes.call = m.tick()
			}
			m.reads.call = m.tick()
		}
	}
	m.recordSuccessors(b)
	for _, loc := range m.pendingLocs {
		delete(m.pending, loc)
	}
	m.pendingLocs = m.pendingLocs[:0]
}

// allocates reports whether the call v is toy_new_array's: it writes
// only the fresh memory it returns (as LLVM's malloc, inaccessiblememonly
// but for its result), so what the function knows of other memory stays
// known across it — the arrays main allocates into globals and then reads
// the globals back for.
func allocates(v *Value) bool { return allocatedLength(v) != nil }

// memJoinBlocks bounds the region joinRegion scans for one join.
const memJoinBlocks = 32

// joinRegion makes the write clock at the join b, which holds the state at
// the end of b's immediate dominator, account for every store and call on
// the paths from there into b. It reports false, touching nothing, when b
// has no dominator or the region is too large.
func (m *memOpt) joinRegion(b *Block) bool {
	d := m.dom.Idom(b)
	if d == nil {
		return false
	}
	region := []*Block{}
	seen := map[*Block]bool{d: true}
	work := b.PredBlocks()
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		region = append(region, p)
		if len(region) > memJoinBlocks {
			return false
		}
		if p != b {
			work = append(work, p.PredBlocks()...)
		}
	}
	for _, r := range region {
		for _, v := range r.Instrs {
			switch v.Op {
			case OpStore:
				_, o, k := m.location(v.Args[1], v.Args[0].Type)
				if old := m.writes.touch(o, k, m.tick()); o != unknownObject {
					m.objLog = append(m.objLog, objectUndo{o, old})
				}
			case OpCall:
				if !allocates(v) {
					m.writes.call = m.tick()
				}
			}
		}
	}
	return true
}

func (m *memOpt) load(v *Value) {
	loc, o, k := m.location(v.Args[0], v.Type)
	if e, ok := m.avail[loc]; ok && m.writes.untouched(e.since, o, k) {
		m.repl[v.ID] = e.val
		return
	}
	if len(v.Block.Preds) > 1 {
		if phi := m.phiLoad(v, o, k); phi != nil {
			m.repl[v.ID] = phi
			m.setAvail(loc, phi, o)
			return
		}
	}
	m.reads.touch(o, k, m.tick())
	m.setAvail(loc, v, o)
}

func (m *memOpt) store(v *Value) {
	val := m.resolve(v.Args[0])
	loc, o, k := m.location(v.Args[1], val.Type)
	if e, ok := m.avail[loc]; ok && e.val == val && m.writes.untouched(e.since, o, k) {
		m.dead[v.ID] = true // the location holds val already
		return
	}
	if p, ok := m.pending[loc]; ok && m.reads.untouched(p.since, o, k) {
		m.dead[p.store.ID] = true
		m.f.tracking().overwritten(p.store, v)
	} else if !ok {
		m.pendingLocs = append(m.pendingLocs, loc)
	}
	m.pending[loc] = memPending{store: v, since: m.reads.stamp(o)}
	if old := m.writes.touch(o, k, m.tick()); o != unknownObject {
		m.objLog = append(m.objLog, objectUndo{o, old})
	}
	m.setAvail(loc, val, o)
}

func (m *memOpt) setAvail(loc memLoc, val *Value, o memObject) {
	prev, had := m.avail[loc]
	m.availLog = append(m.availLog, memUndo{loc, prev, had})
	m.avail[loc] = memEntry{val: val, since: m.writes.stamp(o)}
}

func (m *memOpt) exit(*Block) {
	fr := m.frames[len(m.frames)-1]
	m.frames = m.frames[:len(m.frames)-1]
	for i := len(m.availLog) - 1; i >= fr.availLen; i-- {
		u := m.availLog[i]
		if u.had {
			m.avail[u.loc] = u.prev
		} else {
			delete(m.avail, u.loc)
		}
	}
	m.availLog = m.availLog[:fr.availLen]
	for i := len(m.objLog) - 1; i >= fr.objLen; i-- {
		m.writes.object[m.objLog[i].o] = m.objLog[i].stamp
	}
	m.objLog = m.objLog[:fr.objLen]
	object := m.writes.object
	m.writes = fr.writes
	m.writes.object = object
}
