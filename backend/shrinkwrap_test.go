package backend

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// fibLL returns n for n < 2 without a frame: the base case must run before
// the prologue, and n must not wait in a callee-saved register there.
const fibLL = `
declare void @probe(i64)
define i64 @fib(i64 %n) {
entry:
  %small = icmp slt i64 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i64 %n
rec:
  %a = sub i64 %n, 1
  %fa = call i64 @fib(i64 %a)
  %b = sub i64 %n, 2
  %fb = call i64 @fib(i64 %b)
  %s = add i64 %fa, %fb
  %deep = icmp eq i64 %n, 2
  br i1 %deep, label %hit, label %done
hit:
  call void @probe(i64 %s)
  br label %done
done:
  ret i64 %s
}
`

const fibDriver = `
int64_t fib(int64_t);
int64_t probes;
void probe(int64_t s) { probes += s; }
int main(void) {
	int64_t sum = 0;
	for (int i = 0; i <= 20; i++) sum += fib(i);
	printf("%ld %ld\n", sum, probes);
}
`

// prologueStart matches the first instruction of a prologue (a push of a
// saved register, or the subtraction when there is none), epilogueEnd the
// last of an epilogue before its ret.
var (
	prologueStart = regexp.MustCompile(`(\t(pushq\t%[a-z0-9]+|subq\t\$[0-9]+, %rsp)\n)+`)
	epilogueEnd   = regexp.MustCompile(`\t(popq\t%[a-z0-9]+|addq\t\$[0-9]+, %rsp)\n\tret\n`)
)

// prologueAt is where body's first prologue begins, or -1.
func prologueAt(body string) int {
	if m := prologueStart.FindStringIndex(body); m != nil {
		return m[0]
	}
	return -1
}

func TestShrinkWrap(t *testing.T) {
	expect(t, fibLL, fibDriver, "17710 10945\n")
	body := functionText(assemble(t, fibLL), "fib")
	ret, push := strings.Index(body, "\tret\n"), prologueAt(body)
	if ret < 0 || push < 0 || ret > push {
		t.Errorf("no return before the prologue:\n%s", body)
	}
	if early := body[:max(push, 0)]; strings.Contains(early, "%rbx") || strings.Contains(early, "%r1") {
		t.Errorf("the base case uses a callee-saved register:\n%s", body)
	}
}

// A leaf function that needs no frame gets no prologue at all.
func TestLeafWithoutFrame(t *testing.T) {
	body := functionText(assemble(t, countToLL), "count_to")
	if strings.Contains(body, "%rbp") || strings.Contains(body, "%rsp") {
		t.Errorf("leaf function with a frame:\n%s", body)
	}
}

// TestShrinkWrapUnwinds stops gdb in a C function called from the framed
// part of a shrink-wrapped function, several calls deep, and wants the
// whole chain in the backtrace: the CFI directives must describe the frame
// in the blocks after the prologue and its absence before.
func TestShrinkWrapUnwinds(t *testing.T) {
	out := underGDB(t, map[string]string{
		"fib.s":  assemble(t, fibLL),
		"main.c": "#include <stdio.h>\n#include <stdint.h>\n" + fibDriver,
	}, []string{"-g", "main.c", "fib.s"}, "break probe", "run", "bt")
	if !strings.Contains(out, "in main") || strings.Count(out, "in fib") < 1 || strings.Contains(out, "Backtrace stopped") {
		t.Errorf("backtrace from probe does not reach main through fib:\n%s", out)
	}
}

