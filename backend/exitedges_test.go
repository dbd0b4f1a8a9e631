package backend

import (
	"fmt"
	"strings"
	"testing"
)

// exitJoinLL is loopWriteSplitLL's pressure with the loop's test at the
// top, as a while loop has it: six values live across the call after the
// loop, each read three times per iteration, and a sum the loop adds to.
// The sum is spilled and split for the loop's writes. Once the loop is
// rotated, its exit is the latch's branch, to a block the skipped-loop
// path enters too: there is no block on that edge until SplitLoopExits
// makes one, and without it the copy of the sum back to its slot went at
// the end of the latch, into every iteration.
func exitJoinLL() string {
	var b strings.Builder
	b.WriteString("declare i64 @ext(i64)\n\ndefine i64 @f(i64 %a, i64 %n) {\nentry:\n")
	for j := range 6 {
		fmt.Fprintf(&b, "  %%k%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  br label %cond\ncond:\n" +
		"  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]\n" +
		"  %s = phi i64 [ 1, %entry ], [ %s.1, %body ]\n" +
		"  %more = icmp slt i64 %i, %n\n  br i1 %more, label %body, label %done\n" +
		"body:\n  %u0 = add i64 %i, 0\n")
	for j := range 6 {
		fmt.Fprintf(&b, "  %%t%d = mul i64 %%u%d, %%k%d\n  %%w%d = xor i64 %%t%d, %%k%d\n  %%u%d = add i64 %%w%d, %%k%d\n", j, j, j, j, j, j, j+1, j, j)
	}
	b.WriteString("  %s.1 = add i64 %s, %u6\n  %i.1 = add i64 %i, 1\n  br label %cond\n" +
		"done:\n  %c = call i64 @ext(i64 %a)\n  %r0 = add i64 %c, %s\n")
	for j := range 6 {
		fmt.Fprintf(&b, "  %%r%d = xor i64 %%r%d, %%k%d\n", j+1, j, j)
	}
	b.WriteString("  ret i64 %r6\n}\n")
	return b.String()
}

func TestLoopExitCopyLeavesTheLoop(t *testing.T) {
	ll := exitJoinLL()
	expect(t, ll, `int64_t f(int64_t, int64_t);
int64_t ext(int64_t x) { return x * 5 + 3; }
int64_t model(int64_t a, int64_t n) {
	int64_t k[6], s = 1;
	for (int j = 0; j < 6; j++) k[j] = a * (3 + 2 * j);
	for (int64_t i = 0; i < n; i++) {
		int64_t u = i;
		for (int j = 0; j < 6; j++) u = ((u * k[j]) ^ k[j]) + k[j];
		s += u;
	}
	int64_t r = ext(a) + s;
	for (int j = 0; j < 6; j++) r ^= k[j];
	return r;
}
int main(void) {
	printf("%d %d %d\n", f(12345, 1000) == model(12345, 1000), f(-7, 3) == model(-7, 3), f(5, 0) == model(5, 0));
}
`, "1 1 1\n")
	_, fs := stages(t, ll)
	f := fs[0]
	var exit *Block
	for _, b := range f.Blocks {
		if strings.HasSuffix(b.Name, "_exit") {
			exit = b
		}
	}
	if exit == nil || len(exit.Preds) != 1 || len(exit.Succs) != 1 || exit.Succs[0].Name != "done" {
		t.Fatalf("no block of its own on the loop's exit edge into done:\n%s", f)
	}
	if exit.Preds[0].depth != 1 || exit.depth != 0 {
		t.Errorf("the exit block's source is at depth %d and it at %d, want 1 and 0:\n%s", exit.Preds[0].depth, exit.depth, f)
	}
	asm := assemble(t, ll)
	text := functionText(asm, "f")
	loop := asm[strings.Index(asm, "\n.Lf.body:"):]
	after := loop[strings.Index(loop, "\tjl\t.Lf.body"):]
	loop = loop[:len(loop)-len(after)]
	if strings.Contains(loop, "(%rsp)") {
		t.Errorf("the loop stores the sum on every iteration:\n%s", text)
	}
	if !strings.HasPrefix(after, "\tjl\t.Lf.body\n.Lf.body.done_exit:\n\tmovq\t%") || !strings.Contains(after[:strings.Index(after, "call")], "(%rsp)") {
		t.Errorf("the sum is not stored on the exit edge alone; the test needs more pressure:\n%s", text)
	}
}

// TestEmptyExitBlocksCostNothing: the blocks SplitLoopExits makes for a
// loop whose values all fit are left empty, and the emitter leaves them
// out: the assembly has no label of theirs and no extra jump.
func TestEmptyExitBlocksCostNothing(t *testing.T) {
	asm := assemble(t, countToLL)
	if strings.Contains(asm, "_exit") {
		t.Errorf("an empty exit block was laid out:\n%s", asm)
	}
	_, fs := stages(t, countToLL)
	found := false
	for _, b := range fs[0].Blocks {
		found = found || strings.HasSuffix(b.Name, "_exit")
	}
	if !found {
		t.Errorf("count_to's loop exit got no block:\n%s", fs[0])
	}
}
