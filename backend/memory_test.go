package backend

import "testing"

// Memory at every width: allocas (the -O0 shape: every local a slot, one
// escaping to C), globals of every type and section, getelementptr folded
// into addressing modes and computed as values, i8 and i1 in memory.

func TestMemory(t *testing.T) {
	expect(t, `
@counter = global i64 5
@small = global i32 -3
@flag = global i1 true
@byte = global i8 -1
@zero = global i64 0
@table = global ptr @counter
@msg = private unnamed_addr constant [7 x i8] c"hi \22\5C\0A\00"
@limit = constant i64 77
@arr = global i64 0

declare void @c_bump(ptr)
declare i32 @puts(ptr)

define i64 @locals(i64 %n) {
entry:
  %x = alloca i64
  %y = alloca i32
  %b = alloca i8
  %f = alloca i1
  store i64 %n, ptr %x
  store i32 7, ptr %y
  store i8 -2, ptr %b
  store i1 true, ptr %f
  call void @c_bump(ptr %x)
  %xv = load i64, ptr %x
  %yv = load i32, ptr %y
  %bv = load i8, ptr %b
  %fv = load i1, ptr %f
  %y64 = sext i32 %yv to i64
  %b64 = sext i8 %bv to i64
  %bz = zext i8 %bv to i64
  %f64 = zext i1 %fv to i64
  %s1 = add i64 %xv, %y64
  %s2 = mul i64 %s1, 1000
  %s3 = add i64 %s2, %b64
  %s4 = mul i64 %s3, 1000
  %s5 = add i64 %s4, %bz
  %s6 = mul i64 %s5, 10
  %s7 = add i64 %s6, %f64
  ret i64 %s7
}

define i64 @bytes(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.1, %body ]
  %sum = phi i64 [ 0, %entry ], [ %sum.1, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done
body:
  %p = getelementptr i8, ptr %a, i64 %i
  %v = load i8, ptr %p
  %v2 = mul i8 %v, 3
  store i8 %v2, ptr %p
  %w = sext i8 %v2 to i64
  %sum.1 = add i64 %sum, %w
  %i.1 = add i64 %i, 1
  br label %loop
done:
  ret i64 %sum
}

define ptr @words(ptr %a, i32 %k) {
entry:
  %k64 = sext i32 %k to i64
  %p = getelementptr i32, ptr %a, i64 %k64
  %q = getelementptr i32, ptr %p, i64 -1
  %v = load i32, ptr %q
  %p2 = getelementptr i32, ptr %p, i64 2
  store i32 %v, ptr %p2
  %flags = getelementptr i1, ptr %a, i64 1
  %fl = load i1, ptr %flags
  %nf = xor i1 %fl, true
  store i1 %nf, ptr %flags
  ret ptr %p2
}

define i64 @globals(i64 %k) {
entry:
  %c = load i64, ptr @counter
  %c.1 = add i64 %c, %k
  store i64 %c.1, ptr @counter
  %s = load i32, ptr @small
  %s64 = sext i32 %s to i64
  %f = load i1, ptr @flag
  %nf = xor i1 %f, true
  store i1 %nf, ptr @flag
  %b = load i8, ptr @byte
  %b64 = zext i8 %b to i64
  %t = load ptr, ptr @table
  %tv = load i64, ptr %t
  %l = load i64, ptr @limit
  %z = load i64, ptr @zero
  store i64 %k, ptr @zero
  %e = getelementptr i64, ptr @arr, i64 %z
  %ev = load i64, ptr %e
  %r = call i32 @puts(ptr @msg)
  %a1 = add i64 %c.1, %s64
  %a2 = add i64 %a1, %b64
  %a3 = add i64 %a2, %tv
  %a4 = add i64 %a3, %l
  %a5 = add i64 %a4, %ev
  %a6 = mul i64 %a5, 10
  %fz = zext i1 %nf to i64
  %a7 = add i64 %a6, %fz
  ret i64 %a7
}
`, `
int64_t locals(int64_t);
int64_t bytes(int8_t *, int64_t);
int32_t *words(int32_t *, int32_t);
int64_t globals(int64_t);
extern int64_t counter, zero;
extern bool flag;
void c_bump(int64_t *p) { *p += 100; }
int main(void) {
	printf("%ld\n", locals(1));
	int8_t a[5] = {1, -2, 50, -50, 127};
	int64_t s = bytes(a, 5);
	printf("%ld %d %d %d %d %d\n", s, a[0], a[1], a[2], a[3], a[4]);
	int32_t w[6] = {10, 11, 12, 13, 14, 15};
	int32_t *p = words(w, 3);
	printf("%d %d %d\n", (int)(p - w), w[5], ((bool *)w)[1]);
	printf("%ld", globals(1));
	printf(" %ld %d %ld\n", counter, flag, zero);
	zero = 0;
	printf("%ld\n", globals(0));
}
`, "1079982541\n"+"122 3 -6 -106 106 125\n"+"5 12 1\n"+"hi \"\\\n\n"+"3410 6 0 1\nhi \"\\\n\n3411\n")
}
