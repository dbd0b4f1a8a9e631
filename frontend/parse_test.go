package frontend

import (
	"strings"
	"testing"
	"time"
)

func TestSyntaxErrors(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"missing operand", "var x = 1 + ;", []string{`1:13: syntax error: unexpected ";", expected expression`}},
		{"missing semicolon", "func f() { x = 1 }", []string{`1:18: syntax error: unexpected "}", expected ";"`}},
		{"else needs a block", "func f() { if true { } else x = 1; }", []string{`1:29: syntax error: unexpected "x", expected "{"`}},
		{"unclosed call", "func f() { f(1, ; }", []string{`1:17: syntax error: unexpected ";", expected expression`}},
		{"var needs a name", "func f() { var = 3; }", []string{`1:16: syntax error: unexpected "=", expected name`}},
		{"stray token at top level", "x", []string{`1:1: syntax error: unexpected "x", expected declaration (func, extern or var)`}},
		{"unclosed body", "func f() {", []string{`1:11: syntax error: unexpected end of file, expected statement or "}"`}},
		{"extern needs a semicolon", "extern func f() int", []string{`1:20: syntax error: unexpected end of file, expected ";"`}},
		{"Go-style declaration", "func f() { x := 3; }", []string{`1:14: syntax error: unexpected ":", expected ";"`}},
		{"keyword as a name", "var if = 1;", []string{`1:5: syntax error: unexpected "if", expected name`}},
		{"missing type", "func f() { var x: = 1; }", []string{`1:19: syntax error: unexpected "=", expected type`}},
		{"missing parameter type", "func f(a: []) {}", []string{`1:13: syntax error: unexpected ")", expected type`}},
		{"missing element type of new", "var x = new(, 1);", []string{`1:13: syntax error: unexpected ",", expected type`}},
		{"missing colon", "func f(a int) { }", []string{`1:10: syntax error: unexpected "int", expected ":"`}},
		{"stray else", "func f() { } else { }", []string{`1:14: syntax error: unexpected "else", expected declaration (func, extern or var)`}},
		{"long token is shortened", "var x = 1 " + strings.Repeat("a", 100) + ";", []string{
			`1:11: syntax error: unexpected "aaaaaaaaaa...aaaaaaaaaa", expected ";"`}},
	})
}

func TestLexicalErrors(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"dollar", "var x = $ 2;", []string{"1:9: unexpected character '$'"}},
		{"position after a tab and a multibyte comment", "// é\n\tvar x = #;", []string{"2:10: unexpected character '#'"}},
		{"non-ASCII letter", "var é = 2;", []string{"1:5: unexpected character U+00E9 'é'"}},
		{"invalid UTF-8", "func f() { \xff }", []string{"1:12: invalid UTF-8 byte 0xff"}},
		{"NUL byte", "\x00", []string{"1:1: unexpected character U+0000"}},
		{"unterminated string", "func f() { print(\"abc); }", []string{"1:18: string literal not terminated"}},
		{"string across lines", "func f() { print(\"abc\n\"); }", []string{"1:18: string literal not terminated"}},
		{"unterminated character", "var c = 'a;", []string{"1:9: character literal not terminated"}},
		{"invalid UTF-8 in a comment", "// caf\xe9\nvar x = $;", []string{"1:7: invalid UTF-8 byte 0xe9"}},
		{"invalid UTF-8 in a string", "func f() { print(\"\xff\"); }", []string{"1:19: invalid UTF-8 byte 0xff"}},
		{"a bad character before invalid UTF-8", "var x = $; // \xff", []string{"1:9: unexpected character '$'"}},
	})
}

