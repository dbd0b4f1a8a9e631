package middle

import "slices"

// LICM is loop-invariant code motion: an instruction of a loop whose
// operands are all defined outside the loop computes the same value on every
// iteration, so it moves to the loop's preheader and runs once per entry
// into the loop (Aho, Lam, Sethi and Ullman, "Compilers", 9.5; LLVM's LICM
// hoisting). Loops are visited innermost first, so an instruction hoisted
// into an inner loop's preheader — a block of the outer loop — can leave
// the outer loop too when its operands allow; within a loop, blocks are
// visited in reverse postorder and instructions in order, so an instruction
// whose operands were hoisted just before it follows them, and the
// preheader receives everything in dependence order.
//
// Only pure instructions move: arithmetic, comparisons, selects, casts,
// address arithmetic, and loads that nothing in the loop can write — but not
// a comparison that only decides its own block's branch
// (branchOnlyCompares). Invariant loads read memory that nothing writes;
// for another load, the loop must hold no call and no store that may reach
// its address (by the object rules of MemOpt: a non-escaping slot is only
// written through itself, distinct slots and globals do not overlap, a
// pointer of unknown origin may reach any of them but a non-escaping slot
// or a sealed global — one whose address the whole program only loads and
// stores at, which only a direct store or a call can write), and in a
// TypeSafe module a store through a pointer of unknown origin writes only
// what loads of its own type read (type-based alias analysis: the []bool
// stores of a loop cannot change the []int element its bound is).
//
// Moving code out of a loop runs it even when the loop body would not have,
// so an instruction that can trap (Value.CanTrap) stays behind its guard: a
// division by a possibly zero or -1 divisor never moves, nor does a shift by
// an amount that may reach the width (poison in LLVM), and a load moves
// only when its address is a slot or global large enough or it is an
// invariant load (always readable), or when its block dominates every block from which the loop can be left
// (the header always does), where it would have executed anyway before the
// loop is left. Stores and calls stay.
//
// Two instructions hoisted into one preheader that compute the same (the
// same operation on the same operands: the length loads of one array's
// checks in different arms of a loop, which GVN could not merge where
// they were) become one, as a GVN run after LICM would make them.
//
// Requires: SSA form. Guarantees: InsertPreheaders' (every natural loop has
// a preheader; irreducible cycles are left alone); no instruction that the
// rules above let move is left in a loop block outside the loop's inner
// loops. The cost is linear in the function times
// the loop nesting depth.
func LICM(f *Func) {
	if f.IsDecl() {
		return
	}
	InsertPreheaders(f)
	dom := f.Dom()
	h := &hoister{f: f, dom: dom, nest: f.Loops(), branchOnly: branchOnlyCompares(f)}
	for i := len(h.nest.Loops) - 1; i >= 0; i-- {
		h.hoistFrom(h.nest.Loops[i])
	}
	if h.prover != nil {
		h.prover.release()
	}
	if h.objects != nil {
		h.objects.release()
	}
	boolTables.Give(h.branchOnly)
	f.tracking().unanchor(h.moved)
	if h.repl != nil {
		f.ReplaceUses(h.repl)
		valueTables.Give(h.repl)
	}
}

// hoistedKey identifies what a hoisted instruction computes: two equal
// keys in one preheader compute the same value there (loads included:
// they read at the same point memory the loop does not write).
type hoistedKey struct {
	pre        *Block
	op         Op
	t, elem    Type
	pred       Pred
	inv        bool
	a0, a1, a2 *Value
}

// keyOf returns v's key in pre, and whether it has one (up to three
// operands).
func keyOf(pre *Block, v *Value) (hoistedKey, bool) {
	if len(v.Args) > 3 {
		return hoistedKey{}, false
	}
	k := hoistedKey{pre: pre, op: v.Op, t: v.Type, elem: v.Elem, pred: v.Pred, inv: v.Invariant}
	args := [3]*Value{}
	copy(args[:], v.Args)
	k.a0, k.a1, k.a2 = args[0], args[1], args[2]
	return k, true
}

