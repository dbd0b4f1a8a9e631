package backend

import (
	"iter"

	"toyc/middle"
)

// Slot-homed variables whose stores a pass deleted, for -g at -O1 and -O2.
// A variable whose address is taken keeps its stack slot (its home), and
// the slot describes it everywhere — unless a pass deleted a store to it
// that a later store overwrites before anything reads it (MemOpt's dead
// stores, which the loads between were given the stored value instead of):
// until that later store, the slot holds the value from before, while the
// variable has the stored one. The middle end then records an assignment
// of the stored value (middle.FuncDebug's overwritten), as LLVM's DSE
// leaves a dbg.value where it deletes a store to a described alloca
// (assignment tracking). Such a variable is followed by the tracker
// (dwarfloc.go) with one more value: home, the variable is what its slot
// holds. It is home from its declaration on (a parameter, from the store
// of its argument; one declared without a value, from its first write:
// before, it has none, as dwarfunset.go decides for the others), becomes
// the deleted store's value where that assignment takes effect, and home
// again at the next instruction that writes the slot. A store through a
// pointer or a call in between may write the slot too, or not: the
// variable then has no known value (gdb prints <optimized out>) until
// its slot is written. At a join where edges disagree, home on one and a
// value on another, it has none either. Where it is home its location is
// the slot; elsewhere a place holding its value, as for a promoted
// variable. The function's own parameters in home slots whose argument
// is stored after code of the body are followed the same way (their
// argument until the store: homedParams). Requires: the frame laid out.
// Guarantees: nothing in the code changes; any other slot-homed variable
// is described by its slot alone, as before.

// homeMark is the value of a followed slot-homed variable that is in its
// slot (its handle homeHandle): no place holds it, so a join of edges that disagree on it finds no
// register or spill slot with the variable's value (mergeVar), and the
// variable has none.
var homeMark = &middle.Value{Op: middle.OpAlloca, ID: -1}

// findHomes finds the variables whose home slot is still in the frame and
// to which a deleted store made an assignment, and the function's own
// parameters with a home slot (homedParams), and records them (t.homed,
// t.homeSlot), indexed by their slots' IDs (t.homes).
func (t *varTracker) findHomes() {
	dbg := t.df.dbg
	follow := func(vi int) {
		v := dbg.Vars[vi]
		if v.Slot == nil || t.homeSlot != nil && t.homeSlot[vi] != nil {
			return
		}
		s := t.df.slots[v.Slot.Name]
		if s == nil {
			return // promoted: the assignments are all there is
		}
		if t.homeSlot == nil {
			t.homeSlot = make([]*Slot, len(dbg.Vars))
			t.homes = make(map[int][]int)
		}
		t.homeSlot[vi] = s
		t.homes[s.ID] = append(t.homes[s.ID], vi)
		t.homed = append(t.homed, vi)
	}
	for i := range dbg.Assigns { // (not copied, nine words each)
		follow(dbg.Assigns[i].Var)
	}
	for vi := range homedParams(t.df) {
		follow(vi)
	}
}

// homedParams yields the function's own parameters that live in a home
// slot (their address is taken) whose argument is stored there after code
// of the body. Such a parameter is its argument until the store, which
// need not come before the body's first line: a compare the body makes
// early (earlycompares.go) may go first, and the slot still holds garbage
// where gdb stops for that line (seed 5400132: p5 showed 32767 for 256).
// Followed, it is its argument until the store and home after it. One
// stored before any code of the body (always at -O0) is described by its
// slot alone, as gdb cannot stop before the store at a line.
func homedParams(df *dwarfFunc) iter.Seq[int] {
	return func(yield func(int) bool) {
		dbg := df.dbg
		var early map[*Slot]bool
		for vi := range min(len(dbg.Vars), df.f.IR.NumParams()) {
			v := dbg.Vars[vi]
			if !v.Param || v.Site != 0 || v.Slot == nil {
				continue
			}
			s := df.slots[v.Slot.Name]
			if s == nil || len(df.f.Blocks) == 0 {
				continue
			}
			if early == nil {
				early = storedEarly(df.f)
			}
			if !early[s] && !yield(vi) {
				return
			}
		}
	}
}

// storedEarly returns the slots that f's entry block stores into before
// the first instruction of the body's code (one with a position off the
// declaration's line): found in one walk, not one for each parameter (a
// function of 10,000 parameters, each stored in the prologue, took 0.6 s
// at -O0 -g walking them for each).
func storedEarly(f *Func) map[*Slot]bool {
	early := map[*Slot]bool{}
	decl := f.IR.Decl.Line
	for _, in := range f.Blocks[0].Instrs {
		for i := range in.defArgs() {
			if a := &in.Args[i]; a.Kind == KindMem && a.slot() != nil {
				early[a.slot()] = true
			}
		}
		if in.Pos.IsValid() && in.Pos.Line != decl {
			break
		}
	}
	return early
}

// homedVar reports whether variable vi is a followed slot-homed one.
func (t *varTracker) homedVar(vi int) bool {
	return t != nil && t.homeSlot != nil && t.homeSlot[vi] != nil
}

// homesAtEntry sets the followed slot-homed variables' values at the
// function's entry: home, but for a parameter (its argument, until the
// prologue stores it) and one declared without a value (none, until its
// first write).
func (t *varTracker) homesAtEntry(s *trackState) {
	for _, vi := range t.homed {
		if v := t.df.dbg.Vars[vi]; !v.Param && !v.Unset {
			s.vars.set(vi, homeHandle)
		}
	}
}

// writesHomes applies to s what the instruction of plan p does to the
// followed slot-homed variables: one whose slot it writes is home; one
// away from home loses its value at a store through a pointer or a call,
// which may write its slot.
func (t *varTracker) writesHomes(s *trackState, p *stepPlan) {
	if p.flags&planWritesMemory != 0 {
		t.leaveHomes(s)
	}
	if p.flags&planDefSlot != 0 {
		for _, vi := range t.homes[int(p.dst)] {
			t.setVar(s, vi, homeHandle)
		}
	}
}

// leaveHomes makes the followed slot-homed variables that are away from
// home unknown.
func (t *varTracker) leaveHomes(s *trackState) {
	for _, vi := range t.homed {
		if v := s.vars.get(vi); v != 0 && v != homeHandle {
			t.setVar(s, vi, 0)
		}
	}
}
