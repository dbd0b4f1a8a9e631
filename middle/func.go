package middle

import (
	"slices"
	"sync"

	"toyc/middle/diag"
)

// Func is a function definition, or a declaration when Blocks is empty.
type Func struct {
	Name   string
	Params []*Value // OpParam values, named; nil once released
	Result Type
	// released and snapDefined (release.go), and TailLoops, sit by
	// Result, in its padding.
	released    bool     // the body was dropped after compilation
	snapDefined bool     // defined when the module's definitions were last recorded
	TailLoops   bool     // see Inlines
	Blocks      []*Block // Blocks[0] is the entry block
	Module      *Module

	// Inlines is the tree of the calls inlined into the function, which
	// Value.Inlined indexes (entry 0 stands for the function itself and is
	// never used); TailLoops says that TailRecursion turned calls of the
	// function by itself into a loop. Both are for the runtime's traces.
	Inlines []InlineSite
	// Decl is the position of the function's declaration in the source,
	// when the frontend made the function (zero for .ll input).
	Decl diag.Pos
	// Debug describes the source variables and scopes, for -g (nil for
	// .ll input).
	Debug *FuncDebug

	// The next IDs, 32 bits each: with the body's slab apart, a Func
	// (which every function of a streamed program keeps to its end) fits
	// in 256 bytes rather than 384.
	nextValueID int32
	nextBlockID int32
	names       *nameTable // shared by values and blocks
	consts      map[constKey]*Value
	globals     map[string]*Value // GlobalAddr's operands, one per name
	// sig holds the parameters' types, a byte each: the signature calls
	// are checked against, which outlives Params (release.go).
	sig     string
	build   func(*Func) error // the deferred body (lazy.go)
	symbols *bodySymbols      // what the body's build refers to, until Commit (lazy.go)
	facts   *BodyFacts        // what the deferred body does to the module (summary.go)
	// thawDebug reads a thawed body's debugging facts, on the first
	// inlining of it (freeze.go): most bodies thawed are not inlined.
	thawDebug func() *FuncDebug
	// pending holds φ arguments given (Value.AddIncoming) for edges not
	// made yet, such as a loop's back edge while its body is built; each
	// takes its place when its edge is made (Block.AddEdgeTo).
	pending []pendingArg
	// cfgEpoch advances with every change to an edge; cache holds the
	// analyses computed at some epoch (analysis.go).
	cfgEpoch uint64
	cache    *cachedAnalyses
	// slab is where the values of the body are cut from (valueslab.go),
	// made with the body's first value or block.
	slab *valueSlab
}

// pendingArg is the argument val of phi for the coming edge from pred.
type pendingArg struct {
	phi, val *Value
	pred     *Block
}

type constKey struct {
	t Type
	c int64
}

// IsDecl reports whether f only declares an external function (a
// function whose body was released is still a definition).
func (f *Func) IsDecl() bool { return len(f.Blocks) == 0 && !f.released && f.build == nil }

// Entry returns the entry block.
func (f *Func) Entry() *Block { return f.Blocks[0] }

// NumValues is one more than the largest value ID in f: the length of a
// side table indexed by Value.ID.
func (f *Func) NumValues() int { return int(f.nextValueID) }

// NumBlocks is one more than the largest block ID in f.
func (f *Func) NumBlocks() int { return int(f.nextBlockID) }

// UniqueName returns base if no value or block of f is named so yet, else
// base.1, base.2, ..., so that dumps keep the source's variable names. The
// returned name is reserved.
func (f *Func) UniqueName(base string) string {
	if base == "" {
		base = "t"
	}
	return f.nameTable().unique(base)
}

// ReserveName claims an exact name read from input; it reports false when
// the name is already taken.
func (f *Func) ReserveName(name string) bool {
	return f.nameTable().claim(name)
}

// nameTable returns f's table of names, made when first needed and made
// again from the names f holds after it was dropped: a deferred body's
// table is dropped once its parameters are named (DeferBody), because
// tens of thousands of functions waiting to be built would otherwise
// each keep a map for a few names.
func (f *Func) nameTable() *nameTable {
	if f.names == nil {
		// Room for a body's distinct hints (about 32 in a function of
		// the generated benchmark), so that building it does not regrow
		// the map three times.
		f.names = newNameTable(48)
		for _, p := range f.Params {
			f.names.claim(p.Name)
		}
		for _, b := range f.Blocks {
			f.names.claim(b.Name)
			for _, v := range b.Instrs {
				if v.Name != "" {
					f.names.claim(v.Name)
				}
			}
		}
	}
	return f.names
}

// NewValue makes a value that belongs to no block yet, with a fresh ID and,
// when it has a result, a unique name derived from nameHint.
func (f *Func) NewValue(op Op, t Type, nameHint string, args ...*Value) *Value {
	return f.initValue(f.bodySlab().value(args), op, t, nameHint)
}

// initValue gives v, new, its ID, op, type and name.
func (f *Func) initValue(v *Value, op Op, t Type, nameHint string) *Value {
	v.ID, v.Op, v.Type = int(f.nextValueID), op, t
	f.nextValueID++
	if t != Void && !op.IsOperand() {
		v.Name = f.UniqueName(nameHint)
	}
	return v
}

// bodySlab returns f's slab, made on first use.
func (f *Func) bodySlab() *valueSlab {
	if f.slab == nil {
		f.slab = new(valueSlab)
	}
	return f.slab
}

// NewBlock appends a new empty block named after nameHint.
func (f *Func) NewBlock(nameHint string) *Block {
	b := f.bodySlab().block()
	b.ID, b.Name, b.Func = int(f.nextBlockID), f.UniqueName(nameHint), f
	f.nextBlockID++
	f.Blocks = append(f.Blocks, b)
	return b
}

