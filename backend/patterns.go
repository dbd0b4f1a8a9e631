package backend

import "toyc/middle"

// Selection patterns that span several IR instructions: tree matching over
// single-use operands, the shapes LLVM's DAG combiner and x86 instruction
// selector turn into one or two instructions, tiled greedily (maximal
// munch, Appel's "Modern Compiler Implementation", section 9.1) instead of
// by dynamic programming. Before a block is selected, findPatterns walks it
// in order and records, for each root that matches, the parts the emitter
// needs; the operands the root swallows are marked absorbed and selected
// as part of it, never on their own. An absorbed value has the root as its
// only use, in the same block, so nothing else wants its register.
//
//	and (ashr x, c), m                 m within the low w-c bits: shr x, c (and m)
//	or|xor (shl x, c), (lshr x, w-c)   rol x, c; the right shift may be the
//	                                   masked ashr above, Toy's logical shift
//	or|xor (shl x, n), (and (ashr|lshr x, w-n), (shl 1, n) - 1)
//	                                   rol x, n for a count n in a register
//	                                   (md5's rotate by a table's amount);
//	                                   each count may be masked to the width
//	add y, (mul x, 2|4|8)              lea (y, x, s), also for shl x, 1|2|3
//	add (mul x, 2|4|8|3|5|9), k        lea k(, x, s) or lea k(x, x, s-1); sub k too
//	icmp eq|ne (srem x, ±2^k), 0       test x, 2^k-1
//	icmp eq|ne (and x, m), 0           test x, m
//	icmp eq|ne (and (ashr|lshr x, c), 1), 0
//	                                   bt x, c: bit c of x, for a count c
//	                                   in a register (which bt, as a shift,
//	                                   takes modulo the width)
//	shl|ashr|lshr x, (and c, m)        shift by c: m keeps the count bits the
//	                                   hardware reads from CL (Toy's mask);
//	                                   the and may count several shifts
//	store (op (load p), x), p          op x, (p) for add, sub, and, or, xor: a
//	                                   read-modify-write of memory (a counter
//	                                   in a global, a[i] += x), with no store
//	                                   or call between the load and the store
//
// Only i32 and i64 roots match: narrower values would need extensions the
// patterns do not pay for.

// pattern names the shape a root matched.
type pattern uint8

const (
	patNone       pattern = iota
	patShr                // x logically shifted right by c, then and m unless m is all the bits left
	patRotate             // x rotated left by c, or by y when y is set
	patLea                // base y (or x when scale3 is set) + x*scale + disp
	patParity             // the flags of x & m (test), for an eq or ne compare with zero
	patRMW                // a store of op (load p), y to p: op y into the memory at p (x is the op)
	patShiftCount         // a shift by y, whose mask the hardware applies itself
	patBitTest            // the carry of bit y of x (bt), for an eq or ne compare with zero
)

// match is what findPatterns recorded for a root: its pattern and parts.
type match struct {
	kind   pattern
	x, y   *middle.Value // operands; y is nil when there is none
	c      int64         // shift or rotate count, or lea displacement
	m      uint64        // and mask of patShr, test mask of patParity
	scale  uint8         // patLea: the index's scale
	scale3 bool          // patLea: x is also the base (x*3, x*5, x*9)
}

// findPatterns fills s.matched and s.absorbed for the reachable blocks.
func (s *selector) findPatterns() {
	n := s.ir.NumValues()
	s.matched = middle.Zeroed(s.matched, n)
	s.absorbed = middle.Zeroed(s.absorbed, n)
	for _, b := range s.ir.Blocks {
		if s.blocks[b.ID] == nil {
			continue
		}
		for i, v := range b.Instrs {
			if v.Op == middle.OpStore {
				if m, parts := s.matchRMW(v, b.Instrs[:i]); m.kind != patNone {
					s.matched[v.ID] = m
					for _, p := range parts {
						s.absorbed[p.ID] = true
					}
				}
				continue
			}
			if !v.HasResult() || len(v.Args) == 0 {
				continue
			}
			if w := bitsOf(v.Args[0].Type); w != 32 && w != 64 || v.Type != v.Args[0].Type && v.Op != middle.OpICmp {
				continue
			}
			m, parts := s.matchRoot(v)
			if m.kind == patNone {
				continue
			}
			s.matched[v.ID] = m
			for _, p := range parts {
				s.absorbed[p.ID] = true
			}
		}
	}
}