// dedupe reports whether the hoisted v computes what an instruction
// hoisted into pre before it computes, and then makes v's uses its: GVN
// ran before LICM, and the length loads of the checks of one array in
// different arms of a loop (an interpreter's) were not redundant there,
// but in the preheader they are.
func (h *hoister) dedupe(pre *Block, v *Value) bool {
	k, ok := keyOf(pre, v)
	if !ok {
		return false
	}
	if h.hoisted == nil {
		h.hoisted = make(map[hoistedKey]*Value)
	}
	w := h.hoisted[k]
	if w == nil {
		h.hoisted[k] = v
		return false
	}
	if h.repl == nil {
		h.repl = valueTables.Take(h.f.NumValues())
	}
	h.repl[v.ID] = w
	return true
}

type hoister struct {
	f          *Func
	dom        *DomTree
	nest       *LoopNest
	branchOnly []bool      // by Value.ID: branchOnlyCompares
	objects    *memObjects // made on first need

	// What is known of the loop being hoisted from, found on first need.
	exitDom   *Block // exitDominator
	written   bool   // writesAll, writesAny and writtenAt describe the loop
	writesAll bool   // a call, or a store through a pointer of unknown origin (but in a TypeSafe module)
	calls     bool   // a call
	// storesTyped has bit t set when, in a TypeSafe module, a store of
	// type t goes through a pointer of unknown origin, but for the stores
	// to an array element (getelementptr t, p, y) of indexed.
	storesTyped uint32
	indexed     []*Value
	prover      *rangeProver // made on first need, for elementsDisjoint
	writesAny   bool         // a store to a slot or global that may have escaped
	writtenAt   []int32      // by memObject: epoch when stored to in the loop
	epoch       int32

	unswitched []*Block      // UnswitchGuards: the blocks whose test moved
	order      *linkedBlocks // UnswitchGuards: the block order while guards move

	hoisted map[hoistedKey]*Value // what each preheader received
	repl    []*Value              // by Value.ID: the equal instruction hoisted before
	moved   []*Value              // the instructions hoisted, with -g (FuncDebug.unanchor)
}

// branchOnlyCompares marks the comparisons used only as the condition of
// their own block's branch. The backend fuses such a comparison with the
// branch (cmp; jcc), which costs no more than testing a hoisted result in
// the loop, and a hoisted result would hold a register across the loop.
func branchOnlyCompares(f *Func) []bool {
	return usedOnlyAs(f, OpICmp, func(u *Value, i int) bool {
		return u.Op == OpCondBr && u.Args[0].Block == u.Block
	})
}

// hoistFrom moves l's invariant instructions in the blocks whose innermost
// loop is l (inner loops are done already) to l's preheader.
func (h *hoister) hoistFrom(l *Loop) {
	pre := loopPreheaderOf(h.dom, l)
	h.exitDom, h.written = nil, false
	for _, b := range l.Blocks {
		moved := false
		for _, v := range b.Instrs {
			if !h.invariant(l, v) || !h.mayRunEarly(l, b, v) {
				continue
			}
			// At the preheader's branch, as LLVM drops a hoisted
			// instruction's line: a debugger stopping at the
			// statement's line before the loop would say the loop's
			// body has begun.
			moved = true
			if h.f.tracking() != nil {
				h.moved = append(h.moved, v)
			}
			if h.dedupe(pre, v) {
				v.Block = nil // dropped below with the moved ones
				continue
			}
			if t := pre.Term(); t != nil {
				v.SetOrigin(t)
			}
			pre.InsertBeforeTerm(v)
		}
		if moved {
			b.RemoveInstrs(func(v *Value) bool { return v.Block != b })
		}
	}
}

// mayRunEarly reports whether the invariant instruction v of l's block b
// gives the same result, and traps no more, in l's preheader.
func (h *hoister) mayRunEarly(l *Loop, b *Block, v *Value) bool {
	if speculatable(v) {
		return true
	}
	if v.Op != OpLoad || !v.Invariant && h.loopMayWrite(l, v.Args[0], v.Type) {
		return false
	}
	if h.alwaysReadable(v) {
		return true
	}
	if h.exitDom == nil {
		h.exitDom = h.exitDominator(l)
	}
	return h.dom.Dominates(b, h.exitDom)
}

// alwaysReadable reports whether the load v reads inside a slot or global
// variable, which no load can fault on, or is an invariant load, which this
// IR defines as readable wherever its address can be computed (see
// Value.Invariant).
func (h *hoister) alwaysReadable(v *Value) bool {
	if v.Invariant {
		return true
	}
	size, addr := v.Type.Size(), v.Args[0]
	switch addr.Op {
	case OpAlloca:
		return size <= addr.Elem.Size()
	case OpGlobal:
		g := h.f.Module.Global(addr.Sym)
		return g != nil && !g.External && (size <= g.Type.Size() || size <= len(g.Bytes))
	}
	return false
}

