package middle

import (
	"slices"

	"toyc/middle/diag"
)

// Tracking source variables through SSA, for toyc -g at -O1 and -O2, as
// LLVM's dbg.value records and Go's f.NamedValues (ssa/debug.go) do:
// mem2reg, which knows which slot each stored value and φ stands for,
// records every assignment to a variable's slot as it renames (Assigns):
// the variable, the value, and where the assignment happens — its block,
// its source position, and a few instructions next to it (anchors) that
// passes moving code between blocks take along. A φ is moreover named for
// its variable (Named): the parallel copies that feed it are assignments
// at the ends of the predecessors. Passes replace values in one place,
// Func.ReplaceUses, which makes the assignments of a replaced value assign
// its replacement (a constant too, which no instruction holds); an
// assignment whose value a pass deleted without replacement is still
// known, and says the variable has no value from there on. The backend
// (backend/dwarfloc.go) turns this into location lists after register
// allocation. Requires nothing; no pass reads it, so the code is the same
// with and without it, and it is kept only with -g (Func.tracking).

// DebugAssign is an assignment of Value to a variable.
type DebugAssign struct {
	Var   int    // index into FuncDebug.Vars
	Value *Value // what is assigned (kept current by ReplaceUses)
	Block *Block // where the assignment was
	Pos   diag.Pos
	// Anchors are instructions next to the assignment in its block (a
	// few, and the terminator): a pass that merges the block into its
	// predecessor, or splits it (inlining a call), takes them along, and
	// the first that is still there says which block the assignment is in
	// now.
	Anchors []*Value
	Phi     bool // Value was a φ, which the copies feeding it assign too
	// Dead: the variable has no known value from here on (Value is the
	// one it had before, which must not be shown).
	Dead bool
	// AnchoredOnly: only its anchors can place it (an assignment in a
	// copy of an unrolled loop's body, which shares its source positions
	// with the other copies: once merged into one block, its block and
	// position no longer say which copy it was in).
	AnchoredOnly bool
}

// maxAnchors is how many instructions of each kind an assignment keeps:
// the next ones, the next with side effects (stores and the first call,
// which passes rarely delete; none past that call, see anchors), and the
// ones just before it.
const maxAnchors = 4

// anchors returns the anchors of an assignment at instrs[i] of block b,
// best first: instructions after it, up to the first call, then before it
// (the assignment then takes effect at the end of that one's block, a
// little early, when a pass split the block between them), then the
// terminator.
func (d *FuncDebug) anchors(b *Block, i int) []*Value {
	// Gathered straight into the function's chunk of anchors (see
	// anchorRoom), with room for as many as are taken.
	as := d.anchorRoom(3*maxAnchors + 2)
	start := len(as)
	near, effects := 0, 0
	indexed := d.effects.indexed(b)
	for k := d.effects.anchorableFrom(i+1, indexed); k < len(b.Instrs); k = d.effects.anchorableFrom(k+1, indexed) {
		if near == maxAnchors && effects == maxAnchors {
			break
		}
		w := b.Instrs[k]
		if !anchorable(w) {
			continue
		}
		switch {
		case near < maxAnchors:
			near++
		case w.HasSideEffects() && effects < maxAnchors:
			effects++
		default:
			continue
		}
		as = append(as, w)
		if w.Op == OpCall {
			// None past a call: inlining it splits the block there,
			// and the instructions after it go to the continuation,
			// past the callee's code, while the assignment stays in
			// the first part, where the anchors before it are (seed
			// 5507144: v28 *= -5 before an inlined call, placed by a
			// print after it, showed its old value at the next line's
			// stop). A call that stays is an anchor itself.
			break
		}
		if near == maxAnchors {
			// Only instructions with side effects are taken from here
			// on: where the block's are indexed, the loop goes to the
			// next one rather than look at each instruction between (a
			// block of thousands of statements without calls or
			// stores made this quadratic).
			if next, ok := d.effects.after(b, k); ok {
				if next < 0 {
					break
				}
				k = next - 1
			}
		}
	}
	as = d.effects.appendBefore(as, b, i-1)
	if t := b.Term(); t != nil {
		as = append(as, t)
		// Last, the first instruction of a successor that only b
		// reaches, for a block that a pass removes because it only
		// jumps (an assignment at its end happens on the way there).
		if len(b.Succs) == 1 && len(b.Succ(0).Preds) == 1 {
			s := b.Succ(0)
			if k := len(s.Phis()); k < len(s.Instrs) {
				as = append(as, s.Instrs[k])
			}
		}
	}
	if len(as) == start {
		return nil
	}
	return d.keep(as, start)
}

