package frontend

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of docs/reference.md §15. These structs are the parse
// tree; convert.go turns them into the AST the checker and the lowering use.
//
// Where the language's grammar is recursive only to express a chain
// (`else if`, unary operators, type constructors, binary operators), this
// grammar uses repetition instead, so that long
// chains cannot exhaust the parser's stack; only brackets recurse, and their
// depth is capped beforehand (depth.go).
//
// `Simple` statements parse as `Expr [AssignOp Expr]`; convert.go then
// checks that the left side is an lvalue or the whole is a call, which gives
// better messages than a grammar-level choice.
//
// The grammar is shaped for participle's costs, which dominated the
// frontend's time before descent.go took over valid input (participle now
// parses only chunks with a syntax error). Participle builds a node by
// reflection for every struct it tries, whether it matches or not, and
// allocates for every capture and for every alternative and repetition it
// tries. So a keyword that decides an alternative stands before the struct
// it leads to; the most frequent alternatives come first; the first
// operand of an expression and a simple statement are embedded in their
// parents instead of being nodes of their own; and what the tokens tell
// (which operator, which kind of statement or literal, where a node
// starts) is read from the Tokens that participle records for a node
// instead of being captured field by field. A change
// here must be made in descent.go too; descent_test.go compares the two.

type fileNode struct {
	Decls []*topDeclNode `parser:"@@*"`
}

// topDeclNode is a declaration, which begins at its first token.
type topDeclNode struct {
	Tokens []lexer.Token
	Func   *funcNode   `parser:"@@"`
	Extern *externNode `parser:"| @@"`
	Global *varNode    `parser:"| 'var' @@ ';'"`
}

type funcNode struct {
	Name   string       `parser:"'func' @Ident"`
	Params []*paramNode `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Result *typeNode    `parser:"@@?"`
	Body   *blockNode   `parser:"@@"`
}

type externNode struct {
	Name   string       `parser:"'extern' 'func' @Ident"`
	Params []*paramNode `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Result *typeNode    `parser:"@@? ';'"`
}

// paramNode is a parameter; its first token is its name.
type paramNode struct {
	Tokens []lexer.Token
	Type   *typeNode `parser:"Ident ':' @@"`
}

// typeNode is a chain of `[]` and `*` prefixes before a type name,
// outermost first; all are read from its tokens.
type typeNode struct {
	Tokens []lexer.Token `parser:"( '[' ']' | '*' )* Ident"`
}

// blockNode looks ahead for its "}" before each statement, which costs
// participle one branch, where trying every kind of statement in vain costs
// it seventeen allocations.
type blockNode struct {
	Tokens []lexer.Token // from "{" to "}"
	Stmts  []*stmtNode   `parser:"'{' ( (?! '}') @@ )* '}'"`
}

// stmtNode is one statement; its first token tells which (convert.go).
// The alternatives are ordered by how often statements occur: a
// declaration, then a simple statement (embedded: its fields' tags come
// between Var's and If's, which holds its ";"), then the other statements
// that begin with a keyword.
type stmtNode struct {
	Tokens []lexer.Token
	Var    *varNode `parser:"'var' @@ ';' |"`
	simpleNode
	If     *ifNode     `parser:"';' | 'if' @@"`
	For    *forNode    `parser:"| 'for' @@"`
	Return *returnNode `parser:"| 'return' @@"`
	While  *whileNode  `parser:"| 'while' @@"`
	Block  *blockNode  `parser:"| 'break' ';' | 'continue' ';' | @@"`
}

// varNode is a declaration after its `var`, which is where the variable's
// position is.
type varNode struct {
	Tokens []lexer.Token // beginning with the name
	Type   *typeNode     `parser:"Ident ( ':' @@ )?"`
	Init   *exprNode     `parser:"( '=' @@ )?"`
}

// simpleNode is an expression, or an assignment when Right is set. Its
// position is its first operand's, and the operator is the token before
// Right.
type simpleNode struct {
	Left  *exprNode `parser:"@@"`
	Right *exprNode `parser:"( AssignOp @@ )?"`
}

// returnNode is a return statement after its keyword. (Its own node, so
// that a missing ";" is reported before a missing value, as the node's
// last error.)
type returnNode struct {
	Value *exprNode `parser:"@@? ';'"`
}

type ifNode struct {
	Cond    *exprNode     `parser:"@@"`
	Then    *blockNode    `parser:"@@"`
	ElseIfs []*elseIfNode `parser:"( 'else' 'if' @@ )*"`
	Else    *blockNode    `parser:"( 'else' @@ )?"`
}

// elseIfNode is a clause after its `else if`, which is where the clause's
// position is.
type elseIfNode struct {
	Cond *exprNode  `parser:"@@"`
	Then *blockNode `parser:"@@"`
}

type whileNode struct {
	Cond *exprNode  `parser:"@@"`
	Body *blockNode `parser:"@@"`
}

type forNode struct {
	Init *forInitNode `parser:"@@? ';'"`
	Cond *exprNode    `parser:"@@? ';'"`
	Post *simpleNode  `parser:"@@?"`
	Body *blockNode   `parser:"@@"`
}

type forInitNode struct {
	Tokens []lexer.Token
	Var    *varNode    `parser:"'var' @@"`
	Simple *simpleNode `parser:"| @@"`
}

// A binary expression is a flat chain of operands and operators; convert.go
// applies the precedence table of docs/reference.md §9 to it. One grammar level
// instead of five keeps participle's allocations and recursion per operand
// small. Operators are told from each other by their text only: the lexer
// classifies them (lexer.go), so that one token type stands for all that may
// come at a place, and participle tries one alternative instead of eighteen.
// The operators are the tokens before the operands after the first.
type exprNode struct {
	Tokens []lexer.Token
	operand
	Rest []*operandNode `parser:"( BinaryOp @@ )*"`
}

type operandNode struct {
	Tokens []lexer.Token
	operand
}

// operand is the grammar of an operand: prefix operators, a primary
// expression and suffixes. The operators and a name or literal are read
// from the tokens. Index and call suffixes go to two lists, which
// convert.go merges by position.
type operand struct {
	Paren   *exprNode   `parser:"UnaryOp* ( Ident | Literal | '(' @@ ')'"`
	New     *newNode    `parser:"| 'new' @@ )"`
	Indexes []*exprNode `parser:"( '[' @@ ']'"`
	Calls   []*argsNode `parser:"| '(' @@ )*"`
}

// newNode is `new(...)` after its keyword. (Its own node, so that its
// last error is reported as participle did when it included the keyword.)
type newNode struct {
	Elem *typeNode `parser:"'(' @@ ','"`
	Len  *exprNode `parser:"@@ ')'"`
}

// argsNode is a call's arguments after its "(".
type argsNode struct {
	Tokens []lexer.Token
	Args   []*exprNode `parser:"( @@ ( ',' @@ )* )? ')'"`
}

// parser is built on first use: building it (by reflection over these
// structs) was half of the instructions a small program's compile runs,
// and descent.go leaves participle only input with a syntax error.
var parser = sync.OnceValue(func() *participle.Parser[fileNode] {
	return participle.MustBuild[fileNode](
		participle.Lexer(toyTokens),
		participle.UseLookahead(participle.MaxLookahead),
	)
})
