package backend

import (
	"math/rand"
	"testing"
)

// findDeadSlots says a spill slot is dead at a block's entry exactly when
// no path from there reaches an instruction naming the slot other than to
// write it before one writes it: against that search, on random CFGs
// (loops, blocks without successors, unreachable ones) whose instructions
// store to, reload from, update and compare slots of every kind, with
// more than 64 slots in some, so that the sets take several words.
func TestDeadSlotsAgainstPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	for round := range 400 {
		f := &Func{Name: "f"}
		nb := 1 + rng.Intn(12)
		for i := range nb {
			f.Blocks = append(f.Blocks, &Block{ID: i, Name: "b"})
		}
		ns := 1 + rng.Intn(8)
		if round%5 == 0 {
			ns = 60 + rng.Intn(80)
		}
		kinds := []SlotKind{SlotSpill, SlotSpill, SlotSpill, SlotIncoming, SlotAlloca}
		for range ns {
			f.newSlot(kinds[rng.Intn(len(kinds))], 8, 8, "s")
		}
		for _, b := range f.Blocks {
			for range rng.Intn(3) {
				s := f.Blocks[rng.Intn(nb)]
				b.Succs = append(b.Succs, s)
				s.Preds = append(s.Preds, b)
			}
			for range rng.Intn(7) {
				s := slotOp(f.Slots[rng.Intn(ns)])
				var in *Instr
				switch rng.Intn(5) {
				case 0: // a spill
					in = &Instr{Op: opMov, Args: []Operand{s, regOp(RAX)}}
				case 1: // a reload
					in = &Instr{Op: opMov, Args: []Operand{regOp(RAX), s}}
				case 2: // read and written
					in = &Instr{Op: opAdd, Args: []Operand{s, immOp(1)}}
				case 3:
					in = &Instr{Op: opCmp, Args: []Operand{regOp(RAX), s}}
				default:
					in = &Instr{Op: opAdd, Args: []Operand{regOp(RAX), immOp(1)}}
				}
				b.Instrs = append(b.Instrs, in)
			}
		}
		tr := &varTracker{f: f, mem: new(trackMem), byMachine: make([]int32, nb)}
		for i, b := range f.Blocks {
			tr.byMachine[b.ID] = int32(i + 1)
		}
		for bi := range f.Blocks {
			for id, s := range f.Slots {
				want := s.Kind == SlotSpill && !namedBeforeWritten(f.Blocks[bi], s)
				if got := tr.slotDeadAt(bi, id); got != want {
					t.Fatalf("round %d: slot %d (kind %d) dead at block %d: %v, want %v", round, id, s.Kind, bi, got, want)
				}
			}
		}
	}
}

// namedBeforeWritten reports whether some path from b's entry reaches an
// instruction naming s as other than its written operand before one that
// writes it.
func namedBeforeWritten(b *Block, s *Slot) bool {
	seen := map[*Block]bool{}
	var from func(b *Block) bool
	from = func(b *Block) bool {
		if seen[b] {
			return false
		}
		seen[b] = true
		for _, in := range b.Instrs {
			written := false
			for j, a := range in.Args {
				if a.Kind != KindMem || a.slot() != s {
					continue
				}
				if j > 0 || in.role(0)&roleUse != 0 {
					return true
				}
				written = true
			}
			if written {
				return false
			}
		}
		for _, t := range b.Succs {
			if from(t) {
				return true
			}
		}
		return false
	}
	return from(b)
}
