package middle

import "slices"

// A load in a join whose location every predecessor ends knowing — each
// stored or loaded it, or knows it from above, with nothing since that may
// write it — reads, on each way in, the value that predecessor knows: it
// becomes a φ of those values (one value when they are all the same). This
// is LLVM GVN's non-local load elimination (GVN::processNonLocalLoad, the
// fully available case: the values of the predecessors combined by
// SSAUpdater), without its partial redundancy elimination: no load is
// inserted on a way that does not know the value. bounce's clamp
//
//	if bx[b] > limit { bx[b] = limit; ... }
//	if bx[b] < 0 { ... }
//
// tests φ(the sum stored above, limit) instead of reloading bx[b].
//
// MemOpt's walk of the dominator tree visits the children of a block in
// reverse postorder, so a join's predecessors, but for the latches of a loop
// it heads, are walked before it: at the end of each, what the walk knows is
// what that predecessor ends knowing, and is recorded for the joins it jumps
// to. A join takes a φ only when every predecessor recorded a value (a
// header's latches, walked later, never have). The address must be defined
// above the join, so that it is the same location on every way in. A join
// considers its first memPhiLoads loads, so the records cost a bounded
// number of table look-ups per edge: linear in the function.

// memPhiLoads bounds the loads of one join that may become φs.
const memPhiLoads = 8

// memPhiSite is a load of a join that may become a φ.
type memPhiSite struct {
	load  *Value
	vals  []*Value // by predecessor edge: the value it ends knowing, or nil
	since memStamp // the write clock on entering the join, when ready
	ready bool     // every predecessor recorded a value
}

// findPhiSites returns, by block ID, the loads of each join that may
// become φs.
func findPhiSites(f *Func) [][]memPhiSite {
	var sites [][]memPhiSite
	for _, b := range f.Blocks {
		if len(b.Preds) < 2 {
			continue
		}
		var bs []memPhiSite
		for _, v := range b.Instrs {
			if len(bs) == memPhiLoads {
				break
			}
			if v.Op == OpLoad && !v.Invariant && v.Args[0].Block != b {
				bs = append(bs, memPhiSite{load: v, vals: make([]*Value, len(b.Preds))})
			}
		}
		if bs == nil {
			continue
		}
		if sites == nil {
			sites = make([][]memPhiSite, f.NumBlocks())
		}
		sites[b.ID] = bs
	}
	return sites
}

// recordSuccessors records, at the end of b, the value each load of b's
// successors' sites would read along the edge from b.
func (m *memOpt) recordSuccessors(b *Block) {
	if m.sites == nil {
		return
	}
	for _, e := range b.Succs {
		for i := range m.sites[e.Block().ID] {
			s := &m.sites[e.Block().ID][i]
			loc, o, k := m.location(s.load.Args[0], s.load.Type)
			if a, ok := m.avail[loc]; ok && m.writes.untouched(a.since, o, k) {
				s.vals[e.Index()] = a.val
			}
		}
	}
}

// enterPhiSites readies the sites of the join b, just entered, whose every
// predecessor recorded a value.
func (m *memOpt) enterPhiSites(b *Block) {
	if m.sites == nil {
		return
	}
	for i := range m.sites[b.ID] {
		s := &m.sites[b.ID][i]
		s.ready = !slices.Contains(s.vals, nil)
		if s.ready {
			s.since = m.writes.stamp(m.object(s.load.Args[0]))
		}
	}
}

// phiLoad returns the value the load v of a join reads, a φ of what its
// predecessors know, or nil when v is not a ready site or something in the
// join before it may have written its location.
func (m *memOpt) phiLoad(v *Value, o memObject, k memKind) *Value {
	if m.sites == nil {
		return nil
	}
	for i := range m.sites[v.Block.ID] {
		s := &m.sites[v.Block.ID][i]
		if s.load != v {
			continue
		}
		if !s.ready || !m.writes.untouched(s.since, o, k) {
			return nil
		}
		if allSame(s.vals) {
			return s.vals[0]
		}
		phi := m.f.NewValue(OpPhi, v.Type, v.Name)
		phi.SetOrigin(v)
		phi.Args = append([]*Value(nil), s.vals...)
		m.phis = append(m.phis, phi)
		m.phiBlocks = append(m.phiBlocks, v.Block)
		return phi
	}
	return nil
}

// insertPhis puts the φs phiLoad made into their joins, after the walk
// that read the joins' instructions.
func (m *memOpt) insertPhis() {
	for i := len(m.phis) - 1; i >= 0; i-- {
		m.phiBlocks[i].InsertPhi(m.phis[i])
	}
}
