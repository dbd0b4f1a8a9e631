package backend

import (
	"strings"
	"testing"
)

// The classic out-of-SSA problems (Briggs et al. 1998), each run through
// the whole back end: φs that swap on a back edge, a φ whose old value is
// still needed after the copy that overwrites it (lost copy, behind a
// critical edge), and a cycle of three φs.

const swapLL = `
define i64 @swap(i64 %n, i64 %a, i64 %b) {
entry:
  br label %loop
loop:
  %x = phi i64 [ %a, %entry ], [ %y, %body ]
  %y = phi i64 [ %b, %entry ], [ %x, %body ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i.1 = add i64 %i, 1
  br label %loop
exit:
  %r = mul i64 %x, 10
  %r.1 = add i64 %r, %y
  ret i64 %r.1
}
`

func TestSwapProblem(t *testing.T) {
	expect(t, swapLL, `
int64_t swap(int64_t, int64_t, int64_t);
int main(void) { printf("%ld %ld %ld %ld\n", swap(0, 1, 2), swap(1, 1, 2), swap(2, 1, 2), swap(7, 1, 2)); }
`, "12 21 12 21\n")
}

func TestSwapDumpShowsCycleTemporary(t *testing.T) {
	_, fs := stages(t, swapLL)
	dump := fs[0].String()
	if !strings.Contains(dump, "[cycle temporary") || !strings.Contains(dump, "# edge body -> loop: parallel copy") {
		t.Errorf("the dump does not show the swap's cycle temporary:\n%s", dump)
	}
}

func TestLostCopyProblem(t *testing.T) {
	expect(t, `
define i64 @lost(i64 %n) {
entry:
  br label %loop
loop:
  %x = phi i64 [ 1, %entry ], [ %x.1, %loop ]
  %x.1 = add i64 %x, 1
  %c = icmp slt i64 %x.1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %x
}
`, `
int64_t lost(int64_t);
int main(void) { printf("%ld %ld %ld\n", lost(0), lost(5), lost(100)); }
`, "1 4 99\n")
}

func TestCycleOfThreePhis(t *testing.T) {
	expect(t, `
define i64 @rot(i64 %n, i64 %a, i64 %b, i64 %c) {
entry:
  br label %loop
loop:
  %x = phi i64 [ %a, %entry ], [ %y, %body ]
  %y = phi i64 [ %b, %entry ], [ %z, %body ]
  %z = phi i64 [ %c, %entry ], [ %x, %body ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %cc = icmp slt i64 %i, %n
  br i1 %cc, label %body, label %exit
body:
  %i.1 = add i64 %i, 1
  br label %loop
exit:
  %x100 = mul i64 %x, 100
  %y10 = mul i64 %y, 10
  %s = add i64 %x100, %y10
  %s.1 = add i64 %s, %z
  ret i64 %s.1
}
`, `
int64_t rot(int64_t, int64_t, int64_t, int64_t);
int main(void) { printf("%ld %ld %ld %ld\n", rot(0, 1, 2, 3), rot(1, 1, 2, 3), rot(2, 1, 2, 3), rot(3, 1, 2, 3)); }
`, "123 231 312 123\n")
}

// TestPhiOnlyEdges has φs fed by constants, addresses and parameters on
// several edges, one of them an edge out of a conditional branch into a
// block with a single predecessor (the copies go at its top).
func TestPhiSources(t *testing.T) {
	expect(t, `
@g = global i64 42

define i64 @pick(i64 %k, i64 %p) {
entry:
  %c0 = icmp eq i64 %k, 0
  br i1 %c0, label %zero, label %notzero
notzero:
  %c1 = icmp eq i64 %k, 1
  br i1 %c1, label %one, label %other
zero:
  br label %join
one:
  br label %join
other:
  br label %join
join:
  %v = phi i64 [ 5000000000, %zero ], [ -7, %one ], [ %p, %other ]
  %a = phi ptr [ @g, %zero ], [ @g, %one ], [ null, %other ]
  %isnull = icmp eq ptr %a, null
  br i1 %isnull, label %out, label %load
load:
  %gv = load i64, ptr %a
  %r = add i64 %v, %gv
  ret i64 %r
out:
  ret i64 %v
}
`, `
int64_t pick(int64_t, int64_t);
int main(void) { printf("%ld %ld %ld\n", pick(0, 9), pick(1, 9), pick(2, 9)); }
`, "5000000042 35 9\n")
}
