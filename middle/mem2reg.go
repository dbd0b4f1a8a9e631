package middle

import "slices"

// Mem2Reg promotes stack slots to SSA values, as LLVM's mem2reg does for the
// frontend's Mutable Variables code: every load of a slot becomes the value
// last stored to it on the way there, with φs where different stores meet.
//
// Requires: nothing (it removes unreachable blocks first). Guarantees: no
// promotable slot is left; every other instruction is untouched except for
// operands that were promoted loads.
//
// A slot is promotable when it is an alloca of the entry block whose address
// is used only as the address operand of loads and stores of exactly its
// type — never stored as a value, passed to a call, offset by a GEP or
// compared. Any other slot (a Toy `&x`) escapes and stays in memory.
//
// The construction is Cytron et al.'s ("Efficiently Computing Static Single
// Assignment Form", TOPLAS 1991), pruned as in Choi, Cytron and Ferrante
// (POPL 1991) and LLVM's PromoteMemoryToRegister:
//  1. the blocks where the slot is live on entry are found backwards from
//     the loads that precede any store in their block (SlotLiveness, which
//     steps over the loops that do not store it);
//  2. φs go on the iterated dominance frontier of the blocks that store to
//     the slot, restricted to those live-in blocks — a φ elsewhere is dead;
//  3. renaming walks the dominator tree with one version stack per slot: a
//     φ or a store pushes the new value, a load takes the top of the stack,
//     and at the end of each block the φs of its successors receive the top
//     of their slot's stack as the entry for that edge; leaving a block pops
//     what it pushed. A load with nothing on the stack reads undef.
//  4. φs that turn out trivial — every entry the same value or the φ itself —
//     are replaced by that value, iterated through the φs that used them
//     (Braun et al., "Simple and Efficient Construction of SSA Form", CC 2013;
//     the work list is CopyProp's).
//
// φs are named after the slot's variable (%i.1, %i.2 for the slot %i). Every
// step costs the size of the slot's live range or accesses, with side tables
// indexed by ID and epoch-stamped marks, so thousands of slots over a
// hundred thousand blocks stay near-linear. Promotion leaves the CFG as it
// is, so the dominator tree and frontiers are computed once per call.
//
// A slot whose address was only stored in another promotable slot (Toy's
// `var p = &x;` with p itself never escaping) becomes promotable once that
// slot is gone, so promotion repeats while it promotes anything and such a
// slot was seen.
//
// Mem2RegExplained does the same and reports why (mem2reg_explain.go).
func Mem2Reg(f *Func) { mem2reg(f, nil) }

// mem2reg is Mem2Reg, reporting to ex when it is not nil. The report is
// gathered from the promotion's own side tables between its steps, so a
// nil ex costs one comparison per step and round.
func mem2reg(f *Func, ex *promotionExplainer) {
	if f.IsDecl() {
		return
	}
	cfg := &promotionCFG{dom: f.Dom()}
	if len(cfg.dom.RPO()) < len(f.Blocks) {
		if ex != nil {
			ex.unreachable(cfg.dom)
		}
		// As RemoveUnreachable does; the tree covers only reachable blocks,
		// so it stays valid.
		f.RemoveBlocks(func(b *Block) bool { return !cfg.dom.Reachable(b) })
	}
	for promoteSlots(f, cfg, ex) {
	}
	if ex != nil {
		ex.done()
	}
}

// promotionCFG is what promotion needs of the CFG, which it never changes:
// computed once for every round.
type promotionCFG struct {
	dom *DomTree
	df  *Frontiers // on first need
}

// promoteSlots promotes the slots that are promotable now, reporting
// whether another round might promote more. ex, when not nil, is told what
// each step did.
func promoteSlots(f *Func, cfg *promotionCFG, ex *promotionExplainer) bool {
	p := newPromotion(f)
	if ex == nil {
		// (The explainer reads the tables between the steps; without
		// it, they go back for the next round or function.)
		defer p.release()
	}
	if ex != nil {
		ex.considered(p)
	}
	if len(p.slots) == 0 {
		return false
	}
	p.dom = cfg.dom
	p.collectAccesses()
	p.placePhis(cfg)
	if ex != nil {
		ex.phisPlaced(p, cfg)
	}
	p.rename()
	if ex != nil {
		ex.renamed(p)
	}
	p.finish()
	propagateCopies(f, p.placed())
	if ex != nil {
		ex.simplified(p.storedSlot)
	}
	return p.storedSlot
}

