package frontend

import "slices"

// Definite assignment (docs/reference.md §6), after the Java Language
// Specification, chapter 16: a local may be read (or have its address
// taken) only if every path from its declaration assigns it first. Toy's
// expressions cannot assign, so the analysis follows the statement
// structure only: the state after a statement is the set of definitely
// assigned locals, meets are intersections, and a statement that cannot
// complete normally leaves the "vacuous" state in which everything counts
// as assigned. After a loop, the state is the meet of the state where the
// condition is false (vacuous for an absent or literal-true condition) and
// the states at its breaks; a for loop's post statement starts from the meet
// of the body's end and its continues. Parameters and globals are always
// assigned.

// assignedSet is a bit set over a function's locals declared without a
// value (Var.index); one declared with a value is assigned wherever it
// is in scope.
//
// A state flows through a sequence of statements and is changed in place:
// each state has one owner, the statement it is handed to, which returns
// it (or another it owns) as the state after it. Only where control forks
// does the state before the fork go to more than one place, and each
// branch gets a copy (clone). A copy per assignment, as the sets were
// first used, made a function of n locals and n statements cost n²/64
// words (10,000 loops, each with its counter: 37 MB copied); a copy per
// fork of a set over every local still did (20,000 loops, each with two
// counters, 52 MB), where the counters, declared with their values, need
// no bit.
type assignedSet struct {
	bits   []uint64
	vacant bool // unreachable: every local counts as assigned
}

func (s assignedSet) has(i int) bool {
	return i < 0 || s.vacant || s.bits[i/64]&(1<<(i%64)) != 0
}

// assignCopying, set by a test, makes set and meet copy the states they
// are given, as if nothing owned them: the analysis without ownership,
// which the states' owners must not change the result of.
var assignCopying = false

// set marks local i assigned or not in s, which the caller owns.
func (s assignedSet) set(i int, assigned bool) assignedSet {
	if s.vacant || i < 0 {
		return s
	}
	if assignCopying {
		s = s.clone()
	}
	if assigned {
		s.bits[i/64] |= 1 << (i % 64)
	} else {
		s.bits[i/64] &^= 1 << (i % 64)
	}
	return s
}

// clone is a copy of s for another owner.
func (s assignedSet) clone() assignedSet {
	if s.vacant {
		return s
	}
	return assignedSet{bits: slices.Clone(s.bits)}
}

// meet is the intersection of a and b, both the caller's, made in one of
// them; the other is not used after.
func meet(a, b assignedSet) assignedSet {
	if a.vacant {
		return b
	}
	if b.vacant {
		return a
	}
	if assignCopying {
		a = a.clone()
	}
	for i := range a.bits {
		a.bits[i] &= b.bits[i]
	}
	return a
}

var vacant = assignedSet{vacant: true}

// loopExits collects the states at a loop's breaks and continues.
type loopExits struct {
	loop              Stmt
	breaks, continues assignedSet
}

type assignChecker struct {
	c        *checker
	loops    []*loopExits
	reported map[*Var]bool
}

func checkDefiniteAssignment(c *checker, f *Func) {
	a := &assignChecker{c: c, reported: map[*Var]bool{}}
	a.block(f.Body, assignedSet{bits: make([]uint64, (f.unassigned+63)/64)})
}

func (a *assignChecker) block(b *Block, in assignedSet) assignedSet {
	for _, s := range b.Stmts {
		in = a.stmt(s, in)
	}
	return in
}

