package explorer

import (
	"toyc/backend"
	"toyc/middle"
)

// explained runs the passes whose decisions the page explains in their
// explaining variants (the same IR, plus a report: middle's
// Mem2RegExplained and SplitCriticalEdgesExplained) on the wanted
// functions, and keeps the reports; it is the pipeline's Instead hook.
// Only the first mem2reg is explained: mem2reg2 at -O2 promotes what
// inlining brought in, the same way.
func (c *collector) explained(p *backend.Pass, f *middle.Func) bool {
	fs := c.funcs[f.Name]
	if fs == nil {
		return false
	}
	switch p.Name {
	case "mem2reg":
		fs.page.Mem2Reg = mem2regView(middle.Mem2RegExplained(f))
	case "critical":
		fs.page.Splits = splitsView(middle.SplitCriticalEdgesExplained(f))
	default:
		return false
	}
	return true
}

func mem2regView(r *middle.PromotionReport) *Mem2Reg {
	view := &Mem2Reg{Slots: []SlotPromotion{}}
	for _, round := range r.Rounds {
		for _, s := range round.Slots {
			sp := SlotPromotion{
				Slot: s.Name, Var: s.Var, Round: s.Round, Promoted: s.Promoted, Reason: s.Reason,
				Defs: blockNames(s.Defs), IDF: blockNames(s.IDF), LiveIn: blockNames(s.LiveIn),
				Dead: blockNames(s.DeadFrontier), Phis: []PhiPlaced{}, Loads: []Renamed{}, Stores: []Renamed{},
			}
			for _, phi := range s.Phis {
				pp := PhiPlaced{Block: phi.Block.Name, Name: phi.Name, Kept: phi.Kept}
				if !phi.Kept {
					pp.ReplacedBy = phi.ReplacementName
				}
				sp.Phis = append(sp.Phis, pp)
			}
			for _, l := range s.Loads {
				sp.Loads = append(sp.Loads, Renamed{Block: l.Block.Name, Name: l.Name, Value: l.ValueName})
			}
			for _, st := range s.Stores {
				sp.Stores = append(sp.Stores, Renamed{Block: st.Block.Name, Value: st.ValueName})
			}
			view.Slots = append(view.Slots, sp)
		}
	}
	return view
}

func splitsView(edges []middle.SplitEdge) []Split {
	splits := []Split{}
	for _, e := range edges {
		s := Split{From: e.From.Name, To: e.To.Name, Folded: e.Folded, Phis: []string{}}
		if e.New != nil {
			s.New = e.New.Name
		}
		for _, phi := range e.Phis {
			s.Phis = append(s.Phis, "%"+phi.Name)
		}
		splits = append(splits, s)
	}
	return splits
}

func blockNames(bs []*middle.Block) []string {
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.Name
	}
	return names
}

// explainMachine records what the backend says of the stages the page
// explains, after the stage named pass: the IR value of each virtual
// register (isel), each edge's parallel copy (outofssa), and the live
// intervals over the numbered listing they refer to (regalloc).
func explainMachine(page *FuncPage, pass string, mf *backend.Func) {
	switch pass {
	case "isel":
		page.VRegs = mf.VRegOrigins()
	case "outofssa":
		page.Copies = []EdgeCopy{}
		for _, ec := range mf.EdgeCopyInfo() {
			page.Copies = append(page.Copies, EdgeCopy{
				From: ec.From, To: ec.To, Parallel: moves(ec.Parallel), Sequential: moves(ec.Sequential),
				Temps: append([]string{}, ec.Temps...), Constants: moves(ec.Constants),
			})
		}
	case "regalloc":
		intervals, listing, coalesced := mf.AllocationInfo()
		a := &Alloc{Listing: []NumberedInstr{}, Intervals: []Interval{}, Coalesced: append([][2]string{}, coalesced...)}
		for _, in := range listing {
			a.Listing = append(a.Listing, NumberedInstr{Pos: in.Pos, Block: in.Block, Text: in.Text, Note: in.Note})
		}
		for _, it := range intervals {
			a.Intervals = append(a.Intervals, Interval{
				Reg: it.VReg, Origin: it.Origin, Ranges: it.Ranges, Loc: it.Loc, Spilled: it.Spilled,
				Defs: it.Defs, Uses: it.Uses, SplitOf: it.SplitOf, SplitAt: it.SplitAt, TempFor: it.TempFor,
				Spills: it.SpillStores, Reloads: it.Reloads,
			})
		}
		page.Alloc = a
	}
}

func moves(ms []backend.MoveInfo) []Move {
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = Move{Dst: m.Dst, Src: m.Src}
	}
	return out
}
