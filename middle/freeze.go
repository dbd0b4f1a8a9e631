package middle

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"strconv"
	"strings"

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
// pointer for the collector to follow. The copies of a program's small
// functions may wait until its last caller is compiled (all of them, when
// main calls them all, and with them the callees their calls hold), so
// they are written as tightly as a simple encoding allows, as an object
// file's would be: IDs and lines as differences from the ones before,
// operands from the instruction that uses them, the fields that are
// mostly zero only when set, and each name's source part (%add of
// %add.3) and each symbol once per copy, in a buffer of the copy's size.
// On the 100k-line generated program, the copies take 5.1 MB, where
// every field at full width took 8.2 MB (10 MB with the buffers' slack):
// about 11 bytes a value, where a Value is 112.

// freeze writes f's body into a frozen copy.
func freeze(f *Func) []byte { return new(frozenWriter).freeze(f) }

// freeze writes f's body into a frozen copy, in e's buffer, and returns
// a copy of no more bytes than it needs: e's buffer, grown by doubling,
// serves the next function.
func (e *frozenWriter) freeze(f *Func) []byte {
	e.buf, e.lastID, e.lastLine = e.buf[:0], 0, 0
	e.symbols.reset()
	e.uint(f.NumValues())
	e.uint(f.NumBlocks())
	e.uint(len(f.Inlines))
	for _, s := range f.Inlines {
		e.symbol(s.Callee)
		e.pos(s.Call)
		e.uint(int(s.Parent))
	}
	defined := make([]bool, f.NumValues())
	// The debugging facts, settled against what the copy holds (the
	// parameters and instructions), which settleForCopy marks defined in
	// the walk that finds them for the facts.
	var dbg *frozenDebug
	if d := f.tracking(); d != nil {
		dbg = e.settleForCopy(f, d, defined)
	} else {
		for _, p := range f.Params {
			defined[p.ID] = true
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				defined[v.ID] = true
			}
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
		e.name(b.Name)
	}
	for _, b := range f.Blocks {
		e.edges(b.Succs)
		e.edges(b.Preds)
		e.uint(len(b.Instrs))
		for _, v := range b.Instrs {
			e.value(v)
		}
	}
	e.debug(dbg, defined)
	if dbg != nil {
		// Not kept from the collector by the pooled writer.
		clear(e.vals)
		clear(e.blockOf)
		clear(e.named)
	}
	return bytes.Clone(e.buf)
}

type frozenWriter struct {
	buf              []byte
	lastID, lastLine int         // of the value written before
	symbols          symbolTable // the symbols written, numbered in order
	// What settleForCopy reuses from one function to the next (with -g,
	// a copy was made of the facts and the liveness of every function
	// frozen, the largest part of what freezing allocated).
	vals    []*Value     // by Value.ID
	blockOf []*Block     // by Block.ID
	named   []namedValue // the φs named that the copy holds (debug)
}

func (e *frozenWriter) uint(n int)     { e.buf = binary.AppendUvarint(e.buf, uint64(n)) }
func (e *frozenWriter) int(n int64)    { e.buf = binary.AppendVarint(e.buf, n) }
func (e *frozenWriter) pos(p diag.Pos) { e.int(int64(p.Line)); e.int(int64(p.Col)) }

func (e *frozenWriter) edges(es []Edge) {
	e.uint(len(es))
	for _, x := range es {
		e.uint(x.b.ID)
		e.uint(x.i)
	}
}

// The fields of a value that are mostly zero are written only when set,
// as its flags byte says.
const (
	hasPred = 1 << iota
	hasElem
	isInvariant
	hasInlined
	hasName
	hasConst
	hasSym
	hasIndex
)

