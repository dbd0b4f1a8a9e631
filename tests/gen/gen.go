// Package gen generates random Toy programs for differential testing of
// toyc, in the spirit of Csmith (Yang et al., "Finding and Understanding
// Bugs in C Compilers", PLDI 2011) and YARPGen (Livinskii et al., "Random
// Testing for C and C++ Compilers with YARPGen", OOPSLA 2020).
//
// Every program is valid (it type-checks, respects definite assignment and
// the missing-return rule) and terminates: loops are bounded by counters the
// body cannot touch or by fuel, recursion by a depth parameter, and the work
// of calls in loops by an estimate of each function's cost. Because Toy has
// no undefined behaviour, the safety the generator adds is only against
// runtime errors: divisors are nonzero literals or `e | K` with K nonzero,
// indices are below the shortest array (every array has 4 to 16 elements)
// or reduced modulo the length, and array lengths are positive. A
// configurable fraction of programs carries exactly one deliberate runtime
// error in main, whose position Prog.Text reports. Programs print
// checksums of their variables at many points, so that a miscompiled value
// shows in the output.
package gen

import (
	"math/rand/v2"
)

// Config bounds the size of generated programs.
type Config struct {
	Funcs     int     // functions besides main and the array helpers, at most
	Params    int     // parameters per function, at most (more than 6 go on the stack)
	Globals   int     // globals besides one of each pointable type
	Stmts     int     // statements per block, at most
	Nesting   int     // depth of nested compound statements
	ExprDepth int     // depth of expressions
	FaultRate float64 // fraction of programs with a deliberate runtime error
	Budget    int     // statements the whole run may execute, estimated
	Lines     int     // lines the whole run may print, estimated
}

// DefaultConfig gives programs of about 400 lines (up to 900) that run in
// milliseconds.
func DefaultConfig() Config {
	return Config{Funcs: 5, Params: 10, Globals: 5, Stmts: 5, Nesting: 3, ExprDepth: 3,
		FaultRate: 0.05, Budget: 1000000, Lines: 500}
}

// Array lengths: every array the program makes has minLength to maxLength
// elements, so that an index below minLength is always in range.
const (
	minLength = 4
	maxLength = 16
	// innerMask bounds the length of the inner arrays of nested arrays to
	// minLength+innerMask, which keeps making them cheap.
	innerMask = 3
	// maxDims bounds the nesting of array types.
	maxDims = 3
	// maxDepth bounds the depth argument of recursive functions.
	maxDepth = 4
)

// Program returns the source of the program generated from seed.
func Program(seed int64, cfg Config) string { return Generate(seed, cfg).String() }

// function is a function the generated code may call.
type function struct {
	name      string
	params    []*variable
	result    *Type // nil: no result
	index     int   // functions only call functions of a greater index
	recursive bool  // params[0] is the recursion depth
	cost      int   // statements one call executes, estimated
	lines     int   // lines one call prints, estimated
	node      *Node
}

// features says which kinds of code a program may contain. Each program
// leaves some out at random ("swarm testing": Groce et al., ISSTA 2012), so
// that the others get more room: a program without calls has longer
// straight-line arithmetic, one without arrays more register pressure.
type features struct {
	calls, pointers, arrays, i32, division, shifts, conversions, loops, branches bool
}

// on is weight when the feature is on, else 0.
func on(feature bool, weight int) int {
	if feature {
		return weight
	}
	return 0
}

type gen struct {
	r       *rand.Rand
	cfg     Config
	has     features
	globals []*variable
	funcs   []*function // user functions, by index
	helpers []*function // array makers and hashes, in order of first use
	helper  map[string]*function

	// The function being generated.
	fn           *function
	scopes       [][]*variable
	loops        int  // enclosing loops that break and continue may leave
	mult         int  // estimated executions of the current statement per call
	cost, lines  int  // estimated work and output of one call so far
	budget       int  // limit of cost
	lineBudget   int  // limit of lines
	selfCalls    int  // recursive calls in the body so far
	noCalls      bool // the expression being built must not call
	nextLocal    int
	nextLabel    int
	pointerTypes []*Type
}