// matchRoot tries every pattern on v and returns the match with the values
// it absorbs.
func (s *selector) matchRoot(v *middle.Value) (match, []*middle.Value) {
	switch v.Op {
	case middle.OpAnd:
		if m, a, ok := s.matchShr(v); ok {
			return m, []*middle.Value{a}
		}
	case middle.OpOr, middle.OpXor:
		return s.matchRotate(v)
	case middle.OpAdd, middle.OpSub:
		return s.matchLea(v)
	case middle.OpICmp:
		return s.matchParity(v)
	case middle.OpShl, middle.OpAShr, middle.OpLShr:
		return s.matchShiftCount(v)
	}
	return match{}, nil
}

// matchShiftCount matches a shift whose count is an and with a mask that
// keeps the low log2(w) bits: x86 takes the count in CL modulo the width
// (5 bits for 32-bit shifts, 6 for 64-bit), so the and is the hardware's.
// An and that is the count of several shifts of its block and has no
// other use (a rotate written with shifts: x << c, 1 << c) is absorbed
// into each of them, every one of which matches as this one does.
func (s *selector) matchShiftCount(v *middle.Value) (match, []*middle.Value) {
	a := v.Args[1]
	shared := a.Op == middle.OpAnd && a.Block == v.Block && s.uses[a.ID] > 1 && s.uses[a.ID] == s.countUses[a.ID] && s.matched[a.ID].kind == patNone
	if !shared && !s.inner(a, v, middle.OpAnd) {
		return match{}, nil
	}
	w := int64(bitsOf(v.Type))
	for i, m := range a.Args {
		if isConstLike(m) && constant(m)&(w-1) == w-1 && !isConstLike(a.Args[1-i]) {
			return match{kind: patShiftCount, y: a.Args[1-i]}, []*middle.Value{a}
		}
	}
	return match{}, nil
}

// isShift reports whether op is a shift, whose second operand is its count.
func isShift(op middle.Op) bool {
	return op == middle.OpShl || op == middle.OpAShr || op == middle.OpLShr
}

// bitsOf is the width of t in bits.
func bitsOf(t middle.Type) uint { return 8 * uint(t.Size()) }

// lowBits is the mask of the low w bits.
func lowBits(w uint) uint64 { return ^uint64(0) >> (64 - w) }

// inner reports whether a, an operand of u, can be absorbed into u: an
// instruction op of u's block, used only by u, not part of another match.
func (s *selector) inner(a, u *middle.Value, op middle.Op) bool {
	return a.Op == op && a.Block == u.Block && s.uses[a.ID] == 1 && !s.absorbed[a.ID] && s.matched[a.ID].kind == patNone
}

// constCount returns v's second operand when it is a constant in [1, w).
func constCount(v *middle.Value, w uint) (int64, bool) {
	k := v.Args[1]
	if !isConstLike(k) || isConstLike(v.Args[0]) {
		return 0, false
	}
	c := constant(k)
	return c, c > 0 && c < int64(w)
}

// matchShr matches and (ashr x, c), m with m in the low w-c bits, which
// reads no copy of the sign bit; it returns the ashr it absorbs.
func (s *selector) matchShr(v *middle.Value) (match, *middle.Value, bool) {
	w := bitsOf(v.Type)
	for i := range 2 {
		a, k := v.Args[i], v.Args[1-i]
		if !isConstLike(k) || !s.inner(a, v, middle.OpAShr) {
			continue
		}
		c, ok := constCount(a, w)
		m := uint64(constant(k)) & lowBits(w)
		if !ok || m&^(lowBits(w)>>c) != 0 {
			continue
		}
		return match{kind: patShr, x: a.Args[0], y: k, c: c, m: m}, a, true
	}
	return match{}, nil, false
}

