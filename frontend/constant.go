package frontend

// Constant expressions (docs/reference.md §5, "Globals"): a global's initializer is built
// from literals, true/false, unary - ^ !, parentheses and binary operators,
// and is evaluated at compile time with exactly the run-time semantics:
// two's-complement wrapping in the operand type, division truncating toward
// zero, MIN / -1 == MIN and MIN % -1 == 0, shift counts masked to 6 bits
// (int) or 5 bits (i32), short-circuit && and ||. Division by zero that
// would be evaluated is a compile error.

// nonConstant returns the first operand of e that is not allowed in a
// constant expression, or nil.
func nonConstant(e Expr) Expr {
	switch e := e.(type) {
	case *IntLit, *BoolLit:
		return nil
	case *Unary:
		if e.Op == "*" || e.Op == "&" {
			return e
		}
		return nonConstant(e.X)
	case *Binary:
		if bad := nonConstant(e.X); bad != nil {
			return bad
		}
		return nonConstant(e.Y)
	}
	return e
}

// eval computes a checked constant expression (nonConstant(e) == nil);
// bool results are 0 or 1. A division by zero is reported, and evaluation
// goes on with 0.
func (c *checker) eval(e Expr) int64 {
	switch e := e.(type) {
	case *IntLit:
		return e.Value
	case *BoolLit:
		return boolValue(e.Value)
	case *Unary:
		x := c.eval(e.X)
		switch e.Op {
		case "-":
			return wrap(e.T, -x)
		case "^":
			return wrap(e.T, ^x)
		}
		return 1 - x // !
	}
	b := e.(*Binary)
	x := c.eval(b.X)
	if (b.Op == "&&" && x == 0) || (b.Op == "||" && x == 1) {
		return x
	}
	v, ok := fold(b.Op, b.X.Type(), x, c.eval(b.Y))
	if !ok {
		c.errorf(b.Pos, "division by zero in constant expression")
	}
	return v
}

// fold applies a binary operator to constants of operand type t. It fails
// only for division or remainder by zero.
func fold(op string, t *Type, x, y int64) (int64, bool) {
	bits := uint64(63)
	if t.Kind == I32 {
		bits = 31
	}
	switch op {
	case "+":
		return wrap(t, x+y), true
	case "-":
		return wrap(t, x-y), true
	case "*":
		return wrap(t, x*y), true
	case "/", "%":
		if y == 0 {
			return 0, false
		}
		if y == -1 { // MIN / -1 wraps to MIN, MIN % -1 is 0
			if op == "/" {
				return wrap(t, -x), true
			}
			return 0, true
		}
		if op == "/" {
			return x / y, true
		}
		return x % y, true
	case "&":
		return x & y, true
	case "|":
		return x | y, true
	case "^":
		return x ^ y, true
	case "<<":
		return wrap(t, x<<(uint64(y)&bits)), true
	case ">>":
		return x >> (uint64(y) & bits), true
	case "==":
		return boolValue(x == y), true
	case "!=":
		return boolValue(x != y), true
	case "<":
		return boolValue(x < y), true
	case "<=":
		return boolValue(x <= y), true
	case ">":
		return boolValue(x > y), true
	case ">=":
		return boolValue(x >= y), true
	case "&&":
		return x & y, true
	}
	return x | y, true // ||
}

// wrap reduces v to t's width, sign-extended: i32 values are kept as the
// int64 of the same number.
func wrap(t *Type, v int64) int64 {
	if t.Kind == I32 {
		return int64(int32(v))
	}
	return v
}

func boolValue(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
