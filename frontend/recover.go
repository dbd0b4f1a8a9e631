package frontend

import (
	"fmt"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Syntax errors, all of them, where the mistakes are.
//
// Participle parses valid files (parse.go) and stops at the first error,
// which it places by its lookahead and describes by grammar fragments. So
// when a chunk of declarations does not parse, the file from that chunk on
// is read again by a recursive-descent recognizer of the same grammar
// (synParser, this file), which builds no parse tree but reports each
// syntax error the way gcc and clang do, and recovers from it:
//
//   - A missing token that ends something (`;`, `)`, `]`, `}`) is reported
//     just after the token before it, where it belongs, and the parse goes
//     on as if it were there; an unclosed bracket gets a note at the bracket
//     ("to match this '{'").
//   - Other errors end the statement, condition or declaration being
//     parsed; the recognizer resumes at the next statement (after a `;`, at a
//     `}`, or at a statement keyword), at the `{` of a body after a broken
//     condition or header, or at the next declaration.
//   - A statement that runs over a line break into an error is taken to
//     end at the line break, with its `;` missing there: `x = 1` before a
//     line `*p = 2;` parses as `x = 1 * p`, then fails at the `=`.
//   - A body whose `{` is missing is one statement when one follows on the
//     same line (`if x print(x);`), else the statements up to a `}` in the
//     column of the line that begins the construct (the `{` was deleted).
//   - Known mistakes get their own message: `++` and `--`, `=` in a
//     condition, a misspelled keyword, a C-style `for (...)`, a type before
//     a name, `:=`, an array type with a length.
//   - After an error, further errors in the same statement (or condition,
//     or header) are not reported, nor any at or before the token of the
//     last one: one mistake, one error.
//
// The declarations the recognizer found whole are then parsed by
// participle as before and checked; a declaration with a syntax error is
// not, but what its header declares stays known to the checker (a stub:
// the function with its signature, or with none when the header itself is
// broken; the global with its type, if it was read), so that other
// declarations using it get no "undefined" errors. Nothing of this runs for
// a file without syntax errors.
//
// The recognizer accepts exactly what the grammar (grammar.go) accepts:
// FuzzCheck compares the two on every input.

// bailout is the panic that ends a construct at a syntax error; rescue
// resumes at token at instead (a statement found to end there).
type (
	bailout struct{}
	rescue  struct{ at int }
)

// synDecl is a top-level declaration (or stray tokens) found by the
// recognizer: tokens [start, end), whether it has a syntax error, and the
// stub that stands for it then.
type synDecl struct {
	start, end int
	broken     bool
	stub       any // *Func or *Var, or nil
}

// blockKind says what a block is, for messages.
type blockKind int

const (
	plainBlock blockKind = iota
	funcBody
	thenBlock // of an if or else if: an `else` in it is taken for a missing `}`
	elseBlock
	whileBody
	forBody
)

type synParser struct {
	file  string
	src   string
	lines *lineIndex
	toks  []lexer.Token // the last is EOF
	at    int
	// baseCol is the column of the file's first declaration: a `var` at a
	// line start there begins a declaration when tokens are skipped.
	baseCol int

	quiet   bool // a trial parse: nothing is reported
	diags   diag.List
	lastErr int  // token index of the last error reported
	muted   bool // an error was reported in the current statement, condition or header
	// keepMuted carries muted into the next statement (the body of an if
	// without braces)
	keepMuted bool
	broken    bool // the current declaration has a syntax error
	stub      any

	stop      int // a token where every open block ends (a declaration in an unclosed function), or -1
	stmtStart int // the first token of the statement being parsed that ends with `;`, or -1
	decls     []synDecl
	// matchingBrace's tables
	closeAfter, declAfter []int
	// the `}` that ended the last function body, and the function
	lastBodyEnd int
	lastFunc    string
}

func newSynParser(file string, src []byte, lines *lineIndex, toks []lexer.Token, baseCol int) *synParser {
	return &synParser{file: file, src: sourceText(src), lines: lines, toks: toks, baseCol: baseCol,
		lastErr: -1, stop: -1, stmtStart: -1, lastBodyEnd: -2}
}

// Tokens.

func (p *synParser) tok() lexer.Token { return p.toks[p.at] }

func (p *synParser) peek(k int) lexer.Token {
	return p.toks[min(p.at+k, len(p.toks)-1)]
}

func (p *synParser) next() {
	if p.at < len(p.toks)-1 {
		p.at++
	}
}

// isText reports whether t is the punctuation, operator or keyword v.
func isText(t lexer.Token, v string) bool {
	return t.Value == v && t.Type != tokIdent && t.Type != tokLiteral && !t.EOF()
}

func (p *synParser) is(v string) bool { return isText(p.tok(), v) }

func (p *synParser) atStop() bool {
	t := p.tok()
	return t.EOF() || p.at == p.stop || isText(t, "func") || isText(t, "extern")
}

// lineStart reports whether token i is the first on its line.
func (p *synParser) lineStart(i int) bool {
	return i == 0 || p.toks[i-1].Pos.Line < p.toks[i].Pos.Line
}

// sameLine reports whether tokens i and j are on one line.
func (p *synParser) sameLine(i, j int) bool {
	return i >= 0 && p.toks[i].Pos.Line == p.toks[j].Pos.Line
}

// adjacent reports whether token i+1 follows token i without a space.
func (p *synParser) adjacent(i int) bool {
	a, b := p.toks[i], p.toks[min(i+1, len(p.toks)-1)]
	return !b.EOF() && a.Pos.Offset+len(a.Value) == b.Pos.Offset
}

// text is the source from token i to token j, inclusive.
func (p *synParser) text(i, j int) string {
	return p.src[p.toks[i].Pos.Offset : p.toks[j].Pos.Offset+len(p.toks[j].Value)]
}

// indentCol is the column of the first token on token i's line.
func (p *synParser) indentCol(i int) int {
	for i > 0 && p.toks[i-1].Pos.Line == p.toks[i].Pos.Line {
		i--
	}
	return p.toks[i].Pos.Column
}

var statementKeywords = map[string]bool{
	"var": true, "if": true, "while": true, "for": true, "return": true, "break": true, "continue": true,
}

func isStatementKeyword(t lexer.Token) bool {
	return t.Type == tokKeyword && statementKeywords[t.Value]
}

var binaryTexts = map[string]bool{
	"+": true, "-": true, "*": true, "/": true, "%": true, "&": true, "|": true, "^": true, "<<": true, ">>": true,
	"&&": true, "||": true, "==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true,
}

// isBinary and isUnary tell operators by their text: the lexer's class of
// `- ^ * &` depends on the token before, which, wherever the grammar has an
// operand or an operator, agrees with the place.
func isBinary(t lexer.Token) bool {
	return (t.Type == tokBinaryOp || t.Type == tokUnaryOp) && binaryTexts[t.Value]
}

func isUnary(t lexer.Token) bool {
	switch t.Value {
	case "-", "^", "*", "&", "!":
		return t.Type == tokBinaryOp || t.Type == tokUnaryOp
	}
	return false
}

// startsOperand reports whether t can begin an expression.
func startsOperand(t lexer.Token) bool {
	return t.Type == tokIdent || t.Type == tokLiteral || isText(t, "(") || isText(t, "new") || isUnary(t)
}

// startsStatement reports whether t can begin a statement.
func startsStatement(t lexer.Token) bool {
	return startsOperand(t) || isStatementKeyword(t) || isText(t, "{")
}

// endsOperand reports whether t can end an expression.
func endsOperand(t lexer.Token) bool {
	return t.Type == tokIdent || t.Type == tokLiteral || isText(t, ")") || isText(t, "]")
}

// followsOperand reports whether t can come after a complete operand,
// which is where a missing `)` or `]` is taken to belong.
func followsOperand(t lexer.Token) bool {
	if t.EOF() || isBinary(t) || t.Type == tokAssignOp {
		return true
	}
	switch t.Value {
	case ";", ",", ")", "]", "{", "}", ":":
		return t.Type == tokPunct
	}
	return isText(t, "func") || isText(t, "extern")
}

// startsType reports whether t can begin a type.
func startsType(t lexer.Token) bool {
	return t.Type == tokIdent || isText(t, "[") || t.Value == "*" && t.Type != tokLiteral
}

func isTypeName(name string) bool { return name == "int" || name == "i32" || name == "bool" }

// describe names a token for a message.
func describe(t lexer.Token) string {
	if t.EOF() {
		return "end of file"
	}
	return "'" + shorten(t.Value) + "'"
}

// Positions and errors.

func (p *synParser) posOf(i int) diag.Pos { return p.lines.at(p.toks[i].Pos) }

// endOf is the position just after token i.
func (p *synParser) endOf(i int) diag.Pos {
	t := p.toks[i]
	return p.lines.pos(t.Pos.Offset + len(t.Value))
}

// afterPrev is the position just after the token before the current one:
// where a missing token belongs.
func (p *synParser) afterPrev() diag.Pos {
	if p.at == 0 {
		return p.posOf(0)
	}
	return p.endOf(p.at - 1)
}

func (p *synParser) noteAt(i int, format string, args ...any) *diag.Note {
	if i < 0 {
		return nil
	}
	return &diag.Note{Pos: p.posOf(i), Msg: fmt.Sprintf(format, args...)}
}

// report records a syntax error found at token i, shown at pos, unless an
// error was reported in the same statement already, or at or after token i.
func (p *synParser) report(i int, pos diag.Pos, note *diag.Note, format string, args ...any) {
	p.broken = true
	if p.quiet || p.muted || i <= p.lastErr {
		return
	}
	p.lastErr, p.muted = i, true
	p.diags = append(p.diags, diag.Diagnostic{File: p.file, Pos: pos, Msg: fmt.Sprintf(format, args...), Note: note})
}

// fail reports an error at token i and ends the construct being parsed.
// In a statement that runs over several lines, an error on a later line
// usually means that the statement should have ended at a line break
// before: a `;` missing at the end of a line before a line that begins
// with `*p` or `(`, which continue an expression. That is reported instead,
// and the parse resumes at the line break.
func (p *synParser) fail(i int, pos diag.Pos, note *diag.Note, format string, args ...any) {
	if b := p.rescuePoint(i); b >= 0 {
		p.report(b, p.endOf(b-1), nil, "expected ';' after %s", p.statementName(p.stmtStart, b))
		panic(rescue{b})
	}
	p.report(i, pos, note, format, args...)
	panic(bailout{})
}

// rescuePoint is the first line break in the statement being parsed,
// before token i on a later line, after a token that ends an operand and
// before one that begins a statement; or -1.
func (p *synParser) rescuePoint(i int) int {
	s := p.stmtStart
	if s < 0 || i <= s || p.toks[i].Pos.Line == p.toks[s].Pos.Line {
		return -1
	}
	return p.breakIn(s+1, i)
}

// breakIn is the first token in (from, to] that begins a line after a
// token that ends an operand, and can begin a statement; or -1.
func (p *synParser) breakIn(from, to int) int {
	for b := max(from, 1); b <= to && b < len(p.toks)-1; b++ {
		if p.lineStart(b) && endsOperand(p.toks[b-1]) && (startsStatement(p.toks[b]) && !isBinary(p.toks[b]) || p.toks[b].Value == "*") {
			return b
		}
	}
	return -1
}

// statementName names the statement in tokens [s, end) for "expected ';'
// after ...".
func (p *synParser) statementName(s, end int) string {
	first := p.toks[s]
	switch {
	case isText(first, "var") && s+1 < end:
		return "the declaration of " + p.toks[s+1].Value
	case isText(first, "return"):
		return "the return statement"
	case isText(first, "break"), isText(first, "continue"):
		return "'" + first.Value + "'"
	}
	depth := 0
	for i := s; i < end; i++ {
		switch t := p.toks[i]; {
		case isText(t, "("), isText(t, "["):
			depth++
		case isText(t, ")"), isText(t, "]"):
			depth--
		case t.Type == tokAssignOp && depth == 0:
			return "the assignment"
		}
	}
	if isText(p.toks[end-1], ")") {
		return "the call"
	}
	return "the expression"
}

// guard runs f and reports whether it ended without a syntax error.
func (p *synParser) guard(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(bailout); !is {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// Skipping, to resume after an error.

// skipStatement passes the rest of a broken statement that began at start:
// through its `;`, or a block it has, or up to a `}`, a statement keyword
// or a declaration.
func (p *synParser) skipStatement(start int) {
	if p.at == start {
		p.next()
	}
	for !p.atStop() {
		switch t := p.tok(); {
		case isText(t, "}"), isStatementKeyword(t):
			return
		case isText(t, ";"):
			p.next()
			return
		case isText(t, "{"):
			p.skipBlock()
			return
		}
		p.next()
	}
}

// skipBlock passes the block at the current `{` and what it holds.
func (p *synParser) skipBlock() {
	depth := 0
	for !p.atStop() {
		switch {
		case p.is("{"):
			depth++
		case p.is("}"):
			depth--
			if depth == 0 {
				p.next()
				return
			}
		}
		p.next()
	}
}

// skipToBrace passes a broken condition or header up to the `{` of its
// body (or a `}`, a statement keyword at a line start, or a declaration).
func (p *synParser) skipToBrace() {
	for !p.atStop() && !p.is("{") && !p.is("}") && !(isStatementKeyword(p.tok()) && p.lineStart(p.at)) {
		p.next()
	}
}

// skipHeader passes the rest of a broken function header: up to the `{`
// of its body, or through a `;`, or up to a declaration.
func (p *synParser) skipHeader() {
	for !p.atStop() && !p.is("{") {
		if p.is(";") {
			p.next()
			return
		}
		p.next()
	}
}

// skipDeclaration passes stray tokens or the rest of a broken declaration
// up to the next declaration: `func` or `extern`, or a `var` at the start
// of a line, no more indented than the file's first declaration.
func (p *synParser) skipDeclaration(start int) {
	if p.at == start {
		p.next()
	}
	for {
		t := p.tok()
		switch {
		case t.EOF(), isText(t, "extern"), isText(t, "func") && !isText(p.toks[p.at-1], "extern"):
			return
		case isText(t, "var") && p.lineStart(p.at) && t.Pos.Column <= p.baseCol:
			return
		}
		p.next()
	}
}

// matchingBrace is the index of the `}` that closes the block whose
// contents begin at token i, or -1 when a declaration or the end of file
// comes first. It is answered from tables made on first use, so that
// asking for every block costs time linear in the file.
func (p *synParser) matchingBrace(i int) int {
	if p.closeAfter == nil {
		p.braceTables()
	}
	if j := p.closeAfter[i] - 1; j >= 0 && j < p.declAfter[i] {
		return j
	}
	return -1
}

// braceTables makes matchingBrace's tables: with depth[k] the number of
// `{` less the number of `}` before token k, the block whose contents
// begin at i closes at the first `}` where the depth drops below depth[i],
// which is the token before the first k > i with depth[k] < depth[i]
// (closeAfter[i] = k, or 0); declAfter[i] is the first `func` or `extern`
// at or after i, or the EOF token.
func (p *synParser) braceTables() {
	n := len(p.toks)
	depth := make([]int, n+1)
	for k, t := range p.toks {
		depth[k+1] = depth[k]
		switch {
		case isText(t, "{"):
			depth[k+1]++
		case isText(t, "}"):
			depth[k+1]--
		}
	}
	p.closeAfter = make([]int, n)
	var stack []int // indexes k whose next lower depth is not yet found
	for k := 0; k <= n; k++ {
		for len(stack) > 0 && depth[k] < depth[stack[len(stack)-1]] {
			p.closeAfter[stack[len(stack)-1]] = k
			stack = stack[:len(stack)-1]
		}
		if k < n {
			stack = append(stack, k)
		}
	}
	p.declAfter = make([]int, n)
	next := n - 1
	for k := n - 1; k >= 0; k-- {
		if t := p.toks[k]; isText(t, "func") || isText(t, "extern") {
			next = k
		}
		p.declAfter[k] = next
	}
}

// File and declarations.

// parseFile reads the declarations to the end of file.
func (p *synParser) parseFile() {
	for !p.tok().EOF() {
		start := p.at
		p.broken, p.muted, p.stub = false, false, nil
		p.topDecl(start)
		if p.at == start {
			p.next()
		}
		p.decls = append(p.decls, synDecl{start: start, end: p.at, broken: p.broken, stub: p.stub})
	}
}

func (p *synParser) topDecl(start int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.skipDeclaration(start)
		}
	}()
	t := p.tok()
	switch {
	case isText(t, "func"):
		p.funcDecl(nil)
		return
	case isText(t, "extern"):
		p.externDecl()
		return
	case isText(t, "var"):
		p.globalDecl()
		return
	case t.Type == tokIdent:
		if p.declarationTypo() {
			return
		}
		if isTypeName(t.Value) && p.peek(1).Type == tokIdent && p.sameLine(p.at, p.at+1) {
			p.cStyleDeclaration()
			return
		}
	}
	var note *diag.Note
	if p.at == p.lastBodyEnd+1 && (startsStatement(t) || isText(t, "}") || isText(t, "else")) {
		// statements after a function: its body ended too early, so it is
		// not checked either (it would miss its return)
		note = p.noteAt(p.lastBodyEnd, "the body of func %s ends here", p.lastFunc)
		p.decls[len(p.decls)-1].broken = true
	}
	p.fail(p.at, p.posOf(p.at), note, "expected a declaration (func, extern or var), found %s", describe(t))
}

// typo reports the name t at p.at as a misspelling of the keyword of kws
// closest to it and returns that keyword, or returns "" and reports nothing
// when none is close.
func (p *synParser) typo(t lexer.Token, kws []string) string {
	kw := closestName(t.Value, kws)
	if kw != "" {
		p.misspelled(p.at, t.Value, kw)
	}
	return kw
}

// misspelled reports that word, the token at index at, is not a keyword but
// probably kw misspelled.
func (p *synParser) misspelled(at int, word, kw string) {
	p.report(at, p.posOf(at), nil, "'%s' is not a keyword; did you mean '%s'?", word, kw)
}

// declarationTypo parses a declaration whose keyword is misspelled.
func (p *synParser) declarationTypo() bool {
	t, n := p.tok(), p.peek(1)
	if !p.sameLine(p.at, p.at+1) {
		return false
	}
	var kws []string
	switch {
	case n.Type == tokIdent && isText(p.peek(2), "("):
		kws = []string{"func"}
	case isText(n, "func") || n.Type == tokIdent && closestName(n.Value, []string{"func"}) != "":
		kws = []string{"extern"}
	case n.Type == tokIdent:
		kws = []string{"var"}
	}
	kw := p.typo(t, kws)
	if kw == "" {
		return false
	}
	switch kw {
	case "func":
		p.funcDecl(nil)
	case "extern":
		p.externDecl()
	default:
		p.globalDecl()
	}
	return true
}

// cStyleDeclaration parses `int f(...) {` or `int x = 1;` at top level.
func (p *synParser) cStyleDeclaration() {
	typ, name := p.tok(), p.peek(1)
	if isText(p.peek(2), "(") {
		p.report(p.at, p.posOf(p.at), nil, "a function is declared with func and its result type after the parameters: write func %s(...) %s", name.Value, typ.Value)
		result := typeNamed(typ.Value)
		p.funcDecl(result)
		return
	}
	p.report(p.at, p.posOf(p.at), nil, "a variable is declared with var and its type after the name: write var %s: %s", name.Value, typ.Value)
	kw := p.at
	p.next()
	v := &Var{Pos: p.posOf(kw), Name: name.Value, Kind: GlobalVar, broken: true}
	p.stub = v
	p.varRest(v)
	if v.Type == nil {
		v.Type = typeNamed(typ.Value)
	}
	p.expectSemi("the declaration of " + v.Name)
}

// funcDecl parses a function from its keyword (or the word in its place).
// result, when set, is a result type already read before the name (C
// style); the keyword is then the type.
func (p *synParser) funcDecl(result *Type) {
	kw := p.at
	p.next()
	f := &Func{Pos: p.posOf(kw), Result: VoidType, Body: &Block{}, broken: true, badSig: true}
	f.Name = p.name("function", "(")
	p.stub = f
	ok := p.guard(func() {
		f.Params = p.params(f.Name)
		if result != nil {
			f.Result = result
			return
		}
		if p.is("-") && isText(p.peek(1), ">") && p.adjacent(p.at) {
			p.report(p.at, p.posOf(p.at), nil, "a result type comes right after the parameters, without '->': func %s(...) T {", f.Name)
			p.next()
			p.next()
		}
		f.Result = p.resultType()
	})
	f.badSig = !ok
	if !ok {
		p.skipHeader()
		if !p.is("{") {
			return
		}
	}
	p.stmtStart = -1
	if !p.is("{") {
		p.body(funcBody, "func "+f.Name, kw, "to begin the body of func "+f.Name)
		return
	}
	saved := p.stop
	if p.matchingBrace(p.at+1) < 0 {
		if cut := p.declarationCut(p.at+1, kw); cut >= 0 {
			p.stop = cut
		}
	}
	p.block(funcBody, "func "+f.Name)
	if p.at > 0 && isText(p.toks[p.at-1], "}") && p.at-1 != p.stop {
		p.lastBodyEnd, p.lastFunc = p.at-1, f.Name
	}
	p.stop = saved
}

// declarationCut looks, in an unclosed function body from token from on,
// for a `var` at the start of a line, no more indented than the function's
// keyword at kw, from which on the tokens up to the next declaration parse
// as declarations: the function is then taken to end there (its `}` was
// forgotten before global variables). It returns that token, or -1.
func (p *synParser) declarationCut(from, kw int) int {
	if p.quiet {
		return -1 // no cuts within a trial parse
	}
	end := from
	for end < len(p.toks)-1 && !isText(p.toks[end], "func") && !isText(p.toks[end], "extern") {
		end++
	}
	tried := 0
	for i := from; i < end && tried < 16; i++ {
		t := p.toks[i]
		if !isText(t, "var") || !p.lineStart(i) || t.Pos.Column > p.toks[kw].Pos.Column {
			continue
		}
		tried++
		toks := append(p.toks[i:end:end], lexer.EOFToken(p.toks[end].Pos))
		trial := newSynParser(p.file, nil, p.lines, toks, p.baseCol)
		trial.src, trial.quiet = p.src, true
		trial.parseFile()
		if !trial.broken && !anyBroken(trial.decls) {
			return i
		}
	}
	return -1
}

func anyBroken(decls []synDecl) bool {
	for _, d := range decls {
		if d.broken {
			return true
		}
	}
	return false
}

// name reads the name a declaration gives (what: "function", "variable",
// "parameter"); a keyword is taken for the name, with an error, when the
// token after it is one of follow.
func (p *synParser) name(what string, follow ...string) string {
	t := p.tok()
	if t.Type == tokIdent {
		p.next()
		return t.Value
	}
	if t.Type == tokKeyword || t.Type == tokLiteral && (t.Value == "true" || t.Value == "false") {
		for _, f := range follow {
			if isText(p.peek(1), f) {
				p.report(p.at, p.posOf(p.at), nil, "'%s' is a keyword and cannot be a %s name", t.Value, what)
				p.next()
				return t.Value
			}
		}
	}
	p.fail(p.at, p.posOf(p.at), nil, "expected a %s name after '%s', found %s", what, p.toks[p.at-1].Value, describe(t))
	return ""
}

// params parses a parameter list from its `(`.
func (p *synParser) params(fn string) []*Var {
	if !p.is("(") {
		if p.is("{") {
			p.report(p.at, p.afterPrev(), nil, "expected '(' after func %s: a function without parameters is written func %s() {", fn, fn)
			return nil
		}
		p.fail(p.at, p.posOf(p.at), nil, "expected '(' after func %s, found %s", fn, describe(p.tok()))
	}
	open := p.at
	p.next()
	var params []*Var
	if p.is(")") {
		p.next()
		return params
	}
	if p.is("{") || p.is(";") {
		p.report(p.at, p.afterPrev(), p.noteAt(open, "to match this '('"), "expected ')' after the parameters of func %s", fn)
		return params
	}
	for {
		params = append(params, p.param())
		switch t := p.tok(); {
		case isText(t, ","):
			p.next()
			continue
		case isText(t, ")"):
			p.next()
			return params
		case t.Type == tokIdent && isText(p.peek(1), ":"):
			p.report(p.at, p.afterPrev(), nil, "expected ',' between the parameters of func %s", fn)
			continue
		case startsType(t) || isText(t, "{") || isText(t, ";"):
			p.report(p.at, p.afterPrev(), p.noteAt(open, "to match this '('"), "expected ')' after the parameters of func %s", fn)
			return params
		}
		p.fail(p.at, p.posOf(p.at), p.noteAt(open, "to match this '('"),
			"expected ',' or ')' after parameter %s of func %s, found %s", params[len(params)-1].Name, fn, describe(p.tok()))
	}
}

// param parses `name: Type`, with the C and Go spellings of it.
func (p *synParser) param() *Var {
	t := p.tok()
	if t.Type == tokIdent && isTypeName(t.Value) && p.peek(1).Type == tokIdent && !isTypeName(p.peek(1).Value) {
		name := p.peek(1)
		p.report(p.at, p.posOf(p.at), nil, "a parameter's type comes after its name: write %s: %s", name.Value, t.Value)
		p.next()
		p.next()
		return &Var{Pos: p.lines.at(name.Pos), Name: name.Value, Type: typeNamed(t.Value), Kind: ParamVar}
	}
	pos := p.posOf(p.at)
	v := &Var{Pos: pos, Name: p.name("parameter", ":"), Kind: ParamVar}
	if p.is(":") {
		p.next()
		v.Type = p.typ("the type of parameter " + v.Name)
		return v
	}
	if startsType(p.tok()) && p.sameLine(p.at-1, p.at) {
		colon, start := p.afterPrev(), p.at
		v.Type = p.typ("the type of parameter " + v.Name)
		p.report(start, colon, nil, "expected ':' between parameter %s and its type: write %s: %s", v.Name, v.Name, p.text(start, p.at-1))
		return v
	}
	p.fail(p.at, p.afterPrev(), nil, "expected ':' and a type after parameter %s, found %s", v.Name, describe(p.tok()))
	return v
}

// resultType parses a function's result type, if there is one. A type
// whose name is no type name and is not followed by the body's `{` (or an
// extern's `;`) is taken for the first statement of a body whose `{` is
// missing: `*p = 1`, `x = 1`.
func (p *synParser) resultType() *Type {
	if !startsType(p.tok()) {
		return VoidType
	}
	i := p.at
	for i < len(p.toks)-1 && (isText(p.toks[i], "[") || isText(p.toks[i], "]") || p.toks[i].Value == "*" && p.toks[i].Type != tokLiteral) {
		i++
	}
	name, after := p.toks[i], p.toks[min(i+1, len(p.toks)-1)]
	if name.Type == tokIdent && !isTypeName(name.Value) && !isText(after, "{") && !isText(after, ";") {
		return VoidType
	}
	return p.typ("a result type")
}

// typ parses what, a type; its value is what the recognizer can tell
// (unknown names are InvalidType), for the stub of a broken declaration.
func (p *synParser) typ(what string) *Type {
	start := p.at
	var prefixes []string
	for {
		if p.is("[") {
			switch n := p.peek(1); {
			case isText(n, "]"):
				p.next()
			case n.Type == tokLiteral && isText(p.peek(2), "]"):
				p.report(p.at, p.posOf(p.at), nil, "an array type has no length: write []T, and make the array with new(T, %s)", n.Value)
				p.next()
				p.next()
			default:
				p.fail(p.at+1, p.posOf(p.at+1), nil, "expected ']' after '[' in the type, found %s", describe(n))
			}
			p.next()
			prefixes = append(prefixes, "[")
			continue
		}
		if t := p.tok(); t.Value == "*" && t.Type != tokLiteral {
			p.next()
			prefixes = append(prefixes, "*")
			continue
		}
		break
	}
	t := p.tok()
	if t.Type != tokIdent {
		if p.at > start {
			what = "a type after '" + p.text(start, p.at-1) + "'"
		}
		p.fail(p.at, p.posOf(p.at), nil, "expected %s, found %s", what, describe(t))
	}
	p.next()
	return typeOf(t.Value, prefixes)
}

func typeNamed(name string) *Type { return typeOf(name, nil) }

// typeOf builds a type from a name and its prefixes, outermost first;
// InvalidType where the checker would report an error.
func typeOf(name string, prefixes []string) *Type {
	var t *Type
	switch name {
	case "int":
		t = IntType
	case "i32":
		t = I32Type
	case "bool":
		t = BoolType
	default:
		return InvalidType
	}
	if len(prefixes) > maxExprDepth {
		return InvalidType
	}
	for i := len(prefixes) - 1; i >= 0; i-- {
		if t.Kind == Pointer {
			return InvalidType
		}
		if prefixes[i] == "*" {
			t = PointerTo(t)
		} else {
			t = ArrayOf(t)
		}
	}
	return t
}

func (p *synParser) externDecl() {
	kw := p.at
	p.next()
	if !p.is("func") {
		if t := p.tok(); t.Type == tokIdent && closestName(t.Value, []string{"func"}) != "" && p.peek(1).Type == tokIdent {
			p.misspelled(p.at, t.Value, "func")
		} else {
			p.fail(p.at, p.posOf(p.at), nil, "expected 'func' after 'extern', found %s", describe(t))
		}
	}
	p.next()
	f := &Func{Pos: p.posOf(kw), Result: VoidType, Extern: true, broken: true, badSig: true}
	f.Name = p.name("function", "(")
	p.stub = f
	f.Params = p.params(f.Name)
	f.Result = p.resultType()
	f.badSig = false
	if p.is("{") {
		p.report(p.at, p.posOf(p.at), nil, "an extern func has no body: its declaration ends with ';'")
		p.skipBlock()
		return
	}
	p.expectSemi("the declaration of extern func " + f.Name)
}

func (p *synParser) globalDecl() {
	kw := p.at
	p.next()
	v := &Var{Pos: p.posOf(kw), Kind: GlobalVar, broken: true}
	p.stub = v
	p.varRest(v)
	p.expectSemi("the declaration of " + v.Name)
}

// varRest parses a variable declaration after its `var`, filling in v's
// name and, if given, type.
func (p *synParser) varRest(v *Var) {
	v.Name = p.name("variable", "=", ":", ";")
	switch t := p.tok(); {
	case isText(t, ":"):
		p.next()
		if p.is("=") || p.is(";") {
			p.report(p.at, p.posOf(p.at), nil, "expected the type of %s after ':', found %s", v.Name, describe(p.tok()))
		} else {
			v.Type = p.typ("the type of " + v.Name)
		}
	case startsType(t) && !isText(t, "*") && p.sameLine(p.at-1, p.at):
		colon, start := p.afterPrev(), p.at
		v.Type = p.typ("the type of " + v.Name)
		p.report(start, colon, nil, "expected ':' before the type of %s: write var %s: %s", v.Name, v.Name, p.text(start, p.at-1))
	}
	if t := p.tok(); t.Type == tokAssignOp {
		if t.Value != "=" {
			p.report(p.at, p.posOf(p.at), nil, "expected '=' or ';' after var %s, found %s", v.Name, describe(t))
		}
		p.next()
		p.expr()
	}
}

// expectSemi expects the `;` that ends what; a missing one is reported
// after the token before, and taken as there when what follows can begin a
// statement.
func (p *synParser) expectSemi(what string) {
	if p.is(";") {
		p.next()
		return
	}
	t := p.tok()
	if p.atStop() || isText(t, "}") || startsStatement(t) {
		p.report(p.at, p.afterPrev(), nil, "expected ';' after %s", what)
		return
	}
	if isText(t, ")") || isText(t, "]") {
		p.fail(p.at, p.posOf(p.at), nil, "unexpected '%s' after %s: it closes no bracket", t.Value, what)
	}
	p.fail(p.at, p.posOf(p.at), nil, "expected ';' after %s, found %s", what, describe(t))
}

// Blocks and statements.

// blockName names a block for "expected '}' to close ...".
func blockName(kind blockKind, owner string) string {
	switch kind {
	case funcBody:
		return "the body of " + owner
	case thenBlock:
		return "the block of the if"
	case elseBlock:
		return "the else block"
	case whileBody:
		return "the body of the while loop"
	case forBody:
		return "the body of the for loop"
	}
	return "the block"
}

// block parses a block from its `{`.
func (p *synParser) block(kind blockKind, owner string) {
	open := p.at
	p.next()
	p.muted = false
	p.statements(open, kind, owner)
}

// statements parses a block's statements and its `}`; open is its `{`, or
// -1 when that is missing.
func (p *synParser) statements(open int, kind blockKind, owner string) {
	for {
		t := p.tok()
		switch {
		case isText(t, "}"):
			p.next()
			p.muted = false
			return
		case p.atStop():
			p.report(p.at, p.afterPrev(), p.noteAt(open, "to match this '{'"), "expected '}' to close %s, found %s", blockName(kind, owner), describe(t))
			return
		case kind == thenBlock && isText(t, "else"):
			p.report(p.at, p.posOf(p.at), p.noteAt(open, "to match this '{'"), "expected '}' before 'else' to close the block of the if")
			return
		}
		before := p.at
		p.stmt()
		if p.at == before {
			p.next()
		}
	}
}

// body parses the block of a construct whose keyword is at kw, after its
// condition or header; where says where its `{` goes, for a message. A
// missing `{` is reported after the token before; a function's body is
// then the statements up to the first `}` that closes nothing opened
// after it; another body is a single statement when one follows on the
// same line (`if x print(x);`), or when the next lines hold statements up
// to a `}` under the first token of kw's line, those statements: the `{`
// was deleted.
func (p *synParser) body(kind blockKind, owner string, kw int, where string) {
	if p.is("{") {
		p.block(kind, owner)
		return
	}
	t := p.tok()
	if kind == funcBody && startsStatement(t) && !p.atStop() && p.matchingBrace(p.at) >= 0 {
		// the first `}` that closes nothing opened after the header is the
		// function's
		p.report(p.at, p.afterPrev(), nil, "expected '{' %s", where)
		p.statements(-1, kind, owner)
		return
	}
	if !startsStatement(t) || p.atStop() || kind == funcBody {
		p.report(p.at, p.afterPrev(), nil, "expected '{' %s, found %s", where, describe(t))
		if isText(t, "}") || p.atStop() {
			return
		}
		p.skipToBrace()
		if p.is("{") {
			p.block(kind, owner)
		}
		return
	}
	p.report(p.at, p.afterPrev(), nil, "expected '{' %s", where)
	if !p.sameLine(p.at-1, p.at) {
		if r := p.matchingBrace(p.at); r >= 0 && p.toks[r].Pos.Column == p.indentCol(kw) {
			p.statements(-1, kind, owner)
			return
		}
	}
	// the statement is part of the mistake: an error in it is not another
	p.keepMuted = true
	p.stmt()
}

// stmt parses one statement; after a syntax error in it, it passes the
// rest of the statement.
func (p *synParser) stmt() {
	start := p.at
	p.muted = p.muted && p.keepMuted
	p.keepMuted = false
	p.stmtStart = -1
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case bailout:
				p.skipStatement(start)
			case rescue:
				p.at = r.at
			default:
				panic(r)
			}
		}
		p.stmtStart = -1
	}()
	t := p.tok()
	switch {
	case isText(t, "var"):
		p.stmtStart = start
		p.next()
		v := &Var{}
		p.varRest(v)
		p.expectSemi("the declaration of " + v.Name)
	case isText(t, "if"):
		p.ifStmt()
	case isText(t, "while"):
		p.whileStmt()
	case isText(t, "for"):
		p.forStmt()
	case isText(t, "return"):
		p.stmtStart = start
		p.next()
		if !p.is(";") && startsOperand(p.tok()) {
			p.expr()
		}
		p.expectSemi("the return statement")
	case isText(t, "break"), isText(t, "continue"):
		p.stmtStart = start
		p.next()
		p.expectSemi("'" + t.Value + "'")
	case isText(t, "{"):
		p.block(plainBlock, "")
	case isText(t, "else"):
		p.fail(p.at, p.posOf(p.at), nil, "'else' without an if before it")
	case t.Type == tokIdent && p.statementTypo(start):
	case t.Type == tokIdent && isTypeName(t.Value) && p.peek(1).Type == tokIdent && p.sameLine(p.at, p.at+1):
		name := p.peek(1).Value
		p.report(p.at, p.posOf(p.at), nil, "a variable is declared with var and its type after the name: write var %s: %s", name, t.Value)
		p.stmtStart = start
		p.next()
		p.varRest(&Var{})
		p.expectSemi("the declaration of " + name)
	case startsOperand(t) || isText(t, "+"):
		p.simple(start)
	default:
		p.fail(p.at, p.posOf(p.at), nil, "expected a statement, found %s", describe(t))
	}
}

