package backend

import (
	"strings"
	"testing"
)

// A loop whose body ends with an if without else: both the then-side and
// the latch that skips it get a copy of the loop test. The then-side falls
// out of the body; the latch, which only the body's branch reaches, goes
// above the body and falls into it.
const relaxLL = `
define void @relax(ptr %a, i64 %n, i64 %v) {
entry:
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %g = icmp sgt i64 %v, %x
  br i1 %g, label %then, label %latch
then:
  store i64 %v, ptr %p
  br label %latch
latch:
  %i.1 = add i64 %i, 1
  br label %cond
done:
  ret void
}
`

func TestLatchAboveLoopHeader(t *testing.T) {
	for _, level := range []int{1, 2} {
		asm := assembleAt(t, relaxLL, level)
		latch := strings.Index(asm, "\n.Lrelax.latch:\n")
		body := strings.Index(asm, "\n.Lrelax.body:\n")
		then := strings.Index(asm, "\n.Lrelax.then:\n")
		if latch < 0 || body < 0 || then < 0 {
			t.Fatalf("-O%d: a block is missing:\n%s", level, asm)
		}
		if latch > body {
			t.Errorf("-O%d: the latch is not above the loop's header:\n%s", level, asm)
			continue
		}
		if top := asm[latch : body+1]; strings.Contains(top, "jmp") || !strings.Contains(top, "\tjge\t.Lrelax.done\n") {
			t.Errorf("-O%d: the latch does not leave on its test and fall into the header:\n%s", level, top)
		}
		// The then-side, which the body falls into, stays below it, and
		// the body's skip branch goes up to the latch.
		if mid := asm[body : then+1]; then < body || !strings.Contains(mid, "\tjle\t.Lrelax.latch\n") || strings.Contains(mid, "jmp") {
			t.Errorf("-O%d: the body does not branch to the latch and fall into the then-side:\n%s", level, asm)
		}
	}
}
