package middle

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// boundsIR expands the shorthand the BCE tests are written in into the IR
// the frontend emits, so that each case reads like the Toy loop it stands
// for:
//
//	%n = len %a                the invariant length load
//	%a = new %n                toy_new_array(%n, 8, ...)
//	check %name %idx %a        the bounds check of %a[%idx], continuing in %name.ok
//
// Checks the tests expect BCE to remove are named %gone..., the ones it
// must keep %keep...
func boundsIR(src string) string {
	var out strings.Builder
	out.WriteString("declare ptr @toy_new_array(i64, i64, ptr, i32, i32)\n")
	out.WriteString("declare void @toy_index_error(ptr, i32, i32, i64, i64)\n")
	for _, line := range strings.Split(src, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 4 && f[0] == "check":
			name, idx, arr := f[1][1:], f[2], f[3]
			fmt.Fprintf(&out, "  %%%s.len.addr = getelementptr i8, ptr %s, i64 -8\n", name, arr)
			fmt.Fprintf(&out, "  %%%s.len = load i64, ptr %%%s.len.addr, !invariant.load !0\n", name, name)
			fmt.Fprintf(&out, "  %%%s = icmp ult i64 %s, %%%s.len\n", name, idx, name)
			fmt.Fprintf(&out, "  br i1 %%%s, label %%%s.ok, label %%%s.fail\n", name, name, name)
			fmt.Fprintf(&out, "%s.fail:\n  call void @toy_index_error(ptr null, i32 0, i32 0, i64 %s, i64 %%%s.len)\n  unreachable\n", name, idx, name)
			fmt.Fprintf(&out, "%s.ok:\n", name)
		case len(f) == 4 && f[1] == "=" && f[2] == "len":
			fmt.Fprintf(&out, "  %s.addr = getelementptr i8, ptr %s, i64 -8\n", f[0], f[3])
			fmt.Fprintf(&out, "  %s = load i64, ptr %s.addr, !invariant.load !0\n", f[0], f[0])
		case len(f) == 4 && f[1] == "=" && f[2] == "new":
			fmt.Fprintf(&out, "  %s = call ptr @toy_new_array(i64 %s, i64 8, ptr null, i32 0, i32 0)\n", f[0], f[3])
		default:
			out.WriteString(line + "\n")
		}
	}
	out.WriteString("!0 = !{}\n")
	return out.String()
}

// checkBCE runs BCE on the expanded module and compares the checks that
// remain with the names' promise.
func checkBCE(t *testing.T, src string) {
	t.Helper()
	text := boundsIR(src)
	m := mustParse(t, "bce.ll", text)
	for _, f := range m.Funcs {
		BCE(f)
		if err := Verify(f); err != nil {
			t.Fatalf("%s\n%v", f, err)
		}
	}
	var kept, want []string
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpICmp && (v.Pred == PredULT || v.Pred == PredUGT) {
					kept = append(kept, v.Name)
				}
			}
		}
	}
	for _, line := range strings.Split(src, "\n") {
		if f := strings.Fields(line); len(f) == 4 && f[0] == "check" && strings.HasPrefix(f[1], "%keep") {
			want = append(want, f[1][1:])
		}
	}
	if fmt.Sprint(kept) != fmt.Sprint(want) {
		t.Errorf("checks kept: %v, want %v\n%s", kept, want, m)
	}
	checkLLVMAccepts(t, "bce.ll", m.String())
}

