package backend

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"toyc/middle"
	"toyc/middle/diag"
)

// Emission of GNU assembler text (AT&T syntax) for x86-64 Linux: the
// functions in .text, each with a prologue and epilogue from its frame, CFI
// directives so debuggers and unwinders can walk the stack, `.loc` line
// information (gas turns it into DWARF line tables, so gdb shows the Toy
// source), and a comment naming the source position before the
// instructions that come from it, and a label after each call, followed
// by the function's entries in the runtime's trace tables (tracetab.go);
// then the globals in .data, .bss or .rodata; the file name the trace
// tables share; and the note that the stack need not be executable.
// Output depends only on the input: no map is iterated.

// Emit writes the assembly for the module m, whose defined functions fs are
// allocated and laid out.
func Emit(w io.Writer, m *middle.Module, fs []*Func) error {
	return EmitWithSource(w, m, fs, nil)
}

// EmitWithSource is Emit with the text of the source file (m.Source), whose
// lines then appear in the comments that tie instructions to the source.
func EmitWithSource(w io.Writer, m *middle.Module, fs []*Func, src []byte) error {
	em := NewEmitter(w, m, src)
	for _, f := range fs {
		em.Function(f)
	}
	return em.Close()
}

// Emitter writes a module's assembly a function at a time, so that a
// function's machine code can be dropped as soon as it is written: the
// header first (NewEmitter), then each function in the module's order as
// it is finished (Function), then what follows them all (Close): the
// globals, the trace tables and the stack note.
//
// A function's text depends on the functions before it only through the
// labels of the trace tables (tracetab.go), numbered through the module.
// So Prepare may write a function's text ahead of its turn, concurrently
// with other functions, leaving a hole where each such label goes;
// Function, in the module's order, numbers the labels, fills the holes
// and writes the function's trace entries. The text of a function whose
// block labels the module's set keeps (blockLabels) is written by
// Function, in its turn (inTurn); -g's DWARF does not make a function
// wait.
type Emitter struct {
	e *emitter
}

// NewEmitter writes the header of m's assembly to w. src is the source
// file's text (m.Source), whose lines then appear in the comments that tie
// instructions to the source, or nil.
func NewEmitter(w io.Writer, m *middle.Module, src []byte) *Emitter {
	var lines *diag.Lines
	if src != nil {
		lines = diag.NewLines(src)
	}
	return NewEmitterLines(w, m, lines)
}

// NewEmitterLines is NewEmitter with the source file's lines indexed
// already (or nil).
func NewEmitterLines(w io.Writer, m *middle.Module, lines *diag.Lines) *Emitter {
	e := &emitter{w: new(textBuffer), out: w, m: m, taken: make(map[string]bool), local: make(map[string]bool), toyFunc: m.Func("toy") != nil}
	e.lines = lines
	if m.Source != "" {
		e.printf("\t.file\t%s\n", quote(m.Source))
		e.printf("\t.file\t1 %s\n", quote(m.Source))
	}
	e.dwarf = beginDwarf(e.w, m) // -g: DWARF (dwarf.go)
	return &Emitter{e: e}
}

// flushSize is how much text the emitter gathers before writing it out:
// a large program's 16 MB of assembly in 4 KB writes cost a twentieth of
// the emission in system calls.
const flushSize = 64 << 10

// Prepare writes the text of the allocated, laid-out machine function f
// ahead of its turn, unless it must wait for it. It may be called for
// several functions at once, and concurrently with Function for others.
func (em *Emitter) Prepare(f *Func) {
	if !em.e.inTurn(f) {
		f.text = em.e.prepare(f)
	}
}

// Function writes the allocated, laid-out machine function f.
func (em *Emitter) Function(f *Func) {
	e := em.e
	t := f.text
	if t == nil {
		t = e.prepare(f)
	}
	f.text = nil
	e.commit(t)
	funcTexts.Put(t)
	if e.w.Len() >= flushSize {
		e.flush()
	}
}

// Close writes the rest of the module and flushes it to the writer,
// returning the first error in writing.
func (em *Emitter) Close() error {
	em.e.data()
	em.e.traceTables()
	em.e.printf("\t.section\t.note.GNU-stack,\"\",@progbits\n")
	em.e.flush()
	return em.e.err
}

