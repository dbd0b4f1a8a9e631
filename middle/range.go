package middle

import (
	"math"
	"slices"
	"sync"
)

// A demand-driven prover of inequalities between SSA values, after Bodík,
// Gupta and Sarkar, "ABCD: Eliminating Array Bounds Checks on Demand" (PLDI
// 2000). A question is "x ≤ y + c" or "x ≥ y + c" for values x, y and a
// constant c, asked at a program point; values are read as signed integers
// of their type, and the inequality is one between mathematical integers.
// The prover walks backwards from x, as ABCD walks its inequality graph:
//
//   - facts: a comparison on which a dominating branch went one way (a
//     conditional edge dominates the point when its target has no other
//     predecessor, or no other but the latches of the loop it enters, for
//     values fixed before the loop; ABCD's π-nodes, kept as a side table
//     instead of new values), and a dominating toy_new_array(n) call, after
//     which n ≥ 0. A fact about u = t + k is one about t as well, when u
//     is not negative (so that the addition did not wrap); and the facts
//     of the whole program (ipranges.go), that a parameter, a call's
//     result or an element loaded from a global array lies in [0, L-1]
//     for a known length L;
//   - definitions: a load of a sealed global is the value stored to it
//     before on the only way there (storedValue); x = a + k moves the
//     bound by k, provided the addition cannot wrap, which is a question
//     of its own (a ≤ MAX - k); and, x =
//     a & m is between 0 and m when m ≥ 0; srem, sdiv, urem, udiv, shifts, sext, zext,
//     trunc and select have similar rules, and a product by a positive
//     constant is bounded by constants that bound its other operand;
//   - φs, by induction over the execution: to show every value a φ takes is
//     ≤ y + c, show it for each incoming value on its edge, assuming it for
//     the φ itself; meeting the φ again with a bound no stronger closes the
//     cycle (ABCD's "harmless cycle"), a stronger one fails (an "amplifying"
//     cycle, as i = i + 1 against a fixed bound). The assumption is only
//     sound when y keeps one value while the loop runs, so y must be defined
//     in a block that strictly dominates the φ's;
//   - when x has nothing more to offer, the question turns around to a
//     lower bound on y (once per chain, so the two sides cannot ping-pong).
//
// Array lengths are terms of their own: the invariant load of the header
// before element 0 is "the length of p", the same term for every load from
// the same pointer p; the length of toy_new_array(n, ...) is n (the runtime
// returns only for 0 ≤ n); the length of a φ of pointers is inducted over
// like a φ of integers (lcs swaps two rows of one length every iteration).
// Lengths are never negative.
//
// Every step is one of a fixed budget per question, so a function's
// questions cost time linear in their number, and an answer that needs more
// is "unknown". Answers that rest on no assumption of an enclosing question
// are remembered for the whole function (ABCD memoizes the same way), so
// the many checks of one loop share the proof about its counter.

// term is what bounds are expressed in: an integer SSA value, the length of
// the array a pointer value points to, or (v == nil) the constant 0.
type term struct {
	v      *Value
	length bool
}

var zeroTerm term

func (t term) isZero() bool { return t.v == nil }

// bound is t + c, in mathematical integers.
type bound struct {
	t term
	c int64
}

// canonical returns the bound that v equals exactly: constants are 0 + c,
// length loads the length term of their pointer, anything else itself.
func (p *rangeProver) canonical(v *Value) bound {
	if v.Op == OpConst {
		return bound{zeroTerm, v.Const}
	}
	if a := lengthOf(v); a != nil {
		return p.lengthBound(a)
	}
	// A load with no block is one that licm has dropped as a duplicate of
	// one it hoisted, its uses still to be replaced when the pass ends
	// (hoister.dedupe), which a prover made in the meantime sees: it is
	// only itself.
	if v.Op == OpLoad && v.Args[0].Op == OpGlobal && v.Block != nil {
		if w := p.storedValue(v); w != nil {
			return p.canonical(w)
		}
	}
	return bound{term{v: v}, 0}
}

// storedValue returns the value the load v of a global reads when the
// function stored it there before, on the only way to v: the last store
// to the global in v's block or, through blocks of one predecessor, in
// those before, with no call between (which may store to it), and the
// global sealed (Global.Sealed: no store through another address can
// reach it). So `nodes += 1; left[nodes] = 0; ... return nodes;` returns
// the sum its checks compared. Else nil.
func (p *rangeProver) storedValue(v *Value) *Value {
	if w, ok := p.stored[v]; ok {
		return w
	}
	var w *Value
	g := v.Args[0]
	if gl := p.global(g.Sym); gl != nil && gl.Sealed && !p.unsealed(g) {
		b, i := v.Block, slices.Index(v.Block.Instrs, v)
		for steps := 0; b != nil && steps < storedValueSteps; steps++ {
			if i--; i < 0 {
				if len(b.Preds) != 1 {
					break
				}
				b = b.Pred(0)
				i = len(b.Instrs)
				continue
			}
			x := b.Instrs[i]
			if x.Op == OpCall {
				break
			}
			if x.Op == OpStore && x.Args[1].Op == OpGlobal && x.Args[1].Sym == g.Sym {
				if x.Args[0].Type == v.Type {
					w = x.Args[0]
				}
				break
			}
		}
	}
	if p.stored == nil {
		p.stored = make(map[*Value]*Value)
	}
	p.stored[v] = w
	return w
}

