package backend

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// rejoinLL loads twenty values, calls g, sums them, calls g again and sums
// them once more: more values than registers live across the calls and
// between them, so some are split around the calls and then spilled on
// both sides of the split.
func rejoinLL() string {
	var b strings.Builder
	b.WriteString("declare void @g(i64)\ndefine i64 @f(ptr %p) {\nentry:\n")
	for k := range 20 {
		fmt.Fprintf(&b, "  %%q%d = getelementptr i64, ptr %%p, i64 %d\n  %%x%d = load i64, ptr %%q%d\n", k, k, k, k)
	}
	sum := func(round int) {
		fmt.Fprintf(&b, "  call void @g(i64 %d)\n  %%s%d.0 = add i64 %%x0, %d\n", round, round, round)
		for k := 1; k < 20; k++ {
			fmt.Fprintf(&b, "  %%m%d.%d = mul i64 %%x%d, %d\n  %%s%d.%d = add i64 %%s%d.%d, %%m%d.%d\n", round, k, k, k+round, round, k, round, k-1, round, k)
		}
	}
	sum(1)
	sum(2)
	b.WriteString("  call void @g(i64 3)\n  %r = sub i64 %s1.19, %s2.19\n  ret i64 %r\n}\n")
	return b.String()
}

// A register split around calls and spilled with its split copy is
// spilled whole: no value goes from one stack slot to another.
func TestRejoinSplits(t *testing.T) {
	ll := rejoinLL()
	expect(t, ll, `int64_t calls;
void g(int64_t s) { calls += s; }
int64_t f(int64_t *);
int main(void) {
	int64_t a[20];
	for (int k = 0; k < 20; k++) a[k] = 3 * k + 1;
	int64_t r = f(a);
	printf("%ld %ld\n", r, calls);
}
`, "-590 6\n")
	asm := functionText(assemble(t, ll), "f")
	copy := regexp.MustCompile(`\tmovq\t[0-9]*\(%rsp\), (%r[a-z0-9]+)\n\tmovq\t(%r[a-z0-9]+), [0-9]*\(%rsp\)`)
	for _, m := range copy.FindAllStringSubmatch(asm, -1) {
		if m[1] == m[2] {
			t.Errorf("a value copied from slot to slot: %q in\n%s", m[0], asm)
		}
	}
	if !strings.Contains(asm, "(%rsp)") {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", asm)
	}
}