// flush writes the text gathered to the output.
func (e *emitter) flush() {
	if err := e.w.writeTo(e.out); err != nil && e.err == nil {
		e.err = err
	}
	e.w.Reset()
}

// writeText writes p, a piece of a function's text, gathered as any other
// unless it is a flush's worth or more: then it goes to the output
// directly, after what was gathered. Either way no more than a flush's
// worth is gathered, not the whole of a large function's text.
func (e *emitter) writeText(p []byte) {
	if len(p) < flushSize {
		e.w.put(p)
		if e.w.Len() >= flushSize {
			e.flush()
		}
		return
	}
	e.flush()
	if _, err := e.out.Write(p); err != nil && e.err == nil {
		e.err = err
	}
}

// inTurn reports whether f's text must be written in the module's order:
// when its block labels go in the module's set. -g's DWARF does not make
// it wait: the writer's labels are numbered by the module's order
// (dwarfWriter.index), and what it gathers across functions (types,
// ranges, abstract instances) is kept under its lock and written sorted or
// by index at the end. A function written ahead then keeps only its text,
// not its machine code, IR and debugging facts, until its turn: with -g
// those held a third more live heap at 100k lines, and the collector ran
// half as often again.
func (e *emitter) inTurn(f *Func) bool { return sharesLabels(f.Name) }

// funcText is a function's text with holes for the trace tables' labels,
// and what its trace entries need; one per function in flight, reused.
type funcText struct {
	text  textBuffer
	holes []int // where each call's return label goes, in order, then the end label
	fn    traceFunc
	sites []traceSite
	local map[string]bool // the function's block labels (blockLabels)
	buf   []byte
}

var funcTexts = sync.Pool{New: func() any { return &funcText{local: make(map[string]bool)} }}

// prepare writes f's text into a funcText.
func (e *emitter) prepare(f *Func) *funcText {
	t := funcTexts.Get().(*funcText)
	t.text.Reset()
	t.holes = t.holes[:0]
	for i := range t.sites {
		t.sites[i].frames = t.sites[i].frames[:0]
	}
	t.sites = t.sites[:0]
	fe := &emitter{w: &t.text, m: e.m, lines: e.lines, taken: e.taken, local: t.local, toyFunc: e.toyFunc, dwarf: e.dwarf, ft: t, buf: t.buf}
	fe.function(f)
	t.buf = fe.buf
	return t
}

type emitter struct {
	// w gathers the text: the module's, written to out when it grows
	// past flushSize (err is the first error in writing), or, for a
	// function's emitter (prepare), the function's (ft).
	w     *textBuffer
	out   io.Writer
	err   error
	ft    *funcText
	m     *middle.Module
	lines *diag.Lines     // the source text
	taken map[string]bool // labels handed out in the module (looked up only, never iterated)
	local map[string]bool // those of the function being written (blockLabels)
	// labels is where the function being written records its labels:
	// local or taken.
	labels map[string]bool
	// toyFunc says that the module has a function named toy, whose block
	// labels may meet the trace tables' (freshLabel).
	toyFunc bool
	last    diag.Pos     // the position of the last .loc
	trace   traceTable   // the runtime's trace tables, filled as functions are written
	dwarf   *dwarfWriter // -g's DWARF writer, or nil
	df      *dwarfFunc   // the DWARF of the function being written, or nil
	buf     []byte       // scratch for formatting a line
}

func (e *emitter) printf(format string, args ...any) { fmt.Fprintf(e.w, format, args...) }

// symbol is the assembler name of a global or function: private globals get
// the .L prefix that keeps them out of the symbol table, and names gas would
// not read bare are quoted.
func (e *emitter) symbol(name string) string {
	if g := e.m.Global(name); g != nil && g.Private {
		name = ".L" + name
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return quote(name)
		}
	}
	return name
}

// quote writes s as a gas string literal.
func quote(s string) string { return string(appendQuote(nil, s)) }