// value writes v: its ID as the difference from the value written before,
// its operands' IDs as differences from its own (an operand is mostly
// defined a few instructions before its use), its line as the difference
// from the line before, and only the fields it has (the flags byte).
func (e *frozenWriter) value(v *Value) {
	e.int(int64(v.ID - e.lastID))
	e.lastID = v.ID
	var flags byte
	for bit, set := range [...]bool{v.Pred != 0, v.Elem != 0, v.Invariant, v.Inlined != 0, v.Name != "", v.Const != 0, v.Sym != "", v.Index != 0} {
		if set {
			flags |= 1 << bit
		}
	}
	e.buf = append(e.buf, byte(v.Op), byte(v.Type), flags)
	if flags&hasPred != 0 {
		e.buf = append(e.buf, byte(v.Pred))
	}
	if flags&hasElem != 0 {
		e.buf = append(e.buf, byte(v.Elem))
	}
	if flags&hasInlined != 0 {
		e.uint(int(v.Inlined))
	}
	if flags&hasName != 0 {
		e.name(v.Name)
	}
	if flags&hasConst != 0 {
		e.int(v.Const)
	}
	if flags&hasSym != 0 {
		e.symbol(v.Sym)
	}
	if flags&hasIndex != 0 {
		e.int(int64(v.Index))
	}
	e.int(int64(v.Pos.Line - e.lastLine))
	e.lastLine = v.Pos.Line
	e.int(int64(v.Pos.Col))
	e.uint(len(v.Args))
	for _, a := range v.Args {
		e.int(int64(a.ID - v.ID))
	}
}

// name writes the name of a value or block: UniqueName's names are a
// source name and a number (%add.3, %if.end.2), and the source names
// come again and again, so the source name is written as a symbol, and
// the number (one more, 0 for none) after it.
func (e *frozenWriter) name(s string) {
	base, n := splitName(s)
	e.symbol(base)
	e.uint(n)
}

// splitName splits a name into its source name and one more than its
// number, or 0 when it has none that writes the same again: digits after
// the last dot, without a leading 0 (other than 0 itself), and few enough
// for an int.
func splitName(s string) (string, int) {
	dot := strings.LastIndexByte(s, '.')
	digits := s[dot+1:]
	if dot < 0 || digits == "" || len(digits) > 9 || len(digits) > 1 && digits[0] == '0' {
		return s, 0
	}
	n := 0
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return s, 0
		}
		n = 10*n + int(c-'0')
	}
	return s[:dot], n + 1
}

// symbol writes a string a body names again and again — a global's or
// callee's name (the runtime's checks, a callee called in a loop), a
// source name — once: a later mention is its number among the symbols
// written before.
func (e *frozenWriter) symbol(s string) {
	if k, ok := e.symbols.number(s); ok {
		e.uint(2*k + 1)
		return
	}
	e.uint(2 * len(s))
	e.buf = append(e.buf, s...)
}

// symbolTable numbers the distinct strings given it, in order, from one
// reset to the next: a hash table open-addressed by maphash, looked up
// and added to in one probe, and emptied by a new generation rather
// than cleared. (A map[string]int took twice its instructions, the
// symbols of a program's copies being tens of thousands of look-ups,
// one for each name and most mentions of a symbol.)
type symbolTable struct {
	seed  maphash.Seed
	gen   uint32       // the current generation; a slot of another is empty
	slots []symbolSlot // a power of two of them, at most half in use
	strs  []string     // the strings of this generation, by number
}

type symbolSlot struct {
	gen uint32
	n   int32 // the string's number
}

// reset empties t.
func (t *symbolTable) reset() {
	t.strs = t.strs[:0]
	t.gen++
	if t.gen == 0 { // wrapped: a slot's could be taken for the current one
		clear(t.slots)
		t.gen = 1
	}
}

// number returns the number of s, true if t had it, else that of s
// added, false.
func (t *symbolTable) number(s string) (int, bool) {
	if 2*(len(t.strs)+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := maphash.String(t.seed, s) & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.gen != t.gen {
			*sl = symbolSlot{t.gen, int32(len(t.strs))}
			t.strs = append(t.strs, s)
			return int(sl.n), false
		}
		if t.strs[sl.n] == s {
			return int(sl.n), true
		}
	}
}

// grow doubles t's slots (making the first), and places the strings
// again.
func (t *symbolTable) grow() {
	if t.slots == nil {
		t.seed, t.gen = maphash.MakeSeed(), 1
	}
	t.slots = make([]symbolSlot, max(64, 2*len(t.slots)))
	mask := uint64(len(t.slots) - 1)
	for n, s := range t.strs {
		i := maphash.String(t.seed, s) & mask
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = symbolSlot{t.gen, int32(n)}
	}
}

