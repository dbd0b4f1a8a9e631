; count_to(n) counts i from 0 while i < n and returns i, so it is n for
; n >= 0 and 0 for negative n: a loop whose counter is a phi at the header.
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
  ret i64 %i
}