// global returns the module's global named sym, or nil.
func (p *rangeProver) global(sym string) *Global {
	if p.module == nil {
		return nil
	}
	return p.module.Global(sym)
}

// storedValueSteps bounds storedValue's walk back, in instructions.
const storedValueSteps = 256

// unsealed reports whether the function uses the address of the sealed
// global g other than to load or store it (a pass broke the promise).
func (p *rangeProver) unsealed(g *Value) bool {
	if p.unsealedGlobals == nil {
		p.unsealedGlobals = make(map[string]bool)
		for _, b := range p.fn.Blocks {
			for _, v := range b.Instrs {
				for i, a := range v.Args {
					if a.Op == OpGlobal && !(v.Op == OpLoad && i == 0 || v.Op == OpStore && i == 1) {
						p.unsealedGlobals[a.Sym] = true
					}
				}
			}
		}
	}
	return p.unsealedGlobals[g.Sym]
}

// lengthBound is the bound equal to the length of the array a points to:
// the n of toy_new_array(n), the known length of the global a loads
// (readGlobalLengths) — a constant, or the length term of the first
// global of its class that the function loads, which stands for them
// all — or a's own length term.
func (p *rangeProver) lengthBound(a *Value) bound {
	if n := allocatedLength(a); n != nil {
		return p.canonical(n)
	}
	if a.Op == OpLoad && a.Args[0].Op == OpGlobal {
		if l := p.loadLengths[a]; l != nil {
			if l.Class == "" {
				return bound{zeroTerm, l.Const}
			}
			return bound{term{v: p.classes[l.Class], length: true}, 0}
		}
	}
	return bound{term{v: a, length: true}, 0}
}

// lengthOf returns the array pointer whose length v loads, or nil: the
// frontend reads a length as an invariant i64 load from p - 8.
func lengthOf(v *Value) *Value {
	if v.Op != OpLoad || !v.Invariant || v.Type != I64 {
		return nil
	}
	addr := v.Args[0]
	if addr.Op != OpGEP || addr.Elem != I8 || !addr.Args[1].IsConst(-8) {
		return nil
	}
	return addr.Args[0]
}

// allocatedLength returns n when p is toy_new_array(n, ...), the runtime's
// allocator (a name Toy programs cannot define), else nil.
func allocatedLength(p *Value) *Value {
	if p.Op == OpCall && p.Sym == "toy_new_array" && len(p.Args) > 0 && p.Args[0].Type == I64 {
		return p.Args[0]
	}
	return nil
}

// point is where a question is asked: before instruction index of block,
// or, when edge is set, at the end of block on its way to edge.
type point struct {
	block *Block
	index int
	edge  *Block
}

// fact says that x ≤ other + d (upper) or x ≥ other + d, for the x it is
// filed under, wherever it holds (see holds), provided t + c ≥ 0 for each
// bound in needs (unsigned comparisons say something about signed values
// only then, and a fact about x + k about x only when x + k did not wrap).
// The small fields come after the pointers, so that a fact takes 96 bytes,
// not 128: a function of 10k loops has 100k facts, and each of its provers
// grows its array of them from empty.
type fact struct {
	other term
	d     int64
	needs []bound
	// Where it holds: after the edge edgeFrom -> edgeTo, and in every block
	// domFrom dominates when edgeTo has no other predecessor (or, with
	// loopEntry, no other but latches); or after the instruction
	// allocIndex of allocBlock.
	edgeFrom, edgeTo, domFrom *Block
	allocBlock                *Block
	allocIndex                int32
	// hyp-1 is the fact's index among the whole program's candidates
	// (ipranges.go), 0 for a fact of the function.
	hyp int32
	// next is the index in rangeProver.all of the next fact about the
	// same term, 0 for none.
	next      int32
	upper     bool
	loopEntry bool
	// always says that it holds wherever its value is defined: a fact of
	// the whole program.
	always bool
}

// factList is where a term's facts are in rangeProver.all: its first and
// last, linked by fact.next (indices from 1, so that the zero list is
// empty).
type factList struct{ first, last int32 }

