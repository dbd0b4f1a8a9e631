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

// stepLL raises m by p while m < i, then asks whether m == i: the block
// after the loop is reached from the loop's exit and from the test that
// skipped the loop, both ending with a compare of m (a φ there) with i,
// which it finds set (primecount's sieve by multiples). In @stepother the
// skip tests m against p instead: the join compares again.
const stepLL = `
define i64 @step(i64 %m0, i64 %p, i64 %i) {
entry:
  %skip = icmp sge i64 %m0, %i
  br i1 %skip, label %join, label %loop
loop:
  %m = phi i64 [ %m0, %entry ], [ %m.1, %loop ]
  %m.1 = add i64 %m, %p
  %more = icmp slt i64 %m.1, %i
  br i1 %more, label %loop, label %join
join:
  %r = phi i64 [ %m0, %entry ], [ %m.1, %loop ]
  %hit = icmp eq i64 %r, %i
  %v = select i1 %hit, i64 100, i64 %r
  ret i64 %v
}

define i64 @stepother(i64 %m0, i64 %p, i64 %i) {
entry:
  %skip = icmp sge i64 %m0, %p
  br i1 %skip, label %join, label %loop
loop:
  %m = phi i64 [ %m0, %entry ], [ %m.1, %loop ]
  %m.1 = add i64 %m, %p
  %more = icmp slt i64 %m.1, %i
  br i1 %more, label %loop, label %join
join:
  %r = phi i64 [ %m0, %entry ], [ %m.1, %loop ]
  %hit = icmp eq i64 %r, %i
  %v = select i1 %hit, i64 100, i64 %r
  ret i64 %v
}
`

func TestCompareAcrossJoin(t *testing.T) {
	expect(t, stepLL, `int64_t step(int64_t, int64_t, int64_t);
int64_t stepother(int64_t, int64_t, int64_t);
int main(void) {
	printf("%ld %ld %ld %ld\n", step(3, 3, 12), step(3, 4, 12), step(20, 4, 12), step(12, 5, 12));
	printf("%ld %ld %ld %ld\n", stepother(3, 3, 12), stepother(3, 4, 12), stepother(20, 4, 12), stepother(12, 5, 5));
}
`, "100 15 20 100\n3 15 20 12\n")
	asm := assemble(t, stepLL)
	// Each: the skip, the loop's first iteration (peeled) and the loop.
	if body := functionText(asm, "step"); strings.Count(body, "\tcmp") != 3 {
		t.Errorf("step compares again at the join:\n%s", body)
	}
	if body := functionText(asm, "stepother"); strings.Count(body, "\tcmp") != 4 {
		t.Errorf("stepother does not compare again at the join:\n%s", body)
	}
}
