package middle

import (
	"fmt"
	"sync"

	"toyc/middle/diag"
)

// The verifier checks the invariants every pass relies on and must keep,
// in the spirit of Go's cmd/compile/internal/ssa/check.go and LLVM's
// Verifier: one definition per name; one terminator per block, at its end;
// φs at the top of their block with one entry per predecessor and none for
// anything else; every use dominated by its definition; the operand types
// of every instruction; calls and global addresses naming something that
// exists; every value, block and branch target belonging to the function.
//
// It runs after every pass under --verify-each, on functions of 100k
// blocks, so it is linear in the size of the function: side tables indexed
// by Value.ID and Block.ID instead of searches, and dominance answered by
// the dominator tree's O(1) interval test.
//
// Structural damage (a value in two places, a branch to a foreign block)
// makes the later checks meaningless, so they run only on a function that
// passed the structural ones.
//
// The CFG's edges are recorded at both ends (edge.go); the checker
// requires the two records of every edge to agree, each terminator to have
// as many exits as it names targets, and each φ one argument per
// predecessor entry, the arguments of the entries from one block equal (as
// LLVM requires). Where toyc's rules and LLVM's differ: calls must match
// the callee's signature here, which LLVM with opaque pointers does not ask.

// Verify checks one function; the error is a diag.List naming the
// function, block and value of each problem.
func Verify(f *Func) error {
	return verifyFunc(f).Err()
}

// VerifyModule checks every function and global of m. The diagnostics name
// m.Source and the position of the offending value when it has one.
func VerifyModule(m *Module) diag.List {
	c := &moduleChecker{m: m, seen: make(map[string]string)}
	c.check()
	for _, f := range m.Funcs {
		if !f.Deferred() { // verified when built (Pipeline)
			c.errs = append(c.errs, verifyFunc(f)...)
		}
	}
	return c.errs
}

type moduleChecker struct {
	m    *Module
	errs diag.List
	seen map[string]string // symbol name -> "function" or "global"
}

func (c *moduleChecker) errorf(format string, args ...any) {
	c.errs.Add(c.m.Source, diag.Pos{}, format, args...)
}

func (c *moduleChecker) declare(name, kind string) {
	if prev, ok := c.seen[name]; ok {
		c.errorf("%s @%s has the name of another %s", kind, quoteName(name), prev)
		return
	}
	c.seen[name] = kind
}

func (c *moduleChecker) check() {
	for _, g := range c.m.Globals {
		c.declare(g.Name, "global")
		c.global(g)
	}
	for _, f := range c.m.Funcs {
		c.declare(f.Name, "function")
		if f.Module != c.m || c.m.Func(f.Name) != f {
			c.errorf("function @%s is not registered in its module", quoteName(f.Name))
		}
	}
}

func (c *moduleChecker) global(g *Global) {
	name := quoteName(g.Name)
	switch {
	case g.External:
		if g.Bytes != nil || g.InitSym != "" || g.Init != 0 {
			c.errorf("external global @%s has an initializer", name)
		}
	case g.Bytes != nil:
		if g.InitSym != "" || g.Init != 0 {
			c.errorf("global @%s has both string bytes and another initializer", name)
		}
	case g.InitSym != "":
		if g.Type != Ptr {
			c.errorf("global @%s of type %s is initialized with the address @%s", name, g.Type, quoteName(g.InitSym))
		}
		if c.m.Global(g.InitSym) == nil && c.m.Func(g.InitSym) == nil {
			c.errorf("global @%s is initialized with the address of @%s, which does not exist", name, quoteName(g.InitSym))
		}
	case g.Type == Ptr:
		if g.Init != 0 {
			c.errorf("global @%s of type ptr has the integer initializer %d", name, g.Init)
		}
	case g.Type.IsInt():
		if g.Type.Truncate(g.Init) != g.Init {
			c.errorf("global @%s has the initializer %d, which is not in the canonical form of %s", name, g.Init, g.Type)
		}
	default:
		c.errorf("global @%s has type %s", name, g.Type)
	}
}

