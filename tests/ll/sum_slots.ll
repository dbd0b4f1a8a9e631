; Locals in stack slots as clang -O0 writes them (a parameter copied to its
; slot, a loop counter and an accumulator loaded and stored around every
; use), a slot whose address escapes to a call (it must stay in memory),
; and an i8 slot holding a bool.
declare void @observe(ptr)

; sum_to(n) = 0 + 1 + ... + (n - 1), with every variable in a slot.
define i64 @sum_to(i64 %n) {
entry:
  %n.addr = alloca i64, align 8
  %i = alloca i64, align 8
  %sum = alloca i64, align 8
  store i64 %n, ptr %n.addr, align 8
  store i64 0, ptr %i, align 8
  store i64 0, ptr %sum, align 8
  br label %cond

cond:
  %i.0 = load i64, ptr %i, align 8
  %n.0 = load i64, ptr %n.addr, align 8
  %lt = icmp slt i64 %i.0, %n.0
  br i1 %lt, label %body, label %end

body:
  %i.1 = load i64, ptr %i, align 8
  %sum.0 = load i64, ptr %sum, align 8
  %sum.1 = add nsw i64 %sum.0, %i.1
  store i64 %sum.1, ptr %sum, align 8
  %i.2 = load i64, ptr %i, align 8
  %inc = add nsw i64 %i.2, 1
  store i64 %inc, ptr %i, align 8
  br label %cond

end:
  %r = load i64, ptr %sum, align 8
  ret i64 %r
}

; escaped(x) stores x in a slot, lets @observe change it through its
; address, and returns what is in the slot afterwards plus a flag kept in an
; i8 slot.
define i64 @escaped(i64 %x) {
entry:
  %slot = alloca i64, align 8
  %flag = alloca i8, align 1
  store i64 %x, ptr %slot, align 8
  %pos = icmp sgt i64 %x, 0
  %pos.byte = zext i1 %pos to i8
  store i8 %pos.byte, ptr %flag, align 1
  call void @observe(ptr %slot)
  %v = load i64, ptr %slot, align 8
  %f = load i8, ptr %flag, align 1
  %f.64 = zext i8 %f to i64
  %r = add i64 %v, %f.64
  ret i64 %r
}
