package backend

import (
	"strconv"

	"toyc/middle/diag"
)

// The trace tables: what the runtime needs to print a runtime error's
// trace (runtime/ABI.md, "Traces"), as Go's pclntab gives its traceback —
// data only, so that code that does not fail pays nothing. The emitter
// puts a label after every call instruction and at the end of every
// function (indented, so that a line starting with a label still starts a
// block, for readers of the assembly such as the explorer), and writes two tables of 32-bit words, each entry's addresses
// relative to the word that holds them (no relocation is left for the
// dynamic linker, so the tables stay read-only in a PIE too):
//
//	toy_functab, one entry per function (8 words):
//	  start - .   end - .   name - .   file - .
//	  frame       line      col        flags
//
//	toy_pctab, one entry per logical frame of each call site (5 words):
//	  return address - .   name - .   line   col   flags
//
// frame is the distance from the function's CFA (the stack pointer before
// its caller's call) down to its stack pointer in the body, where every
// call is made: 8 (the return address), the pushed callee-saved registers
// and the rest of the frame; 0 for a function without a frame, which makes
// no calls. A function's stack pointer stays put between prologue and
// epilogue (frame.go), so the runtime walks from one frame to the next with
// these sizes alone: the caller's CFA is the callee's CFA plus the
// caller's frame. line and col of a function are its declaration's
// position (for .ll input, its first instruction's); flags bit 0 says that TailRecursion made some of its
// calls of itself a loop, so that one frame stands for several calls.
//
// A call site has one entry per logical frame, innermost first, all with
// the same return address: the call's own function and position, then,
// when the call was inlined (middle.InlineSite), the function it was
// inlined into at the position of the inlined call, and so on; flags bit 0
// says that the frame was inlined into the next entry's. The sections'
// names are C identifiers, so that the linker defines __start_ and __stop_
// symbols around the entries of all the objects linked.
//
// Each function's entries, and the strings of names it uses first, are
// written right after the function (.pushsection), not kept for the end:
// what the emitter keeps of the tables does not grow with the program.
// A section's contents are in the order written, so the entries are in
// the order of the functions' code, as the runtime's search wants.

const (
	funcTabSection = "toy_functab"
	pcTabSection   = "toy_pctab"
)

type traceTable struct {
	names   map[string]string // function name -> label of its string
	strings []traceString     // not yet written, in order of first use
	file    string            // the label of the file name, once a function has been written
	next    int               // for fresh labels
}

// traceFunc is a function's entry; name is the function's name until
// commit makes it the label of its string.
type traceFunc struct {
	start, end, name string
	frame            int
	pos              diag.Pos
	flags            int
}

type traceSite struct {
	ret    string
	frames []traceFrame
}

// traceFrame is a logical frame of a call site; name is a function's name
// until commit makes it the label of its string.
type traceFrame struct {
	name string
	pos  diag.Pos
}

type traceString struct{ label, text string }

// toyName is the name a trace shows for the function called name: Toy's
// main is emitted as toy_main.
func toyName(name string) string {
	if name == "toy_main" {
		return "main"
	}
	return name
}

// freshLabel returns a local label that no block and no private global of
// the module uses. Only a function named toy has block labels that begin
// as these do (blockLabels), so only with one in the module are they
// remembered, for its labels to be checked against: a label per call site
// would otherwise grow the emitter's memory with the program.
func (e *emitter) freshLabel(kind string) string {
	for {
		e.trace.next++
		l := ".Ltoy." + kind + strconv.Itoa(e.trace.next)
		if !e.taken[l] && e.m.Global(l[2:]) == nil {
			if e.toyFunc {
				e.taken[l] = true
			}
			return l
		}
	}
}

// traceString returns the label of the string s, made once per module.
func (e *emitter) traceString(s string) string {
	if e.trace.names == nil {
		e.trace.names = make(map[string]string)
	}
	if l, ok := e.trace.names[s]; ok {
		return l
	}
	l := e.freshLabel("name")
	e.trace.names[s] = l
	e.trace.strings = append(e.trace.strings, traceString{l, s})
	return l
}

// traceFuncStart records f's entry in toy_functab; the end label is
// written by traceFuncEnd.
func (e *emitter) traceFuncStart(f *Func, symbol string) {
	frame := 0
	if !f.frame.omitted {
		frame = f.frame.total
	}
	flags := 0
	if f.IR.TailLoops {
		flags |= 1
	}
	pos := f.IR.Decl
	if !pos.IsValid() {
		pos = f.pos
	}
	e.ft.fn = traceFunc{start: symbol, name: toyName(f.Name), frame: frame, pos: pos, flags: flags}
}

