package backend

import "toyc/middle"

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
// variable. Requires: the frame laid out. Guarantees: nothing in the
// code changes; a variable whose stores all stay is described by its
// slot alone, as before.

// homeMark is the value of a followed slot-homed variable that is in its
// slot: no place holds it, so a join of edges that disagree on it finds no
// register or spill slot with the variable's value (mergeVar), and the
// variable has none.
var homeMark = &middle.Value{Op: middle.OpAlloca, ID: -1}

// findHomes finds the variables whose home slot is still in the frame and
// to which a deleted store made an assignment (t.homed, t.homeSlot), and
// indexes them by their slots' IDs (t.homes).
func (t *varTracker) findHomes() {
	dbg := t.df.dbg
	for _, a := range dbg.Assigns {
		v := dbg.Vars[a.Var]
		if v.Slot == nil || t.homeSlot != nil && t.homeSlot[a.Var] != nil {
			continue
		}
		s := t.df.slots[v.Slot.Name]
		if s == nil {
			continue // promoted: the assignments are all there is
		}
		if t.homeSlot == nil {
			t.homeSlot = make([]*Slot, len(dbg.Vars))
			t.homes = make(map[int][]int)
		}
		t.homeSlot[a.Var] = s
		t.homes[s.ID] = append(t.homes[s.ID], a.Var)
		t.homed = append(t.homed, a.Var)
	}
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
			s.vars.set(vi, homeMark)
		}
	}
}

// writesHomes applies to s what in does to the followed slot-homed
// variables: one whose slot it writes is home; one away from home loses
// its value at a store through a pointer or a call, which may write its
// slot.
func (t *varTracker) writesHomes(s *trackState, in *Instr) {
	if len(t.homed) == 0 {
		return
	}
	if in.Op == opCall {
		t.leaveHomes(s)
		return
	}
	for i := range in.defArgs() {
		a := &in.Args[i]
		if a.Kind != KindMem {
			continue
		}
		if a.Slot == nil {
			t.leaveHomes(s)
			continue
		}
		for _, vi := range t.homes[a.Slot.ID] {
			t.setVar(s, vi, homeMark)
		}
	}
}

// leaveHomes makes the followed slot-homed variables that are away from
// home unknown.
func (t *varTracker) leaveHomes(s *trackState) {
	for _, vi := range t.homed {
		if v := s.vars.get(vi); v != nil && v != homeMark {
			t.setVar(s, vi, nil)
		}
	}
}
