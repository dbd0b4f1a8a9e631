package backend

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestReloadServesARun keeps more values live across a call than there are
// callee-saved registers, so some are spilled, and uses each spilled one in
// two consecutive instructions (a load and a store through the same
// pointer): the second must read the register the first reloaded into, not
// reload again.
func TestReloadServesARun(t *testing.T) {
	var ll strings.Builder
	ll.WriteString("declare void @g()\ndefine i64 @f(")
	for i := range 8 {
		if i > 0 {
			ll.WriteString(", ")
		}
		fmt.Fprintf(&ll, "ptr %%p%d", i)
	}
	ll.WriteString(") {\nentry:\n  call void @g()\n")
	for i := range 8 {
		fmt.Fprintf(&ll, "  %%x%d = load i64, ptr %%p%d\n  %%y%d = add i64 %%x%d, %d\n  store i64 %%y%d, ptr %%p%d\n", i, i, i, i, i+1, i, i)
	}
	ll.WriteString("  ret i64 0\n}\n")
	expect(t, ll.String(), `void g(void) {}
int64_t f(int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *);
int main(void) {
	int64_t v[8] = {10, 20, 30, 40, 50, 60, 70, 80};
	f(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
	for (int i = 0; i < 8; i++) printf("%ld ", v[i]);
	printf("\n");
}
`, "11 22 33 44 55 66 77 88 \n")
	body := functionText(assemble(t, ll.String()), "f")
	reloads := regexp.MustCompile(`movq\t([0-9]*\(%rsp\)), %r`).FindAllStringSubmatch(body, -1)
	seen := map[string]int{}
	for _, r := range reloads {
		seen[r[1]]++
	}
	for slot, n := range seen {
		if n > 1 {
			t.Errorf("slot %s reloaded %d times:\n%s", slot, n, body)
		}
	}
	if len(reloads) == 0 {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", body)
	}
}

// TestSpilledTestComparesSlot keeps fifteen loaded values and a parameter
// live across the parameter's test against zero; the parameter, used
// there and at the end (the others where they are summed), is the one
// spilled, and its test must compare its slot with 0
// (`cmpq $0, 8(%rsp)`) rather than reload it for `testq %r, 8(%rsp)`.
func TestSpilledTestComparesSlot(t *testing.T) {
	const n = 15
	var ll strings.Builder
	ll.WriteString("define i64 @f(ptr %p, i64 %x) {\nentry:\n")
	for i := range n {
		fmt.Fprintf(&ll, "  %%q%d = getelementptr i64, ptr %%p, i64 %d\n  %%a%d = load i64, ptr %%q%d\n", i, i, i, i)
	}
	ll.WriteString("  %c = icmp eq i64 %x, 0\n  br i1 %c, label %zero, label %sum\nzero:\n  ret i64 -1\nsum:\n")
	prev := "%a0"
	for i := 1; i < n; i++ {
		fmt.Fprintf(&ll, "  %%m%d = mul i64 %%a%d, %%a%d\n  %%s%d = add i64 %s, %%m%d\n", i, i, i, i, prev, i)
		prev = fmt.Sprintf("%%s%d", i)
	}
	fmt.Fprintf(&ll, "  %%r = add i64 %s, %%x\n  ret i64 %%r\n}\n", prev)
	expect(t, ll.String(), `int64_t f(int64_t *, int64_t);
int main(void) {
	int64_t v[15];
	for (int i = 0; i < 15; i++) v[i] = i + 1;
	printf("%ld %ld\n", f(v, 0), f(v, 3));
}
`, "-1 1243\n")
	body := functionText(assemble(t, ll.String()), "f")
	if !regexp.MustCompile(`cmpq\t\$0, [0-9]*\(%rsp\)`).MatchString(body) {
		t.Errorf("the spilled parameter's test does not compare its slot with 0:\n%s", body)
	}
	if regexp.MustCompile(`test[bq]\t%[a-z0-9]+, [0-9]*\(%rsp\)`).MatchString(body) {
		t.Errorf("the spilled parameter is reloaded for its test:\n%s", body)
	}
}

// TestSlotWriteForgetsTemporary rewrites `addq %v, %v` (v + v) and then a
// read of v, with v spilled: the add takes v's slot as its destination and
// reloads v into a temporary for its source, which after the add still
// holds the old v. The next instruction must reload the sum from the slot,
// not read that temporary.
func TestSlotWriteForgetsTemporary(t *testing.T) {
	f := &Func{}
	v, w := f.newVReg(8), f.newVReg(8)
	f.vreg(v).slot = f.newSlot(SlotSpill, 8, 8, "v")
	add := &Instr{Op: opAdd, Size: 8, Args: []Operand{regOp(v), regOp(v)}}
	use := &Instr{Op: opMov, Size: 8, Args: []Operand{regOp(w), regOp(v)}}
	f.Blocks = []*Block{{Name: "entry", Instrs: []*Instr{add, use}}}
	f.insertSpillCode()
	var text []string
	for _, in := range f.Blocks[0].Instrs {
		text = append(text, fmt.Sprintf("%v", in.Args))
	}
	if add.Args[0].Kind != KindMem || add.Args[1].Kind != KindReg {
		t.Fatalf("the add was not rewritten to `addq %%t, slot`: %v", text)
	}
	if use.Args[1].Kind == KindReg && use.Args[1].Reg == add.Args[1].Reg {
		t.Errorf("the read after the add reads the add's reloaded source, the old v: %v", text)
	}
}
