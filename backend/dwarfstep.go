package backend

import "toyc/middle"

// The transfer function of the variable tracker (dwarfloc.go), in two
// halves: what an instruction does to the places and variables that does
// not depend on the state (which place it defines, with which IR value,
// whether that value is its source's, whether it may write memory the
// program addresses) is worked out once, in the set-up's scan of the
// instructions (planStep), into a stepPlan (zero, doing nothing, for one
// that defines nothing, calls, copies nor spills); step then runs it on a
// state at each application of the instruction's block, which the data
// flow does 1.5 times per instruction on average (a loop's body twice) and
// the replay of a block it did not reach once more. Working it out at
// each application was a third of step's cost, and the look at a φ's
// block (feeds) most of the rest.
// Requires: the origins, definition values and handles of the tracker's
// set-up.
// Guarantees: step changes the state as working everything out at each
// application did.

// stepPlan is one instruction's part of step that depends on the
// instruction alone.
type stepPlan struct {
	v     tval   // the value the definition holds, unless its source's (planFromCopy)
	dst   int32  // the register (a Reg, logged even when not physical) or slot ID defined
	src   int32  // a copy's source: a physical register or a slot ID (planSrcReg, planSrcSlot)
	flags uint16 // plan...
}

const (
	planWritesMemory uint16 = 1 << iota // it may write memory the program addresses: it calls, or stores elsewhere than in one of the frame's slots
	planCopy                            // a copy: mov from a register or a followed slot, not a load
	planSrcReg                          // the copy reads physical register src
	planSrcSlot                         // the copy reads slot src (a spill slot, a stack argument)
	planDefReg                          // it defines register dst
	planDefSlot                         // it defines slot dst
	planFromCopy                        // the destination holds what the source holds; when that is not known, v if planKeep, else nothing
	planKeep
	planSpill // a spill store
)

// planStep works out instruction in's plan into p, which is zero: in is
// in block b, def is the operand it defines (in.defArgs', nil for none),
// dv its definition value (f.defValueOf's), interim whether a later
// instruction of the block defines its register again. (Written in place:
// returned, the plan was copied for every instruction.)
func (t *varTracker) planStep(p *stepPlan, b *Block, in *Instr, def *Operand, dv tval, interim bool) {
	f := t.f
	if in.Op == opCall {
		p.flags |= planWritesMemory
	}
	if in.Spill {
		p.flags |= planSpill
	}
	// A copy's destination holds its source's value, named after the
	// destination's IR value when it has one (the φ a parallel copy
	// feeds, which is the same value from here on); any other definition
	// holds the value it computes.
	isCopy := in.Op == opMov && len(in.Args) == 2 && in.Args[1].Kind != KindImm
	// A load from memory the program addresses (an array element, a
	// variable's home) is no copy: it computes its value, as a
	// zero-extending load does.
	load := isCopy && in.Args[1].Kind == KindMem && !isPlace(in.Args[1])
	isCopy = isCopy && !load
	if isCopy {
		p.flags |= planCopy
		switch src := in.Args[1]; {
		case src.Kind == KindReg:
			if r := f.location(src.Reg); r.IsPhysical() {
				p.flags |= planSrcReg
				p.src = int32(r)
			}
		case isPlace(src):
			p.flags |= planSrcSlot
			p.src = int32(src.slot().ID)
		}
	}
	// A move from one piece of a register to another (a split of its
	// live range around calls or loops) copies what the source holds,
	// whatever IR value the register was made for: coalescing may have
	// given the register a φ, and the piece holds, before the φ's copies,
	// another value (a load coalesced into the φ's register and split
	// across a call is not the φ).
	split := isCopy && in.Args[0].Kind == KindReg && in.Args[1].Kind == KindReg &&
		f.splitRoot(in.Args[0].Reg) == f.splitRoot(in.Args[1].Reg)
	a := def
	switch {
	case a == nil:
		return
	case a.Kind == KindReg:
		p.flags |= planDefReg
		p.dst = int32(f.location(a.Reg))
	case a.Kind == KindMem && a.slot() != nil:
		p.flags |= planDefSlot
		p.dst = int32(a.slot().ID)
	case a.Kind == KindMem:
		// A store elsewhere than in one of the frame's slots
		// (through a pointer, into a global).
		p.flags |= planWritesMemory
		return
	default:
		return
	}
	var v tval
	switch {
	case a.Kind == KindReg && a.Reg.IsVirtual():
		v = t.origin(a.Reg)
	case a.Kind == KindMem && a.VReg != NoReg:
		v = t.origin(a.VReg)
	}
	if dv != 0 {
		v = dv
	}
	if interim && a.Kind == KindReg {
		v = 0
	} else if in.Op == opMov && !load && (split || v == 0 || t.val(v).Op != middle.OpPhi || !t.feeds(b, t.val(v))) {
		// A move is a copy of what its source holds: its
		// destination's IR value may be what a later two-address
		// instruction makes of it (mov a, v; add b, v), not yet
		// there. Only a φ's copy (a move into the φ's register in
		// a block that branches to the φ's), and a move out of a
		// register the ABI filled (a call's result, an argument),
		// take the destination's name.
		p.flags |= planFromCopy
		if src := &in.Args[1]; isCopy && src.Kind == KindReg && src.Reg.IsPhysical() {
			p.flags |= planKeep
		}
	}
	p.v = v
}

