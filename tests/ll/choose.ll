; choose(c) is 3 when c is true, else 2, written the way clang -O0 writes
; it: the result lives in a stack slot stored on each branch and loaded at
; the join, so mem2reg must turn the slot into a phi.
define i64 @choose(i1 zeroext %c) {
entry:
  %result = alloca i64, align 8
  %c.addr = alloca i8, align 1
  %c.byte = zext i1 %c to i8
  store i8 %c.byte, ptr %c.addr, align 1
  %c.load = load i8, ptr %c.addr, align 1
  %c.bool = trunc i8 %c.load to i1
  br i1 %c.bool, label %then, label %else

then:
  store i64 3, ptr %result, align 8
  br label %join

else:
  store i64 2, ptr %result, align 8
  br label %join

join:
  %r = load i64, ptr %result, align 8
  ret i64 %r
}
