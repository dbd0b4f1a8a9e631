package middle

import "testing"

// A search loop's two exits lead to a test of what ended it: the exit on
// !used goes straight to the insertion, the exit past used (keys[h] == key)
// straight to the join, whose φ takes the test block's entry; the test
// block, left without predecessors, goes.
func TestThreadKnownConditionsSearchExit(t *testing.T) {
	checkPass(t, ThreadKnownConditions, `
define i64 @find(ptr %used, ptr %keys, i64 %h0, i64 %key, i64 %n) {
entry:
  br label %probe
probe:
  %h = phi i64 [ %h0, %entry ], [ %h.1, %next ]
  %ua = getelementptr i8, ptr %used, i64 %h
  %u = load i8, ptr %ua
  %tu = trunc i8 %u to i1
  br i1 %tu, label %cmpkey, label %after
cmpkey:
  %ka = getelementptr i64, ptr %keys, i64 %h
  %k = load i64, ptr %ka
  %ne = icmp ne i64 %k, %key
  br i1 %ne, label %next, label %after
next:
  %h.1 = add i64 %h, 1
  br label %probe
after:
  %tu.1 = trunc i8 %u to i1
  br i1 %tu.1, label %join, label %insert
insert:
  store i8 1, ptr %ua
  br label %join
join:
  %r = phi i64 [ %n, %after ], [ 0, %insert ]
  ret i64 %r
}`, `
define i64 @find(ptr %used, ptr %keys, i64 %h0, i64 %key, i64 %n) {
entry:
  br label %probe
probe:
  %h = phi i64 [ %h0, %entry ], [ %h.1, %next ]
  %ua = getelementptr i8, ptr %used, i64 %h
  %u = load i8, ptr %ua
  %tu = trunc i8 %u to i1
  br i1 %tu, label %cmpkey, label %insert
cmpkey:
  %ka = getelementptr i64, ptr %keys, i64 %h
  %k = load i64, ptr %ka
  %ne = icmp ne i64 %k, %key
  br i1 %ne, label %next, label %join
next:
  %h.1 = add i64 %h, 1
  br label %probe
insert:
  store i8 1, ptr %ua
  br label %join
join:
  %r = phi i64 [ 0, %insert ], [ %n, %cmpkey ]
  ret i64 %r
}`)
}

// Nothing moves when the test block defines a value used below it, when
// the branch above tests another value, or when the test block heads a
// loop (the entry's branch decides only the first arrival).
func TestThreadKnownConditionsKeeps(t *testing.T) {
	for _, src := range []string{`
define i64 @usedbelow(i64 %a, i1 zeroext %c) {
entry:
  br i1 %c, label %test, label %other
other:
  br label %test
test:
  %x = add i64 %a, 1
  br i1 %c, label %yes, label %no
yes:
  ret i64 %x
no:
  ret i64 0
}`, `
define i64 @othercond(i64 %a, i64 %b) {
entry:
  %c = icmp slt i64 %a, %b
  br i1 %c, label %test, label %other
other:
  br label %test
test:
  %d = icmp sle i64 %a, %b
  br i1 %d, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}`, `
define i64 @header(i64 %a, i1 zeroext %c) {
entry:
  br i1 %c, label %loop, label %out
loop:
  br i1 %c, label %body, label %out
body:
  br label %loop
out:
  ret i64 %a
}`} {
		checkPass(t, ThreadKnownConditions, src, src)
	}
}

// A versioned loop's copies exit to a block that repeats the version test
// (fannkuch's perm1[r] after the rotation): the check-free copy, entered
// only on r < len, goes straight to the access, the original to the
// failure. The loop headers have a back edge each, so the single entry
// edge is the version test's.
func TestThreadKnownConditionsVersionedExit(t *testing.T) {
	checkPass(t, ThreadKnownConditions, `
define i64 @rot(i64 %r, i64 %len) {
entry:
  %ok = icmp ult i64 %r, %len
  br i1 %ok, label %fast, label %slow
fast:
  %i = phi i64 [ 0, %entry ], [ %i.1, %fast ]
  %i.1 = add i64 %i, 1
  %c = icmp slt i64 %i.1, %r
  br i1 %c, label %fast, label %join
slow:
  %j = phi i64 [ 0, %entry ], [ %j.1, %slow ]
  %j.1 = add i64 %j, 1
  %d = icmp slt i64 %j.1, %r
  br i1 %d, label %slow, label %join
join:
  %ok.1 = icmp ult i64 %r, %len
  br i1 %ok.1, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}`, `
define i64 @rot(i64 %r, i64 %len) {
entry:
  %ok = icmp ult i64 %r, %len
  br i1 %ok, label %fast, label %slow
fast:
  %i = phi i64 [ 0, %entry ], [ %i.1, %fast ]
  %i.1 = add i64 %i, 1
  %c = icmp slt i64 %i.1, %r
  br i1 %c, label %fast, label %yes
slow:
  %j = phi i64 [ 0, %entry ], [ %j.1, %slow ]
  %j.1 = add i64 %j, 1
  %d = icmp slt i64 %j.1, %r
  br i1 %d, label %slow, label %no
yes:
  ret i64 1
no:
  ret i64 0
}`)
}
