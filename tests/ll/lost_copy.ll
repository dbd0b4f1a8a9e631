; The lost-copy problem of leaving SSA: the loop's phi %x is used after the
; loop, where %x.next is already live, so a copy for the back edge placed
; naively at the end of the loop would overwrite the value the exit needs.
; last_below(n) counts x = 1, 2, ... while x + 1 < n and returns the last x.
define i64 @last_below(i64 %n) {
entry:
  br label %loop

loop:
  %x = phi i64 [ 1, %entry ], [ %x.next, %loop ]
  %x.next = add i64 %x, 1
  %c = icmp slt i64 %x.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i64 %x
}