// appendQuote appends s as a gas string literal to b.
func appendQuote(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c >= 0x20 && c < 0x7f:
			b = append(b, c)
		default:
			// Always three digits, so that a digit after it is not
			// taken in.
			b = append(b, '\\', '0'+c>>6, '0'+c>>3&7, '0'+c&7)
		}
	}
	return append(b, '"')
}

// blockLabels gives every block of f a local label named after the function
// and the block, made of characters gas takes and unique in the module.
//
// Labels must not make the module's memory grow with the program, so the
// labels of a function named by an identifier (every Toy function) are
// kept in f's own set (e.local, emptied for each function): they begin
// with ".L", the name and a dot, which no label of another function can.
// The labels of other names (a .ll file's @"a.b") begin with ".L." —
// which an identifier's cannot — and go in the module's set, as do those
// of a function named toy, which the trace tables' ".Ltoy." labels share.
func (e *emitter) blockLabels(f *Func) []string {
	clean := func(s string) string {
		return strings.Map(func(c rune) rune {
			if c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				return c
			}
			return '_'
		}, s)
	}
	clear(e.local)
	e.labels = e.local
	prefix := ".L" + f.Name + "."
	if sharesLabels(f.Name) {
		e.labels = e.taken
		if f.Name != "toy" {
			prefix = ".L." + clean(f.Name) + "."
		}
	}
	labels := make([]string, len(f.Blocks))
	for i, b := range f.Blocks {
		l := prefix + clean(b.Name)
		for n := 1; e.labels[l]; n++ {
			l = prefix + clean(b.Name) + "." + strconv.Itoa(n)
		}
		e.labels[l] = true
		labels[i] = l
	}
	return labels
}

// sharesLabels reports whether the block labels of the function called
// name go in the module's set (blockLabels).
func sharesLabels(name string) bool { return !isIdentifier(name) || name == "toy" }

// isIdentifier reports whether s is a C identifier.
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

func (e *emitter) function(f *Func) {
	labels := e.blockLabels(f)
	// Blocks that would emit nothing but a jump are left out; branches go
	// where they lead (jumpchains.go).
	laidOut, dest := f.jumpChains()
	tables := e.jumpTableLabels(f, labels) // jumptable.go
	var layout []*Block
	for _, b := range f.Blocks {
		if laidOut[b.ID] {
			layout = append(layout, b)
		}
	}
	p := &formatter{
		f:     f,
		final: true,
		label: func(b *Block) string { return labels[dest[b.ID].ID] },
		sym:   tableSymbols(tables, e.symbol),
		plt:   func(name string) bool { return external(e.m, name) },
	}
	name := e.symbol(f.Name)
	e.printf("\n\t.text\n")
	if f.alignEntry {
		e.printf("\t.p2align\t4\n")
	}
	e.printf("\t.globl\t%s\n\t.type\t%s, @function\n%s:\n\t.cfi_startproc\n", name, name, name)
	e.traceFuncStart(f, name)
	e.df = e.dwarf.function(f, name)
	e.last = diag.Pos{}
	e.position(e.df.entryPos(f.pos), "")
	framed := false // what the CFI directives so far say about the frame
	if !f.frame.wrapped && !f.frame.omitted {
		e.prologue(f)
		framed = true
	}
	for i, b := range layout {
		var next *Block
		if i+1 < len(layout) {
			next = layout[i+1]
		}
		if b.alignTop && i > 0 {
			e.w.putString("\t.p2align\t5\n")
		}
		e.w.putString(labels[b.ID])
		e.w.putString(":\n")
		if f.frame.wrapped {
			if want := !b.frameless && !b.prologue; want != framed {
				e.frameState(f, want)
				framed = want
			}
			if b.prologue {
				e.prologue(f)
				framed = true
			}
		}
		e.block(f, p, b, func(t *Block) bool { return dest[t.ID] == next })
	}
	e.traceFuncEnd()
	e.df.end(e.w)
	e.df = nil
	e.printf("\t.cfi_endproc\n\t.size\t%s, .-%s\n", name, name)
	e.jumpTables(f, tables, p.label)
}

