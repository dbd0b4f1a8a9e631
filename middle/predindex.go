package middle

import "slices"

// predIndex is where each predecessor of one block sits in its Preds and
// in the entries of each of its φs, for the rewrites that retarget edges
// into a block of thousands of predecessors (the merge after a long
// else-if chain): with it, finding, renaming, removing and adding a
// predecessor costs O(1) instead of a scan. Removal moves the last element
// into the hole, so the order of Preds and of the entries changes;
// SimplifyCFG puts both back in canonical order at its end (ComputePreds,
// orderPhiEntries). A nil *predIndex, for a block with few predecessors,
// does the same by scanning.
type predIndex struct {
	pred map[*Block]int32   // position in Preds
	phi  []map[*Block]int32 // by the φ's place among the block's φs: position in its entries
}

// indexedPreds is how many predecessors make a block worth an index.
const indexedPreds = 16

// indexPreds returns an index of b, whose φs are phis, or nil when b has
// few predecessors. b's φs have one entry per predecessor.
func indexPreds(b *Block, phis []*Value) *predIndex {
	if len(b.Preds) < indexedPreds {
		return nil
	}
	ix := &predIndex{pred: make(map[*Block]int32, len(b.Preds)), phi: make([]map[*Block]int32, len(phis))}
	for i, p := range b.Preds {
		ix.pred[p] = int32(i)
	}
	for k, phi := range phis {
		pos := make(map[*Block]int32, len(phi.Incoming))
		for j, p := range phi.Incoming {
			pos[p] = int32(j)
		}
		ix.phi[k] = pos
	}
	return ix
}

// indexOf returns b's index for SimplifyCFG, made on first need and kept
// for the sweep.
func (s *cfgSimplifier) indexOf(b *Block, phis []*Value) *predIndex {
	if ix := s.index[b]; ix != nil {
		return ix
	}
	ix := indexPreds(b, phis)
	if ix != nil {
		s.index[b] = ix
	}
	return ix
}

// rename makes phi's entry for the edge from old name new instead, and
// reports whether phi had one.
func (ix *predIndex) rename(phi *Value, k int, old, new *Block) bool {
	if ix == nil {
		found := false
		for j, in := range phi.Incoming {
			if in == old {
				phi.Incoming[j] = new
				found = true
			}
		}
		return found
	}
	pos := ix.phi[k]
	j, ok := pos[old]
	if ok {
		phi.Incoming[j] = new
		delete(pos, old)
		pos[new] = j
	}
	return ok
}

// entry is the value of phi (the k-th φ of the block) for the edge from p.
func (ix *predIndex) entry(phi *Value, k int, p *Block) *Value {
	if ix == nil {
		return phi.IncomingFor(p)
	}
	return phi.Args[ix.phi[k][p]]
}

// removeEntry drops phi's entry for p.
func (ix *predIndex) removeEntry(phi *Value, k int, p *Block) {
	if ix == nil {
		phi.RemoveIncoming(p)
		return
	}
	pos := ix.phi[k]
	j, last := pos[p], int32(len(phi.Incoming)-1)
	moved := phi.Incoming[last]
	phi.Args[j], phi.Incoming[j] = phi.Args[last], moved
	pos[moved] = j
	phi.Args, phi.Incoming = phi.Args[:last], phi.Incoming[:last]
	delete(pos, p)
}

// addEntry gives phi the entry v for the edge from p.
func (ix *predIndex) addEntry(phi *Value, k int, v *Value, p *Block) {
	phi.AddIncoming(v, p)
	if ix != nil {
		ix.phi[k][p] = int32(len(phi.Incoming) - 1)
	}
}

// removePred drops p from b's Preds.
func (ix *predIndex) removePred(b, p *Block) {
	if ix == nil {
		b.Preds = slices.DeleteFunc(b.Preds, func(q *Block) bool { return q == p })
		return
	}
	j, last := ix.pred[p], int32(len(b.Preds)-1)
	moved := b.Preds[last]
	b.Preds[j] = moved
	ix.pred[moved] = j
	b.Preds = b.Preds[:last]
	delete(ix.pred, p)
}

// addPred appends p to b's Preds.
func (ix *predIndex) addPred(b, p *Block) {
	b.Preds = append(b.Preds, p)
	if ix != nil {
		ix.pred[p] = int32(len(b.Preds) - 1)
	}
}
