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

` + countToLL

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
