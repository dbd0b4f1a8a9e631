package frontend

import (
	"toyc/middle"
	"toyc/middle/diag"
)

// The AST that the checker annotates and the lowering reads. Every node has
// the source position of its first token (for an operator: of the operator).
// After Check, every expression has its Type and every identifier its
// declaration.

// Program is one checked source file.
type Program struct {
	File    string
	Globals []*Var  // in source order
	Funcs   []*Func // functions and externs in source order
	Main    *Func   // nil for a library
}

// Func is a function or an extern declaration.
type Func struct {
	Pos    diag.Pos
	Name   string
	Params []*Var // nil once the body is lowered
	Result *Type  // VoidType when there is none
	// paramTypes are the parameters' types, which the checks of calls
	// read (paramTypesOf): a function's Params, a Var each, go with its
	// lowered body rather than live as long as the compile.
	paramTypes []*Type
	Body       *Block
	Extern     bool
	// Locals lists the function's local variables in declaration order,
	// parameters excluded; the lowering gives each its stack slot.
	Locals []*Var
	// unassigned counts the locals declared without a value, which
	// definite assignment numbers (Var.index).
	unassigned int
	// broken marks the stub of a declaration with a syntax error
	// (recover.go): it declares its name, and its signature unless badSig,
	// and is not checked.
	broken, badSig bool
	// convErrors is set when converting the body found errors: a missing
	// return is then not reported, as it often follows from them.
	convErrors bool
	// order is the function's place among the bodies a Stream checks.
	order int
	// facts are what the body does to the module, read off its tokens
	// (bodyfacts.go), when a Stream checks it.
	facts *middle.BodyFacts
}

// VarKind says where a variable lives.
type VarKind int

const (
	GlobalVar VarKind = iota
	ParamVar
	LocalVar
)

// Var is a global, parameter or local variable.
type Var struct {
	Pos diag.Pos
	// NamePos is the position of the name (Pos is the declaration's
	// `var`, or for a parameter its name too); warnings point at it.
	NamePos diag.Pos
	Name    string
	Type    *Type
	Kind    VarKind
	// AddrTaken is set when &v appears; a bool then lives in memory as i8.
	AddrTaken bool
	// Init is a global's initializer (nil when absent); Value is its folded
	// value (0 or 1 for bool), valid when Init is a checked constant.
	Init  Expr
	Value int64
	// index numbers the locals of a function declared without a value,
	// for definite assignment; -1 for one declared with a value, assigned
	// from its declaration on, which scoping puts before every use.
	index int
	// broken marks the stub of a global with a syntax error: its type is
	// what could be read of it (nil: unknown), and it is not checked.
	broken bool
}

// Stmt is a statement.
type Stmt interface {
	Position() diag.Pos
}

// Block is a braced statement list; End is the position of its `}`.
type Block struct {
	Pos   diag.Pos
	Stmts []Stmt
	End   diag.Pos
}

// VarStmt declares Var, with an optional initializer.
type VarStmt struct {
	Pos  diag.Pos
	Var  *Var
	Init Expr
}

// AssignStmt is `Target = Value` (Op "") or `Target op= Value` (Op "+",
// "<<", ...). Target is a *Ident of a variable, an *Index or a deref *Unary.
type AssignStmt struct {
	Pos    diag.Pos
	OpPos  diag.Pos // of the operator
	Op     string
	Target Expr
	Value  Expr
}

// ExprStmt is a call whose result, if any, is discarded.
type ExprStmt struct {
	Pos  diag.Pos
	Call *Call
}

// IfStmt is `if c1 {...} else if c2 {...} ... else {...}`; Else may be nil.
type IfStmt struct {
	Pos     diag.Pos
	Clauses []*IfClause
	Else    *Block
}

type IfClause struct {
	Pos  diag.Pos
	Cond Expr
	Then *Block
}

// WhileStmt is `while Cond Body`.
type WhileStmt struct {
	Pos  diag.Pos
	Cond Expr
	Body *Block
}

