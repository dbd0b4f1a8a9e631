package middle

import "toyc/middle/diag"

// Builder appends instructions to a current block, stamping each with the
// current source position: the frontend's lowering and the tests use it the
// way LLVM's IRBuilder is used.
//
//	f := m.NewFunc("count_to", middle.I64)
//	n := f.AddParam(middle.I64, "n")
//	b := middle.NewBuilder(f)
//	b.SetBlock(f.NewBlock("entry"))
//	slot := b.Alloca(middle.I64, "i")
//	b.Store(f.Const(middle.I64, 0), slot)
//	...
//	b.Ret(b.Load(middle.I64, slot, "i"))
type Builder struct {
	Func  *Func
	Block *Block
	Pos   diag.Pos
	// Inlined is the inline site later instructions are stamped with
	// (Value.Inlined), 0 for the function's own code: a pass that builds
	// code in place of an inlined call's instruction must keep it in that
	// call, or the debugging information puts it in the caller's frame.
	Inlined uint16

	allocas int // length of the run of allocas at the top of the entry block
}

// NewBuilder returns a builder for f with no current block.
func NewBuilder(f *Func) *Builder { return &Builder{Func: f} }

// SetBlock makes later instructions go to the end of b.
func (b *Builder) SetBlock(blk *Block) { b.Block = blk }

// SetPos stamps later instructions with pos.
func (b *Builder) SetPos(pos diag.Pos) { b.Pos = pos }

// SetOrigin stamps later instructions with v's position and inline site,
// for code a pass builds in v's place.
func (b *Builder) SetOrigin(v *Value) { b.Pos, b.Inlined = v.Pos, v.Inlined }

// Terminated reports whether the current block already has its terminator,
// so code after a return or break needs a fresh block.
func (b *Builder) Terminated() bool { return b.Block.Term() != nil }

func (b *Builder) emit(op Op, t Type, name string, args ...*Value) *Value {
	v := b.Func.NewValue(op, t, name, args...)
	v.Pos, v.Inlined = b.Pos, b.Inlined
	b.Block.Append(v)
	return v
}

// Binary emits x op y for one of the binary integer ops.
func (b *Builder) Binary(op Op, x, y *Value, name string) *Value {
	return b.emit(op, x.Type, name, x, y)
}

// ICmp emits a comparison producing i1.
func (b *Builder) ICmp(p Pred, x, y *Value, name string) *Value {
	v := b.emit(OpICmp, I1, name, x, y)
	v.Pred = p
	return v
}

// Select emits cond ? x : y.
func (b *Builder) Select(cond, x, y *Value, name string) *Value {
	return b.emit(OpSelect, x.Type, name, cond, x, y)
}

// Cast emits a zext, sext or trunc of x to t.
func (b *Builder) Cast(op Op, x *Value, t Type, name string) *Value {
	return b.emit(op, t, name, x)
}

// Alloca emits a stack slot for one t. Slots belong at the top of the entry
// block, where mem2reg and the backend's frame layout expect them, whatever
// the current block is. Inserting there moves the rest of the entry block,
// so a lowering that makes many slots keeps its entry block short (slots and
// parameter stores only, then a branch to the body), as clang does at -O0.
func (b *Builder) Alloca(t Type, name string) *Value {
	v := b.Func.NewValue(OpAlloca, Ptr, name)
	v.Elem = t
	v.Pos, v.Inlined = b.Pos, b.Inlined
	entry := b.Func.Entry()
	n := b.allocas
	for n < len(entry.Instrs) && entry.Instrs[n].Op == OpAlloca {
		n++
	}
	b.allocas = n + 1
	entry.Instrs = append(entry.Instrs, nil)
	copy(entry.Instrs[n+1:], entry.Instrs[n:])
	entry.Instrs[n] = v
	v.Block = entry
	return v
}

// Load emits a load of a t from ptr.
func (b *Builder) Load(t Type, ptr *Value, name string) *Value {
	return b.emit(OpLoad, t, name, ptr)
}

// Store emits a store of val to ptr.
func (b *Builder) Store(val, ptr *Value) *Value {
	return b.emit(OpStore, Void, "", val, ptr)
}

// GEP emits the address ptr + index*sizeof(elem); index is an i64.
func (b *Builder) GEP(elem Type, ptr, index *Value, name string) *Value {
	v := b.emit(OpGEP, Ptr, name, ptr, index)
	v.Elem = elem
	return v
}

// Call emits a call of the function named callee, returning result (Void
// for none).
func (b *Builder) Call(callee string, result Type, args []*Value, name string) *Value {
	v := b.emit(OpCall, result, name, args...)
	v.Sym = callee
	return v
}

// Phi emits an empty φ of type t at the top of the current block; fill it
// with AddIncoming once the edges into the block exist.
func (b *Builder) Phi(t Type, name string) *Value {
	v := b.Func.NewValue(OpPhi, t, name)
	v.Pos, v.Inlined = b.Pos, b.Inlined
	b.Block.InsertPhi(v)
	return v
}

// Br ends the current block with a jump to dest.
func (b *Builder) Br(dest *Block) *Value {
	v := b.emit(OpBr, Void, "")
	b.Block.AddEdgeTo(dest)
	return v
}

// CondBr ends the current block with a two-way branch on the i1 cond.
func (b *Builder) CondBr(cond *Value, then, els *Block) *Value {
	v := b.emit(OpCondBr, Void, "", cond)
	b.Block.AddEdgeTo(then)
	b.Block.AddEdgeTo(els)
	return v
}

// Ret ends the current block with a return of val, or of nothing when val
// is nil.
func (b *Builder) Ret(val *Value) *Value {
	if val == nil {
		return b.emit(OpRet, Void, "")
	}
	return b.emit(OpRet, Void, "", val)
}

// Unreachable ends the current block after a call that does not return.
func (b *Builder) Unreachable() *Value { return b.emit(OpUnreachable, Void, "") }
