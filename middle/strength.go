package middle

import "math/bits"

// StrengthReduce replaces multiplications by cheaper operations.
//
// In loops (operator strength reduction over induction variables: Cocke
// and Kennedy, "An Algorithm for Reduction of Operator Strength", CACM
// 1977; the form here is that of Muchnick's "Advanced Compiler Design and
// Implementation", 14.1): a basic induction variable is a φ of a loop
// header whose value on the back edge is the φ plus a loop-invariant step,
// i = φ(init, i + s). A product i * n with n invariant in the loop then
// grows by s * n each iteration, so it becomes a derived induction
// variable d = φ(init * n, d + s * n): a multiplication per iteration (the
// k * n of matmul's b[k * n + j]) becomes an addition, and init * n and
// s * n are computed once in the preheader. In two's complement the
// identity (init + t*s) * n = init*n + t*(s*n) holds modulo 2^width, so
// wrapping changes nothing. A basic induction variable that only feeds its
// own increment afterwards is deleted. Products by a constant power of two
// are left to the next rule instead: a shift is as cheap as the addition
// and needs no register across the loop.
//
// Everywhere: x * 2^k becomes x << k (the same bits in two's complement,
// including 2^(width-1), the most negative constant).
//
// Division and remainder by constants would become a multiply-high and
// shifts (Granlund and Montgomery), which this IR cannot express; the
// backend is the place for them.
//
// Only products that run on every trip round the loop (or in a loop nested
// in it) are reduced: one on an arm of an if would trade its
// multiplication on some trips for an addition on all of them, and a
// register held across the loop.
//
// Requires: SSA form. Guarantees: InsertPreheaders' (every natural loop has
// a preheader); no multiplication of a basic induction
// variable by an invariant that is not a power of two remains in a block
// of its loop that runs on every trip, or in a loop nested in it.
// Linear in the function plus the loops' header φs.
func StrengthReduce(f *Func) {
	if f.IsDecl() {
		return
	}
	InsertPreheaders(f)
	dom := f.Dom()
	s := &reducer{f: f, dom: dom, nest: f.Loops(), ivs: inductionTables.Take(f.NumValues()), derived: make(map[derivedKey]*Value)}
	defer inductionTables.Give(s.ivs)
	for _, l := range s.nest.Loops {
		s.findInductionVars(l, dom)
	}
	var muls []*Value // collected first: reducing inserts φs and increments
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpMul {
				muls = append(muls, v)
			}
		}
	}
	repl := valueTables.Take(f.NumValues())
	for _, v := range muls {
		repl[v.ID] = s.reduce(v)
	}
	f.ReplaceUses(repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(repl) && repl[v.ID] != nil })
	}
	valueTables.Give(repl)
	s.removeDeadInductionVars()
	shiftPowersOfTwo(f)
}

// inductionVar is a basic induction variable φ = φ(init, φ + step) of loop.
type inductionVar struct {
	phi, init, step, next *Value
	loop                  *Loop
	pre, latch            *Block
}

type derivedKey struct{ iv, factor *Value }

// inductionTables keeps the reducers' tables by Value.ID (scratch.go).
var inductionTables TablePool[*inductionVar]

type reducer struct {
	f       *Func
	dom     *DomTree
	nest    *LoopNest
	ivs     []*inductionVar       // by the header φ's Value.ID
	derived map[derivedKey]*Value // iv * factor, once per pair
}

// findInductionVars records the basic induction variables of l: its header
// φs whose entry on the (single) back edge adds an invariant step to them.
func (s *reducer) findInductionVars(l *Loop, dom *DomTree) {
	if len(l.Latches) != 1 {
		return
	}
	latch := l.Latches[0]
	var pre *Block
	for _, pE := range l.Header.Preds {
		p := pE.Block()
		if !dom.Dominates(l.Header, p) {
			pre = p
		}
	}
	for _, phi := range l.Header.Phis() {
		if len(phi.Args) != 2 || !phi.Type.IsInt() || phi.Type == I1 {
			continue
		}
		next := phi.IncomingFor(latch)
		iv := &inductionVar{phi: phi, init: phi.IncomingFor(pre), next: next, loop: l, pre: pre, latch: latch}
		switch {
		case next.Op == OpAdd && next.Args[0] == phi && s.invariant(l, next.Args[1]):
			iv.step = next.Args[1]
		case next.Op == OpAdd && next.Args[1] == phi && s.invariant(l, next.Args[0]):
			iv.step = next.Args[0]
		case next.Op == OpSub && next.Args[0] == phi && next.Args[1].Op == OpConst:
			iv.step = s.f.Const(phi.Type, -next.Args[1].Const)
		default:
			continue
		}
		s.ivs[phi.ID] = iv
	}
}

// invariant reports whether v has the same value throughout every
// execution of l: it is a constant, a parameter, or computed outside l.
func (s *reducer) invariant(l *Loop, v *Value) bool {
	return v.Block == nil || !s.nest.Contains(l, v.Block)
}

