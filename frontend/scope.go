package frontend

// Lexical scopes for locals (docs/reference.md §5, "Locals"). Top-level names live in the
// checker's own table and are visible everywhere; each block, and each for
// header, opens a scope. A name is added only after its whole declaration
// has been checked, so `var y = y * 2;` reads an outer y.
//
// A lookup does not walk the chain of enclosing scopes, which would cost
// the nesting depth for every name read (quadratic in a deep loop nest):
// the scopes of one function share a table from each name to its
// declarations in the open scopes, innermost last, that opening and
// closing scopes keep up to date — the hash table of binding stacks of
// Aho, Lam, Sethi and Ullman, Compilers, 2nd ed., §2.7, and of lcc. It
// requires that scopes be closed in the reverse order of their opening,
// and that lookups be made from an open scope.
type scope struct {
	parent *scope
	names  []string // declared in this scope, in order (close takes them out)
	// params is set on a function body's outermost scope: a local may not
	// reuse a parameter's name there.
	params map[string]*Var
	depth  int32                // the root's is 0
	open   map[string][]binding // shared by the scopes of one root
}

// binding is a declaration in an open scope, at that scope's depth.
type binding struct {
	v     *Var
	depth int32
}

// rootScope makes the outermost scope of a function, with a table of its own.
func rootScope() *scope { return &scope{open: map[string][]binding{}} }

// inner opens a scope inside s, which must be the innermost open one.
func (s *scope) inner() *scope {
	return &scope{parent: s, depth: s.depth + 1, open: s.open}
}

// close takes s's declarations out of the table and returns its parent,
// the innermost open scope again.
func (s *scope) close() *scope {
	for _, name := range s.names {
		stack := s.open[name]
		if len(stack) == 1 {
			delete(s.open, name)
		} else {
			s.open[name] = stack[:len(stack)-1]
		}
	}
	return s.parent
}

// lookup finds name in s or a scope enclosing it. The table's bindings
// deeper than s are those of scopes inside s, still open. Outside a
// function body (a global's initializer) there is no scope: s is nil.
func (s *scope) lookup(name string) *Var {
	if s == nil {
		return nil
	}
	stack := s.open[name]
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].depth <= s.depth {
			return stack[i].v
		}
	}
	return nil
}

func (s *scope) declare(v *Var) {
	stack := s.open[v.Name]
	if n := len(stack); n > 0 && stack[n-1].depth == s.depth {
		stack[n-1].v = v // redeclared in the same scope (an error): the last one is seen, as before
		return
	}
	s.names = append(s.names, v.Name)
	s.open[v.Name] = append(stack, binding{v, s.depth})
}

// here returns the variable name is declared as in s itself, or nil.
func (s *scope) here(name string) *Var {
	stack := s.open[name]
	if n := len(stack); n > 0 && stack[n-1].depth == s.depth {
		return stack[n-1].v
	}
	return nil
}
