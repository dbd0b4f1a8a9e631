package middle

import (
	"encoding/binary"

	"toyc/middle/diag"
)

// Frozen copies: a settled function (Summary.Settle) that callers may
// still inline need not wait for them as it is. Its body, as the SCC
// passes left it, is written into a byte string (freeze), and the
// function goes on through the late passes and code generation and is
// released; a caller that weighs inlining it reads a body made again from
// the bytes (thaw). The copy holds what inlineCall reads — the blocks with
// their edges in order, the instructions, parameters and operands with
// their IDs and every field, the inline tree — in varints, with no
// pointer for the collector to follow: the copies of a program's small
// functions, which may wait until its last caller is compiled, cost a
// fifth of their bodies, and nothing to mark.

// freeze writes f's body into a frozen copy.
func freeze(f *Func) []byte {
	e := frozenWriter{}
	e.uint(f.nextValueID)
	e.uint(f.nextBlockID)
	e.uint(len(f.Inlines))
	for _, s := range f.Inlines {
		e.string(s.Callee)
		e.pos(s.Call)
		e.uint(int(s.Parent))
	}
	defined := make([]bool, f.nextValueID)
	for _, p := range f.Params {
		defined[p.ID] = true
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			defined[v.ID] = true
		}
	}
	var operands []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			for _, a := range v.Args {
				if !defined[a.ID] {
					defined[a.ID] = true
					operands = append(operands, a)
				}
			}
		}
	}
	e.uint(len(f.Params))
	for _, p := range f.Params {
		e.value(p)
	}
	e.uint(len(operands))
	for _, v := range operands {
		e.value(v)
	}
	e.uint(len(f.Blocks))
	for _, b := range f.Blocks {
		e.uint(b.ID)
		e.string(b.Name)
	}
	for _, b := range f.Blocks {
		e.edges(b.Succs)
		e.edges(b.Preds)
		e.uint(len(b.Instrs))
		for _, v := range b.Instrs {
			e.value(v)
		}
	}
	return e.buf
}

type frozenWriter struct{ buf []byte }

func (e *frozenWriter) uint(n int)     { e.buf = binary.AppendUvarint(e.buf, uint64(n)) }
func (e *frozenWriter) int(n int64)    { e.buf = binary.AppendVarint(e.buf, n) }
func (e *frozenWriter) pos(p diag.Pos) { e.int(int64(p.Line)); e.int(int64(p.Col)) }

func (e *frozenWriter) string(s string) {
	e.uint(len(s))
	e.buf = append(e.buf, s...)
}

func (e *frozenWriter) edges(es []Edge) {
	e.uint(len(es))
	for _, x := range es {
		e.uint(x.b.ID)
		e.uint(x.i)
	}
}

func (e *frozenWriter) value(v *Value) {
	e.uint(v.ID)
	e.buf = append(e.buf, byte(v.Op), byte(v.Type), byte(v.Pred), byte(v.Elem))
	if v.Invariant {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
	e.uint(int(v.Inlined))
	e.string(v.Name)
	e.int(v.Const)
	e.string(v.Sym)
	e.int(int64(v.Index))
	e.pos(v.Pos)
	e.uint(len(v.Args))
	for _, a := range v.Args {
		e.uint(a.ID)
	}
}

// thaw makes f's body again from its frozen copy data, in a function of
// its own (not f, which may be compiling on), for inlineCall to read.
func thaw(f *Func, data []byte) *Func {
	d := &frozenReader{buf: data}
	g := &Func{Name: f.Name, Result: f.Result, Module: f.Module, Decl: f.Decl}
	g.nextValueID = d.uint()
	g.nextBlockID = d.uint()
	if n := d.uint(); n > 0 {
		g.Inlines = make([]InlineSite, n)
		for i := range g.Inlines {
			g.Inlines[i] = InlineSite{Callee: d.string(), Call: d.pos(), Parent: uint16(d.uint())}
		}
	}
	d.vals = make([]*Value, g.nextValueID)
	g.Params = make([]*Value, d.uint())
	for i := range g.Params {
		g.Params[i] = d.value()
	}
	for range d.uint() {
		d.value()
	}
	blocks := make([]*Block, g.nextBlockID)
	g.Blocks = make([]*Block, d.uint())
	for i := range g.Blocks {
		b := &Block{ID: d.uint(), Name: d.string(), Func: g}
		blocks[b.ID] = b
		g.Blocks[i] = b
	}
	edges := func() []Edge {
		es := make([]Edge, d.uint())
		for i := range es {
			es[i] = Edge{blocks[d.uint()], d.uint()}
		}
		return es
	}
	for _, b := range g.Blocks {
		b.Succs = edges()
		b.Preds = edges()
		b.Instrs = make([]*Value, d.uint())
		for i := range b.Instrs {
			v := d.value()
			v.Block = b
			b.Instrs[i] = v
		}
	}
	return g
}

type frozenReader struct {
	buf  []byte
	vals []*Value // by ID, made on first mention
}

func (d *frozenReader) uint() int {
	n, k := binary.Uvarint(d.buf)
	d.buf = d.buf[k:]
	return int(n)
}

func (d *frozenReader) int() int64 {
	n, k := binary.Varint(d.buf)
	d.buf = d.buf[k:]
	return n
}

func (d *frozenReader) pos() diag.Pos { return diag.Pos{Line: int(d.int()), Col: int(d.int())} }

func (d *frozenReader) string() string {
	n := d.uint()
	s := string(d.buf[:n])
	d.buf = d.buf[n:]
	return s
}

func (d *frozenReader) get(id int) *Value {
	if d.vals[id] == nil {
		d.vals[id] = &Value{ID: id}
	}
	return d.vals[id]
}

func (d *frozenReader) value() *Value {
	v := d.get(d.uint())
	v.Op, v.Type, v.Pred, v.Elem = Op(d.buf[0]), Type(d.buf[1]), Pred(d.buf[2]), Type(d.buf[3])
	v.Invariant = d.buf[4] != 0
	d.buf = d.buf[5:]
	v.Inlined = uint16(d.uint())
	v.Name = d.string()
	v.Const = d.int()
	v.Sym = d.string()
	v.Index = int(d.int())
	v.Pos = d.pos()
	if n := d.uint(); n > 0 {
		v.Args = make([]*Value, n)
		for i := range v.Args {
			v.Args[i] = d.get(d.uint())
		}
	}
	return v
}
