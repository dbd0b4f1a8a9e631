; Phi inputs that arrive on critical edges (from a block with two successors
; to a block with two predecessors): the copy for such an edge can go
; neither at the end of the source nor at the start of the target, so the
; edge has to be split.
; pick(x) is x * 3 for positive x, else 7 (the 7 arrives on entry -> join).
define i64 @pick(i64 %x) {
entry:
  %pos = icmp sgt i64 %x, 0
  br i1 %pos, label %times3, label %join

times3:
  %y = mul i64 %x, 3
  br label %join

join:
  %r = phi i64 [ 7, %entry ], [ %y, %times3 ]
  ret i64 %r
}

; sum_below(n) is 0 + 1 + ... + (n - 1) for n > 0, else -1; both edges into
; %out are critical, and so is the loop's back edge.
define i64 @sum_below(i64 %n) {
entry:
  %empty = icmp sle i64 %n, 0
  br i1 %empty, label %out, label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i64 %s, %i
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %out

out:
  %r = phi i64 [ -1, %entry ], [ %s.next, %loop ]
  ret i64 %r
}
