package backend

import (
	"regexp"
	"strings"
	"testing"
)

// An endless loop of blocks that only jump (Toy's `while true { }`, and a
// loop whose body does nothing) is emitted as a jump to itself: every
// label a branch names is defined. Before, the emitter left every block of
// the cycle out and the link failed on the label.
func TestEmptyEndlessLoops(t *testing.T) {
	for _, ll := range []string{
		`define i64 @spin() {
entry:
  br label %a
a:
  br label %a
}
`,
		`define i64 @spin(i1 %c) {
entry:
  br i1 %c, label %a, label %out
a:
  br label %b
b:
  br label %d
d:
  br label %a
out:
  ret i64 0
}
`,
	} {
		asm := assemble(t, ll)
		defined := map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^(\.L[^:\s]+):`).FindAllStringSubmatch(asm, -1) {
			defined[m[1]] = true
		}
		branches := regexp.MustCompile(`(?m)^\tj[a-z]+\t(\.L\S+)$`).FindAllStringSubmatch(asm, -1)
		if len(branches) == 0 {
			t.Fatalf("no branch in:\n%s", asm)
		}
		for _, m := range branches {
			if !defined[m[1]] {
				t.Errorf("a branch to %s, which is not defined:\n%s", m[1], asm)
			}
		}
		if !strings.Contains(asm, "jmp") {
			t.Errorf("no loop left:\n%s", asm)
		}
	}
}
