; A block that branches to itself: its back edge is critical (the block has
; two successors and two predecessors), and its phis read each other, so the
; copies must be placed on a split edge and ordered as a parallel copy.
; fib_pair(n) steps (a, b) -> (b, a + b) from (0, 1) n times (at least
; once) and returns a * 1000000 + b.
define i64 @fib_pair(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i64 [ 0, %entry ], [ %b, %loop ]
  %b = phi i64 [ 1, %entry ], [ %sum, %loop ]
  %sum = add i64 %a, %b
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %hi = mul i64 %b, 1000000
  %r = add i64 %hi, %sum
  ret i64 %r
}
