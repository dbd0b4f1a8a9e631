package middle

import "slices"

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
// natural loop's header has a preheader; φ entries follow Preds, which is
// current; dominator trees and loop nests computed earlier are stale. Cost:
// linear in the function plus the header φs rewritten.
func InsertPreheaders(f *Func) {
	if f.IsDecl() {
		return
	}
	RemoveUnreachable(f)
	dom := ComputeDom(f)
	nest := ComputeLoops(dom)
	preheaderOf := make([]*Block, f.NumBlocks()) // by the header's Block.ID
	fromOutside := make([]bool, f.NumBlocks())
	for _, l := range nest.Loops {
		h := l.Header
		var outside []*Block
		for _, p := range h.Preds {
			if !dom.Dominates(h, p) {
				outside = append(outside, p)
			}
		}
		if len(outside) == 1 && outside[0].Term().Op == OpBr {
			continue
		}
		preheaderOf[h.ID] = splitHeader(f, h, outside, fromOutside)
	}
	placeBeforeHeaders(f, preheaderOf)
	f.ComputePreds()
	predPos := make([]int, f.NumBlocks())
	for _, h := range f.Blocks {
		if h.ID < len(preheaderOf) && preheaderOf[h.ID] != nil {
			orderPhiEntries(h, predPos)
			orderPhiEntries(preheaderOf[h.ID], predPos)
		}
	}
}

// splitHeader makes a new block through which the outside predecessors of
// the loop header h reach it, and moves their φ entries there. fromOutside
// is scratch space by Block.ID, false on entry and on return.
func splitHeader(f *Func, h *Block, outside []*Block, fromOutside []bool) *Block {
	pre := f.NewBlock(h.Name + ".preheader")
	for _, p := range outside {
		p.ReplaceSucc(h, pre)
		fromOutside[p.ID] = true
	}
	var args []*Value
	var from []*Block
	for _, phi := range h.Phis() {
		args, from = args[:0], from[:0]
		n := 0
		for i, p := range phi.Incoming {
			if fromOutside[p.ID] {
				args, from = append(args, phi.Args[i]), append(from, p)
			} else {
				phi.Args[n], phi.Incoming[n] = phi.Args[i], p
				n++
			}
		}
		phi.Args, phi.Incoming = phi.Args[:n], phi.Incoming[:n]
		entering := args[0]
		if !allSame(args) {
			in := f.NewValue(OpPhi, phi.Type, phi.Name)
			in.Pos = phi.Pos
			in.Args, in.Incoming = slices.Clone(args), slices.Clone(from)
			pre.Append(in)
			entering = in
		}
		phi.AddIncoming(entering, pre)
	}
	for _, p := range outside {
		fromOutside[p.ID] = false
	}
	jump := f.NewValue(OpBr, Void, "")
	jump.Targets = []*Block{h}
	jump.Pos = h.Instrs[0].Pos
	pre.Append(jump)
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
