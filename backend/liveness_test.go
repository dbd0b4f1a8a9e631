package backend

import (
	"fmt"
	"strings"
	"testing"
)

// Every test compile checks the liveness Allocate keeps across spill
// rounds against liveness computed anew (liveness.drop).
func init() { recheckLiveness = true }

// TestLivenessKeptAcrossSpills keeps twenty values live at once in code
// with branches but no loops and no calls, so that a round spills without
// splitting and the next one reuses the liveness, checked against a new
// computation; and the result must still compute the right value.
func TestLivenessKeptAcrossSpills(t *testing.T) {
	var b strings.Builder
	b.WriteString("define i64 @f(i64 %a, i1 %c) {\nentry:\n")
	for j := range 20 {
		fmt.Fprintf(&b, "  %%x%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  br i1 %c, label %then, label %join\nthen:\n  br label %join\njoin:\n  %s0 = add i64 %x0, 0\n")
	for j := 1; j < 20; j++ {
		fmt.Fprintf(&b, "  %%s%d = xor i64 %%s%d, %%x%d\n", j, j-1, j)
	}
	b.WriteString("  ret i64 %s19\n}\n")
	ll := b.String()
	expect(t, ll, `#include <stdbool.h>
int64_t f(int64_t, bool);
int main(void) {
	int64_t s = 0;
	for (int j = 0; j < 20; j++) s ^= 12345 * (3 + 2 * j);
	printf("%d %d\n", f(12345, true) == s, f(12345, false) == s);
}
`, "1 1\n")
	_, fs := stages(t, ll)
	if r := fs[0].alloc.rounds; r < 2 {
		t.Fatalf("%d allocation round(s): nothing spilled, nothing checked", r)
	}
}
