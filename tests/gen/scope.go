package gen

// Scopes follow docs/reference.md §5: blocks nest, an inner declaration may
// shadow an outer one (but not one of the same block, nor a parameter from
// the function's outermost block), and a local can be read only once it is
// definitely assigned. The generator is conservative: a variable is readable
// only after a statement that assigns it on every path has been generated.

// variable is a global, parameter or local the generator may use.
type variable struct {
	name     string
	typ      *Type
	assigned bool // definitely assigned here
	global   bool
	// fixed variables control termination (loop counters, fuel, recursion
	// depth): they are read but never written or pointed to.
	fixed bool
	// below > 0 says a fixed counter stays in [0, below), so that it can
	// index any array directly when below <= minLength.
	below int64
}

func (g *gen) push() { g.scopes = append(g.scopes, nil) }
func (g *gen) pop()  { g.scopes = g.scopes[:len(g.scopes)-1] }

// declare adds v to the innermost scope.
func (g *gen) declare(v *variable) {
	top := len(g.scopes) - 1
	g.scopes[top] = append(g.scopes[top], v)
}

// visible lists the variables a name reaches here, innermost first, then
// the globals.
func (g *gen) visible() []*variable {
	seen := map[string]bool{}
	var out []*variable
	for i := len(g.scopes) - 1; i >= 0; i-- {
		for j := len(g.scopes[i]) - 1; j >= 0; j-- {
			v := g.scopes[i][j]
			if !seen[v.name] {
				seen[v.name] = true
				out = append(out, v)
			}
		}
	}
	for _, v := range g.globals {
		if !seen[v.name] {
			out = append(out, v)
		}
	}
	return out
}

// readable lists the visible, definitely assigned variables of type t.
func (g *gen) readable(t *Type) []*variable {
	var out []*variable
	for _, v := range g.visible() {
		if v.assigned && v.typ.Equal(t) {
			out = append(out, v)
		}
	}
	return out
}

// writable lists the readable variables of type t that may be assigned and
// pointed to.
func (g *gen) writable(t *Type) []*variable {
	var out []*variable
	for _, v := range g.readable(t) {
		if !v.fixed {
			out = append(out, v)
		}
	}
	return out
}

// pickVar picks one of vs, or nil.
func (g *gen) pickVar(vs []*variable) *variable {
	if len(vs) == 0 {
		return nil
	}
	return vs[g.r.IntN(len(vs))]
}

// localName returns a name for a new local: usually a fresh one, sometimes
// the name of an outer local or a global, which the new one shadows.
func (g *gen) localName() string {
	if g.r.IntN(8) == 0 {
		inner := map[string]bool{}
		for _, v := range g.scopes[len(g.scopes)-1] {
			inner[v.name] = true
		}
		if len(g.scopes) <= 2 { // the outermost block may not shadow a parameter
			for _, v := range g.scopes[0] {
				inner[v.name] = true
			}
		}
		var outer []string
		for _, v := range g.visible() {
			// A fixed variable keeps its name: the pinned code that bounds
			// a loop or a recursion must keep reaching it. A variable waiting for its first assignment keeps its name
			// too, since that assignment names it.
			if !inner[v.name] && !v.fixed && v.assigned {
				outer = append(outer, v.name)
			}
		}
		if len(outer) > 0 {
			return outer[g.r.IntN(len(outer))]
		}
	}
	g.nextLocal++
	return "v" + itoa(g.nextLocal)
}

// fresh returns a new name with the given prefix.
func (g *gen) fresh(prefix string) string {
	g.nextLocal++
	return prefix + itoa(g.nextLocal)
}
