package backend

import (
	"regexp"
	"testing"
)

// branchSenseLL is a loop whose test tail duplication copies into three
// blocks, of which only one can fall through to the loop's body: the
// others end in a conditional jump and a jmp.
const branchSenseLL = `
define i64 @f(ptr %q, ptr %a, i64 %n) {
entry:
  br label %cond
cond:
  %j = phi i64 [ 0, %entry ], [ %j1, %b1 ], [ %j1, %b2 ], [ %j1, %b3 ]
  %s = phi i64 [ 0, %entry ], [ %s1, %b1 ], [ %s2, %b2 ], [ %s3, %b3 ]
  %stop = load i8, ptr %q
  %z = icmp ne i8 %stop, 0
  br i1 %z, label %exit, label %more
more:
  %m = icmp slt i64 %j, %n
  br i1 %m, label %body, label %exit
body:
  %j1 = add i64 %j, 1
  %p = getelementptr i8, ptr %a, i64 %j1
  %v = load i8, ptr %p
  %c1 = icmp eq i8 %v, 1
  br i1 %c1, label %b1, label %t2
t2:
  %c2 = icmp eq i8 %v, 2
  br i1 %c2, label %b2, label %b3
b1:
  %s1 = add i64 %s, 3
  store i8 0, ptr %p
  br label %cond
b2:
  %s2 = mul i64 %s, 5
  br label %cond
b3:
  %s3 = xor i64 %s, %j
  store i8 9, ptr %q
  br label %cond
exit:
  ret i64 %s
}
`

// Where neither successor of a two-way branch falls through, the
// conditional jump goes to the one inside the loop, so an iteration takes
// one jump, and the jmp to the exit, taken once.
func TestBranchSenseStaysInLoop(t *testing.T) {
	expect(t, branchSenseLL, `#include <string.h>
int64_t f(char *, char *, int64_t);
int64_t model(char *q, char *a, int64_t n) {
	int64_t s = 0;
	for (int64_t j = 0; *q == 0 && j < n; j++) {
		char v = a[j + 1];
		if (v == 1) {
			s += 3;
			a[j + 1] = 0;
		} else if (v == 2) {
			s *= 5;
		} else {
			s ^= j;
			*q = 9;
		}
	}
	return s;
}
int main(void) {
	char q1 = 0, q2 = 0, a1[12] = {0, 1, 2, 1, 2, 1, 2, 2, 1, 7, 0, 1}, a2[12];
	memcpy(a2, a1, sizeof a1);
	int64_t r1 = f(&q1, a1, 10), r2 = model(&q2, a2, 10);
	printf("%d %d %d\n", r1 == r2, q1 == q2, memcmp(a1, a2, sizeof a1) == 0);
	printf("%ld\n", r1);
}
`, "1 1 1\n2320\n")
	body := functionText(assemble(t, branchSenseLL), "f")
	if regexp.MustCompile(`\tj[a-z]+\t\.Lf\.exit\n\tjmp\t\.Lf\.more\n`).MatchString(body) {
		t.Errorf("a copy of the loop's test jumps out conditionally and back by jmp:\n%s", body)
	}
	if !regexp.MustCompile(`\tje\t\.Lf\.more\n\tjmp\t\.Lf\.exit\n`).MatchString(body) {
		t.Errorf("no copy of the loop's test ends in a jmp to the exit; the test needs changing:\n%s", body)
	}
}