// anchorRoom returns d's current chunk of anchors, a new one when it has
// no room for n more: an assignment's anchors are appended to it, then
// cut from it (keep), so that the assignments' anchors share a few
// allocations rather than one each (an assignment is recorded for every
// store to a promoted variable). The chunks start small and double up to
// 256 anchors: most functions have a few assignments, and a first chunk
// of 256 (2 KB) for each was a tenth of what the middle allocates for -g.
func (d *FuncDebug) anchorRoom(n int) []*Value {
	if len(d.anchorBuf)+n > cap(d.anchorBuf) {
		d.anchorBuf = make([]*Value, 0, max(min(256, max(32, 2*cap(d.anchorBuf))), n))
	}
	return d.anchorBuf
}

// keep makes chunk, which is d's (anchorRoom) with anchors appended past
// its first start, d's chunk, and returns those anchors, capped: an
// append to them reallocates.
func (d *FuncDebug) keep(chunk []*Value, start int) []*Value {
	d.anchorBuf = chunk
	return chunk[start:len(chunk):len(chunk)]
}

// anchorable reports whether w can anchor an assignment: not a
// terminator (the block's end is an anchor of its own), nor a load or
// store mem2reg deletes.
func anchorable(w *Value) bool { return !w.Op.IsTerminator() && !promotedAccess(w) }

// anchorsBefore reports whether w, before an assignment, can anchor it.
func anchorsBefore(w *Value) bool { return w.Op != OpPhi && w.Op != OpAlloca && !promotedAccess(w) }

// effectIndex is, for one block, the index of the next anchorable
// instruction with side effects after each, and of the next anchorable
// one from each, built when asked for while it is valid: only during
// mem2reg's walk, which changes no block's instructions (startWalk,
// endWalk); and, for the block being walked, the last instructions that
// can anchor what follows them, up to its last assignment (appendBefore).
// Elsewhere anchors looks at each instruction. (Without them, a block of
// thousands of promoted stores, a prologue storing 10,000 parameters,
// made each assignment's anchors look through all of them: 0.45 s at -O2
// -g.)
type effectIndex struct {
	valid bool
	b     *Block
	next  []int32 // by index in b.Instrs: the next anchorable one with side effects after it, -1 if none
	from  []int32 // by index, and len(b.Instrs): the first anchorable one at or after it, len(b.Instrs) if none

	walked  *Block             // the block whose instructions before seen are looked at
	seen    int                // how many
	recent  [maxAnchors]*Value // the last of those that anchorsBefore takes, by their count mod maxAnchors
	nRecent uint               // their count

	phiBlock   *Block   // the block whose φs' anchors phiAnchors are
	phiAnchors []*Value // (phiAnchors)
}

// startWalk makes d's effect index valid until endWalk, for a walk that
// records at most an assignment for each of stores stores and phis φs:
// the assignments are grown once, not doubled from empty (twice the
// memory, a tenth of what the middle allocated for -g), and the φs' names
// made for their number, not grown (name).
func (d *FuncDebug) startWalk(stores, phis int) {
	if d == nil {
		return
	}
	d.Assigns = slices.Grow(d.Assigns, stores+phis)
	if d.Named == nil && phis > 0 {
		d.Named = make(map[*Value][]int, phis)
	}
	d.effects.valid = true
}

// endWalk drops d's effect index.
func (d *FuncDebug) endWalk() {
	if d != nil {
		d.effects = effectIndex{next: d.effects.next[:0], from: d.effects.from[:0]}
	}
}

// after is the index of the first anchorable instruction with side
// effects after b.Instrs[k], -1 if there is none; not ok when the index
// is not valid now.
func (x *effectIndex) after(b *Block, k int) (int, bool) {
	if !x.valid {
		return 0, false
	}
	x.build(b)
	return int(x.next[k]), true
}

