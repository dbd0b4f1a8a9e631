package backend

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"toyc/middle"
	"toyc/middle/diag"
)

// Instruction selection: one walk over each reachable IR block that expands
// every instruction into a short x86-64 sequence on virtual registers, in
// the manner of a macro-expanding selector (QBE's isel, or LLVM's FastISel),
// with the local patterns that pay most:
//   - constants become immediates where x86 takes one (32 bits,
//     sign-extended), allocas become frame slots and globals RIP-relative
//     operands, and a getelementptr used only as a load or store address
//     folds into its addressing mode (base + index*scale + disp);
//   - add of a register and an immediate or another register is a
//     three-address lea, mul by an immediate the three-operand imul, and
//     an and with 0xff or 0xffffffff a zero-extending move (movzbl, movl);
//   - a constant no immediate holds (movabsq) is put in its register once,
//     before the innermost call-free loop that uses it (wideConstant);
//   - an icmp whose only use is its block's condbr or select becomes the
//     cmp (or test, against zero) that sets their flags, without setcc;
//   - a load whose only use is a cmp or an arithmetic source nearby, with
//     no store or call in between, becomes that instruction's memory
//     operand;
//   - division is cqo/cdq + idiv on the fixed rdx:rax, variable shifts go
//     through cl, call arguments and results through the ABI's registers.
//
// Narrow values live in registers the way LLVM's x86 backend keeps them:
// only the low bytes of the value's type are meaningful, i8 and i32
// arithmetic uses 32-bit instructions, and the explicit extensions
// (movzx, movsx, movl) are the only places upper bits are defined. An i1 is
// 0 or 1 in its low byte: comparisons produce it that way, and the few
// operations that could leave other bits in that byte mask with `and $1`.
//
// φs become opPhi pseudo-instructions with one source per incoming edge, for
// OutOfSSA.

// Select translates the IR function f (a definition, verified, with no
// critical edges) into machine IR on virtual registers.
func Select(f *middle.Func) *Func {
	s := selectors.Get().(*selector)
	defer s.release()
	s.ir, s.f = f, &Func{Name: f.Name, IR: f, pos: f.Pos()}
	s.makeBlocks()
	s.scanUses()
	for _, b := range f.Blocks {
		if mb := s.blocks[b.ID]; mb != nil {
			s.b, s.irb = mb, b
			// Room for about as many instructions as the IR's: most
			// values select to one, and growing the list from nothing
			// took four allocations in a block of ten.
			mb.Instrs = make([]*Instr, 0, len(b.Instrs)+2)
			if b == f.Entry() {
				s.params()
			}
			for _, v := range b.Instrs {
				s.instr(v)
			}
		}
	}
	s.placeHoisted()
	return s.f
}

// dropIR releases f's IR body, which nothing reads once f is selected
// (Pipeline.DropIR): the registers' origins, which name IR values for
// dumps and -g, go first, since each would keep its value's slab alive.
func (f *Func) dropIR() {
	for i := range f.vregs {
		f.vregs[i].origin = nil
	}
	f.IR.ReleaseCode()
}

type selector struct {
	ir     *middle.Func
	f      *Func
	blocks []*Block // by IR block ID; nil for unreachable blocks
	vreg   []Reg    // by IR value ID
	slot   []*Slot  // by IR value ID, for allocas

	matched   []match         // by IR value ID: the pattern a root matched (patterns.go)
	absorbed  []bool          // by IR value ID: selected as part of a pattern's root
	uses      []int32         // by IR value ID: number of uses
	condUses  []int32         // by IR value ID: uses as the condition of a condbr or select of its own block
	indexUses []int32         // by IR value ID: uses as the index of a getelementptr
	countUses []int32         // by IR value ID: uses as the count of an i32 or i64 shift in its block
	phiArg    []bool          // by IR value ID: an argument of a φ
	phiUses   []int32         // by IR value ID: uses as a φ's argument, one per edge
	phiDeep   []bool          // by IR value ID: a φ argument on an edge from a block deeper in loops than its own
	user      []*middle.Value // by IR value ID: the last user seen
	asValue   []bool          // by IR value ID: used other than as a load or store address
	foldLoad  []bool          // by IR value ID: a load selected as its user's memory operand
	taken     []bool          // by IR value ID: a user that has its memory operand (findFoldableLoads)
	reached   []bool          // by IR block ID: reachable from the entry (makeBlocks)

	tables    int                             // jump tables made so far, for their symbols
	hoisted   []hoistedInstr                  // instructions to place at the end of other blocks (jumptable.go)
	irb       *middle.Block                   // the IR block being selected
	wide      map[wideConst]Reg               // wideConstant's registers
	noCalls   map[*middle.Loop]bool           // callFree's answers
	quotients map[divisionKey][]*middle.Value // quotientOf's sdivs and udivs by a constant, built on first use

	b   *Block   // the block being filled
	pos diag.Pos // the position of the IR instruction being expanded
	inl uint16   // and its inline site (middle.Value.Inlined), for -g's inlined subroutines
}

// selectors holds finished selectors, whose side tables the next function
// takes over (middle/scratch.go).
var selectors = sync.Pool{New: func() any { return new(selector) }}

// release empties s, keeping its tables' arrays, and returns it to the
// pool.
func (s *selector) release() {
	*s = selector{
		blocks:    middle.Released(s.blocks),
		reached:   middle.Released(s.reached),
		vreg:      middle.Released(s.vreg),
		slot:      middle.Released(s.slot),
		matched:   middle.Released(s.matched),
		absorbed:  middle.Released(s.absorbed),
		uses:      middle.Released(s.uses),
		condUses:  middle.Released(s.condUses),
		indexUses: middle.Released(s.indexUses),
		countUses: middle.Released(s.countUses),
		phiArg:    middle.Released(s.phiArg),
		phiUses:   middle.Released(s.phiUses),
		phiDeep:   middle.Released(s.phiDeep),
		user:      middle.Released(s.user),
		asValue:   middle.Released(s.asValue),
		foldLoad:  middle.Released(s.foldLoad),
		taken:     middle.Released(s.taken),
	}
	selectors.Put(s)
}