// prologue writes the frame's set-up with its CFI directives: the CFA
// stays rsp-based, at an offset that follows each push and the subtraction.
func (e *emitter) prologue(f *Func) {
	for i, r := range f.frame.saved {
		e.printf("\tpushq\t%%%s\n\t.cfi_def_cfa_offset %d\n\t.cfi_offset %%%s, %d\n", physName(r, 8), 16+8*i, physName(r, 8), -16-8*i)
	}
	if f.frame.size > 0 {
		e.printf("\tsubq\t$%d, %%rsp\n\t.cfi_def_cfa_offset %d\n", f.frame.size, f.frame.total)
	}
}

// frameState writes the CFI directives that say the frame is set up (or
// not) from here on: CFI rules follow the text, not the control flow, so a
// shrink-wrapped function states its frame at every block where the text
// switches between blocks that run before the prologue and after it.
func (e *emitter) frameState(f *Func, framed bool) {
	if framed {
		e.printf("\t.cfi_def_cfa_offset %d\n", f.frame.total)
		for i, r := range f.frame.saved {
			e.printf("\t.cfi_offset %%%s, %d\n", physName(r, 8), -16-8*i)
		}
		return
	}
	e.printf("\t.cfi_def_cfa_offset 8\n")
	for _, r := range f.frame.saved {
		e.printf("\t.cfi_restore %%%s\n", physName(r, 8))
	}
}

// isNop reports whether in does nothing once registers are allocated: a
// move between the same register, or between registers sharing a spill
// slot.
func (f *Func) isNop(in *Instr) bool {
	if in.Op != opMov {
		return false
	}
	d, s := in.Args[0], in.Args[1]
	switch {
	case d.Kind == KindReg && s.Kind == KindReg:
		return in.Size == 8 && f.location(d.Reg) == f.location(s.Reg)
	case d.Kind == KindMem && d.slot() != nil:
		return d.slot() == s.slot()
	}
	return false
}

// onlyJumps reports whether b emits nothing but its final jump.
func (f *Func) onlyJumps(b *Block) bool {
	n := len(b.Instrs)
	if n == 0 || b.Instrs[n-1].Op != opJmp {
		return false
	}
	for _, in := range b.Instrs[:n-1] {
		if !f.isNop(in) {
			return false
		}
	}
	return true
}

// block writes b's instructions; falls reports whether a jump to a block
// may be left out because that block is laid out next.
func (e *emitter) block(f *Func, p *formatter, b *Block, falls func(*Block) bool) {
	n := len(b.Instrs)
	for i, in := range b.Instrs {
		if f.isNop(in) || in.Op == opJmp && falls(in.Args[0].block()) {
			continue
		}
		e.df.instr(e.w, b, i, in)
		suffix := ""
		if e.df.prologueEnd(in) {
			suffix = " prologue_end"
		}
		e.position(in.Pos, suffix)
		switch {
		case in.Op == opJcc && i == n-2 && b.Instrs[n-1].Op == opJmp:
			then, els := in.Args[0].block(), b.Instrs[n-1].Args[0].block()
			switch {
			case falls(then):
				e.jump("\tj"+in.Cond.Negate().String(), p.label(els))
			case !falls(els) && els.depth > then.depth:
				// Neither falls through: the branch taken costs one
				// jump, the other two, so the conditional jump goes
				// where the loop stays and the jmp where it leaves.
				e.jump("\tj"+in.Cond.Negate().String(), p.label(els))
				e.jump("\tjmp", p.label(then))
			default:
				e.instr(p, in)
				if !falls(els) {
					e.jump("\tjmp", p.label(els))
				}
			}
			return
		case in.Op == opRet && b.frameless:
			e.w.putString("\tret\n")
		case in.Op == opRet:
			e.epilogue(f)
		case in.Op == opCall:
			e.instr(p, in)
			e.traceCall(f, in)
		default:
			e.instr(p, in)
		}
	}
}

// instr writes in as one line, formatted into the emitter's scratch.
func (e *emitter) instr(p *formatter, in *Instr) {
	e.buf = append(p.appendInstr(append(e.buf[:0], '\t'), in), '\n')
	e.w.put(e.buf)
}

