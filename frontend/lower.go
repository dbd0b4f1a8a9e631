package frontend

import (
	"toyc/middle"
	"toyc/middle/diag"
)

// Lowering of the checked AST to the middle's IR, after the LLVM tutorial's
// "Mutable Variables" chapter (and clang at -O0): every parameter and local
// gets a stack slot (alloca) in the entry block, every read is a load and
// every write a store, and mem2reg later turns the slots into SSA values.
// Control flow (if, loops, && and ||) becomes branches between blocks named
// as clang names them; runtime checks become explicit IR (lowercheck.go), so
// that the IR has no undefined behaviour in LLVM's semantics.
//
// Blocks are created detached and placed in the function when code starts
// going into them, so the block order follows the source and a block that
// nothing reaches (the end of `while true` without break) never appears.
// Code after return, break or continue is not lowered: the current block is
// then nil. The blocks of failed runtime checks are placed at the end of
// the function, away from the straight-line path.

// Lower translates a checked program into an IR module.
func Lower(p *Program) *middle.Module { return lower(p, false, nil) }

// LowerDeferred is Lower with each function's body lowered only when the
// pipeline reaches it (middle.Func.DeferBody), and its AST dropped then:
// compiled a function at a time, a program's IR never exists all at once.
// The module is the same as Lower's once every body is built.
func LowerDeferred(p *Program) *middle.Module { return lower(p, true, nil) }

// lower lowers p's declarations, and its bodies at once or, deferred, when
// each is built; then await, when set, is called first and may refuse (a
// body checked while the pipeline runs, stream.go).
func lower(p *Program, deferred bool, await func(*Func) error) *middle.Module {
	l := &lowerer{m: middle.NewModule(p.File), funcs: map[*Func]*middle.Func{}}
	l.m.TypeSafe = true // no conversions between arrays or pointers
	l.fileName = l.m.StringConstant(p.File).Name
	debugGlobals(p, l.m)
	for _, g := range p.Globals {
		l.global(g)
	}
	for _, fn := range p.Funcs {
		l.declare(fn)
	}
	for _, fn := range p.Funcs {
		if fn.facts != nil {
			// Handed over: the function keeps them until it is released.
			l.funcs[fn].DeclareFacts(fn.facts)
			fn.facts = nil
		}
		switch {
		case fn.Extern:
		case deferred:
			// Bodies may be built concurrently (middle/lazy.go): each
			// with a lowerer of its own.
			l.funcs[fn].DeferBody(func(*middle.Func) error {
				if await != nil {
					if err := await(fn); err != nil {
						return err
					}
				}
				bl := &lowerer{m: l.m, funcs: l.funcs, fileName: l.fileName}
				bl.function(fn)
				// Calls of fn are checked against paramTypes.
				fn.Body, fn.Locals, fn.Params = nil, nil, nil
				return nil
			})
		default:
			l.function(fn)
			l.f.Commit()
			l.f = nil
		}
	}
	return l.m
}

type lowerer struct {
	m        *middle.Module
	funcs    map[*Func]*middle.Func
	fileName string // the private constant holding the source file name

	// The function being lowered.
	fn       *Func
	f        *middle.Func
	b        *middle.Builder
	slots    map[*Var]*middle.Value
	loops    []*loopTargets
	cold     []*middle.Block // blocks of failed checks, placed last
	targeted map[*middle.Block]bool
}

// valueType is the IR type of a Toy value in an SSA register.
func valueType(t *Type) middle.Type {
	switch t.Kind {
	case Int:
		return middle.I64
	case I32:
		return middle.I32
	case Bool:
		return middle.I1
	case Void:
		return middle.Void
	}
	return middle.Ptr
}

// memType is the IR type of a Toy value in memory (array elements,
// globals, pointer targets): a bool is a byte there, as C's _Bool.
func memType(t *Type) middle.Type {
	if t.Kind == Bool {
		return middle.I8
	}
	return valueType(t)
}

// slotType is the type of a variable's home: a local or parameter bool
// whose address is never taken stays i1, which mem2reg promotes directly.
func slotType(v *Var) middle.Type {
	if v.Kind != GlobalVar && !v.AddrTaken {
		return valueType(v.Type)
	}
	return memType(v.Type)
}

func (l *lowerer) global(g *Var) {
	mg := &middle.Global{Name: g.Name, Type: memType(g.Type), Init: g.Value}
	if g.Type.Kind == Array {
		mg.InitSym = l.runtimeData("toy_empty")
	}
	l.m.AddGlobal(mg)
}

// symbol is a function's link name: Toy's main becomes toy_main, called by
// the runtime's C main.
func symbol(fn *Func) string {
	if fn.Name == "main" && !fn.Extern {
		return "toy_main"
	}
	return fn.Name
}