// statementTypo parses a statement whose keyword is misspelled: a name
// followed, on its line, by what cannot follow a name there but can follow
// the keyword.
func (p *synParser) statementTypo(start int) bool {
	t, n := p.tok(), p.peek(1)
	if !p.sameLine(p.at, p.at+1) {
		return false
	}
	var kws []string
	switch {
	case n.Type == tokIdent:
		kws = []string{"var", "if", "while", "for", "return"}
	case n.Type == tokLiteral || isText(n, "!") || isText(n, "new"):
		kws = []string{"if", "while", "return"}
	case isText(n, "var"), isText(n, ";") && isText(p.peek(2), ";"):
		kws = []string{"for"}
	}
	kw := p.typo(t, kws)
	if kw == "" {
		return false
	}
	switch kw {
	case "var":
		p.stmtStart = start
		p.next()
		v := &Var{}
		p.varRest(v)
		p.expectSemi("the declaration of " + v.Name)
	case "if":
		p.ifStmt()
	case "while":
		p.whileStmt()
	case "for":
		p.forStmt()
	case "return":
		p.stmtStart = start
		p.next()
		p.expr()
		p.expectSemi("the return statement")
	}
	return true
}

// simple parses an assignment or expression statement and its `;`.
func (p *synParser) simple(start int) {
	p.stmtStart = start
	what := p.simpleStmt()
	if t := p.tok(); what == "the assignment" && t.Type == tokAssignOp {
		p.fail(p.at, p.posOf(p.at), nil, "expected ';' after the assignment, found '%s': an assignment is a statement, not a value", t.Value)
	}
	if p.is("{") && what != "the assignment" {
		// `fi (x) {`: a misspelled if, while or for before a condition in
		// parentheses
		first := p.toks[start]
		if kw := closestName(first.Value, []string{"if", "while", "for"}); first.Type == tokIdent && kw != "" {
			p.misspelled(start, first.Value, kw)
			p.stmtStart = -1
			kind := map[string]blockKind{"if": thenBlock, "while": whileBody, "for": forBody}[kw]
			p.block(kind, "")
			if kw == "if" {
				p.elses()
			}
			return
		}
	}
	p.expectSemi(what)
}

