package middle

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"toyc/middle/diag"
)

// A frozen copy thaws into the same body: blocks and edges in their
// order, φs, operands, IDs, positions and inline sites; inlining the
// thawed body gives what inlining the function itself gives.
func TestFreezeThaw(t *testing.T) {
	src := `@k = global i64 7
declare void @toy_print_i64(i64)

define i64 @g(i64 %x, ptr %p) {
entry:
  %a = load i64, ptr @k
  %c = icmp sgt i64 %x, %a
  br i1 %c, label %big, label %loop
big:
  store i64 %x, ptr %p
  ret i64 -3
loop:
  %s = phi i64 [ %x, %entry ], [ %s1, %loop ]
  %s1 = mul i64 %s, 3
  %d = icmp slt i64 %s1, 1000
  br i1 %d, label %loop, label %done
done:
  call void @toy_print_i64(i64 %s1)
  ret i64 %s1
}

define i64 @f(i64 %y) {
entry:
  %slot = alloca i64
  %r = call i64 @g(i64 %y, ptr %slot)
  %t = call i64 @g(i64 %r, ptr %slot)
  ret i64 %t
}
`
	m := mustParse(t, "freeze.ll", src)
	g := m.Func("g")
	for i, b := range g.Blocks {
		for j, v := range b.Instrs {
			v.Pos.Line, v.Pos.Col = 10+i, j+1
		}
	}
	g.Inlines = []InlineSite{{}, {Callee: "h", Call: g.Blocks[0].Instrs[0].Pos}}
	g.Blocks[1].Instrs[0].Inlined = 1
	copy := thaw(g, freeze(g))
	if got, want := copy.String(), g.String(); got != want {
		t.Fatalf("thawed:\n%s\nwant:\n%s", got, want)
	}
	for i, b := range g.Blocks {
		c := copy.Blocks[i]
		if c.ID != b.ID || len(c.Preds) != len(b.Preds) {
			t.Fatalf("block %s: ID %d, %d preds; want %d, %d", b.Name, c.ID, len(c.Preds), b.ID, len(b.Preds))
		}
		for j, v := range b.Instrs {
			w := c.Instrs[j]
			if w.ID != v.ID || w.Pos != v.Pos || w.Inlined != v.Inlined || w.Block != c {
				t.Errorf("%s: ID %d pos %v site %d; want %d %v %d", v.Name, w.ID, w.Pos, w.Inlined, v.ID, v.Pos, v.Inlined)
			}
		}
	}
	if fmt.Sprint(copy.Inlines) != fmt.Sprint(g.Inlines) || copy.NumValues() != g.NumValues() || copy.NumBlocks() != g.NumBlocks() {
		t.Errorf("inline tree %v, %d values, %d blocks; want %v, %d, %d", copy.Inlines, copy.NumValues(), copy.NumBlocks(), g.Inlines, g.NumValues(), g.NumBlocks())
	}

	// Inlined into @f, the copy and the function itself make the same @f.
	inlineAll := func(frozen bool) string {
		m := mustParse(t, "freeze.ll", src)
		var bodies *calleeBodies
		if frozen {
			bodies = frozenBodies(m.Func("g"))
		}
		inlineInto(m.Func("f"), &InlineDefault, map[*Func]int{m.Func("g"): 2}, nil, bodies)
		return m.Func("f").String()
	}
	want := inlineAll(false)
	got := inlineAll(true)
	if got != want {
		t.Errorf("@f with the thawed @g inlined:\n%s\nwant:\n%s", got, want)
	}
	if want == mustParse(t, "freeze.ll", src).Func("f").String() {
		t.Errorf("@g was not inlined into @f: the test checks nothing")
	}
}

// A frozen copy keeps its function's loop statements with its debugging
// facts: the location tracker asks them of an inlined callee's lines
// (backend/dwarfloc.go, nextTrip), and a callee inlined from its copy
// brought none.
func TestFreezeThawKeepsLoops(t *testing.T) {
	m := mustParse(t, "freeze.ll", `define i64 @g(i64 %x) {
entry:
  ret i64 %x
}`)
	m.DebugUnit = &DebugUnit{}
	g := m.Func("g")
	loops := []DebugLoop{
		{Start: diag.Pos{Line: 3, Col: 5}, Body: diag.Pos{Line: 3, Col: 33}, End: diag.Pos{Line: 6, Col: 5}},
		{Start: diag.Pos{Line: 4, Col: 9}, Body: diag.Pos{Line: 5, Col: 20}, End: diag.Pos{Line: 5, Col: 40}},
	}
	g.Debug = &FuncDebug{Vars: []*DebugVar{{Name: "x", Type: "int", Param: true}}, Loops: loops}
	copy := thaw(g, freeze(g))
	if d := copy.debugFacts(); d == nil || !slices.Equal(d.Loops, loops) {
		t.Fatalf("thawed debugging facts %+v, want the loops %v", d, loops)
	}
}

// A frozen copy is small: a value costs a few bytes, not its fields at
// full width. A body of UniqueName's names (%add.N), with positions far
// down a large file, the way the copies of a million-line program's
// functions wait for their callers, takes at most 14 bytes a value (about half of what writing every field at full width took).
func TestFreezeIsCompact(t *testing.T) {
	var src strings.Builder
	src.WriteString("declare i64 @h(i64)\n\ndefine i64 @g(i64 %x) {\nentry:\n  %add.0 = add i64 %x, 1\n")
	const n = 300
	for i := 1; i < n; i++ {
		if i%10 == 0 {
			fmt.Fprintf(&src, "  %%add.%d = call i64 @h(i64 %%add.%d)\n", i, i-1)
		} else {
			fmt.Fprintf(&src, "  %%add.%d = add i64 %%add.%d, %%x\n", i, i-1)
		}
	}
	fmt.Fprintf(&src, "  ret i64 %%add.%d\n}\n", n-1)
	m := mustParse(t, "compact.ll", src.String())
	g := m.Func("g")
	for i, v := range g.Blocks[0].Instrs {
		v.Pos.Line, v.Pos.Col = 912345+i, 5
	}
	data := freeze(g)
	if got, want := thaw(g, data).String(), g.String(); got != want {
		t.Fatalf("thawed:\n%s\nwant:\n%s", got, want)
	}
	if per := float64(len(data)) / float64(g.NumValues()); per > 14 {
		t.Errorf("frozen copy: %d bytes for %d values, %.1f a value; want at most 14", len(data), g.NumValues(), per)
	}
}

// frozenBodies is what a summary gives inlineInto when each of fs has
// settled with a frozen copy.
func frozenBodies(fs ...*Func) *calleeBodies {
	store := newFrozenStore(len(fs))
	index := make(map[*Func]int)
	for i, g := range fs {
		store.put(i, freeze(g), funcSize(g), hotSize(g))
		index[g] = i
	}
	return newCalleeBodies(store, index)
}
