package gen

// Expressions of every type. Integer expressions use every operator at int
// and i32, including the cases Toy defines where C does not: wrapping,
// `MIN / -1`, remainders of negative numbers, shift counts outside the
// width. What could fail at run time is made safe by construction (see the
// package comment), never by a value the generator would have to compute.

// expr returns an expression of type t; depth counts the operators above.
func (g *gen) expr(t *Type, depth int) *Node {
	switch t.Kind {
	case Bool:
		return g.boolExpr(depth)
	case Array:
		return g.arrayExpr(t, depth)
	case Pointer:
		return g.pointer(t)
	}
	return g.intExpr(t, depth)
}

func (g *gen) arithmetic() string {
	return []string{"+", "-", "*", "&", "|", "^", "+", "-", "*"}[g.r.IntN(9)]
}

func (g *gen) comparison() string {
	return []string{"==", "!=", "<", "<=", ">", ">="}[g.r.IntN(6)]
}

// intExpr returns an expression of integer type t.
func (g *gen) intExpr(t *Type, depth int) *Node {
	inner := depth < g.cfg.ExprDepth
	for {
		switch g.pick(4, 16, 2, 9, on(g.has.division, 3), on(g.has.shifts, 2), on(g.has.conversions, 3),
			on(g.has.arrays, 1), on(g.has.calls, 3), 1, 2) {
		case 0:
			return g.intLit(g.value(t), t)
		case 1:
			if e := g.load(t, depth); e != nil {
				return e
			}
		case 2:
			if inner {
				return unary([]string{"-", "^"}[g.r.IntN(2)], g.intExpr(t, depth+1), t)
			}
		case 3:
			if inner {
				return binary(g.arithmetic(), g.intExpr(t, depth+1), g.intExpr(t, depth+1), t)
			}
		case 4:
			if inner {
				op := []string{"/", "%"}[g.r.IntN(2)]
				return binary(op, g.intExpr(t, depth+1), g.safeDivisor(t, depth+1), t)
			}
		case 5:
			if inner {
				op := []string{"<<", ">>"}[g.r.IntN(2)]
				return binary(op, g.intExpr(t, depth+1), g.shiftAmount(t, depth+1), t)
			}
		case 6:
			if inner {
				from := []*Type{IntType, I32Type, BoolType}[g.r.IntN(3)]
				return call(t.String(), t, g.expr(from, depth+1))
			}
		case 7:
			if t.Kind == Int && inner {
				return call("len", IntType, g.arrayExpr(g.arrayType(), depth+1))
			}
		case 8:
			if inner {
				if c := g.callOf(t, depth); c != nil {
					return c
				}
			}
		case 9:
			if t.Kind == Int {
				return call("argc", IntType)
			}
		case 10:
			// Operators on literals alone: what constant folding computes
			// at compile time, at the edges of the operators.
			if inner {
				return g.constant(t, 2)
			}
		}
	}
}

// load reads a value of type t from where values are kept: a variable, the
// target of a pointer, or an array element (below the expression depth
// limit); nil when the place it picked holds none.
func (g *gen) load(t *Type, depth int) *Node {
	switch g.pick(10, on(g.has.pointers, 2), on(g.has.arrays, 4)) {
	case 0:
		if v := g.pickVar(g.readable(t)); v != nil {
			return name(v.name, t)
		}
	case 1:
		if p := g.pickVar(g.readable(PointerTo(t))); p != nil {
			return unary("*", name(p.name, p.typ), t)
		}
	default:
		if depth < g.cfg.ExprDepth && dims(t) < maxDims {
			return g.element(t, depth)
		}
	}
	return nil
}

// safeDivisor is never zero, and often -1 or the least value.
func (g *gen) safeDivisor(t *Type, depth int) *Node {
	if g.chance(2) {
		return g.intLit(g.divisor(t), t)
	}
	// e | K has the bits of K, so it is not zero.
	return binary("|", g.intExpr(t, depth+1), g.intLit(g.divisor(t), t), t)
}

// shiftAmount is any count: literals around the width, or any expression.
func (g *gen) shiftAmount(t *Type, depth int) *Node {
	if g.chance(2) {
		return g.intLit(g.shiftCount(t), t)
	}
	return g.intExpr(t, depth+1)
}

