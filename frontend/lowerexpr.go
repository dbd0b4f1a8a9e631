package frontend

import "toyc/middle"

// Lowering of expressions to SSA values (i64, i32, i1 or ptr), operands
// left to right (docs/reference.md §9, "Evaluation order"). && and || become branches and a φ; in a
// condition (cond) they branch straight to the targets, as clang's
// EmitBranchOnBoolExpr does.

func (l *lowerer) expr(e Expr) *middle.Value {
	switch e := e.(type) {
	case *IntLit:
		return l.f.Const(valueType(e.Type()), e.Value)
	case *BoolLit:
		return l.f.Bool(e.Value)
	case *Ident:
		l.at(e.Pos)
		return l.loadVar(e.Var)
	case *Unary:
		return l.unary(e)
	case *Binary:
		return l.binary(e)
	case *Index:
		arr, idx := l.expr(e.X), l.index(l.expr(e.Index))
		l.at(e.Pos)
		mt := memType(e.Type())
		return l.loadFrom(mt, l.element(arr, idx, mt), "elem")
	case *Call:
		return l.call(e)
	case *New:
		return l.newArray(e)
	}
	panic("frontend: unknown expression")
}

func (l *lowerer) unary(e *Unary) *middle.Value {
	if e.Op == "&" {
		return l.addr(e.X.(*Ident).Var)
	}
	x := l.expr(e.X)
	l.at(e.Pos)
	switch e.Op {
	case "-":
		return l.b.Binary(middle.OpSub, l.f.Const(x.Type, 0), x, "neg")
	case "^":
		return l.b.Binary(middle.OpXor, x, l.f.Const(x.Type, -1), "not")
	case "!":
		return l.b.Binary(middle.OpXor, x, l.f.Bool(true), "lnot")
	}
	return l.loadFrom(memType(e.Type()), x, "deref") // *p
}

var predicates = map[string]middle.Pred{
	"==": middle.PredEQ, "!=": middle.PredNE,
	"<": middle.PredSLT, "<=": middle.PredSLE, ">": middle.PredSGT, ">=": middle.PredSGE,
}

func (l *lowerer) binary(e *Binary) *middle.Value {
	if e.Op == "&&" || e.Op == "||" {
		return l.logical(e)
	}
	x := l.expr(e.X)
	y := l.expr(e.Y)
	l.at(e.Pos)
	if p, ok := predicates[e.Op]; ok {
		return l.b.ICmp(p, x, y, "cmp")
	}
	return l.arith(e.Op, x, y)
}

// plainOps are the operators that map to one IR instruction.
var plainOps = map[string]struct {
	op   middle.Op
	name string
}{
	"+": {middle.OpAdd, "add"}, "-": {middle.OpSub, "sub"}, "*": {middle.OpMul, "mul"},
	"&": {middle.OpAnd, "and"}, "|": {middle.OpOr, "or"}, "^": {middle.OpXor, "xor"},
}

// arith applies an arithmetic operator (also of a compound assignment) at
// the current position, with the checks of lowercheck.go.
func (l *lowerer) arith(op string, x, y *middle.Value) *middle.Value {
	switch op {
	case "/", "%":
		return l.divide(op, x, y)
	case "<<":
		return l.b.Binary(middle.OpShl, x, l.shiftCount(y), "shl")
	case ">>":
		return l.b.Binary(middle.OpAShr, x, l.shiftCount(y), "shr")
	}
	p := plainOps[op]
	return l.b.Binary(p.op, x, y, p.name)
}

// logical computes && or || as a value: the right operand runs only when
// the left does not decide, and a φ merges the two ways.
func (l *lowerer) logical(e *Binary) *middle.Value {
	prefix := "land"
	if e.Op == "||" {
		prefix = "lor"
	}
	rhs, end := l.newBlock(prefix+".rhs"), l.newBlock(prefix+".end")
	x := l.expr(e.X)
	l.at(e.Pos)
	from := l.b.Block
	if e.Op == "&&" {
		l.condBr(x, rhs, end)
	} else {
		l.condBr(x, end, rhs)
	}
	l.place(rhs)
	y := l.expr(e.Y)
	rhsEnd := l.b.Block
	l.br(end)
	l.place(end)
	l.at(e.Pos)
	phi := l.b.Phi(middle.I1, prefix)
	phi.AddIncoming(l.f.Bool(e.Op == "||"), from)
	phi.AddIncoming(y, rhsEnd)
	return phi
}

