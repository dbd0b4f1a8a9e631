package frontend

import (
	"math/rand"
	"testing"
)

// TestScopeTableMatchesChain opens, declares in and closes scopes at
// random and checks every lookup, from the innermost scope and from its
// parent (as the shadowing warning asks), and every question of whether
// a name is declared in the innermost scope itself (here), against a
// model: a chain of maps, one per open scope, walked innermost first.
func TestScopeTableMatchesChain(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	names := []string{"a", "b", "c", "d"}
	chainLookup := func(chain []map[string]*Var, name string) *Var {
		for i := len(chain) - 1; i >= 0; i-- {
			if v, ok := chain[i][name]; ok {
				return v
			}
		}
		return nil
	}
	for iter := 0; iter < 500; iter++ {
		s := rootScope()
		chain := []map[string]*Var{{}}
		for step := 0; step < 200; step++ {
			switch r := rng.Intn(10); {
			case r < 3:
				s = s.inner()
				chain = append(chain, map[string]*Var{})
			case r < 5 && s.parent != nil:
				s = s.close()
				chain = chain[:len(chain)-1]
			default:
				v := &Var{Name: names[rng.Intn(len(names))]}
				s.declare(v)
				chain[len(chain)-1][v.Name] = v
			}
			for _, name := range names {
				if got, want := s.lookup(name), chainLookup(chain, name); got != want {
					t.Fatalf("iteration %d step %d: lookup(%s) = %v, want %v", iter, step, name, got, want)
				}
				if got, want := s.here(name), chain[len(chain)-1][name]; got != want {
					t.Fatalf("iteration %d step %d: here(%s) = %v, want %v", iter, step, name, got, want)
				}
				if s.parent != nil {
					if got, want := s.parent.lookup(name), chainLookup(chain[:len(chain)-1], name); got != want {
						t.Fatalf("iteration %d step %d: parent's lookup(%s) = %v, want %v", iter, step, name, got, want)
					}
				}
			}
		}
	}
}