// funcChecker holds the side tables of one function's check.
type funcChecker struct {
	f    *Func
	file string
	errs diag.List

	blockAt []*Block // by Block.ID: the block of f with that ID
	valueAt []*Value // by Value.ID: the value with that ID seen first
	index   []int32  // by Value.ID: an instruction's position in its block
	names   map[string]bool
	room    int // how many names names has held or was made for

	stamp []int // by Block.ID: scratch marks, valid when equal to clock
	clock int
	phiIn []*Value // by Block.ID: a φ's value for that incoming block
}

// checkers holds the side tables of finished checks for the next one: the
// verifier runs on every function the frontend builds (scratch.go).
var checkers = sync.Pool{New: func() any { return &funcChecker{names: map[string]bool{}} }}

func verifyFunc(f *Func) diag.List {
	c := checkers.Get().(*funcChecker)
	defer c.release()
	c.f = f
	if f.Module != nil {
		c.file = f.Module.Source
	}
	// A map that grows insertion by insertion moves its entries at every
	// doubling: in a function of 10k loops that was half of the time the
	// checker spent on names, in a check that took a tenth of the
	// function's -O0 compile. The map is made at the size the function
	// can need instead, unless the pooled one has held as many.
	if n := f.NumValues() + f.NumBlocks(); n > c.room {
		c.names, c.room = make(map[string]bool, n), n
	}
	c.params()
	if f.IsDecl() {
		return c.errs
	}
	c.structure()
	if len(c.errs) > 0 {
		return c.errs
	}
	c.cfg()
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			c.operands(b, v)
		}
	}
	if len(c.errs) > 0 {
		return c.errs
	}
	c.dominance()
	return c.errs
}

// release returns c to the pool, its tables emptied, and its
// diagnostics to their caller alone.
func (c *funcChecker) release() {
	room := max(c.room, len(c.names))
	if room > maxPooled {
		c.names, room = map[string]bool{}, 0
	}
	clear(c.names)
	*c = funcChecker{
		names:   c.names,
		room:    room,
		blockAt: Released(c.blockAt),
		valueAt: Released(c.valueAt),
		index:   Released(c.index),
		stamp:   Released(c.stamp),
		phiIn:   Released(c.phiIn),
	}
	checkers.Put(c)
}

// errorf reports a problem in block b (nil for the function as a whole) at
// v (nil when no instruction is to blame).
func (c *funcChecker) errorf(b *Block, v *Value, format string, args ...any) {
	prefix := "in function " + quoteName(c.f.Name) + ": "
	if b != nil {
		prefix = "in function " + quoteName(c.f.Name) + ", block %" + quoteName(b.Name) + ": "
	}
	c.errs.Add(c.file, c.position(b, v), "%s", prefix+fmt.Sprintf(format, args...))
}

// position is v's position, else the first one in b, else the function's.
func (c *funcChecker) position(b *Block, v *Value) diag.Pos {
	if v != nil && v.Pos.IsValid() {
		return v.Pos
	}
	if b != nil {
		for _, w := range b.Instrs {
			if w != nil && w.Pos.IsValid() {
				return w.Pos
			}
		}
	}
	return c.f.Pos()
}

// describe names an instruction or operand for a message without printing
// it: the printer assumes well-formed values.
func describe(v *Value) string {
	switch {
	case v == nil:
		return "a nil value"
	case v.Op == OpPhi && v.Name != "":
		return "φ %" + quoteName(v.Name)
	case v.Name != "":
		return "%" + quoteName(v.Name)
	case v.Op.IsOperand():
		return v.String()
	}
	return "'" + v.Op.String() + "'"
}

func blockName(b *Block) string { return "%" + quoteName(b.Name) }

// claimName reports a second definition of name.
func (c *funcChecker) claimName(b *Block, v *Value, name string) {
	// One map operation, not a lookup and then an insertion: the name is
	// new exactly when the insertion grows the map.
	n := len(c.names)
	if c.names[name] = true; len(c.names) == n {
		c.errorf(b, v, "%%%s is defined more than once", quoteName(name))
	}
}