// rangeProver answers questions about one function; its facts are read once.
type rangeProver struct {
	dom *DomTree
	// A term's facts, in the order they were filed, are a list in all:
	// one array for the function's facts rather than one growing per
	// term, most of which hold one or two (a slice each was a twentieth of
	// what an -O1 compile allocates). valueFacts holds the lists of the
	// terms of the values f had when p was made, by factSlot: a map of
	// them all, searched at each question, missed the cache in a function
	// of 10k loops. facts holds the rest (the zero term, the classes'
	// stand-ins, and values made since, whose IDs may be a stand-in's).
	// factsOf reads either.
	valueFacts []factList
	denseIDs   int // the values' IDs valueFacts covers: [0, denseIDs)
	facts      map[term]factList
	all        []fact // all[0] is unused

	steps int
	hyps  []hypothesis
	path  []pathEntry // the questions being asked, outermost first

	// memo keeps answers that hold whatever question they were asked for:
	// those that met no hypothesis and cut no cycle of questions asked
	// outside them. low is the outermost path level the current question's
	// answer depends on so far (Tarjan's lowlink, as memoizing ABCD needs).
	memo map[memoKey]bool
	low  int

	// Answers at the point of the first question being asked (questions
	// move from it only to the ends of edges, where induct asks) are kept
	// in atMemo, for that point only: the passes ask at each instruction
	// once, in order, so they could never be read again, and a function's
	// worth of them in memo made a table of hundreds of MB, every lookup
	// in it a cache miss (the 10k loops of tests/bench/shapes). A first
	// question takes at most its budget of steps, so atMemo stays small.
	at     point
	atMemo map[memoKey]bool

	// loadLengths are the known lengths of the arrays f loads from
	// globals, by load (arraylength.go); classes, for each class of
	// globals of one length, the address of the first f loads, whose
	// length term stands for the class's.
	loadLengths map[*Value]*ArrayLength
	classes     map[string]*Value

	// numValues is the function's count of values, past which the
	// stand-ins for the lengths of classes it loads no global of are
	// numbered (classTerm); consulted marks the whole-program facts that
	// byFacts looked at, when solveRanges asks.
	numValues int
	consulted []bool

	// stored caches storedValue; unsealedGlobals are the globals whose
	// address fn uses other than to load or store them.
	fn              *Func
	module          *Module
	stored          map[*Value]*Value
	unsealedGlobals map[string]bool
}

// memoKey is a question and its point by the IDs of their values and
// blocks: 32 bytes where the query and point themselves take 80, for a
// table that holds a few hundred answers per loop of a function.
type memoKey struct {
	c            int64
	x, y         int32 // Value.ID + 1 of the terms, 0 for the zero term
	block, index int32
	edge         int32 // Block.ID + 1, 0 for none
	flags        uint8 // memoUpper, memoSwapped, memoXLength, memoYLength
}

const (
	memoUpper = 1 << iota
	memoSwapped
	memoXLength
	memoYLength
)

func makeMemoKey(q query, at point) memoKey {
	k := memoKey{c: q.c, x: termID(q.x), y: termID(q.y), block: int32(at.block.ID), index: int32(at.index)}
	if at.edge != nil {
		k.edge = int32(at.edge.ID) + 1
	}
	if q.upper {
		k.flags |= memoUpper
	}
	if q.swapped {
		k.flags |= memoSwapped
	}
	if q.x.length {
		k.flags |= memoXLength
	}
	if q.y.length {
		k.flags |= memoYLength
	}
	return k
}

// termID is t's value's ID + 1, or 0 for the zero term.
func termID(t term) int32 {
	if t.isZero() {
		return 0
	}
	return int32(t.v.ID) + 1
}

// hypothesis is the induction assumption for a φ (or a φ of pointers'
// length) being proved: x ≤ y + c or x ≥ y + c for every value x takes.
type hypothesis struct {
	upper bool
	x, y  term
	c     int64
	level int // the path level of the question that assumed it
}

type pathEntry struct {
	upper bool
	x, y  term
}

// rangeBudget is the number of steps one question may take; the proofs
// the benchmarks need take up to about 400 (lcs's rows).
const rangeBudget = 600

type query struct {
	upper   bool
	x, y    term
	c       int64
	swapped bool // the question was turned around once already
}

// proverTables keeps the tables of released provers (their facts and
// memos) for the next (scratch.go): several passes make a prover for each
// function, and their tables were a twentieth of what an -O1 compile
// allocates.
var proverTables = sync.Pool{New: func() any { return &rangeProver{all: make([]fact, 0, 64)} }}

// release gives p's tables back for another prover; p may not be used
// after.
func (p *rangeProver) release() {
	proverTables.Put(&rangeProver{facts: ReleasedMap(p.facts), valueFacts: Released(p.valueFacts), all: Released(p.all), memo: ReleasedMap(p.memo), atMemo: ReleasedMap(p.atMemo)})
}

func newRangeProver(f *Func, dom *DomTree) *rangeProver {
	var r *ipRanges
	if f.Module != nil {
		r = f.Module.ranges
	}
	return newRangeProverAssuming(f, dom, r)
}

// newRangeProverAssuming is newRangeProver with the whole-program facts
// r (nil: none) in place of the module's.
func newRangeProverAssuming(f *Func, dom *DomTree, r *ipRanges) *rangeProver {
	kept := proverTables.Get().(*rangeProver)
	p := &rangeProver{dom: dom, facts: orMake(kept.facts), all: append(kept.all, fact{}), memo: orMake(kept.memo), atMemo: orMake(kept.atMemo), numValues: f.NumValues(), fn: f, module: f.Module}
	p.denseIDs = f.NumValues()
	p.valueFacts = Zeroed(kept.valueFacts, 2*p.denseIDs)
	p.readGlobalLengths(f)
	if r != nil {
		r.assume(p, f)
	}
	for _, b := range dom.RPO() {
		for i, v := range b.Instrs {
			if n := allocatedLength(v); n != nil {
				p.addAllocation(n, fact{allocBlock: b, allocIndex: int32(i)})
			}
		}
		t := b.Term()
		if t == nil || t.Op != OpCondBr || t.Block.Succ(0) == t.Block.Succ(1) || t.Args[0].Op != OpICmp {
			continue
		}
		cond := t.Args[0]
		for i, e := range b.Succs {
			target := e.b
			where := fact{edgeFrom: b, edgeTo: target}
			switch {
			case len(target.Preds) == 1:
				where.domFrom = target
			case p.onlyLoopEntry(b, target):
				where.domFrom, where.loopEntry = target, true
			}
			pred := cond.Pred
			if i == 1 {
				pred = pred.Negate()
			}
			p.addComparison(pred, p.canonical(cond.Args[0]), p.canonical(cond.Args[1]), where)
		}
	}
	return p
}

