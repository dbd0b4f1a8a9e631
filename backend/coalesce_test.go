package backend

import (
	"regexp"
	"testing"
)

// maxRowLL is the inner loop of an LCS table: a φ joins a select in one
// arm and an add in the other. The select's register is allocated before
// the φ's (it starts earlier), so its move hint finds the φ without a
// register yet and takes another: a move after the cmov. Coalesced, the
// select writes the φ's register.
const maxRowLL = `
define void @maxrow(ptr %cur, ptr %prev, ptr %b, i64 %ai, i64 %n) {
entry:
  br label %cond
cond:
  %j = phi i64 [ 1, %entry ], [ %j.1, %post ]
  %c = icmp sle i64 %j, %n
  br i1 %c, label %body, label %exit
body:
  %jm = sub i64 %j, 1
  %pb = getelementptr i64, ptr %b, i64 %jm
  %e1 = load i64, ptr %pb
  %eq = icmp eq i64 %ai, %e1
  br i1 %eq, label %same, label %diff
same:
  %pp = getelementptr i64, ptr %prev, i64 %jm
  %e2 = load i64, ptr %pp
  %a2 = add i64 %e2, 1
  br label %post
diff:
  %pu = getelementptr i64, ptr %prev, i64 %j
  %up = load i64, ptr %pu
  %pl = getelementptr i64, ptr %cur, i64 %jm
  %left = load i64, ptr %pl
  %gt = icmp sgt i64 %up, %left
  %s = select i1 %gt, i64 %up, i64 %left
  br label %post
post:
  %v = phi i64 [ %a2, %same ], [ %s, %diff ]
  %pc = getelementptr i64, ptr %cur, i64 %j
  store i64 %v, ptr %pc
  %j.1 = add i64 %j, 1
  br label %cond
exit:
  ret void
}
`

func TestCoalescing(t *testing.T) {
	expect(t, maxRowLL, `void maxrow(int64_t *, int64_t *, int64_t *, int64_t, int64_t);
int main(void) {
	int64_t b[] = {1, 2, 1, 3}, prev[5] = {0, 1, 1, 2, 2}, cur[5] = {0};
	maxrow(cur, prev, b, 1, 4);
	printf("%ld %ld %ld %ld\n", cur[1], cur[2], cur[3], cur[4]);
}
`, "1 1 2 2\n")
	body := functionText(assemble(t, maxRowLL), "maxrow")
	if regexp.MustCompile(`cmov[a-z]+\t%r[a-z0-9]+, %r[a-z0-9]+\n\tmovq\t%r[a-z0-9]+, %r`).MatchString(body) {
		t.Errorf("a move after the cmov:\n%s", body)
	}
}

func TestUnionRanges(t *testing.T) {
	got := unionRanges([]Range{{0, 2}, {6, 8}, {12, 14}}, []Range{{2, 4}, {9, 10}, {20, 22}})
	want := []Range{{0, 4}, {6, 8}, {9, 10}, {12, 14}, {20, 22}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

// shiftCountLL sets bit i of a word for each i below n: the counter is
// also the shift count, which x86 wants in cl.
const shiftCountLL = `
define i64 @bits(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]
  %w = phi i64 [ 0, %entry ], [ %w.1, %loop ]
  %bit = shl i64 1, %i
  %w.1 = or i64 %w, %bit
  %i.1 = add i64 %i, 1
  %more = icmp slt i64 %i.1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %w.1
}
`

// TestShiftCountStaysInRCX wants the counter in rcx itself: its copy into
// rcx for the shift, in every iteration, is then no move at all (the
// fixed interval of rcx holds nothing but a copy of it).
func TestShiftCountStaysInRCX(t *testing.T) {
	expect(t, shiftCountLL, `int64_t bits(int64_t);
int main(void) { printf("%lx %lx\n", bits(5), bits(64)); }
`, "1f ffffffffffffffff\n")
	body := functionText(assemble(t, shiftCountLL), "bits")
	if regexp.MustCompile(`\tmovq\t%r[a-z0-9]+, %rcx`).MatchString(body) {
		t.Errorf("the counter is copied to rcx for the shift:\n%s", body)
	}
	if !regexp.MustCompile(`\tshlq\t%cl, `).MatchString(body) {
		t.Errorf("no shift by cl:\n%s", body)
	}
}
