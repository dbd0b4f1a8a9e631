package middle

import (
	"strconv"

	"toyc/middle/diag"
)

// ParseModule reads the subset of LLVM IR text that the printer writes (and
// a little more of what clang and opt write: numbered values and blocks,
// nsw/nuw/exact/inbounds flags, align, parameter attributes, attribute
// groups, linkage words) into a Module. It is a hand-written
// recursive-descent parser with one token of lookahead, after LLVM's own
// LLParser; forward references to values and blocks are placeholders that
// their definition later fills in place, so no use needs patching.
//
// Names: a named value or block keeps its name. A numbered one (%0, or an
// unnamed instruction, parameter or block, which LLVM numbers implicitly)
// gets its number as its name, which the printer writes quoted (%"0"), and
// which LLVM reads back as that name. LLVM keeps numbered and named values
// apart; toyc has one namespace, so %0 and %"0" in one function are the same
// name.
//
// The module's Source is file, not the source_filename line: positions of
// the values read (Value.Pos) are lines and columns in file, and the
// verifier's diagnostics name m.Source. The printer's output reads back to
// the same text when it is read under the name it was printed with.
//
// On error the module is nil and the list holds the first syntax error, or
// every undefined name when the syntax is fine.
func ParseModule(file string, src []byte) (m *Module, errs diag.List) {
	p := &parser{file: file, lex: newLexer(src), m: NewModule(file)}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			m, errs = nil, p.errs
		}
	}()
	p.next()
	p.module()
	p.resolveSymbols()
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.m, nil
}

// bailout unwinds the parser after a syntax error; ParseModule recovers it.
type bailout struct{}

type parser struct {
	file string
	lex  *lexer
	tok  token
	m    *Module
	errs diag.List

	fn *funcState

	// Symbol uses resolved once the whole module is read, since a function
	// may call or name a function or global defined further down.
	calls   []symbolUse
	globals []symbolUse
}

type symbolUse struct {
	sym string
	pos diag.Pos
}

func (p *parser) next() {
	p.tok = p.lex.next()
	if p.tok.kind == tokError {
		p.fail(p.tok.pos, "%s", p.tok.text)
	}
}

func (p *parser) fail(pos diag.Pos, format string, args ...any) {
	p.errs.Add(p.file, pos, format, args...)
	panic(bailout{})
}

func (p *parser) errorf(pos diag.Pos, format string, args ...any) {
	p.errs.Add(p.file, pos, format, args...)
}

func (p *parser) expected(what string) {
	p.fail(p.tok.pos, "expected %s, found %s", what, p.tok.describe())
}

func (p *parser) isWord(w string) bool  { return p.tok.kind == tokWord && p.tok.text == w }
func (p *parser) isPunct(c string) bool { return p.tok.kind == tokPunct && p.tok.text == c }

// acceptWord consumes the word w if it is next.
func (p *parser) acceptWord(w string) bool {
	if p.isWord(w) {
		p.next()
		return true
	}
	return false
}

// acceptPunct consumes the punctuation c if it is next.
func (p *parser) acceptPunct(c string) bool {
	if p.isPunct(c) {
		p.next()
		return true
	}
	return false
}

func (p *parser) wantWord(w string) {
	if !p.acceptWord(w) {
		p.expected("'" + w + "'")
	}
}

func (p *parser) wantPunct(c string) {
	if !p.acceptPunct(c) {
		p.expected("'" + c + "'")
	}
}

// unsupported reports a construct of LLVM IR outside toyc's subset.
func (p *parser) unsupported(what string) {
	p.fail(p.tok.pos, "%s is not supported (toyc reads a subset of LLVM IR)", what)
}

func (p *parser) module() {
	for p.tok.kind != tokEOF {
		switch {
		case p.isWord("source_filename"):
			p.next()
			p.wantPunct("=")
			p.wantString()
		case p.isWord("target"):
			p.next()
			if !p.acceptWord("datalayout") && !p.acceptWord("triple") {
				p.expected("'datalayout' or 'triple'")
			}
			p.wantPunct("=")
			p.wantString()
		case p.isWord("attributes"):
			p.attributeGroup()
		case p.isWord("declare"):
			p.next()
			p.function(false)
		case p.isWord("define"):
			p.next()
			p.function(true)
		case p.tok.kind == tokGlobal:
			p.global()
		case p.tok.kind == tokGlobalID:
			p.fail(p.tok.pos, "numbered global '@%s' is not supported: give it a name", p.tok.text)
		case p.isPunct("!"):
			p.emptyMetadataNode()
		default:
			p.expected("a global, 'define' or 'declare'")
		}
	}
}

// emptyMetadataNode reads "!N = !{}", the node !invariant.load refers to;
// toyc has no other use for metadata.
func (p *parser) emptyMetadataNode() {
	bang := p.tok.pos
	p.next()
	if p.tok.kind != tokInt {
		p.fail(bang, "metadata other than !N = !{} is not supported (toyc reads a subset of LLVM IR)")
	}
	p.wantInt("a metadata number", 1<<32)
	p.wantPunct("=")
	p.wantPunct("!")
	if !p.isPunct("{") {
		p.unsupported("metadata other than the empty node !{}")
	}
	p.next()
	p.wantPunct("}")
}

