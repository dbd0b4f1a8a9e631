package middle

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

// Liveness holds the SSA values live on entry to and on exit from each block:
// instructions with results and parameters (defined in the entry block).
// Constants, undef and global addresses are never live.
type Liveness struct {
	in, out blockValues
}

// blockValues is a list of values per block (or other dense key) in
// compressed rows: the values of block i are vals[start[i]:start[i+1]]. Two allocations
// instead of two per block keep the garbage collector out of the picture on
// large functions.
type blockValues struct {
	start []int32
	vals  []*Value
}

// ComputeLiveness computes the live-in and live-out sets of every block of f.
func ComputeLiveness(f *Func) *Liveness {
	nb := f.NumBlocks()
	w := &liveWalk{inMark: make([]int32, nb), outMark: make([]int32, nb)}
	// A guess at the answer's size (a few values live per block) saves most
	// of the regrowing of the pair lists.
	w.inPairs = make([]keyedValue, 0, 4*len(f.Blocks))
	w.outPairs = make([]keyedValue, 0, 4*len(f.Blocks))
	if !f.IsDecl() {
		// Exploring values in ID order leaves every block's list sorted.
		defs := make([]*Value, f.NumValues())
		for _, p := range f.Params {
			defs[p.ID] = p
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.HasResult() {
					defs[v.ID] = v
				}
			}
		}
		useStart, users := useLists(f, nil)
		for _, v := range defs {
			if v == nil {
				continue
			}
			def := v.Block
			if v.Op == OpParam {
				def = f.Entry()
			}
			w.explore(v, def, users[useStart[v.ID]:useStart[v.ID+1]])
		}
	}
	return &Liveness{in: groupByKey(nb, w.inPairs), out: groupByKey(nb, w.outPairs)}
}

// liveWalk is the state of the path exploration, one value at a time.
type liveWalk struct {
	v                 *Value
	def               *Block
	stamp             int32   // v.ID+1: marks are for v when they hold this
	inMark, outMark   []int32 // by Block.ID
	work              []*Block
	inPairs, outPairs []keyedValue // the answer, in exploration order
}

// keyedValue is a value filed under a dense key (a block or value ID).
type keyedValue struct {
	key int32
	v   *Value
}

// explore marks where v, defined in def, is live: on every path up from
// each of its users to def.
func (w *liveWalk) explore(v *Value, def *Block, users []*Value) {
	w.v, w.def, w.stamp = v, def, int32(v.ID+1)
	for _, u := range users {
		if u.Op != OpPhi {
			w.up(u.Block)
			continue
		}
		for i, a := range u.Args {
			if a == v && i < len(u.Block.Preds) {
				w.liveOut(u.Block.Pred(i))
			}
		}
	}
	for len(w.work) > 0 {
		b := w.work[len(w.work)-1]
		w.work = w.work[:len(w.work)-1]
		for _, pE := range b.Preds {
			p := pE.Block()
			w.liveOut(p)
		}
	}
}

// up marks b live-in and queues it so its predecessors become live-out.
func (w *liveWalk) up(b *Block) {
	if b == w.def || w.inMark[b.ID] == w.stamp {
		return
	}
	w.inMark[b.ID] = w.stamp
	w.inPairs = append(w.inPairs, keyedValue{int32(b.ID), w.v})
	w.work = append(w.work, b)
}

func (w *liveWalk) liveOut(p *Block) {
	if w.outMark[p.ID] != w.stamp {
		w.outMark[p.ID] = w.stamp
		w.outPairs = append(w.outPairs, keyedValue{int32(p.ID), w.v})
		w.up(p)
	}
}

// groupByKey sorts pairs into rows by key, counting, which keeps their
// order within each row.
func groupByKey(nkeys int, pairs []keyedValue) blockValues {
	g := blockValues{start: make([]int32, nkeys+1), vals: make([]*Value, len(pairs))}
	for _, p := range pairs {
		g.start[p.key+1]++
	}
	for i := 1; i <= nkeys; i++ {
		g.start[i] += g.start[i-1]
	}
	fill := append([]int32(nil), g.start[:nkeys]...)
	for _, p := range pairs {
		g.vals[fill[p.key]] = p.v
		fill[p.key]++
	}
	return g
}

