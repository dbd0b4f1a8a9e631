; An irreducible loop: two blocks that branch to each other, each entered
; directly from the entry, so neither dominates the other and there is no
; single loop header. Every edge between them is critical.
; bits(start_b, n) takes n steps (at least one) alternating between %a,
; which appends a 1 bit to s, and %b, which appends a 0 bit, starting at %b
; when start_b is set, and returns s.
define i64 @bits(i1 zeroext %start_b, i64 %n) {
entry:
  br i1 %start_b, label %b, label %a

a:
  %ia = phi i64 [ 0, %entry ], [ %ib.next, %b ]
  %sa = phi i64 [ 0, %entry ], [ %sb.next, %b ]
  %sa.shifted = shl i64 %sa, 1
  %sa.next = or i64 %sa.shifted, 1
  %ia.next = add i64 %ia, 1
  %ca = icmp slt i64 %ia.next, %n
  br i1 %ca, label %b, label %exit

b:
  %ib = phi i64 [ 0, %entry ], [ %ia.next, %a ]
  %sb = phi i64 [ 0, %entry ], [ %sa.next, %a ]
  %sb.next = shl i64 %sb, 1
  %ib.next = add i64 %ib, 1
  %cb = icmp slt i64 %ib.next, %n
  br i1 %cb, label %a, label %exit

exit:
  %r = phi i64 [ %sa.next, %a ], [ %sb.next, %b ]
  ret i64 %r
}
