package backend

import (
	"strings"
	"testing"
)

// stepsLL is collatz's steps: the select between n / 2 and 3n + 1 on the
// parity of n, whose test must come before the lea that computes 3n + 1
// into n's own register.
const stepsLL = `define i64 @steps(i64 %n0) {
entry:
  %c0 = icmp eq i64 %n0, 1
  br i1 %c0, label %done, label %body
body:
  %n = phi i64 [ %n0, %entry ], [ %next, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %body ]
  %low = and i64 %n, 1
  %even = icmp eq i64 %low, 0
  %half = ashr i64 %n, 1
  %t = mul i64 %n, 3
  %odd = add i64 %t, 1
  %next = select i1 %even, i64 %half, i64 %odd
  %s.1 = add i64 %s, 1
  %c = icmp eq i64 %next, 1
  br i1 %c, label %done, label %body
done:
  %r = phi i64 [ 0, %entry ], [ %s.1, %body ]
  ret i64 %r
}
`

func TestCompareBeforeTheLea(t *testing.T) {
	expect(t, stepsLL, `int64_t steps(int64_t);
int main(void) {
	int64_t total = 0;
	for (int64_t i = 1; i < 1000; i++) total += steps(i);
	printf("%ld %ld\n", steps(27), total);
}
`, "111 59431\n")
	asm := assemble(t, stepsLL)
	loop := asm[strings.Index(asm, "\n.Lsteps.body:"):]
	loop = loop[:strings.Index(loop, "\tjne\t.Lsteps.body")]
	test, lea := strings.Index(loop, "\ttestq\t$1,"), strings.Index(loop, "\tleaq\t1(%r")
	if test < 0 || lea < 0 || test > lea {
		t.Errorf("the parity test is not before the lea:\n%s", functionText(asm, "steps"))
	}
	if n := strings.Count(loop, "\tmovq\t%"); n != 1 {
		t.Errorf("%d register copies in the loop, want 1 (n, for the shift):\n%s", n, functionText(asm, "steps"))
	}
}