// TestHostileInput feeds inputs meant to exhaust the parser's stack, time
// or memory; each must end quickly with a valid program or diagnostics.
func TestHostileInput(t *testing.T) {
	cases := []struct {
		name, src string
		ok        bool   // a valid program
		msg       string // else the first diagnostic contains this
	}{
		{"empty", "", true, ""},
		{"only a comment", "// nothing", true, ""},
		{"1 MB line", "var x = 1;" + strings.Repeat(" ", 1<<20) + "var y = 2;", true, ""},
		{"1 MB identifier", "var " + strings.Repeat("a", 1<<20) + " = 2;", true, ""},
		{"1 MB string", `func f() { print("` + strings.Repeat("a", 1<<20) + `"); }`, true, ""},
		{"1000 nested parentheses", "var x = " + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000) + ";", true, ""},
		{"100,000 nested parentheses", "var x = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + ";", false, "brackets nested too deeply"},
		{"10,000 nested blocks", "func f() {" + strings.Repeat("{", 10000) + strings.Repeat("}", 10000) + "}", false, "brackets nested too deeply"},
		{"10,000 nested index brackets", "func f(a: []int) int { return " + strings.Repeat("a[", 10000) + "0" + strings.Repeat("]", 10000) + "; }", false, "brackets nested too deeply"},
		{"10,000 unary minus", "func f() int { return " + strings.Repeat("- ", 9999) + "1; }", true, ""},
		{"100,000 unary minus", "func f() int { return " + strings.Repeat("- ", 100000) + "1; }", false, "expression too long"},
		{"5,000 additions", "func f() int { return " + strings.Repeat("1+", 5000) + "1; }", true, ""},
		{"50,000 additions", "func f() int { return " + strings.Repeat("1+", 50000) + "1; }", false, "expression too long"},
		{"1 MB of additions", "var x = " + strings.Repeat("1+", 500000) + "1;", false, "expression too long"},
		{"100 times 200 additions in parentheses", "var x = " + strings.Repeat("(", 100) + strings.Repeat("1+", 200) + "1" + strings.Repeat(")", 100) + ";", true, ""},
		{"parenthesized chains too deep together", "var x = " + strings.Repeat("(", 100) + strings.Repeat(strings.Repeat("1+", 200)+"1)+", 99) + "1);", false, "expression nested too deeply"},
		{"2,000 else-ifs", "func f(x: int) int { if x == 0 { return 0; }" + strings.Repeat(" else if x == 1 { return 1; }", 2000) + " return 2; }", true, ""},
		{"100,000 array type constructors", "var x: " + strings.Repeat("[]", 100000) + "int;", false, "type nested too deeply"},
		{"binary garbage", "\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe", false, "unexpected character"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			prog, diags := Check("t.toy", []byte(tc.src))
			if elapsed := time.Since(start); elapsed > 20*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if tc.ok {
				if prog == nil || len(diags) > 0 {
					t.Fatalf("expected a valid program, got %v", diags)
				}
				return
			}
			if prog != nil || len(diags) == 0 || !strings.Contains(diags[0].Msg, tc.msg) {
				t.Fatalf("expected a diagnostic containing %q, got %v", tc.msg, diags)
			}
		})
	}
}

func TestDiagnosticsAreSortedAndCollected(t *testing.T) {
	got := diagnose(`func g() int { }
func f() {
	var x: int = true;
	break;
	print(y);
}`)
	want := []string{
		"1:16: missing return at end of func g",
		"3:15: cannot use bool as int in initialization of x",
		"4:2: break is not inside a loop",
		"5:8: undefined: y",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestChunkedParse: parsing declarations in chunks of any size gives the
// same program, or the same diagnostics, as parsing the file in one piece,
// also for files broken at many places.
func TestChunkedParse(t *testing.T) {
	valid := fuzzSeeds[2] + "\n" + string(generatedProgram(30)) + "\nextern func g() int;\nvar z = 3;\n" + fuzzSeeds[1]
	sources := []string{valid}
	s := newScanner("t.toy", []byte(valid))
	for i := 0; ; i++ { // drop every 37th token
		tok, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			break
		}
		if i%37 == 0 {
			sources = append(sources, valid[:tok.Pos.Offset]+valid[tok.Pos.Offset+len(tok.Value):])
		}
	}
	outcome := func(src string) string {
		prog, diags := Check("t.toy", []byte(src))
		if prog != nil {
			return Lower(prog).String()
		}
		return diags.Error()
	}
	defer func(n int) { chunkTokens = n }(chunkTokens)
	for _, src := range sources {
		chunkTokens = len(src) // one chunk
		whole := outcome(src)
		for _, n := range []int{1, 7, 100} {
			chunkTokens = n
			if got := outcome(src); got != whole {
				t.Fatalf("chunks of %d tokens: got\n%.300s\nwant\n%.300s\nsource:\n%s", n, got, whole, src)
			}
		}
	}
}
