package backend

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestReloadServesARun keeps more values live across a call than there are
// callee-saved registers, so some are spilled, and uses each spilled one in
// two consecutive instructions (a load and a store through the same
// pointer): the second must read the register the first reloaded into, not
// reload again.
func TestReloadServesARun(t *testing.T) {
	var ll strings.Builder
	ll.WriteString("declare void @g()\ndefine i64 @f(")
	for i := range 8 {
		if i > 0 {
			ll.WriteString(", ")
		}
		fmt.Fprintf(&ll, "ptr %%p%d", i)
	}
	ll.WriteString(") {\nentry:\n  call void @g()\n")
	for i := range 8 {
		fmt.Fprintf(&ll, "  %%x%d = load i64, ptr %%p%d\n  %%y%d = add i64 %%x%d, %d\n  store i64 %%y%d, ptr %%p%d\n", i, i, i, i, i+1, i, i)
	}
	ll.WriteString("  ret i64 0\n}\n")
	expect(t, ll.String(), `void g(void) {}
int64_t f(int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *);
int main(void) {
	int64_t v[8] = {10, 20, 30, 40, 50, 60, 70, 80};
	f(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
	for (int i = 0; i < 8; i++) printf("%ld ", v[i]);
	printf("\n");
}
`, "11 22 33 44 55 66 77 88 \n")
	body := functionText(assemble(t, ll.String()), "f")
	reloads := regexp.MustCompile(`movq\t([0-9]*\(%rsp\)), %r`).FindAllStringSubmatch(body, -1)
	seen := map[string]int{}
	for _, r := range reloads {
		seen[r[1]]++
	}
	for slot, n := range seen {
		if n > 1 {
			t.Errorf("slot %s reloaded %d times:\n%s", slot, n, body)
		}
	}
	if len(reloads) == 0 {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", body)
	}
}
