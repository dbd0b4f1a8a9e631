package middle

import (
	"slices"
	"strings"
)

// PromoteLoopGlobals is scalar promotion of globals in loops (register
// promotion: Lu and Cooper, "Register Promotion in C Programs", PLDI 1997;
// gcc's store motion in tree-ssa-loop-im.cc; LLVM LICM's
// promoteLoopAccessesToScalars): a global that a loop stores to, and that
// nothing else in the loop may read or write, is loaded once in the loop's
// preheader, carried through the loop as an SSA value, and stored back where
// the loop is left. An interpreter's step counter (steps += 1 for every
// dispatched op) then costs an add in a register instead of a load and a
// store that the next iteration's load waits on (store-to-load forwarding
// through memory).
//
// A global g is promoted in loop l (inner loops included) when
//   - g is defined here, and every use of its address in l is the address
//     of a load or a store of g's own type;
//   - l stores to g;
//   - no other access in l may reach g: in l no address derived from @g is
//     accessed, and when g is not sealed (Global.Sealed: its address is
//     taken somewhere, or the module is not a whole program) no load or
//     store in l goes through a pointer of unknown origin that may point
//     at g (in a TypeSafe module, one of g's type);
//   - no call in l may read or write g: none at all when g is not sealed;
//     when it is, calls of the runtime's toy_* functions, which never
//     touch the program's globals, may stay.
//
// Loops are tried outermost first, and a global promoted in a loop is not
// considered again in the loops inside it. The accesses of g in l become
// accesses of a new stack slot, which the preheader fills from g and each
// exit stores back to g; Mem2Reg then turns the slot into SSA values, with
// φs at the headers (the classic construction, reused rather than built
// again for loops). A store-back goes at the top of an exit block that
// only l enters, or on a block of its own on the exit edge otherwise
// (LoopSimplify's dedicated exits), and is dropped when the value it
// would store is the preheader's load: no path from the preheader to that
// exit stored to g.
//
// An exit to blocks that end the program with a runtime error (they call
// only toy_* functions and end in unreachable) gets no store-back when g
// is sealed: the module is then a whole program, and after a runtime error
// nothing runs that could read g — the runtime prints the message and the
// trace (names and positions from its tables, no globals) and exits, and
// a whole program has no C code that registered an exit handler. A
// debugger sees g's memory stale while such a loop runs, as it does with
// gcc's and LLVM's promotion (tests/debug/stops.py, for
// TestDebugDifferential, reads locals only).
//
// Requires: SSA form. Guarantees: the same program, with every global
// that qualifies carried in SSA values through the loops where it does;
// the loops promoted in have preheaders, and blocks may be added on their
// exit edges.
// The cost is linear in the function times the loop nesting depth, plus
// one Mem2Reg when anything is promoted.
func PromoteLoopGlobals(f *Func) {
	if f.IsDecl() || f.Module == nil {
		return
	}
	if !storesGlobal(f) {
		return // without finding the loops, which most functions have not kept
	}
	nest := f.Loops()
	storing := loopsStoringGlobals(f, nest)
	if len(storing) == 0 {
		return
	}
	p := &globalPromotion{f: f, nest: nest, objects: newMemObjects(f)}
	defer p.objects.release()
	p.globalOf = make([]string, p.objects.count)
	for sym, o := range p.objects.globals {
		p.globalOf[o] = sym
	}
	for _, l := range nest.Loops {
		if storing[l] {
			p.choose(l)
		}
	}
	if len(p.regions) == 0 {
		return
	}
	p.givePreheaders()
	for i := range p.regions {
		p.findExits(&p.regions[i])
	}
	for i := 0; i < len(p.regions); {
		j := i + 1
		for j < len(p.regions) && p.regions[j].l == p.regions[i].l {
			j++ // regions of one loop are next to each other
		}
		p.rewrite(p.regions[i:j])
		i = j
	}
	p.placeSlots()
	Mem2Reg(f)
	for _, sb := range p.storeBacks {
		if sb.st.Args[0] == sb.init {
			b := sb.st.Block
			b.RemoveInstrs(func(v *Value) bool { return v == sb.st })
		}
	}
	p.mergeEqualPhis()
}

