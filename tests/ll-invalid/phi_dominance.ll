; A phi operand must be defined at the end of its incoming block: %late is
; defined in %done, which does not dominate the edge from %body.
; ERROR "count_to" "%late" "does not dominate"
define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %late, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done

body:
  %next = add i64 %i, 1
  br label %loop

done:
  %late = add i64 %i, 1
  ret i64 %i
}
