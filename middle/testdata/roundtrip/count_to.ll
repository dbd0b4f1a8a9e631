; ModuleID = 'count_to.ll'
source_filename = "count_to.ll"

define i64 @count_to(i64 %n) {
entry:
  br label %loop

loop:                                    ; preds = %entry, %body
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done

body:                                    ; preds = %loop
  %next = add i64 %i, 1
  br label %loop

done:                                    ; preds = %loop
  ret i64 %i
}
