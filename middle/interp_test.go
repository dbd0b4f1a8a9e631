package middle

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"testing"
)

// A small interpreter of the IR, the oracle of the pass tests: a pass is
// right on a program when the program computes the same result, and makes
// the same external calls with the same arguments, before and after it.
//
// It is written apart from constfold on purpose — the arithmetic below
// follows the LLVM Language Reference directly — so that a folding mistake
// shows up as a difference instead of being shared by both sides.
//
// Memory is a flat little-endian byte array; a pointer is an offset in it.
// Globals sit at the bottom, allocas are bump-allocated above them and freed
// when their function returns, and start zeroed, so that a load of a never
// stored slot reads 0 — the interpreter's choice for undef as well, which
// keeps "load before store" comparable with mem2reg's undef.
//
// Executing something LLVM leaves undefined (division by zero, MIN/-1,
// shifting by the width or more, a memory access out of bounds, reaching
// unreachable) stops with errUB; running out of steps stops with
// errBudget. Tests skip a program whose original run stops either way: a
// pass may remove undefined behaviour but never add it. Using an SSA value
// that has not been computed in the current activation is an internal
// error, as it means the pass broke dominance.

var (
	errUB     = errors.New("undefined behaviour")
	errBudget = errors.New("step budget exhausted")
)

type interp struct {
	m       *Module
	mem     []byte
	sp      int64 // next free stack byte
	globals map[string]int64
	steps   int
	trace   []int64 // arguments of external calls, in order
}

const interpMemory = 1 << 16

func newInterp(m *Module, budget int) *interp {
	in := &interp{m: m, mem: make([]byte, interpMemory), globals: map[string]int64{}, steps: budget, sp: 8}
	for _, g := range m.Globals {
		in.globals[g.Name] = in.sp
		if g.Bytes != nil {
			copy(in.mem[in.sp:], g.Bytes)
			in.sp += int64(len(g.Bytes))
		} else {
			in.store(g.Type, in.sp, g.Init)
			in.sp += 8
		}
		in.sp = (in.sp + 7) &^ 7
	}
	return in
}

// run calls the function named name with args and returns its result, the
// trace of external calls, and errUB, errBudget or an internal error.
func (in *interp) run(name string, args ...int64) (int64, error) {
	f := in.m.Func(name)
	if f == nil {
		return 0, fmt.Errorf("no function @%s", name)
	}
	return in.call(f, args)
}

func (in *interp) load(t Type, addr int64) (int64, error) {
	if addr <= 0 || addr+int64(t.Size()) > int64(len(in.mem)) {
		return 0, errUB
	}
	var raw uint64
	switch t.Size() {
	case 1:
		raw = uint64(in.mem[addr])
	case 4:
		raw = uint64(binary.LittleEndian.Uint32(in.mem[addr:]))
	case 8:
		raw = binary.LittleEndian.Uint64(in.mem[addr:])
	}
	return t.Truncate(int64(raw)), nil
}