func (a *assignChecker) stmt(s Stmt, in assignedSet) assignedSet {
	switch s := s.(type) {
	case *Block:
		return a.block(s, in)
	case *VarStmt:
		if s.Init != nil {
			a.reads(s.Init, in)
		}
		return in.set(s.Var.index, s.Init != nil)
	case *AssignStmt:
		return a.assign(s, in)
	case *ExprStmt:
		a.reads(s.Call, in)
		return in
	case *IfStmt:
		// Each clause's condition is read in the state before the if
		// (a condition cannot assign); each branch starts from a copy
		// of it, but the last, which takes it.
		out := vacant
		for _, cl := range s.Clauses {
			a.reads(cl.Cond, in)
			out = meet(out, a.block(cl.Then, in.clone()))
		}
		if s.Else != nil {
			return meet(out, a.block(s.Else, in))
		}
		return meet(out, in)
	case *WhileStmt:
		a.reads(s.Cond, in)
		exits := a.loopBody(s, s.Body, in.clone())
		return meet(whenFalse(s.Cond, in), exits.breaks)
	case *ForStmt:
		if s.Init != nil {
			in = a.stmt(s.Init, in)
		}
		if s.Cond != nil {
			a.reads(s.Cond, in)
		}
		exits := a.loopBody(s, s.Body, in.clone())
		if s.Post != nil {
			a.stmt(s.Post, exits.continues)
		}
		return meet(whenFalse(s.Cond, in), exits.breaks)
	case *BranchStmt:
		for _, l := range a.loops {
			if l.loop != s.Loop {
				continue
			}
			if s.Continue {
				l.continues = meet(l.continues, in)
			} else {
				l.breaks = meet(l.breaks, in)
			}
		}
		return vacant
	case *ReturnStmt:
		if s.Value != nil {
			a.reads(s.Value, in)
		}
		return vacant
	}
	return in
}

// loopBody analyses a loop body; the returned continues include the state
// at the body's end (where the post statement and the next test start).
func (a *assignChecker) loopBody(loop Stmt, body *Block, in assignedSet) *loopExits {
	exits := &loopExits{loop: loop, breaks: vacant, continues: vacant}
	a.loops = append(a.loops, exits)
	end := a.block(body, in)
	a.loops = a.loops[:len(a.loops)-1]
	exits.continues = meet(exits.continues, end)
	return exits
}

// whenFalse is the state in which a loop's condition is false: none for an
// absent or literal-true condition.
func whenFalse(cond Expr, in assignedSet) assignedSet {
	if cond == nil || takenTrue(cond) {
		return vacant
	}
	return in
}

func isTrueLiteral(e Expr) bool {
	b, ok := e.(*BoolLit)
	return ok && b.Value
}

// takenTrue reports whether a loop condition counts as the literal true
// for definite assignment and completion: it is, or an error was reported
// in it (a misspelled `true`), where taking it for true adds no errors.
func takenTrue(e Expr) bool {
	return isTrueLiteral(e) || e.base().T != nil && e.base().T.Kind == Invalid
}

func (a *assignChecker) assign(s *AssignStmt, in assignedSet) assignedSet {
	if id, ok := s.Target.(*Ident); ok {
		if s.Op != "" {
			a.reads(id, in)
		}
		a.reads(s.Value, in)
		if v := id.Var; v != nil && v.Kind == LocalVar {
			return in.set(v.index, true)
		}
		return in
	}
	a.reads(s.Target, in)
	a.reads(s.Value, in)
	return in
}

// reads reports every local that e reads while it may be unassigned.
func (a *assignChecker) reads(e Expr, in assignedSet) {
	switch e := e.(type) {
	case *Ident:
		if v := e.Var; v != nil && v.Kind == LocalVar && !in.has(v.index) && !a.reported[v] {
			a.reported[v] = true
			a.c.errorf(e.Pos, "variable %s is used before it is assigned a value", v.Name)
		}
	case *Unary:
		a.reads(e.X, in)
	case *Binary:
		a.reads(e.X, in)
		a.reads(e.Y, in)
	case *Index:
		a.reads(e.X, in)
		a.reads(e.Index, in)
	case *Call:
		if _, ok := e.Callee.(*Ident); !ok {
			a.reads(e.Callee, in)
		}
		for _, arg := range e.Args {
			a.reads(arg, in)
		}
	case *New:
		a.reads(e.Len, in)
	}
}
