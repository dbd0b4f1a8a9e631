package backend

import (
	"math/bits"
	"unsafe"

	"toyc/middle"
	"toyc/middle/diag"
)

// The machine IR: x86-64 instructions over virtual and physical registers,
// grouped in blocks that mirror the IR's. Instruction selection produces it
// with virtual registers and φ pseudo-instructions; out-of-SSA turns the φs
// into moves; register allocation gives every virtual register a physical
// one (or a stack slot, rewriting its operands); frame layout places the
// stack slots; emission prints AT&T text.
//
// Like LLVM's MachineInstr, an instruction knows which registers it reads,
// writes and destroys (operand roles by opcode, plus implicit fixed
// registers), so that liveness, the allocator and the checker share one
// definition of the instruction set.

// Reg is a register: NoReg, a physical register (RAX..R15) or a virtual
// register (FirstVReg and up). The zero value is NoReg, so an Operand's
// unused register fields say "none" by themselves.
type Reg int32

// Physical registers, in hardware encoding order (plus one).
const (
	NoReg Reg = iota
	RAX
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
	FirstVReg
)

func (r Reg) IsVirtual() bool  { return r >= FirstVReg }
func (r Reg) IsPhysical() bool { return r > NoReg && r < FirstVReg }

// RegMask is a set of physical registers.
type RegMask uint32

func maskOf(regs ...Reg) RegMask {
	var m RegMask
	for _, r := range regs {
		m |= 1 << r
	}
	return m
}

func (m RegMask) Has(r Reg) bool { return r.IsPhysical() && m&(1<<r) != 0 }

// forEach calls fn for each register of m in encoding order.
// It steps from set bit to set bit: most masks are empty, and every
// instruction's are asked for in each walk over the code.
func (m RegMask) forEach(fn func(Reg)) {
	for m &= (1<<FirstVReg - 1) &^ 1; m != 0; m &= m - 1 {
		fn(Reg(bits.TrailingZeros32(uint32(m))))
	}
}

// Cond is an x86 condition code, as in jcc, setcc and cmovcc.
type Cond uint8

// Conditions come in pairs that negate each other, differing in the low bit.
const (
	CondE Cond = iota
	CondNE
	CondL
	CondGE
	CondLE
	CondG
	CondB
	CondAE
	CondBE
	CondA
	CondS // the sign flag: only after arithmetic, which leaves OF as it may (flagsfromalu.go)
	CondNS
)

var condNames = [...]string{"e", "ne", "l", "ge", "le", "g", "b", "ae", "be", "a", "s", "ns"}

func (c Cond) String() string { return condNames[c] }

// Negate gives the condition that holds exactly when c does not.
func (c Cond) Negate() Cond { return c ^ 1 }

// condFor maps an icmp predicate to the condition the flags of `cmp a, b`
// must satisfy.
func condFor(p middle.Pred) Cond {
	return [...]Cond{
		middle.PredEQ: CondE, middle.PredNE: CondNE,
		middle.PredSLT: CondL, middle.PredSLE: CondLE, middle.PredSGT: CondG, middle.PredSGE: CondGE,
		middle.PredULT: CondB, middle.PredULE: CondBE, middle.PredUGT: CondA, middle.PredUGE: CondAE,
	}[p]
}

// OperandKind says which fields of an Operand mean something.
type OperandKind uint8

const (
	KindNone  OperandKind = iota
	KindReg               // Reg
	KindImm               // Imm
	KindMem               // Base + Index*Scale + Imm, off slot()'s frame position, or sym()(%rip)
	KindBlock             // block(), a branch target
	KindSym               // sym(), a call target
)

// Operand is one operand of an instruction. It takes 40 bytes, not the 64
// of a slot, a symbol and a block in fields of their own: every
// instruction has an array of operands, and the machine code of one large
// function was half of its compile's peak memory. No operand has more
// than one of the three, so one pointer, ref, holds whichever it has
// (refIs says which); the small fields come first, together, to leave no
// padding.
type Operand struct {
	Kind  OperandKind
	Scale uint8
	GOT   bool // the GOT entry of sym() rather than the symbol itself
	refIs refKind
	Reg   Reg
	Base  Reg
	Index Reg
	// VReg is the virtual register a spill slot operand stands for: the
	// allocator puts a spilled register's slot where the instruction can
	// take memory, and the checker still knows which value is meant.
	VReg Reg
	Imm  int64 // the immediate, or a memory operand's displacement
	// ref is the *Slot of a memory operand in the frame (Base unused),
	// the *Block of a branch target, or the symbol's name (a *string,
	// Func.symbol's) of a RIP-relative memory operand or a call target.
	ref unsafe.Pointer
}