// Generate builds the program for seed.
func Generate(seed int64, cfg Config) *Prog {
	g := &gen{
		r:      rand.New(rand.NewPCG(uint64(seed), 0x746f7963)),
		cfg:    cfg,
		helper: map[string]*function{},
	}
	coin := func() bool { return g.r.IntN(4) != 0 }
	g.has = features{calls: coin(), pointers: coin(), arrays: coin(), i32: coin(), division: coin(),
		shifts: coin(), conversions: coin(), loops: coin(), branches: coin()}
	g.pointerTypes = []*Type{IntType, I32Type, BoolType, ArrayOf(IntType)}
	g.makeGlobals()
	g.declareFuncs()
	// Callees first, so that each caller knows what its calls cost.
	for i := len(g.funcs) - 1; i >= 0; i-- {
		g.function(g.funcs[i])
	}
	mainFn := g.mainFunc()
	var decls []*Node
	for _, v := range g.globals {
		decls = append(decls, g.globalDecl(v))
	}
	for _, f := range g.funcs {
		decls = append(decls, f.node)
	}
	for _, f := range g.helpers {
		decls = append(decls, f.node)
	}
	decls = append(decls, mainFn)
	// Top-level names may be used before their declaration.
	g.r.Shuffle(len(decls), func(i, j int) { decls[i], decls[j] = decls[j], decls[i] })
	return &Prog{Seed: seed, Decls: decls}
}

// pick returns an index chosen with the given weights.
func (g *gen) pick(weights ...int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	n := g.r.IntN(total)
	for i, w := range weights {
		if n < w {
			return i
		}
		n -= w
	}
	return len(weights) - 1
}

func (g *gen) chance(n int) bool { return g.r.IntN(n) == 0 }

// scalarType picks int, i32 or bool.
func (g *gen) scalarType() *Type {
	if !g.has.i32 {
		return []*Type{IntType, IntType, BoolType}[g.r.IntN(3)]
	}
	return []*Type{IntType, IntType, I32Type, I32Type, BoolType}[g.r.IntN(5)]
}

// arrayType picks an array type, nested up to three levels.
func (g *gen) arrayType() *Type {
	switch g.pick(6, 3, 3, 2, 1, 1, 1) {
	case 0:
		return ArrayOf(IntType)
	case 1:
		return ArrayOf(I32Type)
	case 2:
		return ArrayOf(BoolType)
	case 3:
		return ArrayOf(ArrayOf(IntType))
	case 4:
		return ArrayOf(ArrayOf(I32Type))
	case 5:
		return ArrayOf(ArrayOf(BoolType))
	}
	return ArrayOf(ArrayOf(ArrayOf(IntType)))
}

// valueType picks any type a variable or result may have.
func (g *gen) valueType() *Type {
	if g.has.arrays && g.chance(4) {
		return g.arrayType()
	}
	return g.scalarType()
}

// paramType picks a parameter type: values, and pointers to the types the
// globals guarantee a variable of.
func (g *gen) paramType() *Type {
	if g.has.pointers && g.chance(5) {
		return PointerTo(g.pointerTypes[g.r.IntN(len(g.pointerTypes))])
	}
	return g.valueType()
}

// makeGlobals declares one global of each type a pointer parameter may
// point to, then more of random types.
func (g *gen) makeGlobals() {
	types := append([]*Type(nil), g.pointerTypes...)
	for i := 0; i < g.cfg.Globals; i++ {
		types = append(types, g.valueType())
	}
	for i, t := range types {
		g.globals = append(g.globals, &variable{name: "g" + itoa(i+1), typ: t, assigned: true, global: true})
	}
}

// globalDecl declares a global with a constant initializer, or none (so it
// is zero); arrays start empty and main fills them before anything else.
func (g *gen) globalDecl(v *variable) *Node {
	n := &Node{Op: OpGlobal, Name: v.name, Type: v.typ}
	if v.typ.IsScalar() && !g.chance(5) {
		init := g.constant(v.typ, 2)
		n.Kids = []*Node{init}
		if v.typ.Kind == Int && g.chance(2) || v.typ.Kind == Bool && g.chance(2) {
			n.Type = nil // the type is that of the initializer
		}
	}
	return n
}

