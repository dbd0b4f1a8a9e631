; count_to whose loop branches back to the entry block, which must have no
; predecessors.
; ERROR "count_to" "entry block" "predecessor"
define i64 @count_to(i64 %n) {
entry:
  %c0 = icmp slt i64 0, %n
  br i1 %c0, label %body, label %done

body:
  %next = add i64 %n, -1
  br label %entry

done:
  ret i64 0
}
