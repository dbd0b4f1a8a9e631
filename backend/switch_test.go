package backend

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"toyc/middle"
)

// The clusters of case sets: dense runs become tables, the rest ranges.
func TestFindClusters(t *testing.T) {
	a, b := &middle.Block{Name: "a"}, &middle.Block{Name: "b"}
	ranges := func(vals ...int64) []caseRange {
		var rs []caseRange
		for i, v := range vals {
			to := a
			if i%2 == 1 {
				to = b
			}
			rs = append(rs, caseRange{v, v, to})
		}
		return rs
	}
	show := func(cs []cluster) string {
		var out []string
		for _, c := range cs {
			if c.table != nil {
				out = append(out, fmt.Sprintf("table %d..%d (%d)", c.lo, c.hi, len(c.table)))
			} else {
				out = append(out, fmt.Sprintf("%d..%d", c.lo, c.hi))
			}
		}
		return strings.Join(out, ", ")
	}
	for _, c := range []struct {
		rs   []caseRange
		want string
	}{
		{ranges(0, 1, 2, 3), "table 0..3 (4)"},
		{ranges(0, 1, 2), "0..0, 1..1, 2..2"},                   // too few for a table
		{ranges(0, 2, 4, 6, 9), "table 0..9 (5)"},               // 5 of 10: 50%
		{ranges(0, 10, 20, 30), "table 0..30 (4)"},              // 4 of 31: 13%
		{ranges(0, 20, 40, 60), "0..0, 20..20, 40..40, 60..60"}, // 4 of 61
		{ranges(-5, 1000, 1001, 1002, 1003, 1<<40), "-5..-5, table 1000..1003 (4), 1099511627776..1099511627776"},
		{[]caseRange{{0, 99, a}, {100, 100, b}, {101, 200, a}}, "0..99, 100..100, 101..200"}, // three ranges: no table
		{[]caseRange{{-1 << 63, -1<<63 + 1, a}, {0, 0, b}, {1, 1, a}, {2, 2, b}, {1<<63 - 1, 1<<63 - 1, a}},
			"-9223372036854775808..-9223372036854775807, 0..0, 1..1, 2..2, 9223372036854775807..9223372036854775807"},
	} {
		if got := show(findClusters(c.rs)); got != c.want {
			t.Errorf("%v: got %s, want %s", c.rs, got, c.want)
		}
	}
}

// lowered parses ll, lowers its switches and verifies the result.
func lowered(t *testing.T, ll string) *middle.Func {
	t.Helper()
	m, errs := middle.ParseModule("sw.ll", []byte(ll))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	f := m.Funcs[0]
	LowerSwitches(f)
	if err := middle.Verify(f); err != nil {
		t.Fatalf("%v\n%s", err, f)
	}
	return f
}

// switchIR is a function returning 100+i for the i-th of vals, and -1
// for any other value of its T selector.
func switchIR(typ string, vals ...int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "define i64 @f(%s %%x) {\nentry:\n  switch %s %%x, label %%def [\n", typ, typ)
	for i, v := range vals {
		fmt.Fprintf(&b, "    %s %d, label %%c%d\n", typ, v, i)
	}
	b.WriteString("  ]\n")
	for i := range vals {
		fmt.Fprintf(&b, "\nc%d:\n  ret i64 %d\n", i, 100+i)
	}
	b.WriteString("\ndef:\n  ret i64 -1\n}\n")
	return b.String()
}

// count is the number of instructions of f with op (and, for icmp, pred).
func count(f *middle.Func, op middle.Op) int {
	n := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == op {
				n++
			}
		}
	}
	return n
}

func TestLowerSwitchShapes(t *testing.T) {
	// Dense: one bounds check and a table switch of 8 entries, a hole
	// among them going to the default.
	f := lowered(t, switchIR("i64", 3, 4, 5, 6, 8, 9, 10))
	if n := count(f, middle.OpICmp); n != 1 {
		t.Errorf("dense: %d compares, want the one bounds check\n%s", n, f)
	}
	var table *middle.Value
	for _, b := range f.Blocks {
		if tm := b.Term(); tm.Op == middle.OpSwitch {
			table = tm
		}
	}
	if table == nil || !isTableSwitch(table) || len(table.Args) != 9 || table.Block.Succ(5).Name != "def" {
		t.Fatalf("dense: no table switch of 8 entries with entry 4 (value 7) the default:\n%s", f)
	}
	// Sparse: a tree, each value found in at most ceil(log2(8))+1 compares.
	sparse := []int64{-1000, 7, 300, 5000, 1 << 33, 90000, -77, 12}
	f = lowered(t, switchIR("i64", sparse...))
	if count(f, middle.OpSwitch) != 0 {
		t.Errorf("sparse: a switch is left:\n%s", f)
	}
	in := middle.NewInterpreter(f.Module, middle.InterpOptions{})
	for i, v := range sparse {
		if r, err := in.Call("f", v); err != nil || r != int64(100+i) {
			t.Errorf("sparse: f(%d) = %d, %v; want %d", v, r, err, 100+i)
		}
	}
	depth := maxCompares(f.Entry(), 0)
	if depth > 4 {
		t.Errorf("sparse: a path of %d compares, want at most 4 for 8 cases\n%s", depth, f)
	}
	// i32 with the type's extremes: no bounds check past them.
	f = lowered(t, switchIR("i32", -1<<31, 0, 1<<31-1, 5))
	in = middle.NewInterpreter(f.Module, middle.InterpOptions{})
	for _, c := range [][2]int64{{-1 << 31, 100}, {0, 101}, {1<<31 - 1, 102}, {5, 103}, {4, -1}, {-1, -1}} {
		if r, err := in.Call("f", c[0]); err != nil || r != c[1] {
			t.Errorf("i32: f(%d) = %d, %v; want %d", c[0], r, err, c[1])
		}
	}
}