// loadAtEnd returns a load of a t from addr in b that nothing after it in
// b may change (no store, no call), or nil: CarryLoads' load of the
// header's reload, which the promoted value takes as its first value too,
// so that its φ and CarryLoads' are the same (mergeEqualPhis).
func loadAtEnd(b *Block, addr *Value, t Type) *Value {
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		switch v := b.Instrs[i]; {
		case v.Op == OpLoad && v.Args[0] == addr && v.Type == t:
			return v
		case v.Op == OpStore, v.Op == OpCall:
			return nil
		}
	}
	return nil
}

// mergeEqualPhis replaces each φ of a promoted loop's header by an
// earlier one with the same arguments: where CarryLoads already carried
// the header's reload of the global, Mem2Reg's φ for it is a copy, which
// would cost a move on every iteration.
func (p *globalPromotion) mergeEqualPhis() {
	var repl []*Value
	for i, r := range p.regions {
		if i > 0 && p.regions[i-1].l == r.l {
			continue
		}
		// The first φ with a's type and arguments, found by a hash of
		// them rather than by comparing with every φ before (a loop that
		// promotes thousands of globals has as many φs).
		first := make(map[uint64][]*Value)
		for _, a := range r.l.Header.Phis() {
			k := phiKey(a)
			if b := slices.IndexFunc(first[k], func(b *Value) bool { return b.Type == a.Type && slices.Equal(a.Args, b.Args) }); b >= 0 {
				if repl == nil {
					repl = make([]*Value, p.f.NumValues())
				}
				repl[a.ID] = first[k][b]
				continue
			}
			first[k] = append(first[k], a)
		}
	}
	if repl == nil {
		return
	}
	p.f.ReplaceUses(repl)
	for i, r := range p.regions {
		if i == 0 || p.regions[i-1].l != r.l {
			h := r.l.Header
			h.RemoveInstrs(func(v *Value) bool { return v.Op == OpPhi && repl[v.ID] != nil })
		}
	}
}

// phiKey hashes the φ v's type and arguments (FNV-1a over their IDs).
func phiKey(v *Value) uint64 {
	h := uint64(14695981039346656037) ^ uint64(v.Type)
	for _, a := range v.Args {
		h = (h ^ uint64(a.ID)) * 1099511628211
	}
	return h
}

// storesGlobal reports whether f stores to a global directly.
func storesGlobal(f *Func) bool {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpStore && v.Args[1].Op == OpGlobal {
				return true
			}
		}
	}
	return false
}

// loopsStoringGlobals returns the loops that store to a global directly,
// in their own blocks or their inner loops'.
func loopsStoringGlobals(f *Func, nest *LoopNest) map[*Loop]bool {
	var storing map[*Loop]bool
	for _, b := range f.Blocks {
		l := nest.Innermost(b)
		if l == nil || storing[l] {
			continue
		}
		for _, v := range b.Instrs {
			if v.Op == OpStore && v.Args[1].Op == OpGlobal {
				if storing == nil {
					storing = make(map[*Loop]bool)
				}
				for in := l; in != nil && !storing[in]; in = in.Parent {
					storing[in] = true
				}
				break
			}
		}
	}
	return storing
}

type globalPromotion struct {
	f        *Func
	dom      *DomTree
	nest     *LoopNest
	objects  *memObjects
	globalOf []string // by memObject: the global's symbol, or ""

	regions    []promotedRegion
	promoted   map[string][]*Loop // by global: the loops it is promoted in
	slots      map[string]*Value  // by global: the slot that stands for it
	newSlots   []*Value           // the slots, in the order made (placeSlots)
	storeBacks []storeBack
}