// claimID records v as the value with its ID, reporting (at the
// instruction at) an ID out of range or shared with another value.
func (c *funcChecker) claimID(b *Block, at, v *Value) bool {
	if v.ID < 0 || v.ID >= len(c.valueAt) {
		c.errorf(b, at, "%s has ID %d, outside the function's range [0, %d) (a value of another function?)", c.subject(at, v), v.ID, len(c.valueAt))
		return false
	}
	if other := c.valueAt[v.ID]; other != nil && other != v {
		c.errorf(b, at, "%s and %s share ID %d (a value of another function?)", c.subject(at, v), describe(other), v.ID)
		return false
	}
	c.valueAt[v.ID] = v
	return true
}

// subject names v, as an operand of at when v is not at itself.
func (c *funcChecker) subject(at, v *Value) string {
	if at == v {
		return describe(v)
	}
	return "the operand " + describe(v) + " of " + describe(at)
}

func (c *funcChecker) params() {
	c.valueAt = Zeroed(c.valueAt, c.f.NumValues())
	for i, p := range c.f.Params {
		switch {
		case p == nil:
			c.errorf(nil, nil, "parameter %d is nil", i)
			continue
		case p.Op != OpParam || p.Index != i:
			c.errorf(nil, p, "parameter %d is %s, not parameter value number %d", i, describe(p), i)
		case !p.Type.IsInt() && p.Type != Ptr:
			c.errorf(nil, p, "parameter %s has type %s", describe(p), p.Type)
		}
		if c.f.IsDecl() {
			continue
		}
		c.claimID(nil, p, p)
		c.claimName(nil, p, p.Name)
	}
}

// structure checks that blocks and instructions belong to f exactly once,
// that names are unique, and that each block ends with its only terminator,
// whose targets are blocks of f.
func (c *funcChecker) structure() {
	f := c.f
	c.blockAt = Zeroed(c.blockAt, f.NumBlocks())
	c.index = Zeroed(c.index, f.NumValues())
	for i, b := range f.Blocks {
		switch {
		case b == nil:
			c.errorf(nil, nil, "block %d is nil", i)
			return
		case b.Func != f:
			c.errorf(b, nil, "the block belongs to another function")
		case b.ID < 0 || b.ID >= len(c.blockAt):
			c.errorf(b, nil, "the block has ID %d, outside the function's range [0, %d)", b.ID, len(c.blockAt))
		case c.blockAt[b.ID] != nil:
			c.errorf(b, nil, "the block shares ID %d with block %s, or is listed twice", b.ID, blockName(c.blockAt[b.ID]))
		default:
			c.blockAt[b.ID] = b
		}
		c.claimName(b, nil, b.Name)
	}
	for _, b := range f.Blocks {
		c.instructions(b)
	}
	if len(c.errs) > 0 {
		return
	}
	for _, b := range f.Blocks {
		c.edges(b)
	}
}

// edges checks that both ends of each of b's edges are in the function and
// record each other.
func (c *funcChecker) edges(b *Block) {
	t := b.Term()
	if want := targetCount(t); len(b.Succs) != want {
		c.errorf(b, t, "%s has %d targets, want %d", describe(t), len(b.Succs), want)
	}
	for i, e := range b.Succs {
		switch s := e.b; {
		case !c.inFunc(s):
			c.errorf(b, t, "the terminator branches to a block that is not in the function")
		case e.i < 0 || e.i >= len(s.Preds) || s.Preds[e.i] != (Edge{b, i}):
			c.errorf(b, t, "exit %d to %s is not recorded among that block's predecessors", i, blockName(s))
		}
	}
	for j, e := range b.Preds {
		switch p := e.b; {
		case !c.inFunc(p):
			c.errorf(b, nil, "predecessor entry %d names a block that is not in the function", j)
		case e.i < 0 || e.i >= len(p.Succs) || p.Succs[e.i] != (Edge{b, j}):
			c.errorf(b, nil, "predecessor entry %d, from %s, is not one of that block's exits", j, blockName(p))
		}
	}
}

// inFunc reports whether b is a block of the function.
func (c *funcChecker) inFunc(b *Block) bool {
	return b != nil && b.ID >= 0 && b.ID < len(c.blockAt) && c.blockAt[b.ID] == b
}

