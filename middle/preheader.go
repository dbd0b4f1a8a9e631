package middle

// InsertPreheaders gives every natural loop a preheader: a block outside the
// loop that is the only predecessor of the header other than the loop's
// latches, and that jumps to the header alone. Code hoisted out of the loop
// goes there, where it runs once each time the loop is entered, as in LLVM's
// LoopSimplify ("loop-simplify form") and the loop normalization of
// Muchnick's "Advanced Compiler Design and Implementation", 14.1.
//
// When the header already has such a predecessor nothing changes. Otherwise
// a new block named after the header (%for.cond.preheader) takes over the
// edges from outside the loop, and each header φ is split: its entries from
// outside move to a new φ in the preheader (or, when they all carry the
// same value, that value flows in directly), and the header φ receives it
// in one entry from the preheader. The preheader is placed just before its
// header in the block list, so dumps read in order.
//
// Irreducible cycles have no header and form no natural loop (ComputeLoops):
// they are left alone.
//
// Requires: SSA form. Guarantees: unreachable blocks are removed; every
// natural loop's header has a preheader; dominator trees and loop nests
// computed earlier are stale. Cost:
// linear in the function plus the header φs rewritten.
func InsertPreheaders(f *Func) {
	if f.IsDecl() {
		return
	}
	RemoveUnreachable(f)
	dom := f.Dom()
	nest := f.Loops()
	preheaderOf := make([]*Block, f.NumBlocks()) // by the header's Block.ID
	var outside []Edge
	for _, l := range nest.Loops {
		outside = insertPreheader(f, dom, l, outside, preheaderOf)
	}
	placeBeforeHeaders(f, preheaderOf)
}

// insertPreheader gives l a preheader if it has none, recording it in
// preheaderOf for placeBeforeHeaders; outside is scratch space, returned
// for reuse. dom stays valid for the other loops' headers: the new block
// only comes between the header and its entries from outside.
func insertPreheader(f *Func, dom *DomTree, l *Loop, outside []Edge, preheaderOf []*Block) []Edge {
	h := l.Header
	outside = outside[:0]
	for _, e := range h.Preds {
		if !dom.Dominates(h, e.b) {
			outside = append(outside, e)
		}
	}
	if len(outside) == 1 && outside[0].b.Term().Op == OpBr {
		return outside
	}
	preheaderOf[h.ID] = splitHeader(f, h, outside)
	return outside
}

// splitHeader makes a new block through which the edges into the loop
// header h from outside the loop (its predecessor entries outside) reach
// it, and moves their φ arguments there. The new block's edge takes the
// first outside edge's place among h's predecessors.
func splitHeader(f *Func, h *Block, outside []Edge) *Block {
	pre := f.NewBlock(h.Name + ".preheader")
	phis := h.Phis()
	args := make([][]*Value, len(phis)) // by φ: its arguments for the outside edges, in order
	for k, phi := range phis {
		for _, e := range outside {
			args[k] = append(args[k], phi.Args[e.b.Succs[e.i].i])
		}
	}
	first := outside[0]
	first.b.SplitEdge(first.i, pre)
	for _, e := range outside[1:] {
		e.b.RedirectSucc(e.i, pre)
	}
	jump := pre.Term()
	jump.SetOrigin(h.Instrs[0])
	at := pre.Succs[0].i // pre's place in h's predecessors
	for k := len(phis) - 1; k >= 0; k-- {
		phi := phis[k]
		entering := args[k][0]
		if !allSame(args[k]) {
			in := f.NewValue(OpPhi, phi.Type, phi.Name)
			in.SetOrigin(phi)
			in.Args = args[k]
			pre.InsertPhi(in)
			entering = in
		}
		phi.Args[at] = entering
	}
	return pre
}

// allSame reports whether vs is one value repeated.
func allSame(vs []*Value) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return false
		}
	}
	return true
}

// placeBeforeHeaders moves each new preheader, made at the end of the
// block list, to just before its header, in one pass over the list.
func placeBeforeHeaders(f *Func, preheaderOf []*Block) {
	isNew := make([]bool, f.NumBlocks())
	for _, pre := range preheaderOf {
		if pre != nil {
			isNew[pre.ID] = true
		}
	}
	blocks := make([]*Block, 0, len(f.Blocks))
	for _, b := range f.Blocks {
		if isNew[b.ID] {
			continue
		}
		if b.ID < len(preheaderOf) && preheaderOf[b.ID] != nil {
			blocks = append(blocks, preheaderOf[b.ID])
		}
		blocks = append(blocks, b)
	}
	f.Blocks = blocks
}