// promotedRegion is a loop and a global promoted in it, with where its
// value is stored back (found before any edge is split).
type promotedRegion struct {
	l      *Loop
	g      *Global
	addr   *Value   // @g
	sealed bool     // g is sealed in this function
	tops   []*Block // exit blocks only l enters: a store-back at their top
	edges  []Edge   // exit edges into blocks entered from elsewhere too: (from, successor index)
}

// storeBack is a store of a promoted global at a loop's exit, and the
// preheader's load of the global: the store is redundant when it stores
// that.
type storeBack struct{ st, init *Value }

// loopAccesses is what the instructions of a loop, inner loops included,
// do to memory, as far as promotion asks.
type loopAccesses struct {
	stored       []*Value        // the addresses of the globals stored to, in order of first store
	bad          map[string]bool // globals used otherwise than by direct accesses of their type
	calls        bool            // a call
	foreignCalls bool            // a call of something other than the runtime
	unknown      uint32          // bit t: a t accessed through a pointer of unknown origin
}

// choose records the globals l stores to that it may promote, but those
// promoted in a loop around l.
func (p *globalPromotion) choose(l *Loop) {
	acc := p.scan(l)
	for _, addr := range acc.stored {
		if acc.bad[addr.Sym] || p.promotedAround(l, addr.Sym) {
			continue
		}
		g := p.f.Module.Global(addr.Sym)
		if g == nil || g.External || g.Bytes != nil {
			continue
		}
		sealed := p.objects.isSealed(addr)
		if sealed && acc.foreignCalls || !sealed && (acc.calls || acc.unknown&(1<<g.Type) != 0) {
			continue
		}
		p.regions = append(p.regions, promotedRegion{l: l, g: g, addr: addr, sealed: sealed})
		if p.promoted == nil {
			p.promoted = make(map[string][]*Loop)
		}
		p.promoted[addr.Sym] = append(p.promoted[addr.Sym], l)
	}
}

// promotedAround reports whether sym is promoted in a loop that contains l
// (a loop's own globals by name, not every region so far: a loop storing
// to thousands of globals made that quadratic).
func (p *globalPromotion) promotedAround(l *Loop, sym string) bool {
	for _, in := range p.promoted[sym] {
		if in != l && p.nest.Contains(in, l.Header) {
			return true
		}
	}
	return false
}

// scan finds what l's instructions do to memory.
func (p *globalPromotion) scan(l *Loop) *loopAccesses {
	acc := &loopAccesses{bad: make(map[string]bool)}
	typed := p.f.Module.TypeSafe
	seen := make(map[string]bool)
	access := func(v *Value, addr *Value, t Type) {
		if addr.Op == OpGlobal {
			if t != p.globalType(addr.Sym) {
				acc.bad[addr.Sym] = true
			}
			return
		}
		switch o := p.objects.object(addr); {
		case o == unknownObject && typed:
			acc.unknown |= 1 << t
		case o == unknownObject:
			acc.unknown = ^uint32(0)
		case p.globalOf[o] != "":
			acc.bad[p.globalOf[o]] = true // an address derived from @g
		}
	}
	forLoopBlocks(l, func(b *Block) {
		for _, v := range b.Instrs {
			switch v.Op {
			case OpLoad:
				access(v, v.Args[0], v.Type)
			case OpStore:
				access(v, v.Args[1], v.Args[0].Type)
				if a := v.Args[1]; a.Op == OpGlobal && !seen[a.Sym] {
					seen[a.Sym] = true
					acc.stored = append(acc.stored, a)
				}
			case OpCall:
				acc.calls = true
				if !p.isRuntime(v.Sym) {
					acc.foreignCalls = true
				}
			}
			for i, a := range v.Args {
				if a.Op == OpGlobal && !(v.Op == OpLoad && i == 0 || v.Op == OpStore && i == 1) {
					acc.bad[a.Sym] = true
				}
			}
		}
	})
	return acc
}

// globalType returns the type of the global sym, or Void when the module
// does not have it.
func (p *globalPromotion) globalType(sym string) Type {
	if g := p.f.Module.Global(sym); g != nil {
		return g.Type
	}
	return Void
}

