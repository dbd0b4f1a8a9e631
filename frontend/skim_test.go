package frontend

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/tests/gen"
)

// skimOnce skims text with facts, splitting it when split, and returns
// whether the skim took it, the tokens handed to each in order, the
// facts, and the bodies' sizes.
func skimOnce(text string, split bool) (bool, []lexer.Token, []rawFacts, []int32) {
	defer func(n int) { skimSplitMin = n }(skimSplitMin)
	skimSplitMin = len(text) + 1
	if split {
		skimSplitMin = 0
	}
	var toks []lexer.Token
	facts := &factScanner{}
	sizes, ok := skimDeclarations("s.toy", text, newNestingCheck("s.toy", newLineIndex([]byte(text))), facts, func(chunk []lexer.Token, _ lexer.Position) bool {
		toks = append(toks, chunk...)
		return true
	})
	return ok, toks, facts.bodies, sizes
}

// bodySizesOf counts the tokens of each function body of text, braces
// included, as parse's cutter meets them: a brace opened outside any
// bracket begins one.
func bodySizesOf(text string) []int32 {
	var sizes []int32
	depth, inBody := 0, false
	for s := newScanner("s.toy", text); ; {
		tok, err := s.Next()
		if err != nil || tok.EOF() {
			return sizes
		}
		if depth == 0 && tok.Value == "{" {
			sizes, inBody = append(sizes, 0), true
		}
		if inBody {
			sizes[len(sizes)-1]++
		}
		switch tok.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		if depth == 0 {
			inBody = false
		}
	}
}

// A skim in two halves hands on the tokens and reads the facts the skim
// in one piece does, and takes the same files: on the test programs,
// generated ones, and mutations of them that put the guessed split inside
// a body or a declaration, or an error on either side of it.
func TestSkimSplitSameAsWhole(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(c int) { chunkTokens = c }(chunkTokens)
	chunkTokens = 50
	var texts []string
	files, err := filepath.Glob(filepath.Join("..", "tests", "programs", "*.toy"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(src))
	}
	for seed := range 10 {
		texts = append(texts, gen.Program(int64(7400+seed), gen.DefaultConfig()))
	}
	rng := rand.New(rand.NewPCG(7500, 1))
	inserts := []string{"{", "}", "(", ")", ";", "\nfunc ", "\nvar ", "\nfunc f() {\n", "'"}
	n := len(texts)
	for i := range n {
		src := texts[i]
		for range 8 {
			at := len(src)/2 + rng.IntN(len(src)/2+1) - len(src)/4
			texts = append(texts, src[:at]+inserts[rng.IntN(len(inserts))]+src[at:])
		}
	}
	split, skimmed := 0, 0
	for i, text := range texts {
		wantOK, wantToks, wantFacts, wantSizes := skimOnce(text, false)
		gotOK, gotToks, gotFacts, gotSizes := skimOnce(text, true)
		if declarationLineAfter(text, len(text)/2) >= 0 {
			split++
		}
		if wantOK {
			skimmed++
		}
		if gotOK != wantOK {
			t.Fatalf("text %d: the split skim says %v, the whole one %v:\n%s", i, gotOK, wantOK, text)
		}
		if !wantOK {
			continue
		}
		if !reflect.DeepEqual(gotToks, wantToks) {
			t.Fatalf("text %d: the split skim's tokens differ:\n%s", i, text)
		}
		if !reflect.DeepEqual(gotFacts, wantFacts) {
			t.Fatalf("text %d: the split skim's facts differ:\n%s", i, text)
		}
		if !reflect.DeepEqual(gotSizes, wantSizes) {
			t.Fatalf("text %d: the split skim's body sizes %v differ from the whole one's %v:\n%s", i, gotSizes, wantSizes, text)
		}
		// (A mutation's brackets may nest otherwise for the skim, which
		// follows braces only in a body, than for the cutter: its file
		// does not parse, and a size is only a hint.)
		if counted := bodySizesOf(text); i < n && !reflect.DeepEqual(wantSizes, counted) {
			t.Fatalf("text %d: the skim's body sizes %v differ from the bodies' tokens %v:\n%s", i, wantSizes, counted, text)
		}
	}
	if split < len(texts)/2 || skimmed < n {
		t.Errorf("only %d of %d texts split, %d skimmed", split, len(texts), skimmed)
	}
}