// refKind says what an Operand's ref points to.
type refKind uint8

const (
	refNone refKind = iota
	refSlot
	refBlock
	refSym
)

// slot is the frame slot a memory operand is in, or nil.
func (o Operand) slot() *Slot {
	if o.refIs != refSlot {
		return nil
	}
	return (*Slot)(o.ref)
}

// block is a branch target's block, or nil.
func (o Operand) block() *Block {
	if o.refIs != refBlock {
		return nil
	}
	return (*Block)(o.ref)
}

// sym is the symbol of a call target or a RIP-relative memory operand, or
// "".
func (o Operand) sym() string {
	if o.refIs != refSym {
		return ""
	}
	return *(*string)(o.ref)
}

// setBlock makes o's block b (a branch retargeted).
func (o *Operand) setBlock(b *Block) { o.ref, o.refIs = unsafe.Pointer(b), refBlock }

// withSym is o with the symbol *name (Func.symbol's, which stays as it is
// while the function's code lives).
func (o Operand) withSym(name *string) Operand {
	o.ref, o.refIs = unsafe.Pointer(name), refSym
	return o
}

func regOp(r Reg) Operand   { return Operand{Kind: KindReg, Reg: r} }
func immOp(c int64) Operand { return Operand{Kind: KindImm, Imm: c} }
func blockOp(b *Block) Operand {
	return Operand{Kind: KindBlock, ref: unsafe.Pointer(b), refIs: refBlock}
}
func symOp(name *string) Operand { return Operand{Kind: KindSym}.withSym(name) }
func slotOp(s *Slot) Operand {
	return Operand{Kind: KindMem, ref: unsafe.Pointer(s), refIs: refSlot}
}
func baseOp(r Reg, disp int64) Operand {
	return Operand{Kind: KindMem, Base: r, Imm: disp}
}

// isReg reports whether o is the register r.
func (o Operand) isReg(r Reg) bool { return o.Kind == KindReg && o.Reg == r }

// opcode is an x86-64 instruction, or a pseudo-instruction (φ).
type opcode uint8

const (
	opMov   opcode = iota // dst, src
	opMovzx               // dst, src: zero-extend SrcSize bytes to Size
	opMovsx               // dst, src: sign-extend SrcSize bytes to Size
	opLea                 // dst, address
	opAdd                 // dst op= src ...
	opSub
	opAnd
	opOr
	opXor
	opImul
	opImul3 // dst = src * imm
	opImul1 // rdx:rax = rax * src (signed), for the high half
	opMul1  // rdx:rax = rax * src (unsigned), for the high half
	opShl   // dst shifted by src: an immediate or CL
	opSar
	opShr
	opRol  // dst rotated left by an immediate or CL
	opNeg  // dst = -dst
	opCmp  // flags of a - b
	opTest // flags of a & b
	opBt   // CF = bit b of a (b a register, taken modulo the width, or an immediate)
	opSetcc
	opCmov // dst = src if Cond
	opCqo  // rdx:rax = sign extension of rax
	opCdq  // edx:eax = sign extension of eax
	opIdiv // rax, rdx = rdx:rax / src, rdx:rax % src (signed)
	opDiv  // rax, rdx = rdx:rax / src, rdx:rax % src (unsigned)
	opCall // the function Sym
	opJmp
	opJcc
	opRet // through the epilogue
	opUd2
	opJmpTable // jmp *Args[0]: the address from a jump table (Args[1] its symbol), to one of the blocks Args[2:]
	opPhi      // dst, one source per block of Func.phiFrom; only before out-of-SSA
)

// role says whether an instruction reads or writes an operand in its place
// (for a memory operand: the memory; its address registers are always
// read).
type role uint8

const (
	roleUse role = 1 << iota
	roleDef
	roleUseDef = roleUse | roleDef
)