// The canonical loop: the check becomes true, its comparison goes, and
// simplifycfg will delete the cold block.
func TestBCECanonicalLoop(t *testing.T) {
	checkPass(t, BCE, boundsIR(`
define i64 @sum(ptr %a) {
entry:
  br label %for.cond
for.cond:
  %s = phi i64 [ 0, %entry ], [ %s.1, %inb.ok ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %inb.ok ]
  %n = len %a
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  check %inb %i %a
  %p = getelementptr i64, ptr %a, i64 %i
  %e = load i64, ptr %p
  %s.1 = add i64 %s, %e
  %i.1 = add i64 %i, 1
  br label %for.cond
end:
  ret i64 %s
}`), `
define i64 @sum(ptr %a) {
entry:
  br label %for.cond
for.cond:
  %s = phi i64 [ 0, %entry ], [ %s.1, %inb.ok ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %inb.ok ]
  %n.addr = getelementptr i8, ptr %a, i64 -8
  %n = load i64, ptr %n.addr, !invariant.load !0
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  %inb.len.addr = getelementptr i8, ptr %a, i64 -8
  %inb.len = load i64, ptr %inb.len.addr, !invariant.load !0
  br i1 true, label %inb.ok, label %inb.fail
inb.fail:
  call void @toy_index_error(ptr null, i32 0, i32 0, i64 %i, i64 %inb.len)
  unreachable
inb.ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %e = load i64, ptr %p
  %s.1 = add i64 %s, %e
  %i.1 = add i64 %i, 1
  br label %for.cond
end:
  ret i64 %s
}`)
}

