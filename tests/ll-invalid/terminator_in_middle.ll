; A branch in the middle of a block, with instructions after it: LLVM reads
; what follows as a new unnamed block without a terminator of its own.
; ERROR "terminator"
define i64 @f(i64 %n) {
entry:
  br label %done
  %dead = add i64 %n, 1

done:
  ret i64 %n
}