// loopMayWrite reports whether a store or call in l may write at addr,
// read as a t.
func (h *hoister) loopMayWrite(l *Loop, addr *Value, t Type) bool {
	if !h.written {
		h.summarizeWrites(l)
	}
	o := h.objects.object(addr)
	switch {
	case h.objects.isPrivate(addr):
		return h.writtenAt[o] == h.epoch
	case h.objects.isSealed(addr):
		return h.calls || h.writtenAt[o] == h.epoch
	case h.writesAll, h.storesTyped&(1<<t) != 0, !h.elementsDisjoint(addr, t):
		return true
	case o == unknownObject:
		return h.writesAny
	}
	return h.writtenAt[o] == h.epoch
}

// summarizeWrites records what the stores and calls of l, inner loops
// included, may write.
func (h *hoister) summarizeWrites(l *Loop) {
	if h.objects == nil {
		h.objects = newMemObjects(h.f)
		h.writtenAt = make([]int32, h.objects.count)
	}
	h.epoch++
	h.written, h.writesAll, h.writesAny, h.calls, h.storesTyped = true, false, false, false, 0
	h.indexed = h.indexed[:0]
	typed := h.f.Module != nil && h.f.Module.TypeSafe
	forLoopBlocks(l, func(b *Block) {
		for _, v := range b.Instrs {
			switch v.Op {
			case OpCall:
				h.writesAll, h.calls = true, true
			case OpStore:
				switch o := h.objects.object(v.Args[1]); {
				case o == unknownObject && typed && arrayElement(v.Args[1], v.Args[0].Type):
					h.indexed = append(h.indexed, v)
				case o == unknownObject && typed:
					h.storesTyped |= 1 << v.Args[0].Type
				case o == unknownObject:
					h.writesAll = true
				default:
					h.writtenAt[o] = h.epoch
					h.writesAny = h.writesAny || !h.objects.isPrivate(v.Args[1])
				}
			}
		}
	})
}

// arrayElement reports whether addr is getelementptr t, p, i for a p that
// is no getelementptr itself: in a TypeSafe module, element i of the array
// p points to, accessed as a t. Toy checks every index, and the passes drop
// only checks they prove, so such an access runs only for 0 <= i < the
// array's length, which is below 2^61 for 8-byte elements: unequal
// indices through one p are different elements, whatever they add up to
// modulo 2^64.
func arrayElement(addr *Value, t Type) bool {
	return addr.Op == OpGEP && addr.Elem == t && addr.Args[0].Op != OpGEP
}

// elementsDisjoint reports whether none of the loop's stores to array
// elements (indexed) can write the location addr, read as a t: each
// stores another type, or is to another element of addr's own array,
// through the same pointer, by an index the range prover shows unequal to
// addr's where the store is. (A store through another pointer may be to
// the same array.)
func (h *hoister) elementsDisjoint(addr *Value, t Type) bool {
	for _, st := range h.indexed {
		if st.Args[0].Type != t {
			continue
		}
		sa := st.Args[1]
		if !arrayElement(addr, t) {
			return false
		}
		if copiesOwnElement(st, addr.Args[0]) {
			continue
		}
		if addr.Args[0] != sa.Args[0] {
			return false
		}
		if h.prover == nil {
			h.prover = newRangeProver(h.f, h.dom)
		}
		// Hoisting moves only pure instructions out of loop blocks, so the
		// prover's facts (edges, dominance, allocations before an index,
		// which only falls) stay true.
		at := point{block: st.Block, index: slices.Index(st.Block.Instrs, st)}
		x, y := addr.Args[1], sa.Args[1]
		if !h.prover.proveBelow(x, y, at) && !h.prover.proveBelow(y, x, at) {
			return false
		}
	}
	return true
}

