package middle

import (
	"slices"

	"toyc/middle/diag"
)

// Tracking source variables through SSA, for toyc -g at -O1 and -O2, as Go's
// cmd/compile keeps f.NamedValues (ssa/debug.go) and LLVM its dbg.value
// records: mem2reg, which knows which slot each stored value and φ stands
// for, records every assignment to a variable's slot as it renames —
// Named maps the value assigned (an instruction, φ or parameter) to the
// variables it becomes, and an assignment of a constant, which has no
// instruction to carry it, is kept in Consts with its block and position.
// Passes replace values in one place, Func.ReplaceUses, which hands the
// names of a replaced value to its replacement (or, for a constant, turns
// them into Consts at the replaced value's place); a value deleted without
// replacement takes its names with it, so the variable is simply not
// described there. The backend (backend/dwarfloc.go) turns this into
// location lists after register allocation. Requires nothing; no pass
// reads it, so the code is the same with and without it.

// DebugConst is an assignment of a constant to a variable.
type DebugConst struct {
	Var   int    // index into FuncDebug.Vars
	Value *Value // the OpConst
	Block *Block // where the assignment is
	Pos   diag.Pos
	// Anchors are the instructions that followed the assignment in its
	// block (a few, and the terminator): a pass that merges the block into
	// its predecessor, or splits it (inlining a call), takes them along,
	// and the first that is still there says which block the assignment
	// is in now.
	Anchors []*Value
}

// maxAnchors is how many instructions of each kind an assignment keeps:
// the next ones, the next with side effects (calls and stores, which
// passes rarely delete), and the ones just before it.
const maxAnchors = 4

// anchors returns the anchors of an assignment at instrs[i] of block b,
// best first: instructions after it, then before it (the assignment then
// takes effect at the end of that one's block, a little early, when a
// pass split the block between them), then the terminator.
func anchors(b *Block, i int) []*Value {
	var as []*Value
	near, effects := 0, 0
	for _, w := range b.Instrs[i+1:] {
		if near == maxAnchors && effects == maxAnchors {
			break
		}
		if w.Op.IsTerminator() || promotedAccess(w) {
			continue
		}
		switch {
		case near < maxAnchors:
			near++
		case w.HasSideEffects() && effects < maxAnchors:
			effects++
		default:
			continue
		}
		as = append(as, w)
	}
	before := 0
	for k := i - 1; k >= 0 && before < maxAnchors; k-- {
		if w := b.Instrs[k]; w.Op != OpPhi && w.Op != OpAlloca && !promotedAccess(w) {
			as = append(as, w)
			before++
		}
	}
	if t := b.Term(); t != nil {
		as = append(as, t)
	}
	return as
}

// promotedAccess reports whether w loads or stores a slot directly, which
// mem2reg may be deleting: no anchor.
func promotedAccess(w *Value) bool {
	return w.Op == OpLoad && w.Args[0].Op == OpAlloca || w.Op == OpStore && w.Args[1].Op == OpAlloca
}

// tracking returns f's variable descriptions when the module asks for
// debugging information (-g), else nil: without -g the variables cost
// nothing in the passes.
func (f *Func) tracking() *FuncDebug {
	if f.Module == nil || f.Module.DebugUnit == nil {
		return nil
	}
	return f.Debug
}

// noteAssign records that mem2reg found val stored to slot by store, the
// instruction at index i of its block (store nil: val is a φ).
func (d *FuncDebug) noteAssign(slot, val, store *Value, i int) {
	if d == nil {
		return
	}
	if d.slotVar == nil {
		d.slotVar = make(map[*Value]int, len(d.Vars))
		for i, v := range d.Vars {
			if v.Slot != nil {
				d.slotVar[v.Slot] = i
			}
		}
	}
	vi, ok := d.slotVar[slot]
	if !ok {
		return // a slot that is no source variable (an inlined callee's)
	}
	switch val.Op {
	case OpUndef:
	case OpConst:
		if store != nil {
			d.Consts = append(d.Consts, DebugConst{Var: vi, Value: val, Block: store.Block, Pos: store.Pos, Anchors: anchors(store.Block, i)})
		}
	default:
		d.name(val, vi)
	}
}

// name adds variable vi to the names of v, kept sorted so that the order
// of calls does not show in the output.
func (d *FuncDebug) name(v *Value, vi int) {
	if d.Named == nil {
		d.Named = make(map[*Value][]int)
	}
	ns := d.Named[v]
	i, found := slices.BinarySearch(ns, vi)
	if !found {
		d.Named[v] = slices.Insert(ns, i, vi)
	}
}

// replaced carries the names of the values that repl replaces (see
// ReplaceUses) to their replacements.
func (d *FuncDebug) replaced(repl []*Value, resolve func(*Value) *Value) {
	if d == nil || len(d.Named) == 0 {
		return
	}
	var moved []*Value
	for v := range d.Named {
		if v.ID < len(repl) && repl[v.ID] != nil && repl[v.ID] != v {
			moved = append(moved, v)
		}
	}
	slices.SortFunc(moved, func(a, b *Value) int { return a.ID - b.ID })
	for _, v := range moved {
		w := resolve(v)
		for _, vi := range d.Named[v] {
			switch w.Op {
			case OpUndef:
			case OpConst:
				if v.Block != nil {
					d.Consts = append(d.Consts, DebugConst{Var: vi, Value: w, Block: v.Block, Pos: v.Pos, Anchors: anchors(v.Block, indexOf(v.Block.Instrs, v))})
				}
			default:
				d.name(w, vi)
			}
		}
		delete(d.Named, v)
	}
}
