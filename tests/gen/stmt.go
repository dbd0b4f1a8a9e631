package gen

// Statements. Every loop is bounded by something its body cannot change: a
// counter declared in the loop's header (never assigned, never pointed to),
// or a fuel variable decremented first thing in the body, so that continue
// cannot skip it. The code that does the bounding is pinned, so that the
// shrinker keeps it. The estimated work of a statement is the product of
// the trip counts of the loops around it (mult); loops and calls are only
// generated while the function stays within its budget.

// stmts generates up to n statements at nesting depth depth.
func (g *gen) stmts(depth, n int) []*Node {
	var out []*Node
	for i := 0; i < n && g.cost < g.budget; i++ {
		out = append(out, g.stmt(depth)...)
	}
	return out
}

// stmt generates one statement, or a declaration and the statements that
// assign it.
func (g *gen) stmt(depth int) []*Node {
	g.cost += g.mult
	nest := depth < g.cfg.Nesting
	for {
		loops := g.has.loops
		switch g.pick(12, 5, 26, on(g.has.calls, 6), on(g.has.branches, 10), on(loops, 7), on(loops, 3), on(loops, 2),
			2, 5, 4, 2, on(g.has.division || g.has.arrays, 4)) {
		case 0:
			return []*Node{g.declStmt()}
		case 1:
			return g.delayedInit(depth)
		case 2:
			if s := g.assignStmt(); s != nil {
				return []*Node{s}
			}
		case 3:
			if c := g.callOf(nil, 0); c != nil {
				return []*Node{callStmt(c)}
			}
		case 4:
			if nest {
				return []*Node{g.ifStmt(depth, 1+g.r.IntN(6))}
			}
		case 5:
			if nest {
				if s := g.forStmt(depth); s != nil {
					return s
				}
			}
		case 6, 7:
			if nest {
				if s := g.fuelLoop(depth); s != nil {
					return s
				}
			}
		case 8:
			if nest {
				return []*Node{g.block(depth + 1)}
			}
		case 9:
			if g.lines+g.mult <= g.lineBudget {
				return []*Node{g.checksum()}
			}
		case 10:
			if g.loops > 0 {
				return []*Node{g.jump()}
			}
		case 11:
			if g.fn.name != "main" {
				ret := &Node{Op: OpReturn}
				if g.fn.result != nil {
					ret.Kids = []*Node{g.expr(g.fn.result, 0)}
				}
				return []*Node{g.guarded(ret)}
			}
		case 12:
			if s := g.checkedStmt(); s != nil {
				return []*Node{s}
			}
		}
	}
}

// checkedStmt divides by a value that may be zero, or indexes an array at
// a position that may be out of range, under an if that tests for it first:
// an optimizer may drop the runtime check only because of the if, and may
// not hoist the operation above it. Nothing in it calls, so nothing changes
// the tested values between the test and the operation.
func (g *gen) checkedStmt() *Node {
	saved := g.noCalls
	g.noCalls = true
	defer func() { g.noCalls = saved }()
	if g.chance(2) {
		t := []*Type{IntType, I32Type}[g.r.IntN(2)]
		v := g.pickVar(g.writable(t))
		if v == nil {
			return nil
		}
		d := g.intExpr(t, 1)
		cond := binary("!=", d, g.typedZero(d, t), BoolType)
		div := binary([]string{"/", "%"}[g.r.IntN(2)], g.intExpr(t, 1), d.clone(), t)
		return &Node{Op: OpIf, Kids: []*Node{cond, block(assign("=", name(v.name, t), div)), nil}}
	}
	a := g.pickVar(g.readableArrays())
	if a == nil || !a.typ.Elem.IsScalar() {
		return nil
	}
	arr := name(a.name, a.typ)
	i := g.intExpr(IntType, 1)
	if c := g.pickVar(g.counters()); c != nil && g.chance(2) {
		i = g.toInt(name(c.name, c.typ))
	}
	inRange := binary("&&", binary(">=", i, lit("0", IntType), BoolType),
		binary("<", i.clone(), call("len", IntType, arr), BoolType), BoolType)
	elem := &Node{Op: OpIndex, Type: a.typ.Elem, Kids: []*Node{arr.clone(), i.clone()}}
	var s *Node
	if v := g.pickVar(g.writable(a.typ.Elem)); v != nil && g.chance(2) {
		s = assign("=", name(v.name, v.typ), elem)
	} else {
		s = assign("=", elem, g.expr(a.typ.Elem, 1))
	}
	return &Node{Op: OpIf, Kids: []*Node{inRange, block(s), nil}}
}

