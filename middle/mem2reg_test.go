package middle

import "testing"

// TestMem2RegPreservesSemantics is the oracle test: random slot programs
// compute the same results, with the same external calls, after mem2reg;
// every slot that was promotable is gone, and so is every slot that became
// promotable when the slot holding its address went; no other slot goes.
func TestMem2RegPreservesSemantics(t *testing.T) {
	checkPreservesSemantics(t, 7, func(int) func(*Func) {
		return func(f *Func) {
			RemoveUnreachable(f) // which can make a slot promotable
			escaping := countOps(f, OpAlloca) - len(newPromotion(f).slots)
			Mem2Reg(f)
			if got := countOps(f, OpAlloca); got > escaping {
				t.Fatalf("%s\n%d slots left, want at most %d", f, got, escaping)
			}
			if left := newPromotion(f).slots; len(left) > 0 {
				t.Fatalf("%s\nslot %s is still promotable", f, left[0].Name)
			}
		}
	})
}

// A slot whose address lives only in another promotable slot is promoted
// once that slot is: Toy's `var p = &x; *p = 1; return x;`.
func TestMem2RegAddressInPromotedSlot(t *testing.T) {
	checkPass(t, Mem2Reg, `
define i64 @f() {
entry:
  %x = alloca i64
  %p = alloca ptr
  store ptr %x, ptr %p
  %p.1 = load ptr, ptr %p
  store i64 1, ptr %p.1
  %x.1 = load i64, ptr %x
  ret i64 %x.1
}
`, `
define i64 @f() {
entry:
  ret i64 1
}
`)
}

func countOps(f *Func, op Op) int {
	n := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == op {
				n++
			}
		}
	}
	return n
}

// A variable assigned on both arms of an if gets one φ at the merge, named
// after the variable.
func TestMem2RegDiamond(t *testing.T) {
	checkPass(t, Mem2Reg, `
define i64 @abs(i64 %n) {
entry:
  %x = alloca i64
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %then, label %else
then:
  %m = sub i64 0, %n
  store i64 %m, ptr %x
  br label %join
else:
  store i64 %n, ptr %x
  br label %join
join:
  %r = load i64, ptr %x
  ret i64 %r
}`, `
define i64 @abs(i64 %n) {
entry:
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %then, label %else
then:
  %m = sub i64 0, %n
  br label %join
else:
  br label %join
join:
  %x.1 = phi i64 [ %m, %then ], [ %n, %else ]
  ret i64 %x.1
}`)
}

// Two counters in nested loops: φs at both headers for the inner counter's
// reset and increment, and only at the outer header for the outer counter
// (the inner loop does not store it, so the φ there would be trivial).
func TestMem2RegNestedLoops(t *testing.T) {
	checkPass(t, Mem2Reg, `
define i64 @pairs(i64 %n) {
entry:
  %i = alloca i64
  %j = alloca i64
  %count = alloca i64
  store i64 0, ptr %i
  store i64 0, ptr %count
  br label %outer
outer:
  %i.0 = load i64, ptr %i
  %more = icmp slt i64 %i.0, %n
  br i1 %more, label %outer.body, label %done
outer.body:
  store i64 0, ptr %j
  br label %inner
inner:
  %j.0 = load i64, ptr %j
  %i.1 = load i64, ptr %i
  %inner.more = icmp slt i64 %j.0, %i.1
  br i1 %inner.more, label %inner.body, label %outer.next
inner.body:
  %c.0 = load i64, ptr %count
  %c.1 = add i64 %c.0, 1
  store i64 %c.1, ptr %count
  %j.1 = load i64, ptr %j
  %j.2 = add i64 %j.1, 1
  store i64 %j.2, ptr %j
  br label %inner
outer.next:
  %i.2 = load i64, ptr %i
  %i.3 = add i64 %i.2, 1
  store i64 %i.3, ptr %i
  br label %outer
done:
  %r = load i64, ptr %count
  ret i64 %r
}`, `
define i64 @pairs(i64 %n) {
entry:
  br label %outer
outer:
  %i.4 = phi i64 [ 0, %entry ], [ %i.3, %outer.next ]
  %count.1 = phi i64 [ 0, %entry ], [ %count.2, %outer.next ]
  %more = icmp slt i64 %i.4, %n
  br i1 %more, label %outer.body, label %done
outer.body:
  br label %inner
inner:
  %j.3 = phi i64 [ 0, %outer.body ], [ %j.2, %inner.body ]
  %count.2 = phi i64 [ %count.1, %outer.body ], [ %c.1, %inner.body ]
  %inner.more = icmp slt i64 %j.3, %i.4
  br i1 %inner.more, label %inner.body, label %outer.next
inner.body:
  %c.1 = add i64 %count.2, 1
  %j.2 = add i64 %j.3, 1
  br label %inner
outer.next:
  %i.3 = add i64 %i.4, 1
  br label %outer
done:
  ret i64 %count.1
}`)
}

