package middle

// SinkStores merges the stores that end every way into a join: when each
// predecessor of a block jumps only to it and its last memory access is a
// store to the same address, the stores become one store at the top of the
// join, of a φ of the stored values. This is the store half of LLVM's
// MergedLoadStoreMotion ("sink common stores into the footer of a
// diamond"; InstCombine's mergeStoreIntoSuccessor does it for two
// predecessors). Toy's `if c { a[i] = x } else { a[i] = y }` becomes
// a[i] = φ(x, y), after which the arms are empty and IfConvert can make the
// φ a select: lcs's max of two neighbours.
//
// Two addresses are the same when they are one value, or GEPs of one element
// type on the same base and index values (GVN only merges a GEP with one
// that dominates it, and the arms do not dominate each other); such a GEP
// is made again in the join. Every operand used in all predecessors is
// defined in a block dominating them all, hence the join too.
//
// Moving a store from the end of its block past the jump changes nothing
// another instruction can see, provided nothing after it in its block reads
// or writes memory or traps: only pure instructions may follow it. The
// bounds check guarding it stays where it is, executed before. Stores are
// sunk from the end backwards, each new one going above the ones sunk
// before, so the join's stores keep their order. A debugger does see it:
// the join's φ copies, code of their own lines, run before the new store,
// so with -g each deleted store is recorded as an assignment of its value
// (FuncDebug.sunk), which the variable whose home it wrote keeps until
// the slot is written.
//
// Requires: SSA form. Guarantees: valid SSA; the CFG unchanged; Preds
// current. Linear in the function.
func SinkStores(f *Func) {
	if f.IsDecl() {
		return
	}
	uses := useCounts(f)
	defer int32Tables.Give(uses)
	for _, j := range f.Blocks {
		if len(j.Preds) < 2 || !jumpOnlyTo(j) {
			continue
		}
		for sinkOneStore(f, j, uses) {
		}
	}
}

// jumpOnlyTo reports whether every predecessor of j ends in a jump to j
// alone, and none is j.
func jumpOnlyTo(j *Block) bool {
	for _, pE := range j.Preds {
		p := pE.Block()
		if p == j || p.Term().Op != OpBr {
			return false
		}
	}
	return true
}

// sinkOneStore moves the last stores of j's predecessors to the top of j,
// below its φs, when they store to the same address, and reports whether
// it did.
func sinkOneStore(f *Func, j *Block, uses []int32) bool {
	stores := make([]*Value, len(j.Preds))
	for i, pE := range j.Preds {
		p := pE.Block()
		stores[i] = lastStore(p)
		if stores[i] == nil || !sameAddress(stores[i].Args[1], stores[0].Args[1]) ||
			stores[i].Args[0].Type != stores[0].Args[0].Type {
			return false
		}
	}
	first := stores[0]
	var added []*Value
	val := first.Args[0]
	if !allArg(stores, 0, val) {
		val = f.NewValue(OpPhi, val.Type, "storemerge") // LLVM's name for it
		val.SetOrigin(first)
		for _, st := range stores {
			val.AddArg(st.Args[0])
		}
		j.InsertPhi(val)
	}
	addr := first.Args[1]
	if !allArg(stores, 1, addr) {
		addr = f.NewValue(OpGEP, Ptr, addr.Name, addr.Args...)
		addr.Elem = first.Args[1].Elem
		addr.SetOrigin(first.Args[1])
		added = append(added, addr)
	}
	st := f.NewValue(OpStore, Void, "", val, addr)
	st.SetOrigin(first)
	added = append(added, st)
	for _, s := range stores {
		f.tracking().sunk(s)
		removeStore(s, uses)
	}
	insertAt(j, len(j.Phis()), added)
	return true
}

// lastStore returns b's last store when only instructions that cannot trap
// and do not touch memory follow it, else nil.
func lastStore(b *Block) *Value {
	for i := len(b.Instrs) - 2; i >= 0; i-- {
		v := b.Instrs[i]
		switch {
		case v.Op == OpStore:
			return v
		case v.HasSideEffects() || v.CanTrap() || v.Op == OpPhi:
			return nil
		}
	}
	return nil
}

// sameAddress reports whether a and b are certainly one address.
func sameAddress(a, b *Value) bool {
	if a == b {
		return true
	}
	return a.Op == OpGEP && b.Op == OpGEP && a.Elem == b.Elem && a.Args[0] == b.Args[0] && a.Args[1] == b.Args[1]
}

// allArg reports whether operand i of every store is v.
func allArg(stores []*Value, i int, v *Value) bool {
	for _, s := range stores {
		if s.Args[i] != v {
			return false
		}
	}
	return true
}

// removeStore deletes s, and its address when s was that GEP's only user in
// the same block (a GEP elsewhere is DCE's).
func removeStore(s *Value, uses []int32) {
	addr := s.Args[1]
	dropAddr := addr.Op == OpGEP && addr.Block == s.Block && addr.ID < len(uses) && uses[addr.ID] == 1
	s.Block.RemoveInstrs(func(v *Value) bool { return v == s || dropAddr && v == addr })
}

// insertAt puts vs into b before b.Instrs[i].
func insertAt(b *Block, i int, vs []*Value) {
	for _, v := range vs {
		v.Block = b
	}
	b.Instrs = append(b.Instrs[:i], append(append([]*Value(nil), vs...), b.Instrs[i:]...)...)
}