// indexed reports whether anchors skips through the index for b: while
// the index is valid, for a block long enough to need it (then built).
func (x *effectIndex) indexed(b *Block) bool {
	if !x.valid || len(b.Instrs) < longBlock {
		return false
	}
	x.build(b)
	return true
}

// anchorableFrom is, with indexed, the index of the first anchorable
// instruction of the indexed block at or after k (its length if none);
// else k.
func (x *effectIndex) anchorableFrom(k int, indexed bool) int {
	if indexed && k < len(x.from) {
		return int(x.from[k])
	}
	return k
}

// appendBefore appends to as the instructions of b at or before k that
// anchorsBefore takes, at most maxAnchors, the nearest first. While the
// index is valid, mem2reg's walk asks for a block's assignments in order:
// its instructions are then looked at once, up to the last assignment's
// k, keeping the last that anchorsBefore takes, rather than again back
// from each assignment, past the promoted loads and stores between (most
// of a block's instructions before mem2reg deletes them).
func (x *effectIndex) appendBefore(as []*Value, b *Block, k int) []*Value {
	if !x.valid {
		for n := 0; k >= 0 && n < maxAnchors; k-- {
			if w := b.Instrs[k]; anchorsBefore(w) {
				as = append(as, w)
				n++
			}
		}
		return as
	}
	if x.walked != b || k+1 < x.seen {
		x.walked, x.seen, x.nRecent = b, 0, 0 // the next block (or one asked out of order)
	}
	for ; x.seen <= k; x.seen++ {
		if w := b.Instrs[x.seen]; anchorsBefore(w) {
			x.recent[x.nRecent%maxAnchors] = w
			x.nRecent++
		}
	}
	for n := x.nRecent; n > 0 && n+maxAnchors > x.nRecent; n-- {
		as = append(as, x.recent[(n-1)%maxAnchors])
	}
	return as
}

// longBlock is the length from which anchors skips through a block's
// index rather than look at each instruction: building the index for
// every block cost more than the few instructions of most.
const longBlock = 64

// build indexes b, unless the index is b's already.
func (x *effectIndex) build(b *Block) {
	n := len(b.Instrs)
	if x.b == b && len(x.next) == n {
		return
	}
	x.b = b
	x.next = slices.Grow(x.next[:0], n)[:n]
	x.from = slices.Grow(x.from[:0], n+1)[:n+1]
	next, from := int32(-1), int32(n)
	x.from[n] = from
	for j := n - 1; j >= 0; j-- {
		x.next[j] = next
		w := b.Instrs[j]
		if anchorable(w) {
			from = int32(j)
			if w.HasSideEffects() {
				next = int32(j)
			}
		}
		x.from[j] = from
	}
}

// promotedAccess reports whether w loads or stores a slot directly, which
// mem2reg may be deleting: no anchor.
func promotedAccess(w *Value) bool {
	return w.Op == OpLoad && w.Args[0].Op == OpAlloca || w.Op == OpStore && w.Args[1].Op == OpAlloca
}

// tracking returns f's variable descriptions when the module asks for
// debugging information (-g), else nil: without -g the variables cost
// nothing in the passes.
func (f *Func) tracking() *FuncDebug {
	if f.Module == nil || f.Module.DebugUnit == nil {
		return nil
	}
	return f.Debug
}

// Tracked reports whether -g describes f's variables, and so reads its IR
// until its DWARF is written.
func (f *Func) Tracked() bool { return f.tracking() != nil }

// noteAssign records that mem2reg found val stored to slot by store, the
// instruction at index i of its block (store nil: val is a φ, and i the
// number of φs of its block).
func (d *FuncDebug) noteAssign(slot, val, store *Value, i int) {
	if d == nil {
		return
	}
	vi, ok := d.varOf(slot)
	if !ok || val.Op == OpUndef {
		return // a slot that is no source variable (an inlined callee's)
	}
	if store == nil {
		d.phiAssign(val, vi, i)
		return
	}
	d.Assigns = append(d.Assigns, DebugAssign{Var: vi, Value: val, Block: store.Block, Pos: d.varPos(vi, store, outerPos(store)), Anchors: d.anchors(store.Block, i)})
}

