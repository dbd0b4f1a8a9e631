; ModuleID = 'names.ll'
source_filename = "names.ll"

@"odd name" = global i64 1
@"0" = global i64 2
@$dollar.-sign_ = global i64 3

define i64 @"quoted fn"(i64 %"0", i64 %"a b") {
"1":
  %"2" = add i64 %"0", %"a b"
  %"\22quote\5C" = load i64, ptr @"odd name"
  %"tab\09" = add i64 %"2", %"\22quote\5C"
  %$x-y.z_ = load i64, ptr @"0"
  br label %"3"

"3":                                     ; preds = %"1"
  %r = add i64 %"tab\09", %$x-y.z_
  %s = load i64, ptr @$dollar.-sign_
  %t = add i64 %r, %s
  ret i64 %t
}

define i64 @caller() {
entry:
  %v = call i64 @"quoted fn"(i64 1, i64 2)
  ret i64 %v
}
