package middle

// The IR interpreter: it runs the functions of a module the way the program
// compiled from it would run, for two uses. The pass tests use it as their
// oracle (a pass is right on a program when the program computes the same
// result, and makes the same external calls, before and after it), and it
// runs whole Toy programs, emulating the C runtime (interp_runtime.go), so
// that the output, exit status and runtime-error line of a program can be
// compared with those of its native build.
//
// It models:
//
//   - Values in the canonical int64 form of Type.Truncate; the arithmetic
//     follows the LLVM Language Reference directly, written apart from
//     constfold on purpose, so that a folding mistake shows up as a
//     difference instead of being shared by both sides.
//   - A little-endian byte memory of three regions (Memory): the globals at
//     the bottom (string constants and toy_empty read-only), a stack for
//     allocas, freed when their function returns, and a heap for
//     toy_new_array's arrays, never freed. Slots and arrays start zeroed, so
//     a load of a never stored slot reads 0 — the interpreter's choice for
//     undef as well, which keeps "load before store" comparable with
//     mem2reg's undef.
//   - Calls on an explicit frame stack, not the Go stack: MaxDepth frames
//     (or a stack region of 64 MiB of allocas) and the program stops with
//     the runtime error "stack overflow", as the native program does when
//     it runs into its stack's guard page (at some other depth: the
//     interpreter does not model frame sizes).
//
// Executing something LLVM leaves undefined (division by zero or MIN / -1
// in the IR itself, shifting by the width or more, a memory access outside
// the live regions or a store to read-only data, reaching unreachable)
// stops with an error wrapping ErrUndefined; running out of steps stops
// with ErrStepLimit. Neither is what a native program does (it computes
// something, or crashes), so a caller comparing runs discards them: a pass
// may remove undefined behaviour but never add it.
//
// Limits: the module must be valid (VerifyModule); on invalid IR a run
// stops with an error or computes garbage, but never panics. Using an SSA
// value that has not been computed in the current activation reads 0 or a
// stale value rather than failing (the verifier's dominance check rules it
// out).
// Functions have no addresses (the IR has no indirect calls). The heap
// holds at most 4 GiB; a larger array is the runtime error "out of
// memory", where a native program might still get it.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

var (
	// ErrStepLimit stops a run that executes more than MaxSteps
	// instructions.
	ErrStepLimit = errors.New("step limit exceeded")

	// ErrUndefined is wrapped by the error of a run that executes
	// something whose behaviour LLVM leaves undefined.
	ErrUndefined = errors.New("undefined behaviour")
)

// The defaults of InterpOptions' limits.
const (
	DefaultMaxSteps = 1 << 30
	DefaultMaxDepth = 100000
)

// InterpOptions configure an Interpreter. The zero value runs a program
// without arguments, discarding its output, with the default limits.
type InterpOptions struct {
	Args   []string  // command-line arguments after the program name (toy_argc, toy_argi)
	Stdout io.Writer // where toy_print_* and putchar write; nil discards

	// MaxSteps bounds the instructions (φs aside) that the interpreter
	// executes over its life; past it the run stops with ErrStepLimit.
	// 0 means DefaultMaxSteps.
	MaxSteps int

	// MaxDepth is the number of active calls beyond which a call is the
	// runtime error "stack overflow". 0 means DefaultMaxDepth.
	MaxDepth int

	// External runs a call of a function the module only declares and
	// the interpreter does not know (the runtime's toy_* functions and
	// putchar it knows). mem is the interpreter's memory, for arguments
	// that are pointers. Without it, such a call is an error.
	External func(name string, args []int64, mem *Memory) (int64, error)

	// OnPhi, when set, is called for every φ evaluated, after all the φs
	// at the top of the block have read their operands.
	OnPhi func(PhiArrival)
}

// PhiArrival is one evaluation of a φ: control came to Phi's block from
// From, and Phi took Value.
type PhiArrival struct {
	Func  *Func
	Phi   *Value
	Visit int // 1 for the φ's first evaluation in the interpreter's life, then 2, 3, ...
	From  *Block
	Value int64
}

// RuntimeError is a Toy runtime error (runtime/ABI.md): the run stopped
// where the native program prints the error on stderr and exits with
// status 2.
type RuntimeError struct {
	File      string // the source file; "" when no position is known (stack overflow)
	Line, Col int
	Msg       string // e.g. "index out of range [5] with length 3"
}

