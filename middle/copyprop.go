package middle

// CopyProp replaces values that are mere copies of another value: a φ
// whose entries are all one value, or the φ itself (a loop that passes a
// value around unchanged), and a select whose two arms are the same value.
// Uses are rewritten to the original, and the copies deleted. (A select on
// a constant condition is ConstFold's.)
//
// Removing a φ can make the φs that use it copies in turn, so the φs and
// selects using a replaced value go back on a work list — Braun et al.'s
// recursive trivial-φ removal ("Simple and Efficient Construction of SSA
// Form", CC 2013), which mem2reg uses for the φs it placed.
//
// Requires: SSA form. Guarantees: no φ with a single distinct incoming
// value and no select with equal arms remain; the CFG is unchanged. The
// replacement dominates every use of the copy: a value that reaches a φ on
// every edge not from the φ itself dominates the φ's block. A φ that only
// merges itself with itself (in code no value reaches) becomes undef.
func CopyProp(f *Func) {
	if f.IsDecl() {
		return
	}
	var candidates []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpPhi || v.Op == OpSelect {
				candidates = append(candidates, v)
			}
		}
	}
	propagateCopies(f, candidates)
}

// propagateCopies removes the copies among candidates and, transitively,
// among the φs and selects that use a removed copy.
func propagateCopies(f *Func, candidates []*Value) {
	if len(candidates) == 0 {
		return
	}
	// The tables below are made at the first copy found: most functions
	// have none, and then the pass costs a look at each candidate.
	// Only φs and selects can become copies when an operand is replaced.
	var useStart []int32
	var users []*Value
	var repl []*Value
	resolve := func(v *Value) *Value {
		for v.ID < len(repl) && repl[v.ID] != nil {
			v = repl[v.ID]
		}
		return v
	}
	// inherited[x]: users of copies replaced by x, which now use x and must
	// be looked at again if x is replaced in turn.
	var inherited [][]*Value
	work := append([]*Value(nil), candidates...)
	removed := false
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v.ID < len(repl) && repl[v.ID] != nil {
			continue
		}
		var same *Value
		if v.Op == OpPhi {
			same = trivialPhiValue(v, resolve)
			if same == v {
				same = f.Undef(v.Type)
			}
		} else if x := resolve(v.Args[1]); x == resolve(v.Args[2]) {
			same = x
		}
		if same == nil {
			continue
		}
		if repl == nil {
			useStart, users = useLists(f, func(u *Value) bool { return u.Op == OpPhi || u.Op == OpSelect })
			repl = valueTables.Take(f.NumValues())
			inherited = make([][]*Value, f.NumValues())
		}
		repl[v.ID] = same
		removed = true
		affected := append(users[useStart[v.ID]:useStart[v.ID+1]:useStart[v.ID+1]], inherited[v.ID]...)
		inherited[v.ID] = nil
		for _, u := range affected {
			work = append(work, u)
			if same.ID < len(inherited) {
				inherited[same.ID] = append(inherited[same.ID], u)
			}
		}
	}
	if !removed {
		return
	}
	f.ReplaceUses(repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(repl) && repl[v.ID] != nil })
	}
	giveUseLists(useStart, users)
	valueTables.Give(repl)
}

// trivialPhiValue returns the one value other than phi itself that phi's
// entries (seen through resolve) name, phi when they name only phi, and nil
// when they name two different values.
func trivialPhiValue(phi *Value, resolve func(*Value) *Value) *Value {
	var same *Value
	for _, a := range phi.Args {
		a = resolve(a)
		if a == phi || a == same {
			continue
		}
		if same != nil {
			return nil
		}
		same = a
	}
	if same == nil {
		return phi
	}
	return same
}