var opNames = [...]string{
	opMov: "mov", opMovzx: "movzx", opMovsx: "movsx", opLea: "lea",
	opAdd: "add", opSub: "sub", opAnd: "and", opOr: "or", opXor: "xor",
	opImul: "imul", opImul3: "imul", opImul1: "imul", opMul1: "mul", opShl: "shl", opSar: "sar", opShr: "shr", opRol: "rol",
	opNeg: "neg", opCmp: "cmp", opTest: "test", opBt: "bt", opSetcc: "set", opCmov: "cmov",
	opCqo: "cqto", opCdq: "cltd", opIdiv: "idiv", opDiv: "div", opCall: "call",
	opJmp: "jmp", opJcc: "j", opRet: "ret", opUd2: "ud2", opJmpTable: "jmp", opPhi: "phi",
}

// Instr is one machine instruction. Args are in Intel order: the
// destination, if any, first.
type Instr struct {
	Op      opcode
	Size    uint8 // operand width in bytes: 1, 4 or 8
	SrcSize uint8 // opMovzx, opMovsx: the source's width
	Cond    Cond  // opJcc, opSetcc, opCmov
	// defValue is, for -g, 1 + the index in Func.defValues of the IR value
	// the instruction defines where coalescing gave its register to
	// several values (defValueNoter), 0 for none. (It fills the padding
	// before Args: no memory without -g.)
	defValue uint32
	Args     []Operand

	// Implicit physical registers: argument and result registers of a
	// call, rax and rdx of a division, rax of a return; Clobbers are
	// destroyed without holding a result (a call's caller-saved registers).
	Uses, Defs, Clobbers RegMask

	// Spill marks the moves the allocator inserts (reloads and spill
	// stores): the checker follows the value they copy instead of taking
	// them at their word.
	Spill bool
	// taken is, on an opJcc, the estimated percentage of its runs that
	// branch (middle.BranchProbs; 1 to 99), 0 for no estimate: block
	// placement moves unlikely blocks off the path that falls through
	// (unlikely.go). A pass that swaps a branch's targets turns it.
	taken uint8

	Pos diag.Pos
	// Inlined is the IR call's inline site (middle.Value.Inlined, an index
	// into the IR function's Inlines): the emitter's trace table names the
	// functions whose calls the inliner removed.
	Inlined uint16
	// Copy numbers the copies DuplicateTails makes (0: an original):
	// -g gives each copy of a line a block of its own (dwarfcopy.go).
	Copy uint16
}

// role returns how in treats its operand i. Only operand 0 is ever
// written (forEachDef relies on it; TestOnlyFirstOperandWritten).
func (in *Instr) role(i int) role {
	switch in.Op {
	case opMov, opMovzx, opMovsx, opLea, opSetcc, opImul3, opPhi:
		if i == 0 {
			return roleDef
		}
	case opAdd, opSub, opAnd, opOr, opXor, opImul, opShl, opSar, opShr, opRol, opNeg, opCmov:
		if i == 0 {
			return roleUseDef
		}
	}
	return roleUse
}

// forEachUse calls fn for every register in reads, virtual or physical,
// including the registers of its memory operands' addresses. (A spill
// slot operand's VReg is not reported: the register lives in memory now.)
func (in *Instr) forEachUse(fn func(r Reg)) {
	for i := range in.Args {
		a := &in.Args[i] // not a copy: an Operand is eight words, and this is the backend's hottest loop
		switch a.Kind {
		case KindReg:
			if in.role(i)&roleUse != 0 {
				fn(a.Reg)
			}
		case KindMem:
			if a.Base != NoReg {
				fn(a.Base)
			}
			if a.Index != NoReg {
				fn(a.Index)
			}
		}
	}
	in.Uses.forEach(fn)
}

// forEachDef calls fn for every register in writes with a result. Of
// the operands only the first may be written (role), so only it is
// looked at: asking the role of every operand was most of the cost of the
// backend's most frequent question.
func (in *Instr) forEachDef(fn func(r Reg)) {
	if len(in.Args) > 0 {
		if a := &in.Args[0]; a.Kind == KindReg && in.role(0)&roleDef != 0 {
			fn(a.Reg)
		}
	}
	in.Defs.forEach(fn)
}

// defArgs returns the operands in writes: the first when its role is a
// definition, else none. Of the operands only the first may be written
// (role), so the loops over what an instruction defines look at it alone
// rather than asking the role of every operand.
func (in *Instr) defArgs() []Operand {
	if len(in.Args) > 0 && in.role(0)&roleDef != 0 {
		return in.Args[:1]
	}
	return nil
}

// isBranch reports whether in transfers control to another block.
func (in *Instr) isBranch() bool { return in.Op == opJmp || in.Op == opJcc || in.Op == opJmpTable }

