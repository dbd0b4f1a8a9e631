package backend

import (
	"strings"
	"testing"
)

// cmp3LL compares v with a[t] twice, the second time in the block the
// first branch leaves to (a search tree's descent: greater, else less,
// else equal); cmp3StoreLL stores into a[t] between the two, so the
// second compare reads other memory and stays.
const cmp3LL = `
define i64 @cmp3(ptr %a, i64 %t, i64 %v) {
entry:
  %p = getelementptr i64, ptr %a, i64 %t
  %x = load i64, ptr %p
  %gt = icmp sgt i64 %v, %x
  br i1 %gt, label %big, label %notbig
notbig:
  %x2 = load i64, ptr %p
  %lt = icmp slt i64 %v, %x2
  br i1 %lt, label %small, label %same
big:
  ret i64 1
small:
  ret i64 -1
same:
  ret i64 0
}

define i64 @cmp3store(ptr %a, i64 %t, i64 %v) {
entry:
  %p = getelementptr i64, ptr %a, i64 %t
  %x = load i64, ptr %p
  %gt = icmp sgt i64 %v, %x
  br i1 %gt, label %big, label %notbig
notbig:
  store i64 %t, ptr %p
  %x2 = load i64, ptr %p
  %lt = icmp slt i64 %v, %x2
  br i1 %lt, label %small, label %same
big:
  ret i64 1
small:
  ret i64 -1
same:
  ret i64 0
}
`

func TestCompareAcrossEdge(t *testing.T) {
	expect(t, cmp3LL, `int64_t cmp3(int64_t *, int64_t, int64_t);
int64_t cmp3store(int64_t *, int64_t, int64_t);
int main(void) {
	int64_t a[3] = {5, 7, 9};
	printf("%ld %ld %ld\n", cmp3(a, 1, 8), cmp3(a, 1, 6), cmp3(a, 1, 7));
	printf("%ld %ld %ld\n", cmp3store(a, 1, 8), cmp3store(a, 2, 5), cmp3store(a, 0, 0));
}
`, "1 -1 0\n1 0 0\n")
	asm := assemble(t, cmp3LL)
	if body := functionText(asm, "cmp3"); strings.Count(body, "\tcmp") != 1 {
		t.Errorf("cmp3 compares again what its entry compared:\n%s", body)
	}
	if body := functionText(asm, "cmp3store"); strings.Count(body, "\tcmp") != 2 {
		t.Errorf("cmp3store does not compare again after its store:\n%s", body)
	}
}