// jump writes a jump with mnemonic (with its leading tab) to label.
func (e *emitter) jump(mnemonic, label string) {
	e.w.putString(mnemonic)
	e.w.WriteByte('\t')
	e.w.putString(label)
	e.w.WriteByte('\n')
}

func (e *emitter) epilogue(f *Func) {
	e.w.putString("\t.cfi_remember_state\n")
	n := len(f.frame.saved)
	if f.frame.size > 0 {
		e.buf = strconv.AppendInt(append(e.buf[:0], "\taddq\t$"...), int64(f.frame.size), 10)
		e.buf = strconv.AppendInt(append(e.buf, ", %rsp\n\t.cfi_def_cfa_offset "...), int64(8+8*n), 10)
		e.buf = append(e.buf, '\n')
		e.w.put(e.buf)
	}
	for i := n - 1; i >= 0; i-- {
		e.buf = append(append(e.buf[:0], "\tpopq\t%"...), physName(f.frame.saved[i], 8)...)
		e.buf = strconv.AppendInt(append(e.buf, "\n\t.cfi_def_cfa_offset "...), int64(8+8*i), 10)
		e.buf = append(e.buf, '\n')
		e.w.put(e.buf)
	}
	e.w.putString("\tret\n\t.cfi_restore_state\n")
}

// position writes the .loc directive and the source comment when the
// instructions that follow come from a new source position, with suffix
// (the directive's options) after it.
func (e *emitter) position(pos diag.Pos, suffix string) {
	if !pos.IsValid() || pos == e.last || e.m.Source == "" {
		return
	}
	b := e.buf[:0]
	if pos.Line != e.last.Line {
		if pos.Line <= e.lines.Len() {
			b = append(strconv.AppendInt(append(b, "\t# "...), int64(pos.Line), 10), ": "...)
			b = append(append(b, bytes.TrimSpace(e.lines.Text(pos.Line))...), '\n')
		} else {
			b = append(append(b, "\t# "...), e.m.Source...)
			b = append(strconv.AppendInt(append(b, ':'), int64(pos.Line), 10), '\n')
		}
	}
	b = strconv.AppendInt(append(b, "\t.loc\t1 "...), int64(pos.Line), 10)
	b = append(append(strconv.AppendInt(append(b, ' '), int64(pos.Col), 10), suffix...), '\n')
	e.w.put(b)
	e.buf = b
	e.last = pos
}

// data writes the module's global variables, each in the section its
// initializer and mutability call for.
func (e *emitter) data() {
	section := ""
	for _, g := range e.m.Globals {
		if g.External {
			continue
		}
		var want string
		switch {
		case g.Constant && g.InitSym == "":
			want = "\t.section\t.rodata"
		case g.Bytes == nil && g.InitSym == "" && g.Init == 0:
			want = "\t.bss"
		default:
			want = "\t.data"
		}
		if want != section {
			e.printf("\n%s\n", want)
			section = want
		}
		name := e.symbol(g.Name)
		size, align := g.Type.Size(), g.Type.Size()
		if g.Bytes != nil {
			size, align = len(g.Bytes), 1
		}
		if !g.Private {
			e.printf("\t.globl\t%s\n", name)
		}
		e.printf("\t.type\t%s, @object\n\t.size\t%s, %d\n", name, name, size)
		if align > 1 {
			e.printf("\t.p2align\t%d\n", log2(align))
		}
		e.printf("%s:\n", name)
		switch {
		case g.Bytes != nil:
			e.printf("\t.ascii\t%s\n", quote(string(g.Bytes)))
		case g.InitSym != "":
			e.printf("\t.quad\t%s\n", e.symbol(g.InitSym))
		case want == "\t.bss":
			e.printf("\t.zero\t%d\n", size)
		default:
			directive := map[int]string{1: ".byte", 4: ".long", 8: ".quad"}[size]
			v := g.Init
			if g.Type == middle.I1 {
				v &= 1
			} else if size < 8 {
				v &= 1<<(8*size) - 1
			}
			e.printf("\t%s\t%d\n", directive, v)
		}
	}
	e.dwarf.end(e.w) // after the globals, which it describes
}

func log2(n int) int {
	k := 0
	for 1<<k < n {
		k++
	}
	return k
}
