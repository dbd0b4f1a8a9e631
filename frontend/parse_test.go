package frontend

import (
	"strings"
	"testing"
	"time"
)

// TestSyntaxErrors: each syntax error is reported where the mistake is,
// naming what was being parsed and what was found, with a hint for known
// mistakes and a note at an unclosed bracket; after it, parsing resumes,
// so that the later errors, syntax and type errors in other declarations,
// are reported too, and nothing else.
func TestSyntaxErrors(t *testing.T) {
	runErrorCases(t, []errorCase{
		{"missing operand", "var x = 1 + ;", []string{
			`1:13: expected an expression after '+', found ';'`,
		}},
		{"missing semicolon before a brace", "func f() { x = 1 }", []string{
			`1:17: expected ';' after the assignment`,
		}},
		{"missing semicolon at a line end", "func f() {\n    var x = 1\n    print(x);\n}", []string{
			`2:14: expected ';' after the declaration of x`,
		}},
		{"else needs a block", "func f() { if true { } else x = 1; }", []string{
			`1:28: expected '{' after 'else'`,
		}},
		{"unclosed call", "func f() { f(1, ; }", []string{
			`1:17: expected an expression after ',', found ';'`,
		}},
		{"var needs a name", "func f() { var = 3; }", []string{
			`1:16: expected a variable name after 'var', found '='`,
		}},
		{"stray token at top level", "x", []string{
			`1:1: expected a declaration (func, extern or var), found 'x'`,
		}},
		{"unclosed body", "func f() {", []string{
			`1:11: expected '}' to close the body of func f, found end of file`,
			`1:10: note: to match this '{'`,
		}},
		{"extern needs a semicolon", "extern func f() int", []string{
			`1:20: expected ';' after the declaration of extern func f`,
		}},
		{"Go-style declaration", "func f() { x := 3; }", []string{
			`1:14: Toy has no ':=': a variable is declared with var, as in var x = 3`,
		}},
		{"keyword as a name", "var if = 1;", []string{
			`1:5: 'if' is a keyword and cannot be a variable name`,
		}},
		{"missing type", "func f() { var x: = 1; }", []string{
			`1:19: expected the type of x after ':', found '='`,
		}},
		{"missing parameter type", "func f(a: []) {}", []string{
			`1:13: expected a type after '[]', found ')'`,
		}},
		{"missing element type of new", "var x = new(, 1);", []string{
			`1:13: expected the element type in new(...), found ','`,
		}},
		{"missing colon", "func f(a int) { }", []string{
			`1:9: expected ':' between parameter a and its type: write a: int`,
		}},
		{"stray else", "func f() { }\nelse { }", []string{
			`2:1: expected a declaration (func, extern or var), found 'else'`,
			`1:12: note: the body of func f ends here`,
		}},
		{"long token is shortened", "func f() { x = (1 " + strings.Repeat("a", 100) + "); }", []string{
			`1:19: expected ')' after the parenthesized expression, found 'aaaaaaaaaa...aaaaaaaaaa'`,
			`1:16: note: to match this '('`,
		}},
		{"misspelled return", "func f() int {\n    retrun 0;\n}", []string{
			`2:5: 'retrun' is not a keyword; did you mean 'return'?`,
		}},
		{"misspelled while", "func f(x: int) {\n    whiel x > 0 {\n        x -= 1;\n    }\n}", []string{
			`2:5: 'whiel' is not a keyword; did you mean 'while'?`,
		}},
		{"misspelled if before a parenthesis", "func f(x: int) {\n    fi (x > 0) {\n        print(x);\n    } else {\n        print(0);\n    }\n}", []string{
			`2:5: 'fi' is not a keyword; did you mean 'if'?`,
		}},
		{"misspelled else", "func f(x: int) {\n    if x > 0 {\n    } esle {\n    }\n}", []string{
			`3:7: 'esle' is not a keyword; did you mean 'else'?`,
		}},
		{"misspelled var", "func f() {\n    vra x = 1;\n}", []string{
			`2:5: 'vra' is not a keyword; did you mean 'var'?`,
		}},
		{"misspelled func", "fucn f() {\n}", []string{
			`1:1: 'fucn' is not a keyword; did you mean 'func'?`,
		}},
		{"misspelled extern", "extren func f(x: int) int;", []string{
			`1:1: 'extren' is not a keyword; did you mean 'extern'?`,
		}},
		{"misspelled for", "func f() {\n    fro var i = 0; i < 3; i += 1 {\n    }\n}", []string{
			`2:5: 'fro' is not a keyword; did you mean 'for'?`,
		}},
		{"postfix increment", "func f(i: int) {\n    i++;\n}", []string{
			`2:6: Toy has no '++' operator: write i += 1`,
		}},
		{"postfix decrement", "func f(i: int) {\n    i--;\n}", []string{
			`2:6: Toy has no '--' operator: write i -= 1`,
		}},
		{"prefix increment", "func f(i: int) {\n    ++i;\n}", []string{
			`2:5: Toy has no '++' operator: write i += 1`,
		}},
		{"increment in a for", "func f() {\n    for var i = 0; i < 3; i++ {\n    }\n}", []string{
			`2:28: Toy has no '++' operator: write i += 1`,
		}},
		{"assignment in an if condition", "func f(x: int) {\n    if x = 1 {\n    }\n}", []string{
			`2:10: unexpected '=' in the if condition; did you mean '=='?`,
		}},
		{"assignment in a while condition", "func f(x: int) {\n    while x = 1 {\n    }\n}", []string{
			`2:13: unexpected '=' in the while condition; did you mean '=='?`,
		}},
		{"compound assignment in a condition", "func f(x: int) {\n    if x += 1 {\n    }\n}", []string{
			`2:10: unexpected '+=' in the if condition: a condition cannot assign`,
		}},
		{"C-style for", "func f() {\n    for (var i = 0; i < 3; i += 1) {\n    }\n}", []string{
			`2:9: Toy's for has no parentheses: write for init; condition; post {`,
		}},
		{"for with a condition only", "func f(x: int) {\n    for x < 3 {\n    }\n}", []string{
			`2:14: expected ';' after the for loop's initialization: a loop on a condition alone is a while loop`,
		}},
		{"for without clauses", "func f() {\n    for {\n    }\n}", []string{
			`2:9: expected the for loop's clauses, found '{': a loop without end is written for ;; {`,
		}},
		{"type before the name", "func f() {\n    int x = 5;\n}", []string{
			`2:5: a variable is declared with var and its type after the name: write var x: int`,
		}},
		{"type before a global's name", "int g = 5;", []string{
			`1:1: a variable is declared with var and its type after the name: write var g: int`,
		}},
		{"C-style function", "int f(x: int) {\n    return x;\n}", []string{
			`1:1: a function is declared with func and its result type after the parameters: write func f(...) int`,
		}},
		{"C-style parameter", "func f(int x) {\n}", []string{
			`1:8: a parameter's type comes after its name: write x: int`,
		}},
		{"Go-style variable type", "func f() {\n    var x int = 5;\n}", []string{
			`2:10: expected ':' before the type of x: write var x: int`,
		}},
		{"array type with a length", "var a: [10]int;", []string{
			`1:8: an array type has no length: write []T, and make the array with new(T, 10)`,
		}},
		{"unclosed block at end of file", "func f(x: int) {\n    if x > 0 {\n        print(x);\n    }\n", []string{
			`4:6: expected '}' to close the body of func f, found end of file`,
			`1:16: note: to match this '{'`,
		}},
		{"unclosed block before a function", "func f(x: int) {\n    if x > 0 {\n        print(x);\n}\n\nfunc g() {\n}", []string{
			`4:2: expected '}' to close the body of func f, found 'func'`,
			`1:16: note: to match this '{'`,
		}},
		{"unclosed block before globals", "func f(x: int) {\n    if x > 0 {\n        print(x);\n}\n\nvar g = 1;\nvar h = 2;\n\nfunc main() {\n    print(g + h);\n}", []string{
			`4:2: expected '}' to close the body of func f, found 'var'`,
			`1:16: note: to match this '{'`,
		}},
		{"missing brace before else", "func f(x: int) {\n    if x > 0 {\n        print(x);\n    else {\n        print(0);\n    }\n}", []string{
			`4:5: expected '}' before 'else' to close the block of the if`,
			`2:14: note: to match this '{'`,
		}},
		{"missing close paren", "func f(x: int) {\n    print(x, (x + 1);\n}", []string{
			`2:21: expected ')' after the arguments of print`,
			`2:10: note: to match this '('`,
		}},
		{"missing close bracket", "func f(a: []int) {\n    a[0 = 1;\n}", []string{
			`2:8: expected ']' after the index`,
			`2:6: note: to match this '['`,
		}},
		{"missing open brace of a body", "func f(x: int) {\n    while x > 0\n        x -= 1;\n    }\n    print(x);\n}", []string{
			`2:16: expected '{' after the while condition`,
		}},
		{"missing open brace of a function", "func f(p: *int)\n    *p += 1;\n}", []string{
			`1:16: expected '{' to begin the body of func f`,
		}},
		{"braceless body", "func f(x: int) {\n    if x > 0 print(x);\n}", []string{
			`2:13: expected '{' after the if condition`,
		}},
		{"missing comma between arguments", "func f(x: int) {\n    print(x x);\n}", []string{
			`2:12: expected ',' between the arguments of print`,
		}},
		{"missing comma between parameters", "func f(x: int y: int) {\n}", []string{
			`1:14: expected ',' between the parameters of func f`,
		}},
		{"missing close paren of parameters", "func f(x: int {\n}", []string{
			`1:14: expected ')' after the parameters of func f`,
			`1:7: note: to match this '('`,
		}},
		{"doubled operator", "func f(x: int) int {\n    return x + + 1;\n}", []string{
			`2:16: expected an expression after '+', found '+'`,
		}},
		{"doubled assignment", "func f() {\n    var x = = 1;\n}", []string{
			`2:13: expected an expression after '=', found '='`,
		}},
		{"extra close paren", "func f() {\n    print((1 + 2)));\n}", []string{
			`2:19: unexpected ')' after the call: it closes no bracket`,
		}},
		{"semicolon missing before a dereference", "func f(p: *int) {\n    var x = 1\n    *p = x;\n}", []string{
			`2:14: expected ';' after the declaration of x`,
		}},
		{"call and dereference on two lines", "func f(p: *int) {\n    print(1)\n    *p = 2;\n}", []string{
			`2:13: expected ';' after the call`,
		}},
		{"extern with a body", "extern func f() { }", []string{
			`1:17: an extern func has no body: its declaration ends with ';'`,
		}},
		{"post statement declares", "func f() { for ;; var i = 0 { } }", []string{
			`1:19: the post statement of a for loop cannot declare a variable`,
		}},
		{"chained assignment", "func f(x: int, y: int) {\n    x = y = 1;\n}", []string{
			`2:11: expected ';' after the assignment, found '=': an assignment is a statement, not a value`,
		}},
		{"statement outside a function", "func f(x: int) {\n    if x > 0 {\n        print(x);\n    }}\n    print(x);\n}", []string{
			`5:5: expected a declaration (func, extern or var), found 'print'`,
			`4:6: note: the body of func f ends here`,
		}},
		{"function ended too early is not checked", "func f(x: int) int {\n    if x > 0 {\n        x -= 1;\n    }}\n    return x;\n}", []string{
			`5:5: expected a declaration (func, extern or var), found 'return'`,
			`4:6: note: the body of func f ends here`,
		}},
		{"result arrow", "func f() -> int { return 1; }", []string{
			`1:10: a result type comes right after the parameters, without '->': func f(...) T {`,
		}},
		{"function body without { on its line", "func f() int return 1; }\nfunc g() { var x: bool = 1; }", []string{
			`1:13: expected '{' to begin the body of func f`,
			`2:26: cannot use int as bool in initialization of x; write 1 != 0`,
		}},
		{"function without a body", "func f() int\nfunc g() { }", []string{
			`1:13: expected '{' to begin the body of func f, found 'func'`,
		}},
		{"a body without braces that does not parse either", "func f(x: int) { if x > 0 print(x)); }", []string{
			`1:26: expected '{' after the if condition`,
		}},
		{"else without if", "func f() {\n    else { }\n}", []string{
			`2:5: 'else' without an if before it`,
		}},
		{"new without parentheses", "func f() {\n    var a = new int;\n}", []string{
			`2:17: expected '(' after 'new', found 'int': an array is made with new(T, n)`,
		}},
		{"keyword as a parameter name", "func f(for: int) {\n}", []string{
			`1:8: 'for' is a keyword and cannot be a parameter name`,
		}},
		{"several syntax errors and a type error", "func f() {\n    var x = 1\n    print(x);\n}\n\nfunc g() int {\n    retrun 0;\n}\n\nfunc h() {\n    var y: bool = 1;\n}\n\nfunc k(i: int) {\n    i++;\n}", []string{
			`2:14: expected ';' after the declaration of x`,
			`7:5: 'retrun' is not a keyword; did you mean 'return'?`,
			`11:19: cannot use int as bool in initialization of y; write 1 != 0`,
			`15:6: Toy has no '++' operator: write i += 1`,
		}},
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
		"3:15: cannot use bool as int in initialization of x; convert with int(true)",
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
	s := newScanner("t.toy", valid)
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
