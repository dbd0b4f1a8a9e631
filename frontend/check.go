package frontend

import (
	"toyc/middle/diag"
)

// The checker resolves names and checks types (docs/reference.md §2–§11), walking
// the AST once and annotating it in place; then, per function, definite
// assignment (assign.go) and completion (reach.go) run on the annotated
// tree. Every error is recorded and checking goes on; an expression whose
// type cannot be determined gets InvalidType, which is compatible with
// everything, so one mistake yields one diagnostic.

type checker struct {
	file  string
	diags diag.List
	top   map[string]any // *Func or *Var (global)
	fn    *Func          // the function being checked
	scope *scope
	loops []Stmt // enclosing loops, innermost last
	// for suggestions: how many were made, and the top-level names
	suggestions            int
	globalNames, funcNames []string
}

func newChecker(file string) *checker {
	return &checker{file: file, top: map[string]any{}}
}

func (c *checker) errorf(pos diag.Pos, format string, args ...any) {
	c.diags.Add(c.file, pos, format, args...)
}

func (c *checker) program(d *convertedDecls) *Program {
	prog := c.declarations(d)
	for _, f := range d.funcs {
		if !f.Extern && !f.broken {
			c.body(f)
		}
	}
	return prog
}

// declarations checks what the bodies rely on: the top-level names, the
// globals and the functions' signatures.
func (c *checker) declarations(d *convertedDecls) *Program {
	prog := &Program{File: c.file, Globals: d.globals, Funcs: d.funcs}
	for _, f := range d.funcs {
		f.paramTypes = paramTypesOf(f)
	}
	for _, decl := range d.order {
		c.declareTop(decl)
	}
	for _, g := range d.globals {
		c.global(g)
	}
	for _, f := range d.funcs {
		if f.broken {
			continue
		}
		c.signature(f)
		if f.Name == "main" && !f.Extern {
			prog.Main = f
		}
	}
	return prog
}

// paramTypesOf returns f's parameters' types: those recorded when the
// declarations were checked, which outlive Params.
func paramTypesOf(f *Func) []*Type {
	if f.paramTypes != nil {
		return f.paramTypes
	}
	types := make([]*Type, len(f.Params)) // not nil, even when empty
	for i, p := range f.Params {
		types[i] = p.Type
	}
	return types
}

// declareTop enters a function, extern or global into the one top-level
// namespace.
func (c *checker) declareTop(decl any) {
	var name string
	var pos diag.Pos
	isFunc, isExtern := false, false
	switch d := decl.(type) {
	case *Func:
		name, pos, isFunc, isExtern = d.Name, d.Pos, true, d.Extern
		if d.broken {
			c.declareBroken(name, decl)
			return
		}
	case *Var:
		name, pos = d.Name, d.Pos
		if d.broken {
			c.declareBroken(name, decl)
			return
		}
	}
	if c.predeclaredName(name, pos) {
		return
	}
	if prev, ok := c.top[name]; ok {
		c.errorf(pos, "%s redeclared (previous declaration at %s)", name, topPos(prev))
		return
	}
	switch {
	case isExtern && isRuntimeSymbol(name):
		c.errorf(pos, "extern func %s clashes with the runtime's own symbol %s", name, name)
	case !isExtern && isReservedSymbol(name, isFunc):
		c.errorf(pos, "%s clashes with the symbol %s that the runtime defines or uses; choose another name", name, name)
	}
	c.top[name] = decl
}

// declareBroken enters the stub of a declaration with a syntax error, if
// its name is free, without a word: its errors are the syntax error's.
func (c *checker) declareBroken(name string, decl any) {
	if _, taken := c.top[name]; !taken && predeclared[name] == notPredeclared {
		c.top[name] = decl
	}
}

func topPos(decl any) diag.Pos {
	if f, ok := decl.(*Func); ok {
		return f.Pos
	}
	return decl.(*Var).Pos
}

// predeclaredName reports (and returns true) when a declaration tries to
// reuse a predeclared identifier.
func (c *checker) predeclaredName(name string, pos diag.Pos) bool {
	switch predeclared[name] {
	case predeclaredType:
		c.errorf(pos, "cannot declare %s: it is a predeclared type", name)
		return true
	case predeclaredBuiltin:
		c.errorf(pos, "cannot declare %s: it is a builtin function", name)
		return true
	}
	return false
}

