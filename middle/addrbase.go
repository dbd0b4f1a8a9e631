package middle

// HoistAddressBases reassociates the addresses a loop computes so that
// their invariant part is added once, before the loop: an address
// p + (c + x)*size (getelementptr p, c + x), with p and c invariant in the
// innermost loop around it and the sum c + x used by nothing else, becomes
// (p + c*size) + x*size, and p + c*size is computed in the loop's
// preheader. Each iteration then adds only the varying x, which the
// backend's base + index*scale addressing absorbs, where before it
// computed c + x and then the address: puzzle's p[i*(size+1) + k] and
// puzzl[j + k], matmul's a[i*n + k] and, once strength reduction has made
// k*n a counter d, b[d + j]. This is the choice of LLVM's
// LoopStrengthReduce between formulae for an address (Muchnick, "Advanced
// Compiler Design and Implementation", 14.1.4: an address's loop-invariant
// part joins the base register), for the common case of one varying term.
//
// A constant c stays: the backend folds it into the address's
// displacement for free. A sum with another use stays too, since it would
// still be computed and the new base would only hold a register. A
// subtraction x - c with c invariant gives the base p - c*size (its
// negation computed in the preheader too). Address arithmetic wraps
// modulo 2^64 in this IR, so the reassociation is exact: p + (c + x)*size
// and (p + c*size) + x*size are the same bits, and neither traps.
//
// Requires: SSA form. Guarantees: InsertPreheaders' (every natural loop
// has a preheader); no getelementptr in a loop keeps an index c + x or
// x - c of the kind above; the sums it no longer uses are left to DCE.
// Linear in the function.
func HoistAddressBases(f *Func) {
	if f.IsDecl() || !hasSummedAddress(f) {
		return // no loop analysis for a function without candidates
	}
	InsertPreheaders(f)
	nest := f.Loops()
	if len(nest.Loops) == 0 {
		return
	}
	preheaders := make([]*Block, len(nest.Loops))
	for i, l := range nest.Loops {
		for _, e := range l.Header.Preds {
			if !nest.Contains(l, e.b) {
				preheaders[i] = e.b
			}
		}
	}
	uses := useCounts(f)
	defer int32Tables.Give(uses)
	type baseKey struct {
		loop       *Loop
		ptr, index *Value
		elem       Type
		negated    bool
	}
	bases := map[baseKey]*Value{}
	invariant := func(l *Loop, v *Value) bool { return v.Block == nil || !nest.Contains(l, v.Block) }
	for _, b := range f.Blocks {
		l := nest.Innermost(b)
		if l == nil || preheaders[l.index] == nil {
			continue
		}
		for _, v := range b.Instrs {
			// Each rewrite leaves v an address of the same kind when the
			// varying part is itself such a sum ((x + c1) + c2).
			for v.Op == OpGEP && invariant(l, v.Args[0]) {
				sum := v.Args[1]
				c, x, negated, ok := splitInvariant(l, sum, invariant)
				if !ok || uses[sum.ID] != 1 {
					break
				}
				key := baseKey{l, v.Args[0], c, v.Elem, negated}
				base := bases[key]
				if base == nil {
					base = newAddressBase(f, preheaders[l.index], v, c, negated)
					bases[key] = base
				}
				// The sum is dead now: its operands lose a use, x gains v's.
				uses[sum.ID]--
				for _, a := range sum.Args {
					uses[a.ID]--
				}
				uses[x.ID]++
				v.Args[0], v.Args[1] = base, x
			}
		}
	}
}

// hasSummedAddress reports whether some getelementptr of f has an index
// that adds or subtracts two values that are not constants: the candidates,
// the varying term being no constant either.
func hasSummedAddress(f *Func) bool {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op != OpGEP {
				continue
			}
			if x := v.Args[1]; (x.Op == OpAdd || x.Op == OpSub) && x.Args[0].Op != OpConst && x.Args[1].Op != OpConst {
				return true
			}
		}
	}
	return false
}

// splitInvariant returns sum as c + x (or x - c when negated), c being a
// non-constant invariant of l and x varying in it.
func splitInvariant(l *Loop, sum *Value, invariant func(*Loop, *Value) bool) (c, x *Value, negated, ok bool) {
	if (sum.Op != OpAdd && sum.Op != OpSub) || invariant(l, sum) {
		return nil, nil, false, false
	}
	a, b := sum.Args[0], sum.Args[1]
	switch {
	case b.Op != OpConst && invariant(l, b):
		return b, a, sum.Op == OpSub, true
	case sum.Op == OpAdd && a.Op != OpConst && invariant(l, a):
		return a, b, false, true
	}
	return nil, nil, false, false
}

// newAddressBase emits at the end of the preheader pre the address
// gep's base plus c (minus c when negated) elements, named after the
// address.
func newAddressBase(f *Func, pre *Block, gep, c *Value, negated bool) *Value {
	if negated {
		neg := f.NewValue(OpSub, c.Type, c.Name+".neg", f.Const(c.Type, 0), c)
		neg.SetOrigin(gep)
		pre.InsertBeforeTerm(neg)
		c = neg
	}
	base := f.NewValue(OpGEP, Ptr, gep.Name+".base", gep.Args[0], c)
	base.Elem = gep.Elem
	base.SetOrigin(gep)
	pre.InsertBeforeTerm(base)
	return base
}
