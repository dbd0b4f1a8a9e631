; A module in the style clang -O1 writes: numbered values and blocks,
; attributes, flags, alignment, attribute groups and target lines.
source_filename = "sum.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@total = dso_local local_unnamed_addr global i64 0, align 8
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i64 @sum(i64 noundef %0, i32 noundef signext %1) local_unnamed_addr #0 {
  %3 = icmp sgt i64 %0, 0
  br i1 %3, label %4, label %14

4:                                                ; preds = %2, %4
  %5 = phi i64 [ %9, %4 ], [ 0, %2 ]
  %6 = phi i64 [ %10, %4 ], [ 0, %2 ]
  %7 = sext i32 %1 to i64
  %8 = mul nsw i64 %5, %7
  %9 = add nuw nsw i64 %5, 1
  %10 = add nsw i64 %8, %6
  %11 = icmp eq i64 %9, %0
  br i1 %11, label %12, label %4

12:
  %13 = load i64, ptr @total, align 8
  store i64 %10, ptr @total, align 8
  br label %14

14:                                               ; preds = %12, %2
  %15 = phi i64 [ 0, %2 ], [ %10, %12 ]
  %16 = sdiv exact i64 %15, 2
  %17 = lshr exact i64 %16, 1
  %18 = shl nuw nsw i64 %17, 1
  %19 = getelementptr inbounds i8, ptr @.str, i64 1
  %20 = tail call zeroext i1 @check(ptr noundef %19) #1
  tail call void @report(i64 %18)
  ret i64 %15
}

declare zeroext i1 @check(ptr noundef) #1

declare dso_local void @report(i64 noundef %value) local_unnamed_addr

define internal void @unnamed_entry() {
  %1 = alloca i32, align 4
  store i32 1, ptr %1, align 4
  ret void
}

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" }
attributes #1 = { nounwind }