// constant is a constant expression of scalar type t (docs/reference.md §5, "Globals"):
// literals and operators, never dividing by zero.
func (g *gen) constant(t *Type, depth int) *Node {
	if t.Kind == Bool {
		if depth > 0 && g.chance(3) {
			it := []*Type{IntType, I32Type}[g.r.IntN(2)]
			return binary(g.comparison(), g.constant(it, depth-1), g.constant(it, depth-1), BoolType)
		}
		return g.boolLit()
	}
	if depth == 0 || g.chance(2) {
		return g.intLit(g.value(t), t)
	}
	switch g.r.IntN(5) {
	case 0:
		return unary([]string{"-", "^"}[g.r.IntN(2)], g.constant(t, depth-1), t)
	case 1:
		return binary([]string{"/", "%"}[g.r.IntN(2)], g.constant(t, depth-1), g.intLit(g.divisor(t), t), t)
	case 2:
		return binary([]string{"<<", ">>"}[g.r.IntN(2)], g.constant(t, depth-1), g.intLit(g.shiftCount(t), t), t)
	}
	return binary(g.arithmetic(), g.constant(t, depth-1), g.constant(t, depth-1), t)
}

func (g *gen) boolLit() *Node {
	return &Node{Op: OpBool, Name: []string{"true", "false"}[g.r.IntN(2)], Type: BoolType}
}

// declareFuncs makes the signatures of the user functions, so that calls
// can be generated before the callees' bodies exist. At least one returns
// bool, for conditions with side effects.
func (g *gen) declareFuncs() {
	n := 1 + g.r.IntN(g.cfg.Funcs)
	for i := 0; i < n; i++ {
		f := &function{name: "f" + itoa(i+1), index: i}
		switch {
		case i == 0:
			f.result = BoolType
		case g.chance(5):
			f.result = nil
		case g.chance(6):
			f.result = g.arrayType()
		default:
			f.result = g.scalarType()
		}
		f.recursive = g.chance(5)
		params := g.r.IntN(g.cfg.Params + 1)
		if g.chance(3) {
			params = g.r.IntN(4)
		}
		if f.recursive {
			f.params = append(f.params, &variable{name: "depth", typ: IntType, assigned: true, fixed: true})
		}
		for j := len(f.params); j < params; j++ {
			f.params = append(f.params, &variable{name: "p" + itoa(j+1), typ: g.paramType(), assigned: true})
		}
		g.funcs = append(g.funcs, f)
	}
}

// startFunc resets the per-function state.
func (g *gen) startFunc(f *function, budget, lines int) {
	g.fn = f
	g.scopes = [][]*variable{nil}
	for _, p := range f.params {
		g.declare(p)
	}
	g.loops, g.mult, g.cost, g.lines, g.selfCalls = 0, 1, 0, 0, 0
	g.budget, g.lineBudget = budget, lines
}

// function generates f's body. A recursive function returns at once when
// its depth is used up; its cost multiplies by the calls it can make.
func (g *gen) function(f *function) {
	budget, lines := g.cfg.Budget/100, max(2, g.cfg.Lines/50)
	if f.recursive {
		budget /= 1 << (maxDepth + 1)
		lines = 1
	}
	g.startFunc(f, budget, lines)
	g.push()
	var body []*Node
	if f.recursive {
		ret := pin(&Node{Op: OpReturn})
		if f.result != nil {
			g.noCalls = true // no recursion where it has to stop
			ret.Kids = []*Node{g.expr(f.result, 1)}
			g.noCalls = false
		}
		cond := pin(binary("<=", pin(name("depth", IntType)), pin(lit("0", IntType)), BoolType))
		body = append(body, pin(&Node{Op: OpIf, Kids: []*Node{cond, block(ret), nil}}))
	}
	body = append(body, g.locals()...)
	body = append(body, g.stmts(1, 2+g.r.IntN(g.cfg.Stmts))...)
	if g.chance(3) {
		body = append(body, g.checksum())
	}
	if f.result != nil {
		body = append(body, &Node{Op: OpReturn, Kids: []*Node{g.result(f.result)}})
	}
	g.pop()
	f.node = &Node{Op: OpFunc, Name: f.name, Type: f.result, Kids: []*Node{block(body...)}}
	for _, p := range f.params {
		f.node.Params = append(f.node.Params, Param{p.name, p.typ})
	}
	f.cost, f.lines = g.cost+1, g.lines
	if f.recursive {
		calls := max(1, g.selfCalls)
		f.cost *= pow(calls, maxDepth+1)
		f.lines *= pow(calls, maxDepth+1)
	}
}