// logicalShift matches r, an operand of u, as x shifted logically right
// by c: an lshr by a constant, or the and of an ashr that patShr matched
// with nothing masked off but the copies of the sign. It returns the values
// absorbed with it.
func (s *selector) logicalShift(r, u *middle.Value) (x *middle.Value, c int64, parts []*middle.Value, ok bool) {
	w := bitsOf(u.Type)
	if s.inner(r, u, middle.OpLShr) {
		c, ok := constCount(r, w)
		return r.Args[0], c, []*middle.Value{r}, ok
	}
	if r.Op != middle.OpAnd || r.Block != u.Block || s.uses[r.ID] != 1 || s.absorbed[r.ID] {
		return nil, 0, nil, false
	}
	m := s.matched[r.ID]
	if m.kind != patShr || m.m != lowBits(w)>>m.c {
		return nil, 0, nil, false
	}
	return m.x, m.c, []*middle.Value{r}, true // its ashr is absorbed already
}

// matchRotate matches or (or xor) of shl x, c and x shifted logically
// right by w-c: the two halves never overlap, so either is a rotation.
func (s *selector) matchRotate(v *middle.Value) (match, []*middle.Value) {
	w := bitsOf(v.Type)
	for i := range 2 {
		l, r := v.Args[i], v.Args[1-i]
		if !s.inner(l, v, middle.OpShl) {
			continue
		}
		c, ok := constCount(l, w)
		if !ok {
			continue
		}
		x, rc, parts, ok := s.logicalShift(r, v)
		if ok && x == l.Args[0] && rc == int64(w)-c {
			return match{kind: patRotate, x: x, c: c}, append(parts, l)
		}
	}
	for i := range 2 {
		if m, parts := s.matchVarRotate(v, v.Args[i], v.Args[1-i]); m.kind != patNone {
			return m, parts
		}
	}
	return match{}, nil
}

// matchVarRotate matches l | r, u being the or, as x rotated left by a
// count n in a register: l = shl x, n and r = and (ashr|lshr x, W - n),
// (shl 1, n) - 1 with W a multiple of the width w. For n mod w = k the
// right shift brings the top k bits of x down (with copies of the sign
// above them), the mask keeps those k (none for k = 0), and the shift
// left puts the rest above them: the rotation by k, which rol by CL
// computes, taking its count modulo w as the shifts do.
func (s *selector) matchVarRotate(u, l, r *middle.Value) (match, []*middle.Value) {
	w := bitsOf(u.Type)
	n, ok := s.countOf(l, u, middle.OpShl)
	if !ok || !s.inner(r, u, middle.OpAnd) {
		return match{}, nil
	}
	x := l.Args[0]
	for j := range 2 {
		sh, m := r.Args[j], r.Args[1-j]
		op := middle.OpAShr
		if sh.Op == middle.OpLShr {
			op = middle.OpLShr
		}
		back, ok := s.countOf(sh, r, op)
		if !ok || sh.Args[0] != x || back.Op != middle.OpSub || !isConstLike(back.Args[0]) ||
			constant(back.Args[0])%int64(w) != 0 || unmasked(back.Args[1], w) != n {
			continue
		}
		// m = (shl 1, n) - 1
		if !s.inner(m, r, middle.OpSub) || !isConstLike(m.Args[1]) || constant(m.Args[1]) != 1 {
			continue
		}
		one := m.Args[0]
		if c, ok := s.countOf(one, m, middle.OpShl); !ok || c != n || !isConstLike(one.Args[0]) || constant(one.Args[0]) != 1 {
			continue
		}
		parts := []*middle.Value{l, r, sh, m, one}
		if back.Block == u.Block && s.uses[back.ID] == 1 && !s.absorbed[back.ID] && s.matched[back.ID].kind == patNone {
			parts = append(parts, back) // W - n, read by nothing else
		}
		return match{kind: patRotate, x: x, y: n}, parts
	}
	return match{}, nil
}

// countOf matches sh as a shift op of u's block used by u alone, matched
// by nothing but patShiftCount, and returns its count with the and that
// masks it to the width taken off (unmasked).
func (s *selector) countOf(sh, u *middle.Value, op middle.Op) (*middle.Value, bool) {
	if sh.Op != op || sh.Block != u.Block || s.uses[sh.ID] != 1 || s.absorbed[sh.ID] || isConstLike(sh.Args[1]) {
		return nil, false
	}
	switch m := s.matched[sh.ID]; m.kind {
	case patShiftCount:
		return unmasked(m.y, bitsOf(sh.Type)), true
	case patNone:
		return unmasked(sh.Args[1], bitsOf(sh.Type)), true
	}
	return nil, false
}