// thaw makes f's body again from its frozen copy data, in a function of
// its own (not f, which may be compiling on), for inlineCall to read.
func thaw(f *Func, data []byte) *Func {
	g := &Func{Name: f.Name, Result: f.Result, Module: f.Module, Decl: f.Decl, sig: f.sig}
	// The body is cut from a slab of its own (valueslab.go), as a built
	// one is: thawing allocated a quarter of a compile's objects one by
	// one (every value, block and list), all dropped together once the
	// caller has inlined its copies.
	d := &frozenReader{buf: data, slab: g.bodySlab()}
	g.nextValueID = int32(d.uint())
	g.nextBlockID = int32(d.uint())
	if n := d.uint(); n > 0 {
		g.Inlines = make([]InlineSite, n)
		for i := range g.Inlines {
			g.Inlines[i] = InlineSite{Callee: d.symbol(), Call: d.pos(), Parent: uint16(d.uint())}
		}
	}
	d.vals = make([]*Value, g.NumValues())
	g.Params = make([]*Value, d.uint())
	for i := range g.Params {
		g.Params[i] = d.value()
	}
	for range d.uint() {
		d.value()
	}
	blocks := make([]*Block, g.NumBlocks())
	g.Blocks = make([]*Block, d.uint())
	for i := range g.Blocks {
		b := d.slab.bareBlock()
		b.ID, b.Name, b.Func = d.uint(), d.name(), g
		blocks[b.ID] = b
		g.Blocks[i] = b
	}
	edges := func() []Edge {
		es := d.slab.edgeList(d.uint())
		for i := range es {
			es[i] = Edge{blocks[d.uint()], d.uint()}
		}
		return es
	}
	for _, b := range g.Blocks {
		b.Succs = edges()
		b.Preds = edges()
		b.Instrs = d.slab.pointers(d.uint())
		for i := range b.Instrs {
			v := d.value()
			v.Block = b
			b.Instrs[i] = v
		}
	}
	if d.off < len(d.buf) && d.buf[d.off] != 0 {
		// Read when inlining first asks (debugFacts): the reader's
		// values and symbols are the body's.
		g.thawDebug = func() *FuncDebug { return d.debug(g, blocks) }
	}
	return g
}

type frozenReader struct {
	buf              []byte
	off              int        // where in buf the next field is (an offset, not buf re-sliced per field)
	vals             []*Value   // by ID, made on first mention
	slab             *valueSlab // where the body's values, blocks and lists are cut from
	lastID, lastLine int        // of the value read before
	symbols          []string   // the symbols read, in order
}

// byte reads a field of one byte.
func (d *frozenReader) byte() byte {
	c := d.buf[d.off]
	d.off++
	return c
}

// uint reads what binary.AppendUvarint wrote: seven bits a byte, low
// ones first, the last byte's top bit clear.
func (d *frozenReader) uint() int {
	var n uint64
	for shift := 0; ; shift += 7 {
		c := d.byte()
		if c < 0x80 {
			return int(n | uint64(c)<<shift)
		}
		n |= uint64(c&0x7f) << shift
	}
}

// int reads what binary.AppendVarint wrote: the zigzag encoding (the
// sign in the low bit) as a uvarint.
func (d *frozenReader) int() int64 {
	u := uint64(d.uint())
	return int64(u>>1) ^ -int64(u&1)
}

func (d *frozenReader) pos() diag.Pos { return diag.Pos{Line: int(d.int()), Col: int(d.int())} }

func (d *frozenReader) get(id int) *Value {
	if d.vals[id] == nil {
		v := d.slab.value(nil)
		v.ID = id
		d.vals[id] = v
	}
	return d.vals[id]
}

func (d *frozenReader) value() *Value {
	d.lastID += int(d.int())
	v := d.get(d.lastID)
	v.Op, v.Type = Op(d.byte()), Type(d.byte())
	flags := d.byte()
	if flags&hasPred != 0 {
		v.Pred = Pred(d.byte())
	}
	if flags&hasElem != 0 {
		v.Elem = Type(d.byte())
	}
	v.Invariant = flags&isInvariant != 0
	if flags&hasInlined != 0 {
		v.Inlined = uint16(d.uint())
	}
	if flags&hasName != 0 {
		v.Name = d.name()
	}
	if flags&hasConst != 0 {
		v.Const = d.int()
	}
	if flags&hasSym != 0 {
		v.Sym = d.symbol()
	}
	if flags&hasIndex != 0 {
		v.Index = int(d.int())
	}
	d.lastLine += int(d.int())
	v.Pos = diag.Pos{Line: d.lastLine, Col: int(d.int())}
	if n := d.uint(); n > 0 {
		v.Args = d.slab.pointers(n)
		for i := range v.Args {
			v.Args[i] = d.get(v.ID + int(d.int()))
		}
	}
	return v
}

