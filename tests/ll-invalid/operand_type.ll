; count_to comparing the i64 %i as an i32.
; ERROR "%i" "has type i64, but expected i32"
define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %n32 = trunc i64 %n to i32
  %c = icmp slt i32 %i, %n32
  br i1 %c, label %body, label %done

body:
  %next = add i64 %i, 1
  br label %loop

done:
  ret i64 %i
}