// Error is exactly the line the native runtime prints, without its
// newline: "FILE:LINE:COL: runtime error: MSG", or "runtime error: MSG"
// without a position.
func (e *RuntimeError) Error() string {
	if e.File == "" {
		return "runtime error: " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: runtime error: %s", e.File, e.Line, e.Col, e.Msg)
}

var errStackOverflow = &RuntimeError{Msg: "stack overflow"}

// Interpreter runs the functions of one module. Its memory, and with it the
// globals, persists from one Call to the next. It is not safe for
// concurrent use, and the module must not change while it is in use.
type Interpreter struct {
	m        *Module
	opts     InterpOptions
	mem      Memory
	out      *bufio.Writer
	symbols  map[string]int64 // the address of each global
	funcs    map[*Func]*interpFunc
	steps    int // left
	maxDepth int
	err      error // why the module cannot run

	regs   []int64 // the register windows of the active frames, one after the other
	frames []interpFrame
	argBuf []int64
	phiBuf []int64
}

// NewInterpreter returns an interpreter of m, with m's globals laid out
// and initialized.
func NewInterpreter(m *Module, o InterpOptions) *Interpreter {
	in := &Interpreter{m: m, opts: o, funcs: map[*Func]*interpFunc{}, steps: o.MaxSteps, maxDepth: o.MaxDepth}
	if in.steps <= 0 {
		in.steps = DefaultMaxSteps
	}
	if in.maxDepth <= 0 {
		in.maxDepth = DefaultMaxDepth
	}
	if o.Stdout == nil {
		in.out = bufio.NewWriter(io.Discard)
	} else {
		in.out = bufio.NewWriterSize(o.Stdout, 1<<16)
	}
	in.symbols, in.err = in.mem.layOut(m.Globals)
	return in
}

// Memory returns the interpreter's memory.
func (in *Interpreter) Memory() *Memory { return &in.mem }

// Call runs the function named name, defined or declared in the module,
// with args (one per parameter, in the canonical form of Type.Truncate) and
// returns its result (0 for a void function). The error is a
// *RuntimeError, or wraps ErrStepLimit or ErrUndefined, or says why the
// module cannot run. Output is flushed to Stdout before Call returns.
func (in *Interpreter) Call(name string, args ...int64) (int64, error) {
	if in.err != nil {
		return 0, in.err
	}
	f := in.m.Func(name)
	if f == nil {
		return 0, fmt.Errorf("no function @%s", name)
	}
	if len(args) != len(f.Params) {
		return 0, fmt.Errorf("@%s takes %d arguments, not %d", name, len(f.Params), len(args))
	}
	r, err := in.call(f, args)
	if ferr := in.out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	return r, err
}

// RunMain runs the program as runtime/csrc/main.c does: it calls toy_main
// and returns the exit status, toy_main's result & 255. A runtime error
// gives status 2 and the *RuntimeError; any other error (ErrStepLimit,
// ErrUndefined, a module that cannot run) status -1.
func (in *Interpreter) RunMain() (status int, err error) {
	r, err := in.Call("toy_main")
	var rt *RuntimeError
	switch {
	case err == nil:
		return int(r & 255), nil
	case errors.As(err, &rt):
		return 2, err
	}
	return -1, err
}

// call runs f, a definition or a declaration.
func (in *Interpreter) call(f *Func, args []int64) (int64, error) {
	if f.IsDecl() {
		return in.callDecl(f, args)
	}
	fn, err := in.funcFor(f)
	if err != nil {
		return 0, err
	}
	return in.exec(fn, args)
}

// interpFunc is a function compiled for the interpreter: every value has a
// register, its Value.ID, in a window of the register stack that a call
// initializes from template (constants, global addresses; 0 elsewhere).
type interpFunc struct {
	f        *Func
	template []int64
	blocks   []interpBlock // in f.Blocks' order; blocks[0] is the entry
	visits   []int         // per φ of f: how many times it was evaluated
}

type interpBlock struct {
	b    *Block
	code []interpInstr // the instructions after the φs
}

// interpInstr is one instruction, with its operands as register numbers.
type interpInstr struct {
	op      Op
	typ     Type // the result's type
	argType Type // Args[0]'s type
	pred    Pred
	dst     int32
	a, b, c int32
	imm     int64   // getelementptr: the element size; alloca: the slot's size
	args    []int32 // call
	callee  *Func   // call
	edges   []interpEdge
	cases   map[int64]int // switch: case value to its index in edges (0 is the default)
	v       *Value
}

// interpEdge is a branch target, with the moves of its φs.
type interpEdge struct {
	block int
	moves []interpMove
	err   error // a φ with no entry for the edge
}

type interpMove struct {
	dst, src int32
	phi      int // index in interpFunc.visits
}

// interpFrame is an active call. The frame being run keeps its state in
// exec's variables; the others hold where they resume.
type interpFrame struct {
	fn    *interpFunc
	base  int   // the register window's start
	block int   // index in fn.blocks
	pc    int   // the next instruction: for a caller, the one after the call
	sp    int64 // the stack pointer at entry, restored at return
}

// funcFor returns f compiled.
func (in *Interpreter) funcFor(f *Func) (*interpFunc, error) {
	if fn, ok := in.funcs[f]; ok {
		return fn, nil
	}
	fn, err := in.compile(f)
	if err != nil {
		return nil, err
	}
	in.funcs[f] = fn
	return fn, nil
}

func (in *Interpreter) compile(f *Func) (*interpFunc, error) {
	fn := &interpFunc{f: f, template: make([]int64, f.NumValues())}
	index := make([]int, f.NumBlocks())
	for i := range index {
		index[i] = -1
	}
	for i, b := range f.Blocks {
		if b.ID < len(index) {
			index[b.ID] = i
		}
	}
	phiIndex := map[*Value]int{}
	for _, b := range f.Blocks {
		for _, phi := range b.Phis() {
			phiIndex[phi] = len(phiIndex)
		}
	}
	fn.visits = make([]int, len(phiIndex))
	reg := func(v *Value) (int32, error) {
		if v.ID < 0 || v.ID >= len(fn.template) {
			return 0, fmt.Errorf("@%s: %s has an ID out of range", f.Name, v)
		}
		switch v.Op {
		case OpConst:
			fn.template[v.ID] = v.Type.Truncate(v.Const)
		case OpGlobal:
			a, ok := in.symbols[v.Sym]
			if !ok {
				return 0, fmt.Errorf("@%s: address of @%s, which is not a global variable the interpreter knows", f.Name, v.Sym)
			}
			fn.template[v.ID] = a
		}
		return int32(v.ID), nil
	}
	edge := func(from *Block, out Edge) interpEdge {
		to := out.b
		e := interpEdge{block: -1}
		if to.ID < len(index) && index[to.ID] >= 0 && f.Blocks[index[to.ID]] == to {
			e.block = index[to.ID]
		} else {
			e.err = fmt.Errorf("@%s: %s branches to %s, which is not in the function", f.Name, from.Name, to.Name)
			return e
		}
		for _, phi := range to.Phis() {
			if out.i >= len(phi.Args) {
				e.err = fmt.Errorf("@%s: %s has no entry for %s", f.Name, phi.Name, from.Name)
				return e
			}
			a := phi.Args[out.i]
			src, err := reg(a)
			if err != nil {
				e.err = err
				return e
			}
			e.moves = append(e.moves, interpMove{dst: int32(phi.ID), src: src, phi: phiIndex[phi]})
		}
		return e
	}
	for _, b := range f.Blocks {
		phis := b.Phis()
		ib := interpBlock{b: b, code: make([]interpInstr, 0, len(b.Instrs)-len(phis))}
		for _, v := range b.Instrs[len(phis):] {
			ins := interpInstr{op: v.Op, typ: v.Type, pred: v.Pred, dst: int32(v.ID), v: v}
			if v.ID < 0 || v.ID >= len(fn.template) {
				return nil, fmt.Errorf("@%s: %s has an ID out of range", f.Name, v)
			}
			if len(v.Args) > 0 {
				ins.argType = v.Args[0].Type
			}
			regs := make([]int32, len(v.Args))
			for i, a := range v.Args {
				r, err := reg(a)
				if err != nil {
					return nil, err
				}
				regs[i] = r
			}
			if v.Op.IsBinary() && !v.Type.IsInt() {
				return nil, fmt.Errorf("@%s: %s is not of an integer type", f.Name, v.LongString())
			}
			if v.Op == OpICmp && int(v.Pred) >= len(icmpTruth) {
				return nil, fmt.Errorf("@%s: %s has no valid predicate", f.Name, v.LongString())
			}
			if want := interpArity(v.Op); want >= 0 && len(regs) != want {
				return nil, fmt.Errorf("@%s: %s has %d operands", f.Name, v.LongString(), len(regs))
			}
			switch len(regs) {
			case 3:
				ins.c = regs[2]
				fallthrough
			case 2:
				ins.b = regs[1]
				fallthrough
			case 1:
				ins.a = regs[0]
			}
			switch v.Op {
			case OpGEP:
				ins.imm = int64(v.Elem.Size())
			case OpAlloca:
				ins.imm = (int64(v.Elem.Size()) + 7) &^ 7
			case OpCall:
				ins.args = regs
				ins.callee = in.m.Func(v.Sym)
				if ins.callee == nil {
					return nil, fmt.Errorf("@%s: call of unknown @%s", f.Name, v.Sym)
				}
				if len(regs) != len(ins.callee.Params) {
					return nil, fmt.Errorf("@%s: %s passes %d arguments to a function of %d parameters", f.Name, v.LongString(), len(regs), len(ins.callee.Params))
				}
			case OpBr, OpCondBr:
				want := 1
				if v.Op == OpCondBr {
					want = 2
				}
				if len(b.Succs) != want {
					return nil, fmt.Errorf("@%s: %s has %d targets", f.Name, v.LongString(), len(b.Succs))
				}
				for _, t := range b.Succs {
					ins.edges = append(ins.edges, edge(b, t))
				}
			case OpSwitch:
				if len(b.Succs) != len(regs) || len(regs) == 0 {
					return nil, fmt.Errorf("@%s: %s has %d targets for %d operands", f.Name, v.LongString(), len(b.Succs), len(regs))
				}
				ins.a = regs[0] // the selector; the cases are in the map
				ins.cases = make(map[int64]int, len(regs)-1)
				for i, k := range v.Args[1:] {
					if k.Op != OpConst {
						return nil, fmt.Errorf("@%s: %s has a case that is not a constant", f.Name, v.LongString())
					}
					ins.cases[k.Type.Truncate(k.Const)] = i + 1
				}
				for _, t := range b.Succs {
					ins.edges = append(ins.edges, edge(b, t))
				}
			case OpRet:
				if len(regs) > 1 {
					return nil, fmt.Errorf("@%s: %s has %d operands", f.Name, v.LongString(), len(regs))
				}
				ins.imm = int64(len(regs))
			}
			ib.code = append(ib.code, ins)
		}
		if n := len(ib.code); n == 0 || !ib.code[n-1].op.IsTerminator() {
			return nil, fmt.Errorf("@%s: block %s has no terminator", f.Name, b.Name)
		}
		fn.blocks = append(fn.blocks, ib)
	}
	if len(fn.blocks) == 0 {
		return nil, fmt.Errorf("@%s has no body", f.Name)
	}
	return fn, nil
}

// interpArity is the number of operands an instruction of op has, or -1
// when it varies.
func interpArity(op Op) int {
	switch {
	case op.IsBinary(), op == OpICmp, op == OpStore, op == OpGEP:
		return 2
	case op.IsCast(), op == OpLoad, op == OpCondBr:
		return 1
	case op == OpSelect:
		return 3
	case op == OpBr, op == OpUnreachable, op == OpAlloca:
		return 0
	}
	return -1
}

// push makes a frame for fn whose parameters are args, checking the depth.
func (in *Interpreter) push(fn *interpFunc, args []int64) error {
	if len(in.frames) >= in.maxDepth {
		return errStackOverflow
	}
	base := 0
	if n := len(in.frames); n > 0 {
		top := &in.frames[n-1]
		base = top.base + len(top.fn.template)
	}
	need := base + len(fn.template)
	if need > len(in.regs) {
		grown := make([]int64, max(need, 2*len(in.regs), 1024))
		copy(grown, in.regs)
		in.regs = grown
	}
	r := in.regs[base:need]
	copy(r, fn.template)
	for i, p := range fn.f.Params {
		r[p.ID] = p.Type.Truncate(args[i])
	}
	in.frames = append(in.frames, interpFrame{fn: fn, base: base, sp: in.mem.sp})
	return nil
}

// exec runs fn to its return, with the frames of the calls it makes.
func (in *Interpreter) exec(fn *interpFunc, args []int64) (result int64, err error) {
	bottom := len(in.frames)
	defer func() {
		if err != nil && len(in.frames) > bottom {
			in.mem.sp = in.frames[bottom].sp
			in.frames = in.frames[:bottom]
		}
	}()
	if err := in.push(fn, args); err != nil {
		return 0, err
	}
	fr := &in.frames[len(in.frames)-1]
	r := in.regs[fr.base : fr.base+len(fn.template)]
	block := 0
	code := fn.blocks[0].code
	pc := 0
	for {
		if in.steps--; in.steps < 0 {
			return 0, ErrStepLimit
		}
		ins := &code[pc]
		pc++
		switch ins.op {
		case OpAdd:
			r[ins.dst] = ins.typ.Truncate(r[ins.a] + r[ins.b])
		case OpSub:
			r[ins.dst] = ins.typ.Truncate(r[ins.a] - r[ins.b])
		case OpMul:
			r[ins.dst] = ins.typ.Truncate(r[ins.a] * r[ins.b])
		case OpAnd:
			r[ins.dst] = r[ins.a] & r[ins.b]
		case OpOr:
			r[ins.dst] = r[ins.a] | r[ins.b]
		case OpXor:
			r[ins.dst] = r[ins.a] ^ r[ins.b]
		case OpSDiv, OpSRem, OpUDiv, OpURem, OpShl, OpAShr, OpLShr:
			x, err := interpArith(ins.op, ins.typ, r[ins.a], r[ins.b])
			if err != nil {
				return 0, in.undefined(fn, ins, err)
			}
			r[ins.dst] = x
		case OpICmp:
			if icmpReference(ins.pred, ins.argType, r[ins.a], r[ins.b]) {
				r[ins.dst] = -1
			} else {
				r[ins.dst] = 0
			}
		case OpSelect:
			if r[ins.a]&1 != 0 {
				r[ins.dst] = r[ins.b]
			} else {
				r[ins.dst] = r[ins.c]
			}
		case OpZExt:
			r[ins.dst] = ins.typ.Truncate(int64(interpUnsigned(ins.argType, r[ins.a])))
		case OpSExt, OpTrunc:
			r[ins.dst] = ins.typ.Truncate(r[ins.a]) // canonical values are already sign-extended
		case OpGEP:
			r[ins.dst] = r[ins.a] + r[ins.b]*ins.imm
		case OpLoad:
			x, err := in.mem.Load(ins.typ, r[ins.a])
			if err != nil {
				return 0, in.undefined(fn, ins, err)
			}
			r[ins.dst] = x
		case OpStore:
			if err := in.mem.Store(ins.argType, r[ins.b], r[ins.a]); err != nil {
				return 0, in.undefined(fn, ins, err)
			}
		case OpAlloca:
			a, err := in.mem.alloca(ins.imm)
			if err != nil {
				return 0, err
			}
			r[ins.dst] = a
		case OpCall:
			args := in.argBuf[:0]
			for _, a := range ins.args {
				args = append(args, r[a])
			}
			in.argBuf = args
			callee := ins.callee
			if callee.IsDecl() {
				x, err := in.callDecl(callee, args)
				if err != nil {
					return 0, err
				}
				// An External hook may have called back into the
				// interpreter, moving the frames and registers.
				fr = &in.frames[len(in.frames)-1]
				r = in.regs[fr.base : fr.base+len(fn.template)]
				if ins.typ != Void {
					r[ins.dst] = ins.typ.Truncate(x)
				}
				break
			}
			cfn, err := in.funcFor(callee)
			if err != nil {
				return 0, err
			}
			fr.block, fr.pc = block, pc
			if err := in.push(cfn, args); err != nil {
				return 0, err
			}
			fr = &in.frames[len(in.frames)-1]
			fn = cfn
			r = in.regs[fr.base : fr.base+len(fn.template)]
			block, pc = 0, 0
			code = fn.blocks[0].code
		case OpRet:
			var x int64
			if ins.imm > 0 {
				x = r[ins.a]
			}
			in.mem.sp = fr.sp
			in.frames = in.frames[:len(in.frames)-1]
			if len(in.frames) == bottom {
				return x, nil
			}
			fr = &in.frames[len(in.frames)-1]
			fn = fr.fn
			r = in.regs[fr.base : fr.base+len(fn.template)]
			block, pc = fr.block, fr.pc
			code = fn.blocks[block].code
			if call := &code[pc-1]; call.typ != Void {
				r[call.dst] = call.typ.Truncate(x)
			}
		case OpBr, OpCondBr:
			e := &ins.edges[0]
			if ins.op == OpCondBr && r[ins.a]&1 == 0 {
				e = &ins.edges[1]
			}
			if err := in.arrive(fn, r, block, e); err != nil {
				return 0, err
			}
			block, pc = e.block, 0
			code = fn.blocks[block].code
		case OpSwitch:
			e := &ins.edges[ins.cases[ins.argType.Truncate(r[ins.a])]]
			if err := in.arrive(fn, r, block, e); err != nil {
				return 0, err
			}
			block, pc = e.block, 0
			code = fn.blocks[block].code
		case OpUnreachable:
			return 0, in.undefined(fn, ins, fmt.Errorf("%w: unreachable reached", ErrUndefined))
		default:
			return 0, fmt.Errorf("@%s: cannot interpret %s", fn.f.Name, ins.v.LongString())
		}
	}
}

// arrive gives the φs of e's block their values for the edge from block
// from: all read their operands, then all are written.
func (in *Interpreter) arrive(fn *interpFunc, r []int64, from int, e *interpEdge) error {
	if e.err != nil {
		return e.err
	}
	switch moves := e.moves; len(moves) {
	case 0:
		return nil
	case 1:
		r[moves[0].dst] = r[moves[0].src]
	default:
		vals := in.phiBuf[:0]
		for _, m := range moves {
			vals = append(vals, r[m.src])
		}
		in.phiBuf = vals
		for i, m := range moves {
			r[m.dst] = vals[i]
		}
	}
	if in.opts.OnPhi != nil {
		to := fn.blocks[e.block].b
		phis := to.Phis()
		for i, m := range e.moves {
			fn.visits[m.phi]++
			in.opts.OnPhi(PhiArrival{Func: fn.f, Phi: phis[i], Visit: fn.visits[m.phi], From: fn.blocks[from].b, Value: r[m.dst]})
		}
	}
	return nil
}

// undefined is err, which wraps ErrUndefined, said of ins.
func (in *Interpreter) undefined(fn *interpFunc, ins *interpInstr, err error) error {
	return fmt.Errorf("%w (in @%s: %s)", err, fn.f.Name, ins.v.LongString())
}

// interpArith computes the binary operations that can be undefined:
// division and remainder (by zero, or signed MIN by -1) and shifts (by the width
// or more, which LLVM makes poison).
func interpArith(op Op, t Type, x, y int64) (int64, error) {
	switch op {
	case OpSDiv, OpSRem:
		minimum := t.Truncate(int64(1) << (t.Bits() - 1))
		if y == 0 || (x == minimum && y == -1) {
			return 0, ErrUndefined
		}
		if op == OpSDiv {
			return t.Truncate(x / y), nil
		}
		return t.Truncate(x % y), nil
	case OpUDiv, OpURem:
		ux, uy := interpUnsigned(t, x), interpUnsigned(t, y)
		if uy == 0 {
			return 0, ErrUndefined
		}
		if op == OpUDiv {
			return t.Truncate(int64(ux / uy)), nil
		}
		return t.Truncate(int64(ux % uy)), nil
	}
	n := interpUnsigned(t, y)
	if n >= uint64(t.Bits()) {
		return 0, ErrUndefined
	}
	switch op {
	case OpShl:
		return t.Truncate(x << n), nil
	case OpAShr:
		return t.Truncate(x >> n), nil
	}
	return t.Truncate(int64(interpUnsigned(t, x) >> n)), nil
}

// interpUnsigned is v's bit pattern as an unsigned number of t's width.
func interpUnsigned(t Type, v int64) uint64 {
	if t.Bits() == 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<t.Bits() - 1)
}

// icmpReference evaluates an icmp from a table of which orderings each
// predicate accepts, and whether it orders signed or unsigned: a second
// formulation, apart from ConstFold's switch, that the interpreter runs and
// the folding tests check ConstFold against.
func icmpReference(p Pred, t Type, x, y int64) bool {
	truth := icmpTruth[p]
	if truth.unsigned {
		ux, uy := interpUnsigned(t, x), interpUnsigned(t, y)
		return ux < uy && truth.lt || ux == uy && truth.eq || ux > uy && truth.gt
	}
	return x < y && truth.lt || x == y && truth.eq || x > y && truth.gt
}

var icmpTruth = [...]struct{ unsigned, lt, eq, gt bool }{
	PredEQ: {eq: true}, PredNE: {lt: true, gt: true},
	PredSLT: {lt: true}, PredSLE: {lt: true, eq: true}, PredSGT: {gt: true}, PredSGE: {gt: true, eq: true},
	PredULT: {true, true, false, false}, PredULE: {true, true, true, false},
	PredUGT: {true, false, false, true}, PredUGE: {true, false, true, true},
}