func (d *frozenReader) name() string {
	base := d.symbol()
	if n := d.uint(); n > 0 {
		return base + "." + strconv.Itoa(n-1)
	}
	return base
}

func (d *frozenReader) symbol() string {
	n := d.uint()
	if n%2 == 1 {
		return d.symbols[n/2]
	}
	s := string(d.buf[d.off : d.off+n/2])
	d.off += n / 2
	d.symbols = append(d.symbols, s)
	return s
}

// frozenDebug is what a frozen copy keeps of its function's debugging
// facts (-g): what FuncDebug.inlined reads, the assignments settled
// (FuncDebug.settler) against the copy's values and blocks as they are
// written.
type frozenDebug struct {
	vars    []*DebugVar
	assigns assignSettler
	named   map[*Value][]int
	loops   []DebugLoop
	vals    []*Value // by ID: the values in the copy (the parameters and instructions)
}

// namedValue is a value and the variables it is named for (FuncDebug.Named).
type namedValue struct {
	v    *Value
	vars []int
}

// holds reports whether v is in the copy.
func (d *frozenDebug) holds(v *Value) bool { return v.ID < len(d.vals) && d.vals[v.ID] == v }

// settleForCopy settles d's facts for a frozen copy of f, which holds
// its parameters and instructions, in e's memory: the facts are written
// into the copy, and not used after. It marks those values defined (by
// ID), as it finds them: one walk over the function's values, not two.
func (e *frozenWriter) settleForCopy(f *Func, d *FuncDebug, defined []bool) *frozenDebug {
	e.vals = append(e.vals[:0], make([]*Value, f.NumValues())...)
	e.blockOf = append(e.blockOf[:0], make([]*Block, f.NumBlocks())...)
	for _, p := range f.Params {
		e.vals[p.ID], defined[p.ID] = p, true
	}
	for _, b := range f.Blocks {
		e.blockOf[b.ID] = b
		for _, v := range b.Instrs {
			e.vals[v.ID], defined[v.ID] = v, true
		}
	}
	return &frozenDebug{vars: d.Vars, named: d.Named, loops: d.Loops, vals: e.vals,
		assigns: d.settler(e.vals, e.blockOf)}
}

// Flags of a frozen variable.
const (
	frozenParam = 1 << iota
	frozenUnset
	frozenTypeAgain // its type is the one of the variable before it, not written again
)

// Flags of a frozen assignment.
const (
	frozenPhi = 1 << iota
	frozenDead
	frozenOperand // the value is a constant or global the copy does not hold: written in full
	frozenGone    // the value is not in the copy: its type follows
	frozenAnchoredOnly
)

// debug writes the debugging facts (nil: none); written says, by ID, the
// values the copy holds (with its operands): an assignment's value that it
// does not is written in full, a constant or a global's address, or as
// gone.
func (e *frozenWriter) debug(d *frozenDebug, written []bool) {
	if d == nil {
		e.uint(0)
		return
	}
	e.uint(1)
	e.uint(len(d.vars))
	lastType := ""
	for _, v := range d.vars {
		flags := 0
		if v.Param {
			flags |= frozenParam
		}
		if v.Unset {
			flags |= frozenUnset
		}
		// Most variables have the type of the one before: a symbol
		// looked up for each cost more than the rest of the variable.
		if v.Type == lastType {
			flags |= frozenTypeAgain
		}
		e.uint(flags)
		e.symbol(v.Name)
		if flags&frozenTypeAgain == 0 {
			e.symbol(v.Type)
			lastType = v.Type
		}
		e.pos(v.Decl)
		e.uint(int(v.Site))
		e.uint(v.Origin)
		slot := 0
		if v.Slot != nil && d.holds(v.Slot) {
			slot = v.Slot.ID + 1
		}
		e.uint(slot)
	}
	settle := &d.assigns
	e.uint(settle.taken())
	for i := range settle.assigns {
		a := &settle.assigns[i]
		block, ok := settle.place(a)
		if !ok {
			continue
		}
		e.uint(a.Var)
		flags := 0
		if a.Phi {
			flags |= frozenPhi
		}
		if a.Dead {
			flags |= frozenDead
		}
		if a.AnchoredOnly {
			flags |= frozenAnchoredOnly
		}
		v := a.Value
		inCopy := v.ID < len(written) && written[v.ID]
		switch {
		case inCopy:
		case v.Op == OpConst, v.Op == OpGlobal:
			flags |= frozenOperand
		default:
			flags |= frozenGone
		}
		e.uint(flags)
		switch {
		case inCopy:
			e.uint(v.ID)
		case flags&frozenOperand != 0:
			e.buf = append(e.buf, byte(v.Op), byte(v.Type))
			e.int(v.Const)
			e.symbol(v.Sym)
		default:
			e.buf = append(e.buf, byte(v.Type))
		}
		b := 0
		if block != nil {
			b = block.ID + 1
		}
		e.uint(b)
		e.pos(a.Pos)
		// The anchors still there, their number first: a byte saved for
		// it, and set once they are written (no more than 3*maxAnchors+2,
		// whose uvarint is the one byte); appended to a local slice, not
		// stored back into the writer for each.
		at, n := len(e.buf), 0
		buf := append(e.buf, 0)
		for _, w := range a.Anchors {
			if settle.live(w) {
				buf = binary.AppendUvarint(buf, uint64(w.ID))
				n++
			}
		}
		buf[at] = byte(n)
		e.buf = buf
	}
	// Gathered first, as their number comes before them: the map
	// iterated once.
	e.named = e.named[:0]
	for v, vs := range d.named {
		if d.holds(v) {
			e.named = append(e.named, namedValue{v, vs})
		}
	}
	e.uint(len(e.named))
	for _, n := range e.named {
		e.uint(n.v.ID)
		e.uint(len(n.vars))
		for _, vi := range n.vars {
			e.uint(vi)
		}
	}
	e.uint(len(d.loops))
	for _, l := range d.loops {
		e.pos(l.Start)
		e.pos(l.Body)
		e.pos(l.End)
	}
}