// A block that branches to itself is in its own dominance frontier, so a
// variable it updates gets a φ there.
func TestMem2RegSelfLoop(t *testing.T) {
	checkPass(t, Mem2Reg, `
define i64 @halvings(i64 %n) {
entry:
  %x = alloca i64
  %steps = alloca i64
  store i64 %n, ptr %x
  store i64 0, ptr %steps
  br label %loop
loop:
  %x.0 = load i64, ptr %x
  %half = ashr i64 %x.0, 1
  store i64 %half, ptr %x
  %s.0 = load i64, ptr %steps
  %s.1 = add i64 %s.0, 1
  store i64 %s.1, ptr %steps
  %again = icmp sgt i64 %half, 0
  br i1 %again, label %loop, label %done
done:
  %r = load i64, ptr %steps
  ret i64 %r
}`, `
define i64 @halvings(i64 %n) {
entry:
  br label %loop
loop:
  %x.1 = phi i64 [ %n, %entry ], [ %half, %loop ]
  %steps.1 = phi i64 [ 0, %entry ], [ %s.1, %loop ]
  %half = ashr i64 %x.1, 1
  %s.1 = add i64 %steps.1, 1
  %again = icmp sgt i64 %half, 0
  br i1 %again, label %loop, label %done
done:
  ret i64 %s.1
}`)
}

// An irreducible loop (entered at %a or at %b) has no header, but the
// frontiers still put φs at both entries.
func TestMem2RegIrreducible(t *testing.T) {
	checkPass(t, Mem2Reg, `
define i64 @bits(i1 %start.b, i64 %n) {
entry:
  %s = alloca i64
  %i = alloca i64
  store i64 0, ptr %s
  store i64 0, ptr %i
  br i1 %start.b, label %b, label %a
a:
  %sa = load i64, ptr %s
  %sa.shl = shl i64 %sa, 1
  %sa.next = or i64 %sa.shl, 1
  store i64 %sa.next, ptr %s
  %ia = load i64, ptr %i
  %ia.next = add i64 %ia, 1
  store i64 %ia.next, ptr %i
  %ca = icmp slt i64 %ia.next, %n
  br i1 %ca, label %b, label %exit
b:
  %sb = load i64, ptr %s
  %sb.next = shl i64 %sb, 1
  store i64 %sb.next, ptr %s
  %ib = load i64, ptr %i
  %ib.next = add i64 %ib, 1
  store i64 %ib.next, ptr %i
  %cb = icmp slt i64 %ib.next, %n
  br i1 %cb, label %a, label %exit
exit:
  %r = load i64, ptr %s
  ret i64 %r
}`, `
define i64 @bits(i1 zeroext %start.b, i64 %n) {
entry:
  br i1 %start.b, label %b, label %a
a:
  %s.1 = phi i64 [ 0, %entry ], [ %sb.next, %b ]
  %i.1 = phi i64 [ 0, %entry ], [ %ib.next, %b ]
  %sa.shl = shl i64 %s.1, 1
  %sa.next = or i64 %sa.shl, 1
  %ia.next = add i64 %i.1, 1
  %ca = icmp slt i64 %ia.next, %n
  br i1 %ca, label %b, label %exit
b:
  %s.2 = phi i64 [ 0, %entry ], [ %sa.next, %a ]
  %i.2 = phi i64 [ 0, %entry ], [ %ia.next, %a ]
  %sb.next = shl i64 %s.2, 1
  %ib.next = add i64 %i.2, 1
  %cb = icmp slt i64 %ib.next, %n
  br i1 %cb, label %a, label %exit
exit:
  %s.3 = phi i64 [ %sa.next, %a ], [ %sb.next, %b ]
  ret i64 %s.3
}`)
}

