package middle

import (
	"fmt"
	"slices"
	"strconv"

	"toyc/middle/diag"
)

// funcState reads one function body: blocks, instructions and the local
// names they define and use. As in LLVM's LLParser::PerFunctionState, a
// name used before its definition (a φ operand from a later block, a branch
// to a later block) gets a placeholder that the definition fills in place.

type funcState struct {
	p      *parser
	f      *Func
	names  map[string]*local
	order  []*Block // blocks in the order the text defines them
	number int      // the number the next numbered or unnamed definition takes
	// forward lists the names used before their definition, in order of
	// first use, so that undefined ones are reported deterministically.
	forward []*local

	// The blocks the instruction being read names — a terminator's targets
	// or a φ's incoming blocks — kept by block and by φ until finish
	// makes the edges, once every block exists.
	labels  []*Block
	targets map[*Block][]*Block
	from    map[*Value][]*Block
}

// local is what a name in the function stands for: a value or a block,
// possibly still a forward-referenced placeholder.
type local struct {
	name    string
	val     *Value
	blk     *Block
	defined bool
	use     diag.Pos // the first use, while not yet defined
}

func newFuncState(p *parser, f *Func) *funcState {
	return &funcState{p: p, f: f, names: make(map[string]*local), targets: map[*Block][]*Block{}, from: map[*Value][]*Block{}}
}

// numberName turns %12 or 12: into the name "12".
func (s *funcState) numberName(tok token) string {
	n, err := strconv.ParseUint(tok.text, 10, 31)
	if err != nil {
		s.p.fail(tok.pos, "number %s is too large", tok.text)
	}
	return strconv.FormatUint(n, 10)
}

// refName is the name a use refers to.
func (s *funcState) refName(tok token) string {
	if tok.kind == tokLocalID {
		return s.numberName(tok)
	}
	return tok.text
}

// defName is the name a definition gets: tok's name when named is set,
// else the next number. A numbered definition must take the next number,
// as LLVM requires.
func (s *funcState) defName(tok token, named bool) string {
	if named && tok.kind != tokLocalID && tok.kind != tokLabelID {
		return tok.text
	}
	want := strconv.Itoa(s.number)
	s.number++
	if named {
		if got := s.numberName(tok); got != want {
			s.p.fail(tok.pos, "%s should be numbered %s (numbered values and blocks count up from 0)", tok.describe(), want)
		}
	}
	return want
}

// add records a new name and reserves it in the function.
func (s *funcState) add(l *local) *local {
	s.names[l.name] = l
	s.f.ReserveName(l.name)
	return l
}

// defineValue binds the instruction or parameter described by tmp to its
// name: a fresh value, or the placeholder earlier uses point to.
func (s *funcState) defineValue(tok token, named bool, tmp *Value) *Value {
	name := s.defName(tok, named)
	pos := tmp.Pos
	if named {
		pos = tok.pos
	}
	l := s.names[name]
	switch {
	case l == nil:
		l = s.add(&local{name: name, val: s.f.NewValue(OpInvalid, Void, "")})
	case l.defined:
		s.p.fail(pos, "redefinition of '%%%s'", quoteName(name))
	case l.blk != nil:
		s.p.fail(pos, "'%%%s' is defined as a value but used as a label on line %d", quoteName(name), l.use.Line)
	case l.val.Type != tmp.Type:
		s.p.fail(pos, "'%%%s' is defined with type %s but used as %s on line %d", quoteName(name), tmp.Type, l.val.Type, l.use.Line)
	}
	v := l.val
	id := v.ID
	*v = *tmp
	v.ID, v.Name = id, name
	l.defined = true
	return v
}