// simpleStmt parses `Expr [AssignOp Expr]` and names it.
func (p *synParser) simpleStmt() string {
	start := p.at
	p.expr()
	switch t := p.tok(); {
	case t.Type == tokAssignOp:
		p.next()
		p.expr()
		return "the assignment"
	case isText(t, ":") && isText(p.peek(1), "=") && p.adjacent(p.at):
		name, colon := p.text(start, p.at-1), p.at
		p.next()
		p.next()
		value := p.at
		p.expr()
		p.report(colon, p.posOf(colon), nil, "Toy has no ':=': a variable is declared with var, as in var %s = %s", name, shorten(p.text(value, p.at-1)))
		return "the declaration of " + name
	}
	return p.statementName(start, p.at)
}

func (p *synParser) ifStmt() {
	kw := p.at
	p.next()
	p.cond("if")
	p.body(thenBlock, "", kw, "after the if condition")
	p.elses()
}

// elses parses the else-if and else clauses after an if's block.
func (p *synParser) elses() {
	for {
		t := p.tok()
		isElse := isText(t, "else")
		if !isElse && t.Type == tokIdent && closestName(t.Value, []string{"else"}) != "" &&
			(isText(p.peek(1), "{") || isText(p.peek(1), "if")) {
			p.misspelled(p.at, t.Value, "else")
			isElse = true
		}
		if !isElse {
			return
		}
		elseAt := p.at
		p.next()
		n := p.tok()
		if n.Type == tokIdent && closestName(n.Value, []string{"if"}) != "" && startsOperand(p.peek(1)) && p.sameLine(p.at, p.at+1) {
			p.misspelled(p.at, n.Value, "if")
			n = lexer.Token{Type: tokKeyword, Value: "if"}
		}
		if !isText(n, "if") {
			p.body(elseBlock, "", elseAt, "after 'else'")
			return
		}
		p.next()
		p.cond("if")
		p.body(thenBlock, "", elseAt, "after the if condition")
	}
}

