package middle

// BCE removes the bounds checks that cannot fail. The frontend checks a[i]
// with one unsigned comparison, icmp ult i, len(a) (negative indices are
// huge unsigned numbers); a comparison the range prover (range.go, ABCD's
// demand-driven proofs) shows true — 0 ≤ i ≤ len(a) - 1 as signed numbers
// where it is computed — is replaced by true, and simplifycfg then deletes
// the branch to the cold toy_index_error block. That covers the loops
// `for i = k; i < len(a); i += 1` with k ≥ 0, `i < n` where n ≤ len(a) is
// known or a was made by new(T, n), a[i - 1] under i ≥ 1, a second access
// to the same element, masks (h & (len - 1) once len ≥ 1 is known) and
// remainders by constants. Every unsigned comparison is a candidate, so .ll
// input is treated alike.
//
// The proof of a check may rest on the facts of other checks, removed or
// not, and on its own (through a back edge, about the previous iteration):
// every fact it uses comes from a comparison executed earlier on every path
// to the check, so by induction over the execution, whose first check has
// only branch conditions and allocations to rely on, every removed check's
// condition holds whenever it would have run.
//
// Requires: SSA form. Guarantees: the CFG is unchanged; the removed
// comparisons' uses read true.
func BCE(f *Func) {
	if f.IsDecl() {
		return
	}
	dom := f.Dom()
	p := newRangeProver(f, dom)
	var removed []*Value
	for _, b := range dom.RPO() {
		for i, v := range b.Instrs {
			idx, n, ok := boundsCheck(v)
			if ok && p.proveBelow(idx, n, point{block: b, index: i}) {
				removed = append(removed, v)
			}
		}
	}
	p.release()
	if len(removed) == 0 {
		return
	}
	dead := make([]bool, f.NumValues())
	repl := make([]*Value, f.NumValues())
	for _, v := range removed {
		dead[v.ID] = true
		repl[v.ID] = f.Bool(true)
	}
	f.ReplaceUses(repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(x *Value) bool { return x.ID < len(dead) && dead[x.ID] })
	}
}

// boundsCheck recognizes the unsigned comparison idx <u n (or n >u idx) that
// the frontend emits for a bounds check, and returns idx and n.
func boundsCheck(v *Value) (idx, n *Value, ok bool) {
	switch {
	case v.Op != OpICmp:
		return nil, nil, false
	case v.Pred == PredULT:
		return v.Args[0], v.Args[1], true
	case v.Pred == PredUGT:
		return v.Args[1], v.Args[0], true
	}
	return nil, nil, false
}