// In returns the values live on entry to b, sorted by ID. The caller must
// not modify the slice.
func (l *Liveness) In(b *Block) []*Value { return l.in.of(b) }

// Out returns the values live on exit from b, sorted by ID. The caller must
// not modify the slice.
func (l *Liveness) Out(b *Block) []*Value { return l.out.of(b) }

func (g blockValues) of(b *Block) []*Value {
	if b.ID+1 >= len(g.start) {
		return nil
	}
	return g.vals[g.start[b.ID]:g.start[b.ID+1]:g.start[b.ID+1]]
}

// SlotLiveness finds where one stack slot's contents are live on entry: the
// blocks from which some path reaches a load of the slot before any store to
// it. Pruned SSA construction (mem2reg) places a slot's φs only there. It is
// queried once per slot and reuses its marks, so a query costs the blocks it
// marks, not the size of the function. The walks read the predecessors
// from compressed rows of block IDs, made once per CFG (a deep loop nest
// makes its counters live through every loop inside, hundreds of
// thousands of steps, which through the blocks' edge lists are cache
// misses).
type SlotLiveness struct {
	epoch     int32
	store, in []int32 // by Block.ID: epoch stamps
	work      []int32
	live      []*Block

	f                *Func
	cfgEpoch         uint64   // the CFG the rows were made for
	predStart, preds []int32  // block ID b's predecessors' IDs are preds[predStart[b]:predStart[b+1]]
	byID             []*Block // by Block.ID
}

// NewSlotLiveness prepares slot liveness queries on f.
func NewSlotLiveness(f *Func) *SlotLiveness {
	s := &SlotLiveness{store: make([]int32, f.NumBlocks()), in: make([]int32, f.NumBlocks()), f: f}
	s.index()
	return s
}

// index reads f's predecessors into the compressed rows.
func (s *SlotLiveness) index() {
	f, n := s.f, s.f.NumBlocks()
	s.cfgEpoch = f.CFGEpoch()
	s.predStart, s.byID = make([]int32, n+1), make([]*Block, n)
	for _, b := range f.Blocks {
		s.predStart[b.ID+1] = int32(len(b.Preds))
		s.byID[b.ID] = b
	}
	for i := range n {
		s.predStart[i+1] += s.predStart[i]
	}
	s.preds = make([]int32, s.predStart[n])
	for _, b := range f.Blocks {
		for i, pE := range b.Preds {
			s.preds[int(s.predStart[b.ID])+i] = int32(pE.Block().ID)
		}
	}
}

// LiveIn computes the live-in blocks of one slot, given the blocks where a
// load of it comes before any store (loadFirst) and the blocks that store to
// it (stores). It returns them in discovery order; the slice and IsLiveIn are
// valid until the next call.
func (s *SlotLiveness) LiveIn(loadFirst, stores []*Block) []*Block {
	if s.f.CFGEpoch() != s.cfgEpoch {
		s.index()
	}
	s.epoch++
	for _, b := range stores {
		s.store[b.ID] = s.epoch
	}
	s.live, s.work = s.live[:0], s.work[:0]
	for _, b := range loadFirst {
		if s.in[b.ID] != s.epoch {
			s.in[b.ID] = s.epoch
			s.live = append(s.live, b)
			s.work = append(s.work, int32(b.ID))
		}
	}
	for len(s.work) > 0 {
		b := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		for _, p := range s.preds[s.predStart[b]:s.predStart[b+1]] {
			// A storing predecessor overwrites the slot before control
			// reaches b; it is live-in only if it loads first, in loadFirst.
			if s.store[p] != s.epoch && s.in[p] != s.epoch {
				s.in[p] = s.epoch
				s.live = append(s.live, s.byID[p])
				s.work = append(s.work, p)
			}
		}
	}
	return s.live
}

// IsLiveIn reports whether the slot of the last LiveIn query is live on
// entry to b.
func (s *SlotLiveness) IsLiveIn(b *Block) bool { return s.in[b.ID] == s.epoch }
