package backend

import (
	"cmp"
	"slices"

	"toyc/middle"
)

// Switch lowering, before instruction selection: every switch becomes a
// balanced binary tree of compares whose leaves are case ranges and jump
// tables, in the manner of LLVM's SwitchLoweringUtils (clusters, then a
// tree split at the median cluster, with the bounds each subtree already
// knows sparing its leaves' checks) after Hennessy and Mendelsohn
// ("Compilation of the Pascal case statement", SP&E 1982) and Bernstein's
// jump tables ("Producing good code for the case statement", SP&E 1985):
//
//   - the cases, sorted, merge into ranges of consecutive values with one
//     target;
//   - a run of at least minTableRanges ranges whose values fill at least
//     minTableDensity percent of their span, and at most maxTableEntries
//     wide, becomes one jump table cluster, taken greedily from the left,
//     each as wide as the density allows. The thresholds are LLVM's when
//     optimizing for speed (-min-jump-table-entries=4,
//     -jump-table-density=10; its 40% is for -Os); GCC's for speed are
//     close (a table at most 8 times the cases). Measured on the
//     Brainfuck benchmark, whose 8 cases span 51 values, 40% made a table
//     of 4 behind a tree of compares (98.4M instructions), 10% one table
//     (89.3M; 77.8M with switchform's first test kept as a compare);
//   - the clusters are searched by a tree of `icmp slt %x, pivot`, the
//     pivot the lowest value of the median cluster; a leaf tests its range
//     (nothing when the tree's bounds already imply it) and goes to the
//     default otherwise.
//
// A jump table leaf is `%idx = sub %x, lo` (zero-extended to i64 for an
// i32 selector), a bounds check `icmp ule %idx, hi-lo` (else the default)
// unless the bounds imply it, and a block ending in the switch that
// instruction selection turns into the table jump (jumptable.go): `switch
// i64 %idx, label %unreachable [ i64 0 ... i64 hi-lo ]`, one case per
// table entry (holes go to the default), its default a block of its own
// that holds only `unreachable`.
//
// Requires: verified SSA. Guarantees: the only switches left are such
// tables; every φ of a former target has an argument for each new edge
// into it, the value it had for the switch's block.
func LowerSwitches(f *middle.Func) {
	for _, b := range slices.Clone(f.Blocks) { // lowerSwitch inserts blocks
		if t := b.Term(); t != nil && t.Op == middle.OpSwitch && !isTableSwitch(t) {
			lowerSwitch(b, t)
		}
	}
}

const (
	minTableRanges  = 4
	minTableDensity = 10 // percent
	maxTableEntries = 1 << 16
)

// caseRange is the values lo..hi, all going to target.
type caseRange struct {
	lo, hi int64
	target *middle.Block
}

// cluster is a leaf of the search tree: a single range, or a jump table
// over the ranges of table (then lo and hi are its span).
type cluster struct {
	lo, hi int64
	target *middle.Block
	table  []caseRange
}

// caseRanges sorts the switch's cases and merges neighbours with one
// target.
func caseRanges(t *middle.Value) []caseRange {
	var rs []caseRange
	for i, k := range t.Args[1:] {
		rs = append(rs, caseRange{k.Const, k.Const, t.Block.Succ(i + 1)})
	}
	slices.SortFunc(rs, func(a, b caseRange) int { return cmp.Compare(a.lo, b.lo) })
	n := 0
	for _, r := range rs {
		if n > 0 && rs[n-1].target == r.target && rs[n-1].hi+1 == r.lo {
			rs[n-1].hi = r.lo
			continue
		}
		rs[n] = r
		n++
	}
	return rs[:n]
}

// span is the number of values from lo to hi, saturated so that it never
// wraps.
func span(lo, hi int64) uint64 {
	s := uint64(hi) - uint64(lo)
	if s == ^uint64(0) {
		return s
	}
	return s + 1
}