// varOf is the variable whose home is slot, if it is one's (the last of
// Vars, should two share it).
func (d *FuncDebug) varOf(slot *Value) (int, bool) {
	if d.slotVar == nil {
		n := 0
		for _, v := range d.Vars {
			if v.Slot != nil {
				n = max(n, v.Slot.ID+1)
			}
		}
		d.slotVar = make([]int32, n) // not nil, even empty: made
		for i, v := range d.Vars {
			if v.Slot != nil {
				d.slotVar[v.Slot.ID] = int32(i + 1)
			}
		}
	}
	// By ID, the slot itself: a value of another numbering is never
	// taken for it.
	if uint(slot.ID) < uint(len(d.slotVar)) {
		if k := int(d.slotVar[slot.ID]) - 1; k >= 0 && d.Vars[k].Slot == slot {
			return k, true
		}
	}
	return 0, false
}

// overwritten notes that a pass deletes the store st, still in its block,
// because a later store to the same place, by, overwrites it before
// anything reads it (MemOpt's dead stores). Where that place is the home
// slot of a variable the slot still describes (its address is taken, so
// mem2reg left it in memory), the slot holds an older value until the
// later store, while the variable has the deleted store's value, which
// the loads between were given instead: as LLVM's DSE leaves a dbg.value
// of the stored value where it deletes a store to a described alloca
// (assignment tracking, "DIAssignID"), the variable is the stored value
// from there until the next write to the slot (backend/dwarfloc.go's
// home), an assignment of the value as mem2reg records one. Not where by
// is on the same line (an inlined callee's two stores through a pointer
// to the variable, at the call): no stop of a debugger comes between the
// two, and the assignment, which takes effect at the next line, would
// come after the slot has by's value.
func (d *FuncDebug) overwritten(st, by *Value) {
	if d == nil || st.Op != OpStore || st.Block == nil || outerPos(st).Line == outerPos(by).Line {
		return
	}
	d.storeAssign(st)
}

// sunk notes that a pass deletes the store st, still in its block, and
// stores its value to the same place later, past the end of the block
// (SinkStores' one store at the top of the join, after the join's φs,
// whose copies are code of their own lines: seed 5501671's v74, stored
// after a loop's `var fuel116 = 5`, showed its old value there). As for
// overwritten, the variable whose home the place is has the stored value
// from st on, until the slot is written; here even where the later store
// has st's line, since it runs after code of other lines.
func (d *FuncDebug) sunk(st *Value) {
	if d == nil || st.Op != OpStore || st.Block == nil {
		return
	}
	d.storeAssign(st)
}

// storeAssign records that the variable whose home slot the store st
// writes, if any, is st's value from st's place on (overwritten, sunk).
func (d *FuncDebug) storeAssign(st *Value) {
	vi, ok := d.varOf(st.Args[1])
	if val := st.Args[0]; !ok || val.Op == OpUndef {
		return
	}
	// Only then the search for st's place: most deleted stores are to
	// globals, and a block of thousands of them made it quadratic.
	if i := slices.Index(st.Block.Instrs, st); i >= 0 {
		d.Assigns = append(d.Assigns, DebugAssign{Var: vi, Value: st.Args[0], Block: st.Block, Pos: d.varPos(vi, st, outerPos(st)), Anchors: d.anchors(st.Block, i)})
	}
}

// phiAssign records that variable vi is the φ val from the top of its
// block on, before the block's first instruction that is not a φ; the
// block has k φs (len(Phis()), from the caller: counted here for each of
// a loop's 10,000 φs, they took 0.1 s).
func (d *FuncDebug) phiAssign(val *Value, vi, k int) {
	if d.effects.valid && d.Named != nil {
		// A φ mem2reg just placed, for one slot (startWalk made
		// Named): named for no variable yet, so without name's look-up.
		d.Named[val] = d.firstName(vi)
	} else {
		d.name(val, vi)
	}
	b := val.Block
	at := val
	if k < len(b.Instrs) {
		at = b.Instrs[k]
	}
	pos := d.varPos(vi, at, at.Pos)
	d.Assigns = append(d.Assigns, DebugAssign{Var: vi, Value: val, Block: b, Pos: pos, Anchors: d.phiAnchors(b, k), Phi: true})
}

