package backend

import (
	"strings"
	"testing"
)

// Two selects on one compare, as if-conversion leaves a minimum search:
// the second compare is gone, since the cmov between keeps the flags; with
// an xor between, which sets them, both compares stay.
func TestDropRedundantCompares(t *testing.T) {
	const ll = `
define i64 @minat(i64 %n, i64 %best, i64 %i, i64 %at) {
entry:
  %c = icmp slt i64 %n, %best
  %b2 = select i1 %c, i64 %n, i64 %best
  %a2 = select i1 %c, i64 %i, i64 %at
  %m = mul i64 %b2, 1000
  %r = add i64 %m, %a2
  ret i64 %r
}

define i64 @clobbered(i64 %n, i64 %best, i64 %i, i64 %at) {
entry:
  %c = icmp slt i64 %n, %best
  %b2 = select i1 %c, i64 %n, i64 %best
  %x = xor i64 %i, %at
  %a2 = select i1 %c, i64 %x, i64 %at
  %m = mul i64 %b2, 1000
  %r = add i64 %m, %a2
  ret i64 %r
}
`
	expect(t, ll, `int64_t minat(int64_t, int64_t, int64_t, int64_t);
int64_t clobbered(int64_t, int64_t, int64_t, int64_t);
int main(void) {
	printf("%ld %ld %ld %ld\n", minat(3, 5, 7, 9), minat(5, 3, 7, 9), clobbered(3, 5, 7, 9), clobbered(5, 3, 7, 9));
}
`, "3007 3009 3014 3009\n")
	asm := assemble(t, ll)
	if body := functionText(asm, "minat"); strings.Count(body, "cmp") != 1 {
		t.Errorf("minat compares %d times, want once:\n%s", strings.Count(body, "cmp"), body)
	}
	if body := functionText(asm, "clobbered"); strings.Count(body, "cmp") != 2 {
		t.Errorf("clobbered compares %d times, want twice:\n%s", strings.Count(body, "cmp"), body)
	}
}