// instructions checks the membership and placement of b's instructions.
func (c *funcChecker) instructions(b *Block) {
	if len(b.Instrs) == 0 {
		c.errorf(b, nil, "the block is empty: it needs a terminator")
		return
	}
	last := len(b.Instrs) - 1
	for i, v := range b.Instrs {
		if v == nil {
			c.errorf(b, nil, "instruction %d is nil", i)
			continue
		}
		if v.Block != b {
			c.errorf(b, v, "%s is listed in this block but records another", describe(v))
		}
		if v.Op == OpInvalid || v.Op >= numOps || v.Op.IsOperand() {
			c.errorf(b, v, "%s has op %s, which is not an instruction", describe(v), v.Op)
			continue
		}
		if c.claimID(b, v, v) {
			c.index[v.ID] = int32(i)
		}
		if v.HasResult() {
			if v.Name == "" {
				c.errorf(b, v, "%s has a result of type %s but no name", describe(v), v.Type)
			} else {
				c.claimName(b, v, v.Name)
			}
		}
		switch {
		case v.Op.IsTerminator() && i != last:
			c.errorf(b, v, "terminator %s is not at the end of the block", describe(v))
		case !v.Op.IsTerminator() && i == last:
			c.errorf(b, v, "the block does not end with a terminator (it ends with %s)", describe(v))
		}
	}
}

// targetCount is the number of successors a terminator names: a switch
// has its default and one per case, as many as its operands.
func targetCount(v *Value) int {
	if v == nil {
		return 0
	}
	switch v.Op {
	case OpBr:
		return 1
	case OpCondBr:
		return 2
	case OpSwitch:
		return max(len(v.Args), 1)
	}
	return 0
}

// cfg checks the entry block and the φs against the edges.
func (c *funcChecker) cfg() {
	f := c.f
	c.stamp = Zeroed(c.stamp, len(c.blockAt))
	c.phiIn = Zeroed(c.phiIn, len(c.blockAt))
	for _, b := range f.Blocks {
		c.phis(b)
	}
	for _, p := range f.pending {
		switch j := p.phi.Block.PredIndex(p.pred); {
		case j >= 0 && p.phi.Args[j] != nil && p.phi.Args[j] != p.val:
			c.errorf(p.phi.Block, p.phi, "%s has two different values for predecessor %s", describe(p.phi), blockName(p.pred))
		case j >= 0:
			c.errorf(p.phi.Block, p.phi, "%s has more entries for %s than there are edges from it", describe(p.phi), blockName(p.pred))
		default:
			c.errorf(p.phi.Block, p.phi, "%s has an entry for %s, which is not a predecessor", describe(p.phi), blockName(p.pred))
		}
	}
	entry := f.Entry()
	for _, e := range entry.Preds {
		c.errorf(entry, e.b.Term(), "the entry block has a predecessor, %s", blockName(e.b))
	}
	if len(entry.Instrs) > 0 && entry.Instrs[0].Op == OpPhi {
		c.errorf(entry, entry.Instrs[0], "the entry block has φ %s", describe(entry.Instrs[0]))
	}
}

// mark starts a new set of marks over blocks and returns its stamp.
func (c *funcChecker) mark() int {
	c.clock++
	return c.clock
}

// phis checks that b's φs come first and have one argument per
// predecessor entry.
func (c *funcChecker) phis(b *Block) {
	var nonPhi *Value
	for _, v := range b.Instrs {
		if v.Op != OpPhi {
			if nonPhi == nil {
				nonPhi = v
			}
			continue
		}
		if nonPhi != nil {
			c.errorf(b, v, "phi after a non-phi instruction: %s follows %s", describe(v), describe(nonPhi))
		}
		c.phiEntries(b, v)
	}
}

