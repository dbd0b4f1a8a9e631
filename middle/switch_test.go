package middle

import (
	"strings"
	"testing"
)

// switchModule has a switch with a shared target, a default that is also
// a case target, and an i32 selector with a negative case.
const switchModule = `define i64 @f(i64 %x) {
entry:
  switch i64 %x, label %def [
    i64 0, label %a
    i64 1, label %b
    i64 7, label %a
  ]

a:
  br label %join

b:
  br label %join

def:
  br label %join

join:
  %r = phi i64 [ 10, %a ], [ 20, %b ], [ 30, %def ]
  ret i64 %r
}

define i32 @g(i32 %x) {
entry:
  switch i32 %x, label %join [
    i32 0, label %join
    i32 5, label %join
    i32 -1, label %other
  ]

other:
  br label %join

join:
  %r = phi i32 [ 1, %entry ], [ 1, %entry ], [ 1, %entry ], [ 2, %other ]
  ret i32 %r
}
`

// The text form reads and prints back unchanged (one φ entry per LLVM
// edge), LLVM accepts it, and the IR keeps one entry per predecessor.
func TestSwitchRoundTrip(t *testing.T) {
	m := mustParse(t, "sw.ll", switchModule)
	if got := normalizeIR(m.String()); !strings.Contains(got, normalizeIR(strings.TrimPrefix(switchModule, ""))[:40]) {
		t.Errorf("printed:\n%s", got)
	}
	for _, want := range []string{
		"switch i64 %x, label %def [\n    i64 0, label %a\n    i64 1, label %b\n    i64 7, label %a\n  ]",
		"%r = phi i32 [ 1, %entry ], [ 1, %entry ], [ 1, %entry ], [ 2, %other ]",
	} {
		if !strings.Contains(m.String(), want) {
			t.Errorf("printed text lacks %q:\n%s", want, m)
		}
	}
	checkLLVMAccepts(t, "sw.ll", m.String())
	g := m.Func("g")
	join := g.Blocks[2]
	if phi := join.Phis()[0]; len(phi.Args) != 4 || len(join.Preds) != 4 {
		t.Errorf("φ %s has %d entries and its block %d preds, want 4 and 4 (one per edge)", phi.LongString(), len(phi.Args), len(join.Preds))
	}
	if n := g.Entry().EdgeCount(join); n != 3 {
		t.Errorf("EdgeCount = %d, want 3", n)
	}
	if us := g.Entry().UniqueSuccs(); len(us) != 2 || us[0] != join || us[1].Name != "other" {
		t.Errorf("UniqueSuccs = %v", us)
	}
	lines := g.TextLines()
	text := strings.Split(strings.TrimSuffix(g.String(), "\n"), "\n")
	if len(lines) != len(text) {
		t.Errorf("TextLines has %d lines for %d of text", len(lines), len(text))
	}
}

func TestSwitchVerifier(t *testing.T) {
	fn := func(body string) string {
		return "define i64 @f(i64 %x, i32 %y) {\nentry:\n" + body + "\n\na:\n  ret i64 1\n\nb:\n  ret i64 2\n}\n"
	}
	checkRejected(t, "dup.ll", fn("  switch i64 %x, label %a [\n    i64 3, label %a\n    i64 3, label %b\n  ]"),
		"dup.ll:3:3: error: in function f, block %entry: 'switch': the case value 3 is listed twice", "")
	checkRejected(t, "type.ll", fn("  switch i64 %x, label %a [\n    i32 3, label %b\n  ]"),
		"type.ll:3:3: error: in function f, block %entry: 'switch': the case value i32 3 must be a constant of the selector's type i64", "")
	// Two entries for a predecessor with three edges: LLVM wants three.
	two := strings.Replace(switchModule, "[ 1, %entry ], [ 1, %entry ], [ 1, %entry ]", "[ 1, %entry ], [ 1, %entry ]", 1)
	checkRejected(t, "two.ll", two,
		"two.ll:35:3: error: in function g, block %join: φ %r has 2 entries for %entry, which has 3 edges here (list it once, or once per edge)", "")
	// One entry is toyc's own form; LLVM rejects it, and the printer
	// writes one per edge.
	one := strings.Replace(switchModule, "[ 1, %entry ], [ 1, %entry ], [ 1, %entry ]", "[ 1, %entry ]", 1)
	m := mustParse(t, "one.ll", one)
	if !strings.Contains(m.String(), "[ 1, %entry ], [ 1, %entry ], [ 1, %entry ]") {
		t.Errorf("the single entry is not printed once per edge:\n%s", m)
	}
}

