package middle

// Use information, filled once per pass that asks for it rather than kept
// on every value (QBE's filluse): the IR has no use lists to keep current
// through every rewrite, and a pass that needs uses counts or lists them
// here, in one walk over the function, indexed by Value.ID.

// useCounts counts, by Value.ID, the operands of f's instructions that name
// each value. The pass gives the counts back (int32Tables.Give) when it
// ends.
func useCounts(f *Func) []int32 {
	n := int32Tables.Take(f.NumValues())
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			for _, a := range v.Args {
				if a.ID < len(n) {
					n[a.ID]++
				}
			}
		}
	}
	return n
}

// useLists returns, in compressed rows by Value.ID, the instructions that
// use each value — only those for which keep returns true, when keep is not
// nil; an instruction using a value twice is listed once. It counts, then
// fills, so the rows are allocated once at their final size. The pass gives
// the rows back (giveUseLists) when it ends.
func useLists(f *Func, keep func(u *Value) bool) (start []int32, users []*Value) {
	start = int32Tables.Take(f.NumValues() + 1)
	forEachUse := func(visit func(a, u *Value)) {
		// lastUser[a] is the instruction that last listed a: each user is
		// listed once per value, in constant time per operand even for a
		// φ with thousands (a join after a long else-if chain).
		lastUser := valueTables.Take(f.NumValues())
		defer valueTables.Give(lastUser)
		for _, b := range f.Blocks {
			for _, u := range b.Instrs {
				if keep != nil && !keep(u) {
					continue
				}
				for _, a := range u.Args {
					if a.ID < f.NumValues() && lastUser[a.ID] != u {
						lastUser[a.ID] = u
						visit(a, u)
					}
				}
			}
		}
	}
	forEachUse(func(a, _ *Value) { start[a.ID+1]++ })
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	users = valueTables.Take(int(start[len(start)-1]))
	fill := int32Tables.Take(len(start) - 1)
	defer int32Tables.Give(fill)
	copy(fill, start)
	forEachUse(func(a, u *Value) {
		users[fill[a.ID]] = u
		fill[a.ID]++
	})
	return start, users
}

// giveUseLists gives back the rows useLists made.
func giveUseLists(start []int32, users []*Value) {
	int32Tables.Give(start)
	valueTables.Give(users)
}
