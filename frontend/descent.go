package frontend

import "github.com/alecthomas/participle/v2/lexer"

// A predictive recursive-descent parser for the grammar of grammar.go,
// which builds the same parse trees participle does, Tokens included, for
// every input it accepts, at a small fraction of participle's cost
// (participle builds each node by reflection and allocates for every
// alternative and repetition it tries). It is a fast path, not a second
// grammar: it gives up at the first token it does not expect, and the
// chunk is then parsed by participle, whose errors are the ones reported
// (parseTokens).
//
// Why the trees are the same: with unbounded lookahead participle parses
// as a PEG does (ordered choice, greedy repetition that backtracks out of
// a failing iteration). In this grammar every alternative, optional part
// and repeated part begins with a token that tells it from those tried
// before it and from what may follow it, so deciding by the next token
// (two at `else if`) makes the choices the PEG makes whenever the parse
// succeeds; where the PEG would backtrack, this parser gives up instead.
// descent_test.go checks the equivalence on the test programs, on
// mutations of them, and under the fuzzer.
//
// Giving up is a panic of errGiveUp, recovered in descend, as go/parser
// bails out (go/parser/parser.go, bailout): the grammar's functions need
// no error results, and the panic is only taken on invalid input.

// descent is the state of one parse: the tokens and the next one's index.
type descent struct {
	toks []lexer.Token
	at   int
	eof  lexer.Token
}

// errGiveUp is the panic that abandons a parse.
var errGiveUp = new(int)

// descend parses toks, a sequence of declarations, or returns nil where
// participle is to decide. The trees' Tokens are subslices of toks.
func descend(toks []lexer.Token) (tree *fileNode) {
	p := &descent{toks: toks, eof: lexer.Token{Type: lexer.EOF}}
	defer func() {
		if r := recover(); r != nil {
			if r != errGiveUp {
				panic(r)
			}
			tree = nil
		}
	}()
	tree = &fileNode{}
	for p.value() == "func" || p.value() == "extern" || p.value() == "var" {
		tree.Decls = append(tree.Decls, p.topDecl())
	}
	if p.at != len(toks) {
		panic(errGiveUp)
	}
	return tree
}

func (p *descent) peek(k int) *lexer.Token {
	if p.at+k < len(p.toks) {
		return &p.toks[p.at+k]
	}
	return &p.eof
}

func (p *descent) value() string { return p.peek(0).Value }

func (p *descent) typ() lexer.TokenType { return p.peek(0).Type }

// accept consumes the next token when its text is s, as a quoted literal
// of the grammar matches a token of any type.
func (p *descent) accept(s string) bool {
	if p.value() == s {
		p.at++
		return true
	}
	return false
}

func (p *descent) expect(s string) {
	if !p.accept(s) {
		panic(errGiveUp)
	}
}

// expectType consumes the next token, which must be of type t, and
// returns its text.
func (p *descent) expectType(t lexer.TokenType) string {
	tok := p.peek(0)
	if tok.Type != t {
		panic(errGiveUp)
	}
	p.at++
	return tok.Value
}

// since is the tokens from start to the next one: a node's Tokens.
func (p *descent) since(start int) []lexer.Token { return p.toks[start:p.at] }

// startsExpr reports whether the next token can begin an operand.
func (p *descent) startsExpr() bool {
	switch tok := p.peek(0); tok.Type {
	case tokUnaryOp, tokIdent, tokLiteral:
		return true
	default:
		return tok.Value == "(" || tok.Value == "new"
	}
}

// startsType reports whether the next token can begin a type.
func (p *descent) startsType() bool {
	tok := p.peek(0)
	return tok.Type == tokIdent || tok.Value == "[" || tok.Value == "*"
}

func (p *descent) topDecl() *topDeclNode {
	start := p.at
	d := &topDeclNode{}
	switch p.value() {
	case "func":
		d.Func = p.funcDecl()
	case "extern":
		d.Extern = p.externDecl()
	default:
		p.expect("var")
		d.Global = p.varDecl()
		p.expect(";")
	}
	d.Tokens = p.since(start)
	return d
}

func (p *descent) funcDecl() *funcNode {
	p.expect("func")
	f := &funcNode{Name: p.expectType(tokIdent)}
	f.Params = p.params()
	if p.startsType() {
		f.Result = p.typeExpr()
	}
	f.Body = p.block()
	return f
}

func (p *descent) externDecl() *externNode {
	p.expect("extern")
	p.expect("func")
	f := &externNode{Name: p.expectType(tokIdent)}
	f.Params = p.params()
	if p.startsType() {
		f.Result = p.typeExpr()
	}
	p.expect(";")
	return f
}

// params is a parenthesized parameter list.
func (p *descent) params() []*paramNode {
	p.expect("(")
	var ps []*paramNode
	if p.typ() == tokIdent {
		ps = append(ps, p.param())
		for p.accept(",") {
			ps = append(ps, p.param())
		}
	}
	p.expect(")")
	return ps
}

