package backend

import (
	"math/bits"

	"toyc/middle"
)

// Division by a constant without idiv, which costs tens of cycles: by a
// power of two, a shift with a bias that rounds negative dividends toward
// zero; by anything else, a multiplication by a "magic" approximation of
// 2^(w+s)/d keeping the high half, then a shift and a correction, after
// Granlund and Montgomery ("Division by Invariant Integers using
// Multiplication", PLDI 1994) in the formulation of Warren's Hacker's
// Delight (2nd ed., section 10-4, magic numbers for signed division).
// Unsigned division (udiv, which the middle end makes of a signed division
// of a dividend known not to be negative) takes the unsigned magic number
// of section 10-8: the high half of the product shifted, with no sign
// correction; when that number needs w+1 bits, the high half is added to
// the dividend through a halving that cannot overflow. The remainder is
// x - q*d. This is what gcc does even at -O0.

// signedMagic returns the multiplier and shift for signed w-bit division by
// d, where 2 <= |d| < 2^(w-1) (Hacker's Delight, figure 10-1).
func signedMagic(d int64, w uint) (m int64, s uint) {
	mask := uint64(1)<<w - 1
	if w == 64 {
		mask = ^uint64(0)
	}
	two := uint64(1) << (w - 1)
	ad := uint64(d)
	if d < 0 {
		ad = uint64(-d)
	}
	t := two
	if d < 0 {
		t++
	}
	anc := t - 1 - t%ad
	p := w - 1
	q1, r1 := two/anc, two-(two/anc)*anc
	q2, r2 := two/ad, two-(two/ad)*ad
	for {
		p++
		q1, r1 = (2*q1)&mask, (2*r1)&mask
		if r1 >= anc {
			q1, r1 = (q1+1)&mask, (r1-anc)&mask
		}
		q2, r2 = (2*q2)&mask, (2*r2)&mask
		if r2 >= ad {
			q2, r2 = (q2+1)&mask, (r2-ad)&mask
		}
		delta := ad - r2
		if !(q1 < delta || q1 == delta && r1 == 0) {
			break
		}
	}
	m = int64(q2 + 1)
	if w == 32 {
		m = int64(int32(uint32(q2 + 1)))
	}
	if d < 0 {
		m = -m
	}
	return m, p - w
}

// unsignedMagic returns the multiplier and shift for unsigned w-bit
// division by d, 2 <= d < 2^w, and whether the multiplier is really
// 2^w + m, the case that needs the addition (Hacker's Delight, figure
// 10-2, magicu).
func unsignedMagic(d uint64, w uint) (m uint64, s uint, add bool) {
	mask := ^uint64(0) >> (64 - w)
	top := uint64(1) << (w - 1)
	nc := mask - (-d&mask)%d // the largest dividend ≡ -1 mod d
	p := w - 1
	q1, r1 := top/nc, top%nc       // 2^p / nc
	q2, r2 := (top-1)/d, (top-1)%d // (2^p - 1) / d
	for {
		p++
		if r1 >= nc-r1 {
			q1, r1 = (2*q1+1)&mask, (2*r1-nc)&mask
		} else {
			q1, r1 = (2*q1)&mask, (2*r1)&mask
		}
		if r2+1 >= d-r2 {
			add = add || q2 >= top-1
			q2, r2 = (2*q2+1)&mask, (2*r2+1-d)&mask
		} else {
			add = add || q2 >= top
			q2, r2 = (2*q2)&mask, (2*r2+1)&mask
		}
		delta := d - 1 - r2
		if p >= 2*w || !(q1 < delta || q1 == delta && r1 == 0) {
			break
		}
	}
	return (q2 + 1) & mask, p - w, add
}