// traceFuncEnd leaves the hole of the function's end label.
func (e *emitter) traceFuncEnd() {
	e.ft.holes = append(e.ft.holes, e.w.Len())
}

// traceCall leaves the hole of the label of the return address of the
// call in (just written) and records its logical frames.
func (e *emitter) traceCall(f *Func, in *Instr) {
	t := e.ft
	t.holes = append(t.holes, e.w.Len())
	if n := len(t.sites); n < cap(t.sites) {
		t.sites = t.sites[:n+1] // with its frames' slice, emptied (prepare)
	} else {
		t.sites = append(t.sites, traceSite{})
	}
	site := &t.sites[len(t.sites)-1]
	pos := in.Pos
	for _, s := range f.IR.InlineChain(in.Inlined) {
		site.frames = append(site.frames, traceFrame{toyName(s.Callee), pos})
		pos = s.Call
	}
	site.frames = append(site.frames, traceFrame{toyName(f.Name), pos})
}

// commit writes the function text t, in the module's order: it makes the
// labels in the order the text asked for them (the file's with the first
// function; the function's name, each call's return address and the names
// of its frames, the function's end), fills the holes with them, and
// writes the function's entries and the strings it named first.
func (e *emitter) commit(t *funcText) {
	if e.trace.file == "" {
		e.trace.file = e.freshLabel("file")
	}
	t.fn.name = e.traceString(t.fn.name)
	for i := range t.sites {
		s := &t.sites[i]
		s.ret = e.freshLabel("ret")
		for j := range s.frames {
			s.frames[j].name = e.traceString(s.frames[j].name)
		}
	}
	t.fn.end = e.freshLabel("end")
	t.text.split(t.holes, e.writeText, func(i int) {
		if i < len(t.sites) {
			e.label(t.sites[i].ret)
		} else {
			e.label(t.fn.end)
		}
	})
	e.traceEntries(t)
}

// traceEntries writes the entries of the function t, and the strings it
// named first.
func (e *emitter) traceEntries(t *funcText) {
	fn := t.fn
	e.printf("\n\t.pushsection\t%s,\"a\",@progbits\n\t.p2align\t2\n", funcTabSection)
	e.printf("\t.long\t%s-., %s-., %s-., %s-.\n", fn.start, fn.end, fn.name, e.trace.file)
	e.longs(append(e.buf[:0], "\t.long\t"...), fn.frame, fn.pos.Line, fn.pos.Col, fn.flags)
	e.w.WriteString("\t.popsection\n")
	if len(t.sites) > 0 {
		e.printf("\t.pushsection\t%s,\"a\",@progbits\n\t.p2align\t2\n", pcTabSection)
		for _, s := range t.sites {
			for i, fr := range s.frames {
				flags := 0
				if i < len(s.frames)-1 {
					flags = 1
				}
				b := append(append(append(append(e.buf[:0], "\t.long\t"...), s.ret...), "-., "...), fr.name...)
				e.longs(append(b, "-., "...), fr.pos.Line, fr.pos.Col, flags)
			}
		}
		e.w.WriteString("\t.popsection\n")
	}
	if len(e.trace.strings) > 0 {
		e.w.WriteString("\t.pushsection\t.rodata.str1.1,\"aMS\",@progbits,1\n")
		for _, s := range e.trace.strings {
			e.printf("%s:\n\t.asciz\t%s\n", s.label, quote(s.text))
		}
		e.w.WriteString("\t.popsection\n")
		e.trace.strings = e.trace.strings[:0]
	}
}

// longs writes the row b begins, with the numbers separated by ", " and
// a newline: the trace tables' rows, one per call site, without fmt. b is
// e.buf's scratch, which it keeps.
func (e *emitter) longs(b []byte, nums ...int) {
	for i, n := range nums {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	e.buf = append(b, '\n')
	e.w.Write(e.buf)
}

// label writes the local label l, indented as the trace's labels are.
func (e *emitter) label(l string) {
	e.w.WriteByte('\t')
	e.w.WriteString(l)
	e.w.WriteString(":\n")
}

// traceTables writes what the entries share: the file name.
func (e *emitter) traceTables() {
	if e.trace.file == "" {
		return
	}
	e.printf("\n\t.section\t.rodata.str1.1,\"aMS\",@progbits,1\n")
	e.printf("%s:\n\t.asciz\t%s\n", e.trace.file, quote(e.m.Source))
}