// phiEntries checks v's arguments against b's predecessor entries: one
// each, and the same value for the entries of one block (both arms of a
// condbr, several cases of a switch), as LLVM requires.
func (c *funcChecker) phiEntries(b *Block, v *Value) {
	if len(v.Args) != len(b.Preds) {
		c.errorf(b, v, "%s has %d values but %d incoming blocks", describe(v), len(v.Args), len(b.Preds))
		return
	}
	seen := c.mark()
	for j, e := range b.Preds {
		switch p := e.b; {
		case v.Args[j] == nil:
			c.missingEntry(b, v, j)
		case c.stamp[p.ID] != seen:
			c.stamp[p.ID] = seen
			c.phiIn[p.ID] = v.Args[j]
		case c.phiIn[p.ID] != v.Args[j]:
			c.errorf(b, v, "%s has two different values for predecessor %s", describe(v), blockName(p))
		}
	}
}

// missingEntry reports that φ v has no argument for its j-th edge, from
// p: once per block p, at its first such edge.
func (c *funcChecker) missingEntry(b *Block, v *Value, j int) {
	p := b.Pred(j)
	n, edges := 0, 0
	for k, e := range b.Preds {
		if e.b != p {
			continue
		}
		if k < j && v.Args[k] == nil {
			return // reported at that edge
		}
		edges++
		if v.Args[k] != nil {
			n++
		}
	}
	if n == 0 {
		c.errorf(b, v, "%s has no incoming value for predecessor %s", describe(v), blockName(p))
	} else {
		c.errorf(b, v, "%s has %d entries for %s, which has %d edges here (list it once, or once per edge)", describe(v), n, blockName(p), edges)
	}
}

// operands checks that v's operands exist in f and have the types v's op
// requires.
func (c *funcChecker) operands(b *Block, v *Value) {
	for i, a := range v.Args {
		if !c.operand(b, v, i, a) {
			return
		}
	}
	c.types(b, v)
}

// operand checks the i-th operand a of v.
func (c *funcChecker) operand(b *Block, v *Value, i int, a *Value) bool {
	switch {
	case a == nil && v.Op == OpPhi:
		return false // phiEntries reports the predecessor without a value
	case a == nil:
		c.errorf(b, v, "operand %d of %s is nil", i, describe(v))
		return false
	case a.Block != nil:
		if a.ID < 0 || a.ID >= len(c.valueAt) || c.valueAt[a.ID] != a || a.Block.Func != c.f {
			c.errorf(b, v, "%s uses %s, which is not an instruction of this function (deleted, or of another function)", describe(v), describe(a))
			return false
		}
	case !a.Op.IsOperand():
		c.errorf(b, v, "%s uses %s, which is in no block (deleted?)", describe(v), describe(a))
		return false
	case a.Op == OpParam && (a.Index < 0 || a.Index >= len(c.f.Params) || c.f.Params[a.Index] != a):
		c.errorf(b, v, "%s uses parameter %s, which is not a parameter of this function", describe(v), describe(a))
		return false
	case !c.claimID(b, v, a):
		return false
	case a.Op == OpConst:
		return c.constant(b, v, a)
	case a.Op == OpGlobal:
		return c.globalAddr(b, v, a)
	}
	if a.Type == Void {
		c.errorf(b, v, "%s uses %s, which has no value (void)", describe(v), describe(a))
		return false
	}
	return true
}

func (c *funcChecker) constant(b *Block, v, a *Value) bool {
	switch {
	case a.Type == Ptr && a.Const != 0:
		c.errorf(b, v, "%s uses the pointer constant %d: the only pointer constant is null", describe(v), a.Const)
	case a.Type != Ptr && !a.Type.IsInt():
		c.errorf(b, v, "%s uses a constant of type %s", describe(v), a.Type)
	case a.Type.Truncate(a.Const) != a.Const:
		c.errorf(b, v, "%s uses the %s constant %d, which is not in the canonical (sign-extended) form", describe(v), a.Type, a.Const)
	default:
		return true
	}
	return false
}

func (c *funcChecker) globalAddr(b *Block, v, a *Value) bool {
	m := c.f.Module
	switch {
	case a.Type != Ptr:
		c.errorf(b, v, "%s uses the address of @%s with type %s, not ptr", describe(v), quoteName(a.Sym), a.Type)
	case m != nil && m.Global(a.Sym) == nil && m.Func(a.Sym) == nil:
		c.errorf(b, v, "%s uses @%s, which is neither a global nor a function of the module", describe(v), quoteName(a.Sym))
	default:
		return true
	}
	return false
}