// findClusters groups the ranges into jump tables where they are dense
// enough, and single ranges elsewhere.
func findClusters(rs []caseRange) []cluster {
	var cs []cluster
	for i := 0; i < len(rs); {
		best := -1
		values := uint64(0)
		for j := i; j < len(rs); j++ {
			values += span(rs[j].lo, rs[j].hi)
			w := span(rs[i].lo, rs[j].hi)
			if w > maxTableEntries {
				break
			}
			if j-i+1 >= minTableRanges && values*100 >= w*minTableDensity {
				best = j
			}
		}
		if best < 0 {
			cs = append(cs, cluster{lo: rs[i].lo, hi: rs[i].hi, target: rs[i].target})
			i++
			continue
		}
		cs = append(cs, cluster{lo: rs[i].lo, hi: rs[best].hi, table: rs[i : best+1]})
		i = best + 1
	}
	return cs
}

// switchLowering is the state of one switch's lowering.
type switchLowering struct {
	f     *middle.Func
	x     *middle.Value
	def   *middle.Block
	block *middle.Block // the switch's block, where the tree's root goes
	made  []*middle.Block
	pos   *middle.Value // the switch, whose position the new code takes
	// incoming holds, by target, its φs' values for the switch's edges:
	// every edge of the tree into the target carries them.
	incoming map[*middle.Block][]*middle.Value
}

func lowerSwitch(b *middle.Block, t *middle.Value) {
	s := &switchLowering{f: b.Func, x: t.Args[0], def: t.Block.Succ(0), block: b, pos: t, incoming: map[*middle.Block][]*middle.Value{}}
	if s.x.Op == middle.OpConst {
		b.JumpTo(t.CaseIndex(s.x.Const))
		return
	}
	for _, u := range b.UniqueSuccs() {
		for _, phi := range u.Phis() {
			s.incoming[u] = append(s.incoming[u], phi.IncomingFor(b))
		}
	}
	rs := caseRanges(t)
	b.Instrs = b.Instrs[:len(b.Instrs)-1] // the tree replaces the switch
	b.RemoveSuccs()
	lo, hi := typeBounds(s.x.Type)
	s.tree(b, findClusters(rs), lo, hi)
	// Place the new blocks right after the switch's, in the order made.
	at := slices.Index(s.f.Blocks, b) + 1
	s.f.Blocks = slices.DeleteFunc(s.f.Blocks, func(x *middle.Block) bool { return slices.Contains(s.made, x) })
	s.f.Blocks = slices.Insert(s.f.Blocks, at, s.made...)
}

// edge adds the edge from b to to, with the switch's φ values for it.
func (s *switchLowering) edge(b, to *middle.Block) {
	b.AddEdgeTo(to)
	for k, phi := range to.Phis() {
		phi.AddArg(s.incoming[to][k])
	}
}

