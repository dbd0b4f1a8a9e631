package middle

import (
	"math/rand"
	"strings"
	"testing"
)

// Invariant arithmetic leaves the loop in dependence order, and so does the
// array length the header loads; a division by a variable stays behind its
// guard, a division by a constant does not need one; the element load and
// the length load in the body (which does not dominate the header's exit)
// stay.
func TestLICMHoistsInOrder(t *testing.T) {
	checkPass(t, LICM, `
define i64 @sum(ptr %a, i64 %n, i64 %d) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %ok ]
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %lim = sub i64 %len, %n
  %more = icmp slt i64 %i, %lim
  br i1 %more, label %body, label %exit
body:
  %scale = mul i64 %n, %d
  %bias = add i64 %scale, 1
  %third = sdiv i64 %n, 3
  %part = sdiv i64 %n, %d
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %in = icmp ult i64 %i, %len.1
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %y = mul i64 %x, %bias
  %z = add i64 %y, %part
  %w = add i64 %z, %third
  %s.next = add i64 %s, %w
  %i.next = add i64 %i, 1
  br label %head
fail:
  ret i64 -1
exit:
  ret i64 %s
}

!0 = !{}`, `
define i64 @sum(ptr %a, i64 %n, i64 %d) {
entry:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %lim = sub i64 %len, %n
  %scale = mul i64 %n, %d
  %bias = add i64 %scale, 1
  %third = sdiv i64 %n, 3
  %len.addr.1 = getelementptr i8, ptr %a, i64 -8
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %ok ]
  %more = icmp slt i64 %i, %lim
  br i1 %more, label %body, label %exit
body:
  %part = sdiv i64 %n, %d
  %len.1 = load i64, ptr %len.addr.1, !invariant.load !0
  %in = icmp ult i64 %i, %len.1
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %y = mul i64 %x, %bias
  %z = add i64 %y, %part
  %w = add i64 %z, %third
  %s.next = add i64 %s, %w
  %i.next = add i64 %i, 1
  br label %head
fail:
  ret i64 -1
exit:
  ret i64 %s
}`)
}

// What is invariant in both loops of a nest leaves both, through the inner
// loop's new preheader; what depends on the outer loop's variable stops in
// the inner preheader. A body block that dominates every exit (the loop is
// left only from it) may give up its invariant load.
func TestLICMNest(t *testing.T) {
	checkPass(t, LICM, `
define i64 @nest(ptr %a, i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %inner, label %exit
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %row = mul i64 %i, %n
  %n2 = mul i64 %n, %n
  %k = add i64 %row, %j
  %j.next = add i64 %j, 1
  %again = icmp slt i64 %j.next, %n2
  br i1 %again, label %inner, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %outer
exit:
  br label %loop
loop:
  %m = phi i64 [ 0, %exit ], [ %m.next, %bottom ]
  %m.next = add i64 %m, 1
  br label %bottom
bottom:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %stay = icmp slt i64 %m.next, %len
  br i1 %stay, label %loop, label %done
done:
  ret i64 %m
}

!0 = !{}`, `
define i64 @nest(ptr %a, i64 %n) {
entry:
  %n2 = mul i64 %n, %n
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %inner.preheader, label %exit
inner.preheader:
  %row = mul i64 %i, %n
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.preheader ], [ %j.next, %inner ]
  %k = add i64 %row, %j
  %j.next = add i64 %j, 1
  %again = icmp slt i64 %j.next, %n2
  br i1 %again, label %inner, label %latch
latch:
  %i.next = add i64 %i, 1
  br label %outer
exit:
  %len.addr = getelementptr i8, ptr %a, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  br label %loop
loop:
  %m = phi i64 [ 0, %exit ], [ %m.next, %bottom ]
  %m.next = add i64 %m, 1
  br label %bottom
bottom:
  %stay = icmp slt i64 %m.next, %len
  br i1 %stay, label %loop, label %done
done:
  ret i64 %m
}`)
}

// An invariant comparison that only decides its block's branch stays next
// to it (the backend fuses the two); one whose result is used as a value
// leaves the loop.
func TestLICMComparisons(t *testing.T) {
	checkPass(t, LICM, `
define i64 @cmp(i64 %n, i64 %k) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %latch ]
  %neg = icmp slt i64 %k, 0
  br i1 %neg, label %latch, label %add
add:
  %big = icmp sgt i64 %k, 100
  %bz = zext i1 %big to i64
  br label %latch
latch:
  %d = phi i64 [ 0, %head ], [ %bz, %add ]
  %s.next = add i64 %s, %d
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret i64 %s
}`, `
define i64 @cmp(i64 %n, i64 %k) {
entry:
  %big = icmp sgt i64 %k, 100
  %bz = zext i1 %big to i64
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %latch ]
  %neg = icmp slt i64 %k, 0
  br i1 %neg, label %latch, label %add
add:
  br label %latch
latch:
  %d = phi i64 [ 0, %head ], [ %bz, %add ]
  %s.next = add i64 %s, %d
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret i64 %s
}`)
}

// Loads that stores in the loop may change, stores and calls stay.
func TestLICMLeavesMemoryAlone(t *testing.T) {
	const loop = `
@g = global i64 0

declare void @use(i64)

define void @mem(ptr %p, i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %head ]
  %x = load i64, ptr @g
  %y = load i64, ptr %p
  store i64 %y, ptr @g
  call void @use(i64 %x)
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %head, label %exit
exit:
  ret void
}`
	checkPass(t, LICM, loop, loop[strings.Index(loop, "define"):])
}

func TestLICMPreservesSemantics(t *testing.T) {
	checkOracle(t, 41, 1500, func(rng *rand.Rand, iter int) (*Module, func(*Func)) {
		return randomProgram(rng, 1+rng.Intn(20), 1+rng.Intn(6)), func(f *Func) {
			Mem2Reg(f)
			LICM(f)
		}
	})
}

func BenchmarkLICM(b *testing.B) {
	benchmarkPass(b, Mem2Reg, LICM)
}
