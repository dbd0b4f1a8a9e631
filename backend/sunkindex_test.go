package backend

import (
	"strings"
	"testing"
)

// bubbleLL is one pass of a bubble sort: a[i] and a[i + 1] compared and
// swapped, i + 1 the next i. The addresses take i with a displacement,
// and i + 1 is computed on the back edges alone (sunk), where i dies: no
// copy of it into i's register runs in the loop.
const bubbleLL = `define i64 @bubble(ptr %a, i64 %n) {
entry:
  %m = sub i64 %n, 1
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i.1, %swap ], [ %i.1, %keep ]
  %sw = phi i64 [ 0, %entry ], [ %sw.1, %swap ], [ %sw, %keep ]
  %c = icmp slt i64 %i, %m
  br i1 %c, label %body, label %done
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %i.1 = add i64 %i, 1
  %q = getelementptr i64, ptr %a, i64 %i.1
  %y = load i64, ptr %q
  %gt = icmp sgt i64 %x, %y
  br i1 %gt, label %swap, label %keep
swap:
  store i64 %y, ptr %p
  store i64 %x, ptr %q
  %sw.1 = add i64 %sw, 1
  br label %cond
keep:
  br label %cond
done:
  ret i64 %sw
}
`

func TestIncrementSunkToTheBackEdges(t *testing.T) {
	expect(t, bubbleLL, `int64_t bubble(int64_t *, int64_t);
int main(void) {
	int64_t a[] = {5, -3, 9, 9, 0, 12, -7, 4};
	int64_t s = 0;
	for (int k = 0; k < 8; k++) s = s * 10 + bubble(a, 7);
	for (int k = 0; k < 8; k++) printf("%ld ", a[k]);
	printf("%ld\n", s);
}
`, "-7 -3 0 5 9 9 12 4 32211100\n")
	asm := assemble(t, bubbleLL)
	text := functionText(asm, "bubble")
	if !strings.Contains(text, "8(%rdi,%r") {
		t.Errorf("a[i + 1] is not addressed off i:\n%s", text)
	}
	loop := asm[strings.Index(asm, "\n.Lbubble.body:"):]
	loop = loop[:strings.LastIndex(loop, "\tjl\t.Lbubble.body")]
	for _, line := range strings.Split(loop, "\n") {
		if strings.HasPrefix(line, "\tmovq\t%r") && strings.Count(line, "%") == 2 {
			t.Errorf("a register copy %q:\n%s", line, text)
		}
	}
}
