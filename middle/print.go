package middle

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"toyc/middle/diag"
)

// The printer writes the module as LLVM IR text that LLVM 14's tools accept
// with -opaque-pointers, and that ParseModule reads back unchanged.

// String returns the module's text.
func (m *Module) String() string {
	var p printer
	p.module(m)
	return string(p.buf)
}

// WriteTo writes the module's text to w.
func (m *Module) WriteTo(w io.Writer) (int64, error) {
	var p printer
	p.module(m)
	n, err := w.Write(p.buf)
	return int64(n), err
}

// String returns the function's text.
func (f *Func) String() string {
	var p printer
	p.fn(f)
	return string(p.buf)
}

// LongString returns the instruction's text, as in a dump.
func (v *Value) LongString() string {
	var p printer
	p.instr(v)
	return string(p.buf)
}

// String returns the operand's text: %name, a constant, or @global.
func (v *Value) String() string {
	var p printer
	p.operand(v)
	return string(p.buf)
}

// Dump returns the function's text for a reader: as String, with a
// comment naming each source line (from lines, the source text)
// before the instructions made from it, as the assembly has. The comments
// keep it valid LLVM text. With lines nil it is String.
func (f *Func) Dump(lines *diag.Lines) string {
	p := printer{lines: lines}
	p.fn(f)
	return string(p.buf)
}

// TextLine is one line of a function's text (String) with where it comes
// from: the block it is in (nil for the define line and the closing
// brace) and the instruction it prints (nil for labels and blank lines).
type TextLine struct {
	Text  string
	Block *Block
	Instr *Value
}

// TextLines returns the lines of f.String(), each with its block and
// instruction, for a viewer that links them to the source and the CFG.
func (f *Func) TextLines() []TextLine {
	p := printer{marks: true}
	p.fn(f)
	text := strings.Split(strings.TrimSuffix(string(p.buf), "\n"), "\n")
	lines := make([]TextLine, len(text))
	for i := range lines {
		lines[i] = TextLine{Text: text[i], Block: p.marked[i].block, Instr: p.marked[i].instr}
	}
	return lines
}

type printer struct {
	buf      []byte
	lines    *diag.Lines // for Dump's source comments
	lastLine int         // the line of the last source comment
	// For TextLines: with marks, each line's block and instruction, in
	// order, one entry per newline written.
	marks  bool
	marked []lineMark
}

type lineMark struct {
	block *Block
	instr *Value
}

// mark records, for TextLines, what the line being ended holds.
func (p *printer) mark(b *Block, v *Value) {
	if p.marks {
		p.marked = append(p.marked, lineMark{b, v})
	}
}

func (p *printer) s(s string) { p.buf = append(p.buf, s...) }

func (p *printer) module(m *Module) {
	p.s("; ModuleID = '")
	p.s(m.Source)
	p.s("'\nsource_filename = ")
	p.quoted([]byte(m.Source))
	p.s("\n")
	if len(m.Globals) > 0 {
		p.s("\n")
	}
	for _, g := range m.Globals {
		p.global(g)
	}
	for _, f := range m.Funcs {
		p.s("\n")
		p.fn(f)
	}
	if hasInvariantLoads(m) {
		p.s("\n!0 = !{}\n")
	}
}

// hasInvariantLoads reports whether the module needs the empty metadata
// node that !invariant.load refers to.
func hasInvariantLoads(m *Module) bool {
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Invariant {
					return true
				}
			}
		}
	}
	return false
}

func (p *printer) global(g *Global) {
	p.s("@")
	p.ident(g.Name)
	p.s(" = ")
	switch {
	case g.External:
		p.s("external global ")
		if g.Type == Void {
			p.s("i8")
		} else {
			p.s(g.Type.String())
		}
		p.s("\n")
		return
	case g.Private:
		p.s("private unnamed_addr ")
	}
	if g.Constant {
		p.s("constant ")
	} else {
		p.s("global ")
	}
	switch {
	case g.Bytes != nil:
		p.s("[")
		p.s(strconv.Itoa(len(g.Bytes)))
		p.s(" x i8] c")
		p.quoted(g.Bytes)
	case g.InitSym != "":
		p.s("ptr @")
		p.ident(g.InitSym)
	default:
		p.s(g.Type.String())
		p.s(" ")
		p.constant(g.Type, g.Init)
	}
	p.s("\n")
}