// makeBlocks makes one machine block per block reachable from the entry
// (unreachable ones would only cost liveness work and code size).
func (s *selector) makeBlocks() {
	f := s.ir
	s.blocks = middle.Zeroed(s.blocks, f.NumBlocks())
	s.reached = middle.Zeroed(s.reached, f.NumBlocks())
	reached := s.reached
	work := []*middle.Block{f.Entry()}
	reached[f.Entry().ID] = true
	var succs []*middle.Block // one block's, reused
	n, ne := 0, 0             // blocks reached, and their successors
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		succs = appendMachineSuccs(succs[:0], b)
		n, ne = n+1, ne+len(succs)
		for _, t := range succs {
			if !reached[t.ID] {
				reached[t.ID] = true
				work = append(work, t)
			}
		}
	}
	// The blocks, and their successor and predecessor lists, are cut
	// from one array each (a function has thousands of blocks, and three
	// allocations each were a twentieth of the compiler's); every list is
	// capped at its length, so that growing one moves it out.
	kept, _ := blockArrayPool.Get().(*blockArrays)
	if kept == nil {
		kept = new(blockArrays)
	}
	slab := middle.Zeroed(kept.blocks, n)
	s.f.Blocks = make([]*Block, 0, n)
	for _, b := range f.Blocks {
		if reached[b.ID] {
			mb := &slab[len(s.f.Blocks)]
			mb.ID, mb.Name, mb.ir = len(s.f.Blocks), b.Name, int32(b.ID)+1
			s.blocks[b.ID] = mb
			s.f.Blocks = append(s.f.Blocks, mb)
		}
	}
	edges := middle.Zeroed(kept.edges, ne)[:0] // every block's successors
	for _, b := range f.Blocks {
		mb := s.blocks[b.ID]
		if mb == nil {
			continue
		}
		from := len(edges)
		for _, t := range appendMachineSuccs(succs[:0], b) {
			mt := s.blocks[t.ID]
			if len(edges)-from == 1 && edges[from] == mt {
				continue
			}
			edges = append(edges, mt)
		}
		mb.Succs = edges[from:len(edges):len(edges)]
	}
	preds := make([]int, len(s.f.Blocks)+1) // by block ID: its first predecessor's index, counted from 1
	for _, mb := range s.f.Blocks {
		for _, t := range mb.Succs {
			preds[t.ID+1]++
		}
	}
	for i := 1; i < len(preds); i++ {
		preds[i] += preds[i-1]
	}
	all := middle.Zeroed(kept.preds, preds[len(preds)-1])
	*kept = blockArrays{blocks: slab, edges: edges, preds: all}
	s.f.blockArrays = kept
	for _, mb := range s.f.Blocks {
		for _, t := range mb.Succs {
			all[preds[t.ID]] = mb
			preds[t.ID]++
		}
	}
	from := 0
	for _, mb := range s.f.Blocks {
		if to := preds[mb.ID]; to > from {
			mb.Preds = all[from:to:to]
			from = to
		}
	}
}

// scanUses counts uses and notes how values are used, and gives every
// value with a result its virtual register and every alloca its slot.
func (s *selector) scanUses() {
	n := s.ir.NumValues()
	s.vreg = middle.Zeroed(s.vreg, n)
	s.slot = middle.Zeroed(s.slot, n)
	s.uses = middle.Zeroed(s.uses, n)
	s.user = middle.Zeroed(s.user, n)
	s.asValue = middle.Zeroed(s.asValue, n)
	s.condUses = middle.Zeroed(s.condUses, n)
	s.indexUses = middle.Zeroed(s.indexUses, n)
	s.countUses = middle.Zeroed(s.countUses, n)
	s.phiArg = middle.Zeroed(s.phiArg, n)
	s.phiUses = middle.Zeroed(s.phiUses, n)
	s.phiDeep = middle.Zeroed(s.phiDeep, n)
	// Room for a register per value and a quarter more (temporaries,
	// splits, spill code): grown from nothing, the list was copied a
	// dozen times in a large function, twice its size in all.
	values := len(s.ir.Params)
	for _, b := range s.ir.Blocks {
		if s.blocks[b.ID] != nil {
			values += len(b.Instrs)
		}
	}
	s.f.vregs, _ = vregTables.Get().([]vregInfo)
	if cap(s.f.vregs) < values+values/4 {
		s.f.vregs = make([]vregInfo, 0, values+values/4)
	}
	for _, p := range s.ir.Params {
		s.vreg[p.ID] = s.newVRegFor(p)
	}
	for _, b := range s.ir.Blocks {
		if s.blocks[b.ID] == nil {
			continue
		}
		for _, v := range b.Instrs {
			switch {
			case v.Op == middle.OpAlloca:
				size := v.Elem.Size()
				s.slot[v.ID] = s.f.newSlot(SlotAlloca, size, size, v.Name)
			case v.HasResult():
				s.vreg[v.ID] = s.newVRegFor(v)
			}
			for i, a := range v.Args {
				if v.Op == middle.OpPhi && s.blocks[v.Block.Pred(i).ID] == nil {
					continue
				}
				s.uses[a.ID]++
				s.user[a.ID] = v
				if i == 0 && (v.Op == middle.OpCondBr || v.Op == middle.OpSelect) && v.Block == a.Block {
					s.condUses[a.ID]++
				}
				if i == 1 && v.Op == middle.OpGEP {
					s.indexUses[a.ID]++
				}
				if i == 1 && isShift(v.Op) && v.Block == a.Block && v.Args[0] != a && (bitsOf(v.Type) == 32 || bitsOf(v.Type) == 64) {
					s.countUses[a.ID]++
				}
				if v.Op == middle.OpPhi {
					s.phiArg[a.ID] = true
					s.phiUses[a.ID]++
					if (a.Op == middle.OpAdd || a.Op == middle.OpSub) && !s.phiDeep[a.ID] {
						loops := s.ir.Loops()
						s.phiDeep[a.ID] = loops.Depth(v.Block.Pred(i)) > loops.Depth(a.Block)
					}
				}
				address := (v.Op == middle.OpLoad && i == 0) || (v.Op == middle.OpStore && i == 1)
				if !address {
					s.asValue[a.ID] = true
				}
			}
		}
	}
	s.findPatterns()
	s.findFoldableLoads()
}