func (p *parser) wantString() string {
	if p.tok.kind != tokString {
		p.expected("a string")
	}
	s := p.tok.text
	p.next()
	return s
}

// attributeGroup skips "attributes #N = { ... }": toyc has no use for
// function attributes, but clang's output references them.
func (p *parser) attributeGroup() {
	p.next()
	if p.tok.kind != tokAttrGroup {
		p.expected("an attribute group '#N'")
	}
	p.next()
	p.wantPunct("=")
	p.wantPunct("{")
	for !p.acceptPunct("}") {
		if p.tok.kind == tokEOF {
			p.expected("'}'")
		}
		p.next()
	}
}

// wantInt consumes an integer that fits in [0, limit].
func (p *parser) wantInt(what string, limit uint64) uint64 {
	if p.tok.kind != tokInt {
		p.expected(what)
	}
	n, err := strconv.ParseUint(p.tok.text, 10, 64)
	if err != nil || n > limit {
		p.fail(p.tok.pos, "%s out of range", what)
	}
	p.next()
	return n
}

// skipAlign accepts a trailing ", align N", which means nothing to toyc.
func (p *parser) skipAlign() {
	if p.acceptPunct(",") {
		p.wantWord("align")
		p.wantInt("an alignment", 1<<32)
	}
}

// loadAttributes accepts a load's trailing ", align N" and
// ", !invariant.load !N", reporting whether the load is invariant.
func (p *parser) loadAttributes() (invariant bool) {
	for p.acceptPunct(",") {
		if p.acceptPunct("!") {
			if !p.isWord("invariant.load") {
				p.unsupported("metadata other than !invariant.load")
			}
			p.next()
			p.wantPunct("!")
			p.wantInt("a metadata number", 1<<32)
			invariant = true
			continue
		}
		p.wantWord("align")
		p.wantInt("an alignment", 1<<32)
	}
	return invariant
}

// defineSymbol checks that a global or function name is new.
func (p *parser) defineSymbol(tok token) {
	if p.m.Global(tok.text) != nil || p.m.Func(tok.text) != nil {
		p.fail(tok.pos, "redefinition of '@%s'", quoteName(tok.text))
	}
}

// global reads "@name = [linkage] (global|constant) T init [, align N]",
// "@name = ... constant [N x i8] c"..."" and "@name = external global T".
func (p *parser) global() {
	name := p.tok
	p.defineSymbol(name)
	p.next()
	p.wantPunct("=")
	g := &Global{Name: name.text}
	for {
		switch {
		case p.acceptWord("private"):
			g.Private = true
			continue
		case p.acceptWord("external"):
			g.External = true
			continue
		case p.acceptWord("internal"), p.acceptWord("dso_local"),
			p.acceptWord("unnamed_addr"), p.acceptWord("local_unnamed_addr"):
			continue
		}
		break
	}
	switch {
	case p.acceptWord("constant"):
		g.Constant = true
	case p.acceptWord("global"):
	default:
		p.expected("'global' or 'constant'")
	}
	if g.External {
		g.Type = p.valueType()
		p.skipAlign()
		p.m.AddGlobal(g)
		return
	}
	if p.isPunct("[") {
		g.Bytes = p.stringConstant()
	} else {
		g.Type = p.valueType()
		p.globalInit(g)
	}
	p.skipAlign()
	p.m.AddGlobal(g)
}

// stringConstant reads [N x i8] c"...".
func (p *parser) stringConstant() []byte {
	p.next()
	n := p.wantInt("an array length", 1<<31)
	p.wantWord("x")
	if !p.acceptWord("i8") {
		p.unsupported("an array of anything but i8")
	}
	p.wantPunct("]")
	if !p.acceptWord("c") {
		p.expected("a string constant c\"...\"")
	}
	pos := p.tok.pos
	s := p.wantString()
	if uint64(len(s)) != n {
		p.fail(pos, "string constant has %d bytes, but its type [%d x i8] says %d", len(s), n, n)
	}
	return []byte(s)
}

func (p *parser) globalInit(g *Global) {
	if g.Type == Ptr {
		switch {
		case p.tok.kind == tokGlobal:
			g.InitSym = p.tok.text
			p.globals = append(p.globals, symbolUse{p.tok.text, p.tok.pos})
			p.next()
			return
		case p.acceptWord("null"):
			return
		}
		p.expected("'@name' or 'null'")
	}
	if p.isWord("true") || p.isWord("false") || p.tok.kind == tokInt {
		g.Init = p.intConstant(g.Type)
		return
	}
	p.expected("an integer constant")
}

