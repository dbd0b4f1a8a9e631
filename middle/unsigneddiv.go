package middle

// Signed division and remainder of a dividend known not to be negative, by
// a positive constant, are the unsigned ones: both round toward zero, and a
// non-negative quotient rounded toward zero is rounded down, so x sdiv d is
// x udiv d and x srem d is x urem d when x ≥ 0 and d > 0. InstCombine does
// the same (sdiv and srem whose operands have clear sign bits become udiv
// and urem); gcc's expand_divmod uses the unsigned multiplier when the
// dividend's sign bit is known clear. The unsigned division by a constant
// is cheaper: its multiplication by a magic number needs no correction for
// negative dividends (the backend's divconst.go), and by a power of two it
// is a shift or a mask (DivPow2). Sudoku's cell / 9 and cell % 9, a hash's
// h % size and a loop's k % 16 are such divisions.
//
// Requires: v in SSA form, prover built over v's function. Guarantees: v
// computes the same value, the CFG unchanged.

// toUnsigned makes v, an sdiv or srem by a positive constant at the point
// at, its unsigned counterpart when prover shows the dividend non-negative
// there. It reports whether it did.
func toUnsigned(v *Value, prover *rangeProver, at point) bool {
	if v.Op != OpSDiv && v.Op != OpSRem || !dividesByPositiveConstant(v) {
		return false
	}
	if !prover.nonNegativeAt(v.Args[0], at) {
		return false
	}
	if v.Op == OpSDiv {
		v.Op = OpUDiv
	} else {
		v.Op = OpURem
	}
	return true
}
