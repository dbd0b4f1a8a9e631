package middle

import (
	"math/rand"
	"strconv"
	"testing"
)

// allNames is the obvious name table, which records every name handed out;
// nameTable must agree with it while storing far fewer.
type allNames map[string]int

func (t allNames) unique(hint string) string {
	n, used := t[hint]
	if !used {
		t[hint] = 0
		return hint
	}
	for {
		n++
		cand := hint + "." + strconv.Itoa(n)
		if _, taken := t[cand]; !taken {
			t[hint] = n
			t[cand] = 0
			return cand
		}
	}
}

func (t allNames) claim(name string) bool {
	if _, taken := t[name]; taken {
		return false
	}
	t[name] = 0
	return true
}

// Random mixes of hints, names that look derived (x.1, x.1.2, x.01) and
// exact claims, as .ll input and passes that reuse a value's name as a hint
// produce them.
func TestNameTableAgreesWithAllNames(t *testing.T) {
	words := []string{"x", "x.1", "x.2", "x.10", "x.01", "x.0", "x.1.1", "y", "y.3", "t", ".1", "x.", "1"}
	for seed := range int64(300) {
		rng := rand.New(rand.NewSource(seed))
		got, want := &nameTable{}, allNames{}
		var handed []string
		for step := range 200 {
			w := words[rng.Intn(len(words))]
			if len(handed) > 0 && rng.Intn(3) == 0 {
				w = handed[rng.Intn(len(handed))] // a name given out, as a hint or a claim
			}
			if rng.Intn(4) == 0 {
				if g, e := got.claim(w), want.claim(w); g != e {
					t.Fatalf("seed %d step %d: claim(%q) = %v, want %v", seed, step, w, g, e)
				}
				continue
			}
			g, e := got.unique(w), want.unique(w)
			if g != e {
				t.Fatalf("seed %d step %d: unique(%q) = %q, want %q", seed, step, w, g, e)
			}
			handed = append(handed, g)
		}
		if got.len() > len(want) {
			t.Fatalf("seed %d: %d entries, more than the %d of every name", seed, got.len(), len(want))
		}
	}
}

// The point of the table: a hint used over and over costs one entry.
func TestNameTableKeepsOnlyHints(t *testing.T) {
	names := &nameTable{}
	for range 1000 {
		names.unique("t")
	}
	if got := names.unique("t"); got != "t.1000" {
		t.Errorf("the 1001st t is %s, want t.1000", got)
	}
	if names.len() != 1 {
		t.Errorf("%d entries for one hint", names.len())
	}
}

// TestParamNames checks that parameters named before the name table is
// made (paramName) get the names the table would have given them, on
// every sequence of three names from a set with repeats and suffixes.
func TestParamNames(t *testing.T) {
	names := []string{"a", "a.1", "a.2", "b", "a.1.1", ""}
	for i := range len(names) * len(names) * len(names) {
		seq := []string{names[i%len(names)], names[i/len(names)%len(names)], names[i/len(names)/len(names)]}
		f := NewModule("test").NewFunc("f", Void)
		ref := &nameTable{}
		for k, name := range seq {
			hint := name
			if hint == "" {
				hint = "t"
			}
			want := ref.unique(hint)
			if got := f.AddParam(I64, name).Name; got != want {
				t.Errorf("%q: parameter %d named %q, want %q", seq, k, got, want)
			}
		}
	}
	// Past 32 parameters paramName makes the table: the same names.
	for i := range 20 {
		f := NewModule("test").NewFunc("f", Void)
		ref := &nameTable{}
		for k := range 40 + i {
			name := names[(k*7+i)%len(names)]
			hint := name
			if hint == "" {
				hint = "t"
			}
			if got, want := f.AddParam(I64, name).Name, ref.unique(hint); got != want {
				t.Errorf("function %d: parameter %d named %q, want %q", i, k, got, want)
			}
		}
	}
}
