package frontend

import (
	"fmt"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Conversion of participle's parse tree (grammar.go) into the AST (ast.go).
// It associates binary operators to the left, folds `-` directly before an
// integer literal into a negative literal, decodes literals, builds types,
// and rejects what the permissive grammar lets through: statements that are
// neither a call nor an assignment, assignments to non-lvalues, and type
// constructors the language forbids anywhere (pointer to pointer, array of
// pointers). Expression trees deeper than maxExprDepth stop the conversion
// so that later recursive passes stay within a sane stack.

type converter struct {
	file    string
	lines   *lineIndex
	toks    []lexer.Token // those of the chunk being converted, for the positions of operators
	diags   diag.List
	tooDeep bool
	// typoLine is the line of the last expression statement taken for a
	// misspelled keyword: the statements after it on its line are not
	// reported (`fro ; i < n; {` holds two)
	typoLine int
}

func (c *converter) errorf(pos diag.Pos, format string, args ...any) {
	c.diags.Add(c.file, pos, format, args...)
}

func (c *converter) pos(p lexer.Position) diag.Pos { return c.lines.at(p) }

// tokenIndex is the index of the token at p, found by binary search.
func (c *converter) tokenIndex(p lexer.Position) int {
	return sort.Search(len(c.toks), func(i int) bool { return c.toks[i].Pos.Offset >= p.Offset })
}

// tokenBefore is the token before the one at p: the operator before its
// right operand, or the bracket before an index.
func (c *converter) tokenBefore(p lexer.Position) lexer.Token {
	return c.toks[c.tokenIndex(p)-1]
}

// depthOK reports whether an expression of depth d may be built; the first
// violation is reported, and conversion results are then discarded.
func (c *converter) depthOK(d int, p diag.Pos) bool { return c.nestingOK("expression", d, p) }

func (c *converter) nestingOK(what string, d int, p diag.Pos) bool {
	if d <= maxExprDepth {
		return true
	}
	if !c.tooDeep {
		c.tooDeep = true
		c.errorf(p, "%s nested too deeply (more than %d levels)", what, maxExprDepth)
	}
	return false
}

// convertedDecls is the AST of a file before checking.
type convertedDecls struct {
	funcs   []*Func
	globals []*Var
	// order lists the functions and globals in source order, for duplicate
	// detection that reports the later declaration.
	order []any
}

// addStub adds the stub of a declaration with a syntax error.
func (out *convertedDecls) addStub(stub any) {
	switch d := stub.(type) {
	case *Func:
		out.funcs = append(out.funcs, d)
	case *Var:
		out.globals = append(out.globals, d)
	}
	out.order = append(out.order, stub)
}

// decls converts the declarations of a parse tree and adds them to out.
func (c *converter) decls(f *fileNode, out *convertedDecls) {
	for _, d := range f.Decls {
		switch {
		case d.Func != nil:
			before := len(c.diags)
			fn := &Func{Pos: c.pos(d.Tokens[0].Pos), Name: d.Func.Name,
				Params: c.params(d.Func.Params), Result: c.result(d.Func.Result),
				Body: c.block(d.Func.Body)}
			fn.convErrors = len(c.diags) > before
			out.funcs = append(out.funcs, fn)
			out.order = append(out.order, fn)
		case d.Extern != nil:
			fn := &Func{Pos: c.pos(d.Tokens[0].Pos), Name: d.Extern.Name, Extern: true,
				Params: c.params(d.Extern.Params), Result: c.result(d.Extern.Result)}
			out.funcs = append(out.funcs, fn)
			out.order = append(out.order, fn)
		default:
			v, init := c.varDecl(d.Global, d.Tokens[0].Pos, GlobalVar)
			v.Init = init
			out.globals = append(out.globals, v)
			out.order = append(out.order, v)
		}
	}
}

func (c *converter) params(ps []*paramNode) []*Var {
	var out []*Var
	if len(ps) > 0 {
		out = make([]*Var, 0, len(ps))
	}
	for _, p := range ps {
		name := p.Tokens[0]
		out = append(out, &Var{Pos: c.pos(name.Pos), NamePos: c.pos(name.Pos), Name: name.Value, Type: c.typ(p.Type), Kind: ParamVar})
	}
	return out
}

func (c *converter) result(t *typeNode) *Type {
	if t == nil {
		return VoidType
	}
	return c.typ(t)
}

// typ builds a type from its prefixes, innermost first. Names are resolved
// here: the type names are predeclared and cannot be redeclared, so no
// scope can change their meaning.
func (c *converter) typ(t *typeNode) *Type {
	pos := c.pos(t.Tokens[0].Pos)
	name := t.Tokens[len(t.Tokens)-1].Value
	var prefixes []string // "[" for []
	for _, tok := range t.Tokens[:len(t.Tokens)-1] {
		if tok.Value != "]" {
			prefixes = append(prefixes, tok.Value)
		}
	}
	var base *Type
	switch name {
	case "int":
		base = IntType
	case "i32":
		base = I32Type
	case "bool":
		base = BoolType
	default:
		c.errorf(pos, "%s is not a type%s", name, didYouMean(name, []string{"int", "i32", "bool"}))
		return InvalidType
	}
	if !c.nestingOK("type", len(prefixes), pos) {
		return InvalidType
	}
	for i := len(prefixes) - 1; i >= 0; i-- {
		if base.Kind == Pointer {
			if prefixes[i] == "*" {
				c.errorf(pos, "pointer to pointer (*%s) is not allowed", base)
			} else {
				c.errorf(pos, "array of pointers ([]%s) is not allowed: a pointer cannot be stored", base)
			}
			return InvalidType
		}
		if prefixes[i] == "*" {
			base = PointerTo(base)
		} else {
			base = ArrayOf(base)
		}
	}
	return base
}

// varDecl converts a declaration whose `var` is at pos.
func (c *converter) varDecl(v *varNode, pos lexer.Position, kind VarKind) (*Var, Expr) {
	out := &Var{Pos: c.pos(pos), NamePos: c.pos(v.Tokens[0].Pos), Name: v.Tokens[0].Value, Kind: kind}
	if v.Type != nil {
		out.Type = c.typ(v.Type)
	}
	var init Expr
	if v.Init != nil {
		init = c.expr(v.Init)
	}
	return out, init
}

func (c *converter) block(b *blockNode) *Block {
	out := &Block{Pos: c.pos(b.Tokens[0].Pos), End: c.pos(b.Tokens[len(b.Tokens)-1].Pos)}
	if len(b.Stmts) > 0 {
		out.Stmts = make([]Stmt, 0, len(b.Stmts))
	}
	for _, s := range b.Stmts {
		if st := c.stmt(s); st != nil {
			out.Stmts = append(out.Stmts, st)
		}
	}
	return out
}

// stmt converts a statement, which its first token identifies.
func (c *converter) stmt(s *stmtNode) Stmt {
	first := s.Tokens[0]
	pos := c.pos(first.Pos)
	switch first.Value {
	case "var":
		v, init := c.varDecl(s.Var, first.Pos, LocalVar)
		return &VarStmt{Pos: pos, Var: v, Init: init}
	case "if":
		out := &IfStmt{Pos: pos, Clauses: make([]*IfClause, 1, 1+len(s.If.ElseIfs))}
		out.Clauses[0] = &IfClause{Pos: pos, Cond: c.expr(s.If.Cond), Then: c.block(s.If.Then)}
		for _, ei := range s.If.ElseIfs {
			// the clause's position is its `else`, two tokens before the condition
			elsePos := c.toks[c.tokenIndex(ei.Cond.Tokens[0].Pos)-2].Pos
			out.Clauses = append(out.Clauses, &IfClause{Pos: c.pos(elsePos), Cond: c.expr(ei.Cond), Then: c.block(ei.Then)})
		}
		if s.If.Else != nil {
			out.Else = c.block(s.If.Else)
		}
		return out
	case "while":
		return &WhileStmt{Pos: pos, Cond: c.expr(s.While.Cond), Body: c.block(s.While.Body)}
	case "for":
		out := &ForStmt{Pos: pos, Body: c.block(s.For.Body)}
		if in := s.For.Init; in != nil && in.Var != nil {
			v, init := c.varDecl(in.Var, in.Tokens[0].Pos, LocalVar)
			out.Init = &VarStmt{Pos: c.pos(in.Tokens[0].Pos), Var: v, Init: init}
		} else if in != nil {
			out.Init = c.simple(in.Simple)
		}
		if s.For.Cond != nil {
			out.Cond = c.expr(s.For.Cond)
		}
		if s.For.Post != nil {
			out.Post = c.simple(s.For.Post)
		}
		return out
	case "break":
		return &BranchStmt{Pos: pos}
	case "continue":
		return &BranchStmt{Pos: pos, Continue: true}
	case "return":
		out := &ReturnStmt{Pos: pos}
		if s.Return.Value != nil {
			out.Value = c.expr(s.Return.Value)
		}
		return out
	case "{":
		return c.block(s.Block)
	}
	return c.simple(&s.simpleNode)
}

// simple turns `Expr [op Expr]` into an assignment or a call statement, or
// reports why it is neither (and returns nil).
func (c *converter) simple(s *simpleNode) Stmt {
	pos := c.pos(s.Left.Tokens[0].Pos)
	left := c.expr(s.Left)
	if s.Right == nil {
		if call, ok := left.(*Call); ok {
			return &ExprStmt{Pos: pos, Call: call}
		}
		if pos.Line != c.typoLine {
			why := notStatementHint(left)
			if strings.HasPrefix(why, "; did you mean") {
				c.typoLine = pos.Line
			}
			if why == "" {
				why = ": only calls and assignments are"
			}
			c.errorf(pos, "expression is not a statement%s", why)
		}
		return nil
	}
	right := c.expr(s.Right)
	switch t := left.(type) {
	case *Ident, *Index:
	case *Unary:
		if t.Op != "*" {
			c.errorf(pos, "cannot assign to this expression: it is not a variable, array element or *pointer")
			return nil
		}
	default:
		if b, what := c.lineBreak(s.Left.Tokens); b >= 0 {
			// `print(x)` and `*p = 1` on the next line, without the `;`
			prev := s.Left.Tokens[b-1]
			c.errorf(c.lines.pos(prev.Pos.Offset+len(prev.Value)), "expected ';' after %s", what)
			return nil
		}
		c.errorf(pos, "cannot assign to this expression: it is not a variable, array element or *pointer")
		return nil
	}
	opTok := c.tokenBefore(s.Right.Tokens[0].Pos)
	op := opTok.Value[:len(opTok.Value)-1]
	return &AssignStmt{Pos: pos, OpPos: c.pos(opTok.Pos), Op: op, Target: left, Value: right}
}

// notStatementHint is what an expression statement that is no call may
// have been meant as, or "": a misspelled keyword (`retrun -1;`, `brek;`),
// or `--x`.
func notStatementHint(e Expr) string {
	if u, ok := e.(*Unary); ok && u.Op == "-" {
		if v, ok := u.X.(*Unary); ok && v.Op == "-" && v.Pos.Line == u.Pos.Line && v.Pos.Col == u.Pos.Col+1 {
			return fmt.Sprintf(": Toy has no '--' operator; write %s -= 1", exprText(v.X, 6))
		}
	}
	if id, ok := e.(*Ident); ok {
		return didYouMean(id.Name, []string{"break", "continue", "return", "for"})
	}
	if id, ok := leftmost(e).(*Ident); ok {
		return didYouMean(id.Name, []string{"return"})
	}
	return ""
}

// lineBreak finds, in the tokens of an expression that is a statement's
// left side, the first line break after a token that ends an operand and
// before one that can begin a statement; it returns the index of the token
// after the break, or -1, and names what comes before it.
func (c *converter) lineBreak(toks []lexer.Token) (int, string) {
	for b := 1; b < len(toks); b++ {
		prev, t := toks[b-1], toks[b]
		if t.Pos.Line > prev.Pos.Line && endsOperand(prev) && (t.Value == "*" || t.Type == tokIdent || isText(t, "(")) {
			if isText(prev, ")") {
				return b, "the call"
			}
			return b, "the expression"
		}
	}
	return -1, ""
}

// Expressions. Each function returns the expression and its depth.

func (c *converter) expr(e *exprNode) Expr {
	x, _ := c.or(e)
	return x
}

// precedence is docs/reference.md §9's table: higher binds tighter.
var precedence = map[string]int{
	"*": 5, "/": 5, "%": 5, "<<": 5, ">>": 5, "&": 5,
	"+": 4, "-": 4, "|": 4, "^": 4,
	"==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
	"&&": 2,
	"||": 1,
}

// or builds the tree of a flat operator chain by operator precedence
// parsing with explicit stacks (shunting-yard, all operators left
// associative), so that a long chain needs no recursion.
func (c *converter) or(e *exprNode) (Expr, int) {
	type operand struct {
		x Expr
		d int
	}
	type operator struct {
		op  string
		pos diag.Pos
	}
	x, d := c.operand(&e.operand, e.Tokens)
	operands := make([]operand, 1, len(e.Rest)+1)
	operands[0] = operand{x, d}
	var ops []operator
	reduce := func() {
		op := ops[len(ops)-1]
		ops = ops[:len(ops)-1]
		l, r := operands[len(operands)-2], operands[len(operands)-1]
		operands = operands[:len(operands)-2]
		d := max(l.d, r.d) + 1
		if !c.depthOK(d, op.pos) {
			operands = append(operands, operand{l.x, d})
			return
		}
		b := markFlexible(&Binary{typed: typed{Pos: op.pos}, Op: op.op, X: l.x, Y: r.x})
		operands = append(operands, operand{b, d})
	}
	for _, right := range e.Rest {
		opTok := c.tokenBefore(right.Tokens[0].Pos)
		for len(ops) > 0 && precedence[ops[len(ops)-1].op] >= precedence[opTok.Value] {
			reduce()
		}
		y, dy := c.operand(&right.operand, right.Tokens)
		ops = append(ops, operator{opTok.Value, c.pos(opTok.Pos)})
		operands = append(operands, operand{y, dy})
	}
	for len(ops) > 0 {
		reduce()
	}
	return operands[0].x, operands[0].d
}

// operand converts the operand whose tokens start toks: it applies the
// prefix operators, innermost first, to the primary expression with its
// suffixes; a `-` directly before an integer or character literal becomes
// part of the literal.
func (c *converter) operand(e *operand, toks []lexer.Token) (Expr, int) {
	n := 0 // prefix operators
	for toks[n].Type == tokUnaryOp {
		n++
	}
	ops, primary := toks[:n], toks[n]
	var x Expr
	var d int
	if n > 0 && ops[n-1].Value == "-" && isNumber(primary) && len(e.Indexes)+len(e.Calls) == 0 {
		x, d = c.literal(primary.Value, c.pos(ops[n-1].Pos), c.pos(primary.Pos), true)
		ops = ops[:n-1]
	} else {
		x, d = c.postfix(e, primary)
	}
	if len(ops) > 0 && !c.depthOK(d+len(ops), c.pos(ops[0].Pos)) {
		return x, d + len(ops)
	}
	for i := len(ops) - 1; i >= 0; i-- {
		x = markFlexible(&Unary{typed: typed{Pos: c.pos(ops[i].Pos)}, Op: ops[i].Value, X: x})
		d++
	}
	return x, d
}

// isNumber reports whether t is an integer or character literal.
func isNumber(t lexer.Token) bool {
	return t.Type == tokLiteral && (isDigit(t.Value[0]) || t.Value[0] == '\'')
}

// postfix converts the primary expression that begins with token first,
// with its suffixes, which are in two lists ordered by position.
func (c *converter) postfix(e *operand, first lexer.Token) (Expr, int) {
	pos := c.pos(first.Pos)
	x, d := c.primary(e, first, pos)
	suffixes := len(e.Indexes) + len(e.Calls)
	if suffixes > 0 && !c.depthOK(d+suffixes, pos) {
		return x, d + suffixes
	}
	indexes, calls := e.Indexes, e.Calls
	for len(indexes)+len(calls) > 0 {
		if len(calls) == 0 || len(indexes) > 0 && indexes[0].Tokens[0].Pos.Offset < calls[0].Tokens[0].Pos.Offset {
			i, di := c.or(indexes[0])
			bracket := c.tokenBefore(indexes[0].Tokens[0].Pos)
			x = &Index{typed: typed{Pos: c.pos(bracket.Pos)}, X: x, Index: i}
			d = max(d, di) + 1
			indexes = indexes[1:]
			continue
		}
		call := &Call{typed: typed{Pos: x.Position()}, Callee: x}
		if len(calls[0].Args) > 0 {
			call.Args = make([]Expr, 0, len(calls[0].Args))
		}
		for _, a := range calls[0].Args {
			arg, da := c.or(a)
			call.Args = append(call.Args, arg)
			d = max(d, da)
		}
		x = call
		d++
		calls = calls[1:]
	}
	return x, d
}

// primary converts the primary expression that begins with token first at
// pos, without suffixes; a literal's kind is told by its first character.
func (c *converter) primary(e *operand, first lexer.Token, pos diag.Pos) (Expr, int) {
	switch {
	case first.Type == tokIdent:
		return &Ident{typed: typed{Pos: pos}, Name: first.Value}, 1
	case e.New != nil:
		n, d := c.or(e.New.Len)
		return &New{typed: typed{Pos: pos}, Elem: c.typ(e.New.Elem), Len: n}, d + 1
	case e.Paren != nil:
		return c.or(e.Paren)
	}
	switch lit := first.Value; lit[0] {
	case '"':
		s, msg, at := decodeString(lit)
		if msg != "" {
			c.errorf(within(pos, lit, at), "%s in string literal", msg)
		}
		return &StringLit{typed: typed{Pos: pos}, Text: lit, Value: s}, 1
	case 't', 'f':
		return &BoolLit{typed: typed{Pos: pos}, Value: lit == "true"}, 1
	}
	return c.literal(first.Value, pos, pos, false)
}

// literal decodes an integer or character literal; at is the position of
// its first character, or of the `-` of a negative literal, and textPos
// that of its digits or quote.
func (c *converter) literal(text string, at, textPos diag.Pos, neg bool) (Expr, int) {
	lit := &IntLit{typed: typed{Pos: at}, neg: neg, Text: text}
	var msg string
	if text[0] == '\'' {
		var b byte
		var at int
		b, msg, at = decodeChar(text)
		lit.mag = uint64(b)
		textPos = within(textPos, text, at)
	} else {
		lit.mag, msg = parseInt(text)
	}
	if neg {
		lit.Text = "-" + lit.Text
	}
	if msg != "" {
		c.errorf(textPos, "%s", msg)
		lit.T = InvalidType
	}
	return markFlexible(lit), 1
}

// within is the position of byte at of a token text that begins at pos
// (a bad escape in a literal, which never spans lines).
func within(pos diag.Pos, text string, at int) diag.Pos {
	if at <= 0 || at >= len(text) || strings.Contains(text[:at], "\n") {
		return pos
	}
	return diag.Pos{Line: pos.Line, Col: pos.Col + at}
}
