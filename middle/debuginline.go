package middle

import (
	"math"
	"slices"

	"toyc/middle/diag"
)

// The variables of inlined calls, for toyc -g at -O1 and -O2, as LLVM's
// inliner carries a callee's dbg.value records into its caller with the
// inlinedAt of the call (InlineFunction's fixupLineInfo) and gcc its
// DECL_ABSTRACT_ORIGIN copies: when Inline copies g's body into f, g's
// variables become variables of f that belong to the new inline site
// (DebugVar.Site, Origin), and g's assignments, assignments to them in
// the copy — the copied value, in the copied block, anchored to the
// copied instructions — so that the one mechanism that follows f's own
// variables (ReplaceUses, the merges of blocks, the backend's location
// tracker) follows them too; a φ named for a variable of g is named for
// its copy. g's own inlined variables come along under the copies of
// their sites. Each assignment is taken as g's passes left it: in the
// block it is in now (BlockOf), with its anchors that are still there,
// without those that Superseded says need no place; an assignment of a
// value g deleted says the variable has no value from there on. The
// position of an inlined variable's assignment is in its callee's body
// (posIn), which the backend compares with its site's instructions.
// Requires: g's passes done (its assignments settled). Guarantees: f's
// code unchanged; nothing when f is not tracked (no -g).

// inlined copies the variables of gd, the debugging facts of a callee
// whose body c copied into d's function, under c's sites.
func (d *FuncDebug) inlined(gd *FuncDebug, c *cloner) {
	if d == nil || gd == nil || c.sites == nil || c.sites.top == 0 {
		return
	}
	settle := gd.settler(c.vals, c.blocks)
	vars := make([]int, len(gd.Vars))        // gd's index -> d's, -1: not copied
	copies := make([]DebugVar, len(gd.Vars)) // in one allocation, not one each
	d.Vars = slices.Grow(d.Vars, len(gd.Vars))
	for i, v := range gd.Vars {
		site, origin := c.sites.top, i
		if v.Site != 0 {
			site, origin = c.sites.site(v.Site), v.Origin
		}
		if site == 0 { // f's inline tree is full
			vars[i] = -1
			continue
		}
		nv := &copies[i]
		*nv = DebugVar{Name: v.Name, Type: v.Type, Decl: v.Decl, Param: v.Param, Unset: v.Unset, Site: site, Origin: origin}
		if v.Slot != nil && settle.live(v.Slot) {
			nv.Slot = c.vals[v.Slot.ID]
		}
		vars[i] = len(d.Vars)
		d.Vars = append(d.Vars, nv)
	}
	d.slotVar = nil // made again with the copied slots
	d.addLoops(gd.Loops)
	for i := range settle.assigns {
		a := &settle.assigns[i]
		vi := vars[a.Var]
		b, ok := settle.place(a)
		if vi < 0 || !ok {
			continue
		}
		n := DebugAssign{Var: vi, Pos: a.Pos, Phi: a.Phi, Dead: a.Dead, AnchoredOnly: a.AnchoredOnly}
		switch v := a.Value; {
		case settle.live(v):
			n.Value = c.vals[v.ID]
		case v.Op == OpConst, v.Op == OpGlobal:
			n.Value = detached(v)
		default: // deleted from g: no value from here on
			n.Value, n.Dead = detached(&Value{Op: OpUndef, Type: v.Type}), true
		}
		if b != nil {
			n.Block = c.blocks[b.ID]
		}
		// The copies of the anchors still there, into d's chunks of
		// anchors (anchorRoom), not an allocation per assignment.
		as := d.anchorRoom(len(a.Anchors))
		start := len(as)
		for _, w := range a.Anchors {
			if settle.live(w) {
				as = append(as, c.vals[w.ID])
			}
		}
		if len(as) > start {
			n.Anchors = d.keep(as, start)
		}
		d.Assigns = append(d.Assigns, n)
	}
	for v, names := range gd.Named {
		if !settle.live(v) {
			continue
		}
		for _, vi := range names {
			if vars[vi] >= 0 {
				d.name(c.vals[v.ID], vars[vi])
			}
		}
	}
}

// assignSettler says how a copy of a function's body is to take each of
// its assignments (FuncDebug.settler): in the block it is in now, with
// only the anchors still there (live), without those a bypassed block's φ
// supersedes (Superseded, here without its cache: a callee's facts may be
// read by callers compiling at once). Asked of each assignment in turn by
// the one that copies them, rather than making a settled list of them
// for it to copy again.
type assignSettler struct {
	gd      *FuncDebug
	assigns []DebugAssign // gd's, as when asked (inlining appends to the caller's)
	// vals and blocks say what is still in the function: by ID, the
	// values and blocks that have a non-nil entry (in a table, not a
	// function, as the test is made for every anchor).
	vals   []*Value
	blocks []*Block
	phisAt map[*Block][]int // the φ assignments by block, when a block was bypassed
}

