package frontend

import (
	"fmt"
	"slices"

	"toyc/middle/diag"
)

// Type checking of expressions (docs/reference.md §2, §9, §11). want is the type
// the context requires, or nil; it only decides the type of integer
// literals (literal.go) and is never a constraint by itself: the caller
// compares the result with what it needs.

// value checks e where a value is needed: a call of a function without
// result is an error there.
func (c *checker) value(e Expr, want *Type) *Type {
	t := c.expr(e, want)
	if t.Kind == Void {
		call := e.(*Call)
		name := "print"
		if call.Func != nil {
			name = "func " + call.Func.Name
		}
		c.errorf(e.Position(), "%s has no result; its call cannot be used as a value", name)
		t = InvalidType
		e.base().T = t
	}
	return t
}

func (c *checker) expr(e Expr, want *Type) *Type {
	var t *Type
	switch e := e.(type) {
	case *IntLit:
		t = c.intLit(e, want)
	case *BoolLit:
		t = BoolType
	case *StringLit:
		c.errorf(e.Pos, "a string literal can only be an argument of print")
		t = InvalidType
	case *Ident:
		t = c.ident(e, false)
	case *Unary:
		t = c.unary(e, want)
	case *Binary:
		t = c.binary(e, want)
	case *Index:
		t = c.index(e)
	case *Call:
		t = c.call(e, false)
	case *New:
		t = c.newArray(e)
	}
	e.base().T = t
	return t
}

func (c *checker) intLit(e *IntLit, want *Type) *Type {
	if e.T != nil { // its text was already found invalid
		return InvalidType
	}
	t := literalType(want)
	v, msg := literalValue(e, e.mag, e.neg, t)
	if msg != "" {
		c.errorf(e.Pos, "%s", msg)
	}
	e.Value = v
	return t
}

// ident resolves a name used as a value (or, with target, as an assignment
// target: the same rules, but the caller reports functions).
func (c *checker) ident(id *Ident, target bool) *Type {
	if v := c.scope.lookup(id.Name); v != nil {
		id.Var = v
		return varType(v)
	}
	switch d := c.top[id.Name].(type) {
	case *Var:
		id.Var = d
		return varType(d)
	case *Func:
		id.Func = d
		if !target {
			c.errorf(id.Pos, "func %s is not a value; call it", id.Name)
		}
		return InvalidType
	}
	switch predeclared[id.Name] {
	case predeclaredType:
		c.errorf(id.Pos, "%s is a type, not a value", id.Name)
	case predeclaredBuiltin:
		c.errorf(id.Pos, "%s is a builtin function; call it", id.Name)
	default:
		c.errorf(id.Pos, "undefined: %s%s", id.Name, c.suggest(id.Name, c.valueNames))
	}
	return InvalidType
}

// valueNames are the names a misspelled value may have meant: the
// variables in scope, innermost first, then true and false.
func (c *checker) valueNames() []string {
	var names []string
	for s := c.scope; s != nil; s = s.parent {
		names = append(names, slices.Sorted(slices.Values(s.names))...)
	}
	globals, _ := c.topNames()
	names = append(names, globals...)
	return append(names, "true", "false")
}

// calleeNames are the names a misspelled callee may have meant: the
// functions, the builtins and conversions, and new.
func (c *checker) calleeNames() []string {
	_, funcs := c.topNames()
	return append(funcs[:len(funcs):len(funcs)], "print", "len", "argc", "argi", "int", "i32", "new")
}

// topNames are the names of the globals and of the functions, in order,
// listed once.
func (c *checker) topNames() (globals, funcs []string) {
	if c.globalNames == nil {
		c.globalNames, c.funcNames = []string{}, []string{}
		for _, name := range sortedKeys(c.top) {
			if _, ok := c.top[name].(*Var); ok {
				c.globalNames = append(c.globalNames, name)
			} else {
				c.funcNames = append(c.funcNames, name)
			}
		}
	}
	return c.globalNames, c.funcNames
}

// maxSuggestions bounds the names suggested in one file, as each costs a
// comparison with every name in scope (clang bounds its typo corrections
// too).
const maxSuggestions = 100

// suggest is didYouMean for name among candidates, while suggestions last.
func (c *checker) suggest(name string, candidates func() []string) string {
	if c.suggestions >= maxSuggestions {
		return ""
	}
	c.suggestions++
	return didYouMean(name, candidates())
}

// varType is a variable's type, InvalidType while a global's is not yet
// inferred (a global initializer naming another global, itself an error).
func varType(v *Var) *Type {
	if v.Type == nil {
		return InvalidType
	}
	return v.Type
}

