package middle

import "testing"

// The carried φ %h and what is computed from it join the chain last; the
// loads, which only wait for the counter, first.
func TestReassociateCarriedLast(t *testing.T) {
	in := `
define i32 @f(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %h = phi i32 [ 7, %entry ], [ %h.next, %loop ]
  %m = mul i32 %h, 3
  %pa = getelementptr i32, ptr %p, i64 %i
  %x = load i32, ptr %pa
  %qa = getelementptr i32, ptr %q, i64 %i
  %y = load i32, ptr %qa
  %s1 = add i32 %h, %m
  %s2 = add i32 %s1, %x
  %h.next = add i32 %s2, %y
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %h.next
}
`
	want := `
define i32 @f(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %h = phi i32 [ 7, %entry ], [ %h.next, %loop ]
  %m = mul i32 %h, 3
  %pa = getelementptr i32, ptr %p, i64 %i
  %x = load i32, ptr %pa
  %qa = getelementptr i32, ptr %q, i64 %i
  %y = load i32, ptr %qa
  %t = add i32 %x, %y
  %t.1 = add i32 %t, %h
  %h.next = add i32 %t.1, %m
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %h.next
}
`
	checkPass(t, Reassociate, in, want)
}

// Chains that no carried φ feeds, chains of two leaves, and chains outside
// loops keep their order; constants go last, folded into one.
func TestReassociateLeavesOthers(t *testing.T) {
	in := `
define i64 @g(i64 %a, i64 %b, i64 %c, i64 %n) {
entry:
  %o1 = add i64 %c, %a
  %o2 = add i64 %o1, %b
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ %o2, %entry ], [ %s.next, %loop ]
  %u1 = mul i64 %b, %a
  %u2 = mul i64 %u1, %c
  %k1 = add i64 %s, 5
  %k2 = add i64 %k1, %a
  %k3 = add i64 %k2, 6
  %s.next = xor i64 %k3, %u2
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %s.next
}
`
	want := `
define i64 @g(i64 %a, i64 %b, i64 %c, i64 %n) {
entry:
  %o1 = add i64 %c, %a
  %o2 = add i64 %o1, %b
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ %o2, %entry ], [ %s.next, %loop ]
  %u1 = mul i64 %b, %a
  %u2 = mul i64 %u1, %c
  %t = add i64 %a, %s
  %k3 = add i64 %t, 11
  %s.next = xor i64 %k3, %u2
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %s.next
}
`
	checkPass(t, Reassociate, in, want)
}

// SHA-256's majority: (a & b) ^ (a & c) ^ (b & c) takes one and fewer as
// (a & (b ^ c)) ^ (b & c); (x & y) | (x & z) with nothing else becomes
// x & (y | z).
func TestReassociateFactorsAnds(t *testing.T) {
	in := `
define i32 @maj(i32 %b, i32 %c, i32 %z, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i32 [ 1, %entry ], [ %a.next, %loop ]
  %ab = and i32 %a, %b
  %ac = and i32 %a, %c
  %x1 = xor i32 %ab, %ac
  %bc = and i32 %b, %c
  %m = xor i32 %x1, %bc
  %az = and i32 %z, %a
  %ac2 = and i32 %a, %c
  %o = or i32 %az, %ac2
  %a.next = add i32 %m, %o
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %a.next
}
`
	want := `
define i32 @maj(i32 %b, i32 %c, i32 %z, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i32 [ 1, %entry ], [ %a.next, %loop ]
  %bc = and i32 %b, %c
  %t = xor i32 %b, %c
  %t.1 = and i32 %a, %t
  %m = xor i32 %t.1, %bc
  %t.2 = or i32 %z, %c
  %o = and i32 %a, %t.2
  %a.next = add i32 %m, %o
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %a.next
}
`
	checkPass(t, Reassociate, in, want)
}

// Rebuilt and factored chains compute what they did (the IR interpreter on
// both versions).
func TestReassociateSameResults(t *testing.T) {
	in := `
define i64 @h(i64 %n) {
entry:
  %b = mul i64 %n, 2654435761
  %c = xor i64 %n, 12345
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i64 [ %n, %entry ], [ %a.next, %loop ]
  %ab = and i64 %a, %b
  %ac = and i64 %a, %c
  %x1 = xor i64 %ab, %ac
  %bc = and i64 %b, %c
  %m = xor i64 %x1, %bc
  %s1 = add i64 %a, 99
  %s2 = add i64 %s1, %i
  %s3 = add i64 %s2, -7
  %s4 = add i64 %s3, %b
  %r = mul i64 %s4, %m
  %a.next = xor i64 %r, %a
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, 10
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %a.next
}
`
	before := mustParse(t, "in.ll", in)
	after := mustParse(t, "in.ll", in)
	for _, f := range after.Funcs {
		Reassociate(f)
		if err := Verify(f); err != nil {
			t.Fatal(err)
		}
	}
	if after.String() == before.String() {
		t.Fatal("the pass changed nothing")
	}
	checkSameResults(t, before, after, []int64{0, 1, 2, 5, 17, -1, 1 << 40, -1 << 63})
}
