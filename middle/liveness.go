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
		defs := valueTables.Take(f.NumValues())
		defer valueTables.Give(defs)
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
		giveUseLists(useStart, users)
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
// LoopLiveness on the blocks and their loop nest, made once per CFG and
// reused for every slot: in a deep loop nest each counter is live
// through every loop inside its own, which a walk over the blocks would
// visit for each counter, depth² steps in all.
type SlotLiveness struct {
	f        *Func
	cfgEpoch uint64 // the CFG w was made for
	w        *LoopLiveness
	loops    *LoopForest
	byID     []*Block // by Block.ID
	ids      []int32  // scratch
}

// NewSlotLiveness prepares slot liveness queries on f.
func NewSlotLiveness(f *Func) *SlotLiveness {
	s := &SlotLiveness{f: f}
	s.index()
	return s
}

// index makes the walk's rows of f's blocks' predecessors, by ID.
func (s *SlotLiveness) index() {
	f := s.f
	s.cfgEpoch = f.CFGEpoch()
	s.byID = make([]*Block, f.NumBlocks())
	for _, b := range f.Blocks {
		s.byID[b.ID] = b
	}
	preds := NewGraph(len(s.byID), func(i int, add func(int)) {
		if b := s.byID[i]; b != nil {
			for _, e := range b.Preds {
				add(e.Block().ID)
			}
		}
	})
	s.loops = f.Loops().forest
	s.w = NewLoopLiveness(preds, s.loops)
}

// Slot finds where one slot is live, given the blocks where a load of it
// comes before any store (loadFirst) and the blocks that store to it
// (stores); IsLiveIn then answers.
func (s *SlotLiveness) Slot(loadFirst, stores []*Block) {
	if s.f.CFGEpoch() != s.cfgEpoch {
		s.index()
	}
	s.ids = s.ids[:0]
	for _, b := range stores {
		s.ids = append(s.ids, int32(b.ID))
	}
	n := len(s.ids)
	for _, b := range loadFirst {
		s.ids = append(s.ids, int32(b.ID))
	}
	s.w.Explore(s.ids[n:], s.ids[:n])
}

// LiveIn is Slot, returning every block where the slot is live on entry,
// in no particular order.
func (s *SlotLiveness) LiveIn(loadFirst, stores []*Block) []*Block {
	s.Slot(loadFirst, stores)
	var live []*Block
	for _, id := range s.w.In() {
		live = append(live, s.byID[id])
	}
	for _, l := range s.w.Loops() {
		s.loops.Nodes(l, func(id int32) { live = append(live, s.byID[id]) })
	}
	return live
}

// IsLiveIn reports whether the slot of the last Slot or LiveIn is live on
// entry to b.
func (s *SlotLiveness) IsLiveIn(b *Block) bool { return s.w.LiveIn(int32(b.ID)) }
