package backend

import (
	"io"
	"testing"

	"toyc/middle"
)

// Block labels are unique in the module though only the labels of
// functions named otherwise than by an identifier (and of toy, whose
// labels the trace tables' share) are remembered past their function:
// @a's block b.c and @"a.b"'s block c, @"a$b"'s and @"a%b"'s, @toy's block
// name1 and a trace table label, made before or after.
func TestLabelsUnique(t *testing.T) {
	m := middle.NewModule("")
	m.NewFunc("toy", middle.I64)
	e := NewEmitter(io.Discard, m, nil).e
	fn := func(name string, blocks ...string) *Func {
		f := &Func{Name: name}
		for i, b := range blocks {
			f.Blocks = append(f.Blocks, &Block{ID: i, Name: b})
		}
		return f
	}
	seen := map[string]string{}
	add := func(owner, l string) {
		if prev, ok := seen[l]; ok {
			t.Errorf("label %s of %s is also %s's", l, owner, prev)
		}
		seen[l] = owner
	}
	add("the trace tables", e.freshLabel("name"))
	for _, f := range []*Func{
		fn("a", "b.c", "b.c", "entry"), fn("a.b", "c", "entry"), fn("a$b", "x"), fn("a%b", "x"),
		fn("toy", "name1", "name2"), fn("b", "entry"),
	} {
		for _, l := range e.blockLabels(f) {
			add("@"+f.Name, l)
		}
	}
	add("the trace tables", e.freshLabel("name"))
	for _, want := range []string{".La.b.c", ".La.b.c.1", ".L.a.b.c", ".L.a_b.x", ".L.a_b.x.1", ".Ltoy.name1.1", ".Lb.entry"} {
		if _, ok := seen[want]; !ok {
			t.Errorf("no label %s among %v", want, seen)
		}
	}
}