// The loops whose checks cannot fail.
func TestBCERemoves(t *testing.T) {
	cases := map[string]string{
		// for i = 0; i < n; i += 1 { a[i] } with a = new(int, n); and a
		// second access to a[i] in the same iteration.
		"new(n) bounds i < n": `
define void @f(i64 %n) {
entry:
  %a = new %n
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %gone.2.ok ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  check %gone.1 %i %a
  check %gone.2 %i %a
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// if n <= len(a) { for i = 2; i < n; i += 1 { a[i] } }, with the
		// jump from the if to the loop bypassed, as simplifycfg leaves it:
		// the loop is entered only from the guarded edge.
		"guard n <= len(a)": `
define void @f(ptr %a, i64 %n) {
entry:
  %len = len %a
  %fits = icmp sle i64 %n, %len
  br i1 %fits, label %head, label %end
head:
  %i = phi i64 [ 2, %entry ], [ %i.1, %gone.ok ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  check %gone %i %a
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// for i = 1; i <= len(a); i += 1 { a[i - 1]; a[i] }: the first
		// cannot fail, the second fails at i == len(a).
		"a[i-1] under i >= 1": `
define void @f(ptr %a) {
entry:
  br label %head
head:
  %i = phi i64 [ 1, %entry ], [ %i.1, %keep.ok ]
  %len = len %a
  %more = icmp sle i64 %i, %len
  br i1 %more, label %body, label %end
body:
  %im1 = sub i64 %i, 1
  check %gone %im1 %a
  check %keep %i %a
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// for i = 0; i + 1 < len(a); i += 1 { a[i]; a[i + 1] }, with the
		// two i + 1 one value (as GVN leaves them).
		"bound on i + 1": `
define void @f(ptr %a) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %gone.2.ok ]
  %next = add i64 %i, 1
  %len = len %a
  %more = icmp slt i64 %next, %len
  br i1 %more, label %body, label %end
body:
  check %gone.1 %i %a
  check %gone.2 %next %a
  br label %head
end:
  ret void
}`,
		// for i = len(a) - 1; i >= 0; i -= 1 { a[i] }
		"downwards": `
define void @f(ptr %a) {
entry:
  %len = len %a
  %last = sub i64 %len, 1
  br label %head
head:
  %i = phi i64 [ %last, %entry ], [ %i.1, %gone.ok ]
  %more = icmp sge i64 %i, 0
  br i1 %more, label %body, label %end
body:
  check %gone %i %a
  %i.1 = add i64 %i, -1
  br label %head
end:
  ret void
}`,
		// t = new(int, 64); t[(x % 64 + 64) % 64]; t[x & 63]; and
		// if len(a) > 0 { a[h & (len(a) - 1)] }: remainders and masks.
		"remainder and mask": `
define void @f(i64 %x, ptr %a, i64 %h) {
entry:
  %t = new 64
  %r = srem i64 %x, 64
  %r64 = add i64 %r, 64
  %idx = srem i64 %r64, 64
  check %gone.1 %idx %t
  %m = and i64 %x, 63
  check %gone.2 %m %t
  %len = len %a
  %some = icmp sgt i64 %len, 0
  br i1 %some, label %then, label %end
then:
  %mask = sub i64 %len, 1
  %slot = and i64 %h, %mask
  check %gone.3 %slot %a
  br label %end
end:
  ret void
}`,
		// A byte zero-extended, a word shifted right by 56, a quotient of
		// a non-negative number, a select of two safe indices, the check
		// written the other way round (len >u i): all below 256.
		"casts, shifts, quotients, selects": `
define void @f(i8 %byte, i64 %w, i1 %c, i64 %x) {
entry:
  %t = new 256
  %z = zext i8 %byte to i64
  check %gone.1 %z %t
  %top = lshr i64 %w, 56
  check %gone.2 %top %t
  %small = and i64 %x, 1023
  %q = sdiv i64 %small, 4
  check %gone.3 %q %t
  %s = select i1 %c, i64 %top, i64 %z
  check %gone.4 %s %t
  %tlen = len %t
  %gone.5 = icmp ugt i64 %tlen, %q
  br i1 %gone.5, label %ok, label %end
ok:
  ret void
end:
  ret void
}`,
		// The two rows of lcs, both new(int, n + 1) after a new(int, n),
		// swapped each iteration: cur[j] for j <= n, and the φs of
		// pointers keep the length n + 1.
		"swapped rows": `
define void @f(i64 %n) {
entry:
  %a = new %n
  %n1 = add i64 %n, 1
  %prev0 = new %n1
  %n1b = add i64 %n, 1
  %cur0 = new %n1b
  br label %outer
outer:
  %prev = phi ptr [ %prev0, %entry ], [ %cur, %inner.end ]
  %cur = phi ptr [ %cur0, %entry ], [ %prev, %inner.end ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %inner.end ]
  %go = icmp slt i64 %i, 10
  br i1 %go, label %row, label %end
row:
  check %gone.1 0 %cur
  br label %inner
inner:
  %j = phi i64 [ 1, %gone.1.ok ], [ %j.1, %gone.3.ok ]
  %more = icmp sle i64 %j, %n
  br i1 %more, label %cell, label %inner.end
cell:
  %jm1 = sub i64 %j, 1
  check %gone.2 %jm1 %prev
  check %gone.3 %j %cur
  %j.1 = add i64 %j, 1
  br label %inner
inner.end:
  %i.1 = add i64 %i, 1
  br label %outer
end:
  %half = sdiv i64 %n, 2
  check %gone.4 %half %prev
  check %gone.5 %n %prev
  ret void
}`,
		// for i: i32 = 0; i < i32(len(a)); i += 1 { a[i] }: truncating a
		// non-negative length never makes it larger.
		"i32 index against i32(len)": `
define void @f(ptr %a) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.1, %gone.ok ]
  %len = len %a
  %n = trunc i64 %len to i32
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %end
body:
  %idx = sext i32 %i to i64
  check %gone %idx %a
  %i.1 = add i32 %i, 1
  br label %head
end:
  ret void
}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) { checkBCE(t, src) })
	}
}

