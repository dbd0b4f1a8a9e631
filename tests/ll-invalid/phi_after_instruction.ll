; count_to with an ordinary instruction before the phi of %loop: phis must
; come first in their block.
; ERROR "count_to" "%i" "phi after a non-phi instruction"
define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:
  %m = add i64 %n, 1
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i64 %i, %m
  br i1 %c, label %body, label %done

body:
  %next = add i64 %i, 1
  br label %loop

done:
  ret i64 %i
}