// readGlobalLengths finds the loads of globals whose lengths are known
// (arraylength.go): every load in a function other than toy_main, which
// runs after the allocations; in toy_main, a load after a store to the
// global (every store is one of its allocations, which made an array of
// its length — for a class, its only one, in the run of the others').
func (p *rangeProver) readGlobalLengths(f *Func) {
	if f.Module == nil {
		return
	}
	known := make(map[*Value]*ArrayLength) // by address, nil: none
	lengthAt := func(addr *Value) *ArrayLength {
		l, ok := known[addr]
		if !ok {
			if g := f.Module.Global(addr.Sym); g != nil {
				l = g.Length
			}
			known[addr] = l
		}
		return l
	}
	type position struct {
		b *Block
		i int
	}
	var stores map[*Value][]position
	if f.Name == "toy_main" {
		stores = make(map[*Value][]position)
		for _, b := range f.Blocks {
			for i, v := range b.Instrs {
				if v.Op == OpStore && v.Args[1].Op == OpGlobal && lengthAt(v.Args[1]) != nil {
					stores[v.Args[1]] = append(stores[v.Args[1]], position{b, i})
				}
			}
		}
	}
	stored := func(addr *Value, b *Block, i int) bool {
		for _, s := range stores[addr] {
			if s.b == b && s.i < i || p.dom.StrictlyDominates(s.b, b) {
				return true
			}
		}
		return false
	}
	for _, b := range f.Blocks {
		for i, v := range b.Instrs {
			if v.Op != OpLoad || v.Type != Ptr || v.Args[0].Op != OpGlobal {
				continue
			}
			addr := v.Args[0]
			l := lengthAt(addr)
			if l == nil || stores != nil && !stored(addr, b, i) {
				continue
			}
			if p.loadLengths == nil {
				p.loadLengths, p.classes = make(map[*Value]*ArrayLength), make(map[string]*Value)
			}
			p.loadLengths[v] = l
			if l.Class != "" && p.classes[l.Class] == nil {
				p.classes[l.Class] = addr
			}
		}
	}
}

// addAllocation files the facts that toy_new_array(n, ...) returning
// gives: n ≥ 0; and when n = a + k for a positive constant k, that the
// addition did not wrap (it would have made n negative), so a ≤ MAX - k
// and a ≥ -k: the n + 1 of a one-larger array bounds the loops up to n.
func (p *rangeProver) addAllocation(n *Value, where fact) {
	p.file(p.canonical(n), false, bound{}, 0, nil, where)
	if n.Op != OpAdd && n.Op != OpSub {
		return
	}
	if a, k, ok := addend(n); ok && k > 0 {
		p.file(p.canonical(a), true, bound{}, math.MaxInt64-k, nil, where)
		p.file(p.canonical(a), false, bound{}, -k, nil, where)
	}
}

// onlyLoopEntry reports whether the edge from -> to is the only way into
// the loop headed by to: its other predecessors are latches. A fact on the
// edge about values defined before the loop then holds throughout it.
func (p *rangeProver) onlyLoopEntry(from, to *Block) bool {
	for _, qE := range to.Preds {
		q := qE.Block()
		if q != from && !p.dom.Dominates(to, q) {
			return false
		}
	}
	return true
}

// addComparison files the facts that a pred b being true gives.
func (p *rangeProver) addComparison(pred Pred, a, b bound, where fact) {
	switch pred {
	case PredSGT, PredSGE, PredUGT, PredUGE:
		p.addComparison(pred.Swap(), b, a, where)
	case PredEQ:
		p.addComparison(PredSLE, a, b, where)
		p.addComparison(PredSLE, b, a, where)
	case PredSLT, PredSLE:
		d := int64(0)
		if pred == PredSLT {
			d = -1
		}
		p.addFact(a, true, b, d, nil, where)
		p.addFact(b, false, a, -d, nil, where)
	case PredULT, PredULE:
		// a <u b with b ≥ 0 means 0 ≤ a < b as signed numbers.
		var needs []bound
		if b.t.isZero() {
			if b.c < 0 {
				return
			}
		} else {
			needs = []bound{b}
		}
		d := int64(0)
		if pred == PredULT {
			d = -1
		}
		p.addFact(a, true, b, d, needs, where)
		p.addFact(a, false, bound{}, 0, needs, where)
		p.addFact(b, false, a, -d, needs, where)
	}
}

// addFact files x ≤ other + d (or ≥) under x's term, with the constants of
// both sides moved into d. When x's term is u = t + k for a positive
// constant k (the i + 1 of `i + 1 < len(a)`), the fact is filed under t
// as well, needing u ≥ 0: a positive k that wraps makes u negative.
func (p *rangeProver) addFact(x bound, upper bool, other bound, d int64, needs []bound, where fact) {
	if x.t.isZero() {
		return
	}
	p.file(x, upper, other, d, needs, where)
	if x.t.length || x.t.v.Op != OpAdd {
		return
	}
	if t, k, ok := addend(x.t.v); ok && k > 0 {
		ct := p.canonical(t)
		if c, ok := addChecked(ct.c, k); ok {
			if c, ok := addChecked(c, x.c); ok && !ct.t.isZero() {
				p.file(bound{ct.t, c}, upper, other, d, append(needs[:len(needs):len(needs)], bound{x.t, 0}), where)
			}
		}
	}
}