// global checks a global's type and constant initializer.
func (c *checker) global(g *Var) {
	if g.broken {
		if g.Type == nil {
			g.Type = InvalidType
		}
		return
	}
	if g.Type != nil && g.Type.Kind == Pointer {
		c.errorf(g.Pos, "global %s cannot have pointer type %s: a pointer must not outlive its variable", g.Name, g.Type)
		g.Type = InvalidType
	}
	if g.Init == nil {
		if g.Type == nil {
			c.errorf(g.Pos, "var %s needs a type or an initializer", g.Name)
			g.Type = InvalidType
		}
		return
	}
	before := len(c.diags)
	t := c.value(g.Init, g.Type)
	initErrors := len(c.diags) > before
	if g.Type == nil {
		g.Type = t
		if t.Kind == Pointer {
			c.errorf(g.Pos, "global %s cannot have pointer type %s: a pointer must not outlive its variable", g.Name, t)
			g.Type = InvalidType
		}
	} else {
		c.assignable(t, g.Type, g.Init, func() string { return "initialization of " + g.Name })
	}
	if t.Kind == Invalid && initErrors {
		return // `var g = ture;` is not also a non-constant initializer
	}
	if bad := nonConstant(g.Init); bad != nil {
		c.errorf(Start(bad), "global initializer must be a constant expression (literals and operators only)")
	} else if t.Kind != Invalid && g.Type.Kind != Invalid {
		g.Value = c.eval(g.Init)
	}
}

// signature checks a function's parameter and result types.
func (c *checker) signature(f *Func) {
	seen := map[string]bool{}
	for _, p := range f.Params {
		if c.predeclaredName(p.Name, p.Pos) {
			continue
		}
		if seen[p.Name] {
			c.errorf(p.Pos, "duplicate parameter %s", p.Name)
		}
		seen[p.Name] = true
	}
	if f.Result.Kind == Pointer {
		c.errorf(f.Pos, "func %s cannot return pointer type %s: a pointer must not outlive its variable", f.Name, f.Result)
	}
	if f.Name == "main" && !f.Extern {
		if len(f.Params) > 0 {
			c.errorf(f.Pos, "func main must have no parameters")
		}
		if f.Result.Kind != Void && f.Result.Kind != Int && f.Result.Kind != Invalid {
			c.errorf(f.Pos, "func main must return int or nothing, not %s", f.Result)
		}
	}
}

// body checks a function body, then its definite assignment and whether it
// can fall off its end.
func (c *checker) body(f *Func) {
	c.fn = f
	outer := rootScope()
	outer.params = map[string]*Var{}
	for _, p := range f.Params {
		outer.params[p.Name] = p
		outer.declare(p)
	}
	c.scope = outer
	before := len(c.diags)
	c.stmts(f.Body.Stmts)
	c.scope, c.fn = nil, nil
	clean := len(c.diags) == before && !f.convErrors
	checkDefiniteAssignment(c, f)
	// a missing return after errors in the body often follows from them (a
	// misspelled return is no return)
	if f.Result.Kind != Void && clean && canComplete(f.Body) {
		c.errorf(f.Body.End, "missing return at end of func %s", f.Name)
	}
}

func (c *checker) stmts(list []Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *checker) stmt(s Stmt) {
	switch s := s.(type) {
	case *Block:
		c.scope = c.scope.inner()
		c.stmts(s.Stmts)
		c.scope = c.scope.close()
	case *VarStmt:
		c.local(s)
	case *AssignStmt:
		c.assign(s)
	case *ExprStmt:
		c.call(s.Call, true)
		if s.Call.Builtin == BuiltinConvert {
			c.errorf(s.Pos, "conversion %s(...) is not a statement: its value would be unused", calleeName(s.Call))
		}
	case *IfStmt:
		for _, cl := range s.Clauses {
			c.condition(cl.Cond)
			c.stmt(cl.Then)
		}
		if s.Else != nil {
			c.stmt(s.Else)
		}
	case *WhileStmt:
		c.condition(s.Cond)
		c.loopBody(s, s.Body)
	case *ForStmt:
		c.scope = c.scope.inner()
		if s.Init != nil {
			c.stmt(s.Init)
		}
		if s.Cond != nil {
			c.condition(s.Cond)
		}
		if s.Post != nil {
			c.stmt(s.Post)
		}
		c.loopBody(s, s.Body)
		c.scope = c.scope.close()
	case *BranchStmt:
		if len(c.loops) == 0 {
			what := "break"
			if s.Continue {
				what = "continue"
			}
			c.errorf(s.Pos, "%s is not inside a loop", what)
			return
		}
		s.Loop = c.loops[len(c.loops)-1]
	case *ReturnStmt:
		c.ret(s)
	}
}