// defineBlock starts the block labelled by tok (or the next number when
// labelled is false).
func (s *funcState) defineBlock(tok token, labelled bool) *Block {
	name := s.defName(tok, labelled)
	l := s.names[name]
	switch {
	case l == nil:
		// NewBlock takes the name as it is: no other value or block has it.
		l = &local{name: name, blk: s.f.NewBlock(name)}
		s.names[name] = l
	case l.defined:
		s.p.fail(tok.pos, "redefinition of '%%%s'", quoteName(name))
	case l.val != nil:
		s.p.fail(tok.pos, "'%%%s' is defined as a label but used as a value on line %d", quoteName(name), l.use.Line)
	}
	l.defined = true
	s.order = append(s.order, l.blk)
	return l.blk
}

// useValue returns the value tok names, which must have type t.
func (s *funcState) useValue(tok token, t Type) *Value {
	name := s.refName(tok)
	l := s.names[name]
	switch {
	case l == nil:
		v := s.f.NewValue(OpInvalid, Void, "")
		v.Type, v.Name, v.Pos = t, name, tok.pos
		l = s.add(&local{name: name, val: v, use: tok.pos})
		s.forward = append(s.forward, l)
	case l.blk != nil:
		s.p.fail(tok.pos, "%s is a label, not a value of type %s", tok.describe(), t)
	case l.val.Type != t:
		s.p.fail(tok.pos, "%s has type %s, but expected %s", tok.describe(), l.val.Type, t)
	}
	return l.val
}

// labelRef reads "label %name" and returns the block it names.
func (s *funcState) labelRef() *Block {
	s.p.wantWord("label")
	return s.blockRef()
}

// blockRef reads "%name" naming a block.
func (s *funcState) blockRef() *Block {
	p := s.p
	tok := p.tok
	if tok.kind != tokLocal && tok.kind != tokLocalID {
		p.expected("a block '%name'")
	}
	p.next()
	name := s.refName(tok)
	l := s.names[name]
	switch {
	case l == nil:
		// NewBlock takes the name as it is: no other value or block has it.
		l = &local{name: name, blk: s.f.NewBlock(name), use: tok.pos}
		s.names[name] = l
		s.forward = append(s.forward, l)
	case l.val != nil:
		p.fail(tok.pos, "%s is a value, not a label", tok.describe())
	}
	return l.blk
}

// body reads the blocks of a function up to its closing brace. As in LLVM,
// a block ends at its terminator, and a block without a label takes the
// next number.
func (s *funcState) body() {
	p := s.p
	var lastTerm *Value
	for !p.isPunct("}") {
		var b *Block
		implicit := ""
		switch p.tok.kind {
		case tokLabel, tokLabelID:
			b = s.defineBlock(p.tok, true)
			p.next()
		default:
			b = s.defineBlock(p.tok, false)
			if lastTerm != nil {
				implicit = fmt.Sprintf(", which starts after the terminator on line %d,", lastTerm.Pos.Line)
			}
		}
		for {
			if k := p.tok.kind; k == tokLabel || k == tokLabelID || p.isPunct("}") {
				p.fail(p.tok.pos, "block '%%%s'%s does not end with a terminator (br, ret or unreachable)", quoteName(b.Name), implicit)
			}
			s.labels = s.labels[:0]
			v := s.instr()
			b.Append(v)
			switch {
			case v.Op.IsTerminator():
				s.targets[b] = slices.Clone(s.labels)
			case v.Op == OpPhi:
				s.from[v] = slices.Clone(s.labels)
			}
			if v.Op.IsTerminator() {
				lastTerm = v
				break
			}
		}
	}
	if len(s.order) == 0 {
		p.fail(p.tok.pos, "a function body needs at least one block")
	}
	p.next()
	s.finish()
}

// finish reports the names used but never defined, puts the blocks in text
// order and makes the edges.
func (s *funcState) finish() {
	for _, l := range s.forward {
		if !l.defined {
			s.p.errorf(l.use, "use of undefined value '%%%s'", quoteName(l.name))
		}
	}
	s.f.Blocks = s.order
	s.makeEdges()
}