// targets returns the operands naming the blocks the branch in may go to:
// one for a jump, the table's entries for a table jump.
func (in *Instr) targets() []Operand {
	switch in.Op {
	case opJmp, opJcc:
		return in.Args[:1]
	case opJmpTable:
		return in.Args[2:]
	}
	return nil
}

// Block is a basic block, named after the IR block it comes from.
type Block struct {
	ID     int
	Name   string
	Instrs []*Instr
	Succs  []*Block
	Preds  []*Block

	// Copies records the parallel copies out-of-SSA placed in this block,
	// for the dump.
	Copies []*EdgeCopy

	depth int // loop nesting depth, for spill weights
	// ir is 1 + the ID of the IR block isel made this block for, 0 for
	// a block the backend made (-g finds a variable's block by it).
	ir int32

	frameless bool // runs before the prologue (shrinkwrap.go)
	prologue  bool // the prologue runs at its top
	alignTop  bool // the first block of a loop: aligned (alignloops.go)
}

// SlotKind says what a stack slot holds.
type SlotKind uint8

const (
	SlotAlloca   SlotKind = iota // an IR alloca
	SlotSpill                    // a spilled virtual register
	SlotIncoming                 // a stack argument passed by the caller
)

// Slot is a stack location, addressed off rsp (frame.go).
type Slot struct {
	ID     int
	Kind   SlotKind
	Size   int
	Align  int
	Offset int    // from the CFA, set by Layout (fixed for incoming arguments)
	Name   string // the alloca's IR name, or the spilled vregs, for dumps
}

// symbol returns the name for an operand of f to refer to (withSym): the
// same for every operand naming it, and not a part of the IR, which is
// dropped after instruction selection while the operands live on.
func (f *Func) symbol(name string) *string {
	if p, ok := f.symbols[name]; ok {
		return p
	}
	if f.symbols == nil {
		f.symbols = make(map[string]*string)
	}
	p := &name
	f.symbols[name] = p
	return p
}

// stage records how far the pipeline has taken a Func, so the dump shows
// what exists at that point.
type stage uint8

const (
	stageSelected stage = iota
	stageOutOfSSA
	stageAllocated
	stageLaidOut
)

// Func is one function in machine IR.
type Func struct {
	Name string
	// IR is the function's IR, whose blocks and values may be gone after
	// instruction selection (dropIR); pos is where its code begins (the
	// first instruction's position, middle.Func.Pos), taken before.
	IR     *middle.Func
	pos    diag.Pos
	Blocks []*Block // Blocks[0] is the entry; the order is the IR's until Allocate, then the layout order
	Slots  []*Slot

	vregs []vregInfo // by vreg-FirstVReg: one record per virtual register, what every stage knows of it

	outArgs    int // bytes of stack arguments of the largest call
	stage      stage
	alignEntry bool // the entry starts a 16-byte block (alignloops.go)

	coalesced [][2]Reg    // [merged, into] for each pair CoalesceCopies merged, for the dump and AllocationInfo
	alloc     *allocation // the final round's intervals, for the dump
	// keepCode says that the dumps or the explorer may read the code, and
	// alloc's intervals, after the passes that made them; without them
	// the intervals' slabs go back for the next function's at the end of
	// Allocate, and the instructions' once the text is written
	// (dropCode).
	keepCode bool
	// blockArrays holds the arrays the blocks were cut from, for dropCode.
	blockArrays *blockArrays
	// defValues are, for -g, the IR values instructions define where
	// coalescing gave their register to several values (dwarfloc.go),
	// indexed by Instr.defValue-1.
	defValues []*middle.Value
	// tails is, for -g, what DuplicateTails copied: by copy number
	// (Instr.Copy), the block copied and the block the copy went into.
	tails []tailCopy
	frame frame
	// phiFrom is, for each opPhi, the blocks its sources flow in from:
	// Args[i+1] from phiFrom[in][i]. A table of its own rather than a
	// field of Instr, which every instruction would carry, while φs
	// live only from instruction selection to out-of-SSA, which drops it.
	phiFrom map[*Instr][]*Block
	// symbols holds the names the operands' syms point to, one for each
	// symbol the function refers to (symbol).
	symbols map[string]*string
	// Analyses a pass computed for its own use and leaves to the next,
	// which takes them (nil when there is none): live, the liveness of
	// the code as it is (takeLiveness: shrinkwrap's for coalesce,
	// coalesce's for the allocator), and loops, the loop forest
	// blockorder found (takeLoops, loopexits). left says the pass
	// running now left them; the pipeline drops what the pass after
	// their maker did not leave again, since it may have changed the code.
	live    *liveness
	loops   *orderedLoops
	left    bool
	forests loopCache // f.loopForest's last answer
	// text is the function's assembly, written ahead of its turn
	// (Emitter.Prepare), or nil.
	text *funcText
	// slab is where instruction selection cuts the instructions from
	// (instrslab.go).
	slab instrSlab
}

