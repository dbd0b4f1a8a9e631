package backend

import (
	"strings"
	"testing"
)

// bounce's loop: two tests whose then-sides are unlikely (a store after x
// > 500; x < 0) and one that nothing tells about. The unlikely then-sides
// leave the path through the loop, which then falls through every test
// and takes one branch an iteration, its back edge; the even one stays
// where the branch falls into it.
const clampLL = `
define i64 @clamp(ptr %a, ptr %v, i64 %n, i64 %k) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.2, %latch ]
  %p = getelementptr i64, ptr %a, i64 %i
  %q = getelementptr i64, ptr %v, i64 %i
  %x.0 = load i64, ptr %p
  %dx = load i64, ptr %q
  %x = add i64 %x.0, %dx
  store i64 %x, ptr %p
  %big = icmp sgt i64 %x, 500
  br i1 %big, label %high, label %mid
high:
  store i64 500, ptr %p
  br label %mid
mid:
  %y = load i64, ptr %p
  %neg = icmp slt i64 %y, 0
  br i1 %neg, label %low, label %even
low:
  store i64 0, ptr %p
  br label %even
even:
  %e = icmp sgt i64 %y, %k
  br i1 %e, label %over, label %latch
over:
  %s.1 = add i64 %s, %y
  store i64 %s.1, ptr %a
  br label %latch
latch:
  %s.2 = phi i64 [ %s, %even ], [ %s.1, %over ]
  %i.1 = add i64 %i, 1
  %more = icmp slt i64 %i.1, %n
  br i1 %more, label %body, label %done
done:
  ret i64 %s.2
}
`

func TestUnlikelyBlocksOutOfLine(t *testing.T) {
	for _, level := range []int{1, 2} {
		asm := assembleAt(t, clampLL, level)
		at := func(label string) int {
			i := strings.Index(asm, "\n.Lclamp."+label+":\n")
			if i < 0 {
				t.Fatalf("-O%d: no block %s:\n%s", level, label, asm)
			}
			return i
		}
		body, mid, even, over := at("body"), at("mid"), at("even"), at("over")
		high, low := at("high"), at("low")
		if !(body < mid && mid < even && even < over) {
			t.Errorf("-O%d: the likely path is not in order body, mid, even, over:\n%s", level, asm)
		}
		if high < over || low < over {
			t.Errorf("-O%d: an unlikely then-side is not out of line, after the loop's other blocks:\n%s", level, asm)
		}
		// The tests branch out to the unlikely sides and fall through
		// otherwise.
		if seg := asm[body : even+1]; !strings.Contains(seg, "\tjg\t.Lclamp.high\n") || !strings.Contains(seg, "\tjl\t.Lclamp.low\n") || strings.Contains(seg, "jmp") {
			t.Errorf("-O%d: the tests do not branch to the then-sides and fall through:\n%s", level, seg)
		}
	}
	// At -O0 nothing is estimated, and the then-sides stay in line.
	asm := assembleAt(t, clampLL, 0)
	if h, m := strings.Index(asm, "\n.Lclamp.high:\n"), strings.Index(asm, "\n.Lclamp.mid:\n"); h < 0 || m < 0 || h > m {
		t.Errorf("-O0: the then-side moved:\n%s", asm)
	}
}
