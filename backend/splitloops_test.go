package backend

import (
	"fmt"
	"strings"
	"testing"
)

// loopSplitLL computes k early, keeps fifteen values live at once (more
// than there are registers), runs a long chain of arithmetic and then uses
// k in a loop, where little else is live: linear scan spills k, whose
// interval is long for its few uses, and split at the loop it is loaded
// once, before the loop.
func loopSplitLL() string {
	var b strings.Builder
	b.WriteString("define i64 @f(i64 %a, i64 %n) {\nentry:\n  %k = mul i64 %a, 7\n")
	for j := range 15 {
		fmt.Fprintf(&b, "  %%x%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  %s0 = add i64 %x0, 0\n")
	for j := 1; j < 15; j++ {
		fmt.Fprintf(&b, "  %%s%d = xor i64 %%s%d, %%x%d\n", j, j-1, j)
	}
	for j := range 100 {
		fmt.Fprintf(&b, "  %%c%d = mul i64 %%s%d, 3\n  %%s%d = add i64 %%c%d, 1\n", j, 14+j, 15+j, j)
	}
	b.WriteString("  br label %loop\nloop:\n" +
		"  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]\n" +
		"  %acc = phi i64 [ %s114, %entry ], [ %acc.1, %loop ]\n" +
		"  %t = mul i64 %acc, %k\n  %acc.1 = add i64 %t, %i\n" +
		"  %i.1 = add i64 %i, 1\n  %more = icmp slt i64 %i.1, %n\n  br i1 %more, label %loop, label %done\n" +
		"done:\n  %r = add i64 %acc.1, %k\n  ret i64 %r\n}\n")
	return b.String()
}

func TestSplitAroundLoops(t *testing.T) {
	ll := loopSplitLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int main(void) {
	int64_t a = 12345, s = 0, acc;
	for (int j = 0; j < 15; j++) s ^= a * (3 + 2 * j);
	for (int j = 0; j < 100; j++) s = s * 3 + 1;
	acc = s;
	for (int64_t i = 0; i < 1000; i++) acc = acc * (a * 7) + i;
	printf("%ld\n", f(a, 1000) == acc + a * 7);
}
`, "1\n")
	asm := assemble(t, ll)
	text := functionText(asm, "f")
	loop := asm[strings.Index(asm, "\n.Lf.loop:"):]
	loop = loop[:strings.Index(loop, "\tjl\t.Lf.loop")]
	if strings.Contains(loop, "(%rbp)") {
		t.Errorf("the loop touches the stack:\n%s", text)
	}
	if !strings.Contains(text, "(%rbp)") {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", text)
	}
}