// boolExpr returns a condition, often with calls that change globals, so
// that short-circuit evaluation shows.
func (g *gen) boolExpr(depth int) *Node {
	inner := depth < g.cfg.ExprDepth
	for {
		switch g.pick(2, 8, 10, 2, 5, on(g.has.calls, 3)) {
		case 0:
			return g.boolLit()
		case 1:
			if e := g.load(BoolType, depth); e != nil {
				return e
			}
		case 2:
			t := g.scalarType()
			op := g.comparison()
			if t.Kind == Bool {
				op = []string{"==", "!="}[g.r.IntN(2)]
			}
			return binary(op, g.expr(t, depth+1), g.expr(t, depth+1), BoolType)
		case 3:
			if inner {
				return unary("!", g.boolExpr(depth+1), BoolType)
			}
		case 4:
			if inner {
				op := []string{"&&", "||"}[g.r.IntN(2)]
				return binary(op, g.boolExpr(depth+1), g.boolExpr(depth+1), BoolType)
			}
		case 5:
			if inner {
				if c := g.callOf(BoolType, depth); c != nil {
					return c
				}
			}
		}
	}
}

// arrayExpr returns an array of type t; every array has minLength to
// maxLength elements.
func (g *gen) arrayExpr(t *Type, depth int) *Node {
	inner := depth < g.cfg.ExprDepth
	for tries := 0; ; tries++ {
		switch g.pick(13, 2, 2) {
		case 0:
			if e := g.load(t, depth); e != nil {
				return e
			}
		case 1:
			if inner {
				if c := g.callOf(t, depth); c != nil {
					return c
				}
			}
		case 2:
			// Making an array costs a loop per level: within the budget,
			// or when nothing else is at hand.
			if t.Elem.IsScalar() || tries > 20 || g.cost+g.mult*g.makerFor(t).cost <= g.budget {
				return g.makeArray(t)
			}
		}
	}
}

// dims is the number of array levels of t.
func dims(t *Type) int {
	if t.Kind != Array {
		return 0
	}
	return 1 + dims(t.Elem)
}

// makeArray makes a new array of type t: directly with new for arrays of
// scalars, else through a helper that fills every level.
func (g *gen) makeArray(t *Type) *Node {
	if t.Elem.IsScalar() && g.chance(2) {
		// Counted as the statements that would fill it, so that the
		// budget also bounds the memory a run allocates (arrays are never
		// freed).
		g.cost += g.mult * maxLength
		return &Node{Op: OpNew, Type: t, Kids: []*Node{g.length()}}
	}
	mk := g.makerFor(t)
	g.cost += g.mult * mk.cost
	return call(mk.name, t, g.intLength(), g.intExpr(IntType, g.cfg.ExprDepth-1))
}

// length is an array length between minLength and maxLength, int or i32,
// pinned so that shrinking cannot make arrays empty or huge.
func (g *gen) length() *Node {
	if g.chance(2) {
		return g.intLength()
	}
	return g.lengthOf(I32Type)
}

// intLength is a length of type int.
func (g *gen) intLength() *Node { return g.lengthOf(IntType) }

func (g *gen) lengthOf(t *Type) *Node {
	if g.chance(2) {
		return pin(lit(itoa(minLength+g.r.IntN(maxLength-minLength+1)), t))
	}
	mask := pin(lit(itoa(maxLength-minLength), t))
	e := g.intExpr(t, g.cfg.ExprDepth-1)
	return pin(binary("+", pin(lit(itoa(minLength), t)), pin(binary("&", e, mask, t)), t))
}

// element reads an element of an array of t, at an index that is in range:
// of an array variable, or of an element of an array of arrays, or now and
// then of a new array; nil when it would be a new one.
func (g *gen) element(t *Type, depth int) *Node {
	var a *Node
	switch {
	case g.chance(3) && dims(t) < maxDims-1:
		if v := g.pickVar(g.readable(ArrayOf(ArrayOf(t)))); v != nil {
			outer := name(v.name, v.typ)
			a = &Node{Op: OpIndex, Type: ArrayOf(t), Kids: []*Node{outer, g.index(outer, depth+1)}}
		}
	case g.chance(8):
		a = g.arrayExpr(ArrayOf(t), depth+1)
	default:
		if v := g.pickVar(g.readable(ArrayOf(t))); v != nil {
			a = name(v.name, v.typ)
		}
	}
	if a == nil {
		return nil
	}
	return &Node{Op: OpIndex, Type: t, Kids: []*Node{a, g.index(a, depth+1)}}
}