// debug reads the debugging facts into g's (nil when there were none);
// blocks are g's by ID.
func (d *frozenReader) debug(g *Func, blocks []*Block) *FuncDebug {
	if d.uint() == 0 {
		return nil
	}
	dbg := &FuncDebug{Vars: make([]*DebugVar, d.uint())}
	vars := make([]DebugVar, len(dbg.Vars)) // in one allocation
	lastType := ""
	for i := range dbg.Vars {
		v := &vars[i]
		flags := d.uint()
		v.Param, v.Unset = flags&frozenParam != 0, flags&frozenUnset != 0
		v.Name = d.symbol()
		if flags&frozenTypeAgain == 0 {
			lastType = d.symbol()
		}
		v.Type, v.Decl = lastType, d.pos()
		v.Site, v.Origin = uint16(d.uint()), d.uint()
		if slot := d.uint(); slot > 0 {
			v.Slot = d.get(slot - 1)
		}
		dbg.Vars[i] = v
	}
	dbg.Assigns = make([]DebugAssign, d.uint())
	for i := range dbg.Assigns {
		a := DebugAssign{Var: d.uint()}
		flags := d.uint()
		a.Phi, a.Dead, a.AnchoredOnly = flags&frozenPhi != 0, flags&frozenDead != 0, flags&frozenAnchoredOnly != 0
		switch {
		case flags&frozenOperand != 0:
			a.Value = &Value{ID: detachedID, Op: Op(d.byte()), Type: Type(d.byte())}
			a.Value.Const, a.Value.Sym = d.int(), d.symbol()
		case flags&frozenGone != 0:
			a.Value = &Value{ID: detachedID, Type: Type(d.byte())}
		default:
			a.Value = d.get(d.uint())
		}
		if b := d.uint(); b > 0 {
			a.Block = blocks[b-1]
		}
		a.Pos = d.pos()
		if n := d.uint(); n > 0 {
			// Into the facts' chunks of anchors (anchorRoom), not an
			// allocation per assignment.
			as := dbg.anchorRoom(n)
			start := len(as)
			for range n {
				as = append(as, d.get(d.uint()))
			}
			a.Anchors = dbg.keep(as, start)
		}
		dbg.Assigns[i] = a
	}
	for range d.uint() {
		v := d.get(d.uint())
		vs := make([]int, d.uint())
		for k := range vs {
			vs[k] = d.uint()
		}
		if dbg.Named == nil {
			dbg.Named = make(map[*Value][]int)
		}
		dbg.Named[v] = vs
	}
	if n := d.uint(); n > 0 {
		dbg.Loops = make([]DebugLoop, n)
		for i := range dbg.Loops {
			dbg.Loops[i] = DebugLoop{Start: d.pos(), Body: d.pos(), End: d.pos()}
		}
	}
	return dbg
}