// ForStmt is `for Init; Cond; Post Body`; each of the three may be nil.
type ForStmt struct {
	Pos  diag.Pos
	Init Stmt
	Cond Expr
	Post Stmt
	Body *Block
}

// BranchStmt is `break` or `continue`; Loop is the statement it leaves or
// continues (a *WhileStmt or *ForStmt).
type BranchStmt struct {
	Pos      diag.Pos
	Continue bool
	Loop     Stmt
}

// ReturnStmt returns Value (nil in a function without result).
type ReturnStmt struct {
	Pos   diag.Pos
	Value Expr
}

func (s *Block) Position() diag.Pos      { return s.Pos }
func (s *VarStmt) Position() diag.Pos    { return s.Pos }
func (s *AssignStmt) Position() diag.Pos { return s.Pos }
func (s *ExprStmt) Position() diag.Pos   { return s.Pos }
func (s *IfStmt) Position() diag.Pos     { return s.Pos }
func (s *WhileStmt) Position() diag.Pos  { return s.Pos }
func (s *ForStmt) Position() diag.Pos    { return s.Pos }
func (s *BranchStmt) Position() diag.Pos { return s.Pos }
func (s *ReturnStmt) Position() diag.Pos { return s.Pos }

// Expr is an expression; Type is set by the checker.
type Expr interface {
	Position() diag.Pos
	Type() *Type
	base() *typed
}

// typed carries the position and the checked type of an expression, and
// whether its type is still open to context (literal.go).
type typed struct {
	Pos  diag.Pos
	T    *Type
	flex bool
}

func (e *typed) Position() diag.Pos { return e.Pos }
func (e *typed) base() *typed       { return e }

// Type is the expression's type, InvalidType before checking or after an
// error.
func (e *typed) Type() *Type {
	if e.T == nil {
		return InvalidType
	}
	return e.T
}

// IntLit is an integer or character literal, including a negative literal
// (`-` directly before the digits). Value holds the literal's value in its
// checked type.
type IntLit struct {
	typed
	Text  string // as written, with the sign
	Value int64
	mag   uint64 // magnitude, before the sign
	neg   bool
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	typed
	Value bool
}

// StringLit is a string literal (only allowed as an argument of print);
// Value holds its bytes with escapes decoded.
type StringLit struct {
	typed
	Text  string
	Value string
}

// Ident names a variable (Var) or a function (Func); for a builtin or a
// predeclared type both are nil.
type Ident struct {
	typed
	Name string
	Var  *Var
	Func *Func
}

// Unary is `Op X` with Op one of - ! ^ * &.
type Unary struct {
	typed
	Op string
	X  Expr
}

// Binary is `X Op Y`.
type Binary struct {
	typed
	Op   string
	X, Y Expr
}

// Index is `X[Index]`; Pos is the position of `[`.
type Index struct {
	typed
	X, Index Expr
}

// Builtin identifies what a call calls when it is not a Toy function.
type Builtin int

const (
	NotBuiltin Builtin = iota
	BuiltinPrint
	BuiltinLen
	BuiltinArgc
	BuiltinArgi
	BuiltinConvert // int(e) or i32(e); the target is the call's type
)

// Call is `Callee(Args)`; Pos is the position of `(`. After checking, Func
// is the called function, or Builtin says which builtin it is.
type Call struct {
	typed
	Callee  Expr
	Args    []Expr
	Func    *Func
	Builtin Builtin
}

// New is `new(Elem, Len)`.
type New struct {
	typed
	Elem *Type
	Len  Expr
}

// Start is the position of e's first token (an operator's own position is
// that of the operator, for runtime errors; messages about a whole
// expression point at its beginning).
func Start(e Expr) diag.Pos { return leftmost(e).Position() }

// leftmost is the first operand of a binary or index expression.
func leftmost(e Expr) Expr {
	for {
		switch x := e.(type) {
		case *Binary:
			e = x.X
		case *Index:
			e = x.X
		default:
			return e
		}
	}
}
