package frontend

import "toyc/middle"

// The runtime checks of docs/reference.md §10 and §13 as explicit IR, so that the IR
// means exactly what Toy means and nothing in it is undefined in LLVM's
// semantics:
//
//   - a[i]: the length is the int64 just before element 0; one unsigned
//     comparison (`icmp ult`) of the sign-extended index against it covers
//     both i < 0 and i >= len; failing calls toy_index_error, which does not
//     return.
//   - x / d and x % d: d == 0 calls toy_div_error. MIN / -1 (whose sdiv is
//     undefined in LLVM and traps on x86) is handled without a branch:
//     divide by 1 instead of -1, then negate the quotient (negation wraps
//     MIN to MIN) or keep the remainder (x % 1 == 0, as x % -1 must be).
//   - shifts mask their count to 6 bits (int) or 5 bits (i32), as Java does;
//     LLVM's shl and ashr are poison for counts >= the width.
//
// The failure blocks go to the end of the function (lowerer.cold).

// check branches on ok to a fresh block where code continues, and to a
// cold block where fail emits the runtime error.
func (l *lowerer) check(ok *middle.Value, name string, fail func()) {
	cont, cold := l.newBlock(name+".ok"), l.newBlock(name+".fail")
	l.condBr(ok, cont, cold)
	l.b.SetBlock(cold)
	fail()
	l.b.Unreachable()
	l.cold = append(l.cold, cold)
	l.place(cont)
}

// length loads an array's length. Nothing ever writes a length after
// toy_new_array, so the load is invariant: optimizations may share and
// hoist it across stores and calls.
func (l *lowerer) length(arr *middle.Value) *middle.Value {
	at := l.b.GEP(middle.I8, arr, l.f.Const(middle.I64, -8), "len.addr")
	n := l.b.Load(middle.I64, at, "len")
	n.Invariant = true
	return n
}

// element returns the address of arr[idx] (idx an i64) after checking the
// bounds.
func (l *lowerer) element(arr, idx *middle.Value, elem middle.Type) *middle.Value {
	n := l.length(arr)
	inRange := l.b.ICmp(middle.PredULT, idx, n, "inbounds")
	l.check(inRange, "bounds", func() {
		l.callRuntime("toy_index_error", append(l.position(), idx, n)...)
	})
	return l.b.GEP(elem, arr, idx, "arrayidx")
}

// divide computes x / d or x % d. A constant divisor other than 0 and -1
// needs neither check.
func (l *lowerer) divide(op string, x, d *middle.Value) *middle.Value {
	sdiv, name := middle.OpSDiv, "div"
	if op == "%" {
		sdiv, name = middle.OpSRem, "rem"
	}
	if d.Op == middle.OpConst && d.Const != 0 && d.Const != -1 {
		return l.b.Binary(sdiv, x, d, name)
	}
	zero := l.b.ICmp(middle.PredNE, d, l.f.Const(d.Type, 0), "nonzero")
	l.check(zero, name, func() {
		l.callRuntime("toy_div_error", l.position()...)
	})
	minusOne := l.b.ICmp(middle.PredEQ, d, l.f.Const(d.Type, -1), "minusone")
	safe := l.b.Select(minusOne, l.f.Const(d.Type, 1), d, "divisor")
	q := l.b.Binary(sdiv, x, safe, name)
	if sdiv == middle.OpSRem {
		return q
	}
	neg := l.b.Binary(middle.OpSub, l.f.Const(x.Type, 0), x, "neg")
	return l.b.Select(minusOne, neg, q, name)
}

// shiftCount masks a shift count to the operand's width.
func (l *lowerer) shiftCount(n *middle.Value) *middle.Value {
	mask := int64(n.Type.Bits() - 1)
	if n.Op == middle.OpConst {
		return l.f.Const(n.Type, n.Const&mask)
	}
	return l.b.Binary(middle.OpAnd, n, l.f.Const(n.Type, mask), "shamt")
}