func (in *interp) store(t Type, addr, v int64) error {
	if addr <= 0 || addr+int64(t.Size()) > int64(len(in.mem)) {
		return errUB
	}
	switch t.Size() {
	case 1:
		in.mem[addr] = byte(v)
	case 4:
		binary.LittleEndian.PutUint32(in.mem[addr:], uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(in.mem[addr:], uint64(v))
	}
	return nil
}

// external runs a call to a function the module only declares: @sink(x)
// records x; @escape(p) records the i64 at p and overwrites it with 3*x+1,
// as a callee that was handed a slot's address may.
func (in *interp) external(name string, args []int64) (int64, error) {
	switch name {
	case "sink":
		in.trace = append(in.trace, args...)
		return 0, nil
	case "escape":
		x, err := in.load(I64, args[0])
		if err != nil {
			return 0, err
		}
		in.trace = append(in.trace, x)
		return 0, in.store(I64, args[0], 3*x+1)
	}
	return 0, fmt.Errorf("call of unknown external @%s", name)
}

func (in *interp) call(f *Func, args []int64) (int64, error) {
	if f.IsDecl() {
		return in.external(f.Name, args)
	}
	vals := make([]int64, f.NumValues())
	defined := make([]bool, f.NumValues())
	frame := in.sp
	defer func() { in.sp = frame }()
	operand := func(v *Value) (int64, error) {
		switch v.Op {
		case OpConst:
			return v.Const, nil
		case OpUndef:
			return 0, nil
		case OpParam:
			return args[v.Index], nil
		case OpGlobal:
			if a, ok := in.globals[v.Sym]; ok {
				return a, nil
			}
			return 0, fmt.Errorf("address of unknown global @%s", v.Sym)
		}
		if v.ID >= len(defined) || !defined[v.ID] {
			return 0, fmt.Errorf("@%s: %s used before it is computed", f.Name, v)
		}
		return vals[v.ID], nil
	}
	var prev *Block
	b := f.Entry()
	for {
		// φs read their operands in parallel, on the edge taken.
		phis := b.Phis()
		phiVals := make([]int64, len(phis))
		for i, phi := range phis {
			a := phi.IncomingFor(prev)
			if a == nil {
				return 0, fmt.Errorf("@%s: %s has no entry for %v", f.Name, phi.Name, prev)
			}
			x, err := operand(a)
			if err != nil {
				return 0, err
			}
			phiVals[i] = x
		}
		for i, phi := range phis {
			vals[phi.ID], defined[phi.ID] = phiVals[i], true
		}
		for _, v := range b.Instrs[len(phis):] {
			if in.steps--; in.steps < 0 {
				return 0, errBudget
			}
			ops := make([]int64, len(v.Args))
			for i, a := range v.Args {
				x, err := operand(a)
				if err != nil {
					return 0, err
				}
				ops[i] = x
			}
			var r int64
			var err error
			switch v.Op {
			case OpBr:
				prev, b = b, v.Targets[0]
			case OpCondBr:
				prev, b = b, v.Targets[1]
				if ops[0]&1 != 0 {
					b = v.Targets[0]
				}
			case OpRet:
				if len(ops) == 0 {
					return 0, nil
				}
				return ops[0], nil
			case OpUnreachable:
				return 0, errUB
			case OpAlloca:
				r = in.sp
				size := (int64(v.Elem.Size()) + 7) &^ 7
				if in.sp+size > int64(len(in.mem)) {
					return 0, errUB
				}
				clear(in.mem[in.sp : in.sp+size])
				in.sp += size
			case OpLoad:
				r, err = in.load(v.Type, ops[0])
			case OpStore:
				err = in.store(v.Args[0].Type, ops[1], ops[0])
			case OpGEP:
				r = ops[0] + ops[1]*int64(v.Elem.Size())
			case OpCall:
				callee := in.m.Func(v.Sym)
				if callee == nil {
					return 0, fmt.Errorf("call of unknown @%s", v.Sym)
				}
				r, err = in.call(callee, ops)
			default:
				r, err = evalInstr(v, ops)
			}
			if err != nil {
				return 0, err
			}
			if v.Op.IsTerminator() {
				break
			}
			if v.HasResult() {
				vals[v.ID], defined[v.ID] = v.Type.Truncate(r), true
			}
		}
	}
}

// unsigned is v's bit pattern as an unsigned number of t's width.
func unsigned(t Type, v int64) uint64 {
	if t.Bits() == 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<t.Bits() - 1)
}

// evalInstr computes an arithmetic, comparison, select or cast instruction.
func evalInstr(v *Value, ops []int64) (int64, error) {
	t := v.Type
	if len(v.Args) > 0 {
		t = v.Args[0].Type
	}
	switch v.Op {
	case OpAdd:
		return ops[0] + ops[1], nil
	case OpSub:
		return ops[0] - ops[1], nil
	case OpMul:
		return ops[0] * ops[1], nil
	case OpSDiv, OpSRem:
		minimum := t.Truncate(int64(1) << (t.Bits() - 1))
		if ops[1] == 0 || (ops[0] == minimum && ops[1] == -1) {
			return 0, errUB
		}
		if v.Op == OpSDiv {
			return ops[0] / ops[1], nil
		}
		return ops[0] % ops[1], nil
	case OpAnd:
		return ops[0] & ops[1], nil
	case OpOr:
		return ops[0] | ops[1], nil
	case OpXor:
		return ops[0] ^ ops[1], nil
	case OpShl, OpAShr, OpLShr:
		n := unsigned(t, ops[1])
		if n >= uint64(t.Bits()) {
			return 0, errUB // poison in LLVM
		}
		switch v.Op {
		case OpShl:
			return ops[0] << n, nil
		case OpAShr:
			return ops[0] >> n, nil
		}
		return int64(unsigned(t, ops[0]) >> n), nil
	case OpICmp:
		r := icmpReference(v.Pred, t, ops[0], ops[1])
		if r {
			return -1, nil
		}
		return 0, nil
	case OpSelect:
		if ops[0]&1 != 0 {
			return ops[1], nil
		}
		return ops[2], nil
	case OpZExt:
		return int64(unsigned(t, ops[0])), nil
	case OpSExt, OpTrunc:
		return ops[0], nil // canonical values are already sign-extended
	}
	return 0, fmt.Errorf("cannot interpret %s", v.LongString())
}