// maxCompares is the most condbrs on a path from b down the tree.
func maxCompares(b *middle.Block, depth int) int {
	t := b.Term()
	if t.Op != middle.OpCondBr {
		return depth
	}
	return max(maxCompares(b.Succ(0), depth+1), maxCompares(b.Succ(1), depth+1))
}

// The assembly of a table: the position-independent sequence and the
// table of offsets in .rodata.
func TestJumpTableAssembly(t *testing.T) {
	asm := assemble(t, switchIR("i64", 0, 1, 2, 3, 4))
	for _, want := range []string{"movslq\t(%", ",4), %", "jmp\t*%", "\t.section\t.rodata\n\t.p2align\t2\n.Lf.entry.table.table:\n\t.long\t.Lf.c0-.Lf.entry.table.table\n", "\t.text\n"} {
		if !strings.Contains(asm, want) {
			t.Errorf("the assembly lacks %q:\n%s", want, asm)
		}
	}
}

// Random switches, dense, sparse and mixed, over i64 and i32 selectors,
// inside a loop whose φs cross the switch's edges: compiled, linked and
// run on many values, compared with the IR interpreter.
func TestRandomSwitchLowering(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	const funcs = 40
	var ll, decls, calls strings.Builder
	var inputs []int64
	for k := range funcs {
		typ := []string{"i64", "i32"}[rng.IntN(2)]
		vals := randomCases(rng, typ)
		for _, v := range vals {
			inputs = append(inputs, v, v-1, v+1)
		}
		ll.WriteString(randomSwitchFunc(rng, k, typ, vals))
		fmt.Fprintf(&decls, "int64_t f%d(int64_t);\n", k)
		fmt.Fprintf(&calls, "\t\tprintf(\"%%lld \", (long long)f%d(xs[i]));\n", k)
	}
	inputs = append(inputs, 0, -1, 1<<31-1, -1<<31, 1<<62, -1<<63)
	slices.Sort(inputs)
	inputs = slices.Compact(inputs)
	var xs []string
	for _, x := range inputs {
		xs = append(xs, fmt.Sprintf("%dLL", x))
	}
	xs[slices.Index(inputs, -1<<63)] = "(-9223372036854775807LL-1)"
	driver := decls.String() + "int64_t xs[] = {" + strings.Join(xs, ", ") + "};\n" +
		"int main(void) {\n\tfor (int i = 0; i < " + fmt.Sprint(len(inputs)) + "; i++) {\n" + calls.String() + "\t\tprintf(\"\\n\");\n\t}\n}\n"

	m, errs := middle.ParseModule("rand.ll", []byte(ll.String()))
	if len(errs) == 0 {
		errs = middle.VerifyModule(m)
	}
	if len(errs) > 0 {
		t.Fatalf("%v\n%s", errs, numbered(ll.String()))
	}
	in := middle.NewInterpreter(m, middle.InterpOptions{})
	var want strings.Builder
	for _, x := range inputs {
		for k := range funcs {
			r, err := in.Call(fmt.Sprintf("f%d", k), x)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&want, "%d ", r)
		}
		want.WriteString("\n")
	}
	if got := run(t, ll.String(), driver); got != want.String() {
		gl, wl := strings.Split(got, "\n"), strings.Split(want.String(), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("x = %d: got\n%s\nwant\n%s", inputs[i], gl[i], wl[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}

// randomCases is a case set: dense (a run with holes), sparse, or both.
func randomCases(rng *rand.Rand, typ string) []int64 {
	seen := map[int64]bool{}
	var vals []int64
	add := func(v int64) {
		if typ == "i32" {
			v = int64(int32(v))
		}
		if !seen[v] {
			seen[v] = true
			vals = append(vals, v)
		}
	}
	mode := rng.IntN(3)
	if mode != 1 {
		base := rng.Int64N(200) - 100
		for i := range int64(4 + rng.IntN(30)) {
			if rng.IntN(4) != 0 {
				add(base + i)
			}
		}
	}
	if mode != 0 {
		for range 1 + rng.IntN(12) {
			switch rng.IntN(3) {
			case 0:
				add(rng.Int64())
			case 1:
				add(-rng.Int64N(1 << 20))
			default:
				add(rng.Int64N(5000))
			}
		}
	}
	return vals
}

// randomSwitchFunc is f<k>: three rounds of a loop that switches on x+i
// (truncated for an i32 switch) to a few arms, some shared, some straight
// to the latch, summing what the arms give.
func randomSwitchFunc(rng *rand.Rand, k int, typ string, vals []int64) string {
	var b strings.Builder
	arms := 1 + rng.IntN(6)
	fmt.Fprintf(&b, "define i64 @f%d(i64 %%x) {\nentry:\n  br label %%loop\n\nloop:\n", k)
	b.WriteString("  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]\n  %acc = phi i64 [ 0, %entry ], [ %acc.next, %latch ]\n")
	b.WriteString("  %y = add i64 %x, %i\n")
	sel := "%y"
	if typ == "i32" {
		b.WriteString("  %y32 = trunc i64 %y to i32\n")
		sel = "%y32"
	}
	fmt.Fprintf(&b, "  switch %s %s, label %%def [\n", typ, sel)
	direct := false
	for _, v := range vals {
		if a := rng.IntN(arms + 1); a == arms {
			fmt.Fprintf(&b, "    %s %d, label %%latch\n", typ, v)
			direct = true
		} else {
			fmt.Fprintf(&b, "    %s %d, label %%arm%d\n", typ, v, a)
		}
	}
	b.WriteString("  ]\n")
	entries := []string{"[ %d, %def ]"}
	for a := range arms {
		fmt.Fprintf(&b, "\narm%d:\n  %%v%d = mul i64 %%y, %d\n  br label %%latch\n", a, a, a+2)
		entries = append(entries, fmt.Sprintf("[ %%v%d, %%arm%d ]", a, a))
	}
	if direct {
		entries = append(entries, "[ 7, %loop ]")
	}
	fmt.Fprintf(&b, "\ndef:\n  %%d = sub i64 0, %%i\n  br label %%latch\n\nlatch:\n  %%val = phi i64 %s\n", strings.Replace(strings.Join(entries, ", "), "[ %d, %def ]", "[ %d, %def ]", 1))
	b.WriteString("  %m = mul i64 %acc, 31\n  %acc.next = add i64 %m, %val\n  %i.next = add i64 %i, 1\n  %more = icmp slt i64 %i.next, 3\n  br i1 %more, label %loop, label %exit\n\nexit:\n  ret i64 %acc.next\n}\n\n")
	return b.String()
}

// A table switch in a loop (an interpreter's dispatch) computes its
// table's address before the loop, once, not on every round.
func TestJumpTableBaseHoisted(t *testing.T) {
	const ll = `
define i64 @run(i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %next ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %next ]
  %k = and i64 %i, 7
  switch i64 %k, label %other [ i64 0, label %c0  i64 1, label %c1  i64 2, label %c2  i64 3, label %c3  i64 4, label %c4 ]
c0:
  br label %next
c1:
  br label %next
c2:
  br label %next
c3:
  br label %next
c4:
  br label %next
other:
  br label %next
next:
  %d = phi i64 [ 3, %c0 ], [ 5, %c1 ], [ 7, %c2 ], [ 11, %c3 ], [ 13, %c4 ], [ 1, %other ]
  %m = mul i64 %s, 31
  %s.1 = add i64 %m, %d
  %i.1 = add i64 %i, 1
  %c = icmp slt i64 %i.1, %n
  br i1 %c, label %head, label %exit
exit:
  ret i64 %s.1
}
`
	expect(t, ll, `int64_t run(int64_t);
int main(void) {
	int64_t s = 0, d[8] = {3, 5, 7, 11, 13, 1, 1, 1};
	for (int64_t i = 0; i < 100; i++) s = (int64_t)((uint64_t)s * 31 + d[i & 7]);
	printf("%d\n", run(100) == s);
}
`, "1\n")
	_, fs := stages(t, ll)
	leas := 0
	for _, b := range fs[0].Blocks {
		for _, in := range b.Instrs {
			if in.Op == opLea && strings.HasPrefix(in.Args[1].sym(), ".Ljt") {
				leas++
				if b.depth > 0 {
					t.Errorf("the table's address is computed in %s, at loop depth %d:\n%s", b.Name, b.depth, fs[0])
				}
			}
		}
	}
	if leas != 1 {
		t.Errorf("%d leas of a table's address, want 1:\n%s", leas, fs[0])
	}
}