// AddParam appends a parameter.
func (f *Func) AddParam(t Type, name string) *Value {
	// Not from the slab (valueslab.go): the parameters outlive the body,
	// whose slabs go to other bodies when it is released.
	p := f.initValue(&Value{}, OpParam, t, "")
	p.Name = f.paramName(name)
	f.appendParam(p)
	return p
}

// appendParam appends p, an OpParam value of f, to the parameters.
func (f *Func) appendParam(p *Value) {
	p.Index = len(f.Params)
	f.Params = append(f.Params, p)
	f.sig += string([]byte{byte(p.Type)})
}

// NumParams is the number of f's parameters, released or not.
func (f *Func) NumParams() int { return len(f.sig) }

// ParamType is the type of f's i-th parameter, released or not.
func (f *Func) ParamType(i int) Type { return Type(f.sig[i]) }

// paramName is UniqueName(name) for a parameter, without making the name
// table while f is only a declaration: a table made from the parameters
// alone holds their names with no suffix handed out, so name is free in
// it exactly when no parameter has it. (Made for every function of a
// streamed module, whose bodies come later, the tables were a fifth of
// the time before the first function could be compiled.)
func (f *Func) paramName(name string) string {
	// Past a few parameters, the table is made after all: comparing each
	// name with every parameter before it took a function of 10,000
	// parameters 0.15 s.
	if f.names != nil || len(f.Blocks) > 0 || name == "" || len(f.Params) > 32 {
		return f.UniqueName(name)
	}
	for _, q := range f.Params {
		if q.Name == name {
			return f.UniqueName(name)
		}
	}
	return name
}

// constTables keeps released functions' tables of constants, emptied, for
// the next functions' (ReleaseCode, scratch.go).
var constTables sync.Pool

// Const returns the constant c of type t, shared by all its uses in f.
func (f *Func) Const(t Type, c int64) *Value {
	c = t.Truncate(c)
	k := constKey{t, c}
	if v, ok := f.consts[k]; ok {
		return v
	}
	if f.consts == nil {
		f.consts, _ = constTables.Get().(map[constKey]*Value)
		if f.consts == nil {
			f.consts = make(map[constKey]*Value)
		}
	}
	v := f.NewValue(OpConst, t, "")
	v.Const = c
	f.consts[k] = v
	return v
}

// Bool returns the i1 constant for b.
func (f *Func) Bool(b bool) *Value {
	if b {
		return f.Const(I1, 1)
	}
	return f.Const(I1, 0)
}

// Undef returns an undef operand of type t.
func (f *Func) Undef(t Type) *Value { return f.NewValue(OpUndef, t, "") }

// GlobalAddr returns an operand holding the address of the global or
// function named sym, shared by all its uses in f as constants are: an
// address compared by identity (the backend's read-modify-write of
// `g += 1`, memory operands) is the same wherever the global is named,
// also after inlining has brought in a callee's uses of it.
func (f *Func) GlobalAddr(sym string) *Value {
	if v, ok := f.globals[sym]; ok {
		return v
	}
	if f.globals == nil {
		f.globals = make(map[string]*Value)
	}
	v := f.NewValue(OpGlobal, Ptr, "")
	v.Sym = sym
	f.globals[sym] = v
	return v
}

// RemoveBlocks deletes the blocks for which drop returns true (never the
// entry) with their exits, and so the predecessor entries and φ arguments
// those had in surviving blocks, which keep the order of the rest: one
// pass over each block that loses entries, however many it loses. No
// surviving block may branch to a deleted one.
func (f *Func) RemoveBlocks(drop func(*Block) bool) {
	dead := make([]bool, f.nextBlockID)
	var gone, losing []*Block
	n := 0
	for _, b := range f.Blocks {
		if drop(b) && b != f.Blocks[0] {
			dead[b.ID] = true
			gone = append(gone, b)
			continue
		}
		f.Blocks[n] = b
		n++
	}
	for _, b := range gone {
		for _, e := range b.Succs {
			if s := e.b; !dead[s.ID] && (len(losing) == 0 || losing[len(losing)-1] != s) {
				losing = append(losing, s)
			}
		}
	}
	for _, s := range losing {
		s.removePredsIf(func(p *Block) bool { return dead[p.ID] })
	}
	for _, b := range gone {
		b.Succs, b.Preds = nil, nil
	}
	clear(f.Blocks[n:])
	f.Blocks = f.Blocks[:n]
}

// ReplaceUses rewrites every operand v of an instruction in f to repl[v.ID]
// where that is non-nil, following chains (a replaced by b, b by c) so one
// sweep suffices for a whole pass's worth of replacements.
func (f *Func) ReplaceUses(repl []*Value) {
	// Most passes call this whether or not they replaced anything. The
	// sweep reads every operand's ID, a cache miss each in a function
	// larger than the cache, where the test is a walk over one dense
	// slice.
	if !slices.ContainsFunc(repl, func(r *Value) bool { return r != nil }) {
		return
	}
	resolve := func(v *Value) *Value {
		for v.ID < len(repl) && repl[v.ID] != nil && repl[v.ID] != v {
			v = repl[v.ID]
		}
		return v
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			for i, a := range v.Args {
				// Written only where it changes: most operands do not,
				// and a pointer store is a write barrier while the
				// collector marks.
				if r := resolve(a); r != a {
					v.Args[i] = r
				}
			}
		}
	}
	f.tracking().replaced(repl, resolve)
}

// Pos returns the position of the first instruction of f that has one, for
// diagnostics about the whole function.
func (f *Func) Pos() diag.Pos {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Pos.IsValid() {
				return v.Pos
			}
		}
	}
	return diag.Pos{}
}