// typeBounds is the range of the signed values of t.
func typeBounds(t middle.Type) (lo, hi int64) {
	bits := t.Bits()
	if bits >= 64 {
		return -1 << 63, 1<<63 - 1
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

// newBlock makes a block for the tree.
func (s *switchLowering) newBlock(name string) *middle.Block {
	nb := s.f.NewBlock(s.block.Name + "." + name)
	s.made = append(s.made, nb)
	return nb
}

// add appends an instruction of op to b.
func (s *switchLowering) add(b *middle.Block, op middle.Op, t middle.Type, name string, args ...*middle.Value) *middle.Value {
	v := s.f.NewValue(op, t, name, args...)
	v.Pos, v.Inlined = s.pos.Pos, s.pos.Inlined
	b.Append(v)
	return v
}

func (s *switchLowering) jump(b, to *middle.Block) {
	s.add(b, middle.OpBr, middle.Void, "")
	s.edge(b, to)
}

// branch ends b with `br (icmp pred a, c), then, else`.
func (s *switchLowering) branch(b *middle.Block, pred middle.Pred, a *middle.Value, c int64, then, els *middle.Block) {
	cond := s.add(b, middle.OpICmp, middle.I1, "sw.cmp", a, s.f.Const(a.Type, c))
	cond.Pred = pred
	s.add(b, middle.OpCondBr, middle.Void, "", cond)
	s.edge(b, then)
	s.edge(b, els)
}

// tree ends b with the search of cs, for a selector known to lie in
// lo..hi.
func (s *switchLowering) tree(b *middle.Block, cs []cluster, lo, hi int64) {
	switch len(cs) {
	case 0:
		s.jump(b, s.def)
		return
	case 1:
		s.leaf(b, cs[0], lo, hi)
		return
	}
	mid := len(cs) / 2
	pivot := cs[mid].lo
	left, right := s.newBlock("lt"), s.newBlock("ge")
	s.branch(b, middle.PredSLT, s.x, pivot, left, right)
	s.tree(left, cs[:mid], lo, pivot-1)
	s.tree(right, cs[mid:], pivot, hi)
}

// leaf ends b with the test of one cluster.
func (s *switchLowering) leaf(b *middle.Block, c cluster, lo, hi int64) {
	if c.table != nil {
		s.jumpTable(b, c, lo, hi)
		return
	}
	x := s.x
	switch {
	case c.lo <= lo && hi <= c.hi:
		s.jump(b, c.target)
	case c.lo == c.hi:
		s.branch(b, middle.PredEQ, x, c.lo, c.target, s.def)
	case c.lo <= lo:
		s.branch(b, middle.PredSLE, x, c.hi, c.target, s.def)
	case hi <= c.hi:
		s.branch(b, middle.PredSGE, x, c.lo, c.target, s.def)
	default:
		off := s.add(b, middle.OpSub, x.Type, "sw.off", x, s.f.Const(x.Type, c.lo))
		s.branch(b, middle.PredULE, off, c.hi-c.lo, c.target, s.def)
	}
}

// jumpTable ends b with the table of c: the index, its bounds check
// unless lo..hi implies it, and the table switch.
func (s *switchLowering) jumpTable(b *middle.Block, c cluster, lo, hi int64) {
	idx := s.x
	if c.lo != 0 {
		idx = s.add(b, middle.OpSub, idx.Type, "sw.idx", idx, s.f.Const(idx.Type, c.lo))
	}
	at := b
	if lo < c.lo || c.hi < hi {
		at = s.newBlock("table")
		// The table first: the layout falls through to a branch's first
		// target, and the default is usually the rare way.
		s.branch(b, middle.PredULE, idx, c.hi-c.lo, at, s.def)
	}
	if idx.Type != middle.I64 {
		idx = s.add(at, middle.OpZExt, middle.I64, "sw.idx", idx)
	}
	none := s.newBlock("unreachable")
	s.add(none, middle.OpUnreachable, middle.Void, "")
	sw := s.add(at, middle.OpSwitch, middle.Void, "", idx)
	s.edge(at, none)
	next := 0
	for v := c.lo; ; v++ {
		to := s.def
		if r := c.table[next]; v >= r.lo {
			to = r.target
			if v == r.hi {
				next++
			}
		}
		sw.Args = append(sw.Args, s.f.Const(middle.I64, v-c.lo))
		s.edge(at, to)
		if v == c.hi {
			break
		}
	}
}

// isTableSwitch reports whether t is a switch LowerSwitches made, which
// instruction selection takes as a jump table: its default only says that
// it is never taken, and its cases are the table's indexes (tableCases).
func isTableSwitch(t *middle.Value) bool {
	d := t.Block.Succ(0)
	return len(d.Instrs) == 1 && d.Instrs[0].Op == middle.OpUnreachable && tableCases(t)
}

// tableCases reports whether the switch t selects on an i64 with the
// cases 0..n-1, in order: the entries of a jump table.
func tableCases(t *middle.Value) bool {
	if t.Args[0].Type != middle.I64 {
		return false
	}
	for i, k := range t.Args[1:] {
		if k.Const != int64(i) {
			return false
		}
	}
	return true
}
