package frontend

// Lexical scopes for locals (docs/reference.md §5, "Locals"). Top-level names live in the
// checker's own table and are visible everywhere; each block, and each for
// header, opens a scope. A name is added only after its whole declaration
// has been checked, so `var y = y * 2;` reads an outer y.
type scope struct {
	parent *scope
	vars   map[string]*Var
	// params is set on a function body's outermost scope: a local may not
	// reuse a parameter's name there.
	params map[string]*Var
}

func (s *scope) lookup(name string) *Var {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v
		}
	}
	return nil
}

func (s *scope) declare(v *Var) {
	if s.vars == nil {
		s.vars = map[string]*Var{}
	}
	s.vars[v.Name] = v
}
