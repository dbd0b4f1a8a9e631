package middle

import (
	"testing"

	"toyc/middle/diag"
)

// The inline sites that Inline and InlineSelf record: each call left in a
// function names the chain of calls it was copied through, innermost
// first, with the positions of those calls (here lines of the .ll text).

const inlineSitesLL = `define i64 @h(i64 %x) {
entry:
  %r = call i64 @ext(i64 %x)
  ret i64 %r
}
define i64 @g(i64 %x) {
entry:
  %r = call i64 @h(i64 %x)
  ret i64 %r
}
define i64 @f(i64 %x) {
entry:
  %r = call i64 @g(i64 %x)
  %s = call i64 @g(i64 %r)
  ret i64 %s
}
declare i64 @ext(i64)
`

// callsOf returns f's calls of callee.
func callsOf(f *Func, callee string) []*Value {
	var calls []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpCall && v.Sym == callee {
				calls = append(calls, v)
			}
		}
	}
	return calls
}

type siteWant struct {
	callee string
	call   diag.Pos
}

func checkChain(t *testing.T, f *Func, v *Value, want []siteWant) {
	t.Helper()
	chain := f.InlineChain(v.Inlined)
	if len(chain) != len(want) {
		t.Fatalf("%s: call at %v has %d inline sites %v, want %d", f.Name, v.Pos, len(chain), chain, len(want))
	}
	for i, s := range chain {
		if s.Callee != want[i].callee || s.Call != want[i].call {
			t.Errorf("%s: call at %v: site %d is %s at %v, want %s at %v", f.Name, v.Pos, i, s.Callee, s.Call, want[i].callee, want[i].call)
		}
	}
}

func TestInlineSites(t *testing.T) {
	m, errs := ParseModule("sites.ll", []byte(inlineSitesLL))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	Inline(m)
	g, f := m.Func("g"), m.Func("f")
	if calls := callsOf(g, "ext"); len(calls) != 1 {
		t.Fatalf("g calls ext %d times after inlining, want once", len(calls))
	} else {
		checkChain(t, g, calls[0], []siteWant{{"h", diag.Pos{Line: 8, Col: 3}}})
	}
	calls := callsOf(f, "ext")
	if len(calls) != 2 {
		t.Fatalf("f calls ext %d times after inlining, want twice", len(calls))
	}
	for i, line := range []int{13, 14} {
		if calls[i].Pos != (diag.Pos{Line: 3, Col: 3}) {
			t.Errorf("f's call %d is at %v, want h's 3:3", i, calls[i].Pos)
		}
		checkChain(t, f, calls[i], []siteWant{{"h", diag.Pos{Line: 8, Col: 3}}, {"g", diag.Pos{Line: line, Col: 3}}})
	}
	if callsOf(m.Func("h"), "ext")[0].Inlined != 0 {
		t.Errorf("h's own call is marked inlined")
	}
}

const selfSitesLL = `define i64 @r(i64 %n) {
entry:
  %c = icmp slt i64 %n, 1
  br i1 %c, label %done, label %more
done:
  ret i64 0
more:
  %m = sub i64 %n, 1
  %x = call i64 @r(i64 %m)
  %y = call i64 @ext(i64 %x)
  ret i64 %y
}
declare i64 @ext(i64)
`

// A function inlined into itself: the copy's calls are one level deep (the
// copy made through a wrapper function leaves no trace of it).
func TestSelfInlineSites(t *testing.T) {
	m, errs := ParseModule("self.ll", []byte(selfSitesLL))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	r := m.Func("r")
	InlineSelf(r)
	self := callsOf(r, "r")
	if len(self) != 1 {
		t.Fatalf("r calls itself %d times after InlineSelf, want once (in the copy)", len(self))
	}
	checkChain(t, r, self[0], []siteWant{{"r", diag.Pos{Line: 9, Col: 3}}})
	ext := callsOf(r, "ext")
	if len(ext) != 2 {
		t.Fatalf("r calls ext %d times, want twice", len(ext))
	}
	inlined := 0
	for _, v := range ext {
		if v.Inlined != 0 {
			inlined++
			checkChain(t, r, v, []siteWant{{"r", diag.Pos{Line: 9, Col: 3}}})
		}
	}
	if inlined != 1 {
		t.Errorf("%d of r's calls of ext come from the copy, want 1", inlined)
	}
}