// cond branches to then when e is true and to els otherwise.
func (l *lowerer) cond(e Expr, then, els *middle.Block) {
	switch x := e.(type) {
	case *BoolLit:
		if x.Value {
			l.br(then)
		} else {
			l.br(els)
		}
		return
	case *Unary:
		if x.Op == "!" {
			l.cond(x.X, els, then)
			return
		}
	case *Binary:
		switch x.Op {
		case "&&", "||": // the right operand decides when the left does not
			if x.Op == "&&" {
				rhs := l.newBlock("land.rhs")
				l.cond(x.X, rhs, els)
				l.enter(rhs)
			} else {
				rhs := l.newBlock("lor.rhs")
				l.cond(x.X, then, rhs)
				l.enter(rhs)
			}
			if l.b.Block != nil {
				l.cond(x.Y, then, els)
			}
			return
		}
	}
	v := l.expr(e)
	l.at(e.Position())
	l.condBr(v, then, els)
}

// index widens an array index or length to i64.
func (l *lowerer) index(v *middle.Value) *middle.Value {
	if v.Type == middle.I32 {
		return l.b.Cast(middle.OpSExt, v, middle.I64, "idxprom")
	}
	return v
}

func (l *lowerer) call(e *Call) *middle.Value {
	switch e.Builtin {
	case BuiltinPrint:
		l.print(e)
		return nil
	case BuiltinLen:
		arr := l.expr(e.Args[0])
		l.at(e.Pos)
		return l.length(arr)
	case BuiltinArgc:
		l.at(e.Pos)
		return l.callRuntime("toy_argc")
	case BuiltinArgi:
		i := l.expr(e.Args[0])
		l.at(e.Pos)
		return l.callRuntime("toy_argi", append([]*middle.Value{i}, l.position()...)...)
	case BuiltinConvert:
		return l.convert(e)
	}
	var args []*middle.Value
	for _, a := range e.Args {
		args = append(args, l.expr(a))
	}
	l.at(e.Pos)
	callee := l.funcs[e.Func]
	name := ""
	if callee.Result != middle.Void {
		name = "call"
	}
	return l.b.Call(callee.Name, callee.Result, args, name)
}

// convert lowers int(e) and i32(e): sign extension from i32, truncation
// from int, zero extension from bool.
func (l *lowerer) convert(e *Call) *middle.Value {
	x := l.expr(e.Args[0])
	l.at(e.Pos)
	to := valueType(e.Type())
	switch {
	case x.Type == to:
		return x
	case x.Type == middle.I1:
		return l.b.Cast(middle.OpZExt, x, to, "conv")
	case x.Type.Bits() < to.Bits():
		return l.b.Cast(middle.OpSExt, x, to, "conv")
	}
	return l.b.Cast(middle.OpTrunc, x, to, "conv")
}

// newArray calls the runtime's allocator, which zeroes the elements; the
// elements of an array of arrays must instead be empty arrays, so a loop
// points each one at toy_empty.
func (l *lowerer) newArray(e *New) *middle.Value {
	n := l.index(l.expr(e.Len))
	l.at(e.Pos)
	args := append([]*middle.Value{n, l.f.Const(middle.I64, e.Elem.Size())}, l.position()...)
	arr := l.callRuntime("toy_new_array", args...)
	if e.Elem.Kind != Array {
		return arr
	}
	from := l.b.Block
	cond, body, end := l.newBlock("fill.cond"), l.newBlock("fill.body"), l.newBlock("fill.end")
	l.br(cond)
	l.place(cond)
	i := l.b.Phi(middle.I64, "fill.i")
	i.AddIncoming(l.f.Const(middle.I64, 0), from)
	l.condBr(l.b.ICmp(middle.PredSLT, i, n, "fill.more"), body, end)
	l.place(body)
	l.b.Store(l.f.GlobalAddr(l.runtimeData("toy_empty")), l.b.GEP(middle.Ptr, arr, i, "fill.elem"))
	next := l.b.Binary(middle.OpAdd, i, l.f.Const(middle.I64, 1), "fill.next")
	l.br(cond)
	i.AddIncoming(next, body)
	l.place(end)
	return arr
}
