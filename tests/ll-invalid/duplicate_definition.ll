; count_to with %next defined twice.
; ERROR "redefinition of" "%next"
define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done

body:
  %next = add i64 %i, 1
  %next = add i64 %i, 2
  br label %loop

done:
  ret i64 %i
}