// counters lists the loop counters in scope.
func (g *gen) counters() []*variable {
	var out []*variable
	for _, v := range g.visible() {
		if v.assigned && v.fixed && v.below > 0 {
			out = append(out, v)
		}
	}
	return out
}

// block is a nested block of statements with its own scope.
func (g *gen) block(depth int) *Node {
	g.push()
	b := block(g.stmts(depth, 1+g.r.IntN(g.cfg.Stmts))...)
	g.pop()
	return b
}

// declStmt declares a local with an initializer. Its scope begins after the
// declaration, so an initializer may read the variable it shadows.
func (g *gen) declStmt() *Node {
	t := g.valueType()
	if g.has.pointers && g.chance(6) {
		t = PointerTo(g.pointerTypes[g.r.IntN(len(g.pointerTypes))])
	}
	init := g.expr(t, 0)
	if init == nil { // nothing to point to
		t = IntType
		init = g.expr(t, 0)
	}
	declared := t
	// Without a type, a flexible initializer makes an int (docs/reference.md §3).
	if g.chance(2) && (t.Kind != I32 || !init.flexible()) {
		declared = nil
	}
	n := varDecl(g.localName(), declared, init)
	g.declare(&variable{name: n.Name, typ: t, assigned: true})
	return n
}

// delayedInit declares a local without an initializer and assigns it on
// every path before anything reads it: directly, in every branch of an if,
// or in a loop that only a break after the assignment leaves (definite
// assignment, docs/reference.md §6).
func (g *gen) delayedInit(depth int) []*Node {
	t := g.valueType()
	v := &variable{name: g.localName(), typ: t}
	out := []*Node{varDecl(v.name, t, nil)}
	g.declare(v)
	set := func() *Node { return assign("=", name(v.name, t), g.expr(t, 0)) }
	switch {
	case depth >= g.cfg.Nesting || g.chance(3):
		out = append(out, set())
	case g.chance(3):
		// The loop runs once; break and continue inside it would leave or
		// repeat it before the assignment, so none is generated for it.
		saved := g.loops
		g.loops = 0
		g.push()
		body := g.stmts(depth+1, g.r.IntN(g.cfg.Stmts))
		body = append(body, set(), &Node{Op: OpBreak})
		g.pop()
		g.loops = saved
		cond := &Node{Op: OpBool, Name: "true", Type: BoolType}
		if g.chance(2) {
			out = append(out, &Node{Op: OpWhile, Kids: []*Node{cond, block(body...)}})
		} else {
			out = append(out, &Node{Op: OpFor, Kids: []*Node{nil, nil, nil, block(body...)}})
		}
	default:
		out = append(out, g.assigningIf(depth, 1+g.r.IntN(3), set))
	}
	v.assigned = true
	return out
}

// assigningIf is an if/else-if/else chain of arms arms whose every branch
// ends with set().
func (g *gen) assigningIf(depth, arms int, set func() *Node) *Node {
	branch := func() *Node {
		g.push()
		b := block(append(g.stmts(depth+1, g.r.IntN(3)), set())...)
		g.pop()
		return b
	}
	cond := g.expr(BoolType, 0)
	then := branch()
	var els *Node
	if arms > 1 {
		els = g.assigningIf(depth, arms-1, set)
	} else {
		els = branch()
	}
	return &Node{Op: OpIf, Kids: []*Node{cond, then, els}}
}