// phiAnchors returns the anchors of an assignment of a φ of b, which has
// k φs. They are the same for each of its φs: while mem2reg walks, they
// are found once for the block and shared by its φs' assignments (a loop
// header has one for each variable the loop assigns), which is why no
// one changes an assignment's anchors in place (unanchor).
func (d *FuncDebug) phiAnchors(b *Block, k int) []*Value {
	x := &d.effects
	if !x.valid {
		return d.anchors(b, k-1)
	}
	if x.phiBlock != b {
		x.phiBlock, x.phiAnchors = b, d.anchors(b, k-1)
	}
	return x.phiAnchors
}

// outerPos is the position of v in its function's own body: for an
// instruction the inliner copied in (a store through a pointer parameter
// to a caller's variable, promoted once inlined), the position of the
// outermost inlined call, which is where the assignment happens for the
// caller; the callee's own position would be compared with the caller's.
func outerPos(v *Value) diag.Pos {
	if v.Inlined == 0 || v.Block == nil || v.Block.Func == nil {
		return v.Pos
	}
	sites := v.Block.Func.Inlines
	i := v.Inlined
	for int(i) < len(sites) && sites[i].Parent != 0 {
		i = sites[i].Parent
	}
	if int(i) < len(sites) {
		return sites[i].Call
	}
	return v.Pos
}

// unanchor notes that a pass moved the instructions moved (in any order,
// some more than once) out of the blocks
// they were in, to blocks that run at other times (LICM's hoisting into a
// loop's preheader): such an instruction says nothing any more of where an
// assignment made next to it is, and is no longer one of its anchors.
// Without this an assignment in a loop's body whose next instructions
// were invariant took effect once, in the preheader, before its value was
// computed, and the body showed the variable's value from before it
// (seed 2130028: p4 /= 262143 in a loop with if g7 after it, the load of
// g7 hoisted; p4 showed 13 where it was 0).
func (d *FuncDebug) unanchor(moved []*Value) {
	if d == nil || len(moved) == 0 {
		return
	}
	// By ID, the value itself (a value of another numbering is never
	// taken for one): a look-up per anchor of every assignment, cheaper
	// than a map's.
	n := 0
	for _, v := range moved {
		n = max(n, v.ID+1)
	}
	byID := make([]*Value, n)
	for _, v := range moved {
		if v.ID >= 0 {
			byID[v.ID] = v
		}
	}
	isMoved := func(w *Value) bool { return uint(w.ID) < uint(len(byID)) && byID[w.ID] == w }
	for i := range d.Assigns {
		a := &d.Assigns[i]
		if slices.ContainsFunc(a.Anchors, isMoved) {
			// Into a new slice: other assignments may share the
			// anchors (phiAnchors).
			as := d.anchorRoom(len(a.Anchors))
			start := len(as)
			for _, w := range a.Anchors {
				if !isMoved(w) {
					as = append(as, w)
				}
			}
			a.Anchors = d.keep(as, start)
		}
	}
}

// merged notes that SimplifyCFG deleted b, whose code now runs in p: b's
// instructions were appended to p, its only predecessor, or b only jumped,
// from p, its only predecessor, or to p, whose only predecessor it was.
// An assignment in b none of whose anchors is left happens in p now.
func (d *FuncDebug) merged(b, p *Block) {
	if d == nil {
		return
	}
	if d.into.set(b, p) {
		d.merges++
	}
}

// blockTable is a block for some of a function's blocks, by their IDs
// (merged's, split's, bypassed's), where maps by block took a look-up
// for each assignment the back end places.
type blockTable []*Block

// set makes to b's block, reporting whether b had none.
func (t *blockTable) set(b, to *Block) bool {
	if b.ID >= len(*t) {
		*t = append(*t, make([]*Block, b.ID+1-len(*t))...)
	}
	had := (*t)[b.ID] != nil
	(*t)[b.ID] = to
	return !had
}

// of is b's block, nil for none (or a nil b).
func (t blockTable) of(b *Block) *Block {
	if b == nil || b.ID >= len(t) {
		return nil
	}
	return t[b.ID]
}