// findFoldableLoads marks the loads that become a memory operand of their
// only user (cmp, or the source of add, sub, and, or, xor, imul): the user
// is in the same block, takes at most one such operand, and no store or
// call lies between the load and the point the user is selected at (its
// branch or select, for a fused compare).
func (s *selector) findFoldableLoads() {
	s.foldLoad = middle.Zeroed(s.foldLoad, len(s.uses))
	s.taken = middle.Zeroed(s.taken, len(s.uses))
	taken := s.taken // users that have their memory operand
	for _, b := range s.ir.Blocks {
		if s.blocks[b.ID] == nil {
			continue
		}
		for i, v := range b.Instrs {
			if v.Op != middle.OpLoad || s.uses[v.ID] != 1 {
				continue
			}
			u := s.user[v.ID]
			if u.Block != b || taken[u.ID] || !s.foldsLoad(u, v) {
				continue
			}
			at := u
			if s.fused(u) {
				at = s.user[u.ID]
			}
			const window = 32 // how far to look for the point of use
			for _, w := range b.Instrs[i+1 : min(len(b.Instrs), i+1+window)] {
				if w == at {
					s.foldLoad[v.ID], taken[u.ID] = true, true
					break
				}
				if w.Op == middle.OpStore || w.Op == middle.OpCall {
					break
				}
			}
		}
	}
}

// foldsLoad reports whether u can take its operand v, a load, from memory:
// a 32- or 64-bit one in a cmp or as an arithmetic source, a byte in the
// test of its low bit that a fused trunc to i1 becomes.
func (s *selector) foldsLoad(u, v *middle.Value) bool {
	if s.matched[u.ID].kind != patNone || s.absorbed[u.ID] {
		return false // the pattern reads its operands from registers
	}
	if u.Op == middle.OpTrunc {
		return s.fused(u)
	}
	if sizeOf(v.Type) < 4 {
		return false
	}
	switch u.Op {
	case middle.OpICmp, middle.OpAdd, middle.OpAnd, middle.OpOr, middle.OpXor, middle.OpMul:
		return true
	case middle.OpSub:
		return u.Args[1] == v
	}
	return false
}

// source2 returns v as the second operand of a size-byte instruction: the
// memory it is loaded from when the load folds, else as operand does.
func (s *selector) source2(v *middle.Value, size uint8) Operand {
	if s.foldLoad[v.ID] {
		return s.address(v.Args[0])
	}
	return s.operand(v, size)
}

// fused reports whether the i1 c, an icmp or a trunc to i1, is selected as
// part of its users, condbrs and selects of its own block that take it as
// their condition: each sets its flags directly (cmp, or test of the low
// bit), the compare repeated for each — its operands are at hand, and
// whatever comes between may clobber the flags (the idiv of a division
// guarded against MIN / -1 by two selects) — instead of setcc, movzx and
// a test per use.
func (s *selector) fused(c *middle.Value) bool {
	isTrunc := c.Op == middle.OpTrunc && c.Type == middle.I1
	return (c.Op == middle.OpICmp || isTrunc) && s.uses[c.ID] > 0 && s.uses[c.ID] == s.condUses[c.ID]
}

func (s *selector) emit(op opcode, size uint8, args ...Operand) *Instr {
	return s.add(s.f.slab.newInstr(op, size, args))
}

// newInstr returns an instruction with a copy of args, allocated with it:
// one object rather than the instruction and its operands' array (args
// itself then stays on the caller's stack). An append to its Args later
// moves them out, as for any full slice.
func newInstr(op opcode, size uint8, args []Operand) *Instr {
	switch len(args) {
	case 1:
		p := &struct {
			in Instr
			a  [1]Operand
		}{a: [1]Operand(args)}
		p.in = Instr{Op: op, Size: size, Args: p.a[:]}
		return &p.in
	case 2:
		p := &struct {
			in Instr
			a  [2]Operand
		}{a: [2]Operand(args)}
		p.in = Instr{Op: op, Size: size, Args: p.a[:]}
		return &p.in
	case 3:
		p := &struct {
			in Instr
			a  [3]Operand
		}{a: [3]Operand(args)}
		p.in = Instr{Op: op, Size: size, Args: p.a[:]}
		return &p.in
	}
	return &Instr{Op: op, Size: size, Args: slices.Clone(args)}
}

// clone returns a copy of in with operands of its own, cut from f's slab.
func (f *Func) clone(in *Instr) *Instr { return f.slab.instr(*in, in.Args...) }

func (s *selector) add(in *Instr) *Instr {
	in.Pos, in.Inlined = s.pos, s.inl
	s.b.Instrs = append(s.b.Instrs, in)
	return in
}

// sizeOf is the number of meaningful bytes of a value of type t.
func sizeOf(t middle.Type) uint8 { return uint8(t.Size()) }

// aluSize is the width of the arithmetic done on values of type t: 32 bits
// for everything narrower than 64 (no partial-register writes, and the low
// bytes come out right).
func aluSize(t middle.Type) uint8 {
	if t.Size() == 8 {
		return 8
	}
	return 4
}

func fitsInt32(c int64) bool { return c == int64(int32(c)) }

// fitsImm reports whether c can be the immediate of a size-byte
// instruction: x86 sign-extends 8- or 32-bit immediates.
func fitsImm(c int64, size uint8) bool {
	if size == 1 {
		return c == int64(int8(c))
	}
	return fitsInt32(c)
}

func isConstLike(v *middle.Value) bool { return v.Op == middle.OpConst || v.Op == middle.OpUndef }

// constant is the register image of a constant: its canonical value, with
// i1 true as 1 and undef as 0.
func constant(v *middle.Value) int64 {
	switch {
	case v.Op == middle.OpUndef:
		return 0
	case v.Type == middle.I1:
		return v.Const & 1
	}
	return v.Const
}