// compareRuns is the oracle: for every argument vector it runs the function
// named name in m, applies pass to every function, and runs it again; it
// fails the test when a clean original run and the transformed run differ in
// result, trace or cleanliness, or when a transformed function fails the
// verifier. It reports how many runs were compared.
func compareRuns(t *testing.T, m *Module, name string, inputs [][]int64, budget int, pass func(*Func)) int {
	t.Helper()
	type outcome struct {
		result int64
		trace  []int64
		err    error
	}
	runAll := func() []outcome {
		var outs []outcome
		for _, args := range inputs {
			in := newInterp(m, budget)
			r, err := in.run(name, args...)
			outs = append(outs, outcome{r, in.trace, err})
		}
		return outs
	}
	before := m.String()
	want := runAll()
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			pass(f)
			if err := Verify(f); err != nil {
				t.Fatalf("before:\n%s\nafter:\n%s\n%v", before, f, err)
			}
		}
	}
	got := runAll()
	compared := 0
	for i, w := range want {
		if w.err == errUB || w.err == errBudget {
			continue
		}
		if w.err != nil {
			t.Fatalf("%s\noriginal run on %v: %v", before, inputs[i], w.err)
		}
		g := got[i]
		if g.err != nil || g.result != w.result || fmt.Sprint(g.trace) != fmt.Sprint(w.trace) {
			t.Fatalf("before:\n%s\nafter:\n%s\non %v: got %d %v (%v), want %d %v",
				before, m, inputs[i], g.result, g.trace, g.err, w.result, w.trace)
		}
		compared++
	}
	return compared
}

// checkPreservesSemantics is the oracle over many programs: 1,500 random
// slot programs from seed, each transformed by the pipeline chosen for its
// index (so one test can mix pipelines), each compared run by run. It fails
// when fewer than a third of the runs could be compared, which would mean
// the generator makes mostly programs that loop or trap.
func checkPreservesSemantics(t *testing.T, seed int64, pipeline func(program int) func(*Func)) {
	t.Helper()
	const programs = 1500
	rng := rand.New(rand.NewSource(seed))
	compared := 0
	for i := range programs {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		compared += compareRuns(t, m, "main", progInputs, 3000, pipeline(i))
	}
	if compared < programs*len(progInputs)/3 {
		t.Errorf("only %d of %d runs compared", compared, programs*len(progInputs))
	}
}

// icmpReference evaluates an icmp from a table of which orderings each
// predicate accepts, and whether it orders signed or unsigned: a second
// formulation that the interpreter and the folding tests check ConstFold's
// switch against.
func icmpReference(p Pred, t Type, x, y int64) bool {
	truth := [...]struct{ unsigned, lt, eq, gt bool }{
		PredEQ: {eq: true}, PredNE: {lt: true, gt: true},
		PredSLT: {lt: true}, PredSLE: {lt: true, eq: true}, PredSGT: {gt: true}, PredSGE: {gt: true, eq: true},
		PredULT: {true, true, false, false}, PredULE: {true, true, true, false},
		PredUGT: {true, false, false, true}, PredUGE: {true, false, true, true},
	}[p]
	if truth.unsigned {
		ux, uy := unsigned(t, x), unsigned(t, y)
		return ux < uy && truth.lt || ux == uy && truth.eq || ux > uy && truth.gt
	}
	return x < y && truth.lt || x == y && truth.eq || x > y && truth.gt
}
