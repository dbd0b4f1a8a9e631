; count_to with the phi entry for the back edge removed: %loop has the
; predecessors %entry and %body, but its phi names only %entry.
; ERROR "count_to" "%body" "no incoming value for predecessor"
define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done

body:
  %next = add i64 %i, 1
  br label %loop

done:
  ret i64 %i
}
