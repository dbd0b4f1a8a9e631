package backend

// Spill slots whose content the location tracker never reads again: for
// each block, the spill slots that, on every path from its entry, are
// written before any instruction names them otherwise. A backward data
// flow over the machine blocks to a fixed point (Kildall's; Aho, Lam,
// Sethi and Ullman, section 9.2.5), on bit sets by slot ID, made only for
// a function whose merges ask (slotDeadAt).
//
// The tracker's merge (dwarfloc.go) gives a place holding different values
// on different edges a join, a value of its own. A spill slot with
// nothing known on some edge, and dead in this sense, needs none: no
// variable can be found in it (mergeVar asks for the variable's value on
// every edge), no other place shares its join (firstSame asks for known
// values), and no place can come to hold the join, since only a copy out
// of the slot (a reload: step's placeValue) would put it there. So the
// slot holds nothing instead, and the merge's result is what it was in
// every way a variable's location can tell. At the headers of a deep loop
// nest, every inner loop's counter slot was such a join, one per header
// and slot, and the states after them shared none of their chunks.
//
// The backend's liveness (liveness.go) is of virtual registers, before
// allocation, and is gone by the time the tracker runs; spill slots exist
// only after it.

// slotDeadAt reports whether spill slot id is dead at the entry of block
// bi, as above.
func (t *varTracker) slotDeadAt(bi, id int) bool {
	if t.slotLiveIn == nil {
		t.findDeadSlots()
	}
	w := (len(t.f.Slots) + 63) / 64
	return id < len(t.f.Slots) && t.f.Slots[id].Kind == SlotSpill && t.slotLiveIn[bi*w+id/64]&(1<<(id%64)) == 0
}

// findDeadSlots fills t.slotLiveIn: for each block, by index, a bit set
// of the slots live at its entry, slots of every kind (slotDeadAt asks
// only about spill slots).
func (t *varTracker) findDeadSlots() {
	f := t.f
	n, w := len(f.Blocks), (len(f.Slots)+63)/64
	m := t.mem
	// gen: named before any write in the block; kill: written first.
	gen := scratch(&m.slotGen, n*w)
	kill := scratch(&m.slotKill, n*w)
	live := scratch(&m.slotLive, n*w)
	for bi, b := range f.Blocks {
		g, k := gen[bi*w:(bi+1)*w], kill[bi*w:(bi+1)*w]
		for i := len(b.Instrs) - 1; i >= 0; i-- {
			// Its writes (step replaces what the slot held), then
			// anything else naming the slot, a read as far as this
			// knows: the instruction's reads come before its write.
			in := b.Instrs[i]
			defs := len(in.defArgs())
			for j := range defs {
				if a := &in.Args[j]; a.Kind == KindMem && a.slot() != nil {
					id := a.slot().ID
					k[id/64] |= 1 << (id % 64)
					g[id/64] &^= 1 << (id % 64)
				}
			}
			for j := range in.Args {
				a := &in.Args[j]
				if a.Kind != KindMem || a.slot() == nil || j < defs && in.role(j)&roleUse == 0 {
					continue
				}
				id := a.slot().ID
				g[id/64] |= 1 << (id % 64)
			}
		}
	}
	// Every block once, last first, then those whose successors' sets grew.
	queued := scratch(&m.slotQueued, n)
	work := m.slotWork[:0]
	for bi := range n {
		work = append(work, int32(bi)) // the last on top
		queued[bi] = true
	}
	for len(work) > 0 {
		bi := int(work[len(work)-1])
		work = work[:len(work)-1]
		queued[bi] = false
		b := f.Blocks[bi]
		in := live[bi*w : (bi+1)*w]
		changed := false
		for c := range w {
			out := uint64(0)
			for _, s := range b.Succs {
				if si, ok := t.machineBlock(s); ok {
					out |= live[si*w+c]
				}
			}
			v := gen[bi*w+c] | out&^kill[bi*w+c]
			if v&^in[c] != 0 {
				in[c] |= v
				changed = true
			}
		}
		if !changed {
			continue
		}
		for _, p := range b.Preds {
			if pi, ok := t.machineBlock(p); ok && !queued[pi] {
				queued[pi] = true
				work = append(work, int32(pi))
			}
		}
	}
	m.slotWork = work
	t.slotLiveIn = live
}
