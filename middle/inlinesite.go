package middle

import "toyc/middle/diag"

// InlineSite records one inlined call, so that a runtime error's trace can
// still name the functions whose calls the inliner removed (as DWARF's
// DW_TAG_inlined_subroutine and LLVM's DILocation inlinedAt do): an
// instruction v of function f whose v.Inlined is k came from the body of
// f.Inlines[k].Callee, copied there in place of a call at position
// f.Inlines[k].Call; that call belonged to the body of
// f.Inlines[Parent].Callee when Parent is not 0, and to f's own body when
// it is. So the chain from v.Inlined to 0 lists the logical frames that v
// runs in, innermost first, all in one physical frame of f.
//
// The tree is kept in f's own numbering, and a copy of g's body into f
// (Inline, InlineSelf) renumbers g's sites under the new one. Passes that
// copy an instruction within a function keep its index (the cloner does);
// a pass that builds a new instruction in place of an old one leaves it 0,
// which only shortens a trace. A function holds at most maxInlineSites
// sites; calls inlined beyond that are not recorded.
type InlineSite struct {
	Callee string   // the function whose body the instructions come from
	Call   diag.Pos // the position of the call that was inlined
	Parent uint16   // the site of the call's own instruction; 0: f's body
}

const maxInlineSites = 1<<16 - 1

// addInlineSite adds s to f's tree and returns its index, or 0 when the
// tree is full.
func (f *Func) addInlineSite(s InlineSite) uint16 {
	if len(f.Inlines) == 0 {
		f.Inlines = append(f.Inlines, InlineSite{}) // index 0: f itself
	}
	if len(f.Inlines) >= maxInlineSites {
		return 0
	}
	f.Inlines = append(f.Inlines, s)
	return uint16(len(f.Inlines) - 1)
}

// inlineSites maps the inline sites of a callee g, whose body is being
// copied into f in place of the call call, to sites of f: g's own body
// becomes a new site for the call, under the call's own site, and each of
// g's sites a copy under it.
type inlineSites struct {
	f, g   *Func
	top    uint16   // the site of the copied call; 0 when f's tree is full
	mapped []uint16 // g's site index -> f's, 0 when not yet made
}

func newInlineSites(f, g *Func, call *Value) *inlineSites {
	m := &inlineSites{f: f, g: g, mapped: make([]uint16, len(g.Inlines))}
	m.top = f.addInlineSite(InlineSite{Callee: g.Name, Call: call.Pos, Parent: call.Inlined})
	return m
}

// site returns f's index for g's site k.
func (m *inlineSites) site(k uint16) uint16 {
	if k == 0 || m.top == 0 {
		return m.top
	}
	if m.mapped[k] == 0 {
		s := m.g.Inlines[k]
		s.Parent = m.site(s.Parent)
		m.mapped[k] = m.f.addInlineSite(s)
	}
	return m.mapped[k]
}

// InlineChain returns the logical frames an instruction with inline site
// k runs in within f, innermost first: the sites from k up to f's body.
func (f *Func) InlineChain(k uint16) []InlineSite {
	var chain []InlineSite
	for k != 0 && int(k) < len(f.Inlines) {
		chain = append(chain, f.Inlines[k])
		k = f.Inlines[k].Parent
	}
	return chain
}
