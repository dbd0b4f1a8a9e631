package middle

import (
	"cmp"
	"slices"
)

// Reassociate reorders the operands of chains of one associative and
// commutative operation (add, mul, and, or, xor of one integer type) inside
// loops so that the operands carried around the loop join last, which
// shortens the loop's critical path: GCC's tree-ssa-reassoc with its ranks
// (Briggs and Cooper, "Effective Partial Redundancy Elimination", PLDI
// 1994, section 3, rank by reverse postorder), including its bias that
// ranks a loop header's carried φs above everything else in the loop
// (tree-ssa-reassoc.c's phi_rank). SHA-256's t1 = h + Σ1(e) + ch(e, f, g) +
// k[t] + w[t], as written, adds k[t] and w[t] after the terms computed from
// e; the next e is d + t1, so each round waits on five additions after
// Σ1(e) instead of three. Every operand here wraps, so any order gives the
// same value.
//
// A chain is a tree of the operation whose inner nodes have one use, the
// next node up, in the same block; its leaves are sorted by rank (stable,
// so that leaves of equal rank keep their order), constants last, and the
// tree is rebuilt as a left-leaning chain before its root, which keeps its
// identity. A chain is rebuilt only when it lies in a loop, has at least
// three leaves, one of them depends on a carried φ, and the sort moves a
// leaf; everything else is left as it is, so that the rest of the pipeline
// sees the code it expects. In xor and or chains, two leaves (x & y) and
// (x & z) of one use become x & (y op z) first (the distributive law; SHA's
// majority (a & b) ^ (a & c) ^ (b & c) becomes (a & (b ^ c)) ^ (b & c)).
//
// Ranks: constants 0, parameters 1; a load, a call or a φ that no loop
// carries ranks by its block's place in reverse postorder; a carried φ
// ranks as the last of its loop's latches plus a bias of half a block's
// range; any other instruction one more than its highest operand.
//
// Requires: SSA form. Guarantees: valid SSA; the CFG unchanged. Linear in
// the function, plus a sort per rebuilt chain.
func Reassociate(f *Func) {
	if f.IsDecl() {
		return
	}
	nest := f.Loops()
	if len(nest.Loops) == 0 {
		return
	}
	r := &reassociator{f: f, nest: nest, uses: useCounts(f), parent: valueTables.Take(f.NumValues())}
	defer r.release()
	r.rankBlocks()
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if reassociable(v) {
				for _, a := range v.Args {
					if sameChain(a, v) {
						r.parent[a.ID] = v
					}
				}
			}
		}
	}
	for _, b := range f.Blocks {
		if nest.Innermost(b) == nil {
			continue
		}
		r.block(b)
	}
}

// release gives back the tables by Value.ID.
func (r *reassociator) release() {
	int32Tables.Give(r.uses)
	valueTables.Give(r.parent)
}

// rankSpacing separates the ranks of consecutive blocks; carriedBias puts
// a carried φ above every instruction of its latch block.
const (
	rankSpacing = 1 << 20
	carriedBias = rankSpacing / 2
)

type reassociator struct {
	f      *Func
	nest   *LoopNest
	uses   []int32
	parent []*Value // by ID: the chain node a one-use chain node feeds
	base   []int64  // by block ID: the block's rank
	rank   []int64  // by value ID, 0 when not yet computed (ranks start at 1 for instructions)
	// carried, by value ID: the value depends, through instructions that
	// are not loads or calls, on a φ a loop carries.
	carried []int8 // 0 unknown, 1 no, 2 yes
}

func (r *reassociator) rankBlocks() {
	r.base = make([]int64, r.f.NumBlocks())
	for i, b := range r.f.Dom().RPO() {
		r.base[b.ID] = int64(i+1) * rankSpacing
	}
}

// reassociable reports whether v is a node of a chain: an associative and
// commutative operation on integers.
func reassociable(v *Value) bool {
	switch v.Op {
	case OpAdd, OpMul, OpAnd, OpOr, OpXor:
		return v.Type.IsInt()
	}
	return false
}

