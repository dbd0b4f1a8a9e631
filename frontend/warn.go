package frontend

import (
	"sort"

	"toyc/middle/diag"
)

// Warnings: constructs that are valid Toy but almost always a mistake,
// found on the checked AST, each tagged with the name of the gcc-style
// flag that controls it (docs/reference.md, "Warnings"). The frontend
// reports every kind; the driver decides which are shown and whether
// -Werror makes them errors. The analyses, per function:
//
//   - unused locals and parameters: a walk over the body counting, for
//     each variable, the reads (an operand, &x, an array indexed or stored
//     into) and the assignments; `x op= e` sets x without counting as a
//     read, as in clang, since a variable only ever updated is never used;
//   - unreachable code: the completion rules of reach.go (the Java
//     Language Specification's), reporting the first statement of a block
//     after one that cannot complete normally (an unreachable return or
//     break under a flag of its own, as in clang);
//   - dead stores: a backward liveness (deadstore.go);
//   - shadowing: a walk with the block scopes, as the checker's.
//
// They require a function that checked without errors (its identifiers
// resolved, its types known); a function holding an error gets no
// warnings, so that a mistake yields its error and nothing else. Nothing
// is reported inside unreachable code but the unreachable-code warning
// itself.

// WarningKind is a warning's flag name and the group that turns it on:
// "all" (on by default, as Go's vet checks are; -Wall names it), "extra"
// (-Wextra) or "" (only by its own flag).
type WarningKind struct {
	Name, Group string
}

// WarningKinds lists every warning the frontend reports.
var WarningKinds = []WarningKind{
	{"unused-variable", "all"},
	{"unused-but-set-variable", "all"},
	{"unreachable-code", "all"},
	{"unreachable-code-return", ""},
	{"unreachable-code-break", ""},
	{"dead-store", "all"},
	{"unused-parameter", "extra"},
	{"unused-but-set-parameter", "extra"},
	{"shadow", ""},
}

// Warnings returns the warnings of every kind in prog's functions that
// have no error among errs (the diagnostics Check found in the file,
// sorted by position).
func Warnings(prog *Program, errs diag.List) diag.List {
	w := &warner{file: prog.File}
	for _, f := range prog.Funcs {
		if f.Extern || f.broken || f.Body == nil || hasErrorIn(errs, f) {
			continue
		}
		w.function(f)
	}
	return w.diags
}

// hasErrorIn reports whether an error of errs (sorted by position, as
// Check leaves them) lies within f, by binary search: a file of many
// functions and many errors costs no product of the two.
func hasErrorIn(errs diag.List, f *Func) bool {
	i := sort.Search(len(errs), func(i int) bool { return !before(errs[i].Pos, f.Pos) })
	for ; i < len(errs) && !before(f.Body.End, errs[i].Pos); i++ {
		if errs[i].Severity == diag.Error {
			return true
		}
	}
	return false
}

