package frontend

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestTypoDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"retrun", "return", 1}, // a transposition is one edit
		{"cuont", "count", 1},
		{"itn", "int", 1},
		{"prnt", "print", 1},
		{"esle", "else", 1},
		{"fi", "if", 1},
		{"whiel", "while", 1},
		{"count", "count", 0},
		{"x", "y", 1},
		{"kitten", "sitting", 3},
		{"", "abc", 3},
		{"abc", "", 3},
		{"ca", "abc", 3},     // optimal string alignment: no substring is edited twice
		{"lenght", "len", 3}, // (or more: lengths three apart are not compared)
	} {
		if d := typoDistance(tc.a, tc.b); d != tc.d && !(tc.d > 2 && d > 2) {
			t.Errorf("typoDistance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

func TestClosestName(t *testing.T) {
	names := []string{"count", "counter", "total", "print", "x", "int", "i32", "bool"}
	for _, tc := range []struct{ name, want string }{
		{"cuont", "count"},
		{"countr", "count"}, // of two at one edit, the first
		{"countre", "counter"},
		{"totl", "total"},
		{"prnt", "print"},
		{"itn", "int"},
		{"y", ""},   // one letter: no edit is small enough
		{"xyz", ""}, // too far from everything
		{"cnt", "int"},
		{"cn", ""}, // two edits from any name
		{"couner", "counter"},
	} {
		if got := closestName(tc.name, names); got != tc.want {
			t.Errorf("closestName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestMatchingBrace: the tables answer as a scan from the token would, on
// random sequences of braces, other tokens and declarations.
func TestMatchingBrace(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"{", "}", "x", ";", "func", "extern", "(", ")"}
	for round := 0; round < 200; round++ {
		var b strings.Builder
		for i := r.IntN(60); i > 0; i-- {
			b.WriteString(words[r.IntN(len(words))] + " ")
		}
		src := []byte(b.String())
		toks := tokensFrom("t.toy", src, 0)
		p := newSynParser("t.toy", src, newLineIndex(src), toks, 1)
		for i := range toks {
			want, depth := -1, 0
		scan:
			for j := i; j < len(toks); j++ {
				switch tok := toks[j]; {
				case tok.EOF(), isText(tok, "func"), isText(tok, "extern"):
					break scan
				case isText(tok, "{"):
					depth++
				case isText(tok, "}"):
					if depth == 0 {
						want = j
						break scan
					}
					depth--
				}
			}
			if got := p.matchingBrace(i); got != want {
				t.Fatalf("%q from token %d: matchingBrace = %d, want %d", src, i, got, want)
			}
		}
	}
}

// TestRecoveryCost: files with thousands of syntax errors, or one that
// leaves the rest of the file to guess, are diagnosed in time linear in
// their size, with one error for each mistake.
func TestRecoveryCost(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		errors    int
	}{
		{"20,000 bodies without {", "func f(x: int) {\n" + strings.Repeat("    if x > 0\n        x -= 1;\n    }\n", 20000) + "}\n", 20000},
		{"50,000 missing ;", "func f(x: int) {\n" + strings.Repeat("    x = 1\n", 50000) + "}\n", 50000},
		{"10,000 functions with a misspelled return", strings.Repeat("func f() int {\n    retrun 0;\n}\n", 10000), 10000},
		{"globals after an unclosed function", "func f() {\n" + strings.Repeat("var g = 1;\nvar h = 2 +;\n", 10000), 10000},
		{"junk", strings.Repeat("x y z ) ] ( [ , ; : = + ", 20000), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, diags := Check("t.toy", []byte(tc.src))
			if elapsed := time.Since(start); elapsed > 10*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if len(diags) != tc.errors {
				t.Errorf("%d diagnostics, want %d; the first: %v", len(diags), tc.errors, diags[:min(len(diags), 3)])
			}
		})
	}
}

// TestRecognizerAgrees: the recognizer finds a syntax error exactly where
// participle does, on a program that covers the grammar with each of its
// tokens deleted, doubled, or swapped with the next.
func TestRecognizerAgrees(t *testing.T) {
	src := fuzzSeeds[2]
	toks := tokensFrom("t.toy", []byte(src), 0)
	toks = toks[:len(toks)-1]
	var variants []string
	for i, tok := range toks {
		at, end := tok.Pos.Offset, tok.Pos.Offset+len(tok.Value)
		variants = append(variants, src[:at]+src[end:], src[:end]+" "+tok.Value+src[end:])
		if i+1 < len(toks) {
			next := toks[i+1]
			nextEnd := next.Pos.Offset + len(next.Value)
			variants = append(variants, src[:at]+next.Value+" "+tok.Value+src[nextEnd:])
		}
	}
	for _, v := range variants {
		b := []byte(v)
		lines := newLineIndex(b)
		if scan("t.toy", b, lines) != nil {
			continue
		}
		all := tokensFrom("t.toy", b, 0)
		p := newSynParser("t.toy", b, lines, all, 1)
		p.parseFile()
		_, err := parseTokens(all[:len(all)-1], all[len(all)-1].Pos)
		if recognized := len(p.diags) == 0 && !anyBroken(p.decls); recognized != (err == nil) {
			t.Fatalf("the recognizer finds %v, participle %v, in\n%s", p.diags, err, v)
		}
	}
}
