package middle

import (
	"math/rand"
	"testing"
)

// A loop entered from two places gets one preheader: a φ entry that
// differs between them becomes a φ there, one that agrees flows in
// directly.
func TestPreheaderMergesEntries(t *testing.T) {
	checkPass(t, InsertPreheaders, `
define i64 @p(i1 %c, i64 %n) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %loop
b:
  br label %loop
loop:
  %i = phi i64 [ 0, %a ], [ 1, %b ], [ %i.next, %loop ]
  %k = phi i64 [ 5, %a ], [ 5, %b ], [ %i, %loop ]
  %i.next = add i64 %i, %k
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %i
}`, `
define i64 @p(i1 zeroext %c, i64 %n) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %loop.preheader
b:
  br label %loop.preheader
loop.preheader:
  %i.1 = phi i64 [ 0, %a ], [ 1, %b ]
  br label %loop
loop:
  %i = phi i64 [ %i.1, %loop.preheader ], [ %i.next, %loop ]
  %k = phi i64 [ 5, %loop.preheader ], [ %i, %loop ]
  %i.next = add i64 %i, %k
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %i
}`)
}

// The while loop's header is entered from a block that also branches
// elsewhere, so it needs a preheader of its own; the inner loop's header is
// entered from the outer header, which branches too. A loop that already
// has a preheader (the entry jumping to the outer header) keeps it.
func TestPreheaderNested(t *testing.T) {
	checkPass(t, InsertPreheaders, `
define i64 @q(i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %inner, label %exit
inner:
  %j = phi i64 [ %i, %outer ], [ %j.next, %inner ]
  %j.next = add i64 %j, 1
  %again = icmp slt i64 %j.next, %n
  br i1 %again, label %inner, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %outer
exit:
  ret i64 %i
}`, `
define i64 @q(i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %inner.preheader, label %exit
inner.preheader:
  br label %inner
inner:
  %j = phi i64 [ %i, %inner.preheader ], [ %j.next, %inner ]
  %j.next = add i64 %j, 1
  %again = icmp slt i64 %j.next, %n
  br i1 %again, label %inner, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %outer
exit:
  ret i64 %i
}`)
}

// An irreducible cycle has no header: nothing is inserted.
func TestPreheaderIrreducibleLeftAlone(t *testing.T) {
	const irreducible = `
define i64 @r(i1 zeroext %c, i64 %n) {
entry:
  br i1 %c, label %x, label %y
x:
  %a = phi i64 [ 0, %entry ], [ %b, %y ]
  %a.next = add i64 %a, 1
  br label %y
y:
  %b = phi i64 [ 1, %entry ], [ %a.next, %x ]
  %stop = icmp sgt i64 %b, %n
  br i1 %stop, label %exit, label %x
exit:
  ret i64 %b
}`
	checkPass(t, InsertPreheaders, irreducible, irreducible)
}

// On random programs (loops, irreducible regions, unreachable code) every
// loop has a preheader afterwards, and the program computes the same.
func TestPreheaderRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(37))
	for iter := 0; iter < 800; iter++ {
		m := randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6))
		compareRuns(t, m, "main", progInputs, 3000, func(f *Func) {
			Mem2Reg(f)
			InsertPreheaders(f)
		})
		f := m.Func("main")
		dom := ComputeDom(f)
		for _, l := range ComputeLoops(dom).Loops {
			var outside []*Block
			for _, p := range l.Header.PredBlocks() {
				if !dom.Dominates(l.Header, p) {
					outside = append(outside, p)
				}
			}
			if len(outside) != 1 || len(outside[0].SuccBlocks()) != 1 {
				t.Fatalf("%s\nloop %s has no preheader", f, l.Header)
			}
		}
	}
}