// types checks the operand and result types v's op requires (operands are
// known to be non-nil values of f).
func (c *funcChecker) types(b *Block, v *Value) {
	bad := func(format string, args ...any) {
		c.errorf(b, v, "%s: %s", describe(v), fmt.Sprintf(format, args...))
	}
	if !c.arity(v) {
		bad("%s takes %s, not %d", v.Op, arityText(v), len(v.Args))
		return
	}
	switch op := v.Op; {
	case op.IsBinary():
		x, y := v.Args[0], v.Args[1]
		switch {
		case !v.Type.IsInt():
			bad("%s needs an integer type, not %s", op, v.Type)
		case x.Type != v.Type || y.Type != v.Type:
			bad("operands %s and %s must have the result type %s", typed(x), typed(y), v.Type)
		}
	case op == OpICmp:
		x, y := v.Args[0], v.Args[1]
		switch {
		case v.Type != I1:
			bad("icmp produces i1, not %s", v.Type)
		case x.Type != y.Type || !x.Type.IsInt() && x.Type != Ptr:
			bad("icmp compares two integers or two pointers of one type, not %s and %s", typed(x), typed(y))
		case v.Pred > PredUGE:
			bad("icmp has an unknown predicate")
		}
	case op == OpSelect:
		cond, x, y := v.Args[0], v.Args[1], v.Args[2]
		switch {
		case cond.Type != I1:
			bad("the condition %s must be i1", typed(cond))
		case x.Type != v.Type || y.Type != v.Type:
			bad("the values %s and %s must have the result type %s", typed(x), typed(y), v.Type)
		}
	case op.IsCast():
		c.cast(v, bad)
	case op == OpAlloca:
		switch {
		case v.Type != Ptr:
			bad("alloca produces ptr, not %s", v.Type)
		case !v.Elem.IsInt() && v.Elem != Ptr:
			bad("alloca of type %s", v.Elem)
		}
	case op == OpLoad:
		switch {
		case v.Args[0].Type != Ptr:
			bad("the address %s must be a ptr", typed(v.Args[0]))
		case !v.Type.IsInt() && v.Type != Ptr:
			bad("load of type %s", v.Type)
		}
	case op == OpStore:
		switch {
		case v.Args[1].Type != Ptr:
			bad("the address %s must be a ptr", typed(v.Args[1]))
		case v.Type != Void:
			bad("store has no result, but has type %s", v.Type)
		}
	case op == OpGEP:
		base, idx := v.Args[0], v.Args[1]
		switch {
		case v.Type != Ptr || base.Type != Ptr:
			bad("getelementptr takes and produces ptr, not %s to %s", typed(base), v.Type)
		case idx.Type != I64 && idx.Type != I32:
			bad("the index %s must be i64 or i32", typed(idx))
		case !v.Elem.IsInt() && v.Elem != Ptr:
			bad("getelementptr over elements of type %s", v.Elem)
		}
	case op == OpCall:
		c.call(v, bad)
	case op == OpPhi:
		for _, a := range v.Args {
			if a.Type != v.Type {
				bad("the value %s must have the φ's type %s", typed(a), v.Type)
				break
			}
		}
	case op == OpCondBr:
		if v.Args[0].Type != I1 {
			bad("the condition %s must be i1", typed(v.Args[0]))
		}
	case op == OpSwitch:
		c.switchCases(v, bad)
	case op == OpRet:
		c.ret(v, bad)
	}
	if op := v.Op; (op.IsTerminator() || op == OpStore) && v.Type != Void {
		bad("%s has no result, but has type %s", op, v.Type)
	}
}

// typed spells an operand with its type, as in the text form.
func typed(v *Value) string { return v.Type.String() + " " + describe(v) }

