package backend

import (
	"regexp"
	"strings"
	"testing"
)

// downLL sums a[j] for j from n - 1 down to 0, testing j >= 0 after each
// decrement (a loop versioning's down-counting copy has this shape), and
// counts the steps of a loop that runs k down to zero; the decrement
// and the test become one add, the branch jns (or jne). In @shared the
// lea's base and result are two registers that the allocation puts in one
// physical register: an add would read the result before it is written,
// which the allocation checker rejects, so the lea stays.
const downLL = `define i64 @down(ptr %a, i64 %n) {
entry:
  %j0 = sub i64 %n, 1
  %none = icmp slt i64 %j0, 0
  br i1 %none, label %done, label %loop
loop:
  %j = phi i64 [ %j0, %entry ], [ %j.1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %loop ]
  %p = getelementptr i64, ptr %a, i64 %j
  %x = load i64, ptr %p
  %s.1 = add i64 %s, %x
  %j.1 = sub i64 %j, 1
  %more = icmp sge i64 %j.1, 0
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ 0, %entry ], [ %s.1, %loop ]
  ret i64 %r
}

define i64 @steps(i64 %k) {
entry:
  %none = icmp eq i64 %k, 0
  br i1 %none, label %done, label %loop
loop:
  %i = phi i64 [ %k, %entry ], [ %i.1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %loop ]
  %s.1 = add i64 %s, 3
  %i.1 = add i64 %i, -1
  %more = icmp ne i64 %i.1, 0
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ 0, %entry ], [ %s.1, %loop ]
  ret i64 %r
}

define i64 @shared(i64 %x, i64 %y) {
entry:
  %a = mul i64 %x, %y
  %b = add i64 %a, 5
  %z = icmp eq i64 %b, 0
  br i1 %z, label %zero, label %other
zero:
  ret i64 %x
other:
  ret i64 %y
}
`

func TestFlagsFromArithmetic(t *testing.T) {
	expect(t, downLL, `int64_t down(int64_t *, int64_t);
int64_t steps(int64_t);
int64_t shared(int64_t, int64_t);
int main(void) {
	int64_t a[] = {1, 20, 300, 4000, 50000};
	printf("%ld %ld %ld %ld %ld %ld %ld\n", down(a, 5), down(a, 1), down(a, 0), steps(7), steps(0), shared(5, -1), shared(3, 4));
}
`, "54321 1 0 21 0 5 4\n")
	asm := assemble(t, downLL)
	for _, c := range []struct{ name, jump string }{{"down", "jns"}, {"steps", "jne"}} {
		text := functionText(asm, c.name)
		if !regexp.MustCompile(`addq\t\$-1, (%r[a-z0-9]+)\n\t`+c.jump+`\t`).MatchString(text) || strings.Contains(text, "leaq\t-1(%rax), %rax\n\ttestq") {
			t.Errorf("%s: the decrement and its test are not one add before %s:\n%s", c.name, c.jump, text)
		}
	}
}

// popLL counts the bits of x (x &= x - 1 until x is 0, n += 1 between)
// and whether x - y (i32) is negative: the and's and the sub's flags are
// the tests', no test follows them (after the sub, jl reads the sign:
// jns).
const popLL = `define i64 @pop(i64 %x0) {
entry:
  %none = icmp eq i64 %x0, 0
  br i1 %none, label %done, label %loop
loop:
  %x = phi i64 [ %x0, %entry ], [ %x.1, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.1, %loop ]
  %m = sub i64 %x, 1
  %x.1 = and i64 %x, %m
  %n.1 = add i64 %n, 1
  %more = icmp ne i64 %x.1, 0
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ 0, %entry ], [ %n.1, %loop ]
  ret i64 %r
}

define i64 @low(i32 %x, i32 %y) {
entry:
  %d = sub i32 %x, %y
  %z = icmp slt i32 %d, 0
  br i1 %z, label %neg, label %other
neg:
  ret i64 7
other:
  %a = and i32 %x, 12
  %w = icmp eq i32 %a, 0
  br i1 %w, label %zero, label %some
zero:
  ret i64 1
some:
  ret i64 2
}
`

func TestFlagsFromArithmeticDropsTests(t *testing.T) {
	expect(t, popLL, `int64_t pop(int64_t);
int64_t low(int32_t, int32_t);
int main(void) {
	printf("%ld %ld %ld %ld %ld %ld %ld\n", pop(0), pop(-1), pop(0x505), low(3, 5), low(5, 3), low(16, 0), low(4, 0));
}
`, "0 64 4 7 2 1 2\n")
	asm := assemble(t, popLL)
	if text := functionText(asm, "pop"); !regexp.MustCompile(`andq\t%r[a-z0-9]+, %r[a-z0-9]+\n(\t(lea|mov)q\t.*\n)*\tjne\t`).MatchString(text) {
		t.Errorf("pop: the and is tested again:\n%s", text)
	}
	if text := functionText(asm, "low"); !strings.Contains(text, "subl\t%esi, %eax\n\tjns\t") {
		t.Errorf("low: a test after the sub:\n%s", text)
	}
}