// unmasked returns the count c with an and that keeps its low log2(w)
// bits taken off: the same count for a shift or rotate of width w.
func unmasked(c *middle.Value, w uint) *middle.Value {
	if c.Op == middle.OpAnd {
		for i, k := range c.Args {
			if isConstLike(k) && constant(k)&int64(w-1) == int64(w-1) && !isConstLike(c.Args[1-i]) {
				return c.Args[1-i]
			}
		}
	}
	return c
}

// scaled matches a as x times 2, 4 or 8 (a mul or a shl by a constant),
// absorbable into u; small3 also accepts 3, 5 and 9 (x + x*2, 4, 8).
func (s *selector) scaled(a, u *middle.Value, small3 bool) (x *middle.Value, scale uint8, base bool, ok bool) {
	switch {
	case s.inner(a, u, middle.OpShl):
		if c, ok := constCount(a, bitsOf(a.Type)); ok && c <= 3 {
			return a.Args[0], 1 << c, false, true
		}
	case s.inner(a, u, middle.OpMul):
		for i := range 2 {
			k, x := a.Args[i], a.Args[1-i]
			if !isConstLike(k) || isConstLike(x) {
				continue
			}
			switch c := constant(k); {
			case c == 2 || c == 4 || c == 8:
				return x, uint8(c), false, true
			case small3 && (c == 3 || c == 5 || c == 9):
				return x, uint8(c - 1), true, true
			}
		}
	}
	return nil, 0, false, false
}

// matchLea matches an add of a register and a scaled register, or of a
// scaled register and a constant displacement (a sub of one too).
func (s *selector) matchLea(v *middle.Value) (match, []*middle.Value) {
	for i := range 2 {
		a, b := v.Args[i], v.Args[1-i]
		if v.Op == middle.OpSub && i == 1 {
			break // only the minuend may be scaled
		}
		if isConstLike(b) {
			d := constant(b)
			if v.Op == middle.OpSub {
				d = -d
			}
			if !fitsInt32(d) {
				continue
			}
			if x, sc, base, ok := s.scaled(a, v, true); ok {
				return match{kind: patLea, x: x, c: d, scale: sc, scale3: base}, []*middle.Value{a}
			}
			continue
		}
		if v.Op == middle.OpSub || isConstLike(a) {
			continue
		}
		if x, sc, _, ok := s.scaled(b, v, false); ok {
			return match{kind: patLea, x: x, y: a, scale: sc}, []*middle.Value{b}
		}
	}
	return match{}, nil
}

// matchParity matches icmp eq|ne (and x, m), 0, and icmp eq|ne (srem x,
// ±2^k), 0: the remainder is zero exactly when the low k bits of x are.
func (s *selector) matchParity(v *middle.Value) (match, []*middle.Value) {
	if v.Pred != middle.PredEQ && v.Pred != middle.PredNE {
		return match{}, nil
	}
	for i := range 2 {
		r, z := v.Args[i], v.Args[1-i]
		if !isConstLike(z) || constant(z) != 0 {
			continue
		}
		if s.inner(r, v, middle.OpAnd) {
			for j := range 2 {
				x, m := r.Args[j], r.Args[1-j]
				if !isConstLike(m) || isConstLike(x) || !fitsInt32(constant(m)) {
					continue
				}
				if constant(m) == 1 {
					if bt, parts, ok := s.bitTest(x, r); ok {
						return bt, append(parts, r)
					}
				}
				return match{kind: patParity, x: x, m: uint64(constant(m))}, []*middle.Value{r}
			}
		}
		if !s.inner(r, v, middle.OpSRem) || isConstLike(r.Args[0]) || !isConstLike(r.Args[1]) {
			continue
		}
		d := constant(r.Args[1])
		if d < 0 {
			d = -d
		}
		if d > 1 && d&(d-1) == 0 && d <= 1<<31 {
			return match{kind: patParity, x: r.Args[0], m: uint64(d - 1)}, []*middle.Value{r}
		}
	}
	return match{}, nil
}