func (p *synParser) whileStmt() {
	kw := p.at
	p.next()
	p.cond("while")
	p.body(whileBody, "", kw, "after the while condition")
}

// cond parses the condition of an if or while; after an error in it, the
// parse resumes at the body's `{`.
func (p *synParser) cond(owner string) {
	p.muted = false
	ok := p.guard(func() {
		if p.is("{") {
			p.fail(p.at, p.posOf(p.at), nil, "expected a condition after '%s', found '{'", owner)
		}
		p.condExpr(owner)
	})
	if !ok {
		p.skipToBrace()
	}
}

// condExpr parses a condition, taking `=` for `==`. A condition that runs
// into the next line, to an assignment there, ends at the line break: it
// is the body's first statement, whose `{` is missing.
func (p *synParser) condExpr(owner string) {
	start := p.at
	p.expr()
	if t := p.tok(); t.Type == tokAssignOp {
		if b := p.breakIn(start+1, p.at); b >= 0 && p.lastErr < start {
			p.at = b
			return
		}
		if t.Value == "=" {
			p.report(p.at, p.posOf(p.at), nil, "unexpected '=' in the %s condition; did you mean '=='?", owner)
		} else {
			p.report(p.at, p.posOf(p.at), nil, "unexpected '%s' in the %s condition: a condition cannot assign", t.Value, owner)
		}
		p.next()
		p.expr()
	}
}