// arity reports whether v has the number of operands its op takes; calls,
// φs and returns are checked against the callee, the predecessors and the
// function's result.
func (c *funcChecker) arity(v *Value) bool {
	switch op := v.Op; {
	case op.IsBinary(), op == OpICmp, op == OpStore, op == OpGEP:
		return len(v.Args) == 2
	case op == OpSelect:
		return len(v.Args) == 3
	case op.IsCast(), op == OpLoad, op == OpCondBr:
		return len(v.Args) == 1
	case op == OpSwitch:
		return len(v.Args) >= 1
	case op == OpAlloca, op == OpBr, op == OpUnreachable:
		return len(v.Args) == 0
	case op == OpRet:
		return len(v.Args) <= 1
	}
	return true
}

func arityText(v *Value) string {
	switch op := v.Op; {
	case op.IsBinary(), op == OpICmp, op == OpStore, op == OpGEP:
		return "2 operands"
	case op == OpSelect:
		return "3 operands"
	case op.IsCast(), op == OpLoad, op == OpCondBr:
		return "1 operand"
	case op == OpSwitch:
		return "a selector"
	case op == OpRet:
		return "at most 1 operand"
	}
	return "no operands"
}

// switchCases checks that a switch selects on an integer and that its
// cases are distinct constants of the selector's type.
func (c *funcChecker) switchCases(v *Value, bad func(string, ...any)) {
	x := v.Args[0]
	if !x.Type.IsInt() {
		bad("the switch selector %s must be an integer", typed(x))
		return
	}
	seen := make(map[int64]bool, len(v.Args)-1)
	for _, k := range v.Args[1:] {
		switch {
		case k.Op != OpConst || k.Type != x.Type:
			bad("the case value %s must be a constant of the selector's type %s", typed(k), x.Type)
			return
		case seen[k.Const]:
			bad("the case value %d is listed twice", k.Const)
			return
		}
		seen[k.Const] = true
	}
}

// cast checks that zext and sext widen and trunc narrows an integer.
func (c *funcChecker) cast(v *Value, bad func(string, ...any)) {
	x := v.Args[0]
	switch {
	case !x.Type.IsInt() || !v.Type.IsInt():
		bad("%s converts integers, not %s to %s", v.Op, typed(x), v.Type)
	case v.Op == OpTrunc && x.Type.Bits() <= v.Type.Bits():
		bad("trunc must narrow, but %s is not wider than %s", typed(x), v.Type)
	case v.Op != OpTrunc && x.Type.Bits() >= v.Type.Bits():
		bad("%s must widen, but %s is not narrower than %s", v.Op, typed(x), v.Type)
	}
}

// call checks the callee exists and the operands and result match its
// signature. LLVM with opaque pointers accepts a mismatched call (it is
// undefined at run time); toyc's back end passes arguments by the callee's
// types, so it rejects one.
func (c *funcChecker) call(v *Value, bad func(string, ...any)) {
	m := c.f.Module
	if m == nil {
		return
	}
	callee := m.Func(v.Sym)
	switch {
	case callee == nil && m.Global(v.Sym) != nil:
		bad("calls @%s, which is a global variable, not a function", quoteName(v.Sym))
		return
	case callee == nil:
		bad("calls @%s, which is not declared", quoteName(v.Sym))
		return
	case len(v.Args) != callee.NumParams():
		bad("@%s takes %d arguments, not %d", quoteName(v.Sym), callee.NumParams(), len(v.Args))
		return
	case v.Type != callee.Result:
		bad("@%s returns %s, but the call's type is %s", quoteName(v.Sym), callee.Result, v.Type)
	}
	for i, a := range v.Args {
		if want := callee.ParamType(i); a.Type != want {
			bad("argument %d of @%s must be %s, not %s", i+1, quoteName(v.Sym), want, typed(a))
		}
	}
}

// ret checks the returned value against the function's result type.
func (c *funcChecker) ret(v *Value, bad func(string, ...any)) {
	want := c.f.Result
	switch {
	case want == Void && len(v.Args) > 0:
		bad("the function returns void, but ret has %s", typed(v.Args[0]))
	case want != Void && len(v.Args) == 0:
		bad("the function returns %s, but ret has no value", want)
	case want != Void && v.Args[0].Type != want:
		bad("the function returns %s, but ret has %s", want, typed(v.Args[0]))
	}
}

