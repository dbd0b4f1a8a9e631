package middle

import "math/bits"

// ConstFold evaluates instructions whose operands are constants, with
// exactly LLVM's semantics (two's-complement wrapping at the type's width,
// division truncating toward zero), and applies the algebraic identities
// that hold for every value of the other operand: x+0, x-0, x-x, x*1, x*0,
// x&0, x&-1, x&x, (x&c)&d when d keeps every bit of c, x|0, x|-1, x|x, x^0, x^x, shifts by 0, x/1, x%1, and
// icmp of a value with itself. A select on a constant condition becomes the
// chosen arm. Under an and that keeps only low bits, an and inside its
// operand that keeps those bits too is dropped (dropInnerMasks: the
// demanded-bits simplification of LLVM's InstCombine, for this one shape).
//
// What LLVM leaves undefined is never folded: a division by zero or of the
// minimum by -1 (Toy's frontend guards those with an explicit check, and the
// instruction must stay behind its guard), and a shift by the width or more.
//
// Requires: SSA form. Guarantees: the same program with folded instructions
// deleted and their uses rewritten; the CFG is unchanged (simplifycfg folds
// the branches this makes constant). One sweep in reverse postorder
// suffices, since every operand but a φ's is defined before its use there;
// φs are copyprop's.
func ConstFold(f *Func) {
	if f.IsDecl() {
		return
	}
	repl := valueTables.Take(f.NumValues())
	defer valueTables.Give(repl)
	resolve := func(v *Value) *Value {
		if v.ID < len(repl) && repl[v.ID] != nil {
			return repl[v.ID]
		}
		return v
	}
	folded := false
	var masks []*Value // ands with a low mask, for dropInnerMasks
	for _, b := range ReversePostorder(f) {
		for _, v := range b.Instrs {
			if v.Op == OpPhi {
				continue
			}
			for i, a := range v.Args {
				v.Args[i] = resolve(a)
			}
			if r := fold(f, v); r != nil {
				repl[v.ID] = r
				folded = true
			} else {
				subAsXor(v)
				if v.Op == OpAnd && lowMask(v.Args[1]) > 0 {
					masks = append(masks, v)
				}
			}
		}
	}
	if folded {
		f.ReplaceUses(repl)
		for _, b := range f.Blocks {
			b.RemoveInstrs(func(v *Value) bool { return v.ID < len(repl) && repl[v.ID] != nil })
		}
	}
	if len(masks) > 0 {
		dropInnerMasks(f, masks)
	}
}

// lowMask returns k when c is the constant 2^k - 1 for 0 < k < 64, else 0.
func lowMask(c *Value) int {
	if c.Op != OpConst || c.Const <= 0 {
		return 0
	}
	u := uint64(c.Const)
	if u&(u+1) != 0 {
		return 0
	}
	return bits.Len64(u)
}

// dropInnerMasks rewrites (x & m) op y, used only by an and that keeps
// the low k bits of it (each of masks, whose constant is 2^k - 1), as x op
// y when m keeps those k bits too: the low k bits of a sum, difference,
// product, and, or or xor depend on nothing but the low k bits of its
// operands, which x & m and x share. Toy's bit indexing from the top,
// 1 << (63 - (i & 63)), is a shift by ((i & 63) ^ 63) & 63, the last
// mask Toy's own for shift counts; it becomes ((i ^ 63) & 63), and the
// backend folds that mask into the shift.
func dropInnerMasks(f *Func, masks []*Value) {
	var uses []int32
	for _, v := range masks {
		w, k := v.Args[0], lowMask(v.Args[1])
		switch w.Op {
		case OpAdd, OpSub, OpMul, OpAnd, OpOr, OpXor:
		default:
			continue
		}
		for i, a := range w.Args {
			if a.Op != OpAnd || !keepsLowBits(a, k) {
				continue
			}
			if uses == nil {
				uses = useCounts(f)
			}
			if uses[w.ID] != 1 {
				break
			}
			uses[a.ID]--
			w.Args[i] = a.Args[0]
			if a.Args[0].Op == OpConst {
				w.Args[i] = a.Args[1]
			}
			uses[w.Args[i].ID]++
		}
	}
	int32Tables.Give(uses)
}

// keepsLowBits reports whether the and a has a constant operand that
// keeps the low k bits.
func keepsLowBits(a *Value, k int) bool {
	low := uint64(1)<<k - 1
	for _, c := range a.Args {
		if c.Op == OpConst && uint64(c.Const)&low == low {
			return true
		}
	}
	return false
}

// fold returns the value v always computes, or nil.
func fold(f *Func, v *Value) *Value {
	switch {
	case v.Op.IsBinary():
		x, y := v.Args[0], v.Args[1]
		if x.Op == OpConst && y.Op == OpConst {
			if c, ok := FoldBinary(v.Op, v.Type, x.Const, y.Const); ok {
				return f.Const(v.Type, c)
			}
			return nil
		}
		return binaryIdentity(f, v.Op, x, y)
	case v.Op.IsCast():
		if x := v.Args[0]; x.Op == OpConst {
			return f.Const(v.Type, FoldCast(v.Op, x.Type, v.Type, x.Const))
		}
	case v.Op == OpICmp:
		x, y := v.Args[0], v.Args[1]
		switch {
		case x.Op == OpConst && y.Op == OpConst:
			return f.Bool(FoldICmp(v.Pred, x.Type, x.Const, y.Const))
		case x == y && x.Op != OpUndef:
			return f.Bool(FoldICmp(v.Pred, x.Type, 0, 0))
		}
	case v.Op == OpLoad:
		// The length of new(T, C): the runtime returns only for 0 ≤ C.
		if p := lengthOf(v); p != nil {
			if n := allocatedLength(p); n != nil && n.Op == OpConst {
				return n
			}
		}
	case v.Op == OpSelect:
		if c := v.Args[0]; c.Op == OpConst {
			if c.Const != 0 {
				return v.Args[1]
			}
			return v.Args[2]
		}
	}
	return nil
}