// split notes that inlining a call split b there: cont has the code that
// came after the call.
func (d *FuncDebug) split(b, cont *Block) {
	if d == nil {
		return
	}
	// The piece b belongs to, not b: a block of n calls inlined one
	// after the other is a chain of n continuations, which Piece would
	// otherwise walk back for each assignment in them. (A continuation
	// is a new block, so never the piece of another: Piece looks once.)
	d.splitOf.set(cont, d.Piece(b))
}

// Piece is the block b was split from by inlining (split), through every
// split since, or b: the IR block whose code an assignment recorded in b
// belongs to, whichever pass recorded it. mem2reg records its assignments
// before inlining splits their blocks, and MemOpt records those of the
// stores it deletes after: the continuation and the block before the
// call are one piece of straight-line code, in source order.
func (d *FuncDebug) Piece(b *Block) *Block {
	if d == nil {
		return b
	}
	if p := d.splitOf.of(b); p != nil {
		return p
	}
	return b
}

// bypassed notes that SimplifyCFG deleted b, which only jumped to
// target, and made b's predecessors branch to target: an assignment in b
// happened on an edge no block stands for now.
func (d *FuncDebug) bypassed(b, target *Block) {
	if d == nil {
		return
	}
	d.skipped.set(b, target)
}

// Superseded reports whether the assignment a was made in a block that
// only jumped to a block with a φ for its variable, and that block was
// bypassed (bypassed): the φ is the variable's value from there on, and
// takes on that edge what a assigned, so a needs no place of its own.
// live says which instructions are still in the function.
//
// The φ assignments are indexed by block at the first call, so the
// assignments must not change after it (the back end asks once the
// passes are done).
func (d *FuncDebug) Superseded(a *DebugAssign, live func(*Value) bool) bool {
	t := d.skipped.of(d.BlockOf(a))
	if t == nil {
		return false
	}
	if d.phisAt == nil {
		d.phisAt = make(map[*Block][]int32)
		for i, o := range d.Assigns {
			if o.Phi && o.Value != nil && o.Value.Op == OpPhi && o.Value.Block == o.Block {
				d.phisAt[o.Block] = append(d.phisAt[o.Block], int32(i))
			}
		}
	}
	for _, i := range d.phisAt[t] {
		if o := &d.Assigns[i]; o.Var == a.Var && live(o.Value) {
			return true
		}
	}
	return false
}

// BlockOf is the block an assignment was made in, after the merges of
// blocks into their predecessors since (merged); nil for a block some
// other pass deleted.
func (d *FuncDebug) BlockOf(a *DebugAssign) *Block {
	b := a.Block
	for n := 0; b != nil && b.ID < len(d.into); n++ {
		p := d.into[b.ID]
		if p == nil || n > d.merges {
			break
		}
		b = p
	}
	return b
}

// demoted marks dead the assignments of the values vs that a versioned
// loop computes, made outside the loop (loop, its blocks): past the loop
// each is now the value of the slow copy alone, both copies' going through
// a slot that mem2reg makes a φ of (loopversion.go's demote), and an
// assignment has no load of the slot to take instead (seed 5510018: an
// inlined call's parameter, the count of a loop before it, showed the
// slow copy's value, folded to the constant it starts at, where the fast
// copy had counted it down).
func (d *FuncDebug) demoted(vs []*Value, loop []*Block) {
	if d == nil || len(vs) == 0 {
		return
	}
	escaping := make(map[*Value]bool, len(vs))
	for _, v := range vs {
		escaping[v] = true
	}
	in := make(map[*Block]bool, len(loop))
	for _, b := range loop {
		in[b] = true
	}
	for i := range d.Assigns {
		if a := &d.Assigns[i]; escaping[a.Value] && !in[d.BlockOf(a)] {
			a.Dead = true
		}
	}
}

// speculate notes that IfConvert ran the code of arm, which branched to
// join, unconditionally before the branch that chose it, and deleted arm
// (speculated applies the notes, once per pass, so that the pass stays
// linear).
func (d *FuncDebug) speculate(arm, join *Block) {
	if d != nil {
		d.arms = append(d.arms, [2]*Block{arm, join})
	}
}