func (p *descent) param() *paramNode {
	start := p.at
	p.expectType(tokIdent)
	p.expect(":")
	n := &paramNode{Type: p.typeExpr()}
	n.Tokens = p.since(start)
	return n
}

func (p *descent) typeExpr() *typeNode {
	start := p.at
	for {
		if p.accept("[") {
			p.expect("]")
		} else if !p.accept("*") {
			break
		}
	}
	p.expectType(tokIdent)
	return &typeNode{Tokens: p.since(start)}
}

func (p *descent) block() *blockNode {
	start := p.at
	p.expect("{")
	b := &blockNode{}
	for p.value() != "}" {
		b.Stmts = append(b.Stmts, p.stmt())
	}
	p.at++
	b.Tokens = p.since(start)
	return b
}

func (p *descent) stmt() *stmtNode {
	start := p.at
	s := &stmtNode{}
	switch {
	case p.accept("var"):
		s.Var = p.varDecl()
		p.expect(";")
	case p.startsExpr():
		s.simpleNode = p.simple()
		p.expect(";")
	case p.accept("if"):
		s.If = p.ifStmt()
	case p.accept("for"):
		s.For = p.forStmt()
	case p.accept("return"):
		s.Return = &returnNode{}
		if p.startsExpr() {
			s.Return.Value = p.expr()
		}
		p.expect(";")
	case p.accept("while"):
		s.While = &whileNode{Cond: p.expr(), Body: p.block()}
	case p.accept("break"), p.accept("continue"):
		p.expect(";")
	default:
		s.Block = p.block()
	}
	s.Tokens = p.since(start)
	return s
}

// varDecl is a declaration after its `var`.
func (p *descent) varDecl() *varNode {
	start := p.at
	p.expectType(tokIdent)
	v := &varNode{}
	if p.accept(":") {
		v.Type = p.typeExpr()
	}
	if p.accept("=") {
		v.Init = p.expr()
	}
	v.Tokens = p.since(start)
	return v
}

func (p *descent) simple() simpleNode {
	s := simpleNode{Left: p.expr()}
	if p.typ() == tokAssignOp {
		p.at++
		s.Right = p.expr()
	}
	return s
}

// ifStmt is an if statement after its `if`.
func (p *descent) ifStmt() *ifNode {
	n := &ifNode{Cond: p.expr(), Then: p.block()}
	for p.value() == "else" && p.peek(1).Value == "if" {
		p.at += 2
		n.ElseIfs = append(n.ElseIfs, &elseIfNode{Cond: p.expr(), Then: p.block()})
	}
	if p.accept("else") {
		n.Else = p.block()
	}
	return n
}

// forStmt is a for statement after its `for`.
func (p *descent) forStmt() *forNode {
	n := &forNode{}
	if p.value() == "var" || p.startsExpr() {
		start := p.at
		in := &forInitNode{}
		if p.accept("var") {
			in.Var = p.varDecl()
		} else {
			s := p.simple()
			in.Simple = &s
		}
		in.Tokens = p.since(start)
		n.Init = in
	}
	p.expect(";")
	if p.startsExpr() {
		n.Cond = p.expr()
	}
	p.expect(";")
	if p.startsExpr() {
		s := p.simple()
		n.Post = &s
	}
	n.Body = p.block()
	return n
}

func (p *descent) expr() *exprNode {
	start := p.at
	e := &exprNode{}
	p.operand(&e.operand)
	for p.typ() == tokBinaryOp {
		p.at++
		ostart := p.at
		o := &operandNode{}
		p.operand(&o.operand)
		o.Tokens = p.since(ostart)
		e.Rest = append(e.Rest, o)
	}
	e.Tokens = p.since(start)
	return e
}

func (p *descent) operand(o *operand) {
	for p.typ() == tokUnaryOp {
		p.at++
	}
	switch tok := p.peek(0); {
	case tok.Type == tokIdent, tok.Type == tokLiteral:
		p.at++
	case p.accept("("):
		o.Paren = p.expr()
		p.expect(")")
	case p.accept("new"):
		n := &newNode{}
		p.expect("(")
		n.Elem = p.typeExpr()
		p.expect(",")
		n.Len = p.expr()
		p.expect(")")
		o.New = n
	default:
		panic(errGiveUp)
	}
	for {
		if p.accept("[") {
			o.Indexes = append(o.Indexes, p.expr())
			p.expect("]")
		} else if p.accept("(") {
			o.Calls = append(o.Calls, p.args())
		} else {
			return
		}
	}
}

// args is a call's arguments after its "(".
func (p *descent) args() *argsNode {
	start := p.at
	a := &argsNode{}
	if p.startsExpr() {
		a.Args = append(a.Args, p.expr())
		for p.accept(",") {
			a.Args = append(a.Args, p.expr())
		}
	}
	p.expect(")")
	a.Tokens = p.since(start)
	return a
}
