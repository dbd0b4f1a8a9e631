package frontend

import (
	"math/rand"
	"testing"
)

// TestScopeTableMatchesChain opens, declares in and closes scopes at
// random and checks every lookup, from the innermost scope and from its
// parent (as the shadowing warning asks), against a walk up the chain of
// the scopes' own maps.
func TestScopeTableMatchesChain(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	names := []string{"a", "b", "c", "d"}
	chainLookup := func(s *scope, name string) *Var {
		for ; s != nil; s = s.parent {
			if v, ok := s.vars[name]; ok {
				return v
			}
		}
		return nil
	}
	for iter := 0; iter < 500; iter++ {
		s := rootScope()
		for step := 0; step < 200; step++ {
			switch r := rng.Intn(10); {
			case r < 3:
				s = s.inner()
			case r < 5 && s.parent != nil:
				s = s.close()
			default:
				s.declare(&Var{Name: names[rng.Intn(len(names))]})
			}
			for _, name := range names {
				if got, want := s.lookup(name), chainLookup(s, name); got != want {
					t.Fatalf("iteration %d step %d: lookup(%s) = %v, want %v", iter, step, name, got, want)
				}
				if s.parent != nil {
					if got, want := s.parent.lookup(name), chainLookup(s.parent, name); got != want {
						t.Fatalf("iteration %d step %d: parent's lookup(%s) = %v, want %v", iter, step, name, got, want)
					}
				}
			}
		}
	}
}