// speculated settles the assignments made in the arms IfConvert deleted:
// their code runs whichever way the branch goes, so an assignment there
// has no place of its own any more. Where the join has a φ for the
// variable (now a select), that φ assigns what the arm did, on the arm's
// path, and the arm's assignment is dropped; where it has none (the
// variable is not read after the join), the variable has no known value
// from the join on, rather than the one from before the branch.
func (d *FuncDebug) speculated() {
	if d == nil || len(d.arms) == 0 {
		return
	}
	joinOf := make(map[*Block]*Block, len(d.arms))
	for _, a := range d.arms {
		joinOf[a[0]] = a[1]
	}
	d.arms = d.arms[:0]
	type varAt struct {
		b *Block
		v int
	}
	phis := make(map[varAt]bool)
	for _, a := range d.Assigns {
		if a.Phi {
			phis[varAt{a.Block, a.Var}] = true
		}
	}
	out := d.Assigns[:0]
	for _, a := range d.Assigns {
		a.Block = d.BlockOf(&a)
		for { // an arm of an arm: its join was converted first
			j, ok := joinOf[a.Block]
			if !ok || a.Phi {
				break
			}
			if phis[varAt{j, a.Var}] {
				a.Block = nil // dropped
				break
			}
			k := len(j.Phis())
			a.Block, a.Dead, a.Anchors = j, true, d.anchors(j, k-1)
			if k < len(j.Instrs) {
				a.Pos = d.varPos(a.Var, j.Instrs[k], j.Instrs[k].Pos)
			}
		}
		if a.Block != nil {
			out = append(out, a)
		}
	}
	d.Assigns = out
}

// name adds variable vi to the names of v, kept sorted so that the order
// of calls does not show in the output.
func (d *FuncDebug) name(v *Value, vi int) {
	if d.Named == nil {
		d.Named = make(map[*Value][]int)
	}
	ns := d.Named[v]
	i, found := slices.BinarySearch(ns, vi)
	switch {
	case found:
	case len(ns) == 0:
		d.Named[v] = d.firstName(vi)
	default:
		d.Named[v] = slices.Insert(ns, i, vi)
	}
}

// firstName returns the names of a value named for vi alone. Most values
// are named for one variable: cut from a chunk shared with others
// (capped: a second name reallocates).
func (d *FuncDebug) firstName(vi int) []int {
	if len(d.nameBuf) == cap(d.nameBuf) {
		d.nameBuf = make([]int, 0, min(256, max(16, 2*cap(d.nameBuf))))
	}
	d.nameBuf = append(d.nameBuf, vi)
	n := len(d.nameBuf)
	return d.nameBuf[n-1 : n : n]
}

// replaced makes the assignments of the values that repl replaces (see
// ReplaceUses) assign their replacements.
func (d *FuncDebug) replaced(repl []*Value, resolve func(*Value) *Value) {
	if d == nil {
		return
	}
	for i := range d.Assigns {
		a := &d.Assigns[i]
		if v := a.Value; v.ID < len(repl) && repl[v.ID] != nil && repl[v.ID] != v {
			a.Value = resolve(v)
		}
	}
}

// unreached notes that a pass deleted the blocks gone, which nothing
// reaches any more (full unrolling's original loop, and the part of its
// last copy after the exit): the assignments in them are made nowhere,
// and one left in a deleted block would cost its variable every location
// (where it changes would not be known).
func (d *FuncDebug) unreached(gone []bool) {
	if d == nil {
		return
	}
	d.Assigns = slices.DeleteFunc(d.Assigns, func(a DebugAssign) bool {
		b := d.BlockOf(&a)
		return b != nil && b.ID < len(gone) && gone[b.ID]
	})
}

// copiedLoop notes that loop versioning copied the blocks loop, block b
// to blocks[b.ID] and value v to vals[v.ID]: the copy assigns the loop's
// variables as the loop does, so each assignment made in the loop is made
// in the copy too, of the copied value (a value from outside the loop, or
// a constant, stays), anchored to the copies of its anchors; a φ copied
// is named for the variables of its original. Without this the copy would
// assign nothing, and a variable would show there the value it had on
// entry to the loop. ix is d's assignments by block (indexAssigns), made
// before the pass copied any loop.
func (d *FuncDebug) copiedLoop(ix *assignIndex, loop []*Block, blocks []*Block, vals []*Value) {
	d.copyLoop(ix, loop, blocks, vals, nil)
}