// sameChain reports whether a, an operand of the chain node v, is an inner
// node of v's chain when it has no other use.
func sameChain(a, v *Value) bool {
	return a.Op == v.Op && a.Type == v.Type && a.Block == v.Block
}

// inner reports whether v is an inner node of a chain (not a root).
func (r *reassociator) inner(v *Value) bool {
	return v.ID < len(r.parent) && r.parent[v.ID] != nil && r.uses[v.ID] == 1
}

// carriedPhi reports whether v is a φ in a loop header that the loop
// carries (one of its incoming values comes from inside the loop), and
// returns the loop.
func (r *reassociator) carriedPhi(v *Value) *Loop {
	if v.Op != OpPhi {
		return nil
	}
	l := r.nest.Innermost(v.Block)
	if l == nil || l.Header != v.Block {
		return nil
	}
	for _, a := range v.Args {
		if a.Block != nil && r.nest.Contains(l, a.Block) {
			return l
		}
	}
	return nil
}

func (r *reassociator) grow() {
	if n := r.f.NumValues(); len(r.rank) < n {
		r.rank = append(r.rank, make([]int64, n-len(r.rank))...)
		r.carried = append(r.carried, make([]int8, n-len(r.carried))...)
	}
}

// rankOf returns v's rank and whether it depends on a carried φ.
func (r *reassociator) rankOf(v *Value) (int64, bool) {
	switch {
	case v.Op == OpConst || v.Op == OpUndef || v.Op == OpGlobal:
		return 0, false
	case v.Op == OpParam || v.Block == nil:
		return 1, false
	}
	r.grow()
	if r.rank[v.ID] != 0 {
		return r.rank[v.ID], r.carried[v.ID] == 2
	}
	var rank int64
	carried := false
	switch {
	case v.Op == OpPhi:
		rank = r.base[v.Block.ID]
		if l := r.carriedPhi(v); l != nil {
			last := rank
			for _, latch := range l.Latches {
				last = max(last, r.base[latch.ID])
			}
			rank, carried = last+carriedBias, true
		}
	case v.Op == OpLoad || v.Op == OpCall || v.Op == OpAlloca:
		rank = r.base[v.Block.ID]
	default:
		for _, a := range v.Args {
			ar, ac := r.rankOf(a)
			rank, carried = max(rank, ar), carried || ac
		}
		rank++
	}
	r.rank[v.ID] = rank
	r.carried[v.ID] = 1
	if carried {
		r.carried[v.ID] = 2
	}
	return rank, carried
}

// leaves appends the leaves of the chain rooted at v, left to right, and
// the inner nodes below v.
func (r *reassociator) leaves(v *Value, leaves, inner []*Value) ([]*Value, []*Value) {
	for _, a := range v.Args {
		if sameChain(a, v) && r.inner(a) {
			inner = append(inner, a)
			leaves, inner = r.leaves(a, leaves, inner)
		} else {
			leaves = append(leaves, a)
		}
	}
	return leaves, inner
}

// block rebuilds the chains whose roots are in b. The new nodes of a
// chain go just before its root: every leaf is defined before the root.
func (r *reassociator) block(b *Block) {
	type rebuilt struct {
		root  *Value
		nodes []*Value
	}
	var chains []rebuilt
	var dead []*Value
	for _, v := range b.Instrs {
		if !reassociable(v) || r.inner(v) {
			continue
		}
		leaves, inner := r.leaves(v, nil, nil)
		if nodes, gone, ok := r.rebuild(v, leaves); ok {
			chains = append(chains, rebuilt{v, nodes})
			dead = append(append(dead, inner...), gone...)
		}
	}
	if len(chains) == 0 {
		return
	}
	for _, w := range dead {
		w.Block = nil
	}
	out := make([]*Value, 0, len(b.Instrs)+len(chains)*2)
	for _, v := range b.Instrs {
		if v.Block == nil {
			continue
		}
		if len(chains) > 0 && chains[0].root == v {
			for _, w := range chains[0].nodes {
				w.Block = b
				out = append(out, w)
			}
			chains = chains[1:]
		}
		out = append(out, v)
	}
	clear(b.Instrs)
	b.Instrs = out
}

