package middle

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
// Requires: SSA form. Guarantees: no two pure instructions with equal keys
// where one dominates the other; the CFG and everything else unchanged. One
// walk with a hash table: linear in the size of the function.
func GVN(f *Func) {
	if f.IsDecl() {
		return
	}
	g := &valueNumbering{
		repl:    make([]*Value, f.NumValues()),
		table:   make(map[gvnKey]*Value),
		globals: make(map[string]int32),
	}
	var marks []int
	replaced := false
	ComputeDom(f).Walk(func(b *Block) {
		marks = append(marks, len(g.added))
		for _, v := range b.Instrs {
			k, ok := g.key(v)
			if !ok {
				continue
			}
			if leader := g.table[k]; leader != nil {
				g.repl[v.ID] = leader
				replaced = true
				continue
			}
			g.table[k] = v
			g.added = append(g.added, k)
		}
	}, func(b *Block) {
		mark := marks[len(marks)-1]
		marks = marks[:len(marks)-1]
		for _, k := range g.added[mark:] {
			delete(g.table, k)
		}
		g.added = g.added[:mark]
	})
	if !replaced {
		return
	}
	f.ReplaceUses(g.repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(g.repl) && g.repl[v.ID] != nil })
	}
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
	repl    []*Value // by Value.ID: the dominating instruction that replaces it
	table   map[gvnKey]*Value
	added   []gvnKey         // keys in the table, in insertion order, for scoping
	globals map[string]int32 // symbol -> value number of its address
}

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
	if v.ID < len(g.repl) && g.repl[v.ID] != nil {
		v = g.repl[v.ID]
	}
	return int32(v.ID)
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
