package middle

import "sync"

// SCCP is sparse conditional constant propagation, Wegman and Zadeck,
// "Constant Propagation with Conditional Branches" (TOPLAS 1991). Every SSA
// value starts at the top of the lattice (no evidence yet: perhaps never
// executed), may drop to one constant, and then to overdefined. Two work
// lists drive it: CFG edges that have become executable, and SSA values
// whose lattice value dropped. A block's instructions are evaluated once it
// is reached by an executable edge, a φ meets its entries over the executable
// edges only, and a conditional branch on a constant makes only its taken
// edge executable. So a constant that only holds because some branch is never
// taken is found, which constant folding followed by CFG simplification
// cannot do around loops.
//
// Arithmetic is ConstFold's (FoldBinary, FoldICmp, FoldCast): what LLVM leaves
// undefined (division by zero or of the minimum by -1, oversized shifts) is
// overdefined, never folded. Undef, parameters, loads and calls are
// overdefined; treating undef as "any value" would let two uses of it
// disagree.
//
// Requires: SSA form. Guarantees: every instruction proved constant is
// replaced by the constant and deleted; every conditional branch on a proved
// constant becomes a jump and its untaken successor loses the φ entries for
// the edge; blocks no executable edge reaches are removed
// (RemoveUnreachable). Each value is lowered at most twice and each block
// reached once, and a φ, evaluated whole once, then takes its entries one
// at a time as they change or their edges become executable, so the cost
// is linear in the size of the function.
func SCCP(f *Func) {
	if f.IsDecl() {
		return
	}
	RemoveUnreachable(f)
	s := newSCCPSolver(f)
	defer s.release()
	s.reach(f.Entry())
	s.solve()
	s.rewrite()
}

// lattice is a value's place in the constant lattice.
type lattice struct {
	kind latticeKind
	c    int64 // the constant, in canonical form, when kind is latConst
}

type latticeKind uint8

const (
	latTop         latticeKind = iota // no evidence yet
	latConst                          // always the constant c
	latOverdefined                    // not a single constant
)

var (
	latticeTop         = lattice{}
	latticeOverdefined = lattice{kind: latOverdefined}
)

func constLattice(c int64) lattice { return lattice{kind: latConst, c: c} }

// meetLattice is the greatest lower bound of two lattice values.
func meetLattice(x, y lattice) lattice {
	switch {
	case x.kind == latTop:
		return y
	case y.kind == latTop:
		return x
	case x == y:
		return x
	}
	return latticeOverdefined
}

type sccpSolver struct {
	f        *Func
	val      []lattice // by Value.ID, for instructions
	reached  []bool    // by Block.ID
	edgeLive [][2]bool // by Block.ID: its i-th exit is executable
	// switchLive is edgeLive for the targets of switches, which have more
	// than two: by Block.ID, made when the switch is first visited.
	switchLive map[int][]bool

	// The users of each value apart from φs (by Value.ID, as useLists), and
	// its uses as φ entries: a φ is lowered by one entry at a time, never
	// evaluated over all its entries again once its block is reached, so a
	// φ of thousands of entries (the merge after a long else-if chain)
	// costs its size, not its size squared.
	useStart, phiUseStart []int32
	users                 []*Value
	phiUses               []phiEntry

	blockWork []*Block
	valueWork []*Value
	phiWork   []phiEntry
}

// phiEntry is entry j of a φ.
type phiEntry struct {
	phi *Value
	j   int32
}

func newSCCPSolver(f *Func) *sccpSolver {
	kept := sccpTables.Get().(*sccpSolver)
	s := &sccpSolver{
		f:          f,
		val:        Zeroed(kept.val, f.NumValues()),
		reached:    boolTables.Take(f.NumBlocks()),
		edgeLive:   Zeroed(kept.edgeLive, f.NumBlocks()),
		switchLive: orMake(kept.switchLive),
		blockWork:  kept.blockWork,
		valueWork:  kept.valueWork,
		phiWork:    kept.phiWork,
	}
	s.useStart, s.users = useLists(f, func(u *Value) bool { return u.Op != OpPhi })
	s.phiUseStart = int32Tables.Take(f.NumValues() + 1)
	for _, b := range f.Blocks {
		for _, phi := range b.Phis() {
			for _, a := range phi.Args {
				if a.ID < f.NumValues() {
					s.phiUseStart[a.ID+1]++
				}
			}
		}
	}
	for i := 1; i < len(s.phiUseStart); i++ {
		s.phiUseStart[i] += s.phiUseStart[i-1]
	}
	s.phiUses = Zeroed(kept.phiUses, int(s.phiUseStart[len(s.phiUseStart)-1]))
	fill := int32Tables.Take(len(s.phiUseStart) - 1)
	defer int32Tables.Give(fill)
	copy(fill, s.phiUseStart)
	for _, b := range f.Blocks {
		for _, phi := range b.Phis() {
			for j, a := range phi.Args {
				if a.ID < f.NumValues() {
					s.phiUses[fill[a.ID]] = phiEntry{phi, int32(j)}
					fill[a.ID]++
				}
			}
		}
	}
	return s
}

