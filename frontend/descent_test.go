package frontend

import (
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// agreeWithParticiple checks descent.go's promise on toks (which end with
// the EOF token): where participle parses them, descend builds the same
// tree; where participle does not, descend gives up.
func agreeWithParticiple(t *testing.T, what string, toks []lexer.Token) {
	t.Helper()
	body, eof := toks[:len(toks)-1], toks[len(toks)-1]
	want, err := participleParse(body, eof.Pos)
	got := descend(body)
	switch {
	case err != nil && got != nil:
		t.Fatalf("%s: participle rejects it (%v), descend accepts it", what, err)
	case err == nil && got == nil:
		t.Fatalf("%s: participle parses it, descend gives up", what)
	case err == nil && !reflect.DeepEqual(got, want):
		t.Fatalf("%s: descend's tree differs from participle's", what)
	}
}

// toySources are the Toy files of the repository, by path, and the fuzz
// seeds.
func toySources(t *testing.T) map[string][]byte {
	srcs := map[string][]byte{}
	for i, s := range fuzzSeeds {
		srcs["seed"+string(rune('0'+i))] = []byte(s)
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".toy") {
			return err
		}
		src, err := os.ReadFile(path)
		srcs[path] = src
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) < 100 {
		t.Fatalf("only %d Toy sources found", len(srcs))
	}
	return srcs
}

// TestDescentAgrees runs agreeWithParticiple on every Toy file of the
// repository (the programs of tests/errors among them have syntax errors)
// and on mutations of each: a token deleted, repeated, swapped with the
// next, or replaced by another of the file's, so that both directions of
// the promise are tried near every construct.
func TestDescentAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	accepted, rejected := 0, 0
	for path, src := range toySources(t) {
		if scan(path, src, newLineIndex(src)) != nil {
			continue
		}
		toks := tokensFrom(path, src, 0)
		agreeWithParticiple(t, path, toks)
		n := len(toks) - 1 // the tokens before EOF
		if n < 2 {
			continue
		}
		for m := range 40 {
			i := rng.Intn(n)
			var mut []lexer.Token
			switch m % 4 {
			case 0:
				mut = append(append(mut, toks[:i]...), toks[i+1:]...)
			case 1:
				mut = append(append(mut, toks[:i+1]...), toks[i:]...)
			case 2:
				mut = append(mut, toks...)
				j := min(i+1, n-1)
				mut[i], mut[j] = mut[j], mut[i]
			case 3:
				mut = append(mut, toks...)
				mut[i] = toks[rng.Intn(n)]
			}
			agreeWithParticiple(t, path+" mutated", mut)
			if descend(mut[:len(mut)-1]) != nil {
				accepted++
			} else {
				rejected++
			}
		}
	}
	if accepted == 0 || rejected == 0 {
		t.Fatalf("the mutations were all accepted (%d) or all rejected (%d)", accepted, rejected)
	}
}

// FuzzDescent: on any input that lexes, descend agrees with participle.
func FuzzDescent(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if scan("fuzz.toy", src, newLineIndex(src)) != nil {
			return
		}
		agreeWithParticiple(t, "input", tokensFrom("fuzz.toy", src, 0))
	})
}