// resultType is a function's IR result; toy_main always returns an int64
// exit status.
func resultType(fn *Func) middle.Type {
	if fn.Name == "main" && !fn.Extern {
		return middle.I64
	}
	return valueType(fn.Result)
}

func (l *lowerer) declare(fn *Func) {
	f := l.m.NewFunc(symbol(fn), resultType(fn))
	for _, p := range fn.Params {
		f.AddParam(valueType(p.Type), p.Name)
	}
	l.funcs[fn] = f
}

func (l *lowerer) function(fn *Func) {
	l.fn, l.f = fn, l.funcs[fn]
	l.b = middle.NewBuilder(l.f)
	l.slots = map[*Var]*middle.Value{}
	l.targeted = map[*middle.Block]bool{}
	l.cold = nil
	l.place(l.f.NewBlock("entry"))
	l.f.Decl = fn.Pos
	l.b.SetPos(fn.Pos)
	for i, p := range fn.Params {
		slot := l.b.Alloca(slotType(p), p.Name+".addr")
		l.slots[p] = slot
		l.storeVar(p, l.f.Params[i])
	}
	for _, v := range fn.Locals {
		l.b.SetPos(v.Pos)
		l.slots[v] = l.b.Alloca(slotType(v), v.Name)
	}
	l.block(fn.Body)
	if l.b.Block != nil {
		l.b.SetPos(fn.Body.End)
		switch {
		case l.f.Result == middle.Void:
			l.b.Ret(nil)
		case fn.Result.Kind == Void: // main without result
			l.b.Ret(l.f.Const(middle.I64, 0))
		default: // the checker proved this point unreachable
			l.b.Unreachable()
		}
	}
	l.f.Blocks = append(l.f.Blocks, l.cold...)
	l.debugInfo(fn)
}

// newBlock makes a detached block; place puts it at the end of the
// function and makes it current.
func (l *lowerer) newBlock(name string) *middle.Block {
	blk := l.f.NewBlock(name)
	l.f.Blocks = l.f.Blocks[:len(l.f.Blocks)-1]
	return blk
}

func (l *lowerer) place(blk *middle.Block) {
	if len(l.f.Blocks) == 0 || l.f.Blocks[len(l.f.Blocks)-1] != blk {
		l.f.Blocks = append(l.f.Blocks, blk)
	}
	l.b.SetBlock(blk)
}

// enter continues code in blk if some branch goes there; otherwise the
// code that would follow is unreachable and is not lowered.
func (l *lowerer) enter(blk *middle.Block) {
	if l.targeted[blk] {
		l.place(blk)
	} else {
		l.b.SetBlock(nil)
	}
}

// br ends the current block, if code is still being emitted, with a branch
// to dest.
func (l *lowerer) br(dest *middle.Block) {
	if l.b.Block != nil {
		l.b.Br(dest)
		l.targeted[dest] = true
	}
	l.b.SetBlock(nil)
}

// condBr ends the current block with a two-way branch.
func (l *lowerer) condBr(c *middle.Value, then, els *middle.Block) {
	l.b.CondBr(c, then, els)
	l.targeted[then], l.targeted[els] = true, true
	l.b.SetBlock(nil)
}

// at sets the source position of the next instructions.
func (l *lowerer) at(pos diag.Pos) { l.b.SetPos(pos) }

// addr is the address of a variable.
func (l *lowerer) addr(v *Var) *middle.Value {
	if v.Kind == GlobalVar {
		return l.f.GlobalAddr(v.Name)
	}
	return l.slots[v]
}

func (l *lowerer) loadVar(v *Var) *middle.Value {
	return l.loadFrom(slotType(v), l.addr(v), v.Name)
}

func (l *lowerer) storeVar(v *Var, val *middle.Value) {
	l.storeTo(slotType(v), val, l.addr(v))
}

// loadFrom loads a value stored as mt and returns it as an SSA value: a
// memory bool (i8) becomes i1.
func (l *lowerer) loadFrom(mt middle.Type, addr *middle.Value, name string) *middle.Value {
	v := l.b.Load(mt, addr, name)
	if mt == middle.I8 {
		return l.b.Cast(middle.OpTrunc, v, middle.I1, "tobool")
	}
	return v
}

// storeTo stores an SSA value into memory of type mt.
func (l *lowerer) storeTo(mt middle.Type, val, addr *middle.Value) {
	if mt == middle.I8 && val.Type == middle.I1 {
		val = l.b.Cast(middle.OpZExt, val, middle.I8, "frombool")
	}
	l.b.Store(val, addr)
}