// Pruning: %t is stored on one arm and read there, then stored again
// before its next read after the merge. The merge is in the frontier of the
// first store, but %t is dead on entry to it, so it gets no φ.
func TestMem2RegNoPhiWhereDead(t *testing.T) {
	checkPass(t, Mem2Reg, `
declare void @sink(i64)

define void @scratch(i1 %c, i64 %n) {
entry:
  %t = alloca i64
  br i1 %c, label %then, label %join
then:
  %double = mul i64 %n, 2
  store i64 %double, ptr %t
  %t.0 = load i64, ptr %t
  call void @sink(i64 %t.0)
  br label %join
join:
  store i64 %n, ptr %t
  %t.1 = load i64, ptr %t
  call void @sink(i64 %t.1)
  ret void
}`, `
define void @scratch(i1 zeroext %c, i64 %n) {
entry:
  br i1 %c, label %then, label %join
then:
  %double = mul i64 %n, 2
  call void @sink(i64 %double)
  br label %join
join:
  call void @sink(i64 %n)
  ret void
}`)
}

// A variable stored on one arm only and read after the merge is live there
// (liveness follows paths, not the condition that guards the read): the φ
// takes undef from the arm that did not store, as does a load before any
// store.
func TestMem2RegUndefOnPathWithoutStore(t *testing.T) {
	checkPass(t, Mem2Reg, `
define i64 @maybe(i1 %c, i64 %n) {
entry:
  %v = alloca i64
  %never = alloca i32
  br i1 %c, label %set, label %join
set:
  store i64 %n, ptr %v
  br label %join
join:
  br i1 %c, label %use, label %other
use:
  %r = load i64, ptr %v
  ret i64 %r
other:
  %u = load i32, ptr %never
  %w = sext i32 %u to i64
  ret i64 %w
}`, `
define i64 @maybe(i1 zeroext %c, i64 %n) {
entry:
  br i1 %c, label %set, label %join
set:
  br label %join
join:
  %v.1 = phi i64 [ undef, %entry ], [ %n, %set ]
  br i1 %c, label %use, label %other
use:
  ret i64 %v.1
other:
  %w = sext i32 undef to i64
  ret i64 %w
}`)
}

// A slot whose address is passed to a call, one reached through a GEP and
// one read with a second type stay in memory; the plain slot next to them
// is promoted. The loop stores %k back unchanged, so the φ placed at its
// header merges %k's first value only with itself, and is removed.
func TestMem2RegEscapingSlotsStay(t *testing.T) {
	checkPass(t, Mem2Reg, `
declare void @escape(ptr)

define i64 @escapes(i64 %n) {
entry:
  %x = alloca i64
  %arr = alloca i64
  %pun = alloca i64
  %k = alloca i64
  store i64 %n, ptr %x
  store i64 %n, ptr %pun
  store i64 %n, ptr %k
  call void @escape(ptr %x)
  %slot = getelementptr i64, ptr %arr, i64 0
  store i64 1, ptr %slot
  br label %loop
loop:
  %k.0 = load i64, ptr %k
  store i64 %k.0, ptr %k
  %x.0 = load i64, ptr %x
  %again = icmp slt i64 %x.0, %k.0
  br i1 %again, label %loop, label %done
done:
  %low = load i32, ptr %pun
  %a = load i64, ptr %arr
  %k.1 = load i64, ptr %k
  %sum = add i64 %a, %k.1
  ret i64 %sum
}`, `
define i64 @escapes(i64 %n) {
entry:
  %x = alloca i64
  %arr = alloca i64
  %pun = alloca i64
  store i64 %n, ptr %x
  store i64 %n, ptr %pun
  call void @escape(ptr %x)
  %slot = getelementptr i64, ptr %arr, i64 0
  store i64 1, ptr %slot
  br label %loop
loop:
  %x.0 = load i64, ptr %x
  %again = icmp slt i64 %x.0, %n
  br i1 %again, label %loop, label %done
done:
  %low = load i32, ptr %pun
  %a = load i64, ptr %arr
  %sum = add i64 %a, %n
  ret i64 %sum
}`)
}
