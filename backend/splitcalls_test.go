package backend

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// splitLL keeps eight arrays live across a call that the loop makes only
// now and then: more than the callee-saved registers, so some go to the
// stack; split around the call, they are reloaded after it, never on the
// loop's usual path.
func splitLL() string {
	var b strings.Builder
	b.WriteString("declare void @g(i64)\ndefine i64 @f(")
	for k := range 8 {
		fmt.Fprintf(&b, "ptr %%p%d, ", k)
	}
	b.WriteString("i64 %n) {\nentry:\n  br label %loop\nloop:\n" +
		"  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]\n  %s = phi i64 [ 0, %entry ], [ %s.8, %latch ]\n  %s.0 = add i64 %s, 0\n")
	for k := range 8 {
		fmt.Fprintf(&b, "  %%q%d = getelementptr i64, ptr %%p%d, i64 %%i\n  %%x%d = load i64, ptr %%q%d\n  %%s.%d = add i64 %%s.%d, %%x%d\n", k, k, k, k, k+1, k, k)
	}
	b.WriteString("  %low = and i64 %s.8, 7\n  %rare = icmp eq i64 %low, 0\n  br i1 %rare, label %call, label %latch\n" +
		"call:\n  call void @g(i64 %s.8)\n  br label %latch\n" +
		"latch:\n  %i.1 = add i64 %i, 1\n  %more = icmp slt i64 %i.1, %n\n  br i1 %more, label %loop, label %done\n" +
		"done:\n  ret i64 %s.8\n}\n")
	return b.String()
}

func TestSplitAroundCalls(t *testing.T) {
	ll := splitLL()
	expect(t, ll, `int64_t calls;
void g(int64_t s) { calls += s; }
int64_t f(int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t *, int64_t);
int main(void) {
	int64_t a[8][5];
	for (int k = 0; k < 8; k++) for (int i = 0; i < 5; i++) a[k][i] = k * 10 + i;
	int64_t s = f(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], 5);
	printf("%ld %ld\n", s, calls);
}
`, "1480 4360\n")
	asm := assemble(t, ll)
	text := asm[strings.Index(asm, "\nf:\n"):]
	text = text[:strings.Index(text, ".cfi_endproc")]
	load := regexp.MustCompile(`\tmovq\t([0-9]*\(%rsp\)), %r`)
	_, fs := stages(t, ll)
	incoming := map[string]bool{} // the stack arguments' loads are no reloads
	for _, s := range fs[0].Slots {
		if s.Kind == SlotIncoming {
			incoming[fmt.Sprintf("%d(%%rsp)", s.Offset+fs[0].frame.total)] = true
		}
	}
	afterCall, reloads := false, 0
	for _, line := range strings.Split(text, "\n") {
		m := load.FindStringSubmatch(line)
		switch {
		case strings.HasPrefix(line, ".L") && strings.HasSuffix(line, ":"):
			afterCall = false
		case strings.Contains(line, "\tcall\t"):
			afterCall = true
		case m != nil && !incoming[m[1]]:
			reloads++
			if !afterCall {
				t.Errorf("reload on the loop's usual path: %q in\n%s", line, functionText(asm, "f"))
			}
		}
	}
	if reloads == 0 {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", functionText(asm, "f"))
	}
}

// Seven values live across three calls in a row and used only after the
// last: more than the callee-saved registers, so some are split around
// the calls, and they are reloaded once, after the last call, not after
// each call they cross.
func TestSplitAroundCallsReloadsBeforeUse(t *testing.T) {
	var b strings.Builder
	b.WriteString("declare void @g()\ndefine i64 @f(i64 %a0, i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %a5) {\nentry:\n  %a6 = mul i64 %a0, %a1\n")
	b.WriteString("  call void @g()\n  call void @g()\n  call void @g()\n  %s0 = add i64 %a0, %a1\n")
	for k := 2; k <= 6; k++ {
		fmt.Fprintf(&b, "  %%s%d = add i64 %%s%d, %%a%d\n", k-1, k-2, k)
	}
	b.WriteString("  ret i64 %s5\n}\n")
	ll := b.String()
	expect(t, ll, `int64_t calls;
void g(void) { calls++; }
int64_t f(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);
int main(void) {
	int64_t s = f(1, 2, 3, 4, 5, 6);
	printf("%ld %ld\n", s, calls);
}
`, "23 3\n")
	text := functionText(assemble(t, ll), "f")
	first, last := strings.Index(text, "\tcall\t"), strings.LastIndex(text, "\tcall\t")
	if first < 0 || first == last {
		t.Fatalf("no calls in\n%s", text)
	}
	load := regexp.MustCompile(`\tmovq\t[0-9]*\(%rsp\), %r`)
	if !load.MatchString(text[last:]) {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", text)
	}
	if l := load.FindString(text[first:last]); l != "" {
		t.Errorf("reload %q between calls, before any use:\n%s", l, text)
	}
}