// quoted writes b as an LLVM string: printable ASCII as it is, everything
// else (and " and \) as \XX.
func (p *printer) quoted(b []byte) {
	const hex = "0123456789ABCDEF"
	p.s(`"`)
	for _, c := range b {
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			p.buf = append(p.buf, c)
		} else {
			p.buf = append(p.buf, '\\', hex[c>>4], hex[c&15])
		}
	}
	p.s(`"`)
}

// ident writes a name bare when LLVM's lexer takes it so, else quoted.
func (p *printer) ident(name string) {
	if IsBareIdent(name) {
		p.s(name)
		return
	}
	p.quoted([]byte(name))
}

// IsBareIdent reports whether name can follow % or @ without quotes in
// LLVM text: [-a-zA-Z$._][-a-zA-Z$._0-9]*.
func IsBareIdent(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '-', c == '$', c == '.', c == '_':
		case c >= '0' && c <= '9':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// paramType writes t with the ABI attribute C needs: a _Bool travels
// zero-extended to 8 bits.
func (p *printer) paramType(t Type) {
	p.s(t.String())
	if t == I1 {
		p.s(" zeroext")
	}
}

// resultType writes a result type; the attribute goes before it there.
func (p *printer) resultType(t Type) {
	if t == I1 {
		p.s("zeroext ")
	}
	p.s(t.String())
}

func (p *printer) signature(f *Func) {
	p.resultType(f.Result)
	p.s(" @")
	p.ident(f.Name)
	p.s("(")
	for i, a := range f.Params {
		if i > 0 {
			p.s(", ")
		}
		p.paramType(a.Type)
		if !f.IsDecl() {
			p.s(" %")
			p.ident(a.Name)
		}
	}
	p.s(")")
}

func (p *printer) fn(f *Func) {
	if f.IsDecl() {
		p.s("declare ")
		p.signature(f)
		p.s("\n")
		return
	}
	p.s("define ")
	p.signature(f)
	p.s(" {\n")
	preds := make([][]*Block, f.NumBlocks())
	for _, b := range f.Blocks {
		uniqueSuccs(b, func(s *Block) { preds[s.ID] = append(preds[s.ID], b) })
	}
	p.mark(nil, nil)
	for i, b := range f.Blocks {
		if i > 0 {
			p.s("\n")
			p.mark(nil, nil)
		}
		start := len(p.buf)
		p.ident(b.Name)
		p.s(":")
		if ps := preds[b.ID]; len(ps) > 0 {
			for len(p.buf)-start < 40 {
				p.s(" ")
			}
			p.s(" ; preds = ")
			for j, pb := range ps {
				if j > 0 {
					p.s(", ")
				}
				p.s("%")
				p.ident(pb.Name)
			}
		}
		p.s("\n")
		p.mark(b, nil)
		for _, v := range b.Instrs {
			p.sourceComment(v)
			p.s("  ")
			p.instr(v)
			p.s("\n")
			p.mark(b, v)
		}
	}
	p.s("}\n")
	p.mark(nil, nil)
}

// sourceComment writes, for Dump, the source line v comes from when it
// is not the line of the last comment.
func (p *printer) sourceComment(v *Value) {
	line := v.Pos.Line
	if line == p.lastLine || line <= 0 || line > p.lines.Len() {
		return
	}
	p.lastLine = line
	p.s("  ; ")
	p.s(strconv.Itoa(line))
	p.s(": ")
	p.s(string(bytes.TrimSpace(p.lines.Text(line))))
	p.s("\n")
}

func (p *printer) constant(t Type, c int64) {
	if t == Ptr && c == 0 {
		p.s("null")
		return
	}
	if t == I1 {
		if c != 0 {
			p.s("true")
		} else {
			p.s("false")
		}
		return
	}
	p.s(strconv.FormatInt(c, 10))
}

func (p *printer) operand(v *Value) {
	switch v.Op {
	case OpConst:
		p.constant(v.Type, v.Const)
	case OpUndef:
		p.s("undef")
	case OpGlobal:
		p.s("@")
		p.ident(v.Sym)
	default:
		p.s("%")
		p.ident(v.Name)
	}
}

func (p *printer) typedOperand(v *Value) {
	p.s(v.Type.String())
	p.s(" ")
	p.operand(v)
}

func (p *printer) phiEntry(val *Value, from *Block) {
	p.s(" [ ")
	p.operand(val)
	p.s(", %")
	p.ident(from.Name)
	p.s(" ]")
}

func (p *printer) typedOperands(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.s(", ")
		}
		p.typedOperand(v)
	}
}