// instr reads one instruction, with its "%name =" if it has one.
func (s *funcState) instr() *Value {
	p := s.p
	start := p.tok
	named := start.kind == tokLocal || start.kind == tokLocalID
	if named {
		p.next()
		p.wantPunct("=")
	}
	if p.tok.kind != tokWord {
		p.expected("an instruction")
	}
	tmp := &Value{Pos: start.pos}
	opcode := p.tok
	p.next()
	s.instrBody(opcode, tmp)
	if tmp.Type == Void {
		if named {
			p.fail(start.pos, "an instruction that returns void cannot have a name")
		}
		v := s.f.NewValue(OpInvalid, Void, "")
		id := v.ID
		*v = *tmp
		v.ID = id
		return v
	}
	return s.defineValue(start, named, tmp)
}

// binaryOps maps the opcode words of the binary operations to their ops.
var binaryOps = func() map[string]Op {
	m := make(map[string]Op)
	for op := OpAdd; op <= OpLShr; op++ {
		m[op.String()] = op
	}
	return m
}()

var castOps = map[string]Op{"zext": OpZExt, "sext": OpSExt, "trunc": OpTrunc}

// instrBody reads what follows the opcode into tmp.
func (s *funcState) instrBody(opcode token, tmp *Value) {
	p := s.p
	if op, ok := binaryOps[opcode.text]; ok {
		s.skipArithFlags(op)
		tmp.Op, tmp.Type = op, p.valueType()
		x := s.operand(tmp.Type)
		p.wantPunct(",")
		tmp.Args = []*Value{x, s.operand(tmp.Type)}
		return
	}
	switch opcode.text {
	case "icmp":
		pred, ok := PredByName(p.tok.text)
		if p.tok.kind != tokWord || !ok {
			p.expected("a comparison (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge)")
		}
		p.next()
		t := p.valueType()
		x := s.operand(t)
		p.wantPunct(",")
		tmp.Op, tmp.Type, tmp.Pred, tmp.Args = OpICmp, I1, pred, []*Value{x, s.operand(t)}
	case "select":
		c := s.typedOperand()
		p.wantPunct(",")
		x := s.typedOperand()
		p.wantPunct(",")
		tmp.Op, tmp.Type, tmp.Args = OpSelect, x.Type, []*Value{c, x, s.typedOperand()}
	case "zext", "sext", "trunc":
		tmp.Op = castOps[opcode.text]
		tmp.Args = []*Value{s.typedOperand()}
		p.wantWord("to")
		tmp.Type = p.valueType()
	case "alloca":
		tmp.Op, tmp.Type, tmp.Elem = OpAlloca, Ptr, p.valueType()
		if p.acceptPunct(",") {
			if !p.isWord("align") {
				p.unsupported("an alloca with an element count")
			}
			p.next()
			p.wantInt("an alignment", 1<<32)
		}
	case "load":
		if p.isWord("volatile") || p.isWord("atomic") {
			p.unsupported("a " + p.tok.text + " load")
		}
		tmp.Op, tmp.Type = OpLoad, p.valueType()
		p.wantPunct(",")
		tmp.Args = []*Value{s.typedOperand()}
		tmp.Invariant = p.loadAttributes()
	case "store":
		if p.isWord("volatile") || p.isWord("atomic") {
			p.unsupported("a " + p.tok.text + " store")
		}
		x := s.typedOperand()
		p.wantPunct(",")
		tmp.Op, tmp.Type, tmp.Args = OpStore, Void, []*Value{x, s.typedOperand()}
		p.skipAlign()
	case "getelementptr":
		p.acceptWord("inbounds")
		tmp.Op, tmp.Type, tmp.Elem = OpGEP, Ptr, p.valueType()
		p.wantPunct(",")
		base := s.typedOperand()
		p.wantPunct(",")
		tmp.Args = []*Value{base, s.typedOperand()}
		if p.isPunct(",") {
			p.unsupported("a getelementptr with more than one index")
		}
	case "tail", "musttail", "notail":
		p.wantWord("call")
		s.call(tmp)
	case "call":
		s.call(tmp)
	case "phi":
		s.phi(tmp)
	case "br":
		tmp.Op, tmp.Type = OpBr, Void
		if !p.isWord("label") {
			tmp.Op, tmp.Args = OpCondBr, []*Value{s.typedOperand()}
			p.wantPunct(",")
			s.labels = append(s.labels, s.labelRef())
			p.wantPunct(",")
		}
		s.labels = append(s.labels, s.labelRef())
	case "switch":
		s.switchInstr(tmp)
	case "ret":
		tmp.Op, tmp.Type = OpRet, Void
		if !p.acceptWord("void") {
			tmp.Args = []*Value{s.typedOperand()}
		}
	case "unreachable":
		tmp.Op, tmp.Type = OpUnreachable, Void
	default:
		p.fail(opcode.pos, "unknown instruction '%s' (toyc reads a subset of LLVM IR)", opcode.text)
	}
}