// Twenty values live across a call, one of them advanced three times
// before it (an xorshift step): the split copies each to its save
// register after its last definition only, once.
func TestSplitAroundCallsCopiesLastDefinition(t *testing.T) {
	var b strings.Builder
	b.WriteString("declare void @g()\ndefine i64 @f(ptr %p) {\nentry:\n")
	for k := range 20 {
		fmt.Fprintf(&b, "  %%q%d = getelementptr i64, ptr %%p, i64 %d\n  %%x%d = load i64, ptr %%q%d\n", k, k, k, k)
	}
	b.WriteString("  %l1 = shl i64 %x0, 13\n  %y1 = xor i64 %x0, %l1\n  %r2 = lshr i64 %y1, 7\n  %y2 = xor i64 %y1, %r2\n" +
		"  %l3 = shl i64 %y2, 17\n  %y3 = xor i64 %y2, %l3\n  call void @g()\n  %s0 = add i64 %y3, %x1\n")
	for k := 2; k < 20; k++ {
		fmt.Fprintf(&b, "  %%s%d = add i64 %%s%d, %%x%d\n", k-1, k-2, k)
	}
	b.WriteString("  ret i64 %s18\n}\n")
	ll := b.String()
	expect(t, ll, `int64_t calls;
void g(void) { calls++; }
int64_t f(int64_t *);
int main(void) {
	int64_t a[20];
	for (int k = 0; k < 20; k++) a[k] = 3 * k + 2;
	int64_t s = f(a);
	printf("%ld %ld\n", s, calls);
}
`, "2164540130 1\n")
	_, fs := stages(t, ll)
	f := fs[0]
	defs := map[Reg]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			in.forEachDef(func(r Reg) {
				if r.IsVirtual() && f.vreg(r).split == splitAtCalls {
					defs[r]++
				}
			})
		}
	}
	if len(defs) == 0 {
		t.Errorf("nothing split around the call; the test needs more pressure:\n%s", functionText(assemble(t, ll), "f"))
	}
	for r, n := range defs {
		if n != 1 {
			t.Errorf("%s copied %d times before the one call:\n%s", vregName(r), n, functionText(assemble(t, ll), "f"))
		}
	}
}

// loopCallLL makes a function whose loop calls g in each iteration, with
// seven values live across the loop, read after it (after one more call
// to g when callAfter); and expects it to return 30 and call g 10 times,
// or 11.
func loopCallLL(t *testing.T, callAfter bool) string {
	after, calls := "", "10"
	if callAfter {
		after, calls = "  call void @g()\n", "11"
	}
	ll := `declare void @g()
define i64 @f(i64 %a0, i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %n) {
entry:
  %a5 = mul i64 %a0, %a2
  %a6 = mul i64 %a0, %a1
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.1, %loop ]
  call void @g()
  %i.1 = add i64 %i, 1
  %more = icmp slt i64 %i.1, %n
  br i1 %more, label %loop, label %done
done:
` + after + `  %s0 = add i64 %a0, %a1
  %s1 = add i64 %s0, %a2
  %s2 = add i64 %s1, %a3
  %s3 = add i64 %s2, %a4
  %s4 = add i64 %s3, %a5
  %s5 = add i64 %s4, %a6
  %s6 = add i64 %s5, %i.1
  ret i64 %s6
}
`
	expect(t, ll, `int64_t calls;
void g(void) { calls++; }
int64_t f(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);
int main(void) {
	int64_t s = f(1, 2, 3, 4, 5, 10);
	printf("%ld %ld\n", s, calls);
}
`, "30 "+calls+"\n")
	return ll
}