func pow(b, e int) int {
	p := 1
	for ; e > 0; e-- {
		p *= b
	}
	return p
}

// locals declares several variables at the top of a function, so that many
// values stay live across its body (they are all used by its result or
// its checksum).
func (g *gen) locals() []*Node {
	var out []*Node
	for i := g.r.IntN(8); i > 0; i-- {
		out = append(out, g.declStmt())
	}
	return out
}

// result is a function's returned value: often one that depends on many
// variables, so that all of them have to survive until the end.
func (g *gen) result(t *Type) *Node {
	if !t.IsScalar() || g.chance(3) {
		return g.expr(t, 0)
	}
	var sum *Node
	for _, v := range g.visible() {
		if !v.assigned || !v.typ.IsScalar() || v.global {
			continue
		}
		term := g.toInt(name(v.name, v.typ))
		if sum == nil {
			sum = term
		} else {
			sum = binary([]string{"+", "^", "-"}[g.r.IntN(3)], binary("*", sum, lit("31", IntType), IntType), term, IntType)
		}
	}
	if sum == nil {
		return g.expr(t, 0)
	}
	switch t.Kind {
	case I32:
		return call("i32", I32Type, sum)
	case Bool:
		return binary("==", binary("&", sum, lit("1", IntType), IntType), lit("0", IntType), BoolType)
	}
	return sum
}

// toInt converts a scalar to int.
func (g *gen) toInt(e *Node) *Node {
	if e.Type.Kind == Int {
		return e
	}
	return call("int", IntType, e)
}

// mainFunc generates main: it fills the array globals, runs random
// statements (one of them, sometimes, a deliberate runtime error), and
// prints every global at the end.
func (g *gen) mainFunc() *Node {
	f := &function{name: "main", index: -1, result: IntType}
	if g.chance(4) {
		f.result = nil
	}
	g.startFunc(f, g.cfg.Budget, g.cfg.Lines)
	g.push()
	var body []*Node
	// Until every array global is filled, no function may run.
	g.noCalls = true
	for _, v := range g.globals {
		v.assigned = v.typ.Kind != Array
	}
	for _, v := range g.globals {
		if v.typ.Kind == Array {
			body = append(body, assign("=", name(v.name, v.typ), g.makeArray(v.typ)))
			v.assigned = true
		}
	}
	g.noCalls = false
	body = append(body, g.locals()...)
	n := 4 + g.r.IntN(3*g.cfg.Stmts)
	faultAt := -1
	if g.r.Float64() < g.cfg.FaultRate {
		faultAt = g.r.IntN(n + 1)
	}
	for i := 0; i <= n; i++ {
		if i == faultAt {
			body = append(body, g.fault())
		}
		if i < n && g.cost < g.budget {
			body = append(body, g.stmt(1)...)
			if g.chance(2) {
				body = append(body, g.checksum())
			}
		}
	}
	body = append(body, g.finalPrints()...)
	if f.result != nil {
		body = append(body, &Node{Op: OpReturn, Kids: []*Node{g.result(IntType)}})
	}
	g.pop()
	return &Node{Op: OpFunc, Name: "main", Type: f.result, Kids: []*Node{block(body...)}}
}

// finalPrints prints every variable main can see, globals included, and
// hashes of the arrays.
func (g *gen) finalPrints() []*Node {
	var out []*Node
	var args []*Node
	flush := func() {
		if len(args) > 0 {
			out = append(out, callStmt(call("print", nil, append([]*Node{g.label()}, args...)...)))
			args = nil
		}
	}
	for _, v := range g.visible() {
		switch {
		case !v.assigned || v.typ.Kind == Pointer:
		case v.typ.IsScalar():
			args = append(args, name(v.name, v.typ))
		case v.typ.Kind == Array:
			args = append(args, call(g.hashFor(v.typ).name, IntType, name(v.name, v.typ)))
		}
		if len(args) >= 8 {
			flush()
		}
	}
	flush()
	return out
}

// label is a string literal naming a print site, so that a difference in
// the output leads back to the statement that printed it.
func (g *gen) label() *Node {
	g.nextLabel++
	return &Node{Op: OpString, Name: `"` + g.fn.name + "." + itoa(g.nextLabel) + `"`}
}