// file records the fact x ≤ other + d (or ≥) under x.t.
func (p *rangeProver) file(x bound, upper bool, other bound, d int64, needs []bound, where fact) {
	d, ok := addChecked(d, other.c)
	if ok {
		d, ok = subChecked(d, x.c)
	}
	if !ok {
		return
	}
	if where.loopEntry && !p.allDefinedBefore(where.domFrom, x.t, other.t, needs) {
		where.domFrom = nil // a value of the loop: only the edge knows it
	}
	where.upper, where.other, where.d, where.needs = upper, other.t, d, needs
	where.next = 0
	p.all = append(p.all, where)
	i := int32(len(p.all) - 1)
	l := p.factsOf(x.t)
	if l.first == 0 {
		l.first = i
	} else {
		p.all[l.last].next = i
	}
	l.last = i
	if k, ok := p.factSlot(x.t); ok {
		p.valueFacts[k] = l
	} else {
		p.facts[x.t] = l
	}
}

// factSlot is t's index in p.valueFacts, if it has one there.
func (p *rangeProver) factSlot(t term) (int, bool) {
	if t.v == nil || t.v.ID < 0 || t.v.ID >= p.denseIDs {
		return 0, false
	}
	k := 2 * t.v.ID
	if t.length {
		k++
	}
	return k, true
}

// factsOf lists the facts filed under t.
func (p *rangeProver) factsOf(t term) factList {
	if k, ok := p.factSlot(t); ok {
		return p.valueFacts[k]
	}
	return p.facts[t]
}

// allDefinedBefore reports whether the terms x, other and those of needs
// are all definedBefore b.
func (p *rangeProver) allDefinedBefore(b *Block, x, other term, needs []bound) bool {
	for _, n := range needs {
		if !p.definedBefore(n.t, b) {
			return false
		}
	}
	return p.definedBefore(x, b) && p.definedBefore(other, b)
}

// definedBefore reports whether t's value is fixed before b starts: a
// constant, parameter or global, or an instruction strictly dominating b.
func (p *rangeProver) definedBefore(t term, b *Block) bool {
	return t.isZero() || t.v.Block == nil || p.dom.StrictlyDominates(t.v.Block, b)
}

// holds reports whether the fact is known at.
func (p *rangeProver) holds(f *fact, at point) bool {
	switch {
	case f.always:
		return true
	case f.allocBlock != nil:
		return p.dom.StrictlyDominates(f.allocBlock, at.block) || f.allocBlock == at.block && int(f.allocIndex) < at.index
	case at.edge != nil && f.edgeFrom == at.block && f.edgeTo == at.edge:
		return true
	}
	return f.domFrom != nil && p.dom.Dominates(f.domFrom, at.block)
}

// proveBelow reports whether x <u y is true at: 0 ≤ x ≤ y - 1 as signed
// numbers (which makes y positive, so the unsigned order agrees).
func (p *rangeProver) proveBelow(x, y *Value, at point) bool {
	p.steps, p.low = 0, math.MaxInt
	p.askAt(at)
	bx, by := p.canonical(x), p.canonical(y)
	c, ok := subChecked(by.c, bx.c)
	if ok {
		c, ok = subChecked(c, 1)
	}
	return ok && p.proveNonNegative(bx, at) && p.prove(query{upper: true, x: bx.t, y: by.t, c: c}, at)
}

// lengthKind is the bound equal to the known length l in p's function:
// the literal, or the length term of the class's first global the
// function loads, or else a stand-in for it, a value of no block
// numbered past the function's own.
func (p *rangeProver) lengthKind(l ArrayLength) bound {
	if l.Class == "" {
		return bound{zeroTerm, l.Const}
	}
	if p.classes == nil {
		p.classes = make(map[string]*Value)
	}
	a := p.classes[l.Class]
	if a == nil {
		a = &Value{Op: OpGlobal, Type: Ptr, Sym: l.Class, ID: p.numValues}
		p.numValues++
		p.classes[l.Class] = a
	}
	return bound{term{v: a, length: true}, 0}
}

// fileIndex files the whole-program fact 0 ≤ v ≤ l - 1, the k-th
// candidate, wherever v is defined.
func (p *rangeProver) fileIndex(v *Value, l ArrayLength, k int) {
	where := fact{always: true, hyp: int32(k + 1)}
	x := p.canonical(v)
	if x.t.isZero() || x.t.length {
		return
	}
	p.file(x, true, p.lengthKind(l), -1, nil, where)
	p.file(x, false, bound{}, 0, nil, where)
}

// proveIndex reports whether 0 ≤ v ≤ l - 1 at, as a first question.
func (p *rangeProver) proveIndex(v *Value, l ArrayLength, at point) bool {
	p.steps, p.low = 0, math.MaxInt
	p.askAt(at)
	bv, bl := p.canonical(v), p.lengthKind(l)
	c, ok := subChecked(bl.c, bv.c)
	if ok {
		c, ok = subChecked(c, 1)
	}
	if !ok || !p.proveNonNegative(bv, at) {
		return false
	}
	p.steps, p.low = 0, math.MaxInt
	return p.prove(query{upper: true, x: bv.t, y: bl.t, c: c}, at)
}