// Seven values live across a loop that makes a call in each iteration
// and across a call after it, and used only after that: more than the
// callee-saved registers, so some are split around the calls, and they
// are reloaded after the last call only, never in the loop.
func TestSplitAroundCallsNoReloadInLoop(t *testing.T) {
	ll := loopCallLL(t, true)
	text := functionText(assemble(t, ll), "f")
	last := strings.LastIndex(text, "\tcall\t")
	if last < 0 {
		t.Fatalf("no calls in\n%s", text)
	}
	load := regexp.MustCompile(`\tmovq\t[0-9]*\(%rsp\), %r`)
	if !load.MatchString(text[last:]) {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", text)
	}
	if l := load.FindString(text[:last]); l != "" {
		t.Errorf("reload %q before the last call:\n%s", l, text)
	}
}

// The same values read right after the loop, with no call in between:
// they are reloaded once, where the loop exits, not after each call in it.
func TestSplitAroundCallsReloadAtLoopExit(t *testing.T) {
	ll := loopCallLL(t, false)
	text := functionText(assemble(t, ll), "f")
	call := strings.Index(text, "\tcall\t")
	back := strings.Index(text[call:], "\tjl\t")
	if call < 0 || back < 0 {
		t.Fatalf("no call or no loop in\n%s", text)
	}
	load := regexp.MustCompile(`\tmovq\t[0-9]*\(%rsp\), %r`)
	if l := load.FindString(text[call : call+back]); l != "" {
		t.Errorf("reload %q in the loop:\n%s", l, text)
	}
	if !load.MatchString(text[call+back:]) {
		t.Errorf("nothing spilled; the test needs more pressure:\n%s", text)
	}
}

// TestSplitSavesAtLoopEntry loads eight values after a call (so the
// entry block needs the frame, and shrink-wrapping has no split of its
// own to offer) and returns early when n <= 0; otherwise a loop calls
// more() in each iteration and stores the values after the call, more
// than the callee-saved registers hold. The values split around the call
// are copied to their stack slots where the loop is entered, not where
// they are loaded: the entry block, on the early return's path, stores
// nothing; and the values that fit stay in their registers across the
// call.
func TestSplitSavesAtLoopEntry(t *testing.T) {
	var b strings.Builder
	b.WriteString("declare i1 @more()\ndefine i64 @f(ptr %p, i64 %n) {\nentry:\n  %c0 = call i1 @more()\n")
	for k := range 8 {
		fmt.Fprintf(&b, "  %%q%d = getelementptr i64, ptr %%p, i64 %d\n  %%x%d = load i64, ptr %%q%d\n", k, k, k, k)
	}
	b.WriteString("  %any = icmp sgt i64 %n, 0\n  br i1 %any, label %pre, label %none\n" +
		"none:\n  ret i64 -1\npre:\n  store i64 %n, ptr %p\n  br label %loop\nloop:\n  %c = call i1 @more()\n")
	for k := range 8 {
		fmt.Fprintf(&b, "  %%r%d = getelementptr i64, ptr %%p, i64 %d\n  store i64 %%x%d, ptr %%r%d\n", k, k+8, k, k)
	}
	b.WriteString("  br i1 %c, label %loop, label %done\ndone:\n  ret i64 0\n}\n")
	ll := b.String()
	expect(t, ll, `int calls;
bool more(void) { return ++calls % 3 != 0; }
int64_t f(int64_t *, int64_t);
int main(void) {
	int64_t a[16] = {1, 2, 3, 4, 5, 6, 7, 8};
	int64_t r = f(a, 0), s = f(a, 5);
	printf("%ld %ld %d:", r, s, calls);
	for (int i = 0; i < 16; i++) printf(" %ld", a[i]);
	printf("\n");
}
`, "-1 0 3: 5 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8\n")
	body := functionText(assemble(t, ll), "f")
	entry := body[:strings.Index(body, "\tj")] // up to the test of n
	store := regexp.MustCompile(`\tmovq\t%r[a-z0-9]+, [0-9]*\(%rsp\)`)
	if store.MatchString(entry) {
		t.Errorf("the entry block, on the path to the early return, stores values split around the loop's call:\n%s", body)
	}
	if !store.MatchString(body) {
		t.Errorf("nothing stored: the test needs more pressure:\n%s", body)
	}
	// The registers holding the values across the call are meant for the
	// stack: where the callee-saved registers hold the other values, they
	// must not take those (which then would be split around the call in
	// their turn, copied out of and back into their registers at it).
	call := strings.LastIndex(body, "call\tmore")
	loop := body[call : call+strings.Index(body[call:], "\tj")]
	if regexp.MustCompile(`\tmovq\t%r[a-z0-9]+, %r[a-z0-9]+\n`).MatchString(loop) {
		t.Errorf("the loop copies between registers after its call:\n%s", body)
	}
}

