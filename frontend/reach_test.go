package frontend

import "testing"

func TestMissingReturn(t *testing.T) {
	const missing = "missing return at end of func f"
	runErrorCases(t, []errorCase{
		{"empty body", "func f() int {\n}", []string{"2:1: " + missing}},
		{"return present", "func f() int { return 1; }", nil},
		{"if without else", "func f(c: bool) int { if c { return 1; } }", []string{"1:42: " + missing}},
		{"if with else", "func f(c: bool) int { if c { return 1; } else { return 2; } }", nil},
		{"else-if chain with a falling branch", "func f(c: bool) int { if c { return 1; } else if !c { } else { return 2; } }",
			[]string{"1:76: " + missing}},
		{"while true without break", "func f() int { while true { } }", nil},
		{"while true with break", "func f() int { while true { break; } }", []string{"1:38: " + missing}},
		{"while with a condition", "func f(c: bool) int { while c { return 1; } }", []string{"1:45: " + missing}},
		{"for without condition", "func f() int { for ;; { } }", nil},
		{"for true with nested break", "func f(c: bool) int { for ; true; { if c { break; } } }", []string{"1:55: " + missing}},
		{"break of an inner loop", "func f() int { for ;; { while true { break; } } }", nil},
		{"unreachable break does not count", "func f() int { while true { return 1; break; } }", nil},
		{"continue does not leave", "func f() int { while true { continue; } }", nil},
		{"condition is not evaluated", "func f() int { while 1 == 1 { } }", []string{"1:33: " + missing}},
		{"statements after return", "func f() int { return 1; print(); }", nil},
		{"nested block", "func f() int { { return 1; } }", nil},
		{"void function may fall off", "func f() { }", nil},
	})
}