// skipArithFlags accepts the poison-generating flags LLVM allows on op;
// toyc's IR has no poison, so they only promise what it never relies on.
func (s *funcState) skipArithFlags(op Op) {
	p := s.p
	for {
		switch op {
		case OpAdd, OpSub, OpMul, OpShl:
			if p.acceptWord("nuw") || p.acceptWord("nsw") {
				continue
			}
		case OpSDiv, OpUDiv, OpAShr, OpLShr:
			if p.acceptWord("exact") {
				continue
			}
		}
		return
	}
}

// call reads "[attrs] T @f(T [attrs] v, ...) [#N]" after the call keyword.
func (s *funcState) call(tmp *Value) {
	p := s.p
	p.skipParamAttrs()
	tmp.Op, tmp.Type = OpCall, p.typ()
	switch p.tok.kind {
	case tokGlobal:
	case tokLocal, tokLocalID:
		p.unsupported("an indirect call")
	default:
		if p.isPunct("(") {
			p.unsupported("a function type in a call")
		}
		p.expected("a function name '@name'")
	}
	tmp.Sym = p.tok.text
	p.calls = append(p.calls, symbolUse{p.tok.text, p.tok.pos})
	p.next()
	p.wantPunct("(")
	for !p.acceptPunct(")") {
		if len(tmp.Args) > 0 {
			p.wantPunct(",")
		}
		t := p.valueType()
		p.skipParamAttrs()
		tmp.Args = append(tmp.Args, s.operand(t))
	}
	p.skipFuncAttrs()
}

// switchInstr reads "T v, label %default [ T c, label %b ... ]" after the
// switch keyword. Repeated case values are left for the verifier to report.
func (s *funcState) switchInstr(tmp *Value) {
	p := s.p
	tmp.Op, tmp.Type = OpSwitch, Void
	x := s.typedOperand()
	tmp.Args = []*Value{x}
	p.wantPunct(",")
	s.labels = append(s.labels, s.labelRef())
	p.wantPunct("[")
	for !p.acceptPunct("]") {
		t := p.valueType()
		if p.tok.kind != tokInt && !p.isWord("true") && !p.isWord("false") {
			p.expected("a case value (an integer constant)")
		}
		tmp.Args = append(tmp.Args, s.operand(t))
		p.wantPunct(",")
		s.labels = append(s.labels, s.labelRef())
	}
}

// makeEdges gives every block the edges its terminator names, in block
// order, and lines each φ's entries up with its block's predecessor edges.
// LLVM lists a predecessor once per edge; toyc also accepts it once for
// all its edges (as it printed φs before it counted edges). Entries that
// do not line up are reported as LLVM's verifier would reject them.
func (s *funcState) makeEdges() {
	for _, b := range s.f.Blocks {
		for _, t := range s.targets[b] {
			b.AddEdgeTo(t)
		}
	}
	for _, b := range s.f.Blocks {
		phis := b.Phis()
		if len(phis) == 0 {
			continue
		}
		orderPreds(b, s.from[phis[0]])
		for _, phi := range phis {
			s.linePhi(b, phi, s.from[phi])
		}
	}
}