// isRuntime reports whether sym is a function of the runtime: declared
// here, named toy_* (a name a Toy program may not define).
func (p *globalPromotion) isRuntime(sym string) bool {
	callee := p.f.Module.Func(sym)
	return strings.HasPrefix(sym, "toy_") && (callee == nil || callee.IsDecl())
}

// givePreheaders gives the loops of the regions that have none a
// preheader (only those: a pass late in the pipeline finds loops that
// simplifycfg left without one), then finds the loops again.
func (p *globalPromotion) givePreheaders() {
	dom := p.f.Dom()
	preheaderOf := make([]*Block, p.f.NumBlocks())
	var outside []Edge
	changed := false
	for i, r := range p.regions {
		if i > 0 && p.regions[i-1].l == r.l {
			continue // regions of one loop are next to each other
		}
		outside = insertPreheader(p.f, dom, r.l, outside, preheaderOf)
		changed = changed || preheaderOf[r.l.Header.ID] != nil
	}
	if changed {
		placeBeforeHeaders(p.f, preheaderOf)
		p.nest = p.f.Loops()
		for i := range p.regions {
			p.regions[i].l = p.nest.Innermost(p.regions[i].l.Header)
		}
	}
	p.dom = p.f.Dom()
}

// findExits finds where r's loop is left, and so where its global is
// stored back.
func (p *globalPromotion) findExits(r *promotedRegion) {
	l := r.l
	forLoopBlocks(l, func(b *Block) {
		for i, e := range b.Succs {
			s := e.Block()
			switch {
			case p.nest.Contains(l, s), r.sealed && p.leadsToRuntimeError(s, r.addr, 4):
			case p.onlyFromLoop(l, s):
				if !containsBlock(r.tops, s) {
					r.tops = append(r.tops, s)
				}
			default:
				r.edges = append(r.edges, Edge{b, i})
			}
		}
	})
}

// leadsToRuntimeError reports whether every path from b ends the program
// with a runtime error within depth more blocks, calling nothing but the
// runtime and not accessing the global at addr on the way: the blocks
// that report a failed check (widenchecks' block that picks which of two
// failed, too). A path that comes to a loop's header could come back to
// the promoted loop's preheader, which loads the global: not such a path.
func (p *globalPromotion) leadsToRuntimeError(b *Block, addr *Value, depth int) bool {
	if l := p.nest.Innermost(b); l != nil && l.Header == b {
		return false
	}
	for _, v := range b.Instrs {
		switch {
		case v.Op == OpCall && !p.isRuntime(v.Sym),
			v.Op == OpLoad && v.Args[0] == addr,
			v.Op == OpStore && v.Args[1] == addr:
			return false
		}
	}
	if t := b.Term(); t != nil && t.Op == OpUnreachable {
		return true
	}
	if depth == 0 || len(b.Succs) == 0 {
		return false
	}
	for i := range b.Succs {
		if !p.leadsToRuntimeError(b.Succ(i), addr, depth-1) {
			return false
		}
	}
	return true
}

// onlyFromLoop reports whether every edge into s comes from l.
func (p *globalPromotion) onlyFromLoop(l *Loop, s *Block) bool {
	for j := range s.Preds {
		if !p.nest.Contains(l, s.Pred(j)) {
			return false
		}
	}
	return true
}

func containsBlock(bs []*Block, b *Block) bool {
	for _, c := range bs {
		if c == b {
			return true
		}
	}
	return false
}

