package gen

// Helper functions, made once per array type on first use: mk_T builds an
// array of type T with every level filled (new([]T, n) alone would hold
// empty arrays, which no index fits), and hash_T folds an array into an int
// for the checksums. Their loops run over the array's length, which is at
// most maxLength, so their cost is known.

// makerFor returns mk_T for array type t.
func (g *gen) makerFor(t *Type) *function {
	fname := "mk_" + t.mangle()
	if f := g.helper[fname]; f != nil {
		return f
	}
	n, s := name("n", IntType), name("s", IntType)
	i := name("i", IntType)
	var elem *Node
	cost := 2
	switch t.Elem.Kind {
	case Int:
		elem = binary("*", binary("+", s, i, IntType), lit("2654435761", IntType), IntType)
	case I32:
		elem = call("i32", I32Type, binary("^", binary("*", s, lit("31", IntType), IntType), binary("<<", i, lit("27", IntType), IntType), IntType))
	case Bool:
		elem = binary("==", binary("%", binary("+", s, i, IntType), lit("3", IntType), IntType), lit("0", IntType), BoolType)
	default:
		inner := g.makerFor(t.Elem)
		length := pinAll(binary("+", lit(itoa(minLength), IntType),
			binary("&", binary("+", s, i, IntType), lit(itoa(innerMask), IntType), IntType), IntType))
		elem = call(inner.name, t.Elem, length, binary("+", binary("*", s, lit("7", IntType), IntType), i, IntType))
		cost += maxLength * inner.cost
	}
	a := name("a", t)
	body := block(
		varDecl("a", nil, &Node{Op: OpNew, Type: t, Kids: []*Node{pinAll(name("n", IntType))}}),
		g.countedLoop(i, n, assign("=", &Node{Op: OpIndex, Type: t.Elem, Kids: []*Node{a, i}}, elem)),
		&Node{Op: OpReturn, Kids: []*Node{a}},
	)
	return g.addHelper(fname, []Param{{"n", IntType}, {"s", IntType}}, t, body, cost+2*maxLength)
}

// hashFor returns hash_T for array type t.
func (g *gen) hashFor(t *Type) *function {
	fname := "hash_" + t.mangle()
	if f := g.helper[fname]; f != nil {
		return f
	}
	a, i, h := name("a", t), name("i", IntType), name("h", IntType)
	var elem *Node = &Node{Op: OpIndex, Type: t.Elem, Kids: []*Node{a, i}}
	cost := 2
	switch t.Elem.Kind {
	case Int:
	case I32, Bool:
		elem = call("int", IntType, elem)
	default:
		inner := g.hashFor(t.Elem)
		elem = call(inner.name, IntType, elem)
		cost += maxLength * inner.cost
	}
	length := call("len", IntType, a)
	body := block(
		varDecl("h", nil, length),
		g.countedLoop(i, length, assign("=", h, binary("+", binary("*", h, lit("31", IntType), IntType), elem, IntType))),
		&Node{Op: OpReturn, Kids: []*Node{h}},
	)
	return g.addHelper(fname, []Param{{"a", t}}, IntType, body, cost+2*maxLength)
}

// countedLoop is `for var i = 0; i < bound; i += 1 { body }`, pinned.
func (g *gen) countedLoop(i, bound *Node, body *Node) *Node {
	return &Node{Op: OpFor, Kids: []*Node{
		pinAll(varDecl(i.Name, nil, lit("0", IntType))),
		pinAll(binary("<", i, bound, BoolType)),
		pinAll(assign("+=", i, lit("1", IntType))),
		block(body),
	}}
}

func (g *gen) addHelper(fname string, params []Param, result *Type, body *Node, cost int) *function {
	f := &function{name: fname, result: result, cost: cost, index: len(g.funcs)}
	f.node = &Node{Op: OpFunc, Name: fname, Params: params, Type: result, Kids: []*Node{body}}
	g.helper[fname] = f
	g.helpers = append(g.helpers, f)
	return f
}

// fault is a statement of main that raises a runtime error: an index out
// of range (also at the end of a loop that goes one step too far), a
// division by zero or a negative array length, marked with the error it
// raises.
func (g *gen) fault() *Node {
	for {
		switch g.r.IntN(4) {
		case 3:
			// One step too far: a bounds check that an optimizer must not
			// prove away.
			a := g.pickVar(g.readableArrays())
			if a == nil {
				continue
			}
			arr := name(a.name, a.typ)
			c := name(g.fresh("c"), IntType)
			var elem *Node = &Node{Op: OpIndex, Type: a.typ.Elem, Kids: []*Node{arr, c}, Fault: "index out of range"}
			if !a.typ.Elem.IsScalar() {
				elem = call("len", IntType, elem)
			}
			return &Node{Op: OpFor, Kids: []*Node{
				pinAll(varDecl(c.Name, nil, lit("0", IntType))),
				pinAll(binary("<=", c, call("len", IntType, arr), BoolType)),
				pinAll(assign("+=", c, lit("1", IntType))),
				block(callStmt(call("print", nil, g.label(), c, elem))),
			}}
		case 0:
			a := g.pickVar(g.readableArrays())
			if a == nil {
				continue
			}
			arr := name(a.name, a.typ)
			var i *Node
			if g.chance(2) {
				i = binary("+", call("len", IntType, arr), binary("&", g.intExpr(IntType, 2), lit("3", IntType), IntType), IntType)
			} else {
				i = binary("-", lit("-1", IntType), binary("&", g.intExpr(IntType, 2), lit("7", IntType), IntType), IntType)
			}
			ix := &Node{Op: OpIndex, Type: a.typ.Elem, Kids: []*Node{name(a.name, a.typ), i}, Fault: "index out of range"}
			if g.chance(2) {
				return assign("=", ix, g.expr(a.typ.Elem, 1))
			}
			if !a.typ.Elem.IsScalar() {
				ix = call("len", IntType, ix)
			}
			return callStmt(call("print", nil, g.label(), ix))
		case 1:
			t := []*Type{IntType, I32Type}[g.r.IntN(2)]
			zero := g.intLit(0, t)
			if g.chance(2) {
				zero = binary("&", g.intExpr(t, 2), zero, t)
			}
			op := []string{"/", "%"}[g.r.IntN(2)]
			if v := g.pickVar(g.writable(t)); v != nil && g.chance(2) {
				return &Node{Op: OpAssign, Name: op + "=", Kids: []*Node{name(v.name, t), zero}, Fault: "division by zero"}
			}
			div := &Node{Op: OpBinary, Name: op, Type: t, Kids: []*Node{g.intExpr(t, 2), zero}, Fault: "division by zero"}
			return callStmt(call("print", nil, g.label(), div))
		default:
			t := []*Type{IntType, I32Type}[g.r.IntN(2)]
			n := binary("-", g.intLit(-1, t), binary("&", g.intExpr(t, 2), lit("7", t), t), t)
			arr := &Node{Op: OpNew, Type: ArrayOf(g.scalarType()), Kids: []*Node{n}, Fault: "negative array length"}
			return callStmt(call("print", nil, g.label(), call("len", IntType, arr)))
		}
	}
}
