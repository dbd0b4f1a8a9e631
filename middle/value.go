package middle

import "toyc/middle/diag"

// Value is an instruction, or an operand that lives outside blocks
// (constant, undef, global address, parameter). Which fields mean something
// depends on Op; see the comments on the Op constants.
type Value struct {
	ID   int // dense and unique within the function, for side tables
	Op   Op
	Type Type // result type; Void for store, terminators and void calls
	Pred Pred // OpICmp
	Elem Type // OpAlloca: the slot's type; OpGEP: the element type

	// Invariant marks an OpLoad of memory that holds the same value
	// wherever it can be read (LLVM's !invariant.load), such as an array's
	// length header: loads of it from one address are interchangeable.
	// toyc gives the mark one more meaning than LLVM does: the memory is
	// readable wherever the address can be computed (every Toy array value
	// has its header, the empty array included), so such a load may be
	// hoisted out of a loop whose body might not run.
	Invariant bool

	// Inlined says through which inlined calls the instruction came into
	// its function: an index into Func.Inlines, 0 for an instruction of
	// the function's own body (see InlineSite). It fills the padding after
	// the one-byte fields, so a Value stays 112 bytes.
	Inlined uint16

	Name  string // without the %; unique within the function; "" when Type is Void
	Args  []*Value
	Block *Block // the block holding the instruction; nil for operands

	Const int64  // OpConst, in the canonical form of Type.Truncate
	Sym   string // OpGlobal: the global's name; OpCall: the callee
	Index int    // OpParam: the parameter's position

	Pos diag.Pos // the source construct the instruction comes from
}

// The one-byte fields come first, together, so that a Value takes 112
// bytes (a Go size class) instead of 128: a large function has millions.

// SetOrigin gives v, made in o's place, o's position and inline site: a
// pass that copies the one copies the other, or the debugging information
// and the runtime's traces put v in another call's frame (a loop test of an
// inlined call shown in the caller's, seed 5508775 of TestDebugDifferential).
func (v *Value) SetOrigin(o *Value) { v.Pos, v.Inlined = o.Pos, o.Inlined }

// IsConst reports whether v is the integer constant c.
func (v *Value) IsConst(c int64) bool { return v.Op == OpConst && v.Const == v.Type.Truncate(c) }

// HasResult reports whether v defines a value other instructions can use.
func (v *Value) HasResult() bool { return v.Type != Void }

// Callee returns the function a call calls, or nil when the module does not
// define or declare it.
func (v *Value) Callee() *Func {
	if v.Block == nil {
		return nil
	}
	return v.Block.Func.Module.Func(v.Sym)
}

// AddIncoming gives the φ v the value val for an edge from pred: the first
// of its block's predecessor entries from pred that has no argument yet,
// or, when there is none, the next edge made from pred to the block (a
// loop's back edge, built after its header's φs). Frontends and tests
// build φs this way, in any order; passes index Args by predecessor
// instead (Value.AddArg).
func (v *Value) AddIncoming(val *Value, pred *Block) {
	b := v.Block
	v.growArgs()
	for j, e := range b.Preds {
		if e.b == pred && v.Args[j] == nil {
			v.Args[j] = val
			return
		}
	}
	b.Func.pending = append(b.Func.pending, pendingArg{v, val, pred})
}

// growArgs extends the φ v under construction to one argument slot (nil
// while unknown) per predecessor entry of its block.
func (v *Value) growArgs() {
	for len(v.Args) < len(v.Block.Preds) {
		v.Args = append(v.Args, nil)
	}
}

// placePending gives the new edge j into c, from b, the arguments waiting
// for it.
func (f *Func) placePending(b, c *Block, j int) {
	n := 0
	for _, p := range f.pending {
		if p.pred == b && p.phi.Block == c && (len(p.phi.Args) <= j || p.phi.Args[j] == nil) {
			p.phi.growArgs()
			p.phi.Args[j] = p.val
			continue
		}
		f.pending[n] = p
		n++
	}
	clear(f.pending[n:])
	f.pending = f.pending[:n]
}

// AddArg appends an argument to v: for a φ, the value for its block's
// newest predecessor edge (Block.AddEdgeTo, RedirectSucc).
func (v *Value) AddArg(a *Value) { v.Args = append(v.Args, a) }

// IncomingFor returns the φ's value for the (first) edge from pred, or
// nil. It searches the shorter of pred's exits and the φ block's
// predecessors, so that asking a join of a thousand arms about each arm,
// or a block about each of a switch's thousand exits, stays linear.
func (v *Value) IncomingFor(pred *Block) *Value {
	j := -1
	if b := v.Block; len(pred.Succs) < len(b.Preds) {
		if i := pred.SuccIndex(b); i >= 0 {
			j = pred.Succs[i].i
		}
	} else {
		j = b.PredIndex(pred)
	}
	if j < 0 || j >= len(v.Args) {
		return nil
	}
	return v.Args[j]
}

// HasSideEffects reports whether removing v could change what the program
// does even when its result is unused. Division does not trap in this IR
// (the frontend guards it), but LLVM makes sdiv by zero undefined behaviour,
// so it stays where the guard put it: code motion checks CanTrap separately.
func (v *Value) HasSideEffects() bool {
	switch v.Op {
	case OpStore, OpCall:
		return true
	}
	return v.Op.IsTerminator()
}

// CanTrap reports whether executing v where its guard does not hold would be
// undefined: division by a possibly zero (or, signed, -1) divisor, and
// loads.
func (v *Value) CanTrap() bool {
	switch v.Op {
	case OpSDiv, OpSRem:
		d := v.Args[1]
		return d.Op != OpConst || d.Const == 0 || d.Const == -1
	case OpUDiv, OpURem:
		d := v.Args[1]
		return d.Op != OpConst || d.Const == 0
	case OpLoad, OpStore, OpCall:
		return true
	}
	return false
}