// The checks that can fail, each next to one that cannot where the
// difference is one detail.
func TestBCEKeeps(t *testing.T) {
	cases := map[string]string{
		// for i = -1; i < len(a); i += 1 { a[i] }
		"starts at -1": `
define void @f(ptr %a) {
entry:
  br label %head
head:
  %i = phi i64 [ -1, %entry ], [ %i.1, %keep.ok ]
  %len = len %a
  %more = icmp slt i64 %i, %len
  br i1 %more, label %body, label %end
body:
  check %keep %i %a
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// for i = 0; i < len(a); i += 2 { a[i + 1] } fails for odd
		// lengths; for i = 0; i < len(a); i += 2 { a[i] } could only fail
		// by i += 2 wrapping around at a length of 2^63 - 1, which nothing
		// rules out. (With both accesses in one loop, a[i] is safe: a[i + 1]
		// passed the iteration before.)
		"step 2": `
define void @odd(ptr %a) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.2, %keep.1.ok ]
  %len = len %a
  %more = icmp slt i64 %i, %len
  br i1 %more, label %body, label %end
body:
  %ip1 = add i64 %i, 1
  check %keep.1 %ip1 %a
  %i.2 = add i64 %i, 2
  br label %head
end:
  ret void
}
define void @wraps(ptr %a) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.2, %keep.2.ok ]
  %len = len %a
  %more = icmp slt i64 %i, %len
  br i1 %more, label %body, label %end
body:
  check %keep.2 %i %a
  %i.2 = add i64 %i, 2
  br label %head
end:
  ret void
}`,
		// for i = 0; i < len(b); i += 1 { a[i]; b[i] }
		"another array's length": `
define void @f(ptr %a, ptr %b) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %gone.ok ]
  %len = len %b
  %more = icmp slt i64 %i, %len
  br i1 %more, label %body, label %end
body:
  check %keep %i %a
  check %gone %i %b
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// for i = 0; i + 1 < len(a); i += 1 { a[i + 2] }; and i + 1 < n
		// where i may be the largest int, so that i + 1 wraps.
		"bound on i + 1, one too far": `
define void @f(ptr %a, i64 %i) {
entry:
  br label %head
head:
  %j = phi i64 [ 0, %entry ], [ %j.1, %keep.1.ok ]
  %next = add i64 %j, 1
  %len = len %a
  %more = icmp slt i64 %next, %len
  br i1 %more, label %body, label %end
body:
  %two = add i64 %j, 2
  check %keep.1 %two %a
  %j.1 = add i64 %j, 1
  br label %head
end:
  %after = add i64 %i, 1
  %fits = icmp slt i64 %after, %len
  br i1 %fits, label %then, label %out
then:
  check %keep.2 %i %a
  br label %out
out:
  ret void
}`,
		// for i = 0; i <= len(a); i += 1 { a[i] }
		"i <= len(a)": `
define void @f(ptr %a) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %keep.ok ]
  %len = len %a
  %more = icmp sle i64 %i, %len
  br i1 %more, label %body, label %end
body:
  check %keep %i %a
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// var n = len(a); for i = 0; i < n; i += 1 { a[i]; a = b; }: the
		// array changes under the bound; checked against the current
		// array's own length, the same access is safe.
		"array variable reassigned": `
define void @f(ptr %a0, ptr %b) {
entry:
  %n = len %a0
  br label %head
head:
  %a = phi ptr [ %a0, %entry ], [ %b, %gone.ok ]
  %i = phi i64 [ 0, %entry ], [ %i.1, %gone.ok ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %end
body:
  check %keep %i %a
  %alen = len %a
  %fits = icmp slt i64 %i, %alen
  br i1 %fits, label %again, label %end
again:
  check %gone %i %a
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`,
		// for i: i32 = 0; int(i) < len(a); i += 1 { a[i] }: the i32
		// counter wraps to -2^31 when len(a) > 2^31.
		"i32 index sign-extended": `
define void @f(ptr %a) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.1, %keep.ok ]
  %wide = sext i32 %i to i64
  %len = len %a
  %more = icmp slt i64 %wide, %len
  br i1 %more, label %body, label %end
body:
  %idx = sext i32 %i to i64
  check %keep %idx %a
  %i.1 = add i32 %i, 1
  br label %head
end:
  ret void
}`,
		// A bound that changes every iteration: j < len(t) held for the
		// previous t, and says nothing about this one (induction over j
		// needs a bound fixed while the loop runs).
		"bound redefined in the loop": `