// askAt starts a first question at at (a point without edge): the
// answers kept for another point are dropped.
func (p *rangeProver) askAt(at point) {
	if at != p.at {
		p.at = at
		clear(p.atMemo) // at most a budget's worth: cheap to clear
	}
}

// allNonNegative reports whether every bound of bs is ≥ 0 at.
func (p *rangeProver) allNonNegative(bs []bound, at point) bool {
	for _, b := range bs {
		if !p.proveNonNegative(b, at) {
			return false
		}
	}
	return true
}

// proveNonNegative reports whether b.t + b.c ≥ 0 at.
func (p *rangeProver) proveNonNegative(b bound, at point) bool {
	c, ok := negChecked(b.c)
	return ok && p.prove(query{x: b.t, y: zeroTerm, c: c}, at)
}

// proveValue asks q about the value v instead of q.x.
func (p *rangeProver) proveValue(q query, v *Value, at point) bool {
	b := p.canonical(v)
	c, ok := subChecked(q.c, b.c)
	q.x, q.c = b.t, c
	return ok && p.prove(q, at)
}

// nonNegativeAt reports whether v ≥ 0 at: a first question, with the
// budget of a fresh one (as proveBelow is for BCE).
func (p *rangeProver) nonNegativeAt(v *Value, at point) bool {
	p.steps, p.low = 0, math.MaxInt
	p.askAt(at)
	return p.nonNegative(v, at)
}

// nonNegative reports whether v ≥ 0 at, as a question of its own.
func (p *rangeProver) nonNegative(v *Value, at point) bool {
	return p.proveValue(query{y: zeroTerm}, v, at)
}

func (p *rangeProver) prove(q query, at point) bool {
	if p.steps++; p.steps > rangeBudget {
		return false
	}
	if q.x == q.y {
		return q.upper && q.c >= 0 || !q.upper && q.c <= 0
	}
	xmin, xmax := termRange(q.x)
	ymin, ymax := termRange(q.y)
	if q.upper && lessEq(xmax, ymin, q.c) {
		return true
	}
	if nc, ok := negChecked(q.c); !q.upper && ok && lessEq(ymax, xmin, nc) {
		return true // x ≥ y + c is y ≤ x - c
	}
	if q.x.isZero() {
		// 0 ≤ y + c is y ≥ -c; 0 ≥ y + c is y ≤ -c.
		c, ok := negChecked(q.c)
		return ok && p.prove(query{upper: !q.upper, x: q.y, y: zeroTerm, c: c}, at)
	}
	for _, h := range p.hyps {
		if h.x == q.x && h.upper == q.upper && h.y == q.y {
			p.low = min(p.low, h.level)
			return q.upper && q.c >= h.c || !q.upper && q.c <= h.c
		}
	}
	for i, e := range p.path {
		if e.x == q.x && e.upper == q.upper && e.y == q.y {
			p.low = min(p.low, i)
			return false
		}
	}
	key := makeMemoKey(q, at)
	memo := p.memo
	if at.edge == nil {
		memo = p.atMemo
	}
	if r, ok := memo[key]; ok {
		return r
	}
	level := len(p.path)
	p.path = append(p.path, pathEntry{q.upper, q.x, q.y})
	outer := p.low
	p.low = math.MaxInt
	r := p.proveFresh(q, at)
	if p.low >= level && p.steps <= rangeBudget {
		memo[key] = r
	}
	p.low = min(outer, p.low)
	p.path = p.path[:level]
	return r
}

// proveFresh tries the ways to answer q, the first time it is asked.
func (p *rangeProver) proveFresh(q query, at point) bool {
	if p.byFacts(q, at) || p.byDefinition(q, at) {
		return true
	}
	if q.swapped || q.y.isZero() {
		return false
	}
	// x ≤ y + c is y ≥ x - c.
	c, ok := negChecked(q.c)
	return ok && p.prove(query{upper: !q.upper, x: q.y, y: q.x, c: c, swapped: true}, at)
}

// byFacts tries each fact about q.x that holds at: x ≤ z + d reduces
// x ≤ y + c to z ≤ y + (c - d), and likewise for lower bounds.
func (p *rangeProver) byFacts(q query, at point) bool {
	for i := p.factsOf(q.x).first; i != 0; i = p.all[i].next {
		f := &p.all[i]
		if p.steps++; p.steps > rangeBudget {
			return false
		}
		if f.upper != q.upper || !p.holds(f, at) {
			continue
		}
		if f.hyp > 0 && p.consulted != nil {
			p.consulted[f.hyp-1] = true
		}
		c, ok := subChecked(q.c, f.d)
		if !ok {
			continue
		}
		if p.allNonNegative(f.needs, at) && p.prove(query{upper: q.upper, x: f.other, y: q.y, c: c, swapped: q.swapped}, at) {
			return true
		}
	}
	return false
}

