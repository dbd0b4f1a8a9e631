package middle

import "math/bits"

// DivPow2 makes signed division and remainder by constants cheaper where
// what is known about the dividend allows it: by any positive constant,
// a dividend known not to be negative makes them the unsigned operations
// (unsigneddiv.go), which the backend divides without sign corrections.
// By powers of two, more is known. A signed x / 2^k must
// round toward zero, so in general it costs a bias for negative x before
// the shift (the backend's job); two cases need less:
//   - x % 2^k compared with zero only asks whether the low k bits of x are
//     zero, whatever its sign: (x % 2^k == 0) is (x & (2^k - 1) == 0);
//   - x / 2^k where x is known to be a multiple of 2^k (on the edge where
//     x & (2^j - 1) == 0 with j >= k held) rounds nothing: it is x >> k
//     (arithmetic). Collatz's `if n % 2 == 0 { n = n / 2 }` is both;
//   - x / 2^k and x % 2^k where x is known not to be negative are the
//     unsigned operations, and those are x >> k (logical) and
//     x & (2^k - 1). md5's g = (5 * i + 1) % 16 and a heap's parent
//     (i - 1) / 2 are such.
//
// These are three of InstCombine's rules in LLVM (the srem one in
// foldICmpSRemConstant's kin; sdiv exact by a power of two to ashr exact;
// sdiv and srem of a known non-negative value to udiv and urem, which fold
// to the shift and the mask), with the exactness taken from a dominating
// branch as GVN's propagateEquality would. A fact holds in the blocks
// dominated by the branch target it was learned on, when that target has
// only the branching block as predecessor. Non-negativity is asked of the
// range prover (range.go), where the division is.
//
// Requires: SSA form. Guarantees: valid SSA; the CFG unchanged; Preds
// current. Linear in the function plus the facts per divided value, plus
// one bounded range question per division by a positive constant.
func DivPow2(f *Func) {
	if f.IsDecl() {
		return
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if x, m, ok := remainderIsZeroTest(v); ok {
				mask := f.NewValue(OpAnd, x.Type, "lowbits", x, f.Const(x.Type, m))
				mask.SetOrigin(v.Args[0])
				v.Args[0] = mask
				insertAt(b, indexOf(b.Instrs, v), []*Value{mask})
			}
		}
	}
	facts := multipleFacts(f)
	// Built for the first division by a constant: most functions have
	// none.
	var dom *DomTree
	var prover *rangeProver
	for _, b := range f.Blocks {
		for i, v := range b.Instrs {
			if !dividesByPositiveConstant(v) {
				continue
			}
			if dom == nil {
				dom = f.Dom()
			}
			k, pow2 := powerOfTwoDivisor(v)
			if pow2 && v.Op == OpSDiv && isExactByFacts(facts[v.Args[0].ID], k, b, dom) {
				v.Op, v.Args[1] = OpAShr, f.Const(v.Type, int64(k))
				continue
			}
			if prover == nil {
				prover = newRangeProver(f, dom)
			}
			toUnsigned(v, prover, point{block: b, index: i})
			if k, ok := powerOfTwoDivisor(v); ok && v.Op == OpUDiv {
				v.Op, v.Args[1] = OpLShr, f.Const(v.Type, int64(k))
			} else if ok && v.Op == OpURem {
				v.Op, v.Args[1] = OpAnd, f.Const(v.Type, int64(1)<<k-1)
			}
		}
	}
	if prover != nil {
		prover.release()
	}
}

// isExactByFacts reports whether one of facts, about a dividend, shows it
// a multiple of 2^k in block b.
func isExactByFacts(facts []multipleFact, k int, b *Block, dom *DomTree) bool {
	for _, fact := range facts {
		if fact.zeroBits >= k && dom.Dominates(fact.from, b) {
			return true
		}
	}
	return false
}

// remainderIsZeroTest recognizes icmp eq/ne (srem x, 2^k), 0 with
// 2^k positive, and returns x and the mask 2^k - 1.
func remainderIsZeroTest(v *Value) (*Value, int64, bool) {
	if v.Op != OpICmp || v.Pred != PredEQ && v.Pred != PredNE || !v.Args[1].IsConst(0) {
		return nil, 0, false
	}
	r := v.Args[0]
	k, ok := powerOfTwoDivisor(r)
	if !ok || r.Op != OpSRem {
		return nil, 0, false
	}
	return r.Args[0], int64(1)<<k - 1, true
}

// powerOfTwoDivisor returns k when v is a division or remainder, signed
// or unsigned, by the positive constant 2^k, k >= 1.
func powerOfTwoDivisor(v *Value) (int, bool) {
	if !dividesByPositiveConstant(v) {
		return 0, false
	}
	d := v.Args[1].Const
	if d <= 1 || d&(d-1) != 0 {
		return 0, false
	}
	return bits.TrailingZeros64(uint64(d)), true
}

// dividesByPositiveConstant reports whether v is sdiv, srem, udiv or urem
// by a constant above zero (read as signed).
func dividesByPositiveConstant(v *Value) bool {
	switch v.Op {
	case OpSDiv, OpSRem, OpUDiv, OpURem:
		return v.Args[1].Op == OpConst && v.Args[1].Const > 0
	}
	return false
}

// multipleFact says that Value x has at least zeroBits low zero bits in the
// blocks that block from dominates.
type multipleFact struct {
	from     *Block
	zeroBits int
}

// multipleFacts collects, by the Value.ID of x, what branches on
// x & (2^j - 1) == 0 (or != 0) tell the target where the test held, when
// the branching block is that target's only predecessor.
func multipleFacts(f *Func) map[int][]multipleFact {
	facts := make(map[int][]multipleFact)
	for _, b := range f.Blocks {
		br := b.Term()
		if br == nil || br.Op != OpCondBr || b.Succ(0) == b.Succ(1) {
			continue
		}
		c := br.Args[0]
		if c.Op != OpICmp || c.Pred != PredEQ && c.Pred != PredNE || !c.Args[1].IsConst(0) {
			continue
		}
		and := c.Args[0]
		if and.Op != OpAnd || and.Args[1].Op != OpConst {
			continue
		}
		m := zeroExtend(and.Type, and.Args[1].Const)
		if m == 0 || m&(m+1) != 0 {
			continue // not 2^j - 1
		}
		target := b.Succ(0)
		if c.Pred == PredNE {
			target = b.Succ(1)
		}
		if len(target.Preds) == 1 {
			x := and.Args[0]
			facts[x.ID] = append(facts[x.ID], multipleFact{from: target, zeroBits: bits.OnesCount64(m)})
		}
	}
	return facts
}