func (c *checker) loopBody(loop Stmt, body *Block) {
	c.loops = append(c.loops, loop)
	c.stmt(body)
	c.loops = c.loops[:len(c.loops)-1]
}

func (c *checker) condition(e Expr) {
	t := c.value(e, BoolType)
	if t.Kind != Invalid && t.Kind != Bool {
		hint := ""
		if t.IsInteger() {
			hint = notZeroHint(e)
		}
		c.errorf(Start(e), "condition must be bool, not %s%s", t, hint)
	}
}

// local checks a local declaration and then brings the variable into scope.
func (c *checker) local(s *VarStmt) {
	v := s.Var
	switch {
	case c.predeclaredName(v.Name, v.Pos):
	case c.scope.params[v.Name] != nil:
		c.errorf(v.Pos, "%s redeclared: it is a parameter of func %s", v.Name, c.fn.Name)
	case c.scope.here(v.Name) != nil:
		c.errorf(v.Pos, "%s redeclared in this block (previous declaration at %s)", v.Name, c.scope.here(v.Name).Pos)
	}
	if s.Init != nil {
		t := c.value(s.Init, v.Type)
		if v.Type == nil {
			v.Type = t
		} else {
			c.assignable(t, v.Type, s.Init, func() string { return "initialization of " + v.Name })
		}
	} else if v.Type == nil {
		c.errorf(v.Pos, "var %s needs a type or an initializer", v.Name)
		v.Type = InvalidType
	}
	// Only a local declared without a value can be read before it is
	// assigned one: definite assignment numbers those alone.
	v.index = -1
	if s.Init == nil {
		v.index = c.fn.unassigned
		c.fn.unassigned++
	}
	c.fn.Locals = append(c.fn.Locals, v)
	c.scope.declare(v)
}

// assign checks `target = value` and `target op= value`.
func (c *checker) assign(s *AssignStmt) {
	tt := c.lvalue(s.Target)
	vt := c.value(s.Value, tt)
	if s.Op == "" {
		c.assignable(vt, tt, s.Value, func() string { return "assignment" })
		return
	}
	if tt.Kind != Invalid && !tt.IsInteger() {
		c.errorf(s.Pos, "operator %s= needs int or i32, not %s", s.Op, tt)
		return
	}
	c.assignable(vt, tt, s.Value, func() string { return "operator " + s.Op + "=" })
}

// lvalue checks an assignment target and returns its type.
func (c *checker) lvalue(e Expr) *Type {
	if id, ok := e.(*Ident); ok {
		t := c.ident(id, true)
		id.T = t
		if id.Func != nil {
			c.errorf(id.Pos, "cannot assign to func %s", id.Name)
		}
		return t
	}
	return c.value(e, nil)
}

func (c *checker) ret(s *ReturnStmt) {
	want := c.fn.Result
	switch {
	case s.Value == nil && want.Kind != Void && want.Kind != Invalid:
		c.errorf(s.Pos, "missing return value: func %s returns %s", c.fn.Name, want)
	case s.Value != nil && want.Kind == Void:
		c.value(s.Value, nil)
		c.errorf(Start(s.Value), "func %s has no result, so return takes no value", c.fn.Name)
	case s.Value != nil:
		c.assignable(c.value(s.Value, want), want, s.Value, func() string { return "return" })
	}
}

// assignable reports the value e of type got used where want is required.
// context names the place for the message, and is called only for one:
// made for every argument and initialization, it was most of what the
// checker spent formatting.
func (c *checker) assignable(got, want *Type, e Expr, context func() string) {
	if got.Kind == Invalid || want.Kind == Invalid || Identical(got, want) {
		return
	}
	c.errorf(Start(e), "cannot use %s as %s in %s%s", got, want, context(), conversionHint(got, want, e))
}