// reduce returns the derived induction variable that replaces the
// multiplication v, or nil when v is not iv * invariant.
func (s *reducer) reduce(v *Value) *Value {
	for i, a := range v.Args {
		if a.Op != OpPhi || a.ID >= len(s.ivs) {
			continue
		}
		iv := s.ivs[a.ID]
		factor := v.Args[1-i]
		if iv == nil || !s.invariant(iv.loop, factor) || factor.Op == OpConst && isPowerOfTwo(factor) {
			continue
		}
		if !s.nest.Contains(iv.loop, v.Block) {
			continue
		}
		key := derivedKey{iv.phi, factor}
		if d := s.derived[key]; d != nil {
			return d
		}
		if !s.everyTrip(iv, v.Block) {
			continue
		}
		d := s.derive(iv, factor, v)
		s.derived[key] = d
		return d
	}
	return nil
}

// everyTrip reports whether a product in b, a block of iv's loop, runs
// as often as the derived variable's addition would: on every trip round
// the loop (b dominates the latch), or many times a trip (b is in a loop
// nested in iv's). The derived variable's addition runs on every trip; a
// multiplication on one arm of an if (md5's (5*i + 1) % 16 in one round
// of four) is cheaper left where it is than paid for on the others, and
// each derived variable holds a register across the whole loop.
func (s *reducer) everyTrip(iv *inductionVar, b *Block) bool {
	return s.dom.Dominates(b, iv.latch) || s.nest.Depth(b) > s.nest.Depth(iv.loop.Header)
}

// derive makes d = φ(init * factor, d + step * factor) for iv, named and
// positioned after the multiplication mul it replaces.
func (s *reducer) derive(iv *inductionVar, factor, mul *Value) *Value {
	f := s.f
	start := s.product(iv.pre, iv.init, factor, mul.Name+".init", mul)
	step := s.product(iv.pre, iv.step, factor, mul.Name+".step", mul)
	d := f.NewValue(OpPhi, mul.Type, mul.Name)
	d.SetOrigin(mul)
	next := f.NewValue(OpAdd, mul.Type, mul.Name+".next", d, step)
	next.SetOrigin(mul)
	iv.latch.InsertBeforeTerm(next)
	for _, e := range iv.loop.Header.Preds {
		if e.b == iv.pre {
			d.AddArg(start)
		} else {
			d.AddArg(next)
		}
	}
	iv.loop.Header.InsertPhi(d)
	return d
}

// product returns x * y, folded when x is a constant 0 or 1 or both are
// constants, else computed at the end of block b.
func (s *reducer) product(b *Block, x, y *Value, name string, like *Value) *Value {
	switch {
	case x.IsConst(0):
		return x
	case x.IsConst(1):
		return y
	case x.Op == OpConst && y.Op == OpConst:
		p, _ := FoldBinary(OpMul, x.Type, x.Const, y.Const)
		return s.f.Const(x.Type, p)
	}
	m := s.f.NewValue(OpMul, x.Type, name, x, y)
	m.SetOrigin(like)
	b.InsertBeforeTerm(m)
	return m
}

// removeDeadInductionVars deletes the basic induction variables whose φ
// and increment are used by nothing but each other.
func (s *reducer) removeDeadInductionVars() {
	uses := useCounts(s.f)
	defer int32Tables.Give(uses)
	dead := boolTables.Take(s.f.NumValues())
	defer boolTables.Give(dead)
	found := false
	for _, l := range s.nest.Loops {
		for _, phi := range l.Header.Phis() {
			if phi.ID >= len(s.ivs) {
				continue // a derived induction variable
			}
			iv := s.ivs[phi.ID]
			if iv != nil && uses[phi.ID] == 1 && uses[iv.next.ID] == 1 {
				dead[phi.ID], dead[iv.next.ID], found = true, true, true
			}
		}
	}
	if !found {
		return
	}
	for _, b := range s.f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(dead) && dead[v.ID] })
	}
}

// shiftPowersOfTwo rewrites x * 2^k as x << k.
func shiftPowersOfTwo(f *Func) {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op != OpMul || v.Type == I1 {
				continue
			}
			for i, c := range v.Args {
				if c.Op == OpConst && isPowerOfTwo(c) && zeroExtend(c.Type, c.Const) > 1 {
					v.Op = OpShl
					v.Args = []*Value{v.Args[1-i], f.Const(v.Type, int64(bits.TrailingZeros64(zeroExtend(c.Type, c.Const))))}
					break
				}
			}
		}
	}
}

// isPowerOfTwo reports whether the constant c, read as unsigned, is a power
// of two.
func isPowerOfTwo(c *Value) bool {
	u := zeroExtend(c.Type, c.Const)
	return u != 0 && u&(u-1) == 0
}