// release gives p's tables by Value.ID back; p is not used after.
func (p *promotion) release() {
	int32Tables.Give(p.slotOf)
	valueTables.Give(p.repl)
	boolTables.Give(p.dead)
}

// promotion is mem2reg's state for one function. Slots are numbered densely
// in the order of their allocas.
type promotion struct {
	f         *Func
	slots     []*Value // the promotable allocas
	slotOf    []int32  // by Value.ID: slot number of a promotable alloca, else -1
	loadFirst [][]*Block
	stores    [][]*Block
	nstores   int      // the stores to the slots
	undef     []*Value // by slot, made on first need

	dom      *DomTree
	firstPhi int        // Value.ID of the first φ placed; φs have consecutive IDs from here
	phiSlot  []int32    // by Value.ID - firstPhi
	phisAt   [][]*Value // by Block.ID: the φs placed there, in slot order

	repl []*Value // by Value.ID: what a removed load stands for
	dead []bool   // by Value.ID: instructions to delete

	// storedSlot is set when a slot's address escapes by being stored in
	// another slot: the one use that promoting that other slot can remove.
	storedSlot bool
}

func newPromotion(f *Func) *promotion {
	p := &promotion{f: f, slotOf: int32Tables.Take(f.NumValues())}
	for i := range p.slotOf {
		p.slotOf[i] = -1
	}
	for _, v := range f.Entry().Instrs {
		if v.Op == OpAlloca {
			p.slotOf[v.ID] = int32(len(p.slots))
			p.slots = append(p.slots, v)
		}
	}
	if len(p.slots) == 0 {
		return p
	}
	escaped := false
	for _, b := range f.Blocks {
		for _, u := range b.Instrs {
			for i, a := range u.Args {
				if a.ID >= len(p.slotOf) || p.slotOf[a.ID] < 0 || directAccess(u, i, a) {
					continue
				}
				if u.Op == OpStore && i == 0 && u.Args[1].Op == OpAlloca {
					p.storedSlot = true
				}
				p.slotOf[a.ID] = -1
				escaped = true
			}
		}
	}
	if escaped {
		kept := p.slots[:0]
		for _, s := range p.slots {
			if p.slotOf[s.ID] >= 0 {
				p.slotOf[s.ID] = int32(len(kept))
				kept = append(kept, s)
			}
		}
		p.slots = kept
	}
	return p
}

// directAccess reports whether u's operand i, the slot s, is the address of
// a load or store of s's own type.
func directAccess(u *Value, i int, s *Value) bool {
	switch u.Op {
	case OpLoad:
		return u.Type == s.Elem
	case OpStore:
		return i == 1 && u.Args[0].Type == s.Elem
	}
	return false
}

// slotAccessed returns the slot number that the load or store v accesses,
// or -1 when v is neither or its slot is not promoted.
func (p *promotion) slotAccessed(v *Value) int32 {
	var addr *Value
	switch v.Op {
	case OpLoad:
		addr = v.Args[0]
	case OpStore:
		addr = v.Args[1]
	default:
		return -1
	}
	if addr.ID >= len(p.slotOf) {
		return -1
	}
	return p.slotOf[addr.ID]
}

// collectAccesses lists, per slot, the blocks whose first access to it is
// a load and the blocks that store to it.
func (p *promotion) collectAccesses() {
	n := len(p.slots)
	p.loadFirst, p.stores = make([][]*Block, n), make([][]*Block, n)
	seenIn, storedIn := make([]int32, n), make([]int32, n) // Block.ID+1 of the last block seen
	for _, b := range p.f.Blocks {
		stamp := int32(b.ID + 1)
		for _, v := range b.Instrs {
			s := p.slotAccessed(v)
			if s < 0 {
				continue
			}
			if seenIn[s] != stamp {
				seenIn[s] = stamp
				if v.Op == OpLoad {
					p.loadFirst[s] = append(p.loadFirst[s], b)
				}
			}
			if v.Op == OpStore {
				p.nstores++
			}
			if v.Op == OpStore && storedIn[s] != stamp {
				storedIn[s] = stamp
				p.stores[s] = append(p.stores[s], b)
			}
		}
	}
}

