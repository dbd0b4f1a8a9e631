package backend

import (
	"fmt"
	"slices"
)

// Out of SSA: each block's φs are, on every incoming edge, one parallel
// copy (all φs read their sources before any writes its destination), which
// Sequentialize orders into moves, breaking each cycle of copies with one
// fresh virtual register. The moves go at the end of the predecessor, before
// its jump, or, when the predecessor branches two ways, at the top of the
// successor, which then has that single predecessor: with no critical
// edges (middle.SplitCriticalEdges), one of the two always holds, and the
// copies run on exactly that edge (Briggs et al.'s lost-copy problem needs
// a critical edge). The copies work on virtual registers, before register
// allocation, which then treats them like any other move (and coalesces
// them through its hints when the intervals allow).
//
// Constants and addresses flowing into a φ are not locations of the copy:
// they are written after the moves, when nothing reads their destination
// any more.

// EdgeCopy is the parallel copy of one CFG edge, as planned and as
// sequentialized, for the dump and EdgeCopyInfo. Its locations are the
// virtual registers (as Reg values) of the φs and their sources at
// out-of-SSA; later stages may rename those in the code (shrink-wrapping,
// coalescing).
type EdgeCopy struct {
	From, To   *Block
	Parallel   []Move
	Sequential []Move
	Temps      []int       // the temporaries Sequentialize asked for
	Constants  []ConstMove // moves of constants and addresses after the copies, in order
}

// ConstMove is a constant or an address (Src: an immediate, or the memory
// operand whose address is taken) written into the φ register Dst on an
// edge.
type ConstMove struct {
	Dst Reg
	Src Operand
}

// OutOfSSA replaces the φ pseudo-instructions by moves.
func (f *Func) OutOfSSA() {
	for _, b := range f.Blocks {
		var phis []*Instr
		for len(b.Instrs) > len(phis) && b.Instrs[len(phis)].Op == opPhi {
			phis = append(phis, b.Instrs[len(phis)])
		}
		if len(phis) == 0 {
			continue
		}
		b.Instrs = b.Instrs[len(phis):]
		entries := make([][]int, len(phis))
		for j, phi := range phis {
			entries[j] = phiEntries(f.phiFrom[phi], b.Preds)
		}
		for k, p := range b.Preds {
			f.placeCopy(p, k, b, phis, entries)
		}
	}
	f.phiFrom = nil
	f.stage = stageOutOfSSA
}

// placeCopy sequentializes the copy of the edge p→b (p is b's predecessor
// k; entries[j][k] the operand of phis[j] for it) for the φs of b and puts
// the moves on the edge.
func (f *Func) placeCopy(p *Block, k int, b *Block, phis []*Instr, entries [][]int) {
	ec := &EdgeCopy{From: p, To: b}
	var rest []*Instr
	for j, phi := range phis {
		dst := phi.Args[0].Reg
		if entries[j][k] < 0 {
			panic(fmt.Sprintf("backend: %s: φ in %s has no entry for predecessor %s", f.Name, b.Name, p.Name))
		}
		src := phi.Args[1+entries[j][k]]
		if src.Kind == KindReg {
			ec.Parallel = append(ec.Parallel, Move{Dst: int(dst), Src: int(src.Reg)})
			continue
		}
		// No position, as the register moves have none: the move
		// belongs to the line before it, as any copy on an edge does.
		// The φ's position is where the φ is explained (its variable's
		// declaration, for the explorer), and as a .loc in the middle
		// of the body it sent gdb back to that line there (seed
		// 5503188: a parameter's φ put `func f5(...` between two
		// statements of an inlined call, which tests/debug/stops.py
		// took for a new call).
		in := materialize(&f.slab, dst, src)
		rest = append(rest, in)
		ec.Constants = append(ec.Constants, ConstMove{Dst: dst, Src: src})
	}
	ec.Sequential = Sequentialize(ec.Parallel, func() int {
		t := f.newVReg(8)
		ec.Temps = append(ec.Temps, int(t))
		return int(t)
	})
	moves := make([]*Instr, 0, len(ec.Sequential)+len(rest))
	for _, m := range ec.Sequential {
		moves = append(moves, f.slab.newInstr(opMov, 8, []Operand{regOp(Reg(m.Dst)), regOp(Reg(m.Src))}))
	}
	moves = append(moves, rest...)

	switch {
	case len(p.Succs) == 1:
		n := len(p.Instrs) - 1
		if n < 0 || p.Instrs[n].Op != opJmp || n > 0 && p.Instrs[n-1].Op == opJcc {
			panic(fmt.Sprintf("backend: %s: block %s does not end in a single jump", f.Name, p.Name))
		}
		p.Instrs = append(p.Instrs[:n], append(moves, p.Instrs[n])...)
		p.Copies = append(p.Copies, ec)
	case len(b.Preds) == 1:
		b.Instrs = append(moves, b.Instrs...)
		b.Copies = append(b.Copies, ec)
	default:
		panic(fmt.Sprintf("backend: %s: critical edge %s -> %s (middle.SplitCriticalEdges must run before instruction selection)", f.Name, p.Name, b.Name))
	}
}

// phiEntries returns, for each of preds, the index of a φ's entry for it
// (its first in from, the blocks the φ's sources flow in from), or -1. A
// join of many edges looks them up in a map, where a search per edge
// would be quadratic.
func phiEntries(from, preds []*Block) []int {
	out := make([]int, len(preds))
	var at map[*Block]int
	for k, p := range preds {
		out[k] = -1
		if len(from) <= 8 {
			if i := slices.Index(from, p); i >= 0 {
				out[k] = i
			}
			continue
		}
		if at == nil {
			at = make(map[*Block]int, len(from))
			for i := len(from) - 1; i >= 0; i-- {
				at[from[i]] = i
			}
		}
		if i, ok := at[p]; ok {
			out[k] = i
		}
	}
	return out
}