func (p *synParser) forStmt() {
	kw := p.at
	p.next()
	p.muted = false
	parens := p.is("(") && p.cStyleFor()
	if parens {
		p.report(p.at, p.posOf(p.at), nil, "Toy's for has no parentheses: write for init; condition; post {")
		p.next()
	}
	post := -1
	ok := p.guard(func() {
		if p.is("{") {
			p.fail(p.at, p.posOf(p.at), nil, "expected the for loop's clauses, found '{': a loop without end is written for ;; {")
		}
		if !p.is(";") {
			p.forInit()
		}
		if !p.is(";") && p.is("{") {
			p.fail(p.at, p.afterPrev(), nil, "expected ';' after the for loop's initialization: a loop on a condition alone is a while loop")
		}
		p.forSemi("the for loop's initialization")
		if !p.is(";") && !p.is("{") && !(parens && p.is(")")) {
			p.condExpr("for")
		}
		p.forSemi("the for loop's condition")
		if parens {
			if !p.is(")") {
				p.forPost()
			}
			if p.is(")") {
				p.next()
			}
		} else if !p.is("{") {
			post = p.at
			p.forPost()
		}
	})
	if !ok {
		p.skipToBrace()
	}
	if ok && post >= 0 && !p.is("{") && p.lastErr < post {
		// a post statement that runs into the next line, without '{'
		// after it: the body's first statement is there, and its '{' is
		// missing
		if b := p.breakIn(post, p.at); b >= 0 {
			p.at = b
		}
	}
	p.body(forBody, "", kw, "after the for clauses")
}

