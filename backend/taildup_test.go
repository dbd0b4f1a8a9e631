package backend

import (
	"strings"
	"testing"
)

// Tail duplication: the loop test copied into the loop's entry and latch,
// with values leaving the loop through φs of the exit (whose copies sit at
// the top of the exit block, shared by both copies of the test), and a
// small return block copied into the blocks that jump to it.
func TestTailDuplication(t *testing.T) {
	const ll = `
define i64 @last_below(i64 %n, i64 %k) {
entry:
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %prev = phi i64 [ -1, %entry ], [ %i, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i.1 = add i64 %i, %k
  br label %cond
exit:
  %r = phi i64 [ %prev, %cond ]
  %neg = icmp slt i64 %r, 0
  br i1 %neg, label %none, label %some
none:
  br label %done
some:
  %r2 = mul i64 %r, 10
  br label %done
done:
  %v = phi i64 [ 0, %none ], [ %r2, %some ]
  ret i64 %v
}
`
	expect(t, ll, `int64_t last_below(int64_t, int64_t);
int main(void) {
	printf("%ld %ld %ld %ld\n", last_below(0, 1), last_below(10, 3), last_below(1, 5), last_below(7, 7));
}
`, "0 90 0 0\n")
	body := functionText(assemble(t, ll), "last_below")
	if n := strings.Count(body, "jmp"); n != 0 {
		t.Errorf("%d jumps left in\n%s", n, body)
	}
}