// before reports whether a comes before b in the file.
func before(a, b diag.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

type warner struct {
	file  string
	diags diag.List
	// dead are the unreachable spans of the function being checked, from
	// the first unreachable statement of a block to the block's end.
	dead []span
}

type span struct{ from, to diag.Pos }

func (w *warner) warn(flag string, pos diag.Pos, format string, args ...any) *diag.Diagnostic {
	w.diags.Add(w.file, pos, format, args...)
	d := &w.diags[len(w.diags)-1]
	d.Severity, d.Flag = diag.Warning, flag
	return d
}

// reachable reports whether pos lies outside every unreachable span, by
// binary search in w.dead (sorted and merged by sortSpans): a function of
// many variables and many unreachable blocks costs no product of the two.
func (w *warner) reachable(pos diag.Pos) bool {
	i := sort.Search(len(w.dead), func(i int) bool { return before(pos, w.dead[i].from) })
	return i == 0 || before(w.dead[i-1].to, pos)
}

// sortSpans sorts the unreachable spans by their start and merges those
// that overlap, so that each position lies in at most one and the ends
// increase with the starts.
func sortSpans(spans []span) []span {
	sort.Slice(spans, func(i, j int) bool { return before(spans[i].from, spans[j].from) })
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && !before(out[n-1].to, s.from) {
			if before(out[n-1].to, s.to) {
				out[n-1].to = s.to
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

func (w *warner) function(f *Func) {
	w.dead = nil
	r := &reach{broken: map[Stmt]bool{}, unreachable: func(s Stmt, b *Block) {
		// As clang does, an unreachable return or break has a flag of its
		// own, off by default: `return false;` after a `while true` loop
		// that only returns from inside is a habit from C, not a mistake.
		flag := "unreachable-code"
		switch st := s.(type) {
		case *ReturnStmt:
			flag = "unreachable-code-return"
		case *BranchStmt:
			if !st.Continue {
				flag = "unreachable-code-break"
			}
		}
		w.warn(flag, s.Position(), "code will never be executed")
		w.dead = append(w.dead, span{s.Position(), b.End})
	}}
	r.block(f.Body)
	w.dead = sortSpans(w.dead)

	u := &useCounter{uses: map[*Var]*varUse{}}
	u.block(f.Body)
	quiet := map[*Var]bool{} // reported as unused: no dead stores as well
	for _, p := range f.Params {
		use := u.uses[p]
		switch {
		case use == nil:
			w.warn("unused-parameter", namePos(p), "unused parameter '%s'", p.Name)
			quiet[p] = true
		case !use.read && !p.AddrTaken:
			w.warn("unused-but-set-parameter", namePos(p), "parameter '%s' is set but never read", p.Name)
			quiet[p] = true
		}
	}
	for _, v := range f.Locals {
		if !w.reachable(namePos(v)) {
			continue
		}
		use := u.uses[v]
		switch {
		case use == nil:
			w.warn("unused-variable", namePos(v), "variable '%s' is declared but never used", v.Name)
			quiet[v] = true
		case !use.read && !v.AddrTaken:
			w.warn("unused-but-set-variable", namePos(v), "variable '%s' is set but never read", v.Name)
			quiet[v] = true
		}
	}
	for _, st := range deadStores(f) {
		if quiet[st.v] || !w.reachable(st.pos) {
			continue
		}
		if st.init {
			w.warn("dead-store", st.pos, "value stored to '%s' in its declaration is never read", st.v.Name)
		} else {
			w.warn("dead-store", st.pos, "value stored to '%s' is never read", st.v.Name)
		}
	}
	w.shadows(f)
}

// varUse says how a variable is referred to in its function.
type varUse struct {
	read bool // as an operand, by &, or indexed
}

// useCounter records every reference to a variable; a variable that is
// only declared has no entry.
type useCounter struct {
	uses map[*Var]*varUse
}

func (u *useCounter) note(v *Var, read bool) {
	if v == nil || v.Kind == GlobalVar {
		return
	}
	use := u.uses[v]
	if use == nil {
		use = &varUse{}
		u.uses[v] = use
	}
	use.read = use.read || read
}

func (u *useCounter) block(b *Block) {
	for _, s := range b.Stmts {
		u.stmt(s)
	}
}

func (u *useCounter) stmt(s Stmt) {
	switch s := s.(type) {
	case *Block:
		u.block(s)
	case *VarStmt:
		if s.Init != nil {
			u.expr(s.Init)
		}
	case *AssignStmt:
		if id, ok := s.Target.(*Ident); ok {
			u.note(id.Var, false)
		} else {
			u.expr(s.Target)
		}
		u.expr(s.Value)
	case *ExprStmt:
		u.expr(s.Call)
	case *IfStmt:
		for _, cl := range s.Clauses {
			u.expr(cl.Cond)
			u.block(cl.Then)
		}
		if s.Else != nil {
			u.block(s.Else)
		}
	case *WhileStmt:
		u.expr(s.Cond)
		u.block(s.Body)
	case *ForStmt:
		if s.Init != nil {
			u.stmt(s.Init)
		}
		if s.Cond != nil {
			u.expr(s.Cond)
		}
		if s.Post != nil {
			u.stmt(s.Post)
		}
		u.block(s.Body)
	case *ReturnStmt:
		if s.Value != nil {
			u.expr(s.Value)
		}
	}
}

func (u *useCounter) expr(e Expr) {
	forEachRead(e, func(v *Var) { u.note(v, true) })
}

// forEachRead calls f for each variable that evaluating e reads: every
// identifier of a variable in it (under &, too: the address is a use).
func forEachRead(e Expr, f func(*Var)) {
	switch e := e.(type) {
	case *Ident:
		if e.Var != nil {
			f(e.Var)
		}
	case *Unary:
		forEachRead(e.X, f)
	case *Binary:
		forEachRead(e.X, f)
		forEachRead(e.Y, f)
	case *Index:
		forEachRead(e.X, f)
		forEachRead(e.Index, f)
	case *Call:
		forEachRead(e.Callee, f)
		for _, a := range e.Args {
			forEachRead(a, f)
		}
	case *New:
		forEachRead(e.Len, f)
	}
}

// shadows reports each local declared in an inner scope with the name of
// a local or parameter of an enclosing one (gcc's -Wshadow), with a note at
// the declaration it hides.
func (w *warner) shadows(f *Func) {
	params := rootScope()
	for _, p := range f.Params {
		params.declare(p)
	}
	sw := &shadowWalk{w: w}
	// The body's outermost block cannot reuse a parameter's name (that is
	// an error), so it is a scope of its own like any other.
	sw.block(f.Body, params)
}

type shadowWalk struct{ w *warner }

func (sw *shadowWalk) block(b *Block, outer *scope) {
	s := outer.inner()
	for _, st := range b.Stmts {
		sw.stmt(st, s)
	}
	s.close()
}

func (sw *shadowWalk) stmt(st Stmt, s *scope) {
	switch st := st.(type) {
	case *Block:
		sw.block(st, s)
	case *VarStmt:
		sw.declare(st.Var, s)
	case *IfStmt:
		for _, cl := range st.Clauses {
			sw.block(cl.Then, s)
		}
		if st.Else != nil {
			sw.block(st.Else, s)
		}
	case *WhileStmt:
		sw.block(st.Body, s)
	case *ForStmt:
		header := s.inner()
		if st.Init != nil {
			sw.stmt(st.Init, header)
		}
		sw.block(st.Body, header)
		header.close()
	}
}

func (sw *shadowWalk) declare(v *Var, s *scope) {
	if outer := s.parent.lookup(v.Name); outer != nil && sw.w.reachable(namePos(v)) {
		what := "local"
		if outer.Kind == ParamVar {
			what = "parameter"
		}
		d := sw.w.warn("shadow", namePos(v), "declaration of '%s' shadows a previous %s", v.Name, what)
		d.Note = &diag.Note{Pos: namePos(outer), Msg: "shadowed declaration is here"}
	}
	s.declare(v)
}

// namePos is where v's name is written.
func namePos(v *Var) diag.Pos {
	if v.NamePos.IsValid() {
		return v.NamePos
	}
	return v.Pos
}