// copiesOwnElement reports whether the store st (to an array element)
// writes back element i of the array p, read with the same index i in st's
// block or in one that every path to it comes through last (a chain of
// blocks with one predecessor each, which the loop's header, having two,
// can only head): dst[i] = p[i], a copy loop's store, after its bounds
// checks. Toy's arrays are the same or do not overlap (a pointer is made
// only by &x of a variable, never into an array), so it changes no element
// of p — when dst is p, p[i] gets the value it held at the load, unless a
// store between them wrote p[i]: one of the loop's, which the caller asks
// about on its own (of the loop's writes to an element of p, the first in
// time cannot be such a copy, which writes the value the element already
// has).
func copiesOwnElement(st *Value, p *Value) bool {
	ld, sa := st.Args[0], st.Args[1]
	if ld.Op != OpLoad || !arrayElement(sa, ld.Type) {
		return false
	}
	la := ld.Args[0]
	if !arrayElement(la, ld.Type) || la.Args[0] != p || la.Args[1] != sa.Args[1] {
		return false
	}
	if ld.Block == st.Block {
		return slices.Index(st.Block.Instrs, ld) < slices.Index(st.Block.Instrs, st)
	}
	b := st.Block
	for range 8 {
		if len(b.Preds) != 1 {
			return false
		}
		if b = b.Pred(0); b == ld.Block {
			return true
		}
	}
	return false
}

// forLoopBlocks calls visit on every block of l, inner loops' included.
func forLoopBlocks(l *Loop, visit func(*Block)) {
	work := []*Loop{l}
	for len(work) > 0 {
		in := work[len(work)-1]
		work = append(work[:len(work)-1], in.Children...)
		for _, b := range in.Blocks {
			visit(b)
		}
	}
}

// invariant reports whether v is a pure instruction or a load whose
// operands are all defined outside l.
func (h *hoister) invariant(l *Loop, v *Value) bool {
	switch {
	case v.Op.IsBinary(), v.Op.IsCast(), v.Op == OpSelect, v.Op == OpGEP:
	case v.Op == OpICmp && !h.branchOnly[v.ID]:
	case v.Op == OpLoad:
	default:
		return false
	}
	h.useHoisted(v)
	for _, a := range v.Args {
		if a.Block != nil && h.nest.Contains(l, a.Block) {
			return false
		}
	}
	return true
}

// useHoisted makes v use, in place of an operand that dedupe dropped, the
// equal instruction hoisted before it. The dropped one has no block, so
// without this it would look defined outside every loop: an outer loop
// would hoist v above the inner loop's preheader, where its operand really
// is (seed 2900346: g1 >> 63 hoisted to the entry, its load of g1 in the
// inner loop's preheader inside the outer loop, which holds a call).
func (h *hoister) useHoisted(v *Value) {
	if h.repl == nil {
		return
	}
	for i, a := range v.Args {
		if a.ID < len(h.repl) && h.repl[a.ID] != nil {
			v.Args[i] = h.repl[a.ID]
		}
	}
}

// speculatable reports whether v may run where it would not have: it cannot
// trap, and it is not a shift that may be by the width or more, which LLVM
// makes poison (the frontend masks Toy's shift counts, which this sees).
func speculatable(v *Value) bool {
	switch v.Op {
	case OpShl, OpAShr, OpLShr:
		n := v.Args[1]
		if n.Op == OpAnd && n.Args[1].Op == OpConst {
			n = n.Args[1]
		}
		return n.Op == OpConst && zeroExtend(n.Type, n.Const) < uint64(v.Type.Bits())
	}
	return !v.CanTrap()
}

// loopPreheaderOf returns the one predecessor of l's header from outside l
// (InsertPreheaders made it).
func loopPreheaderOf(dom *DomTree, l *Loop) *Block {
	for _, pE := range l.Header.Preds {
		p := pE.Block()
		if !dom.Dominates(l.Header, p) {
			return p
		}
	}
	panic("middle: @" + l.Header.Func.Name + ": loop %" + l.Header.Name + " has no preheader")
}

// exitDominator returns the nearest common dominator of the blocks from
// which l can be left (its exiting blocks), or l's header when l cannot be
// left. Every block that dominates it executes before the loop is left.
func (h *hoister) exitDominator(l *Loop) *Block {
	var common *Block
	forLoopBlocks(l, func(b *Block) {
		for _, sE := range b.Succs {
			s := sE.Block()
			if h.nest.Contains(l, s) {
				continue
			}
			if common == nil {
				common = b
			}
			// The candidate only climbs, so the whole search climbs at most
			// the height of the loop's dominator subtree.
			for !h.dom.Dominates(common, b) {
				common = h.dom.Idom(common)
			}
		}
	})
	if common == nil {
		return l.Header
	}
	return common
}