// byDefinition reduces a question about x to questions about the operands
// of the instruction that computes it.
func (p *rangeProver) byDefinition(q query, at point) bool {
	v := q.x.v
	if q.x.length {
		switch v.Op {
		case OpPhi:
			return p.induct(q, v, p.lengthBound, at)
		case OpSelect:
			return p.proveBound(q, p.lengthBound(v.Args[1]), at) && p.proveBound(q, p.lengthBound(v.Args[2]), at)
		}
		return false
	}
	switch v.Op {
	case OpPhi:
		return p.induct(q, v, p.canonical, at)
	case OpSelect:
		return p.proveValue(q, v.Args[1], at) && p.proveValue(q, v.Args[2], at)
	case OpAdd, OpSub:
		return p.byAddition(q, v, at)
	case OpAnd:
		// Either operand, when non-negative, bounds the result from above
		// and makes it non-negative.
		if q.upper {
			return p.nonNegative(v.Args[1], at) && p.proveValue(q, v.Args[1], at) ||
				p.nonNegative(v.Args[0], at) && p.proveValue(q, v.Args[0], at)
		}
		return p.constantAtLeast(0, q, at) && (p.nonNegative(v.Args[1], at) || p.nonNegative(v.Args[0], at))
	case OpMul:
		return p.byMultiplication(q, v, at)
	case OpSRem, OpURem:
		return p.byRemainder(q, v, at)
	case OpSDiv, OpUDiv, OpAShr, OpLShr:
		return p.byDivision(q, v, at)
	case OpSExt:
		return p.proveValue(q, v.Args[0], at)
	case OpZExt:
		a := v.Args[0]
		if p.nonNegative(a, at) && p.proveValue(q, a, at) {
			return true
		}
		if q.upper {
			return p.constantAtMost(int64(uint64(1)<<a.Type.Bits()-1), q, at)
		}
		return p.constantAtLeast(0, q, at)
	case OpTrunc:
		// A non-negative value truncates to itself or to something smaller
		// than 2^(bits-1), which is at most the value; a value that fits
		// the narrow type is unchanged.
		a := v.Args[0]
		if q.upper {
			return p.nonNegative(a, at) && p.proveValue(q, a, at)
		}
		lo, hi := typeRange(v.Type)
		return p.proveValue(query{upper: true, y: zeroTerm, c: hi}, a, at) &&
			p.proveValue(query{y: zeroTerm, c: lo}, a, at) && p.proveValue(q, a, at)
	}
	return false
}

// proveBound asks q about b.t + b.c instead of q.x.
func (p *rangeProver) proveBound(q query, b bound, at point) bool {
	c, ok := subChecked(q.c, b.c)
	q.x, q.c = b.t, c
	return ok && p.prove(q, at)
}

// byAddition handles x = a + k and x = a - k for a constant k, and
// x = a - b with a, b ≥ 0 (then x ≤ a, and nothing wraps).
func (p *rangeProver) byAddition(q query, v *Value, at point) bool {
	a, k, ok := addend(v)
	if !ok {
		return v.Op == OpSub && q.upper && p.nonNegative(v.Args[1], at) && p.nonNegative(v.Args[0], at) && p.proveValue(q, v.Args[0], at)
	}
	c, ok := subChecked(q.c, k)
	return ok && p.noWrap(v, a, k, at) && p.proveValue(query{upper: q.upper, y: q.y, c: c, swapped: q.swapped}, a, at)
}

// addend returns a and k such that v computes a + k (wrapping) for a
// constant k.
func addend(v *Value) (*Value, int64, bool) {
	x, y := v.Args[0], v.Args[1]
	switch {
	case y.Op == OpConst && v.Op == OpAdd:
		return x, y.Const, true
	case x.Op == OpConst && v.Op == OpAdd:
		return y, x.Const, true
	case y.Op == OpConst && v.Op == OpSub && y.Const != math.MinInt64:
		return x, -y.Const, true
	}
	return nil, 0, false
}

// noWrap reports whether x = a + k is a + k in mathematical integers at:
// a ≤ MAX - k for positive k (or x ≥ 0: a positive k that wraps makes x
// negative), a ≥ MIN - k for negative k.
func (p *rangeProver) noWrap(x, a *Value, k int64, at point) bool {
	lo, hi := typeRange(x.Type)
	if k > 0 {
		return p.proveValue(query{upper: true, y: zeroTerm, c: hi - k}, a, at) || p.nonNegative(x, at)
	}
	return k == 0 || p.proveValue(query{y: zeroTerm, c: lo - k}, a, at)
}

// byMultiplication: x = a * k for a positive constant k is the product in
// mathematical integers when MIN/k ≤ a ≤ MAX/k (Go's division truncates
// toward zero, so both ends are inside the range); then x ≥ 0 when a ≥ 0,
// and x ≤ c for a constant c ≥ 0 when a ≤ c/k. Only bounds by constants
// are asked of a product (md5's g = (5 * i + 1) % 16 is non-negative).
func (p *rangeProver) byMultiplication(q query, v *Value, at point) bool {
	a, k := v.Args[0], v.Args[1]
	if k.Op != OpConst {
		a, k = k, a
	}
	if k.Op != OpConst || k.Const <= 0 || !q.y.isZero() {
		return false
	}
	lo, hi := typeRange(v.Type)
	if q.upper {
		return q.c >= 0 && p.proveValue(query{upper: true, y: zeroTerm, c: q.c / k.Const}, a, at) &&
			p.proveValue(query{y: zeroTerm, c: lo / k.Const}, a, at)
	}
	return q.c <= 0 && p.nonNegative(a, at) && p.proveValue(query{upper: true, y: zeroTerm, c: hi / k.Const}, a, at)
}