// source is v as an operand that materialize can put in a register: the
// vreg of an instruction or parameter, an immediate, or the memory operand
// whose address is v (an alloca's slot, a global; through the GOT for a
// symbol defined outside the module).
func (s *selector) source(v *middle.Value) Operand {
	switch v.Op {
	case middle.OpConst, middle.OpUndef:
		return immOp(constant(v))
	case middle.OpGlobal:
		return Operand{Kind: KindMem, GOT: external(s.ir.Module, v.Sym)}.withSym(s.f.symbol(v.Sym))
	case middle.OpAlloca:
		return slotOp(s.slot[v.ID])
	}
	return regOp(s.vreg[v.ID])
}

// external reports whether sym is defined outside the module, so that its
// address comes from the GOT (the linker relaxes that to a lea when the
// symbol turns out to be in the executable).
func external(m *middle.Module, sym string) bool {
	if g := m.Global(sym); g != nil {
		return g.External
	}
	return !m.DefinesFunc(sym)
}

// materialize returns the instruction, cut from sl, that puts the value
// src stands for (see source) in the register dst.
func materialize(sl *instrSlab, dst Reg, src Operand) *Instr {
	d := regOp(dst)
	switch {
	case src.Kind == KindImm && src.Imm >= 0 && src.Imm <= math.MaxUint32:
		return sl.instr(Instr{Op: opMov, Size: 4}, d, src) // movl zero-extends
	case src.Kind == KindMem && !src.GOT:
		return sl.instr(Instr{Op: opLea, Size: 8}, d, src)
	}
	return sl.instr(Instr{Op: opMov, Size: 8}, d, src) // movabsq when the immediate needs it
}

// valueInto puts v's value in the register dst.
func (s *selector) valueInto(dst Reg, v *middle.Value) {
	s.add(materialize(&s.f.slab, dst, s.source(v)))
}

// reg returns a register holding v.
func (s *selector) reg(v *middle.Value) Reg {
	src := s.source(v)
	if src.Kind == KindReg {
		return src.Reg
	}
	if src.Kind == KindImm && (src.Imm < 0 || src.Imm > math.MaxUint32) && !fitsInt32(src.Imm) {
		if l := s.ir.Loops().Innermost(s.irb); l != nil && len(l.Children) == 0 && s.callFree(l) {
			return s.wideConstant(s.ir.Dom().Idom(l.Header), src.Imm)
		}
	}
	t := s.f.newVReg(8)
	if v.Op != middle.OpConst && v.Op != middle.OpUndef {
		s.f.vreg(t).origin = v // a global's or an alloca's address
	}
	s.add(materialize(&s.f.slab, t, src))
	return t
}

// wideConst is a constant only movabsq puts in a register, wanted in a
// loop whose header the block h immediately dominates.
type wideConst struct {
	h int
	c int64
}

// wideConstant returns the register that holds c for the loop that h is
// the preheader of: one movabsq at the end of h, as LLVM's MachineLICM
// hoists it, which the loop's uses of c share. Only an innermost loop
// without calls gets one: across a call the register would be a
// callee-saved one or a spill slot, and the allocator spills a value by
// reloading it, not by computing it again (no rematerialization), which
// costs the loop more than the movabsq (knucleotide's hash loop); and in
// an outer loop the register would hold c across the inner loops too,
// where the values that run there want it (siphash's rounds, whose outer
// loop uses c once per block). (A constant that fits in 32
// bits is an immediate, or a short mov where it must be a register; it
// stays where it is used, which costs no register across the loop.)
func (s *selector) wideConstant(h *middle.Block, c int64) Reg {
	k := wideConst{h.ID, c}
	if r, ok := s.wide[k]; ok {
		return r
	}
	t := s.f.newVReg(8)
	in := materialize(&s.f.slab, t, immOp(c))
	term := h.Term()
	in.Pos, in.Inlined = term.Pos, term.Inlined
	s.hoisted = append(s.hoisted, hoistedInstr{s.blocks[h.ID], in})
	if s.wide == nil {
		s.wide = map[wideConst]Reg{}
	}
	s.wide[k] = t
	return t
}

// callFree reports whether the blocks of the loop l (those of its inner
// loops aside) make no call.
func (s *selector) callFree(l *middle.Loop) bool {
	if free, ok := s.noCalls[l]; ok {
		return free
	}
	free := true
	for _, b := range l.Blocks {
		for _, v := range b.Instrs {
			free = free && v.Op != middle.OpCall
		}
	}
	if s.noCalls == nil {
		s.noCalls = map[*middle.Loop]bool{}
	}
	s.noCalls[l] = free
	return free
}

// newVRegFor makes the virtual register of v, a parameter or an
// instruction with a result, and records that it holds v.
func (s *selector) newVRegFor(v *middle.Value) Reg {
	r := s.f.newVReg(sizeOf(v.Type))
	s.f.vreg(r).origin = v
	return r
}

// operand returns v as the source operand of a size-byte instruction: an
// immediate when it is a constant that fits, else a register.
func (s *selector) operand(v *middle.Value, size uint8) Operand {
	if isConstLike(v) && fitsImm(constant(v), size) {
		return immOp(constant(v))
	}
	return regOp(s.reg(v))
}

// extendInto puts v, zero- or sign-extended to size bytes (4 or 8), in the
// register dst.
func (s *selector) extendInto(dst Reg, v *middle.Value, signed bool, size uint8) {
	from := sizeOf(v.Type)
	if isConstLike(v) {
		c := constant(v)
		if !signed && from < 8 {
			c &= 1<<(8*from) - 1
		}
		s.add(materialize(&s.f.slab, dst, immOp(c)))
		return
	}
	src, d := regOp(s.reg(v)), regOp(dst)
	switch {
	case from == 8:
		s.emit(opMov, 8, d, src)
	case from == 4 && signed:
		s.add(s.f.slab.instr(Instr{Op: opMovsx, Size: 8, SrcSize: 4}, d, src))
	case from == 4:
		s.emit(opMov, 4, d, src) // writing a 32-bit register clears the upper half
	case v.Type == middle.I1 && signed:
		s.add(s.f.slab.instr(Instr{Op: opMovzx, Size: 4, SrcSize: 1}, d, src))
		s.emit(opNeg, size, d)
	case signed:
		s.add(s.f.slab.instr(Instr{Op: opMovsx, Size: size, SrcSize: 1}, d, src))
	default:
		s.add(s.f.slab.instr(Instr{Op: opMovzx, Size: 4, SrcSize: 1}, d, src))
	}
}