// assignIndex lists each block's assignments (the block BlockOf gives),
// for a pass that copies many loops of one function: looking through
// every assignment for each loop copied made versioning thousands of
// loops quadratic. It stays true while the blocks indexed keep their
// assignments, as they do while loops are versioned: the copies, new
// blocks, get the new ones.
type assignIndex struct {
	start []int32 // by block ID: the block's are at[start[id]:start[id+1]]
	at    []int32 // indexes into Assigns, ascending for each block
}

// indexAssigns makes the assignIndex of f's assignments now (nil when f
// tracks none).
func (d *FuncDebug) indexAssigns(f *Func) *assignIndex {
	if d == nil {
		return nil
	}
	blockOf := make([]int32, len(d.Assigns)) // 1 + the block's ID, 0 for none
	start := make([]int32, f.NumBlocks()+1)
	for i := range d.Assigns {
		if b := d.BlockOf(&d.Assigns[i]); b != nil && b.ID < f.NumBlocks() {
			blockOf[i] = int32(b.ID + 1)
			start[b.ID+1]++
		}
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	at := make([]int32, start[len(start)-1])
	fill := slices.Clone(start)
	for i, id := range blockOf {
		if id > 0 {
			at[fill[id-1]] = int32(i)
			fill[id-1]++
		}
	}
	return &assignIndex{start: start, at: at}
}

// of returns b's assignments' indexes, ascending.
func (ix *assignIndex) of(b *Block) []int32 {
	if b.ID+1 >= len(ix.start) {
		return nil
	}
	return ix.at[ix.start[b.ID]:ix.start[b.ID+1]]
}

// unrolledCopy notes that full unrolling copied the blocks loop, as
// copiedLoop, for the copy's k-th run of the body, but for header, whose
// φs the copy replaced by the values they take: their assignments go (the
// copy before made the same assignments of those values), and the copy's
// are placed by their anchors alone (AnchoredOnly). After the first copy
// the variables are dead (no value shown): the copies repeat the same
// lines, and the back end fires an assignment before the first
// instruction of a later line, which in a merged block would be the
// first copy's: a later copy's value would show there.
func (d *FuncDebug) unrolledCopy(ix *assignIndex, loop []*Block, blocks []*Block, vals []*Value, header *Block, k int) {
	n := 0
	if d != nil {
		n = len(d.Assigns)
	}
	d.copyLoop(ix, loop, blocks, vals, header)
	if d != nil && k > 0 {
		for i := n; i < len(d.Assigns); i++ {
			d.Assigns[i].Dead = true
		}
	}
}

func (d *FuncDebug) copyLoop(ix *assignIndex, loop []*Block, blocks []*Block, vals []*Value, unrolled *Block) {
	if d == nil {
		return
	}
	mapped := func(v *Value) *Value {
		if v != nil && v.ID < len(vals) && vals[v.ID] != nil {
			return vals[v.ID]
		}
		return v
	}
	for _, b := range loop {
		for _, v := range b.Instrs {
			if names, ok := d.Named[v]; ok && vals[v.ID] != nil {
				for _, vi := range names {
					d.name(vals[v.ID], vi)
				}
			}
		}
	}
	var in []int32 // the loop's assignments, in order
	for _, b := range loop {
		in = append(in, ix.of(b)...)
	}
	slices.Sort(in)
	for _, i := range in {
		a := d.Assigns[i]
		b := d.BlockOf(&a)
		if unrolled != nil && a.Value.Op == OpPhi && a.Value.Block == unrolled {
			continue
		}
		c := a
		c.Block = blocks[b.ID]
		c.AnchoredOnly = c.AnchoredOnly || unrolled != nil
		c.Value = mapped(a.Value)
		c.Anchors = nil
		for _, w := range a.Anchors {
			// An anchor outside the loop (a successor's first
			// instruction) would place the copy's assignment in the
			// original's path.
			if m := mapped(w); m != w {
				c.Anchors = append(c.Anchors, m)
			}
		}
		d.Assigns = append(d.Assigns, c)
	}
}
