package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of LANGUAGE.md §3–§5. These structs are the parse
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

type fileNode struct {
	Decls []*topDeclNode `parser:"@@*"`
}

type topDeclNode struct {
	Pos    lexer.Position
	Func   *funcNode   `parser:"@@"`
	Extern *externNode `parser:"| @@"`
	Global *varNode    `parser:"| @@ ';'"`
}

type funcNode struct {
	Pos    lexer.Position
	Name   string       `parser:"'func' @Ident"`
	Params []*paramNode `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Result *typeNode    `parser:"@@?"`
	Body   *blockNode   `parser:"@@"`
}

type externNode struct {
	Pos    lexer.Position
	Name   string       `parser:"'extern' 'func' @Ident"`
	Params []*paramNode `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Result *typeNode    `parser:"@@? ';'"`
}

type paramNode struct {
	Pos  lexer.Position
	Name string    `parser:"@Ident ':'"`
	Type *typeNode `parser:"@@"`
}

// typeNode is a chain of `[]` (captured as "[") and `*` prefixes before a
// type name, outermost first.
type typeNode struct {
	Pos      lexer.Position
	Prefixes []string `parser:"( @'[' ']' | @'*' )*"`
	Name     string   `parser:"@Ident"`
}

type blockNode struct {
	Pos   lexer.Position
	Stmts []*stmtNode `parser:"'{' @@*"`
	Close closeNode   `parser:"@@"`
}

// closeNode records where a block ends, for "missing return".
type closeNode struct {
	Pos   lexer.Position
	Brace string `parser:"@'}'"`
}

// stmtNode tries the most frequent statements first: participle tries the
// alternatives in order, and each failed one costs allocations.
type stmtNode struct {
	Pos      lexer.Position
	Simple   *simpleNode `parser:"@@ ';'"`
	Var      *varNode    `parser:"| @@ ';'"`
	If       *ifNode     `parser:"| @@"`
	Return   *returnNode `parser:"| @@"`
	For      *forNode    `parser:"| @@"`
	While    *whileNode  `parser:"| @@"`
	Break    string      `parser:"| @'break' ';'"`
	Continue string      `parser:"| @'continue' ';'"`
	Block    *blockNode  `parser:"| @@"`
}

type varNode struct {
	Pos  lexer.Position
	Name string    `parser:"'var' @Ident"`
	Type *typeNode `parser:"( ':' @@ )?"`
	Init *exprNode `parser:"( '=' @@ )?"`
}

// simpleNode is an expression, or an assignment when Op is set. Its
// position is its first operand's, and the operator's is that of the token
// before Right (convert.go).
type simpleNode struct {
	Left  *exprNode `parser:"@@"`
	Op    string    `parser:"( @AssignOp"`
	Right *exprNode `parser:"  @@ )?"`
}

type ifNode struct {
	Pos     lexer.Position
	Cond    *exprNode     `parser:"'if' @@"`
	Then    *blockNode    `parser:"@@"`
	ElseIfs []*elseIfNode `parser:"@@*"`
	Else    *blockNode    `parser:"( 'else' @@ )?"`
}

type elseIfNode struct {
	Pos  lexer.Position
	Cond *exprNode  `parser:"'else' 'if' @@"`
	Then *blockNode `parser:"@@"`
}

type whileNode struct {
	Pos  lexer.Position
	Cond *exprNode  `parser:"'while' @@"`
	Body *blockNode `parser:"@@"`
}

type forNode struct {
	Pos  lexer.Position
	Init *forInitNode `parser:"'for' @@? ';'"`
	Cond *exprNode    `parser:"@@? ';'"`
	Post *simpleNode  `parser:"@@?"`
	Body *blockNode   `parser:"@@"`
}

type forInitNode struct {
	Var    *varNode    `parser:"@@"`
	Simple *simpleNode `parser:"| @@"`
}

type returnNode struct {
	Pos     lexer.Position
	Keyword string    `parser:"@'return'"`
	Value   *exprNode `parser:"@@? ';'"`
}

// A binary expression is a flat chain of operands and operators; convert.go
// applies the precedence table of LANGUAGE.md §5 to it. One grammar level
// instead of five keeps participle's allocations and recursion per operand
// small. Operators are told from each other by their text only: the lexer
// classifies them (lexer.go), so that one token type stands for all that may
// come at a place, and participle tries one alternative instead of eighteen.
// The operators' positions are those of the tokens before their right
// operands.
type exprNode struct {
	Left     *operandNode   `parser:"@@"`
	Ops      []string       `parser:"( @BinaryOp"`
	Operands []*operandNode `parser:"  @@ )*"`
}

// operandNode is a primary expression with its prefix operators (the
// tokens it starts with) and its suffixes.
type operandNode struct {
	Pos      lexer.Position
	Unary    []string      `parser:"@UnaryOp*"`
	Name     string        `parser:"( @Ident"`
	Literal  string        `parser:"| @Literal"`
	Paren    *exprNode     `parser:"| '(' @@ ')'"`
	New      *newNode      `parser:"| @@ )"`
	Suffixes []*suffixNode `parser:"@@*"`
}

type suffixNode struct {
	Pos   lexer.Position
	Index *exprNode `parser:"'[' @@ ']'"`
	Call  *argsNode `parser:"| '(' @@"`
}

type argsNode struct {
	Args []*exprNode `parser:"( @@ ( ',' @@ )* )? ')'"`
}

type newNode struct {
	Elem *typeNode `parser:"'new' '(' @@ ','"`
	Len  *exprNode `parser:"@@ ')'"`
}

var parser = participle.MustBuild[fileNode](
	participle.Lexer(toyTokens),
	participle.UseLookahead(participle.MaxLookahead),
)