// sccpTables keeps a finished solver's tables for the next function's
// (scratch.go).
var sccpTables = sync.Pool{New: func() any { return new(sccpSolver) }}

// release gives the solver's tables back; s is not used after.
func (s *sccpSolver) release() {
	giveUseLists(s.useStart, s.users)
	int32Tables.Give(s.phiUseStart)
	boolTables.Give(s.reached)
	sccpTables.Put(&sccpSolver{val: Released(s.val), edgeLive: Released(s.edgeLive), switchLive: ReleasedMap(s.switchLive),
		phiUses: Released(s.phiUses), blockWork: Released(s.blockWork[:cap(s.blockWork)]), valueWork: Released(s.valueWork[:cap(s.valueWork)]),
		phiWork: Released(s.phiWork[:cap(s.phiWork)])})
}

// of returns the lattice value of an operand or instruction.
func (s *sccpSolver) of(v *Value) lattice {
	switch v.Op {
	case OpConst:
		return constLattice(v.Const)
	case OpUndef, OpParam, OpGlobal:
		return latticeOverdefined
	}
	return s.val[v.ID]
}

func (s *sccpSolver) reach(b *Block) {
	s.reached[b.ID] = true
	s.blockWork = append(s.blockWork, b)
}

// markEdge makes b's i-th exit executable.
func (s *sccpSolver) markEdge(b *Block, i int) {
	if s.isLive(b, i) {
		return
	}
	if t := b.Term(); t.Op == OpSwitch {
		live := s.switchLive[b.ID]
		if live == nil {
			live = make([]bool, len(b.Succs))
			s.switchLive[b.ID] = live
		}
		live[i] = true
	} else {
		s.edgeLive[b.ID][i] = true
	}
	e := b.Succs[i]
	if !s.reached[e.b.ID] {
		s.reach(e.b)
		return
	}
	// A new way into a block already evaluated: only its φs can change,
	// each by its argument for the edge.
	for _, phi := range e.b.Phis() {
		s.lowerPhi(phi, s.of(phi.Args[e.i]))
	}
}

// isLive reports whether b's i-th exit is executable.
func (s *sccpSolver) isLive(b *Block, i int) bool {
	if b.Term().Op == OpSwitch {
		live := s.switchLive[b.ID]
		return live != nil && live[i]
	}
	return s.edgeLive[b.ID][i]
}

// incomingLive reports whether the edge of phi's argument j is executable.
func (s *sccpSolver) incomingLive(phi *Value, j int) bool {
	e := phi.Block.Preds[j]
	return s.isLive(e.b, e.i)
}

// lowerPhi meets phi's value with x, the value of one of its entries on
// an executable edge. Values only drop and edges only become executable,
// so meeting with each entry as it changes gives the meet over them all.
func (s *sccpSolver) lowerPhi(phi *Value, x lattice) {
	old := s.val[phi.ID]
	if nu := meetLattice(old, x); nu != old {
		s.val[phi.ID] = nu
		s.lowered(phi)
	}
}

// lowered queues what depends on v, whose value just dropped: its users,
// to evaluate again, and its φ entries, to meet with.
func (s *sccpSolver) lowered(v *Value) {
	s.valueWork = append(s.valueWork, s.users[s.useStart[v.ID]:s.useStart[v.ID+1]]...)
	s.phiWork = append(s.phiWork, s.phiUses[s.phiUseStart[v.ID]:s.phiUseStart[v.ID+1]]...)
}

func (s *sccpSolver) solve() {
	for len(s.blockWork) > 0 || len(s.valueWork) > 0 || len(s.phiWork) > 0 {
		for len(s.valueWork) > 0 || len(s.phiWork) > 0 {
			if n := len(s.phiWork); n > 0 {
				e := s.phiWork[n-1]
				s.phiWork = s.phiWork[:n-1]
				// Before its block is reached a φ waits for its first
				// evaluation; an entry on a dead edge waits for markEdge.
				if s.reached[e.phi.Block.ID] && s.incomingLive(e.phi, int(e.j)) {
					s.lowerPhi(e.phi, s.of(e.phi.Args[e.j]))
				}
				continue
			}
			v := s.valueWork[len(s.valueWork)-1]
			s.valueWork = s.valueWork[:len(s.valueWork)-1]
			if s.reached[v.Block.ID] {
				s.visit(v)
			}
		}
		if n := len(s.blockWork); n > 0 {
			b := s.blockWork[n-1]
			s.blockWork = s.blockWork[:n-1]
			for _, v := range b.Instrs {
				s.visit(v)
			}
		}
	}
}

