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

// irreducibleLL is loopSplitLL with a second entry into its loop, past its
// header, from a block of its own.
func irreducibleLL() string {
	ll := loopSplitLL()
	ll = strings.Replace(ll, "  br label %loop\nloop:\n", "  %odd = and i64 %n, 1\n  %side = icmp eq i64 %odd, 1\n  br i1 %side, label %pre1, label %pre2\n"+
		"pre1:\n  br label %loop\npre2:\n  br label %back\nloop:\n", 1)
	ll = strings.Replace(ll, "[ 0, %entry ], [ %i.1, %loop ]", "[ 0, %pre1 ], [ %i.1, %back ]", 1)
	ll = strings.Replace(ll, "[ %s114, %entry ], [ %acc.1, %loop ]", "[ %s114, %pre1 ], [ %acc.1, %back ]", 1)
	ll = strings.Replace(ll, "  %i.1 = add i64 %i, 1\n", "  br label %back\nback:\n"+
		"  %i.b = phi i64 [ %i, %loop ], [ 5, %pre2 ]\n  %acc.b = phi i64 [ %acc.1, %loop ], [ %s114, %pre2 ]\n"+
		"  %u = mul i64 %acc.b, %k\n  %acc.2 = xor i64 %u, %i.b\n  %i.1 = add i64 %i.b, 1\n", 1)
	ll = strings.Replace(ll, "[ %acc.1, %back ]", "[ %acc.2, %back ]", 1)
	ll = strings.Replace(ll, "done:\n  %r = add i64 %acc.1, %k", "done:\n  %r = add i64 %acc.2, %k", 1)
	return ll
}

// TestSplitAroundIrreducibleLoop: a copy before the header of an
// irreducible loop would not run on the path through its second entry, so
// k must not be split there (the checker and the output tell).
func TestSplitAroundIrreducibleLoop(t *testing.T) {
	ll := irreducibleLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int64_t model(int64_t a, int64_t n) {
	int64_t s = 0, k = a * 7, i = 0, acc;
	for (int j = 0; j < 15; j++) s ^= a * (3 + 2 * j);
	for (int j = 0; j < 100; j++) s = s * 3 + 1;
	acc = s;
	if (n & 1) goto loop;
	i = 5;
	goto back;
loop:
	acc = acc * k + i;
back:
	acc = (acc * k) ^ i;
	i++;
	if (i < n) goto loop;
	return acc + k;
}
int main(void) {
	printf("%d %d\n", f(12345, 1001) == model(12345, 1001), f(12345, 1000) == model(12345, 1000));
}
`, "1 1\n")
}