func (c *checker) unary(e *Unary, want *Type) *Type {
	switch e.Op {
	case "-", "^":
		t := c.value(e.X, want)
		if t.Kind != Invalid && !t.IsInteger() {
			c.errorf(e.Pos, "operator %s needs int or i32, not %s", e.Op, t)
			return InvalidType
		}
		return t
	case "!":
		t := c.value(e.X, BoolType)
		if t.Kind != Invalid && t.Kind != Bool {
			c.errorf(e.Pos, "operator ! needs bool, not %s", t)
			return InvalidType
		}
		return t
	case "*":
		return c.elementOf(c.value(e.X, nil), Pointer, e.Pos, "dereference")
	}
	return c.addressOf(e)
}

// addressOf checks &x: x must name a variable whose type is not a pointer.
func (c *checker) addressOf(e *Unary) *Type {
	id, ok := e.X.(*Ident)
	if !ok {
		c.value(e.X, nil)
		c.errorf(e.Pos, "cannot take the address of this expression: only variables have addresses")
		return InvalidType
	}
	t := c.ident(id, false)
	id.T = t
	if id.Var == nil || t.Kind == Invalid {
		return InvalidType
	}
	id.Var.AddrTaken = true
	if t.Kind == Pointer {
		c.errorf(e.Pos, "cannot take the address of %s: it holds a pointer, and pointers to pointers are not allowed", id.Name)
		return InvalidType
	}
	return PointerTo(t)
}

func (c *checker) binary(e *Binary, want *Type) *Type {
	switch e.Op {
	case "&&", "||":
		xt, yt := c.value(e.X, BoolType), c.value(e.Y, BoolType)
		for i, t := range []*Type{xt, yt} {
			if t.Kind != Invalid && t.Kind != Bool {
				hint := ""
				if t.IsInteger() {
					hint = notZeroHint([]Expr{e.X, e.Y}[i])
				}
				c.errorf(e.Pos, "operator %s needs bool operands, not %s%s", e.Op, t, hint)
				return BoolType
			}
		}
		return BoolType
	}
	arith := isArithmetic(e.Op)
	if !arith {
		want = nil // a comparison's operands get no type from its context
	}
	xt, yt := c.operands(e, want)
	if xt.Kind == Invalid || yt.Kind == Invalid {
		if arith {
			return InvalidType
		}
		return BoolType
	}
	if !Identical(xt, yt) {
		hint := ""
		switch {
		case xt.Kind == I32 && yt.Kind == Int:
			hint = conversionHint(xt, yt, e.X)
		case xt.Kind == Int && yt.Kind == I32:
			hint = conversionHint(yt, xt, e.Y)
		}
		c.errorf(e.Pos, "operator %s needs operands of the same type, not %s and %s%s", e.Op, xt, yt, hint)
		if arith {
			return InvalidType
		}
		return BoolType
	}
	switch {
	case arith || e.Op == "<" || e.Op == "<=" || e.Op == ">" || e.Op == ">=":
		if !xt.IsInteger() {
			c.errorf(e.Pos, "operator %s needs int or i32, not %s", e.Op, xt)
			if arith {
				return InvalidType
			}
		}
	default: // == and !=
		if !xt.IsInteger() && xt.Kind != Bool {
			c.errorf(e.Pos, "operator %s needs int, i32 or bool, not %s", e.Op, xt)
		}
	}
	if arith {
		return xt
	}
	return BoolType
}

// operands checks a binary operator's operands so that a flexible operand
// (literal.go) takes the other operand's type, or the context's when both
// are flexible.
func (c *checker) operands(e *Binary, want *Type) (*Type, *Type) {
	switch {
	case !isFlexible(e.X):
		xt := c.value(e.X, want)
		return xt, c.value(e.Y, xt)
	case !isFlexible(e.Y):
		yt := c.value(e.Y, want)
		return c.value(e.X, yt), yt
	}
	t := literalType(want)
	return c.value(e.X, t), c.value(e.Y, t)
}

func (c *checker) index(e *Index) *Type {
	xt := c.value(e.X, nil)
	it := c.value(e.Index, nil)
	if it.Kind != Invalid && !it.IsInteger() {
		c.errorf(Start(e.Index), "array index must be int or i32, not %s", it)
	}
	return c.elementOf(xt, Array, e.Pos, "index")
}

// elementOf is the type an array or pointer t refers to; a t of another
// kind than want cannot be used so, which is reported as "cannot <what>".
func (c *checker) elementOf(t *Type, want Kind, pos diag.Pos, what string) *Type {
	switch t.Kind {
	case Invalid:
		return t
	case want:
		return t.Elem
	}
	c.errorf(pos, "cannot %s a value of type %s", what, t)
	return InvalidType
}