// assignStmt assigns a variable, an array element or a pointer's target,
// with = or a compound operator.
func (g *gen) assignStmt() *Node {
	var target *Node
	switch g.pick(6, 4, 2, 1) {
	case 0:
		if v := g.pickVar(g.writable(g.scalarType())); v != nil {
			target = name(v.name, v.typ)
		}
	case 1:
		t := g.scalarType()
		if a := g.arrayType(); dims(a) < maxDims && g.chance(5) {
			t = a
		}
		target = g.element(t, 1)
	case 2:
		t := g.pointerTypes[g.r.IntN(len(g.pointerTypes))]
		if p := g.pickVar(g.readable(PointerTo(t))); p != nil {
			target = unary("*", name(p.name, p.typ), t)
		}
	case 3:
		if v := g.pickVar(g.writable(g.arrayType())); v != nil {
			target = name(v.name, v.typ)
		}
	}
	if target == nil {
		return nil
	}
	t := target.Type
	if !t.IsInteger() || g.chance(3) {
		return assign("=", target, g.expr(t, 0))
	}
	op := []string{"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}[g.r.IntN(10)]
	switch op {
	case "/=", "%=":
		return assign(op, target, g.safeDivisor(t, 1))
	case "<<=", ">>=":
		return assign(op, target, g.shiftAmount(t, 1))
	}
	return assign(op, target, g.expr(t, 0))
}

// ifStmt is an if with arms arms: else-if chains, a final else or none.
func (g *gen) ifStmt(depth, arms int) *Node {
	cond := g.expr(BoolType, 0)
	then := g.block(depth + 1)
	var els *Node
	switch {
	case arms > 1:
		els = g.ifStmt(depth, arms-1)
	case g.chance(2):
		els = g.block(depth + 1)
	}
	return &Node{Op: OpIf, Kids: []*Node{cond, then, els}}
}

// typedZero is the zero that the test of the divisor d (of type t)
// compares it with. Made of literals alone, d takes its type from its
// context (docs/reference.md §3), and beside a bare 0 it has none: the test would
// evaluate it as an int, and an i32 divisor that wraps to zero
// (-2147483648 << 1) would pass it. A zero of type t gives d its type.
func (g *gen) typedZero(d *Node, t *Type) *Node {
	zero := g.intLit(0, t)
	if d.flexible() && t.Kind != Int {
		return call("i32", t, zero)
	}
	return zero
}

// guarded puts s under a random condition.
func (g *gen) guarded(s *Node) *Node {
	return &Node{Op: OpIf, Kids: []*Node{g.expr(BoolType, 1), block(s), nil}}
}

// jump is a break or continue, usually under a condition; a bare one makes
// the rest of its block unreachable, which Toy allows.
func (g *gen) jump() *Node {
	j := &Node{Op: []Op{OpBreak, OpContinue}[g.r.IntN(2)]}
	if g.chance(6) {
		return j
	}
	return g.guarded(j)
}

// loopBody generates the body of a loop, with the loop's counter in scope
// and the pinned statements first.
func (g *gen) loopBody(depth int, counter *variable, first ...*Node) *Node {
	g.push()
	if counter != nil {
		g.declare(counter)
	}
	g.loops++
	b := block(append(first, g.stmts(depth+1, 1+g.r.IntN(g.cfg.Stmts))...)...)
	g.loops--
	g.pop()
	return b
}

// affordable reports whether a loop of trips iterations leaves room in the
// budget for its body.
func (g *gen) affordable(trips int) bool {
	return g.mult*trips*4 <= g.budget-g.cost
}

// forStmt is a counted loop: up or down, by int or i32, to a literal bound
// or to the length of an array, sometimes with a further condition.
func (g *gen) forStmt(depth int) []*Node {
	trips := 1 + g.r.IntN(maxLength)
	if !g.affordable(trips) {
		return nil
	}
	t := IntType
	if g.chance(4) {
		t = I32Type
	}
	i := &variable{name: g.fresh("c"), typ: t, assigned: true, fixed: true}
	var init, cond, post *Node
	var before []*Node
	outer := g.mult
	g.mult *= trips
	switch g.r.IntN(4) {
	case 0, 1: // for var i = lo; i < lo + trips; i += step
		step := 1 + g.r.IntN(3)
		lo := int64(g.r.IntN(3))
		if g.chance(3) {
			lo = -int64(g.r.IntN(20))
		}
		hi := lo + int64(trips)*int64(step)
		bound := g.intLit(hi, t)
		if lo == 0 && step == 1 && t.Kind == Int && g.chance(3) {
			if a := g.pickVar(g.readableArrays()); a != nil && outer*maxLength*4 <= g.budget-g.cost {
				bound = call("len", IntType, name(a.name, a.typ))
				hi = maxLength
				g.mult = outer * maxLength
			}
		}
		if lo >= 0 {
			i.below = hi
		}
		init = varDecl(i.name, t, g.intLit(lo, t))
		if g.chance(2) {
			init.Type = nil
			if t.Kind == I32 {
				init.Kids[0] = call("i32", I32Type, init.Kids[0])
			}
		}
		cond = pinAll(binary("<", name(i.name, t), bound, BoolType))
		post = pinAll(assign("+=", name(i.name, t), g.intLit(int64(step), t)))
	case 2: // for var i = trips; i > 0; i -= 1
		init = varDecl(i.name, t, g.intLit(int64(trips), t))
		cond = pinAll(binary(">", name(i.name, t), lit("0", t), BoolType))
		post = pinAll(assign("-=", name(i.name, t), lit("1", t)))
		i.below = int64(trips) + 1
	default: // var i = 0; for ; i < trips && cond; i += 1 — i outlives the loop
		before = append(before, varDecl(i.name, t, lit("0", t)))
		g.declare(i)
		i.below = int64(trips) + 1 // after the loop, i may equal trips
		bound := pinAll(binary("<", name(i.name, t), g.intLit(int64(trips), t), BoolType))
		cond = pin(binary("&&", bound, g.expr(BoolType, 1), BoolType))
		post = pinAll(assign("+=", name(i.name, t), lit("1", t)))
	}
	var body *Node
	if before != nil {
		body = g.loopBody(depth, nil)
	} else {
		init = pin(init)
		body = g.loopBody(depth, i)
	}
	g.mult = outer
	return append(before, &Node{Op: OpFor, Kids: []*Node{init, cond, post, body}})
}

// readableArrays lists the arrays in scope, of any type.
func (g *gen) readableArrays() []*variable {
	var out []*variable
	for _, v := range g.visible() {
		if v.assigned && v.typ.Kind == Array {
			out = append(out, v)
		}
	}
	return out
}

// fuelLoop is a while loop, `while true` or `for ;;`, that runs at most as
// many times as its fuel allows; the fuel is spent first thing in the body.
func (g *gen) fuelLoop(depth int) []*Node {
	trips := 1 + g.r.IntN(12)
	if !g.affordable(trips) {
		return nil
	}
	fuel := &variable{name: g.fresh("fuel"), typ: IntType, assigned: true, fixed: true}
	decl := varDecl(fuel.name, nil, g.intLit(int64(trips), IntType))
	g.declare(fuel)
	outer := g.mult
	g.mult *= trips
	spend := pinAll(assign("-=", name(fuel.name, IntType), lit("1", IntType)))
	var loop *Node
	if g.chance(2) {
		left := pinAll(binary(">", name(fuel.name, IntType), lit("0", IntType), BoolType))
		cond := pin(binary("&&", left, g.expr(BoolType, 1), BoolType))
		loop = &Node{Op: OpWhile, Kids: []*Node{cond, g.loopBody(depth, nil, spend)}}
	} else {
		out := pinAll(binary("<=", name(fuel.name, IntType), lit("0", IntType), BoolType))
		stop := pin(&Node{Op: OpIf, Kids: []*Node{out, pin(block(pin(&Node{Op: OpBreak}))), nil}})
		body := g.loopBody(depth, nil, stop, spend)
		if g.chance(2) {
			loop = &Node{Op: OpWhile, Kids: []*Node{{Op: OpBool, Name: "true", Type: BoolType}, body}}
		} else {
			loop = &Node{Op: OpFor, Kids: []*Node{nil, nil, nil, body}}
		}
	}
	g.mult = outer
	return []*Node{decl, loop}
}

// checksum prints a label and some of the variables in scope, with a hash
// of an array now and then.
func (g *gen) checksum() *Node {
	g.lines += g.mult
	args := []*Node{g.label()}
	var scalars []*variable
	for _, v := range g.visible() {
		if v.assigned && v.typ.IsScalar() {
			scalars = append(scalars, v)
		}
	}
	g.r.Shuffle(len(scalars), func(i, j int) { scalars[i], scalars[j] = scalars[j], scalars[i] })
	for _, v := range scalars[:min(len(scalars), 7)] {
		args = append(args, name(v.name, v.typ))
	}
	if a := g.pickVar(g.readableArrays()); a != nil && g.chance(2) {
		h := g.hashFor(a.typ)
		g.cost += g.mult * h.cost
		args = append(args, call(h.name, IntType, name(a.name, a.typ)))
	}
	return callStmt(call("print", nil, args...))
}
