package middle

import "slices"

// Liveness of SSA values and of stack slots, both by backward path
// exploration from the uses rather than by iterating data-flow equations to a
// fixpoint: Brandner, Boissinot, Darte, Dupont de Dinechin and Rastello,
// "Computing Liveness Sets for SSA-Form Programs" (INRIA RR-7503, 2011),
// Algorithms 4–5. For each variable, walk from every use up the predecessors
// until the definition is reached, marking blocks live-in and live-out on the
// way; a block already marked for the variable stops the walk. The cost is the
// size of the live ranges — the size of the answer — with marks stamped per
// variable instead of per-block sets of all variables.
//
// The convention for φs (as in that paper and in LLVM): a φ's operand is used
// at the end of the corresponding predecessor, so it is live-out there and not
// live-in at the φ's block; a φ's result is defined on entry to its block, so
// it is not live-in there either.
//
// Both analyses need Block.Preds to be current (Func.ComputePreds).

// Liveness holds the SSA values live on entry to and on exit from each block:
// instructions with results and parameters (defined in the entry block).
// Constants, undef and global addresses are never live.
type Liveness struct {
	in, out [][]*Value // by Block.ID, each sorted by Value.ID
}

// ComputeLiveness computes the live-in and live-out sets of every block of f.
func ComputeLiveness(f *Func) *Liveness {
	nb := f.NumBlocks()
	w := &liveWalk{
		Liveness: Liveness{in: make([][]*Value, nb), out: make([][]*Value, nb)},
		inMark:   make([]int32, nb),
		outMark:  make([]int32, nb),
	}
	if f.IsDecl() {
		return &w.Liveness
	}
	useStart, users := useLists(f)
	explore := func(v *Value, def *Block) {
		w.v, w.def, w.stamp = v, def, int32(v.ID+1)
		for _, u := range users[useStart[v.ID]:useStart[v.ID+1]] {
			if u.Op != OpPhi {
				w.up(u.Block)
				continue
			}
			for i, a := range u.Args {
				if a == v && i < len(u.Incoming) {
					w.liveOut(u.Incoming[i])
				}
			}
		}
		for len(w.work) > 0 {
			b := w.work[len(w.work)-1]
			w.work = w.work[:len(w.work)-1]
			for _, p := range b.Preds {
				w.liveOut(p)
			}
		}
	}
	for _, p := range f.Params {
		explore(p, f.Entry())
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.HasResult() {
				explore(v, b)
			}
		}
	}
	// Values were explored in block order, which need not be ID order.
	byID := func(a, b *Value) int { return a.ID - b.ID }
	for i := range w.in {
		slices.SortFunc(w.in[i], byID)
		slices.SortFunc(w.out[i], byID)
	}
	return &w.Liveness
}

// liveWalk is the state of the path exploration for one value at a time.
type liveWalk struct {
	Liveness
	v               *Value
	def             *Block
	stamp           int32   // v.ID+1: marks are for v when they hold this
	inMark, outMark []int32 // by Block.ID
	work            []*Block
}

// up marks b live-in and queues it so its predecessors become live-out.
func (w *liveWalk) up(b *Block) {
	if b == w.def || w.inMark[b.ID] == w.stamp {
		return
	}
	w.inMark[b.ID] = w.stamp
	w.in[b.ID] = append(w.in[b.ID], w.v)
	w.work = append(w.work, b)
}

func (w *liveWalk) liveOut(p *Block) {
	if w.outMark[p.ID] != w.stamp {
		w.outMark[p.ID] = w.stamp
		w.out[p.ID] = append(w.out[p.ID], w.v)
		w.up(p)
	}
}

// useLists returns, in compressed rows by Value.ID, the instructions that
// use each value; an instruction using a value twice is listed once.
func useLists(f *Func) (start []int32, users []*Value) {
	start = make([]int32, f.NumValues()+1)
	forEachUse := func(visit func(a, u *Value)) {
		for _, b := range f.Blocks {
			for _, u := range b.Instrs {
				for i, a := range u.Args {
					if a.ID < f.NumValues() && !argRepeated(u, i) {
						visit(a, u)
					}
				}
			}
		}
	}
	forEachUse(func(a, _ *Value) { start[a.ID+1]++ })
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	users = make([]*Value, start[len(start)-1])
	fill := append([]int32(nil), start[:len(start)-1]...)
	forEachUse(func(a, u *Value) {
		users[fill[a.ID]] = u
		fill[a.ID]++
	})
	return start, users
}

// argRepeated reports whether u.Args[i] already occurs earlier in u.Args.
// Instructions have at most a handful of operands, except φs and calls,
// where the scan stays proportional to the operand count in practice.
func argRepeated(u *Value, i int) bool {
	for _, a := range u.Args[:i] {
		if a == u.Args[i] {
			return true
		}
	}
	return false
}

// In returns the values live on entry to b, sorted by ID. The caller must
// not modify the slice.
func (l *Liveness) In(b *Block) []*Value { return l.in[b.ID] }

// Out returns the values live on exit from b, sorted by ID. The caller must
// not modify the slice.
func (l *Liveness) Out(b *Block) []*Value { return l.out[b.ID] }

// SlotLiveness finds where one stack slot's contents are live on entry: the
// blocks from which some path reaches a load of the slot before any store to
// it. Pruned SSA construction (mem2reg) places a slot's φs only there. It is
// queried once per slot and reuses its marks, so a query costs the blocks it
// marks, not the size of the function.
type SlotLiveness struct {
	epoch      int32
	store, in  []int32 // by Block.ID: epoch stamps
	work, live []*Block
}

// NewSlotLiveness prepares slot liveness queries on f.
func NewSlotLiveness(f *Func) *SlotLiveness {
	return &SlotLiveness{store: make([]int32, f.NumBlocks()), in: make([]int32, f.NumBlocks())}
}

// LiveIn computes the live-in blocks of one slot, given the blocks where a
// load of it comes before any store (loadFirst) and the blocks that store to
// it (stores). It returns them in discovery order; the slice and IsLiveIn are
// valid until the next call.
func (s *SlotLiveness) LiveIn(loadFirst, stores []*Block) []*Block {
	s.epoch++
	for _, b := range stores {
		s.store[b.ID] = s.epoch
	}
	s.live, s.work = s.live[:0], s.work[:0]
	mark := func(b *Block) {
		if s.in[b.ID] != s.epoch {
			s.in[b.ID] = s.epoch
			s.live = append(s.live, b)
			s.work = append(s.work, b)
		}
	}
	for _, b := range loadFirst {
		mark(b)
	}
	for len(s.work) > 0 {
		b := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		for _, p := range b.Preds {
			// A storing predecessor overwrites the slot before control
			// reaches b; it is live-in only if it loads first, in loadFirst.
			if s.store[p.ID] != s.epoch {
				mark(p)
			}
		}
	}
	return s.live
}

// IsLiveIn reports whether the slot of the last LiveIn query is live on
// entry to b.
func (s *SlotLiveness) IsLiveIn(b *Block) bool { return s.in[b.ID] == s.epoch }