// params copies the incoming arguments out of their ABI locations.
func (s *selector) params() {
	s.pos, s.inl = diag.Pos{}, 0
	for i, p := range s.ir.Params {
		d := regOp(s.vreg[p.ID])
		if i < len(argRegs) {
			s.emit(opMov, 8, d, regOp(argRegs[i]))
			continue
		}
		slot := s.f.newSlot(SlotIncoming, 8, 8, p.Name)
		slot.Offset = 8 * (i - len(argRegs)) // from the CFA up, above the return address
		s.emit(opMov, 8, d, slotOp(slot))
	}
}

func (s *selector) instr(v *middle.Value) {
	s.pos, s.inl = v.Pos, v.Inlined
	if s.absorbed[v.ID] {
		return
	}
	if _, _, ok := s.offsetIndex(v); ok && s.uses[v.ID] == s.indexUses[v.ID] {
		return // folded into the displacement of every address using it
	}
	if s.sunk(v) {
		return // folded into its addresses, computed on the φs' edges
	}
	switch {
	case v.Op.IsBinary():
		s.binary(v)
		return
	case v.Op.IsCast():
		s.cast(v)
		return
	}
	switch v.Op {
	case middle.OpICmp:
		if !s.fused(v) {
			s.setBool(s.vreg[v.ID], s.compare(v))
		}
	case middle.OpSelect:
		s.selectValue(v)
	case middle.OpAlloca:
		// A frame slot, addressed where it is used.
	case middle.OpLoad:
		if !s.foldLoad[v.ID] {
			s.load(v)
		}
	case middle.OpStore:
		if s.matched[v.ID].kind == patRMW {
			s.selectRMW(v)
			return
		}
		size := sizeOf(v.Args[0].Type)
		s.emit(opMov, size, s.address(v.Args[1]), s.operand(v.Args[0], size))
	case middle.OpGEP:
		if s.asValue[v.ID] {
			s.emit(opLea, 8, regOp(s.vreg[v.ID]), s.gepAddress(v))
		}
	case middle.OpCall:
		s.call(v)
	case middle.OpPhi:
		s.phi(v)
	case middle.OpBr:
		s.emit(opJmp, 0, blockOp(s.blocks[v.Block.Succ(0).ID]))
	case middle.OpCondBr:
		s.condBr(v)
	case middle.OpSwitch:
		s.jumpTable(v) // jumptable.go
	case middle.OpRet:
		s.ret(v)
	case middle.OpUnreachable:
		s.emit(opUd2, 0)
	default:
		panic(fmt.Sprintf("backend: %s: cannot select %s", s.ir.Name, v.LongString()))
	}
}

var aluOps = map[middle.Op]opcode{
	middle.OpAdd: opAdd, middle.OpSub: opSub, middle.OpMul: opImul,
	middle.OpAnd: opAnd, middle.OpOr: opOr, middle.OpXor: opXor,
	middle.OpShl: opShl, middle.OpAShr: opSar, middle.OpLShr: opShr,
}

func (s *selector) binary(v *middle.Value) {
	d := s.vreg[v.ID]
	if s.matched[v.ID].kind != patNone {
		s.selectPattern(v, d)
		return
	}
	switch v.Op {
	case middle.OpShl, middle.OpAShr, middle.OpLShr:
		s.shift(v, d)
	case middle.OpSDiv, middle.OpSRem, middle.OpUDiv, middle.OpURem:
		s.divide(v, d)
	default:
		s.arith(v, d)
	}
	switch v.Op {
	case middle.OpAdd, middle.OpSub, middle.OpMul, middle.OpShl, middle.OpSDiv, middle.OpSRem:
		if v.Type == middle.I1 {
			s.emit(opAnd, 4, regOp(d), immOp(1)) // keep an i1 0 or 1
		}
	}
}

func (s *selector) arith(v *middle.Value, d Reg) {
	a, b := v.Args[0], v.Args[1]
	size := aluSize(v.Type)
	commutative := v.Op != middle.OpSub
	if commutative && (s.foldLoad[a.ID] || isConstLike(a) && !isConstLike(b) && !s.foldLoad[b.ID]) {
		a, b = b, a // a folded load or a constant goes second
	}
	if !isConstLike(a) && !s.foldLoad[b.ID] {
		c := constant(b)
		switch {
		case v.Op == middle.OpAdd && !isConstLike(b):
			s.emit(opLea, size, regOp(d), Operand{Kind: KindMem, Base: s.reg(a), Index: s.reg(b), Scale: 1})
			return
		case v.Op == middle.OpAdd && isConstLike(b) && fitsInt32(c):
			s.emit(opLea, size, regOp(d), baseOp(s.reg(a), c))
			return
		case v.Op == middle.OpAdd && isConstLike(b):
			// A constant no immediate holds is a register either way;
			// lea adds it without a copy of a.
			s.emit(opLea, size, regOp(d), Operand{Kind: KindMem, Base: s.reg(a), Index: s.reg(b), Scale: 1})
			return
		case v.Op == middle.OpAnd && isConstLike(b) && lowMask(c, size) > 0:
			// A mask of the low 8 or 32 bits is a zero-extending
			// move, which names its source and destination apart (and
			// needs no register for 0xffffffff in 64 bits).
			if w := lowMask(c, size); w == 4 {
				s.emit(opMov, 4, regOp(d), regOp(s.reg(a)))
			} else {
				s.add(s.f.slab.instr(Instr{Op: opMovzx, Size: 4, SrcSize: w}, regOp(d), regOp(s.reg(a))))
			}
			return
		case v.Op == middle.OpSub && isConstLike(b) && fitsInt32(-c):
			s.emit(opLea, size, regOp(d), baseOp(s.reg(a), -c))
			return
		case v.Op == middle.OpMul && isConstLike(b) && s.multiplyByShift(d, s.reg(a), c, size):
			return
		case v.Op == middle.OpMul && isConstLike(b) && fitsInt32(c):
			s.emit(opImul3, size, regOp(d), regOp(s.reg(a)), immOp(c))
			return
		}
	}
	if v.Op == middle.OpSub && isConstLike(a) && constant(a) == 0 && !isConstLike(b) && !s.foldLoad[b.ID] {
		// 0 - x: a copy of x negated, which coalescing can make neg x in
		// place, rather than a zeroed register and a subtraction.
		s.valueInto(d, b)
		s.emit(opNeg, size, regOp(d))
		return
	}
	if v.Op == middle.OpMul && isConstLike(a) && fitsInt32(constant(a)) && s.foldLoad[b.ID] {
		s.emit(opImul3, size, regOp(d), s.address(b.Args[0]), immOp(constant(a)))
		return
	}
	s.valueInto(d, a)
	s.emit(aluOps[v.Op], size, regOp(d), s.source2(b, size))
}