func (c *checker) newArray(e *New) *Type {
	lt := c.value(e.Len, nil)
	if lt.Kind != Invalid && !lt.IsInteger() {
		c.errorf(Start(e.Len), "array length must be int or i32, not %s", lt)
	}
	if e.Elem.Kind == Invalid {
		return InvalidType
	}
	if e.Elem.Kind == Pointer {
		c.errorf(e.Pos, "cannot make an array of pointers (%s): a pointer cannot be stored", e.Elem)
		return InvalidType
	}
	return ArrayOf(e.Elem)
}

// call checks a call of a function, a builtin or a conversion; stmt is set
// for a call statement, where a result is not needed.
func (c *checker) call(e *Call, stmt bool) *Type {
	id, ok := e.Callee.(*Ident)
	if !ok {
		if t := c.value(e.Callee, nil); t.Kind != Invalid {
			c.errorf(e.Pos, "cannot call a value of type %s", t)
		}
		c.args(e, nil)
		return InvalidType
	}
	if v := c.scope.lookup(id.Name); v != nil {
		id.Var = v
		c.errorf(e.Pos, "cannot call %s: it is a variable of type %s, not a function", id.Name, varType(v))
		c.args(e, nil)
		return InvalidType
	}
	switch d := c.top[id.Name].(type) {
	case *Func:
		id.Func, e.Func = d, d
		if d.badSig { // a header with a syntax error: nothing to check against
			c.args(e, nil)
			return InvalidType
		}
		params := paramTypesOf(d)
		c.arity(e, d.Name, len(params))
		c.args(e, params)
		return d.Result
	case *Var:
		id.Var = d
		c.errorf(e.Pos, "cannot call %s: it is a global variable, not a function", id.Name)
		c.args(e, nil)
		return InvalidType
	}
	switch id.Name {
	case "print":
		e.Builtin = BuiltinPrint
		c.printArgs(e)
		return VoidType
	case "len":
		e.Builtin = BuiltinLen
		if !c.arity(e, id.Name, 1) {
			c.args(e, nil)
		} else if t := c.value(e.Args[0], nil); t.Kind != Invalid && t.Kind != Array {
			c.errorf(Start(e.Args[0]), "len needs an array, not %s", t)
		}
		return IntType
	case "argc":
		e.Builtin = BuiltinArgc
		if !c.arity(e, id.Name, 0) {
			c.args(e, nil)
		}
		return IntType
	case "argi":
		e.Builtin = BuiltinArgi
		if c.arity(e, id.Name, 1) {
			c.args(e, []*Type{IntType})
		} else {
			c.args(e, nil)
		}
		return IntType
	case "int", "i32":
		e.Builtin = BuiltinConvert
		to := IntType
		if id.Name == "i32" {
			to = I32Type
		}
		if !c.arity(e, id.Name, 1) {
			c.args(e, nil)
		} else if t := c.value(e.Args[0], nil); t.Kind == Array || t.Kind == Pointer {
			c.errorf(e.Pos, "cannot convert %s to %s", t, to)
		}
		return to
	case "bool":
		c.errorf(e.Pos, "there is no conversion to bool; compare with != 0 instead")
		c.args(e, nil)
		return InvalidType
	}
	candidates := c.calleeNames
	if stmt { // `retrun(x);`
		candidates = func() []string { return append(c.calleeNames(), "return") }
	}
	hint := c.suggest(id.Name, candidates)
	c.errorf(id.Pos, "undefined: %s%s", id.Name, hint)
	if hint != "; did you mean 'new'?" { // new's arguments begin with a type
		c.args(e, nil)
	}
	return InvalidType
}

// arity reports a wrong number of arguments; it returns whether the count
// is right.
func (c *checker) arity(e *Call, name string, want int) bool {
	if len(e.Args) == want {
		return true
	}
	c.errorf(e.Pos, "wrong number of arguments in call to %s: have %d, want %d", name, len(e.Args), want)
	return false
}

// args checks the arguments against the parameter types (nil: unknown, so
// only checked for themselves).
func (c *checker) args(e *Call, params []*Type) {
	for i, a := range e.Args {
		if i >= len(params) {
			c.value(a, nil)
			continue
		}
		t := c.value(a, params[i])
		c.assignable(t, params[i], a, func() string { return fmt.Sprintf("argument %d of %s", i+1, calleeName(e)) })
	}
}

func calleeName(e *Call) string {
	if e.Func != nil {
		return e.Func.Name
	}
	return e.Callee.(*Ident).Name
}

func (c *checker) printArgs(e *Call) {
	for _, a := range e.Args {
		if s, ok := a.(*StringLit); ok {
			s.T = InvalidType
			continue
		}
		if t := c.value(a, nil); t.Kind == Array || t.Kind == Pointer {
			c.errorf(Start(a), "cannot print a value of type %s: print takes int, i32, bool and string literals", t)
		}
	}
}