// byRemainder: x = a srem k lies strictly between -|k| and |k|, has a's
// sign, and is at most a when a ≥ 0; x = a urem k for a positive k lies
// between 0 and k - 1, and is at most a when a ≥ 0.
func (p *rangeProver) byRemainder(q query, v *Value, at point) bool {
	k := v.Args[1]
	if k.Op != OpConst || k.Const == 0 || k.Const == math.MinInt64 || v.Op == OpURem && k.Const < 0 {
		return false
	}
	m := max(k.Const, -k.Const) - 1
	a := v.Args[0]
	if q.upper {
		return p.constantAtMost(m, q, at) || p.nonNegative(a, at) && p.proveValue(q, a, at)
	}
	if v.Op == OpURem || p.nonNegative(a, at) {
		return p.constantAtLeast(0, q, at)
	}
	return p.constantAtLeast(-m, q, at)
}

// byDivision: a divided by a positive constant d (sdiv, udiv, or a right
// shift by k, d = 2^k) is between 0 and a when a ≥ 0, and at most C when
// moreover a ≤ C*d + d - 1; a logical shift by k ≥ 1, or udiv by d ≥ 2,
// is never negative, nor above the type's largest unsigned value divided
// by d.
func (p *rangeProver) byDivision(q query, v *Value, at point) bool {
	k := v.Args[1]
	divides := v.Op == OpSDiv || v.Op == OpUDiv
	if k.Op != OpConst || k.Const < 1 || !divides && k.Const >= int64(v.Type.Bits()) {
		return false
	}
	d := k.Const
	if !divides {
		d = 0 // 2^k, unless it does not fit
		if k.Const < 63 {
			d = 1 << k.Const
		}
	}
	a := v.Args[0]
	if v.Op == OpLShr || v.Op == OpUDiv && d >= 2 {
		if !q.upper {
			return p.constantAtLeast(0, q, at)
		}
		top := zeroExtend(v.Type, -1) >> k.Const
		if v.Op == OpUDiv {
			top = zeroExtend(v.Type, -1) / uint64(d)
		}
		if p.constantAtMost(int64(top), q, at) {
			return true
		}
	}
	if !p.nonNegative(a, at) {
		return false
	}
	if !q.upper {
		return p.constantAtLeast(0, q, at)
	}
	if c, ok := mulChecked(q.c, d); ok && d > 0 && q.y.isZero() {
		if c, ok := addChecked(c, d-1); ok && p.proveValue(query{upper: true, y: zeroTerm, c: c}, a, at) {
			return true
		}
	}
	return p.proveValue(q, a, at)
}

// constantAtMost reports whether x ≤ y + c follows from x ≤ k.
func (p *rangeProver) constantAtMost(k int64, q query, at point) bool {
	return q.upper && p.proveBound(query{upper: true, y: q.y, c: q.c}, bound{zeroTerm, k}, at)
}

// constantAtLeast reports whether x ≥ y + c follows from x ≥ k.
func (p *rangeProver) constantAtLeast(k int64, q query, at point) bool {
	return !q.upper && p.proveBound(query{y: q.y, c: q.c}, bound{zeroTerm, k}, at)
}

// induct proves q for the φ phi (or for the length of the pointer φ phi)
// by induction: q for every incoming value, on its edge, assuming q for
// the φ. in maps an incoming value to the bound it contributes.
func (p *rangeProver) induct(q query, phi *Value, in func(*Value) bound, at point) bool {
	if y := q.y.v; y != nil && y.Block != nil && !p.dom.StrictlyDominates(y.Block, phi.Block) {
		return false
	}
	p.hyps = append(p.hyps, hypothesis{q.upper, q.x, q.y, q.c, len(p.path) - 1})
	defer func() { p.hyps = p.hyps[:len(p.hyps)-1] }()
	for i, v := range phi.Args {
		if v.Op == OpUndef {
			return false
		}
		pred := phi.Block.Pred(i)
		if !p.proveBound(q, in(v), point{block: pred, index: len(pred.Instrs), edge: phi.Block}) {
			return false
		}
	}
	return true
}

// termRange is the range of values a term can have by its type alone.
func termRange(t term) (lo, hi int64) {
	switch {
	case t.isZero():
		return 0, 0
	case t.length:
		return 0, math.MaxInt64
	}
	return typeRange(t.v.Type)
}

// typeRange is the range of the signed integers of type t.
func typeRange(t Type) (lo, hi int64) {
	bits := t.Bits()
	if bits == 0 || bits == 64 {
		return math.MinInt64, math.MaxInt64
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

// lessEq reports whether a ≤ b + c in mathematical integers.
func lessEq(a, b, c int64) bool {
	s, ok := addChecked(b, c)
	if !ok {
		return c > 0 // b + c is beyond the int64 range in c's direction
	}
	return a <= s
}

func addChecked(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

func subChecked(a, b int64) (int64, bool) {
	s := a - b
	return s, (s < a) == (b > 0)
}

func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	return p, p/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64)
}

func negChecked(a int64) (int64, bool) { return -a, a != math.MinInt64 }
