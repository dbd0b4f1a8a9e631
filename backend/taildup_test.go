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

// A join that only copies its φs and jumps back to a loop header too big
// to copy is itself copied into the arms that jump to it: no block jumps to
// a block of register moves and a jump.
func TestTailDuplicationOfCopies(t *testing.T) {
	const ll = `
define i64 @dispatch(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %join ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %join ]
  %u = phi i64 [ 1, %entry ], [ %u.1, %join ]
  %a = mul i64 %i, 7
  %b = xor i64 %a, %s
  %k = and i64 %b, 3
  %i.1 = add i64 %i, 1
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit
body:
  %z = icmp eq i64 %k, 0
  br i1 %z, label %arm0, label %arm1
arm0:
  %s.a = add i64 %s, %i
  %u.a = mul i64 %u, 3
  br label %join
arm1:
  %s.b = sub i64 %s, %u
  %u.b = xor i64 %u, %b
  br label %join
join:
  %s.1 = phi i64 [ %s.a, %arm0 ], [ %s.b, %arm1 ]
  %u.1 = phi i64 [ %u.a, %arm0 ], [ %u.b, %arm1 ]
  br label %head
exit:
  %r = add i64 %s, %u
  ret i64 %r
}
`
	expect(t, ll, `int64_t dispatch(int64_t);
int main(void) {
	int64_t s = 0, u = 1;
	for (int64_t i = 0; i < 1000; i++) {
		int64_t b = (int64_t)((uint64_t)i * 7) ^ s;
		if ((b & 3) == 0) { s += i; u = (int64_t)((uint64_t)u * 3); } else { s -= u; u ^= b; }
	}
	printf("%d\n", dispatch(1000) == s + u);
}
`, "1\n")
	_, fs := stages(t, ll)
	for _, f := range fs {
		for _, b := range f.Blocks {
			n := len(b.Instrs)
			if n == 0 || b.Instrs[n-1].Op != opJmp {
				continue
			}
			to := b.Instrs[n-1].Args[0].block()
			if k := len(to.Instrs); k >= 2 && to.Instrs[k-1].Op == opJmp && onlyMoves(to.Instrs[:k-1]) {
				t.Errorf("%s jumps to %s, which only copies registers and jumps on:\n%s", b.Name, to.Name, f)
			}
		}
	}
}

// An interpreter's arms jump to a join of copies, which jumps to the
// loop's small test: each arm takes the join's copies and then the test
// too, so that it branches to the next round itself, and no block is left
// in the loop jumping to a block small enough to copy.
func TestTailDuplicationChain(t *testing.T) {
	const ll = `
define i64 @interp(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %join ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %join ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit
body:
  %k = and i64 %i, 1
  %z = icmp eq i64 %k, 0
  br i1 %z, label %arm0, label %arm1
arm0:
  %s.a = add i64 %s, %i
  %i.a = add i64 %i, 1
  br label %join
arm1:
  %s.b = sub i64 %s, 3
  %i.b = add i64 %i, 1
  br label %join
join:
  %s.1 = phi i64 [ %s.a, %arm0 ], [ %s.b, %arm1 ]
  %i.1 = phi i64 [ %i.a, %arm0 ], [ %i.b, %arm1 ]
  br label %head
exit:
  ret i64 %s
}
`
	expect(t, ll, `int64_t interp(int64_t);
int main(void) {
	printf("%ld %ld %ld\n", interp(0), interp(1), interp(101));
}
`, "0 0 2400\n")
	_, fs := stages(t, ll)
	for _, f := range fs {
		for _, b := range f.Blocks {
			n := len(b.Instrs)
			if b.depth == 0 || n == 0 || b.Instrs[n-1].Op != opJmp || n >= 2 && b.Instrs[n-2].Op == opJcc {
				continue
			}
			if to := b.Instrs[n-1].Args[0].block(); to.duplicable() {
				t.Errorf("%s jumps to %s, small enough to copy:\n%s", b.Name, to.Name, f)
			}
		}
	}
}

