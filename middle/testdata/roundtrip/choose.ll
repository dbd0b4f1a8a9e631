; ModuleID = 'choose.ll'
source_filename = "choose.ll"

define i64 @choose(i1 zeroext %c, i64 %a, i64 %b) {
entry:
  br i1 %c, label %then, label %else

then:                                    ; preds = %entry
  br label %join

else:                                    ; preds = %entry
  br label %join

join:                                    ; preds = %then, %else
  %r = phi i64 [ %a, %then ], [ %b, %else ]
  ret i64 %r
}
