package middle

import "testing"

// Unused arithmetic, loads and divisions go, and so does a loop counter's
// φ cycle that nothing reads after the loop; stores, calls and what they
// use stay.
func TestDCE(t *testing.T) {
	checkPass(t, DCE, `
declare void @sink(i64)

define void @dead(i64 %n, ptr %p) {
entry:
  %unused = add i64 %n, 1
  %peek = load i64, ptr %p
  %quot = sdiv i64 %n, 3
  %slot = alloca i64
  %kept = mul i64 %n, 2
  store i64 %kept, ptr %p
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ %n, %entry ], [ %acc.next, %loop ]
  %i.next = add i64 %i, 1
  %acc.next = mul i64 %acc, 3
  %more = icmp slt i64 %acc.next, 1000
  br i1 %more, label %loop, label %done
done:
  call void @sink(i64 %acc.next)
  ret void
}`, `
define void @dead(i64 %n, ptr %p) {
entry:
  %kept = mul i64 %n, 2
  store i64 %kept, ptr %p
  br label %loop
loop:
  %acc = phi i64 [ %n, %entry ], [ %acc.next, %loop ]
  %acc.next = mul i64 %acc, 3
  %more = icmp slt i64 %acc.next, 1000
  br i1 %more, label %loop, label %done
done:
  call void @sink(i64 %acc.next)
  ret void
}`)
}
