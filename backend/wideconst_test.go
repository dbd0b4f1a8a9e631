package backend

import (
	"strings"
	"testing"
)

// lcgLL steps a 64-bit linear congruential generator n times: its
// multiplier fits no immediate, so it is a register, put there once before
// the loop (wideConstant) — unless the loop calls, when the movabsq stays
// at its use (@lcg_call).
const lcgLL = `declare i64 @ext(i64)

define i64 @lcg(i64 %seed, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]
  %s = phi i64 [ %seed, %entry ], [ %s.2, %loop ]
  %s.1 = mul i64 %s, 6364136223846793005
  %s.2 = add i64 %s.1, 1442695040888963407
  %i.1 = add i64 %i, 1
  %c = icmp slt i64 %i.1, %n
  br i1 %c, label %loop, label %done
done:
  ret i64 %s.2
}

define i64 @lcg_call(i64 %seed, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]
  %s = phi i64 [ %seed, %entry ], [ %s.3, %loop ]
  %s.1 = mul i64 %s, 6364136223846793005
  %s.2 = call i64 @ext(i64 %s.1)
  %s.3 = add i64 %s.2, 1442695040888963407
  %i.1 = add i64 %i, 1
  %c = icmp slt i64 %i.1, %n
  br i1 %c, label %loop, label %done
done:
  ret i64 %s.3
}
`

func TestWideConstantsLeaveCallFreeLoops(t *testing.T) {
	expect(t, lcgLL, `int64_t lcg(int64_t, int64_t);
int64_t lcg_call(int64_t, int64_t);
int64_t ext(int64_t x) { return x ^ (x >> 7); }
int main(void) {
	uint64_t s = 42, u = 42;
	for (int i = 0; i < 1000; i++) s = s * 6364136223846793005ULL + 1442695040888963407ULL;
	for (int i = 0; i < 1000; i++) u = (uint64_t)ext((int64_t)(u * 6364136223846793005ULL)) + 1442695040888963407ULL;
	printf("%d %d\n", lcg(42, 1000) == (int64_t)s, lcg_call(42, 1000) == (int64_t)u);
}
`, "1 1\n")
	asm := assemble(t, lcgLL)
	for _, c := range []struct {
		name   string
		inLoop int
	}{{"lcg", 0}, {"lcg_call", 2}} {
		loop := asm[strings.Index(asm, "\n.L"+c.name+".loop:"):]
		loop = loop[:strings.Index(loop, "\tjl\t.L"+c.name+".loop")]
		if n := strings.Count(loop, "movabsq"); n != c.inLoop {
			t.Errorf("%s: %d movabsq in the loop, want %d:\n%s", c.name, n, c.inLoop, functionText(asm, c.name))
		}
		if n := strings.Count(functionText(asm, c.name), "movabsq"); n != 2 {
			t.Errorf("%s: %d movabsq, want 2:\n%s", c.name, n, functionText(asm, c.name))
		}
	}
}