// lowMask returns the width in bytes (1 or 4) of the low bits that c
// masks in a size-byte and, when c is such a mask narrower than size, or 0.
// (The emitter names no 16-bit registers: 0xffff stays an and.)
func lowMask(c int64, size uint8) uint8 {
	switch {
	case c == 0xff:
		return 1
	case c == 0xffffffff && size == 8:
		return 4
	}
	return 0
}

// multiplyByShift selects d = x*c without imul when c is a power of two or
// 3, 5 or 9 (lea, or a shift): one cycle instead of imul's three. It
// reports whether it did.
func (s *selector) multiplyByShift(d, x Reg, c int64, size uint8) bool {
	addr := Operand{Kind: KindMem, Index: x, Scale: uint8(c)}
	switch {
	case c == 2 || c == 3 || c == 5 || c == 9:
		addr.Base, addr.Scale = x, uint8(c-1)
	case c == 4 || c == 8:
	case c > 8 && c&(c-1) == 0:
		s.emit(opMov, 8, regOp(d), regOp(x))
		s.emit(opShl, size, regOp(d), immOp(int64(bits.TrailingZeros64(uint64(c)))))
		return true
	default:
		return false
	}
	s.emit(opLea, size, regOp(d), addr)
	return true
}

func (s *selector) shift(v *middle.Value, d Reg) { s.shiftBy(v, d, v.Args[1]) }

// shiftBy selects v, a shift, into d with the count b (v's own, or the
// value its mask applies to, patShiftCount).
func (s *selector) shiftBy(v *middle.Value, d Reg, b *middle.Value) {
	a := v.Args[0]
	size := aluSize(v.Type)
	switch {
	case sizeOf(v.Type) == 1 && v.Op == middle.OpAShr:
		s.extendInto(d, a, true, 4)
	case sizeOf(v.Type) == 1 && v.Op == middle.OpLShr:
		s.extendInto(d, a, false, 4)
	default:
		s.valueInto(d, a)
	}
	count := regOp(RCX)
	if isConstLike(b) {
		count = immOp(constant(b) & int64(8*size-1)) // what the hardware does with CL
	} else {
		s.valueInto(RCX, b)
	}
	s.emit(aluOps[v.Op], size, regOp(d), count)
}

// divide selects sdiv, srem, udiv and urem: the dividend sign-extended
// (signed) or zero-extended (unsigned) into rdx:rax, idiv or div, the
// quotient from rax or the remainder from rdx. The IR guards against the
// divisors that trap (0, and -1 with the minimum dividend).
func (s *selector) divide(v *middle.Value, d Reg) {
	if s.divideByConstant(v, d) {
		return
	}
	a, b := v.Args[0], v.Args[1]
	size := aluSize(v.Type)
	narrow := sizeOf(v.Type) == 1
	signed := v.Op == middle.OpSDiv || v.Op == middle.OpSRem
	if narrow {
		s.extendInto(RAX, a, signed, 4)
	} else {
		s.valueInto(RAX, a)
	}
	divisor := s.source(b)
	if narrow || divisor.Kind != KindReg {
		t := s.f.newVReg(size)
		if narrow {
			s.extendInto(t, b, signed, 4)
		} else {
			s.valueInto(t, b)
		}
		divisor = regOp(t)
	}
	op := opIdiv
	if signed {
		ext := s.emit(opCqo, 8)
		if size == 4 {
			ext.Op = opCdq
		}
		ext.Uses, ext.Defs = maskOf(RAX), maskOf(RDX)
	} else {
		op = opDiv
		s.emit(opMov, 4, regOp(RDX), immOp(0))
	}
	div := s.emit(op, size, divisor)
	div.Uses, div.Defs = maskOf(RAX, RDX), maskOf(RAX, RDX)
	result := RAX
	if v.Op == middle.OpSRem || v.Op == middle.OpURem {
		result = RDX
	}
	s.emit(opMov, 8, regOp(d), regOp(result))
}

func (s *selector) cast(v *middle.Value) {
	d := s.vreg[v.ID]
	a := v.Args[0]
	switch v.Op {
	case middle.OpZExt:
		s.extendInto(d, a, false, aluSize(v.Type))
	case middle.OpSExt:
		s.extendInto(d, a, true, aluSize(v.Type))
	case middle.OpTrunc:
		if s.fused(v) {
			return
		}
		s.valueInto(d, a)
		if v.Type == middle.I1 {
			s.emit(opAnd, 4, regOp(d), immOp(1))
		}
	}
}