// rewrite makes the loop of the regions rs (all of one loop) access the
// globals' slots: each filled in the preheader, stored back to its global
// at the exits. The loop's accesses are renamed in one sweep for all its
// globals, and each exit block's store-backs go in at once: a loop storing
// to thousands of globals made a sweep per global, and an insertion at the
// top of a block per global, quadratic.
func (p *globalPromotion) rewrite(rs []promotedRegion) {
	f := p.f
	slotOf := make(map[*Value]*Value, len(rs)) // by the global's address
	// Each region's store-back goes at the top of each exit block only
	// the loop enters, after its φs and before the store-backs of the
	// regions before it (as if each were inserted there in turn), at the
	// position of the block's first other instruction.
	type top struct {
		at    *Value   // the block's first instruction after its φs
		added []*Value // the store-backs, pairs in the order of the regions
	}
	var tops map[*Block]*top
	var topOrder []*Block
	for k := range rs {
		r := &rs[k]
		slot := p.slotFor(r.g)
		slotOf[r.addr] = slot
		pre := loopPreheaderOf(p.dom, r.l)
		init := loadAtEnd(pre, r.addr, r.g.Type)
		if init == nil {
			init = f.NewValue(OpLoad, r.g.Type, r.g.Name, r.addr)
			p.place(init, pre.Term(), pre.InsertBeforeTerm)
		}
		fill := f.NewValue(OpStore, Void, "", init, slot)
		p.place(fill, pre.Term(), pre.InsertBeforeTerm)
		for _, s := range r.tops {
			t := tops[s]
			if t == nil {
				if tops == nil {
					tops = make(map[*Block]*top)
				}
				t = &top{at: s.Instrs[len(s.Phis())]}
				tops[s] = t
				topOrder = append(topOrder, s)
			}
			p.storeBack(r, init, slot, t.at, func(v *Value) { t.added = append(t.added, v) })
		}
		for _, e := range r.edges {
			from := e.Block()
			mid := f.NewBlock(from.Name + ".exit")
			from.SplitEdge(e.Index(), mid)
			p.storeBack(r, init, slot, mid.Term(), mid.InsertBeforeTerm)
		}
	}
	forLoopBlocks(rs[0].l, func(b *Block) {
		for _, v := range b.Instrs {
			switch {
			case v.Op == OpLoad:
				if slot := slotOf[v.Args[0]]; slot != nil {
					v.Args[0] = slot
				}
			case v.Op == OpStore:
				if slot := slotOf[v.Args[1]]; slot != nil {
					v.Args[1] = slot
				}
			}
		}
	})
	for _, s := range topOrder {
		added := tops[s].added
		for i, j := 0, len(added)-2; i < j; i, j = i+2, j-2 {
			added[i], added[i+1], added[j], added[j+1] = added[j], added[j+1], added[i], added[i+1]
		}
		insertAt(s, len(s.Phis()), added)
	}
}

// storeBack emits, by insert, the load of r's slot and its store to the
// global, at the position of the instruction at.
func (p *globalPromotion) storeBack(r *promotedRegion, init, slot, at *Value, insert func(*Value)) {
	v := p.f.NewValue(OpLoad, r.g.Type, r.g.Name, slot)
	p.place(v, at, insert)
	st := p.f.NewValue(OpStore, Void, "", v, r.addr)
	p.place(st, at, insert)
	p.storeBacks = append(p.storeBacks, storeBack{st: st, init: init})
}

// place inserts v, at the source position of at: the statement a debugger
// stops at there is the one that was already there.
func (p *globalPromotion) place(v, at *Value, insert func(*Value)) {
	if at != nil {
		v.SetOrigin(at)
	}
	insert(v)
}

// slotFor returns the slot standing for g, made on first need; placeSlots
// puts it at the top of the entry block, where Mem2Reg looks for slots.
func (p *globalPromotion) slotFor(g *Global) *Value {
	if s := p.slots[g.Name]; s != nil {
		return s
	}
	if p.slots == nil {
		p.slots = make(map[string]*Value)
	}
	s := p.f.NewValue(OpAlloca, Ptr, g.Name)
	s.Elem = g.Type
	s.Block = p.f.Entry()
	p.slots[g.Name] = s
	p.newSlots = append(p.newSlots, s)
	return s
}

// placeSlots puts the slots at the top of the entry block, the last made
// first (as if each went to the top when made), in one move rather than
// one per slot.
func (p *globalPromotion) placeSlots() {
	slices.Reverse(p.newSlots)
	insertAt(p.f.Entry(), 0, p.newSlots)
}
