package frontend

import "toyc/middle"

// Debug descriptions of variables for toyc -g (middle/debugvars.go): a walk
// of the checked AST, as a compiler's scope tree walk, records each block
// scope (a braced block, and a for statement's own scope around its header
// variable) and each parameter and local with its type, declaration and the
// alloca the lowering gave it. It requires the function lowered (l.slots
// filled); it changes no IR.

// debugInfo records fn's variables and scopes in its IR function. It is
// cheap (a walk of the statements), and done whether or not -g is given:
// the driver asks for debugging information after the frontend, and
// mem2reg and ReplaceUses follow the variables only when it did.
func (l *lowerer) debugInfo(fn *Func) {
	d := &middle.FuncDebug{End: fn.Body.End}
	if fn.Result != nil && fn.Result.Kind != Void {
		d.Result = fn.Result.String()
	}
	// The variables are the parameters and some of the locals: their
	// descriptions and the list of them made at that size at once, not
	// one allocation per variable and a list grown by doubling.
	n := len(fn.Params) + len(fn.Locals)
	d.Vars = make([]*middle.DebugVar, 0, n)
	w := debugWalker{l: l, d: d, vars: make([]middle.DebugVar, 0, n)}
	for _, p := range fn.Params {
		w.addVar(middle.DebugVar{Name: p.Name, Type: p.Type.String(), Decl: p.Pos, Param: true, Slot: l.slots[p]})
	}
	w.stmts(fn.Body.Stmts, nil)
	l.f.Debug = d
}

type debugWalker struct {
	l    *lowerer
	d    *middle.FuncDebug
	vars []middle.DebugVar // the chunk the variables' descriptions are cut from
}

// addVar adds v to the function's variables.
func (w *debugWalker) addVar(v middle.DebugVar) {
	if len(w.vars) == cap(w.vars) { // more variables than locals: not expected
		w.vars = make([]middle.DebugVar, 0, 8)
	}
	w.vars = append(w.vars, v)
	w.d.Vars = append(w.d.Vars, &w.vars[len(w.vars)-1])
}

func (w *debugWalker) scope(parent *middle.DebugScope, b *Block) *middle.DebugScope {
	s := &middle.DebugScope{Parent: parent, Start: b.Pos, End: b.End, ID: len(w.d.Scopes) + 1}
	w.d.Scopes = append(w.d.Scopes, s)
	return s
}

func (w *debugWalker) stmts(list []Stmt, sc *middle.DebugScope) {
	for _, s := range list {
		w.stmt(s, sc)
	}
}

func (w *debugWalker) stmt(s Stmt, sc *middle.DebugScope) {
	switch s := s.(type) {
	case *Block:
		w.stmts(s.Stmts, w.scope(sc, s))
	case *VarStmt:
		v := s.Var
		if slot := w.l.slots[v]; slot != nil && v.Type != nil {
			w.addVar(middle.DebugVar{Name: v.Name, Type: v.Type.String(), Decl: v.Pos, Scope: sc, Slot: slot, Unset: s.Init == nil})
		}
	case *IfStmt:
		for _, c := range s.Clauses {
			w.stmts(c.Then.Stmts, w.scope(sc, c.Then))
		}
		if s.Else != nil {
			w.stmts(s.Else.Stmts, w.scope(sc, s.Else))
		}
	case *WhileStmt:
		w.d.Loops = append(w.d.Loops, middle.DebugLoop{Start: s.Pos, Body: s.Body.Pos, End: s.Body.End})
		w.stmts(s.Body.Stmts, w.scope(sc, s.Body))
	case *ForStmt:
		w.d.Loops = append(w.d.Loops, middle.DebugLoop{Start: s.Pos, Body: s.Body.Pos, End: s.Body.End})
		if s.Init != nil {
			// The header's variable lives in a scope of the loop's own,
			// from `for` to the body's `}`.
			fs := &middle.DebugScope{Parent: sc, Start: s.Pos, End: s.Body.End, ID: len(w.d.Scopes) + 1}
			w.d.Scopes = append(w.d.Scopes, fs)
			sc = fs
			w.stmt(s.Init, sc)
		}
		w.stmts(s.Body.Stmts, w.scope(sc, s.Body))
	}
}

// debugGlobals records the Toy type of every global.
func debugGlobals(p *Program, m *middle.Module) {
	m.GlobalTypes = make(map[string]string, len(p.Globals))
	for _, g := range p.Globals {
		if g.Type != nil {
			m.GlobalTypes[g.Name] = g.Type.String()
		}
	}
}