// compare emits the cmp (or test) for the icmp c and returns the condition
// under which c is true.
func (s *selector) compare(c *middle.Value) Cond {
	defer func(pos diag.Pos, inl uint16) { s.pos, s.inl = pos, inl }(s.pos, s.inl)
	s.pos, s.inl = c.Pos, c.Inlined // a fused compare still comes from the icmp
	a, b, p := c.Args[0], c.Args[1], c.Pred
	size := sizeOf(a.Type)
	if isConstLike(a) && !isConstLike(b) {
		a, b, p = b, a, p.Swap()
	}
	if m := s.matched[c.ID]; m.kind == patParity {
		x := regOp(s.reg(m.x))
		s.emit(opTest, size, x, immOp(int64(m.m)))
		return condFor(c.Pred)
	}
	if m := s.matched[c.ID]; m.kind == patBitTest {
		s.emit(opBt, size, regOp(s.reg(m.x)), regOp(s.reg(m.y)))
		if c.Pred == middle.PredEQ {
			return CondAE // the bit is clear: no carry
		}
		return CondB
	}
	if s.foldLoad[a.ID] {
		s.emit(opCmp, size, s.address(a.Args[0]), s.operand(b, size))
		return condFor(p)
	}
	if isConstLike(b) && constant(b) == 0 && !isConstLike(a) {
		// test clears OF and CF, so every condition reads as against 0.
		r := regOp(s.reg(a))
		s.emit(opTest, size, r, r)
		return condFor(p)
	}
	s.emit(opCmp, size, regOp(s.reg(a)), s.source2(b, size))
	return condFor(p)
}

// condition emits what sets the flags for the i1 c and returns the
// condition under which c is true.
func (s *selector) condition(c *middle.Value) Cond {
	switch {
	case s.fused(c) && c.Op == middle.OpICmp:
		return s.compare(c)
	case s.fused(c):
		x := regOp(s.reg(c.Args[0]))
		if s.foldLoad[c.Args[0].ID] {
			x = s.address(c.Args[0].Args[0])
		}
		s.emit(opTest, 1, x, immOp(1))
		return CondNE
	}
	r := regOp(s.reg(c))
	s.emit(opTest, 1, r, r)
	return CondNE
}

func (s *selector) condBr(v *middle.Value) {
	c := v.Args[0]
	then, els := s.blocks[v.Block.Succ(0).ID], s.blocks[v.Block.Succ(1).ID]
	switch {
	case then == els:
		s.emit(opJmp, 0, blockOp(then))
	case isConstLike(c):
		if constant(c) != 0 {
			s.emit(opJmp, 0, blockOp(then))
		} else {
			s.emit(opJmp, 0, blockOp(els))
		}
	default:
		s.add(s.f.slab.instr(Instr{Op: opJcc, Cond: s.condition(c), taken: percentTaken(s.ir, v.Block)}, blockOp(then)))
		s.emit(opJmp, 0, blockOp(els))
	}
}

// percentTaken returns the estimated percentage of the runs of b's branch
// that go to its first successor, 1 to 99, or 0 when f has no estimates.
func percentTaken(f *middle.Func, b *middle.Block) uint8 {
	probs := f.EstimatedBranches()
	if b.ID >= len(probs) || probs[b.ID] == 0 {
		return 0
	}
	return uint8(min(max(math.Round(probs[b.ID]*100), 1), 99))
}

// selectValue selects `select c, x, y` as d = y; d = x if c (cmov).
func (s *selector) selectValue(v *middle.Value) {
	c, x, y := v.Args[0], v.Args[1], v.Args[2]
	d := s.vreg[v.ID]
	if isConstLike(c) {
		if constant(c) != 0 {
			s.valueInto(d, x)
		} else {
			s.valueInto(d, y)
		}
		return
	}
	if one, ok := zeroOrOne(x, y); ok && v.Type != middle.I1 {
		// select c, 1, 0 is c as a number: setcc and movzx, without
		// the constants in registers for a cmov.
		cc := s.condition(c)
		if !one {
			cc = cc.Negate()
		}
		s.setBool(d, cc)
		return
	}
	xr := s.reg(x) // cmov takes no immediate
	// The compare first: y may die at the move into d (which then shares
	// its register) instead of being read by the compare after it. The
	// move and any materializing leave the flags alone.
	cc := s.condition(c)
	s.valueInto(d, y)
	s.add(s.f.slab.instr(Instr{Op: opCmov, Size: aluSize(v.Type), Cond: cc}, regOp(d), regOp(xr)))
}

// zeroOrOne reports whether x and y are the constants 1 and 0 (one) or 0
// and 1 (not one).
func zeroOrOne(x, y *middle.Value) (one, ok bool) {
	if !isConstLike(x) || !isConstLike(y) {
		return false, false
	}
	a, b := constant(x), constant(y)
	return a == 1, a == 1 && b == 0 || a == 0 && b == 1
}

// setBool puts in d 1 when the flags satisfy cc, else 0.
func (s *selector) setBool(d Reg, cc Cond) {
	s.add(s.f.slab.instr(Instr{Op: opSetcc, Size: 1, Cond: cc}, regOp(d)))
	s.add(s.f.slab.instr(Instr{Op: opMovzx, Size: 4, SrcSize: 1}, regOp(d), regOp(d)))
}

func (s *selector) load(v *middle.Value) {
	d := regOp(s.vreg[v.ID])
	addr := s.address(v.Args[0])
	if sizeOf(v.Type) == 1 {
		s.add(s.f.slab.instr(Instr{Op: opMovzx, Size: 4, SrcSize: 1}, d, addr))
		return
	}
	s.emit(opMov, sizeOf(v.Type), d, addr)
}

// address returns the memory operand at the pointer p.
func (s *selector) address(p *middle.Value) Operand {
	switch src := s.source(p); {
	case src.Kind == KindMem && !src.GOT:
		return src
	case p.Op == middle.OpGEP && !s.asValue[p.ID]:
		return s.gepAddress(p)
	}
	return baseOp(s.reg(p), 0)
}

// gepAddress returns the addressing mode that computes the getelementptr
// g: its base's address plus the index scaled by the element size.
func (s *selector) gepAddress(g *middle.Value) Operand {
	base, idx := g.Args[0], g.Args[1]
	size := int64(g.Elem.Size())
	m := s.source(base)
	if m.Kind != KindMem || m.GOT {
		m = baseOp(s.reg(base), 0)
	}
	if isConstLike(idx) {
		if disp := m.Imm + constant(idx)*size; fitsInt32(disp) && constant(idx) == disp/size {
			m.Imm = disp
			return m
		}
	}
	if x, c, ok := s.offsetIndex(idx); ok && (s.uses[idx.ID] == s.indexUses[idx.ID] || !s.phiArg[idx.ID] || s.sunk(idx)) {
		idx, m.Imm = x, m.Imm+c*size
	}
	if m.sym() != "" { // a RIP-relative operand takes no index register
		m = baseOp(s.reg(base), m.Imm)
	}
	m.Index, m.Scale = s.reg(idx), uint8(size)
	return m
}