// binaryIdentity applies the identities that need only one constant
// operand, or two equal operands. Two undefs are not equal values: each
// use of undef may read a different one.
func binaryIdentity(f *Func, op Op, x, y *Value) *Value {
	zero := func() *Value { return f.Const(x.Type, 0) }
	same := x == y && x.Op != OpUndef
	isConst := func(v *Value, c int64) bool { return v.IsConst(c) }
	switch op {
	case OpAdd:
		if isConst(y, 0) {
			return x
		}
		if isConst(x, 0) {
			return y
		}
	case OpSub:
		if isConst(y, 0) {
			return x
		}
		if same {
			return zero()
		}
	case OpMul:
		switch {
		case isConst(y, 1):
			return x
		case isConst(x, 1):
			return y
		case isConst(x, 0), isConst(y, 0):
			return zero()
		}
	case OpAnd:
		switch {
		case isConst(x, 0), isConst(y, 0):
			return zero()
		case isConst(y, -1), same:
			return x
		case isConst(x, -1):
			return y
		case masked(x, y):
			return x
		case masked(y, x):
			return y
		}
	case OpOr:
		switch {
		case isConst(x, -1):
			return x
		case isConst(y, -1):
			return y
		case isConst(y, 0), same:
			return x
		case isConst(x, 0):
			return y
		}
	case OpXor:
		switch {
		case isConst(y, 0):
			return x
		case isConst(x, 0):
			return y
		case same:
			return zero()
		}
	case OpShl, OpAShr, OpLShr:
		if isConst(y, 0) {
			return x
		}
	case OpSDiv, OpUDiv:
		if isConst(y, 1) {
			return x
		}
	case OpSRem, OpURem:
		if isConst(y, 1) {
			return zero()
		}
	}
	return nil
}

// subAsXor rewrites C - y as y ^ C when every bit y may have is set in the
// constant C (y = z & M with M's bits among C's): the subtraction borrows
// nowhere, so it flips y's bits, as the xor does. An xor takes its
// constant as an immediate where the subtraction needed C in a register,
// and Toy's bit indexing from the top, x >> (63 - (i & 63)), becomes a
// shift by (i & 63) ^ 63.
func subAsXor(v *Value) {
	if v.Op == OpSub && masked(v.Args[1], v.Args[0]) {
		v.Op, v.Args[0], v.Args[1] = OpXor, v.Args[1], v.Args[0]
	}
}

// masked reports whether inner is an and with a constant whose bits the
// constant outer all keeps: then inner & outer is inner (a mask applied
// twice, as Toy's shift-count mask on a count the program masked already).
func masked(inner, outer *Value) bool {
	if outer.Op != OpConst || inner.Op != OpAnd {
		return false
	}
	for _, c := range inner.Args {
		if c.Op == OpConst && c.Const&^outer.Const == 0 {
			return true
		}
	}
	return false
}

// FoldBinary computes x op y for constants of type t in canonical form. It
// reports false for what LLVM leaves undefined: division by zero, the
// minimum divided by -1, and shifts by the width or more.
func FoldBinary(op Op, t Type, x, y int64) (int64, bool) {
	var r int64
	switch op {
	case OpAdd:
		r = x + y
	case OpSub:
		r = x - y
	case OpMul:
		r = x * y
	case OpSDiv, OpSRem:
		if y == 0 || (y == -1 && x == t.Truncate(int64(1)<<(t.Bits()-1))) {
			return 0, false
		}
		if op == OpSDiv {
			r = x / y
		} else {
			r = x % y
		}
	case OpUDiv, OpURem:
		ux, uy := zeroExtend(t, x), zeroExtend(t, y)
		if uy == 0 {
			return 0, false
		}
		if op == OpUDiv {
			r = int64(ux / uy)
		} else {
			r = int64(ux % uy)
		}
	case OpAnd:
		r = x & y
	case OpOr:
		r = x | y
	case OpXor:
		r = x ^ y
	case OpShl, OpAShr, OpLShr:
		n := zeroExtend(t, y)
		if n >= uint64(t.Bits()) {
			return 0, false
		}
		switch op {
		case OpShl:
			r = x << n
		case OpAShr:
			r = x >> n // x is sign-extended, so this shifts in copies of the sign
		default:
			r = int64(zeroExtend(t, x) >> n)
		}
	default:
		return 0, false
	}
	return t.Truncate(r), true
}

// FoldICmp compares constants of type t in canonical form.
func FoldICmp(p Pred, t Type, x, y int64) bool {
	ux, uy := zeroExtend(t, x), zeroExtend(t, y)
	switch p {
	case PredEQ:
		return x == y
	case PredNE:
		return x != y
	case PredSLT:
		return x < y
	case PredSLE:
		return x <= y
	case PredSGT:
		return x > y
	case PredSGE:
		return x >= y
	case PredULT:
		return ux < uy
	case PredULE:
		return ux <= uy
	case PredUGT:
		return ux > uy
	}
	return ux >= uy
}

// FoldCast converts the constant x of type from to type to.
func FoldCast(op Op, from, to Type, x int64) int64 {
	if op == OpZExt {
		return to.Truncate(int64(zeroExtend(from, x)))
	}
	return to.Truncate(x) // sext and trunc: canonical form is already sign-extended
}

// zeroExtend returns the bits of the canonical x of type t as an unsigned
// number.
func zeroExtend(t Type, x int64) uint64 {
	if t.Bits() >= 64 {
		return uint64(x)
	}
	return uint64(x) & (1<<t.Bits() - 1)
}