func TestSwitchInterp(t *testing.T) {
	// The selector is not the function's first value (whose register an
	// interpreter that forgot the selector would read).
	h := mustParse(t, "h.ll", `define i64 @h(i64 %x) {
entry:
  %y = add i64 %x, 1
  switch i64 %y, label %d [
    i64 1, label %a
    i64 2, label %b
    i64 3, label %a
    i64 4, label %b
  ]

a:
  ret i64 10

b:
  ret i64 20

d:
  ret i64 30
}
`)
	hin := newInterp(h, 100)
	for x, want := range []int64{10, 20, 10, 20, 30} {
		if r, err := hin.run("h", int64(x)); err != nil || r != want {
			t.Errorf("h(%d) = %d, %v; want %d", x, r, err, want)
		}
	}
	m := mustParse(t, "sw.ll", switchModule)
	in := newInterp(m, 1000)
	for _, c := range []struct {
		fn   string
		x, r int64
	}{{"f", 0, 10}, {"f", 1, 20}, {"f", 7, 10}, {"f", 2, 30}, {"f", -1, 30},
		{"g", 0, 1}, {"g", 5, 1}, {"g", -1, 2}, {"g", 1<<32 - 1, 2}, {"g", 3, 1}} {
		if r, err := in.run(c.fn, c.x); err != nil || r != c.r {
			t.Errorf("%s(%d) = %d, %v; want %d", c.fn, c.x, r, err, c.r)
		}
	}
}

// A switch on a constant folds to its case's target, in simplifycfg and
// in sccp; sccp also drops the cases its lattice proves dead.
func TestSwitchFolds(t *testing.T) {
	in := `define i64 @f() {
entry:
  switch i64 7, label %def [
    i64 0, label %a
    i64 7, label %b
  ]

a:
  br label %join

b:
  br label %join

def:
  br label %join

join:
  %r = phi i64 [ 10, %a ], [ 20, %b ], [ 30, %def ]
  ret i64 %r
}
`
	checkPass(t, SimplifyCFG, in, `define i64 @f() {
entry:
  ret i64 20
}`)
	checkPass(t, SCCP, in, `define i64 @f() {
entry:
  br label %b
b:
  br label %join
join:
  ret i64 20
}`)
	// The selector is a constant only through a φ: sccp folds, simplifycfg
	// alone does not.
	checkPass(t, SCCP, `define i64 @f(i1 %c) {
entry:
  br i1 %c, label %s, label %t

s:
  br label %m

t:
  br label %m

m:
  %w = phi i64 [ 2, %s ], [ 2, %t ]
  switch i64 %w, label %def [
    i64 0, label %a
    i64 2, label %b
  ]

a:
  ret i64 1

b:
  ret i64 2

def:
  ret i64 3
}
`, `define i64 @f(i1 zeroext %c) {
entry:
  br i1 %c, label %s, label %t
s:
  br label %m
t:
  br label %m
m:
  br label %b
b:
  ret i64 2
}`)
	// Every way out to one block: a jump.
	checkPass(t, SimplifyCFG, `define i64 @f(i64 %x) {
entry:
  switch i64 %x, label %a [
    i64 0, label %a
    i64 1, label %a
  ]

a:
  %r = phi i64 [ 5, %entry ], [ 5, %entry ], [ 5, %entry ]
  ret i64 %r
}
`, `define i64 @f(i64 %x) {
entry:
  ret i64 5
}`)
}

// Splitting the critical edges of a switch gives each target block with
// several predecessors one new block, shared by the cases that go there.
func TestSwitchCriticalEdges(t *testing.T) {
	checkPass(t, SplitCriticalEdges, `define i64 @f(i64 %x) {
entry:
  switch i64 %x, label %join [
    i64 0, label %a
    i64 1, label %join
    i64 2, label %join
  ]

a:
  br label %join

join:
  %r = phi i64 [ 1, %entry ], [ 2, %a ]
  ret i64 %r
}
`, `define i64 @f(i64 %x) {
entry:
  switch i64 %x, label %entry.join_crit_edge [
  i64 0, label %a
  i64 1, label %entry.join_crit_edge
  i64 2, label %entry.join_crit_edge
  ]
entry.join_crit_edge:
  br label %join
a:
  br label %join
join:
  %r = phi i64 [ 1, %entry.join_crit_edge ], [ 2, %a ]
  ret i64 %r
}`)
}