define void @f(i64 %x) {
entry:
  br label %head
head:
  %j = phi i64 [ 0, %entry ], [ %j.1, %step ]
  %r = phi i64 [ %x, %entry ], [ %r.1, %step ]
  %n0 = and i64 %r, 7
  %n = add i64 %n0, 1
  %t = new %n
  check %keep %j %t
  %j.1 = add i64 %j, 1
  %tlen = len %t
  %fits = icmp slt i64 %j.1, %tlen
  br i1 %fits, label %step, label %end
step:
  %r.1 = mul i64 %r, 5
  br label %head
end:
  ret void
}`,
		// The same with one more: a signed byte, a shift by 55, a quotient
		// of a number that may be negative, 1024 / 4 = 256.
		"casts, shifts, quotients one too far": `
define void @f(i8 %byte, i64 %w, i64 %x) {
entry:
  %t = new 256
  %sx = sext i8 %byte to i64
  check %keep.1 %sx %t
  %top = lshr i64 %w, 55
  check %keep.2 %top %t
  %q = sdiv i64 %x, 4
  check %keep.3 %q %t
  %big = and i64 %x, 1024
  %q4 = sdiv i64 %big, 4
  check %keep.4 %q4 %t
  ret void
}`,
		// t = new(int, 64); t[x % 64] (negative x), t[x & m] (negative m),
		// a[i] under i < len(a) alone (negative i).
		"sign unknown": `
define void @f(i64 %x, i64 %m, ptr %a, i64 %i) {
entry:
  %t = new 64
  %r = srem i64 %x, 64
  check %keep.1 %r %t
  %k = and i64 %x, %m
  check %keep.2 %k %t
  %len = len %a
  %below = icmp slt i64 %i, %len
  br i1 %below, label %then, label %end
then:
  check %keep.3 %i %a
  br label %end
end:
  ret void
}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) { checkBCE(t, src) })
	}
}

// The oracle: random loops over arrays in the frontend's shape, with every
// kind of start, step, bound and index the catalog above has and more,
// compute the same result and fail the same checks (the cold blocks report
// through @sink and return) before and after BCE.
func TestBCEOracle(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	compared, removed, total, failing := 0, 0, 0, 0
	for range 600 {
		m := randomArrayProgram(rng)
		before := countChecks(m)
		total += before
		for _, in := range progInputs {
			out := runModule(m, "main", [][]int64{in})[0]
			if out.err == nil && out.result == -1 {
				failing++
			}
		}
		compared += compareRuns(t, m, "main", progInputs, 20000, BCE)
		removed += before - countChecks(m)
	}
	t.Logf("%d runs compared, %d of %d checks removed, %d runs stopped by a check", compared, removed, total, failing)
	if compared < 1000 || removed < 200 || failing < 200 {
		t.Errorf("too little exercised: %d runs compared, %d checks removed, %d runs stopped by a check", compared, removed, failing)
	}
}

func countChecks(m *Module) int {
	n := 0
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpICmp && v.Pred == PredULT {
					n++
				}
			}
		}
	}
	return n
}

// arrayGen builds @main(i64 %a, i64 %b) -> i64 of randomArrayProgram.
type arrayGen struct {
	rng    *rand.Rand
	f      *Func
	b      *Builder
	arrays []*Value // array pointers usable at the current point
	sizes  []*Value // the length each was allocated with
	ints   []*Value // i64 values usable at the current point
	acc    *Value   // @acc, where loaded elements are summed
}