// visit evaluates v and, when its value dropped, queues its users; for a
// terminator it marks the edges that can be taken.
func (s *sccpSolver) visit(v *Value) {
	switch v.Op {
	case OpBr:
		s.markEdge(v.Block, 0)
		return
	case OpCondBr:
		switch c := s.of(v.Args[0]); c.kind {
		case latConst:
			if c.c != 0 {
				s.markEdge(v.Block, 0)
			} else {
				s.markEdge(v.Block, 1)
			}
		case latOverdefined:
			s.markEdge(v.Block, 0)
			s.markEdge(v.Block, 1)
		}
		return
	case OpSwitch:
		switch c := s.of(v.Args[0]); c.kind {
		case latConst:
			s.markEdge(v.Block, caseIndex(v, c.c))
		case latOverdefined:
			for i := range v.Block.Succs {
				s.markEdge(v.Block, i)
			}
		}
		return
	}
	if !v.HasResult() {
		return
	}
	old := s.val[v.ID]
	nu := meetLattice(old, s.evaluate(v))
	if nu == old {
		return
	}
	s.val[v.ID] = nu
	s.lowered(v)
}

// evaluate computes v's lattice value from its operands' current ones.
func (s *sccpSolver) evaluate(v *Value) lattice {
	switch {
	case v.Op == OpPhi:
		// Once, when its block is reached; then entry by entry (lowerPhi).
		r := latticeTop
		for i := range v.Args {
			if s.incomingLive(v, i) {
				r = meetLattice(r, s.of(v.Args[i]))
			}
		}
		return r
	case v.Op.IsBinary():
		return s.evaluateBinary(v)
	case v.Op == OpICmp:
		x, y := s.of(v.Args[0]), s.of(v.Args[1])
		if x.kind == latConst && y.kind == latConst {
			return constLattice(s.f.Bool(FoldICmp(v.Pred, v.Args[0].Type, x.c, y.c)).Const)
		}
		return lowestLattice(x, y)
	case v.Op == OpSelect:
		switch c := s.of(v.Args[0]); c.kind {
		case latTop:
			return latticeTop
		case latConst:
			if c.c != 0 {
				return s.of(v.Args[1])
			}
			return s.of(v.Args[2])
		}
		return meetLattice(s.of(v.Args[1]), s.of(v.Args[2]))
	case v.Op.IsCast():
		x := s.of(v.Args[0])
		if x.kind == latConst {
			return constLattice(FoldCast(v.Op, v.Args[0].Type, v.Type, x.c))
		}
		return x
	}
	return latticeOverdefined // loads, calls, allocas, address arithmetic
}

func (s *sccpSolver) evaluateBinary(v *Value) lattice {
	x, y := s.of(v.Args[0]), s.of(v.Args[1])
	if x.kind == latConst && y.kind == latConst {
		if c, ok := FoldBinary(v.Op, v.Type, x.c, y.c); ok {
			return constLattice(c)
		}
		return latticeOverdefined
	}
	// An absorbing operand decides the result whatever the other one is,
	// even before the other one is known.
	for _, a := range []lattice{x, y} {
		if a.kind != latConst {
			continue
		}
		switch {
		case (v.Op == OpMul || v.Op == OpAnd) && a.c == 0:
			return constLattice(0)
		case v.Op == OpOr && a.c == -1:
			return constLattice(-1)
		}
	}
	return lowestLattice(x, y)
}

// lowestLattice is the result of an operation that is overdefined as soon as one
// operand is, and unknown while an operand is.
func lowestLattice(x, y lattice) lattice {
	if x.kind == latOverdefined || y.kind == latOverdefined {
		return latticeOverdefined
	}
	return latticeTop
}

// rewrite applies what the solver proved: constants replace the values,
// branches on constants become jumps, and unexecuted blocks go.
func (s *sccpSolver) rewrite() {
	f := s.f
	repl := make([]*Value, f.NumValues())
	replaced := false
	for _, b := range f.Blocks {
		if !s.reached[b.ID] {
			continue
		}
		for _, v := range b.Instrs {
			if v.HasResult() && s.val[v.ID].kind == latConst {
				repl[v.ID] = f.Const(v.Type, s.val[v.ID].c)
				replaced = true
			}
		}
		s.foldBranch(b)
	}
	if replaced {
		f.ReplaceUses(repl)
		for _, b := range f.Blocks {
			b.RemoveInstrs(func(v *Value) bool { return v.ID < len(repl) && repl[v.ID] != nil })
		}
	}
	RemoveUnreachable(f)
}

// foldBranch turns b's conditional branch into a jump when only one of its
// edges is executable.
func (s *sccpSolver) foldBranch(b *Block) {
	t := b.Term()
	if t.Op == OpSwitch {
		s.foldSwitch(b, t)
		return
	}
	if t.Op != OpCondBr {
		return
	}
	live := s.edgeLive[b.ID]
	if live[0] == live[1] {
		return
	}
	taken := 0
	if live[1] {
		taken = 1
	}
	b.JumpTo(taken)
}

// foldSwitch turns b's switch into a jump when its selector is a
// constant: only that case's edge is executable. (The lattice has no
// sets of values, so an unknown selector makes every edge executable.)
func (s *sccpSolver) foldSwitch(b *Block, t *Value) {
	live := s.switchLive[b.ID]
	if live == nil {
		return // no edge is executable yet: the selector is still unknown
	}
	taken := -1
	for i := range b.Succs {
		if live[i] {
			if taken >= 0 {
				return
			}
			taken = i
		}
	}
	b.JumpTo(taken)
}