// intConstant reads an integer, true or false of the integer type t. Like
// LLVM, it wraps integers to the width of t.
func (p *parser) intConstant(t Type) int64 {
	tok := p.tok
	if tok.kind == tokWord && (tok.text == "true" || tok.text == "false") {
		if t != I1 {
			p.fail(tok.pos, "'%s' is a constant of type i1, but expected %s", tok.text, t)
		}
		p.next()
		if tok.text == "true" {
			return -1
		}
		return 0
	}
	if !t.IsInt() {
		p.fail(tok.pos, "integer constant must have integer type, not %s", t)
	}
	v := wrapDecimal(tok.text)
	p.next()
	return t.Truncate(v)
}

// wrapDecimal converts a decimal integer of any length modulo 2^64, as
// LLVM truncates an integer literal to the width of its type.
func wrapDecimal(s string) int64 {
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	var u uint64
	for i := 0; i < len(s); i++ {
		u = u*10 + uint64(s[i]-'0')
	}
	if neg {
		u = -u
	}
	return int64(u)
}

// typ reads a type: void, i1, i8, i32, i64 or ptr.
func (p *parser) typ() Type {
	tok := p.tok
	if tok.kind != tokWord {
		if p.isPunct("[") {
			p.unsupported("an array type outside a string constant")
		}
		p.expected("a type")
	}
	t, ok := TypeByName(tok.text)
	if !ok {
		switch {
		case len(tok.text) > 1 && tok.text[0] == 'i' && isInteger(tok.text[1:]),
			tok.text == "half", tok.text == "float", tok.text == "double", tok.text == "label":
			p.fail(tok.pos, "type %s is not supported (toyc reads void, i1, i8, i32, i64 and ptr)", tok.text)
		}
		p.expected("a type")
	}
	p.next()
	if p.isPunct("*") {
		p.fail(p.tok.pos, "typed pointers are not supported: write 'ptr' (opaque pointers)")
	}
	return t
}

// valueType reads a type other than void.
func (p *parser) valueType() Type {
	pos := p.tok.pos
	t := p.typ()
	if t == Void {
		p.fail(pos, "void is not a type a value can have")
	}
	return t
}

// skipParamAttrs accepts the attributes toyc's printer and clang put on
// parameters and results; the ABI facts they state follow from the types.
func (p *parser) skipParamAttrs() {
	for p.acceptWord("zeroext") || p.acceptWord("signext") || p.acceptWord("noundef") {
	}
}

// skipFuncAttrs accepts what may follow a function's parameter list or a
// call: unnamed_addr words and attribute group references.
func (p *parser) skipFuncAttrs() {
	for {
		switch {
		case p.acceptWord("unnamed_addr"), p.acceptWord("local_unnamed_addr"):
		case p.tok.kind == tokAttrGroup:
			p.next()
		default:
			return
		}
	}
}

// function reads a declaration's or a definition's header and, for a
// definition, its body.
func (p *parser) function(define bool) {
	for p.acceptWord("private") || p.acceptWord("internal") || p.acceptWord("dso_local") ||
		p.acceptWord("external") {
	}
	p.skipParamAttrs()
	result := p.typ()
	if p.tok.kind != tokGlobal {
		p.expected("a function name '@name'")
	}
	name := p.tok
	p.defineSymbol(name)
	p.next()
	f := p.m.NewFunc(name.text, result)
	if define {
		p.fn = newFuncState(p, f)
	}
	p.wantPunct("(")
	for !p.acceptPunct(")") {
		if len(f.Params) > 0 {
			p.wantPunct(",")
		}
		if p.isWord("...") {
			p.unsupported("a variadic function")
		}
		typePos := p.tok.pos
		t := p.valueType()
		p.skipParamAttrs()
		p.param(f, t, typePos, define)
	}
	p.skipFuncAttrs()
	if !define {
		return
	}
	p.wantPunct("{")
	p.fn.body()
	p.fn = nil
}

// param adds a parameter: named as written, else by its number.
func (p *parser) param(f *Func, t Type, typePos diag.Pos, define bool) {
	tok := p.tok
	named := tok.kind == tokLocal || tok.kind == tokLocalID
	if named {
		p.next()
	} else {
		tok.pos = typePos
	}
	if !define {
		// A declaration's parameter names mean nothing and are not printed.
		f.AddParam(t, "")
		return
	}
	f.appendParam(p.fn.defineValue(tok, named, &Value{Op: OpParam, Type: t, Pos: tok.pos}))
}

// resolveSymbols checks the module-wide names used by functions and
// initializers, once every global and function is known.
func (p *parser) resolveSymbols() {
	for _, use := range p.globals {
		if p.m.Global(use.sym) == nil && p.m.Func(use.sym) == nil {
			p.errorf(use.pos, "use of undefined value '@%s'", quoteName(use.sym))
		}
	}
	for _, call := range p.calls {
		if p.m.Func(call.sym) == nil {
			if p.m.Global(call.sym) != nil {
				p.errorf(call.pos, "call of '@%s', which is a global variable, not a function", quoteName(call.sym))
			} else {
				p.errorf(call.pos, "call to undeclared function '@%s'", quoteName(call.sym))
			}
		}
	}
}