// randomArrayProgram makes a module whose @main allocates a few arrays
// with lengths from its arguments, runs loops (some nested) that index
// them, sums what it reads into @acc and returns it; a failing check calls
// @sink with the index and returns -1. @toy_new_array is defined in the
// module, a bump allocator over @heap, so the interpreter can run it.
func randomArrayProgram(rng *rand.Rand) *Module {
	m := mustParseModule(arrayRuntime)
	m.Global("heap").Bytes = make([]byte, 4096)
	f := m.NewFunc("main", I64)
	g := &arrayGen{rng: rng, f: f, b: NewBuilder(f), acc: f.GlobalAddr("acc")}
	a, b := f.AddParam(I64, "a"), f.AddParam(I64, "b")
	g.b.SetBlock(f.NewBlock("entry"))
	g.ints = []*Value{a, b}
	for range 1 + rng.Intn(3) {
		n := g.length(a, b)
		arr := g.b.Call("toy_new_array", Ptr, []*Value{n, f.Const(I64, 8), f.Const(Ptr, 0), f.Const(I32, 0), f.Const(I32, 0)}, "arr")
		g.arrays, g.sizes = append(g.arrays, arr), append(g.sizes, n)
	}
	for range 1 + rng.Intn(3) {
		g.statement(0)
	}
	g.b.Ret(g.b.Load(I64, g.acc, "sum"))
	return m
}

// arrayRuntime is the allocator; the caller makes @heap 4096 bytes long.
const arrayRuntime = `
@heap = global [1 x i8] c"\00"
@top = global i64 0
@acc = global i64 0
declare void @sink(i64)
define ptr @toy_new_array(i64 %n, i64 %size, ptr %file, i32 %line, i32 %col) {
entry:
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %bad, label %ok
bad:
  unreachable
ok:
  %top = load i64, ptr @top
  %base = getelementptr i8, ptr @heap, i64 %top
  store i64 %n, ptr %base
  %arr = getelementptr i8, ptr %base, i64 8
  %bytes = mul i64 %n, %size
  %end = add i64 %top, %bytes
  %next = add i64 %end, 8
  store i64 %next, ptr @top
  ret ptr %arr
}
`

func mustParseModule(text string) *Module {
	m, diags := ParseModule("arrays.ll", []byte(text))
	if len(diags) > 0 {
		panic(diags.Error())
	}
	return m
}

// length is an allocation length: small constants, or a few bits of an
// argument, possibly plus one.
func (g *arrayGen) length(a, b *Value) *Value {
	f, bl := g.f, g.b
	switch g.rng.Intn(4) {
	case 0:
		return f.Const(I64, int64(g.rng.Intn(7)))
	case 1:
		return bl.Binary(OpAnd, a, f.Const(I64, 7), "n")
	case 2:
		return bl.Binary(OpAdd, bl.Binary(OpAnd, b, f.Const(I64, 7), "m"), f.Const(I64, 1), "n")
	}
	return bl.Binary(OpAnd, bl.Binary(OpAdd, a, b, "ab"), f.Const(I64, 3), "n")
}

func (g *arrayGen) pick(vs []*Value) *Value { return vs[g.rng.Intn(len(vs))] }

// lengthOf emits len(arr).
func (g *arrayGen) lengthOf(arr *Value) *Value {
	l := g.b.Load(I64, g.b.GEP(I8, arr, g.f.Const(I64, -8), "len.addr"), "len")
	l.Invariant = true
	return l
}

// statement emits a loop, or at depth > 0 sometimes an access or a guard.
func (g *arrayGen) statement(depth int) {
	switch r := g.rng.Intn(6); {
	case depth < 2 && r < 3:
		g.loop(depth)
	case r < 5:
		g.access(g.index())
	default:
		g.guarded(depth)
	}
}