// divideByConstant selects v (sdiv, srem, udiv or urem of i32 or i64 by a
// constant other than 0) into d and reports whether it did.
func (s *selector) divideByConstant(v *middle.Value, d Reg) bool {
	x, c := v.Args[0], v.Args[1]
	w := uint(8 * sizeOf(v.Type))
	if !isConstLike(c) || isConstLike(x) || w < 32 || constant(c) == 0 {
		return false
	}
	dv := constant(c)
	size := uint8(w / 8)
	xr := s.reg(x)
	q := d
	rem := v.Op == middle.OpSRem || v.Op == middle.OpURem
	if rem {
		q = s.f.newVReg(size)
	}
	abs := uint64(dv)
	if dv < 0 {
		abs = -abs
	}
	unsigned := v.Op == middle.OpUDiv || v.Op == middle.OpURem
	ud := uint64(dv) & (^uint64(0) >> (64 - w)) // the divisor read as unsigned
	switch {
	case unsigned && ud&(ud-1) == 0 && rem:
		s.remainderByMask(d, xr, ud-1, size)
		return true
	case unsigned && ud&(ud-1) == 0:
		s.emit(opMov, 8, regOp(q), regOp(xr))
		if ud > 1 {
			s.emit(opShr, size, regOp(q), immOp(int64(bits.TrailingZeros64(ud))))
		}
	case rem && s.quotientOf(v) != nil:
		// x / d is at hand: x % d is x - (x / d) * d from it.
		q = s.vreg[s.quotientOf(v).ID]
	case unsigned:
		s.divideUnsignedByMagic(q, xr, ud, w)
	case dv == 1 || dv == -1:
		s.emit(opMov, 8, regOp(q), regOp(xr))
		if dv == -1 {
			s.emit(opNeg, size, regOp(q)) // MIN / -1 wraps to MIN, as Toy wants
		}
	case abs&(abs-1) == 0 && v.Op == middle.OpSRem:
		s.remainderByPowerOfTwo(d, xr, uint(bits.TrailingZeros64(abs)), w)
		return true
	case abs&(abs-1) == 0:
		s.divideByPowerOfTwo(q, xr, uint(bits.TrailingZeros64(abs)), w)
		if dv < 0 {
			s.emit(opNeg, size, regOp(q))
		}
	default:
		s.divideByMagic(q, xr, dv, w)
	}
	if rem {
		// x - q*d; q*d by an immediate or a register holding d.
		t := s.f.newVReg(size)
		if fitsInt32(dv) {
			s.emit(opImul3, size, regOp(t), regOp(q), immOp(dv))
		} else {
			s.valueInto(t, c)
			s.emit(opImul, size, regOp(t), regOp(q))
		}
		s.emit(opMov, 8, regOp(d), regOp(xr))
		s.emit(opSub, size, regOp(d), regOp(t))
	}
	return true
}

// quotientOf returns an sdiv x, d (udiv x, d) that computes the quotient
// of srem v = x % d (urem) and dominates it, or nil: a remainder next to
// its quotient (cell / 9 and cell % 9) then costs a multiplication and a
// subtraction, not a second multiplication by the magic number and its
// corrections.
func (s *selector) quotientOf(v *middle.Value) *middle.Value {
	if s.quotients == nil {
		s.quotients = map[divisionKey][]*middle.Value{}
		for _, b := range s.ir.Blocks {
			for _, u := range b.Instrs {
				if (u.Op == middle.OpSDiv || u.Op == middle.OpUDiv) && isConstLike(u.Args[1]) && !isConstLike(u.Args[0]) && s.blocks[b.ID] != nil && !s.absorbed[u.ID] {
					k := divisionKey{u.Op, u.Args[0], constant(u.Args[1]), u.Type}
					s.quotients[k] = append(s.quotients[k], u)
				}
			}
		}
	}
	op := middle.OpSDiv
	if v.Op == middle.OpURem {
		op = middle.OpUDiv
	}
	for _, u := range s.quotients[divisionKey{op, v.Args[0], constant(v.Args[1]), v.Type}] {
		if u.Block != v.Block {
			// The tree only now: most remainders have no quotient
			// to reuse, and at -O0 nothing else needs it.
			if s.ir.Dom().Dominates(u.Block, v.Block) {
				return u
			}
			continue
		}
		for _, i := range v.Block.Instrs {
			if i == u {
				return u
			}
			if i == v {
				break
			}
		}
	}
	return nil
}

// divisionKey names a division by a constant: signed or unsigned,
// dividend, divisor and type.
type divisionKey struct {
	op  middle.Op
	x   *middle.Value
	d   int64
	typ middle.Type
}

// divideByPowerOfTwo puts x / 2^k, rounded toward zero, in q: negative
// dividends get 2^k - 1 added first.
func (s *selector) divideByPowerOfTwo(q, x Reg, k, w uint) {
	size := uint8(w / 8)
	s.addRoundingBias(q, x, k, w)
	s.emit(opSar, size, regOp(q), immOp(int64(k)))
}

// remainderByPowerOfTwo puts x % ±2^k in d as x - ((x + bias) & -2^k): the
// biased dividend with its low k bits cleared is the quotient times 2^k,
// without a multiplication.
func (s *selector) remainderByPowerOfTwo(d, x Reg, k, w uint) {
	size := uint8(w / 8)
	t := s.f.newVReg(size)
	s.addRoundingBias(t, x, k, w)
	mask := Operand{Kind: KindImm, Imm: -1 << k}
	if !fitsInt32(mask.Imm) {
		mask = regOp(s.f.newVReg(8))
		s.emit(opMov, 8, mask, immOp(-1<<k))
	}
	s.emit(opAnd, size, regOp(t), mask)
	s.emit(opMov, 8, regOp(d), regOp(x))
	s.emit(opSub, size, regOp(d), regOp(t))
}

// remainderByMask puts x % 2^k, unsigned, in d: the low k bits, x & mask.
func (s *selector) remainderByMask(d, x Reg, mask uint64, size uint8) {
	m := immOp(int64(mask))
	if size == 4 {
		m.Imm = int64(int32(uint32(mask))) // andl takes its immediate as 32 bits
	}
	if !fitsInt32(m.Imm) {
		m = regOp(s.f.newVReg(8))
		s.add(materialize(&s.f.slab, m.Reg, immOp(int64(mask))))
	}
	s.emit(opMov, 8, regOp(d), regOp(x))
	s.emit(opAnd, size, regOp(d), m)
}