// cStyleFor reports whether the `(` after a `for` holds a `;` before its
// `)`.
func (p *synParser) cStyleFor() bool {
	depth := 0
	for i := p.at; i < len(p.toks)-1; i++ {
		switch t := p.toks[i]; {
		case isText(t, "("):
			depth++
		case isText(t, ")"):
			if depth--; depth == 0 {
				return false
			}
		case isText(t, ";"):
			return depth == 1
		case isText(t, "{"), isText(t, "}"):
			return false
		}
	}
	return false
}

func (p *synParser) forInit() {
	t := p.tok()
	switch {
	case isText(t, "var"):
		p.next()
		p.varRest(&Var{})
		return
	case t.Type == tokIdent && p.peek(1).Type == tokIdent && isTypeName(t.Value):
		p.report(p.at, p.posOf(p.at), nil, "a variable is declared with var and its type after the name: write var %s: %s", p.peek(1).Value, t.Value)
		p.next()
		p.varRest(&Var{})
		return
	case t.Type == tokIdent && p.peek(1).Type == tokIdent && closestName(t.Value, []string{"var"}) != "":
		p.misspelled(p.at, t.Value, "var")
		p.next()
		p.varRest(&Var{})
		return
	}
	p.simpleStmt()
}

func (p *synParser) forSemi(what string) {
	if p.is(";") {
		p.next()
		return
	}
	if t := p.tok(); startsOperand(t) || isText(t, "{") || isText(t, ";") {
		p.report(p.at, p.afterPrev(), nil, "expected ';' after %s", what)
		return
	}
	p.fail(p.at, p.posOf(p.at), nil, "expected ';' after %s, found %s", what, describe(p.tok()))
}