// index returns an index expression over the values in scope.
func (g *arrayGen) index() *Value {
	f, b := g.f, g.b
	x := g.pick(g.ints)
	switch g.rng.Intn(12) {
	case 9:
		return b.Binary(OpMul, x, g.pick(g.ints[:2]), "scaled")
	case 10:
		return b.Binary(OpMul, x, f.Const(I64, []int64{3, 4, -2}[g.rng.Intn(3)]), "times")
	case 11:
		return b.Binary(OpAdd, b.Binary(OpMul, g.pick(g.ints), g.pick(g.ints), "row"), x, "rowcol")
	case 0:
		return b.Binary(OpSub, x, f.Const(I64, 1), "im1")
	case 1:
		return b.Binary(OpAdd, x, f.Const(I64, 1), "ip1")
	case 2:
		return b.Binary(OpAnd, x, f.Const(I64, int64(g.rng.Intn(8))), "masked")
	case 3:
		return b.Binary(OpSRem, x, f.Const(I64, 4), "rem")
	case 4:
		return b.Cast(OpSExt, b.Cast(OpTrunc, x, I32, "narrow"), I64, "idx")
	case 5:
		return b.Binary(OpSDiv, x, f.Const(I64, 2), "half")
	case 6:
		return f.Const(I64, int64(g.rng.Intn(4)-1))
	}
	return x
}

// access emits arr[idx] += 1 for a random array and adds the old element
// to @acc.
func (g *arrayGen) access(idx *Value) {
	f, b := g.f, g.b
	arr := g.pick(g.arrays)
	n := g.lengthOf(arr)
	ok, fail := f.NewBlock("bounds.ok"), f.NewBlock("bounds.fail")
	b.CondBr(b.ICmp(PredULT, idx, n, "inbounds"), ok, fail)
	b.SetBlock(fail)
	b.Call("sink", Void, []*Value{idx}, "")
	b.Ret(f.Const(I64, -1))
	b.SetBlock(ok)
	addr := b.GEP(I64, arr, idx, "elem.addr")
	elem := b.Load(I64, addr, "elem")
	b.Store(b.Binary(OpAdd, elem, f.Const(I64, 1), "inc"), addr)
	b.Store(b.Binary(OpAdd, b.Load(I64, g.acc, "acc"), elem, "acc.1"), g.acc)
}

// guarded emits if x pred y { statements }.
func (g *arrayGen) guarded(depth int) {
	f, b := g.f, g.b
	x := g.pick(g.ints)
	y := g.pick(append([]*Value{f.Const(I64, 1), f.Const(I64, 0), g.lengthOf(g.pick(g.arrays))}, g.sizes...))
	then, join := f.NewBlock("if.then"), f.NewBlock("if.end")
	preds := []Pred{PredSGE, PredSLT, PredSLE, PredSGT, PredULT}
	b.CondBr(b.ICmp(preds[g.rng.Intn(len(preds))], x, y, "guard"), then, join)
	b.SetBlock(then)
	g.statement(depth + 1)
	b.Br(join)
	b.SetBlock(join)
}

// loop emits for i = start; i pred bound; i += step { statements }, and
// sometimes swaps two arrays every iteration (the frontend's φ of
// pointers).
func (g *arrayGen) loop(depth int) {
	f, b, rng := g.f, g.b, g.rng
	arr := g.pick(g.arrays)
	starts := []*Value{f.Const(I64, 0), f.Const(I64, 1), f.Const(I64, -1), f.Const(I64, 2), b.Binary(OpSub, g.lengthOf(arr), f.Const(I64, 1), "last")}
	start := g.pick(starts)
	from := b.Block
	head, body, exit := f.NewBlock("for.cond"), f.NewBlock("for.body"), f.NewBlock("for.end")
	b.Br(head)
	b.SetBlock(head)
	i := b.Phi(I64, "i")
	i.AddIncoming(start, from)
	var swap [2]*Value
	outerArrays := g.arrays
	if len(g.arrays) >= 2 && rng.Intn(3) == 0 {
		swap[0], swap[1] = b.Phi(Ptr, "row"), b.Phi(Ptr, "other")
		swap[0].AddIncoming(g.arrays[0], from)
		swap[1].AddIncoming(g.arrays[1], from)
		g.arrays = append(g.arrays[:len(g.arrays):len(g.arrays)], swap[0], swap[1])
	}
	step := []int64{1, 1, 1, 2, -1}[rng.Intn(5)]
	var pred Pred
	var bound *Value
	if step > 0 {
		pred = []Pred{PredSLT, PredSLT, PredSLE, PredULT, PredNE}[rng.Intn(5)]
		bound = g.pick(append([]*Value{g.lengthOf(g.pick(g.arrays)), f.Const(I64, 5), b.Binary(OpSub, g.lengthOf(arr), f.Const(I64, 1), "lm1")}, g.sizes...))
	} else {
		pred = []Pred{PredSGE, PredSGT}[rng.Intn(2)]
		bound = f.Const(I64, int64(rng.Intn(2)))
	}
	b.CondBr(b.ICmp(pred, i, bound, "more"), body, exit)
	b.SetBlock(body)
	outerInts := g.ints
	g.ints = append(g.ints[:len(g.ints):len(g.ints)], i)
	for range 1 + rng.Intn(3) {
		g.statement(depth + 1)
	}
	next := b.Binary(OpAdd, i, f.Const(I64, step), "next")
	i.AddIncoming(next, b.Block)
	if swap[0] != nil {
		swap[0].AddIncoming(swap[1], b.Block)
		swap[1].AddIncoming(swap[0], b.Block)
	}
	b.Br(head)
	b.SetBlock(exit)
	g.ints, g.arrays = outerInts, outerArrays
}

