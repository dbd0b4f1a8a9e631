package backend

import (
	"math/rand"
	"slices"
	"testing"

	"toyc/middle"
)

// sortEvents orders a block's events as a stable insertion sort by before
// does, at every size (merged past 16): on random events with many ties,
// told apart by their variable, which before does not look at.
func TestSortEventsAsInsertion(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for round := range 2000 {
		evs := make([]assignEvent, rng.Intn(80))
		for i := range evs {
			evs[i] = assignEvent{v: i, site: uint16(rng.Intn(3)), at: rng.Intn(3), top: rng.Intn(4) == 0,
				piece: int32(rng.Intn(2)), pos: middleFuncPos{Line: 1 + rng.Intn(5), Col: 1 + rng.Intn(2)}}
		}
		want := slices.Clone(evs)
		for i := 1; i < len(want); i++ {
			for j := i; j > 0 && want[j].before(want[j-1]); j-- {
				want[j], want[j-1] = want[j-1], want[j]
			}
		}
		sortEvents(evs)
		if !slices.Equal(evs, want) {
			t.Fatalf("round %d: %v, want %v", round, evs, want)
		}
	}
}

// holdsIn, with the values in slots found once, answers as holds does, for
// every value, on random states of registers and slots (some slots empty,
// some values in several places, constants, which no register holds).
func TestHoldsInAsHolds(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for round := range 200 {
		f := &Func{Name: "f", IR: &middle.Func{}}
		nslots := rng.Intn(200)
		for range nslots {
			f.newSlot(SlotSpill, 8, 8, "s")
		}
		df := &dwarfFunc{f: f, dbg: &middle.FuncDebug{}}
		vals := make([]*middle.Value, 40)
		for h := range vals {
			vals[h] = &middle.Value{Op: middle.OpAdd}
			if h%7 == 3 {
				vals[h].Op = middle.OpConst
			}
		}
		tr := &varTracker{f: f, df: df, mem: new(trackMem), vals: vals}
		s := &tr.newStates(1, nil)[0]
		for i := range nslots {
			if rng.Intn(3) > 0 {
				s.slots.set(i, tval(rng.Intn(len(vals))))
			}
		}
		for _, r := range allocOrder {
			if rng.Intn(2) == 0 {
				s.regs[r] = tval(rng.Intn(len(vals)))
			}
		}
		inSlots := tr.slotValues(s)
		for h := range vals {
			if got, want := tr.holdsIn(s, tval(h), inSlots), tr.holds(s, tval(h)); got != want {
				t.Fatalf("round %d, value %d: holdsIn %v, holds %v", round, h, got, want)
			}
		}
	}
}

// A call, or a store through a pointer, may write any slot whose address
// the program took (an alloca's), and the values the data flow saw stored
// there are then unknown; a spill slot keeps its value, and a store to a
// spill slot forgets nothing (seed 5509080).
func TestStepForgetsAddressedSlots(t *testing.T) {
	f := &Func{Name: "f", IR: &middle.Func{}}
	alloca := f.newSlot(SlotAlloca, 8, 8, "g")
	spill := f.newSlot(SlotSpill, 8, 8, "s")
	df := &dwarfFunc{f: f, dbg: &middle.FuncDebug{}}
	vals := []*middle.Value{nil, homeMark, {Op: middle.OpAdd}, {Op: middle.OpAdd}, {Op: middle.OpAdd}}
	tr := &varTracker{f: f, df: df, mem: new(trackMem), vals: vals, addressed: []int32{int32(alloca.ID)}}
	callee := "h"
	for _, c := range []struct {
		name          string
		in            *Instr
		alloca, spill tval // what the slots hold after it
	}{
		{"call", &Instr{Op: opCall, Size: 8, Args: []Operand{symOp(&callee)}}, 0, 3},
		{"store through a pointer", &Instr{Op: opMov, Size: 8, Args: []Operand{baseOp(RBX, 8), regOp(RAX)}}, 0, 3},
		{"store to a spill slot", &Instr{Op: opMov, Size: 8, Args: []Operand{slotOp(spill), regOp(RAX)}}, 2, 4},
		{"register move", &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(RCX), regOp(RAX)}}, 2, 3},
	} {
		s := &tr.newStates(1, nil)[0]
		s.regs[RAX] = 4
		s.slots.set(alloca.ID, 2)
		s.slots.set(spill.ID, 3)
		tr.plans = make([]stepPlan, 1)
		var def *Operand
		if defs := c.in.defArgs(); len(defs) > 0 {
			def = &defs[0]
		}
		tr.planStep(&tr.plans[0], &Block{}, c.in, def, 0, false)
		tr.step(s, c.in, 0)
		if got := s.slots.get(alloca.ID); got != c.alloca {
			t.Errorf("%s: the alloca's slot holds %d, want %d", c.name, got, c.alloca)
		}
		if got := s.slots.get(spill.ID); got != c.spill {
			t.Errorf("%s: the spill slot holds %d, want %d", c.name, got, c.spill)
		}
	}
}