// offsetIndex matches the index i of a getelementptr as x + c (an add or
// sub of a constant, the a[j - 1] of a loop): the address takes x as its
// index and c times the element size as part of its displacement, which
// x86 adds for free. When every use of i is such an index, i itself is
// never computed (see instr). An i that is computed anyway and flows into
// a φ (the sp - 1 an interpreter pops its stack with, which becomes the
// next sp) is the index itself (gepAddress): addressing off x would keep x
// live past i's definition, so that x and i interfere and the φ's copy
// stays in the loop.
func (s *selector) offsetIndex(i *middle.Value) (x *middle.Value, c int64, ok bool) {
	if i.Op != middle.OpAdd && i.Op != middle.OpSub || i.Type != middle.I64 ||
		s.matched[i.ID].kind != patNone || s.absorbed[i.ID] {
		return nil, 0, false
	}
	x, k := i.Args[0], i.Args[1]
	if isConstLike(x) && i.Op == middle.OpAdd {
		x, k = k, x
	}
	if !isConstLike(k) || isConstLike(x) || s.foldLoad[x.ID] {
		return nil, 0, false
	}
	c = constant(k)
	if i.Op == middle.OpSub {
		c = -c
	}
	return x, c, fitsInt32(c) && fitsInt32(8*c)
}

// sunk reports whether the value i, an index x + c (offsetIndex), is
// used only as addresses' indexes (one at least), which take x and c as
// they are, and as φ arguments: then i is never computed where it is
// defined, but as a lea
// at the end of the block of each φ edge it flows along (as gcc and LLVM
// increment a loop's counter at its end). Computed where it is defined,
// the a[i + 1] of a bubble sort's step, i + 1 would be live with i across
// the swap that stores a[i], so that the φ's copy of i + 1 into i's
// register stayed in the loop; computed at the edge, it takes i's
// register when i dies there. Only edges from blocks no deeper in loops
// than i's own get the lea, which then runs no more often than i's
// definition would.
func (s *selector) sunk(i *middle.Value) bool {
	if s.phiUses[i.ID] == 0 || s.indexUses[i.ID] == 0 || s.uses[i.ID] != s.indexUses[i.ID]+s.phiUses[i.ID] {
		return false
	}
	_, _, ok := s.offsetIndex(i)
	return ok && !s.phiDeep[i.ID]
}

// call passes the arguments (stack ones first, so the argument registers
// are not held over their stores), calls, and copies the result out of rax.
// A _Bool or char argument travels zero-extended to 32 bits, as gcc and
// clang both pass (and clang's callees rely on).
func (s *selector) call(v *middle.Value) {
	args := v.Args
	if n := 8 * (len(args) - len(argRegs)); n > s.f.outArgs {
		s.f.outArgs = n
	}
	for i := len(argRegs); i < len(args); i++ {
		a := args[i]
		src := s.operand(a, 8)
		if src.Kind == KindReg && sizeOf(a.Type) < 8 {
			t := s.f.newVReg(8)
			s.extendInto(t, a, false, 8)
			src = regOp(t)
		}
		s.emit(opMov, 8, baseOp(RSP, int64(8*(i-len(argRegs)))), src)
	}
	var uses RegMask
	for i := 0; i < len(args) && i < len(argRegs); i++ {
		r := argRegs[i]
		uses |= maskOf(r)
		if sizeOf(args[i].Type) < 8 {
			s.extendInto(r, args[i], false, 4)
		} else {
			s.valueInto(r, args[i])
		}
	}
	call := s.emit(opCall, 8, symOp(s.f.symbol(v.Sym)))
	call.Uses, call.Clobbers = uses, callerSaved
	call.Inlined = v.Inlined
	if v.HasResult() {
		call.Defs = maskOf(RAX)
		call.Clobbers &^= maskOf(RAX)
		s.emit(opMov, 8, regOp(s.vreg[v.ID]), regOp(RAX))
	}
}

// ret puts the result in rax, an i1 or i8 zero-extended to 32 bits as
// callers compiled from C expect of a _Bool.
func (s *selector) ret(v *middle.Value) {
	var uses RegMask
	if len(v.Args) > 0 {
		a := v.Args[0]
		if sizeOf(a.Type) == 1 {
			s.extendInto(RAX, a, false, 4)
		} else {
			s.valueInto(RAX, a)
		}
		uses = maskOf(RAX)
	}
	s.emit(opRet, 8).Uses = uses
}

func (s *selector) phi(v *middle.Value) {
	in := s.emit(opPhi, 8, regOp(s.vreg[v.ID]))
	// Room for every edge's operand at once: grown one append at a
	// time, a φ's two lists took most of isel's slice growth.
	in.Args = slices.Grow(in.Args, len(v.Args))
	from := make([]*Block, 0, len(v.Args))
	for i, a := range v.Args {
		// A block with several edges here (their arguments equal) is
		// one machine predecessor.
		p := v.Block.Pred(i)
		if pred := s.blocks[p.ID]; pred != nil && !(p.EdgeCount(v.Block) > 1 && slices.Contains(from, pred)) {
			src := s.source(a)
			if s.sunk(a) {
				// x + c at the end of the edge's block, where x may die
				// and the φ take its register.
				x, c, _ := s.offsetIndex(a)
				t := s.f.newVReg(8)
				s.f.vreg(t).origin = a
				lea := s.f.slab.instr(Instr{Op: opLea, Size: 8, Pos: a.Pos, Inlined: a.Inlined}, regOp(t), baseOp(s.reg(x), c))
				s.hoisted = append(s.hoisted, hoistedInstr{pred, lea})
				src = regOp(t)
			}
			in.Args = append(in.Args, src)
			from = append(from, pred)
		}
	}
	if s.f.phiFrom == nil {
		s.f.phiFrom = make(map[*Instr][]*Block)
	}
	s.f.phiFrom[in] = from
}