// addRoundingBias puts in t the dividend x plus 2^k - 1 when x is negative:
// the sign spread over the low k bits (sar w-1, then shr w-k; the sar is
// not needed when k is 1, the sign bit itself being the bias).
func (s *selector) addRoundingBias(t, x Reg, k, w uint) {
	size := uint8(w / 8)
	bias := s.f.newVReg(size)
	s.emit(opMov, 8, regOp(bias), regOp(x))
	if k > 1 {
		s.emit(opSar, size, regOp(bias), immOp(int64(w-1)))
	}
	s.emit(opShr, size, regOp(bias), immOp(int64(w-k)))
	s.emit(opLea, size, regOp(t), Operand{Kind: KindMem, Base: x, Index: bias, Scale: 1})
}

// divideByMagic puts x / d in q by multiplying with the magic number: the
// high half of the product, corrected by x when the magic number's sign
// differs from d's, shifted, plus one when negative (rounding toward zero).
func (s *selector) divideByMagic(q, x Reg, d int64, w uint) {
	m, sh := signedMagic(d, w)
	size := uint8(w / 8)
	if w == 64 {
		// The one-operand imul: rdx:rax = rax * x.
		s.add(materialize(&s.f.slab, RAX, immOp(m)))
		mul := s.emit(opImul1, 8, regOp(x))
		mul.Uses, mul.Defs = maskOf(RAX), maskOf(RAX, RDX)
		s.emit(opMov, 8, regOp(q), regOp(RDX))
	} else {
		// A 64-bit product of the sign-extended operands, shifted down 32.
		s.add(s.f.slab.instr(Instr{Op: opMovsx, Size: 8, SrcSize: 4}, regOp(q), regOp(x)))
		s.emit(opImul3, 8, regOp(q), regOp(q), immOp(m))
		s.emit(opSar, 8, regOp(q), immOp(32))
	}
	switch {
	case d > 0 && m < 0:
		s.emit(opAdd, size, regOp(q), regOp(x))
	case d < 0 && m > 0:
		s.emit(opSub, size, regOp(q), regOp(x))
	}
	if sh > 0 {
		s.emit(opSar, size, regOp(q), immOp(int64(sh)))
	}
	sign := s.f.newVReg(size)
	s.emit(opMov, 8, regOp(sign), regOp(q))
	s.emit(opShr, size, regOp(sign), immOp(int64(w-1)))
	s.emit(opAdd, size, regOp(q), regOp(sign))
}

// divideUnsignedByMagic puts x / d, unsigned, in q: the high half of x
// times the magic number, shifted; when the magic number is 2^w + m, the
// high half t of x*m is short of the quotient's by x, which is added as
// (((x - t) >> 1) + t) >> (s - 1), the sum halved before it could carry
// out of w bits (Hacker's Delight, section 10-8).
func (s *selector) divideUnsignedByMagic(q, x Reg, d uint64, w uint) {
	m, sh, add := unsignedMagic(d, w)
	size := uint8(w / 8)
	if w == 64 {
		// The one-operand mul: rdx:rax = rax * x.
		s.add(materialize(&s.f.slab, RAX, immOp(int64(m))))
		mul := s.emit(opMul1, 8, regOp(x))
		mul.Uses, mul.Defs = maskOf(RAX), maskOf(RAX, RDX)
		s.emit(opMov, 8, regOp(q), regOp(RDX))
	} else {
		// A 64-bit product of the zero-extended operands, shifted down
		// 32: both are below 2^32, so it does not overflow. q's upper
		// half is read until the shift, so all 8 bytes are meaningful:
		// spilled, the movl must not write only the low half of q's slot.
		s.f.vreg(q).width = 8
		s.emit(opMov, 4, regOp(q), regOp(x)) // writing a 32-bit register clears the upper half
		if fitsInt32(int64(m)) {
			s.emit(opImul3, 8, regOp(q), regOp(q), immOp(int64(m)))
		} else {
			t := s.f.newVReg(8)
			s.add(materialize(&s.f.slab, t, immOp(int64(m))))
			s.emit(opImul, 8, regOp(q), regOp(t))
		}
		if !add {
			s.emit(opShr, 8, regOp(q), immOp(int64(32+sh)))
			return
		}
		s.emit(opShr, 8, regOp(q), immOp(32))
	}
	if add {
		t := s.f.newVReg(size)
		s.emit(opMov, 8, regOp(t), regOp(x))
		s.emit(opSub, size, regOp(t), regOp(q))
		s.emit(opShr, size, regOp(t), immOp(1))
		s.emit(opAdd, size, regOp(q), regOp(t))
		sh--
	}
	if sh > 0 {
		s.emit(opShr, size, regOp(q), immOp(int64(sh)))
	}
}