// BCE is linear in the number of checks: n loops in a row, each indexing
// two arrays against a shared bound (so the bound collects n facts, which
// every question may look through).
func BenchmarkBCE(b *testing.B) { benchmarkSizes(b, bceWorkload, eachFunc(BCE)) }

func bceWorkload(n int) string {
	var src strings.Builder
	src.WriteString("define void @f(ptr %a, ptr %b, i64 %n) {\nentry:\n  %la = len %a\n  br label %h0\n")
	for i := range n {
		prev := "entry"
		if i > 0 {
			prev = fmt.Sprintf("y%d", i-1)
		}
		fmt.Fprintf(&src, "h%d:\n  %%i%d = phi i64 [ 0, %%%s ], [ %%i%d.1, %%gb%d.ok ]\n", i, i, prev, i, i)
		fmt.Fprintf(&src, "  %%more%d = icmp slt i64 %%i%d, %%n\n  br i1 %%more%d, label %%body%d, label %%x%d\n", i, i, i, i, i)
		fmt.Fprintf(&src, "body%d:\n  check %%ga%d %%i%d %%a\n  check %%gb%d %%i%d %%b\n", i, i, i, i, i)
		fmt.Fprintf(&src, "  %%i%d.1 = add i64 %%i%d, 1\n  br label %%h%d\nx%d:\n", i, i, i, i)
		fmt.Fprintf(&src, "  %%fits%d = icmp slt i64 %%n, %%la\n  br i1 %%fits%d, label %%y%d, label %%y%d\ny%d:\n", i, i, i, i, i)
		if i < n-1 {
			fmt.Fprintf(&src, "  br label %%h%d\n", i+1)
		}
	}
	src.WriteString("  ret void\n}\n")
	return boundsIR(src.String())
}

// A product by a constant is bounded by the bounds of its other operand:
// for i = 0; i <= 12; i += 1 { a[5 * i] } with a = new(int, 64) reaches
// a[60]; one iteration more, a[65], and the check stays. A product by a
// negative constant proves nothing.
func TestBCEProduct(t *testing.T) {
	checkBCE(t, `
define void @f(i64 %k) {
entry:
  %a = new 64
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.1, %body.end ]
  %more = icmp sle i64 %i, 13
  br i1 %more, label %body, label %end
body:
  %p = mul i64 %i, 5
  %in = icmp sle i64 %i, 12
  br i1 %in, label %inside, label %last
inside:
  check %gone %p %a
  %n = mul i64 -1, %i
  check %keep.neg %n %a
  br label %body.end
last:
  check %keep.last %p %a
  br label %body.end
body.end:
  %i.1 = add i64 %i, 1
  br label %head
end:
  ret void
}`)
}
