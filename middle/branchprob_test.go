package middle

import (
	"math"
	"testing"
)

// The heuristics on a loop with rare then-sides: the back edge is likely,
// a compare with a negative is unlikely true, a then-side that stores is
// somewhat unlikely, a runtime error all but never happens, and a branch
// nothing tells about is even.
func TestBranchProbabilities(t *testing.T) {
	m, errs := ParseModule("test.ll", []byte(`
declare void @fail()

define i64 @step(ptr %a, i64 %n, i64 %k, i64 %m) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.1, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %latch ]
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %big = icmp sgt i64 %x, 500
  br i1 %big, label %clamp, label %low
clamp:
  store i64 500, ptr %p
  br label %low
low:
  %neg = icmp slt i64 %x, 0
  br i1 %neg, label %flip, label %odd
flip:
  store i64 0, ptr %p
  br label %odd
odd:
  %mk = icmp sgt i64 %k, %m
  br i1 %mk, label %left, label %right
left:
  %l = add i64 %s, 1
  br label %check
right:
  %r = add i64 %s, 2
  br label %check
check:
  %s.1 = phi i64 [ %l, %left ], [ %r, %right ]
  %bad = icmp uge i64 %i, 1000
  br i1 %bad, label %error, label %latch
error:
  call void @fail()
  unreachable
latch:
  %i.1 = add i64 %i, 1
  %more = icmp slt i64 %i.1, %n
  br i1 %more, label %body, label %done
done:
  ret i64 %s.1
}`))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs)
	}
	f := m.Funcs[len(m.Funcs)-1]
	probs := BranchProbabilities(f)
	by := func(name string) float64 {
		for _, b := range f.Blocks {
			if b.Name == name {
				return probs[b.ID]
			}
		}
		t.Fatalf("no block %s", name)
		return 0
	}
	for _, c := range []struct {
		block  string
		lo, hi float64 // the chance of the first successor
	}{
		{"body", 0.44, 0.46},   // store only: 45%
		{"low", 0.12, 0.15},    // opcode (16%) and store (45%): 13.5%
		{"odd", 0.5, 0.5},      // nothing tells
		{"check", 0, 0.002},    // the runtime error
		{"latch", 0.99, 0.999}, // the back edge, the loop exit and the return
	} {
		if p := by(c.block); math.IsNaN(p) || p < c.lo || p > c.hi {
			t.Errorf("%s: first successor %.4f, want %.3f..%.3f", c.block, p, c.lo, c.hi)
		}
	}
	for _, b := range f.Blocks {
		if b.Term().Op != OpCondBr && probs[b.ID] != 0 {
			t.Errorf("%s: an estimate without a two-way branch", b.Name)
		}
	}
}
