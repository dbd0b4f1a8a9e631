package backend

import (
	"strings"
	"testing"

	"toyc/middle"
)

// optimize runs the IR passes of level on the module text ll and returns
// the function named fn as text.
func optimize(t *testing.T, ll string, level int, fn string) string {
	t.Helper()
	m, errs := middle.ParseModule("test.ll", []byte(ll))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs)
	}
	pl := &Pipeline{Level: level, Verify: true}
	if _, err := pl.Run(m); err != nil {
		t.Fatal(err)
	}
	return m.Func(fn).String()
}

// A loop that stores its cursor to a global on every way back to its
// header, around a call, and reads it there (richards' schedule:
// `while current != 0 { ... current = next(current) }`): sinkstores merges
// the stores into one at the top of the header, and the header's load
// after it must read the stored φ, not memory (memopt2).
func TestSunkStoreForwardsToLoad(t *testing.T) {
	got := optimize(t, `
@cur = global i64 0

declare i64 @step(i64)

define void @walk(i64 %first) {
entry:
  store i64 %first, ptr @cur
  br label %head
head:
  %c = load i64, ptr @cur
  %more = icmp ne i64 %c, 0
  br i1 %more, label %body, label %exit
body:
  %odd = and i64 %c, 1
  %isodd = icmp ne i64 %odd, 0
  br i1 %isodd, label %skip, label %call
skip:
  %half = ashr i64 %c, 1
  store i64 %half, ptr @cur
  br label %head
call:
  %n = call i64 @step(i64 %c)
  store i64 %n, ptr @cur
  br label %head
exit:
  ret void
}`, 2, "walk")
	if strings.Contains(got, "load i64, ptr @cur") {
		t.Errorf("the header still loads what it just stored:\n%s", got)
	}
}
