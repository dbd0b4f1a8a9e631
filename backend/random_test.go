package backend

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Differential testing against LLVM: random IR functions (arithmetic of
// every width, comparisons, selects, casts, nested ifs and loops whose φs
// permute the values they carry, memory through allocas and a buffer,
// calls to C and between the functions with stack arguments) are compiled
// by this back end and by clang, linked with the same C driver, and must
// print the same. The generator only makes defined programs: divisors are
// forced into 1..128, shift counts masked, every slot stored before it is
// read, loops counted.

type progGen struct {
	rng   *rand.Rand
	b     strings.Builder
	n     int                 // value and block name counter
	pool  map[string][]string // type -> values usable here
	slots []slotInfo
	cur   string // the block being filled
}

type slotInfo struct{ name, typ string }

var genTypes = []string{"i64", "i32", "i8", "i1"}

func genBits(t string) int {
	return map[string]int{"i64": 64, "i32": 32, "i8": 8, "i1": 1}[t]
}

func (g *progGen) name(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

func (g *progGen) emit(format string, args ...any) { fmt.Fprintf(&g.b, "  "+format+"\n", args...) }

func (g *progGen) def(t, v string) { g.pool[t] = append(g.pool[t], v) }

func (g *progGen) block(name string) {
	fmt.Fprintf(&g.b, "%s:\n", name)
	g.cur = name
}

// value returns a value of type t: a recent one, an older one, or a constant.
func (g *progGen) value(t string) string {
	p := g.pool[t]
	switch r := g.rng.Intn(10); {
	case r < 2 || len(p) == 0:
		return g.constant(t)
	case r < 6:
		return p[len(p)-1-g.rng.Intn(min(len(p), 4))]
	default:
		return p[g.rng.Intn(len(p))]
	}
}

func (g *progGen) constant(t string) string {
	if t == "ptr" {
		return "%buf"
	}
	if t == "i1" {
		return []string{"true", "false"}[g.rng.Intn(2)]
	}
	cs := map[string][]int64{
		"i64": {0, 1, -1, 2, 7, 100, -3, 1 << 31, -1 << 31, 1<<40 + 3, 0x7fffffffffffffff, -0x7fffffffffffffff - 1},
		"i32": {0, 1, -1, 2, 7, 100, -3, 0x7fffffff, -0x80000000, 65537},
		"i8":  {0, 1, -1, 2, 7, 100, -3, 127, -128},
	}[t]
	return fmt.Sprint(cs[g.rng.Intn(len(cs))])
}

func (g *progGen) anyType() string { return genTypes[g.rng.Intn(len(genTypes))] }

// mergeType is a type for selects and φs: an integer, or a pointer into
// the buffer.
func (g *progGen) mergeType() string {
	if g.rng.Intn(6) == 0 {
		return "ptr"
	}
	return g.anyType()
}

func (g *progGen) intType() string { return genTypes[g.rng.Intn(3)] }

func (g *progGen) instr(depth int) {
	switch r := g.rng.Intn(100); {
	case r < 40:
		g.arith()
	case r < 50:
		t := g.intType()
		c := g.name("c")
		preds := []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
		g.emit("%%%s = icmp %s %s %s, %s", c, preds[g.rng.Intn(len(preds))], t, g.value(t), g.value(t))
		g.def("i1", "%"+c)
	case r < 57:
		t := g.mergeType()
		v := g.name("s")
		g.emit("%%%s = select i1 %s, %s %s, %s %s", v, g.value("i1"), t, g.value(t), t, g.value(t))
		g.def(t, "%"+v)
	case r < 65:
		g.cast()
	case r < 75:
		g.memory()
	case r < 80:
		v := g.name("x")
		g.emit("%%%s = call i64 @ext(i64 %s, i64 %s)", v, g.value("i64"), g.value("i64"))
		g.def("i64", "%"+v)
	case r < 83 && depth > 0:
		v := g.name("h")
		g.emit("%%%s = call i64 @helper(i64 %s, i32 %s, i1 zeroext %s, i8 %s, i64 %s, i32 %s, i64 %s, i1 zeroext %s, i8 %s, i64 %s)", v,
			g.value("i64"), g.value("i32"), g.value("i1"), g.value("i8"), g.value("i64"), g.value("i32"), g.value("i64"), g.value("i1"), g.value("i8"), g.value("i64"))
		g.def("i64", "%"+v)
	case r < 90 && depth < 3:
		g.ifElse(depth)
	case r < 95 && depth < 2:
		g.loop(depth)
	default:
		g.arith()
	}
}

func (g *progGen) arith() {
	t := g.intType()
	if g.rng.Intn(6) == 0 {
		t = "i1"
	}
	v := g.name("a")
	x, y := g.value(t), g.value(t)
	ops := []string{"add", "sub", "mul", "and", "or", "xor", "shl", "ashr", "lshr", "sdiv", "srem"}
	if t == "i1" {
		ops = []string{"and", "or", "xor"}
	}
	op := ops[g.rng.Intn(len(ops))]
	switch op {
	case "shl", "ashr", "lshr":
		m := g.name("m")
		g.emit("%%%s = and %s %s, %d", m, t, y, genBits(t)-1)
		y = "%" + m
	case "sdiv", "srem":
		m, d := g.name("m"), g.name("d")
		g.emit("%%%s = and %s %s, 63", m, t, y)
		g.emit("%%%s = add %s %%%s, 1", d, t, m)
		y = "%" + d
	}
	g.emit("%%%s = %s %s %s, %s", v, op, t, x, y)
	g.def(t, "%"+v)
}

func (g *progGen) cast() {
	from, to := g.anyType(), g.anyType()
	bf, bt := genBits(from), genBits(to)
	if bf == bt {
		return
	}
	v := g.name("k")
	op := "trunc"
	if bt > bf {
		op = []string{"zext", "sext"}[g.rng.Intn(2)]
	}
	g.emit("%%%s = %s %s %s to %s", v, op, from, g.value(from), to)
	g.def(to, "%"+v)
}

func (g *progGen) memory() {
	if g.rng.Intn(2) == 0 {
		s := g.slots[g.rng.Intn(len(g.slots))]
		if g.rng.Intn(2) == 0 {
			g.emit("store %s %s, ptr %%%s", s.typ, g.value(s.typ), s.name)
			return
		}
		v := g.name("l")
		g.emit("%%%s = load %s, ptr %%%s", v, s.typ, s.name)
		g.def(s.typ, "%"+v)
		return
	}
	if g.rng.Intn(3) == 0 {
		g.pointer()
		return
	}
	// The buffer: 16 i64s, indexed by a masked value, at a random width.
	t := g.intType()
	per := 64 / genBits(t)
	m, p := g.name("ix"), g.name("gp")
	g.emit("%%%s = and i64 %s, %d", m, g.value("i64"), 16*per-1)
	g.emit("%%%s = getelementptr %s, ptr %%buf, i64 %%%s", p, t, m)
	g.access(t, p)
}

// access stores a value of type t to the pointer p, or loads one.
func (g *progGen) access(t, p string) {
	if g.rng.Intn(2) == 0 {
		g.emit("store %s %s, ptr %%%s", t, g.value(t), p)
		return
	}
	v := g.name("l")
	g.emit("%%%s = load %s, ptr %%%s", v, t, p)
	g.def(t, "%"+v)
}

// pointer makes a pointer into the first half of the buffer, or accesses
// memory at a constant offset from one (in bounds: the buffer is 128
// bytes).
func (g *progGen) pointer() {
	p := g.name("q")
	if len(g.pool["ptr"]) == 0 || g.rng.Intn(3) == 0 {
		if g.rng.Intn(2) == 0 {
			m := g.name("ix")
			g.emit("%%%s = and i64 %s, 63", m, g.value("i64"))
			g.emit("%%%s = getelementptr i8, ptr %%buf, i64 %%%s", p, m)
		} else {
			g.emit("%%%s = getelementptr i64, ptr %%buf, i64 %d", p, g.rng.Intn(8))
		}
		g.def("ptr", "%"+p)
		return
	}
	t := g.intType()
	g.emit("%%%s = getelementptr i8, ptr %s, i64 %d", p, g.value("ptr"), 8*g.rng.Intn(8))
	g.access(t, p)
}

// scope runs body and then forgets the values it defined (they do not
// dominate what follows).
func (g *progGen) scope(body func()) {
	saved := map[string]int{}
	for t, p := range g.pool {
		saved[t] = len(p)
	}
	body()
	for t := range g.pool {
		g.pool[t] = g.pool[t][:saved[t]]
	}
}

func (g *progGen) region(depth, n int) {
	for i := 0; i < n; i++ {
		g.instr(depth)
	}
}

// ifElse makes a diamond, or a triangle (an if without else, whose edge to
// the join is critical), with φs at the join.
func (g *progGen) ifElse(depth int) {
	then, els, join := g.name("then"), g.name("else"), g.name("join")
	triangle := g.rng.Intn(3) == 0
	if triangle {
		els = g.cur
	}
	g.emit("br i1 %s, label %%%s, label %%%s", g.value("i1"), then, map[bool]string{true: join, false: els}[triangle])
	type merge struct{ t, a, b string }
	var phis []merge
	var thenEnd, elseEnd string
	before := g.snapshot()
	g.block(then)
	g.scope(func() {
		g.region(depth+1, 1+g.rng.Intn(5))
		for k := 0; k < 1+g.rng.Intn(3); k++ {
			t := g.mergeType()
			phis = append(phis, merge{t: t, a: g.value(t)})
		}
		thenEnd = g.cur
		g.emit("br label %%%s", join)
	})
	if triangle {
		for i := range phis {
			phis[i].b = before.value(g, phis[i].t)
		}
		elseEnd = els
	} else {
		g.block(els)
		g.scope(func() {
			g.region(depth+1, 1+g.rng.Intn(5))
			for i := range phis {
				phis[i].b = g.value(phis[i].t)
			}
			elseEnd = g.cur
			g.emit("br label %%%s", join)
		})
	}
	g.block(join)
	for _, p := range phis {
		v := g.name("phi")
		g.emit("%%%s = phi %s [ %s, %%%s ], [ %s, %%%s ]", v, p.t, p.a, thenEnd, p.b, elseEnd)
		g.def(p.t, "%"+v)
	}
}

// snapshot is the pool as it was at a point, for values that dominate a
// later join.
type poolSnapshot map[string][]string

func (g *progGen) snapshot() poolSnapshot {
	s := poolSnapshot{}
	for t, p := range g.pool {
		s[t] = append([]string(nil), p...)
	}
	return s
}

func (s poolSnapshot) value(g *progGen, t string) string {
	if len(s[t]) == 0 || g.rng.Intn(4) == 0 {
		return g.constant(t)
	}
	return s[t][g.rng.Intn(len(s[t]))]
}

// loop makes a counted loop whose φs carry values around the back edge,
// often a permutation of themselves (parallel copies with cycles).
func (g *progGen) loop(depth int) {
	head, body, exit := g.name("head"), g.name("body"), g.name("exit")
	pre := g.cur
	g.emit("br label %%%s", head)
	g.block(head)
	i, inext := g.name("i"), g.name("inext")
	type carried struct{ name, t, init string }
	var cs []carried
	for k := 0; k < 2+g.rng.Intn(5); k++ {
		t := []string{"i64", "i32", "i64"}[g.rng.Intn(3)]
		cs = append(cs, carried{g.name("v"), t, g.value(t)})
	}
	// Placeholders for the back-edge operands, filled in after the body.
	var header strings.Builder
	fmt.Fprintf(&header, "  %%%s = phi i64 [ 0, %%%s ], [ %%%s, %%LATCH ]\n", i, pre, inext)
	start := g.b.Len()
	for _, c := range cs {
		g.def(c.t, "%"+c.name)
	}
	bound := 1 + g.rng.Intn(6)
	cond := g.name("lc")
	g.emit("%%%s = icmp slt i64 %%%s, %d", cond, i, bound)
	g.emit("br i1 %%%s, label %%%s, label %%%s", cond, body, exit)
	g.block(body)
	var next []string
	g.scope(func() {
		g.region(depth+1, 2+g.rng.Intn(6))
		perm := g.rng.Perm(len(cs))
		for k, c := range cs {
			switch {
			case g.rng.Intn(2) == 0 && cs[perm[k]].t == c.t:
				next = append(next, "%"+cs[perm[k]].name) // a permutation of the φs
			default:
				next = append(next, g.value(c.t))
			}
		}
		g.emit("%%%s = add i64 %%%s, 1", inext, i)
		g.emit("br label %%%s", head)
	})
	latch := g.cur
	for k, c := range cs {
		fmt.Fprintf(&header, "  %%%s = phi %s [ %s, %%%s ], [ %s, %%%s ]\n", c.name, c.t, c.init, pre, next[k], latch)
	}
	text := g.b.String()
	g.b.Reset()
	g.b.WriteString(text[:start] + strings.ReplaceAll(header.String(), "%LATCH", "%"+latch) + text[start:])
	g.block(exit)
}

// program returns a module with the random function @f, the fixed @helper
// it calls, and the declaration of the C function it calls.
func randomProgram(seed int64) string {
	g := &progGen{rng: rand.New(rand.NewSource(seed)), pool: map[string][]string{}}
	fmt.Fprintf(&g.b, "declare i64 @ext(i64, i64)\ndeclare void @touch(ptr)\n\n")
	fmt.Fprintf(&g.b, "define i64 @helper(i64 %%a, i32 %%b, i1 zeroext %%c, i8 %%d, i64 %%e, i32 %%f, i64 %%g, i1 zeroext %%h, i8 %%i, i64 %%j) {\nentry:\n")
	fmt.Fprintf(&g.b, "  %%b1 = sext i32 %%b to i64\n  %%c1 = zext i1 %%c to i64\n  %%d1 = sext i8 %%d to i64\n  %%f1 = zext i32 %%f to i64\n  %%h1 = zext i1 %%h to i64\n  %%i1 = zext i8 %%i to i64\n")
	prev := "%a"
	for k, v := range []string{"%b1", "%c1", "%d1", "%e", "%f1", "%g", "%h1", "%i1", "%j"} {
		fmt.Fprintf(&g.b, "  %%t%d = mul i64 %s, 31\n  %%u%d = xor i64 %%t%d, %s\n", k, prev, k, k, v)
		prev = fmt.Sprintf("%%u%d", k)
	}
	fmt.Fprintf(&g.b, "  ret i64 %s\n}\n\n", prev)

	fmt.Fprintf(&g.b, "define i64 @f(i64 %%p0, i32 %%p1, i8 %%p2, i1 zeroext %%p3, i64 %%p4, ptr %%buf, i32 %%p6, i64 %%p7, i1 zeroext %%p8) {\n")
	g.block("entry")
	for _, p := range []struct{ t, v string }{{"i64", "%p0"}, {"i32", "%p1"}, {"i8", "%p2"}, {"i1", "%p3"}, {"i64", "%p4"}, {"i32", "%p6"}, {"i64", "%p7"}, {"i1", "%p8"}} {
		g.def(p.t, p.v)
	}
	for k, t := range []string{"i64", "i32", "i8", "i1", "i64"} {
		s := fmt.Sprintf("slot%d", k)
		g.emit("%%%s = alloca %s", s, t)
		g.emit("store %s %s, ptr %%%s", t, g.value(t), s)
		g.slots = append(g.slots, slotInfo{s, t})
	}
	g.emit("call void @touch(ptr %%slot4)")
	g.region(0, 10+g.rng.Intn(30))
	acc := "0"
	for _, t := range []string{"i64", "i32", "i8", "i1"} {
		for _, v := range g.pool[t] {
			w := v
			if t != "i64" {
				w = "%" + g.name("z")
				g.emit("%s = zext %s %s to i64", w, t, v)
			}
			m, x := g.name("r"), g.name("r")
			g.emit("%%%s = mul i64 %s, 1000003", m, acc)
			g.emit("%%%s = xor i64 %%%s, %s", x, m, w)
			acc = "%" + x
		}
	}
	g.emit("ret i64 %s", acc)
	g.b.WriteString("}\n")
	return g.b.String()
}

const randomDriver = `
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
int64_t f(int64_t, int32_t, int8_t, bool, int64_t, int64_t *, int32_t, int64_t, bool);
int64_t ext(int64_t a, int64_t b) { return a * 3 - (b >> 2); }
void touch(int64_t *p) { *p = *p * 5 + 1; }
int main(void) {
	int64_t in[][8] = {
		{0, 0, 0, 0, 0, 0, 0, 0},
		{1, -1, 5, 1, 77, 3, -9, 1},
		{-123456789012, 2147483647, -128, 0, 1LL << 50, -2147483648LL, 42, 1},
		{999, 12345, 100, 1, -5, 7, 0x7fffffffffffffff, 0},
	};
	for (int k = 0; k < 4; k++) {
		int64_t buf[16];
		for (int j = 0; j < 16; j++) buf[j] = j * 0x0101010101010101LL - k;
		int64_t *a = in[k];
		int64_t r = f(a[0], a[1], a[2], a[3], a[4], buf, a[5], a[6], a[7]);
		int64_t h = 0;
		for (int j = 0; j < 16; j++) h = h * 31 + buf[j];
		printf("%lld %lld\n", (long long)r, (long long)h);
	}
}
`

// TestRandomAgainstClang compiles random programs with this back end and
// with clang and compares what they print.
func TestRandomAgainstClang(t *testing.T) {
	clang, gcc := tool(t, "clang"), tool(t, "gcc")
	n := 8 // clang takes a second per program; BACKEND_RANDOM_PROGRAMS=500 hunts longer
	if testing.Short() {
		n = 2
	}
	if s, err := strconv.Atoi(os.Getenv("BACKEND_RANDOM_PROGRAMS")); err == nil {
		n = s // more for a long hunt
	}
	dir := t.TempDir()
	driver := filepath.Join(dir, "driver.c")
	if err := os.WriteFile(driver, []byte(randomDriver), 0o644); err != nil {
		t.Fatal(err)
	}
	runExe := func(exe string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, exe).CombinedOutput()
		return string(out), err
	}
	for seed := int64(1); seed <= int64(n); seed++ {
		ll := randomProgram(seed)
		llFile := filepath.Join(dir, "p.ll")
		if err := os.WriteFile(llFile, []byte(ll), 0o644); err != nil {
			t.Fatal(err)
		}
		ref := filepath.Join(dir, "ref")
		if out, err := exec.Command(clang, "-w", "-mllvm", "-opaque-pointers", "-o", ref, driver, llFile).CombinedOutput(); err != nil {
			t.Fatalf("seed %d: clang: %v\n%s\n%s", seed, err, out, numbered(ll))
		}
		want, err := runExe(ref)
		if err != nil {
			t.Fatalf("seed %d: clang's program: %v", seed, err)
		}
		asm := assemble(t, ll)
		sFile, exe := filepath.Join(dir, "p.s"), filepath.Join(dir, "ours")
		if err := os.WriteFile(sFile, []byte(asm), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(gcc, "-o", exe, driver, sFile).CombinedOutput(); err != nil {
			t.Fatalf("seed %d: gcc: %v\n%s", seed, err, out)
		}
		got, err := runExe(exe)
		if err != nil || got != want {
			t.Fatalf("seed %d: got %q (%v), clang's program printed %q\n%s", seed, got, err, want, numbered(ll))
		}
	}
}
