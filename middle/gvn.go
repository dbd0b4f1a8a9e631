package middle

import "sync"

// GVN removes redundant computations: an instruction that computes the same
// operation on the same operands as one that dominates it is replaced by that
// one. This is the dominator-based value numbering of Briggs, Cooper and
// Simpson, "Value Numbering" (Software Practice & Experience, 1997), also the
// hash-based half of Click's "Global Code Motion / Global Value Numbering"
// (PLDI 1995): the dominator tree is walked depth first with a scoped hash
// table from (operation, type, operands' value numbers) to the instruction
// that first computed it; leaving a block forgets what the block added, so a
// value is only ever replaced by one whose definition dominates it. An
// instruction's value number is its own ID, or its replacement's.
//
// Only pure instructions take part: arithmetic (division too — the dominating
// copy has already executed with the same operands, behind its own guard),
// comparisons, selects, casts, address arithmetic, and invariant loads (two
// loads of unchanging memory from one address read the same value). Operands
// of commutative operations are put in value-number order, and a comparison
// whose operands are swapped has its predicate swapped, so a+b meets b+a and
// x<y meets y>x. Global addresses are numbered by symbol: the IR makes a new
// operand for each use of @g.
//
// Branch conditions are values too (the "propagate equality" of LLVM's
// GVN): a block whose only way in is the true edge of br i1 %c knows that
// %c is true there and in every block it dominates, so another use of %c —
// a bounds check repeated on the same index, once GVN has made the two
// comparisons one — reads true, a comparison with the same key is true and
// its negation false; after the true edge of x == C, x is C. Facts are
// scoped like the table. φ operands are left alone: they are used on
// edges, not in the φ's block.
//
// Requires: SSA form. Guarantees: no two pure instructions with equal keys
// where one dominates the other; operands known by a dominating branch are
// constants, and an instruction they make constant is folded; the CFG
// unchanged (simplifycfg folds the branches this makes
// constant). One walk with a hash table: linear in the
// size of the function.
func GVN(f *Func) {
	if f.IsDecl() {
		return
	}
	kept := gvnTables.Get().(*valueNumbering)
	g := &valueNumbering{
		f:        f,
		repl:     Zeroed(kept.repl, f.NumValues()),
		facts:    Zeroed(kept.facts, f.NumValues()),
		table:    orMake(kept.table),
		tableLog: kept.tableLog,
		factLog:  kept.factLog,
		marks:    kept.marks,
		globals:  orMake(kept.globals),
	}
	defer g.release()
	f.Dom().Walk(g.enter, g.exit)
	if !g.replaced {
		return
	}
	f.ReplaceUses(g.repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(g.repl) && g.repl[v.ID] != nil })
	}
}

// gvnTables keeps a finished numbering's tables for the next function's
// (scratch.go).
var gvnTables = sync.Pool{New: func() any { return new(valueNumbering) }}

// release gives g's tables back; g may not be used after.
func (g *valueNumbering) release() {
	gvnTables.Put(&valueNumbering{repl: Released(g.repl), facts: Released(g.facts), table: ReleasedMap(g.table),
		tableLog: Released(g.tableLog), factLog: Released(g.factLog), marks: Released(g.marks), globals: ReleasedMap(g.globals)})
}

func (g *valueNumbering) enter(b *Block) {
	g.marks = append(g.marks, gvnMark{len(g.tableLog), len(g.factLog)})
	g.learnCondition(b)
	for _, v := range b.Instrs {
		if v.Op != OpPhi && len(g.factLog) > 0 && g.useFacts(v) {
			// Constant now (x + 1 where x == 5): a constant, or the
			// computation stays, and LICM hoists it out of its loop to
			// hold a register through it (a function that tail-calls
			// itself from n arms: n registers).
			if c := fold(g.f, v); c != nil && c.Op == OpConst {
				g.repl[v.ID] = c
				g.replaced = true
				continue
			}
		}
		k, ok := g.key(v)
		if !ok {
			continue
		}
		if leader := g.table[k]; leader != nil {
			g.repl[v.ID] = leader
			g.replaced = true
			continue
		}
		g.remember(k, v)
	}
}

func (g *valueNumbering) exit(*Block) {
	m := g.marks[len(g.marks)-1]
	g.marks = g.marks[:len(g.marks)-1]
	for i := len(g.tableLog) - 1; i >= m.table; i-- {
		if u := g.tableLog[i]; u.prev != nil {
			g.table[u.key] = u.prev
		} else {
			delete(g.table, u.key)
		}
	}
	g.tableLog = g.tableLog[:m.table]
	for _, id := range g.factLog[m.facts:] {
		g.facts[id] = nil
	}
	g.factLog = g.factLog[:m.facts]
}