// settler returns the assignSettler of gd's assignments for a copy of
// its function that keeps the values and blocks with a non-nil entry in
// vals and blocks (by ID).
func (gd *FuncDebug) settler(vals []*Value, blocks []*Block) assignSettler {
	s := assignSettler{gd: gd, assigns: gd.Assigns, vals: vals, blocks: blocks}
	if len(gd.skipped) > 0 {
		s.phisAt = make(map[*Block][]int)
		for i, o := range s.assigns {
			if o.Phi && o.Value.Op == OpPhi && o.Value.Block == o.Block {
				s.phisAt[o.Block] = append(s.phisAt[o.Block], i)
			}
		}
	}
	return s
}

// live reports whether the copy holds v.
func (s *assignSettler) live(v *Value) bool { return v.ID < len(s.vals) && s.vals[v.ID] != nil }

// place returns the block the assignment a is in now (nil: gone from the
// copy), and false when the copy is not to take a (superseded).
func (s *assignSettler) place(a *DebugAssign) (*Block, bool) {
	if len(s.gd.skipped) > 0 && s.superseded(a) {
		return nil, false
	}
	b := s.gd.BlockOf(a)
	if b != nil && (b.ID >= len(s.blocks) || s.blocks[b.ID] == nil) {
		b = nil
	}
	return b, true
}

func (s *assignSettler) superseded(a *DebugAssign) bool {
	t := s.gd.skipped.of(s.gd.BlockOf(a))
	if t == nil {
		return false
	}
	for _, i := range s.phisAt[t] {
		if o := &s.assigns[i]; o.Var == a.Var && s.live(o.Value) {
			return true
		}
	}
	return false
}

// taken is the number of assignments the copy takes (place).
func (s *assignSettler) taken() int {
	if len(s.gd.skipped) == 0 {
		return len(s.assigns)
	}
	n := 0
	for i := range s.assigns {
		if _, ok := s.place(&s.assigns[i]); ok {
			n++
		}
	}
	return n
}

// posIn is the position of v in the body of the callee of f's inline site
// site (f's own body for 0): its own position when it came from that
// body, the position of the call inlined there that it came from when it
// came from a callee of that body, and outerPos when it is not the
// site's code.
func (f *Func) posIn(v *Value, site uint16) diag.Pos {
	switch {
	case site == 0:
		return outerPos(v)
	case v.Inlined == site:
		return v.Pos
	}
	for k := v.Inlined; k != 0 && int(k) < len(f.Inlines); k = f.Inlines[k].Parent {
		if f.Inlines[k].Parent == site {
			return f.Inlines[k].Call
		}
	}
	return outerPos(v)
}

// varPos is the position of an assignment to variable vi at the
// instruction v: own, the position the function's own variables take
// there, for one of them; for an inlined variable, v's position in its
// callee's body.
func (d *FuncDebug) varPos(vi int, v *Value, own diag.Pos) diag.Pos {
	site := d.Vars[vi].Site
	if site == 0 || v.Block == nil || v.Block.Func == nil {
		return own
	}
	return v.Block.Func.posIn(v, site)
}

// detachedID is the ID of a value only the debugging facts hold, out of
// the range of every table indexed by Value.ID, which then takes it for a
// value not in the function.
const detachedID = math.MaxInt32

// detached is a copy of the operand v (a constant, a global's address,
// undef) that the function does not hold: an assignment of a constant
// the copied code has no use of needs one, and making it an operand of
// the function (Func.Const) would number the values after it otherwise
// than without -g.
func detached(v *Value) *Value {
	return &Value{ID: detachedID, Op: v.Op, Type: v.Type, Const: v.Const, Sym: v.Sym}
}

// debugFacts is g's debugging facts, read from its frozen copy the first
// time they are asked for when g is a thawed body.
func (g *Func) debugFacts() *FuncDebug {
	if g.Debug == nil && g.thawDebug != nil {
		g.Debug, g.thawDebug = g.thawDebug(), nil
	}
	return g.Debug
}

// addLoops adds the loops of an inlined callee that d does not have yet
// (a callee inlined many times brings the same ones).
func (d *FuncDebug) addLoops(loops []DebugLoop) {
	if len(loops) == 0 {
		return
	}
	if d.loopSeen == nil {
		d.loopSeen = make(map[diag.Pos]bool, len(d.Loops)+len(loops))
		for _, l := range d.Loops {
			d.loopSeen[l.Start] = true
		}
	}
	for _, l := range loops {
		if !d.loopSeen[l.Start] {
			d.loopSeen[l.Start] = true
			d.Loops = append(d.Loops, l)
		}
	}
}
