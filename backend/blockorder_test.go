package backend

import (
	"strings"
	"testing"
)

// A loop whose first block ends with a bounds check (a branch to a block
// that reports the error and never returns) and whose latch ends with the
// loop test: the check falls through into the body and the error path is
// out of the way, with no jump in the loop — the header is not rotated to
// the bottom, which would only turn the check into jcc + jmp.
func TestLoopWithColdExitIsNotRotated(t *testing.T) {
	const ll = `
declare void @fail(i64)
define i64 @sum(ptr %a, i64 %len, i64 %n) {
entry:
  %none = icmp sle i64 %n, 0
  br i1 %none, label %done, label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.1, %ok ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %ok ]
  %q = getelementptr i64, ptr %a, i64 %s
  %w = load i64, ptr %q
  %w3 = mul i64 %w, 3
  %w4 = xor i64 %w3, %i
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %bad
bad:
  call void @fail(i64 %i)
  unreachable
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %s.1 = xor i64 %w4, %x
  %i.1 = add i64 %i, 1
  %more = icmp slt i64 %i.1, %n
  br i1 %more, label %body, label %done
done:
  %r = phi i64 [ 0, %entry ], [ %s.1, %ok ]
  ret i64 %r
}
`
	expect(t, ll, `int64_t sum(int64_t *, int64_t, int64_t);
void fail(int64_t i) { printf("index %ld\n", i); exit(0); }
#include <stdlib.h>
int main(void) {
	int64_t a[] = {0, 0, 0, 0};
	printf("%ld %ld\n", sum(a, 4, 4), sum(a, 4, 0));
	sum(a, 4, 5);
}
`, "3 0\nindex 4\n")
	asm := assemble(t, ll)
	loop := asm[strings.Index(asm, "\n.Lsum.body:"):]
	loop = loop[:strings.Index(loop, "\tjl\t.Lsum.body")]
	// The error block, or the prologue shrink-wrapping puts before it.
	if strings.Contains(loop, "jmp") || !strings.Contains(loop, "jae\t.Lsum.bad") && !strings.Contains(loop, "jae\t.Lsum.body.prologue") {
		t.Errorf("the check does not fall through into the body:\n%s", functionText(asm, "sum"))
	}
}
