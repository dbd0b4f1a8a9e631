package middle

import (
	"bytes"
	"fmt"
	"testing"
)

// Past its budget the store keeps only the newest copies in memory and
// writes the oldest to its file; each reads back as it was stored, in a
// buffer of its own, and a dropped one is gone.
func TestFrozenStoreSpills(t *testing.T) {
	const n = 40
	fs := newFrozenStore(n)
	fs.budget = 300
	defer fs.close()
	want := make([][]byte, n)
	for i := range n {
		want[i] = []byte(fmt.Sprintf("copy %d %s", i, bytes.Repeat([]byte{byte('a' + i%26)}, 20+i)))
		fs.put(i, bytes.Clone(want[i]), 1, 1)
		if fs.held > fs.budget {
			t.Fatalf("after %d copies %d bytes in memory; want at most %d", i+1, fs.held, fs.budget)
		}
	}
	if fs.file == nil || fs.copies[0].data != nil || fs.copies[n-1].data == nil {
		t.Fatalf("no copy written out, or the newest one was: file %v, first in memory %v, last %v",
			fs.file != nil, fs.copies[0].data != nil, fs.copies[n-1].data != nil)
	}
	fs.drop(3)
	fs.drop(n - 2)
	for i := range n {
		got := fs.get(i)
		if i == 3 || i == n-2 {
			if got != nil || fs.has(i) {
				t.Errorf("copy %d read back after its drop", i)
			}
			continue
		}
		if !bytes.Equal(got, want[i]) {
			t.Errorf("copy %d reads back %q; want %q", i, got, want[i])
		}
	}
	if err := fs.failed(); err != nil {
		t.Fatal(err)
	}
	total := 0
	for i := range n {
		total += len(fs.copies[i].data)
	}
	if total != fs.held {
		t.Errorf("%d bytes of copies in memory, counted %d", total, fs.held)
	}
}

// Inlining a copy read back from the file gives what inlining the
// function itself gives.
func TestFrozenStoreThawsSpilled(t *testing.T) {
	src := `define i64 @g(i64 %x) {
entry:
  %a = mul i64 %x, 3
  %b = add i64 %a, 1
  ret i64 %b
}

define i64 @f(i64 %y) {
entry:
  %r = call i64 @g(i64 %y)
  ret i64 %r
}
`
	m := mustParse(t, "spill.ll", src)
	fs := newFrozenStore(2)
	fs.budget = 0
	defer fs.close()
	fs.put(0, freeze(m.Func("g")), funcSize(m.Func("g")), hotSize(m.Func("g")))
	if fs.copies[0].data != nil {
		t.Fatal("the copy stayed in memory past a budget of 0")
	}
	got := mustParse(t, "spill.ll", src)
	inlineInto(got.Func("f"), &InlineDefault, map[*Func]int{got.Func("g"): 1}, nil, newCalleeBodies(fs, map[*Func]int{got.Func("g"): 0}))
	want := mustParse(t, "spill.ll", src)
	inlineInto(want.Func("f"), &InlineDefault, map[*Func]int{want.Func("g"): 1}, nil, nil)
	if want.Func("f").String() == mustParse(t, "spill.ll", src).Func("f").String() {
		t.Fatal("@g was not inlined into @f: the test checks nothing")
	}
	if got.Func("f").String() != want.Func("f").String() {
		t.Errorf("@f with the spilled @g inlined:\n%s\nwant:\n%s", got.Func("f"), want.Func("f"))
	}
}
