package middle

import "testing"

// The bounds check of max[i] in the loop's condition runs at the top of
// every trip: it moves, with the length load it compares with, to a guard
// in front of the loop, and the header takes in the block it jumped to.
// The check of a[k], which depends on the counter, stays, and so does the
// exit test k <= max[i].
func TestUnswitchBoundsCheckInCondition(t *testing.T) {
	checkPass(t, UnswitchGuards, `
declare void @toy_index_error(i64, i64)

define i64 @count(ptr %max, ptr %a, i64 %i) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %ok.a ]
  %len.addr = getelementptr i8, ptr %max, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %p = getelementptr i64, ptr %max, i64 %i
  %m = load i64, ptr %p
  %more = icmp sle i64 %k, %m
  br i1 %more, label %body, label %exit
body:
  %len.addr.a = getelementptr i8, ptr %a, i64 -8
  %len.a = load i64, ptr %len.addr.a, !invariant.load !0
  %in.a = icmp ult i64 %k, %len.a
  br i1 %in.a, label %ok.a, label %fail.a
ok.a:
  %q = getelementptr i64, ptr %a, i64 %k
  store i64 1, ptr %q
  %k.next = add i64 %k, 1
  br label %head
fail:
  call void @toy_index_error(i64 %i, i64 %len)
  unreachable
fail.a:
  call void @toy_index_error(i64 %k, i64 %len.a)
  unreachable
exit:
  ret i64 %k
}

!0 = !{}`, `
define i64 @count(ptr %max, ptr %a, i64 %i) {
entry:
  br label %head.guard
head.guard:
  %len.addr = getelementptr i8, ptr %max, i64 -8
  %len = load i64, ptr %len.addr, !invariant.load !0
  %in = icmp ult i64 %i, %len
  br i1 %in, label %head, label %fail
head:
  %k = phi i64 [ 0, %head.guard ], [ %k.next, %ok.a ]
  %p = getelementptr i64, ptr %max, i64 %i
  %m = load i64, ptr %p
  %more = icmp sle i64 %k, %m
  br i1 %more, label %body, label %exit
body:
  %len.addr.a = getelementptr i8, ptr %a, i64 -8
  %len.a = load i64, ptr %len.addr.a, !invariant.load !0
  %in.a = icmp ult i64 %k, %len.a
  br i1 %in.a, label %ok.a, label %fail.a
ok.a:
  %q = getelementptr i64, ptr %a, i64 %k
  store i64 1, ptr %q
  %k.next = add i64 %k, 1
  br label %head
fail:
  call void @toy_index_error(i64 %i, i64 %len)
  unreachable
fail.a:
  call void @toy_index_error(i64 %k, i64 %len.a)
  unreachable
exit:
  ret i64 %k
}`)
}

// A test that only some trips reach (after the exit test), one behind a
// store, and one whose exit returns normally all stay where they are.
func TestUnswitchLeavesTestsNotOnEveryTrip(t *testing.T) {
	in := `
declare void @toy_index_error(i64, i64)

define i64 @f(ptr %a, ptr %g, i64 %i, i64 %n, i64 %len) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %ok ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %exit
body:
  %in = icmp ult i64 %i, %len
  br i1 %in, label %ok, label %fail
ok:
  %k.next = add i64 %k, 1
  br label %head
fail:
  call void @toy_index_error(i64 %i, i64 %len)
  unreachable
exit:
  ret i64 %k
}

define i64 @g(ptr %a, i64 %i, i64 %len) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %head.2 ]
  store i64 %k, ptr %a
  %in = icmp ult i64 %i, %len
  br i1 %in, label %head.2, label %fail
head.2:
  %k.next = add i64 %k, 1
  br label %head
fail:
  call void @toy_index_error(i64 %i, i64 %len)
  unreachable
}

define i64 @h(i64 %i, i64 %len) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %head.2 ]
  %in = icmp ult i64 %i, %len
  br i1 %in, label %head.2, label %out
head.2:
  %k.next = add i64 %k, 1
  br label %head
out:
  ret i64 %k
}`
	checkPass(t, UnswitchGuards, in, in[len("\ndeclare void @toy_index_error(i64, i64)\n"):])
}

// A test whose true side leaves is tested negated in front of the loop;
// the header takes in the body, and the loop is one block.
func TestUnswitchNegatedTest(t *testing.T) {
	checkPass(t, UnswitchGuards, `
declare void @toy_index_error(i64, i64)

define i64 @f(i64 %i, i64 %len, i64 %n) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %body ]
  %out = icmp uge i64 %i, %len
  br i1 %out, label %fail, label %body
body:
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %n
  br i1 %more, label %head, label %exit
fail:
  call void @toy_index_error(i64 %i, i64 %len)
  unreachable
exit:
  ret i64 %k
}`, `
define i64 @f(i64 %i, i64 %len, i64 %n) {
entry:
  br label %head.guard
head.guard:
  %out = icmp uge i64 %i, %len
  %out.not = icmp ult i64 %i, %len
  br i1 %out.not, label %head, label %fail
head:
  %k = phi i64 [ 0, %head.guard ], [ %k.next, %head ]
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %n
  br i1 %more, label %head, label %exit
fail:
  call void @toy_index_error(i64 %i, i64 %len)
  unreachable
exit:
  ret i64 %k
}`)
}

// Two tests in a row leave the header in their order, each in a guard of
// its own; the second's exit shares nothing with the first's.
func TestUnswitchTwoTests(t *testing.T) {
	checkPass(t, UnswitchGuards, `
declare void @toy_index_error(i64, i64)

define i64 @f(i64 %i, i64 %la, i64 %lb, i64 %n) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k.next, %body ]
  %ina = icmp ult i64 %i, %la
  br i1 %ina, label %second, label %faila
second:
  %inb = icmp ult i64 %i, %lb
  br i1 %inb, label %body, label %failb
body:
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %n
  br i1 %more, label %head, label %exit
faila:
  call void @toy_index_error(i64 %i, i64 %la)
  unreachable
failb:
  call void @toy_index_error(i64 %i, i64 %lb)
  unreachable
exit:
  ret i64 %k
}`, `
define i64 @f(i64 %i, i64 %la, i64 %lb, i64 %n) {
entry:
  br label %head.guard
head.guard:
  %ina = icmp ult i64 %i, %la
  br i1 %ina, label %head.guard.1, label %faila
head.guard.1:
  %inb = icmp ult i64 %i, %lb
  br i1 %inb, label %head, label %failb
head:
  %k = phi i64 [ 0, %head.guard.1 ], [ %k.next, %head ]
  %k.next = add i64 %k, 1
  %more = icmp slt i64 %k.next, %n
  br i1 %more, label %head, label %exit
faila:
  call void @toy_index_error(i64 %i, i64 %la)
  unreachable
failb:
  call void @toy_index_error(i64 %i, i64 %lb)
  unreachable
exit:
  ret i64 %k
}`)
}
