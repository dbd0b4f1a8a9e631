package backend

import (
	"regexp"
	"strings"
	"testing"
)

// A zero-extension whose source and destination share a register is left
// out after a 32-bit subtraction wrote the register in the block before,
// and kept after a call, whose int result may have garbage above it.
func TestElideZeroExtensions(t *testing.T) {
	const ll = `
declare i32 @h(i32)
define i64 @after_sub(ptr %q, i32 %a, i32 %b) {
entry:
  %s = sub i32 %a, %b
  %c = icmp ult i32 %s, 100
  br i1 %c, label %yes, label %no
yes:
  %z = zext i32 %s to i64
  %p = getelementptr i64, ptr %q, i64 %z
  %v = load i64, ptr %p
  ret i64 %v
no:
  ret i64 -1
}
define i64 @after_call(ptr %q, i32 %a) {
entry:
  %r = call i32 @h(i32 %a)
  %c = icmp ult i32 %r, 100
  br i1 %c, label %yes, label %no
yes:
  %z = zext i32 %r to i64
  %p = getelementptr i64, ptr %q, i64 %z
  %v = load i64, ptr %p
  ret i64 %v
no:
  ret i64 -1
}
`
	expect(t, ll, `int64_t after_sub(int64_t *, int32_t, int32_t);
int64_t after_call(int64_t *, int32_t);
int32_t h(int32_t a) { return a - 7; }
int main(void) {
	int64_t q[100];
	for (int i = 0; i < 100; i++) q[i] = 1000 + i;
	printf("%ld %ld %ld %ld\n", after_sub(q, 50, 8), after_sub(q, 8, 50), after_call(q, 57), after_call(q, 1));
}
`, "1042 -1 1050 -1\n")
	asm := assemble(t, ll)
	self := regexp.MustCompile(`movl\t%(e[a-z]+|r[0-9]+d), %(e[a-z]+|r[0-9]+d)\n`)
	selfMovl := func(body string) bool {
		for _, m := range self.FindAllStringSubmatch(body, -1) {
			if m[1] == m[2] {
				return true
			}
		}
		return false
	}
	if body := functionText(asm, "after_sub"); selfMovl(body) {
		t.Errorf("after_sub zero-extends a register its subl cleared:\n%s", body)
	}
	if body := functionText(asm, "after_call"); !strings.Contains(body, "movl\t%eax, %eax") {
		t.Errorf("after_call does not zero-extend the call's result:\n%s", body)
	}
}

// A movzbl of a register into itself is left out where the register holds
// a constant below 256 on every path (a bool φ of 1 and 0) and kept after
// a call, whose i8 result may have garbage above it.
func TestElideByteZeroExtensions(t *testing.T) {
	const ll = `
declare i8 @hb(i64)
define i64 @phi_bool(i64 %a, i64 %b) {
entry:
  %c = icmp sgt i64 %a, %b
  br i1 %c, label %yes, label %no
yes:
  br label %join
no:
  br label %join
join:
  %v = phi i1 [ true, %yes ], [ false, %no ]
  %z = zext i1 %v to i64
  ret i64 %z
}
define i64 @after_call_byte(i64 %a) {
entry:
  %r = call i8 @hb(i64 %a)
  %z = zext i8 %r to i64
  ret i64 %z
}
`
	expect(t, ll, `int64_t phi_bool(int64_t, int64_t);
int64_t after_call_byte(int64_t);
int8_t hb(int64_t a) { return (int8_t)(a * 3); }
int main(void) {
	printf("%ld %ld %ld\n", phi_bool(11, 10), phi_bool(10, 11), after_call_byte(50));
}
`, "1 0 150\n")
	asm := assemble(t, ll)
	self := regexp.MustCompile(`movzbl\t%([a-z0-9]+), %([a-z0-9]+)\n`)
	selfMovzb := func(body string) bool {
		for _, m := range self.FindAllStringSubmatch(body, -1) {
			for r := RAX; r < FirstVReg; r++ {
				if physName(r, 1) == m[1] && physName(r, 4) == m[2] {
					return true
				}
			}
		}
		return false
	}
	if body := functionText(asm, "phi_bool"); selfMovzb(body) {
		t.Errorf("phi_bool zero-extends a register that holds 0 or 1:\n%s", body)
	}
	if body := functionText(asm, "after_call_byte"); !selfMovzb(body) {
		t.Errorf("after_call_byte does not zero-extend the call's result:\n%s", body)
	}
}