// A leaf whose only calls report failed checks, in cold blocks that never
// return, runs frameless however many checks it makes: each error block
// gets the prologue, the path through the checks none.
func TestShrinkWrapPastColdBlocks(t *testing.T) {
	var b strings.Builder
	b.WriteString("declare void @fail(i64)\ndefine i64 @sum(ptr %p, i64 %i) {\nentry:\n  br label %check0\n")
	const checks = 6
	for k := range checks {
		fmt.Fprintf(&b, "check%d:\n  %%c%d = icmp ult i64 %%i, %d\n  br i1 %%c%d, label %%ok%d, label %%bad%d\n", k, k, 10-k, k, k, k)
		fmt.Fprintf(&b, "bad%d:\n  call void @fail(i64 %d)\n  unreachable\n", k, k)
		fmt.Fprintf(&b, "ok%d:\n  %%q%d = getelementptr i64, ptr %%p, i64 %d\n  %%x%d = load i64, ptr %%q%d\n", k, k, k, k, k)
		if k == 0 {
			fmt.Fprintf(&b, "  %%s0 = add i64 %%x0, %%i\n")
		} else {
			fmt.Fprintf(&b, "  %%s%d = add i64 %%s%d, %%x%d\n", k, k-1, k)
		}
		if k+1 < checks {
			fmt.Fprintf(&b, "  br label %%check%d\n", k+1)
		}
	}
	fmt.Fprintf(&b, "  ret i64 %%s%d\n}\n", checks-1)
	ll := b.String()
	expect(t, ll, `#include <stdlib.h>
int64_t sum(int64_t *, int64_t);
void fail(int64_t k) { printf("fail %ld\n", k); exit(0); }
int main(void) {
	int64_t p[6] = {1, 2, 3, 4, 5, 6};
	printf("%ld\n", sum(p, 2));
	sum(p, 7);
}
`, "23\nfail 3\n")
	_, fs := stages(t, ll)
	if !fs[0].frame.wrapped {
		t.Errorf("not shrink-wrapped:\n%s", fs[0])
	}
	body := functionText(assemble(t, ll), "sum")
	if ret, push := strings.Index(body, "\tret\n"), prologueAt(body); ret < 0 || push >= 0 && push < ret {
		t.Errorf("the checks' path runs the prologue:\n%s", body)
	}
}

// descendLL walks down a chain of links in a loop and calls @visit only
// at the end of a long walk: the loop, which R alone enters, runs
// frameless with the short walks' return, and the prologue waits for the
// call (treesort's insert, whose tail recursion became a loop).
const descendLL = `
declare i64 @visit(i64)
define i64 @descend(ptr %next, i64 %t) {
entry:
  br label %loop
loop:
  %x = phi i64 [ %t, %entry ], [ %y, %step ]
  %k = phi i64 [ 0, %entry ], [ %k.1, %step ]
  %p = getelementptr i64, ptr %next, i64 %x
  %y = load i64, ptr %p
  %end = icmp eq i64 %y, 0
  br i1 %end, label %leaf, label %step
step:
  %k.1 = add i64 %k, 1
  %far = icmp sgt i64 %k.1, 100
  br i1 %far, label %call, label %loop
call:
  %r = call i64 @visit(i64 %y)
  ret i64 %r
leaf:
  ret i64 %x
}
`

func TestShrinkWrapAroundALoop(t *testing.T) {
	expect(t, descendLL, `int64_t descend(int64_t *, int64_t);
int64_t visit(int64_t y) { return -y; }
int main(void) {
	int64_t next[300];
	for (int i = 0; i < 300; i++) next[i] = i + 1;
	next[20] = 0;
	next[299] = 0;
	printf("%ld %ld %ld\n", descend(next, 5), descend(next, 150), descend(next, 21));
}
`, "20 -251 -122\n")
	body := functionText(assemble(t, descendLL), "descend")
	test, push := strings.Index(body, "cmpq\t$100"), prologueAt(body)
	if test < 0 || push < test || len(prologueStart.FindAllString(body, -1)) != 1 ||
		strings.Count(body, "\tret\n") != 2 || len(epilogueEnd.FindAllString(body, -1)) != 1 {
		t.Errorf("the loop and its early return are not before the prologue:\n%s", body)
	}
}