// index returns an index that is in range for a: below minLength, or
// reduced modulo len(a) when a is a variable that the index expression
// cannot change (it makes no call).
func (g *gen) index(a *Node, depth int) *Node {
	for {
		switch g.pick(3, 4, 3, 3) {
		case 0:
			return g.intLit(int64(g.r.IntN(minLength)), IntType)
		case 1:
			t := []*Type{IntType, I32Type}[g.r.IntN(2)]
			return binary("&", g.intExpr(t, depth+1), lit(itoa(minLength-1), t), t)
		case 2:
			if a.Op == OpName {
				saved := g.noCalls
				g.noCalls = true
				e := g.intExpr(IntType, depth+1)
				g.noCalls = saved
				masked := binary("&", e, lit("0x7fffffff", IntType), IntType)
				return binary("%", masked, call("len", IntType, name(a.Name, a.Type)), IntType)
			}
		case 3:
			var short []*variable
			for _, v := range g.counters() {
				if v.below <= minLength {
					short = append(short, v)
				}
			}
			if v := g.pickVar(short); v != nil {
				return name(v.name, v.typ)
			}
		}
	}
}

// pointer returns a pointer of type t to a variable, or nil when there is
// no variable of the pointed-to type to point to.
func (g *gen) pointer(t *Type) *Node {
	if p := g.pickVar(g.readable(t)); p != nil && g.chance(3) {
		return name(p.name, t)
	}
	if v := g.pickVar(g.writable(t.Elem)); v != nil {
		return unary("&", name(v.name, v.typ), t)
	}
	if p := g.pickVar(g.readable(t)); p != nil {
		return name(p.name, t)
	}
	return nil
}

// callOf calls a function whose result has type t (any function when t is
// nil), if one fits in the budget and its pointer arguments can be made.
func (g *gen) callOf(t *Type, depth int) *Node {
	if g.noCalls {
		return nil
	}
	var candidates []*function
	for _, f := range g.funcs {
		if f.index <= g.fn.index || t != nil && !t.Equal(f.result) {
			continue
		}
		if g.cost+g.mult*f.cost > g.budget || g.lines+g.mult*f.lines > g.lineBudget {
			continue
		}
		candidates = append(candidates, f)
	}
	self := g.fn.recursive && g.mult == 1 && g.selfCalls < 2 && (t == nil || t.Equal(g.fn.result))
	if self && g.chance(2) {
		candidates = []*function{g.fn}
	}
	if len(candidates) == 0 {
		return nil
	}
	f := candidates[g.r.IntN(len(candidates))]
	var args []*Node
	for i, p := range f.params {
		var a *Node
		switch {
		case f.recursive && i == 0:
			a = g.depthArg(f == g.fn)
		default:
			a = g.expr(p.typ, depth+1)
		}
		if a == nil {
			return nil
		}
		args = append(args, a)
	}
	if f == g.fn {
		g.selfCalls++
	} else {
		g.cost += g.mult * f.cost
		g.lines += g.mult * f.lines
	}
	return call(f.name, f.result, args...)
}

// depthArg bounds a recursion: depth - 1 inside it, at most maxDepth to
// enter it.
func (g *gen) depthArg(self bool) *Node {
	if self {
		return pinAll(binary("-", name("depth", IntType), lit("1", IntType), IntType))
	}
	if g.chance(2) {
		return pin(lit(itoa(g.r.IntN(maxDepth+1)), IntType))
	}
	return pin(binary("&", g.intExpr(IntType, g.cfg.ExprDepth-1), pin(lit("3", IntType)), IntType))
}

// pinAll pins n and everything under it.
func pinAll(n *Node) *Node {
	if n != nil {
		n.Pinned = true
		for _, k := range n.Kids {
			pinAll(k)
		}
	}
	return n
}