// vregInfo is what the stages record of one virtual register (Func.vregs):
// one record, as wazero's register allocator keeps its vrState and QBE its
// Tmp, rather than a slice per fact that each stage must remember to grow.
// Beyond its width, the zero value is a register the backend made for
// itself, with nothing known. (The live interval is not here: each round of
// Allocate builds the intervals anew, intervals.go.)
type vregInfo struct {
	origin      *middle.Value // the IR value instruction selection made it to hold, or nil
	slot        *Slot         // the stack slot it was spilled to, in some round of Allocate
	orig        Reg           // for an allocator temporary (spill.go), the vreg it stands for
	splitOf     Reg           // for a register a split made (splitcalls.go, splitloops.go), the one it was split from
	loc         Reg           // the physical register Allocate gave it; NoReg when it has none (spilled, or gone from the code)
	loopLevel   int32         // splitAroundLoops splits it only at loops nested deeper than this
	width       uint8         // bytes of its value that are meaningful (1, 4, 8)
	split       splitKind     // which split made it
	unspillable bool          // an allocator temporary, which must get a register
	splitDone   bool          // split around calls already (splitcalls.go), or made by that split
}

// recorded reports whether what the register holds is recorded: its IR
// value, or the register it stands for or was split from (origins).
func (vi *vregInfo) recorded() bool {
	return vi.origin != nil || vi.orig != NoReg || vi.splitOf != NoReg
}

// splitKind says which live-range split made a register.
type splitKind uint8

const (
	notSplit     splitKind = iota
	splitAtCalls           // v.save, holding v across calls (splitcalls.go)
	splitAtLoop            // v.L, standing for v inside a loop (splitloops.go)
)

// NumVRegs is the number of virtual registers made so far.
func (f *Func) NumVRegs() int { return len(f.vregs) }

// newVReg makes a virtual register holding width meaningful bytes.
func (f *Func) newVReg(width uint8) Reg {
	f.vregs = append(f.vregs, vregInfo{width: width})
	return FirstVReg + Reg(len(f.vregs)-1)
}

// vreg returns the record of the virtual register r.
func (f *Func) vreg(r Reg) *vregInfo { return &f.vregs[r-FirstVReg] }

// newSlot adds a stack slot.
func (f *Func) newSlot(kind SlotKind, size, align int, name string) *Slot {
	s := &Slot{ID: len(f.Slots), Kind: kind, Size: size, Align: align, Name: name}
	f.Slots = append(f.Slots, s)
	return s
}

// program returns the vreg the program means by r: r itself, or for an
// allocator temporary the vreg it stands for. Physical registers stand for
// themselves.
func (f *Func) program(r Reg) Reg {
	if r.IsVirtual() {
		if o := f.vregs[r-FirstVReg].orig; o != NoReg {
			return o
		}
	}
	return r
}

// location returns the physical register r lives in after allocation.
func (f *Func) location(r Reg) Reg {
	if r.IsVirtual() && f.allocated() {
		return f.vregs[r-FirstVReg].loc
	}
	return r
}

// allocated reports whether Allocate has run.
func (f *Func) allocated() bool { return f.stage >= stageAllocated }

// spillSlot returns the stack slot of r, when r is a virtual register
// spilled in some round of Allocate, or nil.
func (f *Func) spillSlot(r Reg) *Slot {
	if r.IsVirtual() {
		return f.vregs[r-FirstVReg].slot
	}
	return nil
}

// splitRoot returns the register r was made from by the allocator's
// temporaries (orig) and live-range splits (splitOf), r itself if none.
func (f *Func) splitRoot(r Reg) Reg {
	for r.IsVirtual() {
		vi := &f.vregs[r-FirstVReg]
		switch {
		case vi.orig != NoReg:
			r = vi.orig
		case vi.splitOf != NoReg:
			r = vi.splitOf
		default:
			return r
		}
	}
	return r
}