// dominance checks that every use is dominated by its definition. As in
// LLVM, a use in a block unreachable from the entry is never an error
// (unreachable code is dominated by everything), but a definition in an
// unreachable block does not dominate a reachable use. A φ's operand must
// dominate the end of the block it flows in from.
//
// Most uses are settled without the dominator tree (settled), which
// nothing else asks for at -O0; the tree is built for the first use that
// is not, and judges it as it would have judged every use.
func (c *funcChecker) dominance() {
	var dom *DomTree
	entry := c.f.Entry()
	for _, b := range c.f.Blocks {
		for i, v := range b.Instrs {
			for k, a := range v.Args {
				if a == nil || a.Block == nil {
					continue // a φ's missing entry is reported already
				}
				if !checkDominanceByTree && c.settled(entry, b, v, i, k, a) {
					continue
				}
				if dom == nil {
					// The cached tree, which the passes after ask for
					// again (mem2reg); the tests check it against a
					// fresh one (analysis.go).
					dom = c.f.Dom()
				}
				if v.Op == OpPhi {
					c.phiUse(b, v, a, b.Pred(k), dom)
				} else {
					c.use(b, v, i, a, dom)
				}
			}
		}
	}
}

// checkDominanceByTree, when set (the tests set it), makes dominance judge
// every use by the tree, for a comparison of the diagnostics.
var checkDominanceByTree bool

// settled reports whether the use of a as operand k of v, the i-th
// instruction of b, is known to be no error without the dominator tree:
// a use after its definition in the same block, or one whose block (the
// φ's predecessor, for a φ) chainDominates it. At -O0, where every
// variable is an alloca in the entry block and the blocks a bounds check
// splits off hang below the check, that is nearly every use.
func (c *funcChecker) settled(entry, b *Block, v *Value, i, k int, a *Value) bool {
	switch {
	case v.Op == OpPhi:
		return chainDominates(entry, a.Block, b.Pred(k))
	case a == v:
		return false
	case a.Block == b:
		return int(c.index[a.ID]) < i
	}
	return chainDominates(entry, a.Block, b)
}

// chainSteps bounds chainDominates' walk, so that the check stays linear
// in the size of the function.
const chainSteps = 8

// chainDominates reports true only when d dominates b or b is unreachable
// (a use in b is then no error either way), found without the tree: d is
// the entry, which dominates every reachable block; or d is met within
// chainSteps steps up from b through blocks of one predecessor each,
// since every path from the entry to a block of one predecessor passes
// through that predecessor — up to d, which therefore dominates b when b
// is reachable. The entry has no predecessor (cfg), so no walk passes it.
// False means only that the tree must decide.
func chainDominates(entry, d, b *Block) bool {
	if d == entry {
		return true
	}
	for range chainSteps {
		if b == d {
			return true
		}
		if len(b.Preds) != 1 {
			return false
		}
		b = b.Preds[0].b
	}
	return false
}

func (c *funcChecker) phiUse(b *Block, v, a *Value, from *Block, dom *DomTree) {
	if !dom.Reachable(from) || dom.Dominates(a.Block, from) {
		return
	}
	c.errorf(b, v, "%s uses %s on the edge from %s, but %s (in %s) does not dominate the end of %s",
		describe(v), describe(a), blockName(from), describe(a), blockName(a.Block), blockName(from))
}

func (c *funcChecker) use(b *Block, v *Value, i int, a *Value, dom *DomTree) {
	if !dom.Reachable(b) {
		return
	}
	if a == v {
		c.errorf(b, v, "%s uses itself; only a φ may", describe(v))
		return
	}
	if a.Block == b {
		if int(c.index[a.ID]) > i {
			c.errorf(b, v, "%s uses %s before its definition", describe(v), describe(a))
		}
		return
	}
	if !dom.Dominates(a.Block, b) {
		c.errorf(b, v, "%s uses %s, but its definition in %s does not dominate this block", describe(v), describe(a), blockName(a.Block))
	}
}
