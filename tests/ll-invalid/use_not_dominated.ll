; count_to with %next, defined in %body, used in %entry, which %body does
; not dominate.
; ERROR "count_to" "%next" "does not dominate"
define i64 @count_to(i64 %n) {
entry:
  %early = add i64 %next, 1
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
