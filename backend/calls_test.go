package backend

import "testing"

// Calls across the C boundary in both directions with more arguments than
// registers, of every width: C callers leave garbage above an int or _Bool
// argument and above an int result; Toy callers must zero-extend _Bool and
// put stack arguments where C looks for them, with rsp aligned.

func TestCallsWithStackArguments(t *testing.T) {
	expect(t, `
declare i64 @c_mix8(i1 zeroext, i32, i64, ptr, i8, i32, i1 zeroext, i64)
declare i32 @c_narrow(i32)
declare zeroext i1 @c_odd(i64)

define i64 @toy_mix10(i64 %a, i32 %b, i1 zeroext %c, ptr %d, i8 %e, i64 %f, i32 %g, i1 zeroext %h, i64 %i, i32 %j) {
entry:
  %b64 = sext i32 %b to i64
  %c64 = zext i1 %c to i64
  %e64 = sext i8 %e to i64
  %g64 = sext i32 %g to i64
  %h64 = zext i1 %h to i64
  %j64 = sext i32 %j to i64
  %dv = load i64, ptr %d
  %s1 = add i64 %a, %b64
  %s2 = mul i64 %s1, 3
  %s3 = add i64 %s2, %c64
  %s4 = mul i64 %s3, 5
  %s5 = add i64 %s4, %dv
  %s6 = mul i64 %s5, 7
  %s7 = add i64 %s6, %e64
  %s8 = mul i64 %s7, 11
  %s9 = add i64 %s8, %f
  %s10 = mul i64 %s9, 13
  %s11 = add i64 %s10, %g64
  %s12 = mul i64 %s11, 17
  %s13 = add i64 %s12, %h64
  %s14 = mul i64 %s13, 19
  %s15 = add i64 %s14, %i
  %s16 = mul i64 %s15, 23
  %s17 = add i64 %s16, %j64
  %r = call i64 @c_mix8(i1 %h, i32 %j, i64 %s17, ptr %d, i8 %e, i32 %b, i1 %c, i64 %i)
  ret i64 %r
}

define i64 @toy_narrow(i32 %x) {
entry:
  %y = call i32 @c_narrow(i32 %x)
  %y64 = sext i32 %y to i64
  %odd = call i1 @c_odd(i64 %y64)
  %o = zext i1 %odd to i64
  %t = mul i64 %y64, 10
  %r = add i64 %t, %o
  ret i64 %r
}

define zeroext i1 @toy_bool(i1 zeroext %a, i1 zeroext %b) {
entry:
  %x = xor i1 %a, %b
  ret i1 %x
}

define i32 @toy_i32(i32 %a, i32 %b) {
entry:
  %x = sub i32 %a, %b
  ret i32 %x
}
`, `
int64_t toy_mix10(int64_t, int32_t, bool, int64_t *, int8_t, int64_t, int32_t, bool, int64_t, int32_t);
int64_t toy_narrow(int32_t);
bool toy_bool(bool, bool);
int32_t toy_i32(int32_t, int32_t);

static int64_t ref_mix8(bool a, int32_t b, int64_t c, int64_t *d, int8_t e, int32_t f, bool g, int64_t h) {
	return ((((((c * 3 + a) * 5 + b) * 7 + *d) * 11 + e) * 13 + f) * 17 + g) * 19 + h;
}
int64_t c_mix8(bool a, int32_t b, int64_t c, int64_t *d, int8_t e, int32_t f, bool g, int64_t h) {
	if ((unsigned long)__builtin_frame_address(0) % 16 != 0) return -1;
	return ref_mix8(a, b, c, d, e, f, g, h);
}
static int64_t ref_mix10(int64_t a, int32_t b, bool c, int64_t *d, int8_t e, int64_t f, int32_t g, bool h, int64_t i, int32_t j) {
	int64_t s = (((((((a + b) * 3 + c) * 5 + *d) * 7 + e) * 11 + f) * 13 + g) * 17 + h) * 19 + i;
	s = s * 23 + j;
	return ref_mix8(h, j, s, d, e, b, c, i);
}
int32_t c_narrow(int32_t x) { return x * 3; }
bool c_odd(int64_t x) { return x & 1; }

/* Callers that leave garbage above narrow arguments, as C may. */
int64_t call_dirty(int64_t (*f)(int64_t, int64_t, int64_t, int64_t *, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t),
		int64_t a, int32_t b, bool c, int64_t *d, int8_t e, int64_t f6, int32_t g, bool h, int64_t i, int32_t j) {
	int64_t junk = (int64_t)0x5a5a5a5a << 32;
	return f(a, junk | (uint32_t)b, junk | 0x100 | c, d, junk | (uint8_t)e, f6, junk | (uint32_t)g, junk | 0x100 | h, i, junk | (uint32_t)j);
}

int main(void) {
	int64_t d = 1234567;
	int64_t args[][10] = {
		{1, 2, 1, 0, 3, 4, 5, 0, 6, 7},
		{-100000000000, -2000000000, 0, 0, -128, 99, 2147483647, 1, -6, -2147483648LL},
		{5, -1, 1, 0, 127, -99, -7, 1, 1LL << 40, 12345},
	};
	for (int k = 0; k < 3; k++) {
		int64_t *a = args[k];
		int64_t got = toy_mix10(a[0], a[1], a[2], &d, a[4], a[5], a[6], a[7], a[8], a[9]);
		int64_t dirty = call_dirty((void *)toy_mix10, a[0], a[1], a[2], &d, a[4], a[5], a[6], a[7], a[8], a[9]);
		int64_t want = ref_mix10(a[0], a[1], a[2], &d, a[4], a[5], a[6], a[7], a[8], a[9]);
		printf("%s %s\n", got == want ? "ok" : "BAD", dirty == want ? "ok" : "BAD");
	}
	printf("%ld %ld\n", toy_narrow(7), toy_narrow(-4));
	printf("%d %d %d %d\n", toy_bool(0, 0), toy_bool(0, 1), toy_bool(1, 0), toy_bool(1, 1));
	printf("%d %d\n", toy_i32(5, 7), toy_i32(-2147483647 - 1, 1));
}
`, "ok ok\nok ok\nok ok\n211 -120\n0 1 1 0\n-2 2147483647\n")
}