// orderPreds puts b's predecessor entries in the order of from, the
// incoming blocks of its first φ as the text lists them, so that the φs
// print as they were read; entries from blocks it does not name go last,
// in block order.
func orderPreds(b *Block, from []*Block) {
	old := slices.Clone(b.Preds)
	b.Preds = b.Preds[:0]
	take := func(e Edge) {
		e.b.Succs[e.i].i = len(b.Preds)
		b.Preds = append(b.Preds, e)
	}
	listed := map[*Block]int{}
	for _, in := range from {
		listed[in]++
	}
	used := make([]bool, len(old))
	for _, in := range from {
		// A block listed once stands for all its edges (linePhi).
		for k, e := range old {
			if !used[k] && e.b == in {
				used[k] = true
				take(e)
				if listed[in] > 1 {
					break
				}
			}
		}
	}
	for k, e := range old {
		if !used[k] {
			take(e)
		}
	}
}

// linePhi puts the arguments of phi, read with the incoming blocks from,
// in the order of b's predecessor edges: the k-th entry for a block goes
// to its k-th edge, and a block listed once serves all its edges. What
// does not line up is left for the verifier to report, as LLVM's does: an
// edge without an entry keeps a nil argument, and an entry without an
// edge (for a block that is not a predecessor, or one too many) stays
// pending (Func.pending).
func (s *funcState) linePhi(b *Block, phi *Value, from []*Block) {
	vals := phi.Args
	entries := map[*Block][]int{} // by incoming block: the entries' places in from
	for k, in := range from {
		entries[in] = append(entries[in], k)
	}
	phi.Args = make([]*Value, len(b.Preds))
	used := map[*Block]int{}
	for j, e := range b.Preds {
		ks := entries[e.b]
		switch k := used[e.b]; {
		case k < len(ks):
			phi.Args[j] = vals[ks[k]]
		case len(ks) == 1:
			phi.Args[j] = vals[ks[0]]
		}
		used[e.b]++
	}
	seen := map[*Block]int{}
	for k, in := range from { // in the text's order, for the diagnostics
		if seen[in] >= min(used[in], len(entries[in])) {
			s.f.pending = append(s.f.pending, pendingArg{phi, vals[k], in})
		}
		seen[in]++
	}
}

// phi reads "T [ v, %block ], ...".
func (s *funcState) phi(tmp *Value) {
	p := s.p
	tmp.Op, tmp.Type = OpPhi, p.valueType()
	for {
		p.wantPunct("[")
		v := s.operand(tmp.Type)
		p.wantPunct(",")
		tmp.Args = append(tmp.Args, v)
		s.labels = append(s.labels, s.blockRef())
		p.wantPunct("]")
		if !p.acceptPunct(",") {
			return
		}
	}
}

func (s *funcState) typedOperand() *Value { return s.operand(s.p.valueType()) }

// operand reads a value of type t: a local name, a global's address or a
// constant.
func (s *funcState) operand(t Type) *Value {
	p := s.p
	tok := p.tok
	switch tok.kind {
	case tokLocal, tokLocalID:
		p.next()
		return s.useValue(tok, t)
	case tokGlobal:
		if t != Ptr {
			p.fail(tok.pos, "%s is the address of a global, of type ptr, but expected %s", tok.describe(), t)
		}
		p.next()
		p.globals = append(p.globals, symbolUse{tok.text, tok.pos})
		return s.f.GlobalAddr(tok.text)
	case tokGlobalID:
		p.fail(tok.pos, "numbered global '@%s' is not supported: give it a name", tok.text)
	case tokInt:
		return s.f.Const(t, p.intConstant(t))
	case tokWord:
		switch tok.text {
		case "true", "false":
			return s.f.Const(t, p.intConstant(t))
		case "undef":
			p.next()
			return s.f.Undef(t)
		case "null":
			if t != Ptr {
				p.fail(tok.pos, "'null' is a pointer constant, but expected %s", t)
			}
			p.next()
			return s.f.Const(Ptr, 0)
		case "poison", "zeroinitializer":
			p.unsupported("'" + tok.text + "'")
		}
	}
	p.expected("a value")
	return nil
}
