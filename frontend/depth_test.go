package frontend

import (
	"fmt"
	"strings"
	"testing"
)

// TestLongBlocks: the operator limit counts per expression, so a block of
// 50,000 statements whose conditions have operators compiles, while one
// expression of more than maxExprDepth operators is still refused, also
// as a condition or spread over a block's statements.
func TestLongBlocks(t *testing.T) {
	var b strings.Builder
	b.WriteString("func main() int {\n    var x = argc();\n")
	for i := 0; i < 50000; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "    if x == %d { x += 1; }\n", i)
		case 1:
			fmt.Fprintf(&b, "    while x < %d && x > 0 { x *= 2; }\n", i)
		case 2:
			fmt.Fprintf(&b, "    if x == %d { x -= 1; } else if x > %d { x += 3; } else if x < 0 { x = 0; }\n", i, i)
		}
	}
	b.WriteString("    return x;\n}\n")
	if _, diags := Compile("t.toy", []byte(b.String())); diags != nil {
		t.Fatalf("a block of 50,000 statements: %v", diags[0])
	}

	long := strings.Repeat("x + ", maxExprDepth+1) + "1"
	for _, src := range []string{
		"func f(x: int) int { return " + long + "; }",
		"func f(x: int) { if " + long + " > 0 { } }",
		"func f(x: int) { while " + long + " > 0 { } }",
		"func f(x: int) { print(" + long + "); }",
	} {
		_, diags := Check("t.toy", []byte(src))
		if len(diags) != 1 || !strings.Contains(diags[0].Msg, "expression too long") {
			t.Errorf("%.30s...: got %v, want expression too long", src, diags)
		}
	}
}