func (p *synParser) forPost() {
	if p.is("var") {
		p.fail(p.at, p.posOf(p.at), nil, "the post statement of a for loop cannot declare a variable")
	}
	p.simpleStmt()
}

// Expressions.

// expr parses an operand and the binary operators and operands after it.
func (p *synParser) expr() {
	first := p.at
	p.operand()
	for {
		t := p.tok()
		if !isBinary(t) {
			return
		}
		// x++ and x--: `+` `+` or `-` `-` without a space, then no operand
		if (t.Value == "+" || t.Value == "-") && p.adjacent(p.at) && p.peek(1).Value == t.Value && !startsOperand(p.peek(2)) {
			p.report(p.at, p.posOf(p.at), nil, "Toy has no '%s%s' operator: write %s %s= 1", t.Value, t.Value, shorten(p.text(first, p.at-1)), t.Value)
			p.next()
			p.next()
			return
		}
		p.next()
		p.operand()
	}
}

// operand parses prefix operators, a primary expression and its suffixes.
func (p *synParser) operand() {
	for {
		t := p.tok()
		switch {
		case isUnary(t):
			p.next()
			continue
		case t.Type == tokIdent && isText(p.peek(1), "(") && (isText(p.peek(2), "[") || isText(p.peek(2), "*")) &&
			closestName(t.Value, []string{"new"}) != "":
			// `nwe([]int, n)`
			p.misspelled(p.at, t.Value, "new")
			p.newExpr()
		case t.Type == tokIdent || t.Type == tokLiteral:
			p.next()
		case isText(t, "("):
			open := p.at
			p.next()
			p.expr()
			p.closeBracket(open, ")", "the parenthesized expression")
		case isText(t, "new"):
			p.newExpr()
		case isText(t, "+") && isText(p.peek(1), "+") && p.adjacent(p.at) && startsOperand(p.peek(2)):
			// ++x
			p.report(p.at, p.posOf(p.at), nil, "Toy has no '++' operator: write %s += 1", shorten(p.peek(2).Value))
			p.next()
			p.next()
			continue
		case isBinary(t) || t.Type == tokAssignOp:
			// an operator where an operand must be: `a + + b`, `x = = 1`
			p.report(p.at, p.posOf(p.at), nil, "expected an expression after '%s', found '%s'", p.toks[p.at-1].Value, t.Value)
			p.next()
			continue
		default:
			prev := "the start of the statement"
			if p.at > 0 {
				prev = "'" + shorten(p.toks[p.at-1].Value) + "'"
			}
			p.fail(p.at, p.posOf(p.at), nil, "expected an expression after %s, found %s", prev, describe(t))
		}
		break
	}
	for {
		switch {
		case p.is("["):
			open := p.at
			p.next()
			p.expr()
			p.closeBracket(open, "]", "the index")
		case p.is("("):
			p.args(p.at - 1)
		default:
			return
		}
	}
}