func (p *printer) block(b *Block) {
	p.s("label %")
	p.ident(b.Name)
}

func (p *printer) instr(v *Value) {
	if v.HasResult() {
		p.s("%")
		p.ident(v.Name)
		p.s(" = ")
	}
	switch {
	case v.Op.IsBinary():
		p.s(v.Op.String())
		p.s(" ")
		p.typedOperand(v.Args[0])
		p.s(", ")
		p.operand(v.Args[1])
		return
	case v.Op.IsCast():
		p.s(v.Op.String())
		p.s(" ")
		p.typedOperand(v.Args[0])
		p.s(" to ")
		p.s(v.Type.String())
		return
	}
	switch v.Op {
	case OpICmp:
		p.s("icmp ")
		p.s(v.Pred.String())
		p.s(" ")
		p.typedOperand(v.Args[0])
		p.s(", ")
		p.operand(v.Args[1])
	case OpSelect:
		p.s("select ")
		p.typedOperands(v.Args)
	case OpAlloca:
		p.s("alloca ")
		p.s(v.Elem.String())
	case OpLoad:
		p.s("load ")
		p.s(v.Type.String())
		p.s(", ")
		p.typedOperand(v.Args[0])
		if v.Invariant {
			p.s(", !invariant.load !0")
		}
	case OpStore:
		p.s("store ")
		p.typedOperands(v.Args)
	case OpGEP:
		p.s("getelementptr ")
		p.s(v.Elem.String())
		p.s(", ")
		p.typedOperands(v.Args)
	case OpCall:
		p.s("call ")
		p.resultType(v.Type)
		p.s(" @")
		p.ident(v.Sym)
		p.s("(")
		for i, a := range v.Args {
			if i > 0 {
				p.s(", ")
			}
			p.paramType(a.Type)
			p.s(" ")
			p.operand(a)
		}
		p.s(")")
	case OpPhi:
		p.s("phi ")
		p.s(v.Type.String())
		first := true
		for i, a := range v.Args {
			if a == nil {
				continue // invalid input without an entry for the edge
			}
			if !first {
				p.s(",")
			}
			first = false
			p.phiEntry(a, v.Block.Pred(i))
		}
	case OpBr:
		p.s("br ")
		p.block(v.Block.Succ(0))
	case OpCondBr:
		p.s("br ")
		p.typedOperand(v.Args[0])
		p.s(", ")
		p.block(v.Block.Succ(0))
		p.s(", ")
		p.block(v.Block.Succ(1))
	case OpSwitch:
		p.s("switch ")
		p.typedOperand(v.Args[0])
		p.s(", ")
		p.block(v.Block.Succ(0))
		p.s(" [")
		for i, k := range v.Args[1:] {
			p.s("\n")
			p.mark(v.Block, v) // LLVM's layout: a line per case
			p.s("    ")
			p.typedOperand(k)
			p.s(", ")
			p.block(v.Block.Succ(i + 1))
		}
		p.s("\n")
		p.mark(v.Block, v)
		p.s("  ]")
	case OpRet:
		p.s("ret ")
		if len(v.Args) == 0 {
			p.s("void")
		} else {
			p.typedOperand(v.Args[0])
		}
	case OpUnreachable:
		p.s("unreachable")
	default:
		p.s(strings.ToLower(v.Op.String()))
	}
}