// step is the transfer function of instruction in, number k (base).
func (t *varTracker) step(s *trackState, in *Instr, k int) {
	p := &t.plans[k]
	if p.flags == 0 && in.Clobbers|in.Defs == 0 {
		return // (a compare, a branch: three instructions in ten)
	}
	var copied tval // what a copy's source holds
	switch {
	case p.flags&planSrcReg != 0:
		copied = s.regs[p.src]
	case p.flags&planSrcSlot != 0:
		copied = s.slots.get(int(p.src))
	}
	if len(t.homed) > 0 {
		t.writesHomes(s, p)
	}
	if p.flags&planWritesMemory != 0 {
		t.forgetAddressed(s)
	}
	if gone := in.Clobbers | in.Defs; gone != 0 {
		gone.forEach(func(r Reg) { s.regs[r] = 0 })
		if s == t.st {
			t.touchedRegs |= uint64(gone)
		}
		if t.logging {
			t.log = append(t.log, stateChange{kind: changeClobber, mask: gone})
		}
	}
	if p.flags&(planDefReg|planDefSlot) == 0 {
		return
	}
	v := p.v
	if p.flags&planFromCopy != 0 && (copied != 0 || p.flags&planKeep == 0) {
		v = copied
	}
	if p.flags&planDefReg != 0 {
		r := Reg(p.dst)
		if r.IsPhysical() {
			s.regs[r] = v
			if s == t.st {
				t.touchedRegs |= 1 << r
			}
		}
		if t.logging {
			t.log = append(t.log, stateChange{kind: changeReg, i: p.dst, v: v})
		}
	} else {
		t.setSlot(s, int(p.dst), v)
	}
	if v == 0 {
		return
	}
	if s == t.st {
		t.wrote(v)
	}
	// A new value named for variables makes them that value; a reload or
	// a copy of the value itself does not (the variable may have been
	// assigned since). A spill store into a spilled φ's slot in a block
	// feeding the φ is its copy (the copy's register is a temporary the
	// store empties) when the source holds a value the φ takes; one that
	// copies the φ's own value is its spill.
	named := t.namedFor(v)
	if len(named) == 0 || p.flags&planCopy != 0 && copied == v {
		return
	}
	isPhi := t.val(v).Op == middle.OpPhi
	if p.flags&planSpill != 0 && !(isPhi && copied != 0 && copied != v && phiTakes(t.val(v), t.val(copied))) {
		return
	}
	if isPhi {
		// A copy feeding a φ: the variables become the φ on the way to
		// its block, after this block's branch, where a debugger
		// stopping for the statement the branch belongs to must still
		// see the old value.
		t.phiCopies = append(t.phiCopies, v)
		return
	}
	for _, vi := range named {
		t.setVar(s, vi, v)
	}
}

// phiTakes reports whether x is one of the values the φ phi takes.
func phiTakes(phi, x *middle.Value) bool {
	for _, a := range phi.Args {
		if a == x {
			return true
		}
	}
	return false
}

// feeds reports whether block b branches to the block of the φ phi, so
// that a move into phi's register there is one of the copies feeding it;
// elsewhere coalescing may have given phi's register to a value computed
// on the way (mov a, r; shl %cl, r). (Successors and names are the
// machine blocks'.)
func (t *varTracker) feeds(b *Block, phi *middle.Value) bool {
	if phi.Block == nil {
		return false
	}
	if _, ok := t.irBlock(phi.Block); !ok {
		// The φ's block is gone (a loop test tail duplication copied
		// into its predecessors): its copies are in those, the blocks
		// that branched to it in the IR or took a copy of it. Not in
		// any other: coalescing may have given the φ's register (and
		// spill slot) to a value the φ takes, much earlier (seed
		// 1710007: the store of v42's first value into the slot of a φ
		// 240 lines on made v42 that φ from there on, so it showed
		// whatever the slot held, a later value before its statement).
		return t.feeder(phi.Block, b.Name)
	}
	for _, s := range b.Succs {
		if s.Name == phi.Block.Name {
			return true
		}
	}
	return false
}

// feeder reports whether the machine block named name is one whose copies
// feed the φs of the IR block b, which is gone (feeds): one that branched
// to it in the IR or took a copy of it. Their names are looked through
// where they are few (most blocks), and filed once for each block where
// they are many: a join of thousands of arms (an else-if chain's end) has
// as many predecessors, and each of their copies asked about all of them.
// A few predecessors are looked through first, before the copies are
// found: most feeders are predecessors.
func (t *varTracker) feeder(b *middle.Block, name string) bool {
	if len(b.Preds) <= fewFeeders {
		for _, e := range b.Preds {
			if e.Block().Name == name {
				return true
			}
		}
	}
	copies := t.copiesFrom(b.Name)
	if len(b.Preds)+len(copies) > fewFeeders {
		return t.feedersOf(b, copies)[name]
	}
	for _, k := range copies {
		if t.f.tails[k].into.Name == name {
			return true
		}
	}
	return false
}

// fewFeeders is how many feeders of a block feeder looks through rather
// than files.
const fewFeeders = 16

// feedersOf is the set of the names of the blocks feeding the φs of the
// IR block b (feeder), whose copies are copies.
func (t *varTracker) feedersOf(b *middle.Block, copies []int32) map[string]bool {
	if set, ok := t.feeders[b]; ok {
		return set
	}
	set := make(map[string]bool, len(b.Preds)+len(copies))
	for _, e := range b.Preds {
		set[e.Block().Name] = true
	}
	for _, k := range copies {
		set[t.f.tails[k].into.Name] = true
	}
	if t.feeders == nil {
		t.feeders = make(map[*middle.Block]map[string]bool)
	}
	t.feeders[b] = set
	return set
}

// isPlace reports whether the memory operand a is a place the data flow
// follows: a spill slot or the caller's stack argument.
func isPlace(a Operand) bool {
	return a.Kind == KindMem && a.slot() != nil && (a.slot().Kind == SlotSpill || a.slot().Kind == SlotIncoming)
}
