; ModuleID = 'everything.ll'
source_filename = "everything.ll"

@.str = private unnamed_addr constant [16 x i8] c"hello, \22world\22\0A\00"
@.str.1 = private unnamed_addr constant [0 x i8] c""
@counter = global i64 -5
@small = global i32 7
@byte = constant i8 -1
@flag = global i1 true
@table = global ptr @counter
@nothing = global ptr null
@fn = constant ptr @arith
@stdin = external global i8
@errno = external global i32

declare void @toy_print_str(ptr)

declare i64 @toy_read(ptr, i64)

declare zeroext i1 @toy_ok(i1 zeroext)

define i64 @arith(i64 %a, i64 %b) {
entry:
  %add = add i64 %a, %b
  %sub = sub i64 %add, -9223372036854775808
  %mul = mul i64 %sub, %b
  %div = sdiv i64 %mul, 3
  %rem = srem i64 %div, -7
  %and = and i64 %rem, 255
  %or = or i64 %and, %a
  %xor = xor i64 %or, -1
  %shl = shl i64 %xor, 3
  %ashr = ashr i64 %shl, 1
  %lshr = lshr i64 %ashr, 63
  ret i64 %lshr
}

define zeroext i1 @compare(i32 %x, i32 %y, ptr %p) {
entry:
  %eq = icmp eq i32 %x, %y
  %ne = icmp ne i32 %x, 0
  %slt = icmp slt i32 %x, %y
  %sle = icmp sle i32 %x, -2147483648
  %sgt = icmp sgt i32 %x, 2147483647
  %sge = icmp sge i32 %x, %y
  %ult = icmp ult i32 %x, %y
  %ule = icmp ule i32 %x, %y
  %ugt = icmp ugt i32 %x, %y
  %uge = icmp uge i32 %x, %y
  %null = icmp eq ptr %p, null
  %a = and i1 %eq, %ne
  %b = or i1 %a, %slt
  %c = xor i1 %b, true
  %d = select i1 %c, i1 %sle, i1 false
  %e = select i1 %sgt, i1 %d, i1 %sge
  %f = and i1 %e, %ult
  %g = or i1 %f, %ule
  %h = and i1 %g, %ugt
  %i = or i1 %h, %uge
  %j = and i1 %i, %null
  %ok = call zeroext i1 @toy_ok(i1 zeroext %j)
  ret i1 %ok
}

define void @memory(i64 %n) {
entry:
  %slot = alloca i64
  %bslot = alloca i8
  %pslot = alloca ptr
  store i64 %n, ptr %slot
  store i8 65, ptr %bslot
  store ptr @counter, ptr %pslot
  %v = load i64, ptr %slot
  %p = load ptr, ptr %pslot
  %elt = getelementptr i64, ptr %p, i64 %v
  %w = load i64, ptr %elt
  %len = load i64, ptr %elt, !invariant.load !0
  %i32 = trunc i64 %w to i32
  %byteaddr = getelementptr i8, ptr @.str, i32 %i32
  %byte = load i8, ptr %byteaddr
  %z = zext i8 %byte to i64
  %s = sext i32 %i32 to i64
  %sum = add i64 %z, %s
  %t = trunc i64 %sum to i1
  %wide = zext i1 %t to i32
  %back = sext i1 %t to i8
  store i32 %wide, ptr @small
  store i8 %back, ptr @byte
  %r = call i64 @toy_read(ptr @stdin, i64 %sum)
  call void @toy_print_str(ptr @.str)
  %u = select i1 %t, i64 undef, i64 %r
  store i64 %u, ptr @counter
  ret void
}

define void @fail() {
entry:
  call void @toy_print_str(ptr @.str.1)
  unreachable
}

define i64 @loops(i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %outer, label %exit

outer:                                   ; preds = %entry, %outer.latch
  %i = phi i64 [ 0, %entry ], [ %i.1, %outer.latch ]
  %acc = phi i64 [ 0, %entry ], [ %acc.2, %outer.latch ]
  br label %inner

inner:                                   ; preds = %outer, %inner
  %j = phi i64 [ 0, %outer ], [ %j.1, %inner ]
  %acc.1 = phi i64 [ %acc, %outer ], [ %acc.2, %inner ]
  %acc.2 = add i64 %acc.1, %j
  %j.1 = add i64 %j, 1
  %more = icmp slt i64 %j.1, %i
  br i1 %more, label %inner, label %outer.latch

outer.latch:                             ; preds = %inner
  %i.1 = add i64 %i, 1
  %again = icmp slt i64 %i.1, %n
  br i1 %again, label %outer, label %exit

exit:                                    ; preds = %entry, %outer.latch
  %res = phi i64 [ 0, %entry ], [ %acc.2, %outer.latch ]
  ret i64 %res
}

define i32 @same_target(i1 zeroext %c) {
entry:
  br i1 %c, label %join, label %join

join:                                    ; preds = %entry
  ret i32 1
}

!0 = !{}