func (p *synParser) newExpr() {
	p.next()
	if !p.is("(") {
		p.fail(p.at, p.posOf(p.at), nil, "expected '(' after 'new', found %s: an array is made with new(T, n)", describe(p.tok()))
	}
	open := p.at
	p.next()
	p.typ("the element type in new(...)")
	switch {
	case p.is(","):
		p.next()
	case startsOperand(p.tok()) && p.sameLine(p.at-1, p.at):
		p.report(p.at, p.afterPrev(), nil, "expected ',' between the element type and the length in new(...)")
	default:
		p.fail(p.at, p.posOf(p.at), nil, "expected ',' and the length after the element type in new(...), found %s", describe(p.tok()))
	}
	p.expr()
	p.closeBracket(open, ")", "the length in new(...)")
}

// args parses a call's arguments from its `(`; callee is the token before.
func (p *synParser) args(callee int) {
	open := p.at
	p.next()
	if p.is(")") {
		p.next()
		return
	}
	what := "the arguments of the call"
	if c := p.toks[callee]; c.Type == tokIdent {
		what = "the arguments of " + shorten(c.Value)
	}
	for {
		p.expr()
		switch t := p.tok(); {
		case isText(t, ","):
			p.next()
			continue
		case isText(t, ")"):
			p.next()
			return
		case startsOperand(t) && p.sameLine(p.at-1, p.at):
			p.report(p.at, p.afterPrev(), nil, "expected ',' between %s", what)
			continue
		}
		p.closeBracket(open, ")", what)
		return
	}
}

// closeBracket expects the closer of the bracket at open, after what. A
// missing one is reported after the token before, and taken as there when
// what follows can come after an operand, or begins the next line.
func (p *synParser) closeBracket(open int, closer, what string) {
	if p.is(closer) {
		p.next()
		return
	}
	t := p.tok()
	note := p.noteAt(open, "to match this '%s'", p.toks[open].Value)
	if followsOperand(t) || p.lineStart(p.at) && startsStatement(t) {
		p.report(p.at, p.afterPrev(), note, "expected '%s' after %s", closer, what)
		return
	}
	p.fail(p.at, p.posOf(p.at), note, "expected '%s' after %s, found %s", closer, what, describe(t))
}

// tokensFrom lexes src from offset from on, through its EOF token.
func tokensFrom(file string, src []byte, from int) []lexer.Token {
	var toks []lexer.Token
	for s := newScanner(file, sourceText(src)); ; {
		tok, _ := s.Next() // the first pass found no error
		if tok.Pos.Offset >= from {
			toks = append(toks, tok)
		}
		if tok.EOF() {
			return toks
		}
	}
}
