package backend

import "testing"

const seedLL = `
define i64 @choose(i1 zeroext %c, i64 %a, i64 %b) {
entry:
  br i1 %c, label %then, label %else
then:
  br label %done
else:
  br label %done
done:
  %r = phi i64 [ %a, %then ], [ %b, %else ]
  ret i64 %r
}

define i64 @count_to(i64 %n) {
entry:
  br label %while.cond
while.cond:
  %i = phi i64 [ 0, %entry ], [ %i.1, %while.body ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %while.body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %while.body, label %while.end
while.body:
  %i.1 = add i64 %i, 1
  %s.1 = add i64 %s, %i.1
  br label %while.cond
while.end:
  ret i64 %s
}
`

func TestSeed(t *testing.T) {
	expect(t, seedLL, `
int64_t choose(bool, int64_t, int64_t);
int64_t count_to(int64_t);
int main(void) {
	printf("%ld %ld\n", choose(true, 3, 4), choose(false, 3, 4));
	printf("%ld %ld %ld\n", count_to(0), count_to(10), count_to(-5));
	return 0;
}
`, "3 4\n0 55 0\n")
}