// placePhis places each slot's φs, with one entry per predecessor, in the
// order of Block.Preds, for rename to fill in. The entries of all φs share
// two arrays of the exact size, each φ's slices capped at its own part so
// that a later append copies.
func (p *promotion) placePhis(cfg *promotionCFG) {
	f := p.f
	var live *SlotLiveness
	p.firstPhi = f.NumValues()
	p.phisAt = make([][]*Value, f.NumBlocks())
	textPos := make([]int, f.NumBlocks())
	for i, b := range f.Blocks {
		textPos[b.ID] = i
	}
	inText := func(a, b *Block) int { return textPos[a.ID] - textPos[b.ID] }
	entries := 0
	for s, slot := range p.slots {
		if len(p.loadFirst[s]) == 0 || len(p.stores[s]) == 0 {
			continue // no load sees a store through a merge
		}
		if live == nil {
			live = NewSlotLiveness(f)
			if cfg.df == nil {
				cfg.df = ComputeFrontiers(cfg.dom)
			}
		}
		live.Slot(p.loadFirst[s], p.stores[s])
		blocks := cfg.df.Iterated(p.stores[s], live.IsLiveIn)
		slices.SortFunc(blocks, inText) // so that %i.1 comes before %i.2 in the text
		for _, b := range blocks {
			phi := f.NewValue(OpPhi, slot.Elem, slot.Name)
			phi.SetOrigin(slot)
			phi.Block = b
			p.phisAt[b.ID] = append(p.phisAt[b.ID], phi)
			p.phiSlot = append(p.phiSlot, int32(s))
			entries += len(b.Preds)
		}
	}
	args := make([]*Value, entries)
	for _, b := range f.Blocks {
		phis := p.phisAt[b.ID]
		if len(phis) == 0 {
			continue
		}
		n := len(b.Preds)
		for _, phi := range phis {
			phi.Args, args = args[:n:n], args[n:]
		}
		b.Instrs = append(slices.Clip(phis), b.Instrs...)
	}
}

func (p *promotion) rename() {
	f := p.f
	p.repl = valueTables.Take(f.NumValues())
	p.dead = boolTables.Take(f.NumValues())
	p.undef = make([]*Value, len(p.slots))
	stacks := make([][]*Value, len(p.slots))
	var pushed []int32 // slots pushed, in order, so leaving a block can pop its own
	var marks []int    // len(pushed) on entry to each block on the walk
	top := func(s int32) *Value {
		if st := stacks[s]; len(st) > 0 {
			return st[len(st)-1]
		}
		return p.undefFor(s)
	}
	push := func(s int32, v *Value) {
		stacks[s] = append(stacks[s], v)
		pushed = append(pushed, s)
	}
	if d := f.tracking(); d != nil {
		phis := 0
		for _, at := range p.phisAt {
			phis += len(at)
		}
		d.startWalk(p.nstores, phis)
		defer d.endWalk()
	}
	p.dom.Walk(func(b *Block) {
		marks = append(marks, len(pushed))
		phis := 0
		if len(p.phisAt[b.ID]) > 0 && f.tracking() != nil {
			phis = len(b.Phis())
		}
		for _, phi := range p.phisAt[b.ID] {
			push(p.phiSlot[phi.ID-p.firstPhi], phi)
			f.tracking().noteAssign(p.slots[p.phiSlot[phi.ID-p.firstPhi]], phi, nil, phis)
		}
		for i, v := range b.Instrs {
			s := p.slotAccessed(v)
			if s < 0 {
				continue
			}
			p.dead[v.ID] = true
			if v.Op == OpLoad {
				p.repl[v.ID] = top(s)
			} else {
				push(s, v.Args[0])
				f.tracking().noteAssign(p.slots[s], v.Args[0], v, i)
			}
		}
		for _, e := range b.Succs {
			for _, phi := range p.phisAt[e.b.ID] {
				phi.Args[e.i] = top(p.phiSlot[phi.ID-p.firstPhi])
			}
		}
	}, func(b *Block) {
		mark := marks[len(marks)-1]
		marks = marks[:len(marks)-1]
		for _, s := range pushed[mark:] {
			stacks[s] = stacks[s][:len(stacks[s])-1]
		}
		pushed = pushed[:mark]
	})
	for _, s := range p.slots {
		p.dead[s.ID] = true
	}
}

func (p *promotion) undefFor(s int32) *Value {
	if p.undef[s] == nil {
		p.undef[s] = p.f.Undef(p.slots[s].Elem)
	}
	return p.undef[s]
}

// placed returns the φs placed, in text order.
func (p *promotion) placed() []*Value {
	var phis []*Value
	for _, b := range p.f.Blocks {
		phis = append(phis, p.phisAt[b.ID]...)
	}
	return phis
}

// finish deletes the slots and their loads and stores, and rewrites every
// use of a removed load.
func (p *promotion) finish() {
	for _, b := range p.f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(p.dead) && p.dead[v.ID] })
	}
	p.f.ReplaceUses(p.repl)
}