// The join steps the interpreter's counters (pc and steps) as well as
// copying the arms' values: the steps are copied into the arms with the
// copies, and each arm branches to the next round itself.
func TestTailDuplicationOfSteps(t *testing.T) {
	const ll = `
define i64 @interp(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %join ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %join ]
  %st = phi i64 [ 0, %entry ], [ %st.1, %join ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit
body:
  %k = and i64 %i, 1
  %z = icmp eq i64 %k, 0
  br i1 %z, label %arm0, label %arm1
arm0:
  %s.a = add i64 %s, %i
  br label %join
arm1:
  %s.b = sub i64 %s, 3
  br label %join
join:
  %s.1 = phi i64 [ %s.a, %arm0 ], [ %s.b, %arm1 ]
  %i.1 = add i64 %i, 1
  %st.1 = add i64 %st, 2
  br label %head
exit:
  %r = add i64 %s, %st
  ret i64 %r
}
`
	expect(t, ll, `int64_t interp(int64_t);
int main(void) {
	printf("%ld %ld %ld\n", interp(0), interp(1), interp(101));
}
`, "0 2 2602\n")
	_, fs := stages(t, ll)
	for _, f := range fs {
		for _, b := range f.Blocks {
			n := len(b.Instrs)
			if b.depth == 0 || n == 0 || b.Instrs[n-1].Op != opJmp || n >= 2 && b.Instrs[n-2].Op == opJcc {
				continue
			}
			if to := b.Instrs[n-1].Args[0].block(); to.depth > 0 && len(to.Instrs) > 1 {
				t.Errorf("%s jumps to %s, whose steps and copies it could run itself:\n%s", b.Name, to.Name, f)
			}
		}
	}
}

// Both arms of an if at the end of a loop body jump to the latch, which
// stores their value and steps the counter before the loop's test (lcs's
// inner loop): the latch is copied into the arms with the test, so that
// each arm branches back to the body itself and no block in the loop ends
// with a jump alone.
func TestTailDuplicationOfLatch(t *testing.T) {
	const ll = `
define i64 @row(ptr %cur, ptr %prev, ptr %b, i64 %ai, i64 %n) {
entry:
  br label %head
head:
  %j = phi i64 [ 1, %entry ], [ %j.1, %latch ]
  %c = icmp sle i64 %j, %n
  br i1 %c, label %body, label %exit
body:
  %jm = sub i64 %j, 1
  %pb = getelementptr i64, ptr %b, i64 %jm
  %bv = load i64, ptr %pb
  %eq = icmp eq i64 %ai, %bv
  br i1 %eq, label %same, label %diff
same:
  %pp = getelementptr i64, ptr %prev, i64 %jm
  %pv = load i64, ptr %pp
  %v.a = add i64 %pv, 1
  br label %latch
diff:
  %pu = getelementptr i64, ptr %prev, i64 %j
  %up = load i64, ptr %pu
  %pl = getelementptr i64, ptr %cur, i64 %jm
  %left = load i64, ptr %pl
  %g = icmp sgt i64 %up, %left
  %v.b = select i1 %g, i64 %up, i64 %left
  br label %latch
latch:
  %v = phi i64 [ %v.a, %same ], [ %v.b, %diff ]
  %pc = getelementptr i64, ptr %cur, i64 %j
  store i64 %v, ptr %pc
  %j.1 = add i64 %j, 1
  br label %head
exit:
  %pn = getelementptr i64, ptr %cur, i64 %n
  %r = load i64, ptr %pn
  ret i64 %r
}
`
	expect(t, ll, `int64_t row(int64_t *, int64_t *, int64_t *, int64_t, int64_t);
int main(void) {
	int64_t b[6] = {1, 2, 1, 3, 1, 2}, prev[7] = {0, 0, 1, 1, 1, 1, 1}, cur[7] = {0};
	printf("%ld %ld\n", row(cur, prev, b, 1, 6), row(cur, prev, b, 2, 6));
}
`, "2 2\n")
	_, fs := stages(t, ll)
	for _, f := range fs {
		for _, b := range f.Blocks {
			n := len(b.Instrs)
			if b.depth > 0 && n > 0 && b.Instrs[n-1].Op == opJmp && (n == 1 || b.Instrs[n-2].Op != opJcc) {
				t.Errorf("%s ends the loop's path with a jump to %s:\n%s", b.Name, b.Instrs[n-1].Args[0].block().Name, f)
			}
		}
	}
}
