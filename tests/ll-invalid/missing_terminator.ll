; count_to whose %done block ends without a terminator.
; ERROR "terminator"
define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done

body:
  %next = add i64 %i, 1
  br label %loop

done:
  %r = add i64 %i, 0
}
