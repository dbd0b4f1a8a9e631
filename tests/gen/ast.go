package gen

import "strings"

// The generator builds a syntax tree rather than text so that the shrinker
// (shrink.go) can delete statements and simplify expressions structurally,
// and so that the printer (print.go) can tell where each deliberate runtime
// error will be reported. One node type for every construct keeps those
// tree walks generic: a node's Kids are its sub-statements and operands, in
// source order.

// Kind is the kind of a Toy type.
type Kind uint8

const (
	Int Kind = iota
	I32
	Bool
	Array
	Pointer
)

// Type is a Toy type; Elem is the element of an array or pointer.
type Type struct {
	Kind Kind
	Elem *Type
}

var (
	IntType  = &Type{Kind: Int}
	I32Type  = &Type{Kind: I32}
	BoolType = &Type{Kind: Bool}
)

func ArrayOf(t *Type) *Type   { return &Type{Kind: Array, Elem: t} }
func PointerTo(t *Type) *Type { return &Type{Kind: Pointer, Elem: t} }

func (t *Type) String() string {
	switch t.Kind {
	case Int:
		return "int"
	case I32:
		return "i32"
	case Bool:
		return "bool"
	case Array:
		return "[]" + t.Elem.String()
	}
	return "*" + t.Elem.String()
}

// Equal reports whether t and u are the same type.
func (t *Type) Equal(u *Type) bool {
	if t == nil || u == nil {
		return t == u
	}
	return t.Kind == u.Kind && (t.Kind != Array && t.Kind != Pointer || t.Elem.Equal(u.Elem))
}

// IsInteger reports whether t is int or i32.
func (t *Type) IsInteger() bool { return t.Kind == Int || t.Kind == I32 }

// IsScalar reports whether values of t can be printed and compared.
func (t *Type) IsScalar() bool { return t.Kind <= Bool }

// mangle names a type inside an identifier: [][]i32 is "arr_arr_i32".
func (t *Type) mangle() string {
	return strings.NewReplacer("[]", "arr_", "*", "ptr_").Replace(t.String())
}

// Op says what a node is.
type Op uint8

const (
	// Declarations.
	OpFunc   Op = iota // Name, Params, Type (result or nil), Kids: [body]
	OpGlobal           // Name, Type, Kids: [] or [constant initializer]

	// Statements.
	OpBlock    // Kids: statements
	OpVar      // Name, Type (nil: inferred), Kids: [] or [initializer]
	OpAssign   // Name: "=" "+=" ..., Kids: [target, value]
	OpCallStmt // Kids: [call]
	OpIf       // Kids: [cond, then block, else: nil, a block or an OpIf]
	OpWhile    // Kids: [cond, body]
	OpFor      // Kids: [init or nil, cond or nil, post or nil, body]
	OpBreak
	OpContinue
	OpReturn // Kids: [] or [value]

	// Expressions; Type is the expression's type.
	OpLit    // Name: the literal's text
	OpBool   // Name: "true" or "false"
	OpString // Name: the string literal with its quotes (print only)
	OpName   // Name: a variable
	OpUnary  // Name: "-" "!" "^" "*" "&", Kids: [operand]
	OpBinary // Name: the operator, Kids: [left, right]
	OpCall   // Name: the function or builtin (print len argc argi int i32 new), Kids: arguments
	OpIndex  // Kids: [array, index]
	OpNew    // Type: the array's type, Kids: [length]
)

// Param is a function parameter.
type Param struct {
	Name string
	Type *Type
}

// Node is a declaration, statement or expression.
type Node struct {
	Op     Op
	Name   string
	Type   *Type
	Kids   []*Node
	Params []Param

	// Pinned nodes keep the program terminating (loop counters and their
	// bounds, fuel, recursion depth): the shrinker neither deletes nor
	// simplifies them.
	Pinned bool
	// Fault names the runtime error this operation is meant to raise
	// ("division by zero", ...): the one deliberate error of a program.
	Fault string
}

// Prog is a generated program.
type Prog struct {
	Seed  int64
	Decls []*Node
}

func lit(text string, t *Type) *Node { return &Node{Op: OpLit, Name: text, Type: t} }

func name(v string, t *Type) *Node { return &Node{Op: OpName, Name: v, Type: t} }

func unary(op string, x *Node, t *Type) *Node {
	return &Node{Op: OpUnary, Name: op, Type: t, Kids: []*Node{x}}
}

func binary(op string, x, y *Node, t *Type) *Node {
	return &Node{Op: OpBinary, Name: op, Type: t, Kids: []*Node{x, y}}
}

func call(fn string, t *Type, args ...*Node) *Node {
	return &Node{Op: OpCall, Name: fn, Type: t, Kids: args}
}

func block(stmts ...*Node) *Node { return &Node{Op: OpBlock, Kids: stmts} }

func assign(op string, target, value *Node) *Node {
	return &Node{Op: OpAssign, Name: op, Kids: []*Node{target, value}}
}

func callStmt(c *Node) *Node { return &Node{Op: OpCallStmt, Kids: []*Node{c}} }

func varDecl(v string, t *Type, init *Node) *Node {
	n := &Node{Op: OpVar, Name: v, Type: t}
	if init != nil {
		n.Kids = []*Node{init}
	}
	return n
}

func pin(n *Node) *Node {
	n.Pinned = true
	return n
}

// clone copies a tree, so that the shrinker can change a copy.
func (n *Node) clone() *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = k.clone()
	}
	c.Params = append([]Param(nil), n.Params...)
	return &c
}

// Clone copies the program.
func (p *Prog) Clone() *Prog {
	c := &Prog{Seed: p.Seed, Decls: make([]*Node, len(p.Decls))}
	for i, d := range p.Decls {
		c.Decls[i] = d.clone()
	}
	return c
}

// isExpr reports whether n is an expression.
func (n *Node) isExpr() bool { return n.Op >= OpLit }

// flexible reports whether an expression is built only from integer
// literals and arithmetic operators, so that its type comes from its
// context (docs/reference.md §3).
func (n *Node) flexible() bool {
	switch n.Op {
	case OpLit:
		return true
	case OpUnary:
		return (n.Name == "-" || n.Name == "^") && n.Kids[0].flexible()
	case OpBinary:
		return isArithmetic(n.Name) && n.Kids[0].flexible() && n.Kids[1].flexible()
	}
	return false
}

func isArithmetic(op string) bool {
	switch op {
	case "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>":
		return true
	}
	return false
}

// hasCall reports whether evaluating n may call a Toy function (and so
// change globals and variables that pointers reach).
func (n *Node) hasCall() bool {
	if n == nil {
		return false
	}
	if n.Op == OpCall && !isBuiltin(n.Name) {
		return true
	}
	for _, k := range n.Kids {
		if k.hasCall() {
			return true
		}
	}
	return false
}

func isBuiltin(fn string) bool {
	switch fn {
	case "print", "len", "argc", "argi", "int", "i32":
		return true
	}
	return false
}