// rebuild plans the chain of root over leaves: it returns the new nodes to
// put before root (whose operands it sets) and the old leaves that
// factoring replaced, or false when the chain stays as it is.
func (r *reassociator) rebuild(root *Value, leaves []*Value) (nodes, gone []*Value, ok bool) {
	f, op, t := r.f, root.Op, root.Type
	factored := false
	if op == OpOr || op == OpXor {
		leaves, nodes, gone = r.factor(root, leaves)
		factored = len(gone) > 0
	}
	var consts, vars []*Value
	carried := false
	for _, l := range leaves {
		if l.Op == OpConst {
			consts = append(consts, l)
			continue
		}
		vars = append(vars, l)
		_, c := r.rankOf(l)
		carried = carried || c
	}
	sorted := slices.Clone(vars)
	slices.SortStableFunc(sorted, func(x, y *Value) int {
		rx, _ := r.rankOf(x)
		ry, _ := r.rankOf(y)
		return cmp.Compare(rx, ry)
	})
	moved := !slices.Equal(sorted, vars) || len(consts) > 0 && leaves[len(leaves)-1].Op != OpConst
	if !factored && (len(leaves) < 3 || !carried || !moved) {
		return nil, nil, false
	}
	if len(consts) > 0 {
		c := consts[0].Const
		for _, k := range consts[1:] {
			c, _ = FoldBinary(op, t, c, k.Const)
		}
		sorted = append(sorted, f.Const(t, c))
	}
	if len(sorted) == 1 {
		// Factoring left one leaf, x & (y op z): the root becomes it.
		x := sorted[0]
		nodes = nodes[:len(nodes)-1]
		root.Op, root.Args = OpAnd, append(root.Args[:0], x.Args...)
		return nodes, gone, true
	}
	acc := sorted[0]
	for _, l := range sorted[1 : len(sorted)-1] {
		acc = r.node(op, root, acc, l)
		nodes = append(nodes, acc)
	}
	root.Args = append(root.Args[:0], acc, sorted[len(sorted)-1])
	return nodes, gone, true
}

// node makes a new chain node at root's source position.
func (r *reassociator) node(op Op, root, x, y *Value) *Value {
	v := r.f.NewValue(op, root.Type, "", x, y)
	v.SetOrigin(root)
	return v
}

// factor replaces, in an or or xor chain, two leaves (x & y) and (x & z)
// that have no other use by x & (y op z), as long as there are such
// pairs. It returns the leaves, the new nodes (each x & (y op z) last after
// its y op z) and the replaced leaves.
func (r *reassociator) factor(root *Value, leaves []*Value) (out, nodes, gone []*Value) {
	and := func(v *Value) bool {
		return v.Op == OpAnd && v.Block == root.Block && v.ID < len(r.uses) && r.uses[v.ID] == 1
	}
	for {
		i, j, x, y, z := pairSharing(leaves, and)
		if i < 0 {
			return leaves, nodes, gone
		}
		if len(gone) == 0 {
			leaves = slices.Clone(leaves)
		}
		yz := r.node(root.Op, root, y, z)
		xyz := r.node(OpAnd, root, x, yz)
		nodes = append(nodes, yz, xyz)
		gone = append(gone, leaves[i], leaves[j])
		leaves[i] = xyz
		leaves = slices.Delete(leaves, j, j+1)
	}
}

// pairSharing finds leaves i < j, both accepted by and, of the forms x & y
// and x & z (in either operand order), and returns them with x, y and z;
// i is -1 when there are none.
func pairSharing(leaves []*Value, and func(*Value) bool) (i, j int, x, y, z *Value) {
	for i, a := range leaves {
		if !and(a) {
			continue
		}
		for j := i + 1; j < len(leaves); j++ {
			b := leaves[j]
			if !and(b) {
				continue
			}
			for p := 0; p < 2; p++ {
				for q := 0; q < 2; q++ {
					if a.Args[p] == b.Args[q] {
						return i, j, a.Args[p], a.Args[1-p], b.Args[1-q]
					}
				}
			}
		}
	}
	return -1, -1, nil, nil, nil
}