// bitTest matches sh, the operand of and sh, 1 (which is r), as a shift
// right of x by a count in a register: bit c of x is the low bit of
// either shift of x by c below the width, which bt reads into the carry.
// The shift may have absorbed the and that masks its count (patShiftCount),
// which bt applies itself as the shift does. A constant count is left to
// patParity's test against the shifted register, or patShr's shr.
func (s *selector) bitTest(sh, r *middle.Value) (match, []*middle.Value, bool) {
	if sh.Op != middle.OpAShr && sh.Op != middle.OpLShr || sh.Block != r.Block || s.uses[sh.ID] != 1 || s.absorbed[sh.ID] {
		return match{}, nil, false
	}
	c := sh.Args[1]
	switch m := s.matched[sh.ID]; m.kind {
	case patShiftCount:
		c = m.y
	case patNone:
	default:
		return match{}, nil, false
	}
	if isConstLike(c) || isConstLike(sh.Args[0]) {
		return match{}, nil, false
	}
	return match{kind: patBitTest, x: sh.Args[0], y: c}, []*middle.Value{sh}, true
}

// rmwOps are the operations a read-modify-write store can do in memory.
var rmwOps = map[middle.Op]bool{middle.OpAdd: true, middle.OpSub: true, middle.OpAnd: true, middle.OpOr: true, middle.OpXor: true}

// matchRMW matches the store st, of op (load p), y to p, with the load and
// the op used only there and in st's block, and no store or call between
// the load and st (before are the instructions of the block before st):
// then memory holds at st what the load read. It returns the op and the
// load it absorbs.
func (s *selector) matchRMW(st *middle.Value, before []*middle.Value) (match, []*middle.Value) {
	val, p := st.Args[0], st.Args[1]
	if w := bitsOf(val.Type); w != 32 && w != 64 || !rmwOps[val.Op] || !s.inner(val, st, val.Op) {
		return match{}, nil
	}
	ld, y := val.Args[0], val.Args[1]
	if val.Op != middle.OpSub && !(ld.Op == middle.OpLoad && ld.Args[0] == p) {
		ld, y = y, ld
	}
	if !s.inner(ld, val, middle.OpLoad) || ld.Args[0] != p || y == ld {
		return match{}, nil
	}
	for i := len(before) - 1; i >= 0 && before[i] != ld; i-- {
		if w := before[i]; w.Op == middle.OpStore || w.Op == middle.OpCall {
			return match{}, nil
		}
	}
	return match{kind: patRMW, x: val, y: y}, []*middle.Value{val, ld}
}

// selectRMW selects the store st, the root of a patRMW match.
func (s *selector) selectRMW(st *middle.Value) {
	m := s.matched[st.ID]
	size := sizeOf(m.x.Type)
	s.emit(aluOps[m.x.Op], size, s.address(st.Args[1]), s.operand(m.y, size))
}

// selectPattern selects v, the root of a match, into d.
func (s *selector) selectPattern(v *middle.Value, d Reg) {
	m := s.matched[v.ID]
	size := aluSize(v.Type)
	switch m.kind {
	case patShr:
		s.valueInto(d, m.x)
		s.emit(opShr, size, regOp(d), immOp(m.c))
		if m.m != lowBits(bitsOf(v.Type))>>m.c {
			s.emit(opAnd, size, regOp(d), s.operand(m.y, size))
		}
	case patShiftCount:
		s.shiftBy(v, d, m.y)
	case patRotate:
		s.valueInto(d, m.x)
		if m.y != nil {
			s.valueInto(RCX, m.y)
			s.emit(opRol, size, regOp(d), regOp(RCX))
			break
		}
		s.emit(opRol, size, regOp(d), immOp(m.c))
	case patLea:
		addr := Operand{Kind: KindMem, Index: s.reg(m.x), Scale: m.scale, Imm: m.c}
		switch {
		case m.scale3:
			addr.Base = addr.Index
		case m.y != nil:
			addr.Base = s.reg(m.y)
		}
		s.emit(opLea, size, regOp(d), addr)
	}
}