// Ten values loaded before a loop that calls g now and then are read in
// it only by xors, which take a stack slot as their operand: spilled
// everywhere they cost no instruction, so they are not split around the
// call, which would reload them after it (queens's try reloaded after
// each recursive call the lengths its bounds checks compare with).
func TestSplitAroundCallsNotWhereUsesFold(t *testing.T) {
	var b strings.Builder
	b.WriteString("declare void @g(i64)\ndefine i64 @f(ptr %p, i64 %n) {\nentry:\n")
	for k := range 10 {
		fmt.Fprintf(&b, "  %%q%d = getelementptr i64, ptr %%p, i64 %d\n  %%x%d = load i64, ptr %%q%d\n", k, k, k, k)
	}
	b.WriteString("  br label %loop\nloop:\n  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]\n  %s = phi i64 [ 0, %entry ], [ %s.10, %latch ]\n  %s.0 = add i64 %s, %i\n")
	for k := range 10 {
		fmt.Fprintf(&b, "  %%s.%d = xor i64 %%s.%d, %%x%d\n", k+1, k, k)
	}
	b.WriteString("  %low = and i64 %s.10, 3\n  %rare = icmp eq i64 %low, 0\n  br i1 %rare, label %call, label %latch\n" +
		"call:\n  call void @g(i64 %s.10)\n  br label %latch\n" +
		"latch:\n  %i.1 = add i64 %i, 1\n  %more = icmp slt i64 %i.1, %n\n  br i1 %more, label %loop, label %done\n" +
		"done:\n  ret i64 %s.10\n}\n")
	ll := b.String()
	expect(t, ll, `int64_t calls;
void g(int64_t s) { calls += s; }
int64_t f(int64_t *, int64_t);
int main(void) {
	int64_t a[10];
	for (int k = 0; k < 10; k++) a[k] = k * 37 + 5;
	int64_t s = f(a, 40);
	printf("%ld %ld\n", s, calls);
}
`, "1068 5504\n")
	text := functionText(assemble(t, ll), "f")
	if !regexp.MustCompile(`\txorq\t[0-9]+\(%rsp\), %r`).MatchString(text) {
		t.Errorf("no xor reads a stack slot; the test needs more pressure:\n%s", text)
	}
	call := strings.Index(text, "\tcall\t")
	if call < 0 {
		t.Fatalf("no call in\n%s", text)
	}
	after := text[call:]
	after = after[:strings.Index(after, "\n.L")+1]
	if l := regexp.MustCompile(`\tmovq\t[0-9]+\(%rsp\), %r.*`).FindString(after); l != "" {
		t.Errorf("reload %q after the call:\n%s", l, text)
	}
}

// Every answer of usedBeforeReload in a test compile is compared with the
// fixpoint of its equations, block by block: v is read before a reload in
// or after b when b reads it first, or does nothing to it and v is read
// before a reload after b; after b when it is so in or after a successor.
func init() {
	recheckUsedBeforeReload = func(u *usedBeforeReload) {
		f := u.f
		in := make([]bool, len(f.Blocks))
		out := make([]bool, len(f.Blocks))
		for changed := true; changed; {
			changed = false
			for i := len(f.Blocks) - 1; i >= 0; i-- {
				b := f.Blocks[i]
				o := false
				for _, s := range b.Succs {
					o = o || in[s.ID]
				}
				first := u.opens(b)
				n := first == useFirst || first == nothingFirst && o
				if o != out[b.ID] || n != in[b.ID] {
					out[b.ID], in[b.ID], changed = o, n, true
				}
			}
		}
		for _, b := range f.Blocks {
			if u.liveIn(b) != in[b.ID] || u.liveOut(b) != out[b.ID] {
				panic(fmt.Sprintf("backend: %s: usedBeforeReload at %s: in %v out %v, the fixpoint finds in %v out %v\n%s",
					f.Name, b.Name, u.liveIn(b), u.liveOut(b), in[b.ID], out[b.ID], f))
			}
		}
	}
}
