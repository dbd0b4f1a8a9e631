package backend

import (
	"fmt"
	"strings"
	"testing"
)

// Register pressure: more values live than registers, across calls (which
// leave only the five callee-saved registers to values that survive them)
// and in loops, so that the allocator must spill, reload and keep the
// checker happy.

// liveAcrossCall returns IR for a function computing n values from its
// argument, calling ext, then combining all of them with the result.
func liveAcrossCall(n int) string {
	var b strings.Builder
	b.WriteString("declare i64 @ext(i64)\n\ndefine i64 @keep(i64 %x) {\nentry:\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  %%v%d = mul i64 %%x, %d\n", i, 2*i+1)
	}
	b.WriteString("  %r = call i64 @ext(i64 %x)\n  %s0 = add i64 %r, 0\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  %%m%d = mul i64 %%s%d, 3\n  %%s%d = xor i64 %%m%d, %%v%d\n", i, i-1, i, i, i)
	}
	fmt.Fprintf(&b, "  ret i64 %%s%d\n}\n", n)
	return b.String()
}

func TestTwentyValuesLiveAcrossCall(t *testing.T) {
	const n = 20
	ref := "int64_t ref(int64_t x) { int64_t s = ext(x);"
	for i := 1; i <= n; i++ {
		ref += fmt.Sprintf(" s = (s * 3) ^ (x * %d);", 2*i+1)
	}
	ref += " return s; }\n"
	expect(t, liveAcrossCall(n), `
int64_t keep(int64_t);
int64_t ext(int64_t x) { return x * 7 + 1; }
`+ref+`
int main(void) {
	int64_t xs[] = {0, 1, -1, 12345, -987654321};
	for (int i = 0; i < 5; i++) printf("%s", keep(xs[i]) == ref(xs[i]) ? "ok " : "BAD ");
	printf("\n");
}
`, "ok ok ok ok ok \n")
	_, fs := stages(t, liveAcrossCall(n))
	f := fs[0]
	if len(f.frame.saved) != len(savedOrder) {
		t.Errorf("saves %d callee-saved registers, want all %d", len(f.frame.saved), len(savedOrder))
	}
	spills := 0
	for _, s := range f.Slots {
		if s.Kind == SlotSpill {
			spills++
		}
	}
	if spills == 0 {
		t.Errorf("nothing spilled with %d values live across a call", n)
	}
}

// TestLoopPressure is regpress's shape: sixteen state words mixed in a
// loop, all live around the back edge with the counter and the bound.
func TestLoopPressure(t *testing.T) {
	const n = 16
	var ll, c strings.Builder
	ll.WriteString("define i64 @mix(i64 %rounds, i64 %seed) {\nentry:\n  br label %loop\nloop:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&ll, "  %%a%d = phi i64 [ %d, %%entry ], [ %%b%d, %%body ]\n", i, i*1111, i)
	}
	ll.WriteString("  %r = phi i64 [ 0, %entry ], [ %r.1, %body ]\n  %c = icmp slt i64 %r, %rounds\n  br i1 %c, label %body, label %done\nbody:\n")
	c.WriteString("int64_t ref(int64_t rounds, int64_t seed) {\n\tint64_t a[16];\n\tfor (int i = 0; i < 16; i++) a[i] = i * 1111;\n\tfor (int64_t r = 0; r < rounds; r++) {\n\t\tint64_t b[16];\n")
	for i := 0; i < n; i++ {
		prev := fmt.Sprintf("%%a%d", (i+n-1)%n)
		cprev := fmt.Sprintf("a[%d]", (i+n-1)%n)
		if i > 0 {
			prev = fmt.Sprintf("%%b%d", i-1)
			cprev = fmt.Sprintf("b[%d]", i-1)
		}
		fmt.Fprintf(&ll, "  %%t%d = shl i64 %s, %d\n  %%u%d = xor i64 %%a%d, %%t%d\n  %%b%d = add i64 %%u%d, %%seed\n", i, prev, i%13+1, i, i, i, i, i)
		fmt.Fprintf(&c, "\t\tb[%d] = (a[%d] ^ (int64_t)((uint64_t)%s << %d)) + seed;\n", i, i, cprev, i%13+1)
	}
	ll.WriteString("  %r.1 = add i64 %r, 1\n  br label %loop\ndone:\n  %s0 = add i64 %a0, 0\n")
	c.WriteString("\t\tfor (int i = 0; i < 16; i++) a[i] = b[i];\n\t}\n\tint64_t s = a[0];\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&ll, "  %%m%d = mul i64 %%s%d, 31\n  %%s%d = add i64 %%m%d, %%a%d\n", i, i-1, i, i, i)
		fmt.Fprintf(&c, "\ts = s * 31 + a[%d];\n", i)
	}
	fmt.Fprintf(&ll, "  ret i64 %%s%d\n}\n", n-1)
	c.WriteString("\treturn s;\n}\n")
	expect(t, ll.String(), "int64_t mix(int64_t, int64_t);\n"+c.String()+`
int main(void) {
	int64_t r[] = {0, 1, 2, 10, 1000};
	for (int i = 0; i < 5; i++) printf("%s", mix(r[i], 77) == ref(r[i], 77) ? "ok " : "BAD ");
	printf("\n");
}
`, "ok ok ok ok ok \n")
}

func TestRecursion(t *testing.T) {
	expect(t, `
define i64 @fib(i64 %n) {
entry:
  %c = icmp slt i64 %n, 2
  br i1 %c, label %base, label %rec
base:
  ret i64 %n
rec:
  %n1 = sub i64 %n, 1
  %f1 = call i64 @fib(i64 %n1)
  %n2 = sub i64 %n, 2
  %f2 = call i64 @fib(i64 %n2)
  %r = add i64 %f1, %f2
  ret i64 %r
}
`, `
int64_t fib(int64_t);
int main(void) { printf("%ld %ld %ld\n", fib(0), fib(10), fib(25)); }
`, "0 55 75025\n")
}
