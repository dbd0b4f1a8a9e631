package frontend

// Whether a statement can complete normally (docs/reference.md §7), as in the Java
// Language Specification §14.22: return, break and continue cannot; a block
// can if every statement in it can (a statement after one that cannot is
// unreachable, which Toy allows, and cannot complete either); an if without
// else can; if/else can if any branch can; a loop can unless its condition
// is absent or the literal true and no reachable break leaves it. A function
// with a result whose body can complete normally misses a return.

// canComplete reports whether the block can complete normally.
func canComplete(b *Block) bool {
	r := &reach{broken: map[Stmt]bool{}}
	return r.block(b)
}

type reach struct {
	broken map[Stmt]bool // loops left by a reachable break
	// unreachable, when set, is told the first statement of each block
	// that follows one that cannot complete (the unreachable-code
	// warning, warn.go); the statements after it are not walked.
	unreachable func(first Stmt, in *Block)
}

func (r *reach) block(b *Block) bool {
	for i, s := range b.Stmts {
		if !r.stmt(s) {
			if i+1 < len(b.Stmts) && r.unreachable != nil {
				r.unreachable(b.Stmts[i+1], b)
			}
			return false
		}
	}
	return true
}

func (r *reach) stmt(s Stmt) bool {
	switch s := s.(type) {
	case *Block:
		return r.block(s)
	case *IfStmt:
		can := s.Else == nil || r.block(s.Else)
		for _, cl := range s.Clauses {
			if r.block(cl.Then) {
				can = true
			}
		}
		return can
	case *WhileStmt:
		r.block(s.Body)
		return !takenTrue(s.Cond) || r.broken[s]
	case *ForStmt:
		r.block(s.Body)
		return (s.Cond != nil && !takenTrue(s.Cond)) || r.broken[s]
	case *BranchStmt:
		if !s.Continue && s.Loop != nil {
			r.broken[s.Loop] = true
		}
		return false
	case *ReturnStmt:
		return false
	}
	return true
}