// useFacts replaces v's operands known to be constants here (by a
// branch, or folded) by those constants, and reports whether it replaced
// any.
func (g *valueNumbering) useFacts(v *Value) bool {
	used := false
	for i, a := range v.Args {
		c := g.fact(a)
		if l := g.leader(a); c == nil && l.Op == OpConst {
			c = l
		}
		if c != nil && c != a {
			v.Args[i] = c
			used = true
		}
	}
	return used
}

// remember makes v the value of key k in the current block's scope.
func (g *valueNumbering) remember(k gvnKey, v *Value) {
	g.tableLog = append(g.tableLog, gvnUndo{k, g.table[k]})
	g.table[k] = v
}

// learnCondition records what holds in b because the only way into it is
// one edge of a conditional branch: the condition is true (or false), so is
// every comparison with the same key, its negation is the opposite, and
// after x == C, x is C.
func (g *valueNumbering) learnCondition(b *Block) {
	if len(b.Preds) != 1 {
		return
	}
	t := b.Pred(0).Term()
	if t.Op != OpCondBr || t.Block.Succ(0) == t.Block.Succ(1) {
		return
	}
	c := g.leader(t.Args[0])
	if c.Op == OpConst || g.fact(c) != nil {
		return
	}
	holds := b == t.Block.Succ(0)
	g.learn(c, g.f.Bool(holds))
	if c.Op != OpICmp || c.Block == nil {
		return
	}
	k, _ := g.key(c)
	g.remember(k, g.f.Bool(holds))
	k.pred = k.pred.Negate()
	g.remember(k, g.f.Bool(!holds))
	x, y := g.leader(c.Args[0]), g.leader(c.Args[1])
	if (c.Pred == PredEQ) == holds && (c.Pred == PredEQ || c.Pred == PredNE) && x.Type.IsInt() {
		switch {
		case y.Op == OpConst && x.Op != OpConst:
			g.learn(x, y)
		case x.Op == OpConst && y.Op != OpConst:
			g.learn(y, x)
		}
	}
}

// learn records that v is c in the current block's scope.
func (g *valueNumbering) learn(v, c *Value) {
	if v.ID < len(g.facts) && g.facts[v.ID] == nil {
		g.facts[v.ID] = c
		g.factLog = append(g.factLog, int32(v.ID))
	}
}

// fact returns the constant v is known to be here, or nil.
func (g *valueNumbering) fact(v *Value) *Value {
	if v = g.leader(v); v.ID < len(g.facts) {
		return g.facts[v.ID]
	}
	return nil
}

func (g *valueNumbering) leader(v *Value) *Value {
	if v.ID < len(g.repl) && g.repl[v.ID] != nil {
		return g.repl[v.ID]
	}
	return v
}

// gvnKey identifies what a pure instruction computes. Operands are value
// numbers; instructions here have at most three.
type gvnKey struct {
	op        Op
	t         Type
	pred      Pred
	elem      Type
	invariant bool
	args      [3]int32
}

type valueNumbering struct {
	f        *Func
	repl     []*Value // by Value.ID: the dominating instruction or constant that replaces it
	replaced bool
	table    map[gvnKey]*Value
	tableLog []gvnUndo
	facts    []*Value // by Value.ID: the constant it is known to be in the current block
	factLog  []int32  // IDs with facts, in the order learned
	marks    []gvnMark
	globals  map[string]int32 // symbol -> value number of its address
}

// gvnUndo restores a table entry when the walk leaves the block that set it.
type gvnUndo struct {
	key  gvnKey
	prev *Value
}

// gvnMark is the length of the logs when the walk entered a block.
type gvnMark struct{ table, facts int }

// number returns the value number of an operand.
func (g *valueNumbering) number(v *Value) int32 {
	if v.Op == OpGlobal {
		n, ok := g.globals[v.Sym]
		if !ok {
			n = int32(v.ID)
			g.globals[v.Sym] = n
		}
		return n
	}
	return int32(g.leader(v).ID)
}

// key returns v's key, or false when v does not take part.
func (g *valueNumbering) key(v *Value) (gvnKey, bool) {
	switch {
	case v.Op.IsBinary(), v.Op.IsCast(), v.Op == OpICmp, v.Op == OpSelect, v.Op == OpGEP:
	case v.Op == OpLoad && v.Invariant:
	default:
		return gvnKey{}, false
	}
	k := gvnKey{op: v.Op, t: v.Type, pred: v.Pred, elem: v.Elem, invariant: v.Invariant, args: [3]int32{-1, -1, -1}}
	for i, a := range v.Args {
		k.args[i] = g.number(a)
	}
	if k.args[0] > k.args[1] {
		switch v.Op {
		case OpAdd, OpMul, OpAnd, OpOr, OpXor:
			k.args[0], k.args[1] = k.args[1], k.args[0]
		case OpICmp:
			k.args[0], k.args[1] = k.args[1], k.args[0]
			k.pred = k.pred.Swap()
		}
	}
	return k, true
}
