package backend

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The multi-instruction selection patterns (patterns.go) and the
// multiplications without imul: each function must compute what C
// computes on edge values, and its assembly must show the instruction the
// pattern is for — or, for the near misses, must not.

type patternCase struct {
	name, ty, body string // body: IR computing %r from %a and %b
	c              string // the C expression of a and b
	want, not      string // regexps the function's assembly must (not) match
}

var patternCases = []patternCase{
	{"shr64", "i64", "%s = ashr i64 %a, 17\n  %r = and i64 %s, 140737488355327", "(T)((U)a >> 17)", `shrq\t\$17`, `sar`},
	{"shr64_part", "i64", "%s = ashr i64 %a, 8\n  %r = and i64 255, %s", "(T)((U)a >> 8 & 255)", `shrq\t\$8`, `sar`},
	{"shr32", "i32", "%s = ashr i32 %a, 16\n  %r = and i32 %s, 65535", "(T)((U)a >> 16)", `shrl\t\$16`, `sar`},
	{"sar_mask_too_wide", "i64", "%s = ashr i64 %a, 17\n  %r = and i64 %s, 281474976710655", "(T)(a >> 17 & 281474976710655LL)", `sar`, `shr`},
	{"rotl32", "i32", "%h = shl i32 %a, 15\n  %s = ashr i32 %a, 17\n  %l = and i32 %s, 32767\n  %r = or i32 %h, %l", "(T)((U)a << 15 | (U)a >> 17)", `roll\t\$15`, `sar|shr`},
	{"rotl64_xor", "i64", "%l = lshr i64 %a, 51\n  %h = shl i64 %a, 13\n  %r = xor i64 %l, %h", "(T)((U)a << 13 | (U)a >> 51)", `rolq\t\$13`, `shr`},
	{"not_rotate", "i32", "%h = shl i32 %a, 15\n  %l = lshr i32 %a, 16\n  %r = or i32 %h, %l", "(T)((U)a << 15 | (U)a >> 16)", `shll`, `rol`},
	{"rotl32_var", "i32", "%n = and i32 %b, 31\n  %l = shl i32 %a, %n\n  %s = sub i32 32, %b\n  %sm = and i32 %s, 31\n  %h = ashr i32 %a, %sm\n  %o = shl i32 1, %n\n  %m = sub i32 %o, 1\n  %t = and i32 %h, %m\n  %r = or i32 %l, %t", "(b & 31) ? (T)((U)a << (b & 31) | (U)a >> (32 - (b & 31))) : a", `roll\t%cl`, `sar|shl|shr`},
	{"rotl64_var_xor", "i64", "%l = shl i64 %a, %b\n  %s = sub i64 128, %b\n  %h = lshr i64 %a, %s\n  %o = shl i64 1, %b\n  %m = sub i64 %o, 1\n  %t = and i64 %m, %h\n  %r = xor i64 %t, %l", "(b & 63) ? (T)((U)a << (b & 63) | (U)a >> (64 - (b & 63))) : a", `rolq\t%cl`, `sar|shl|shr`},
	{"not_rotl_var", "i32", "%n = and i32 %b, 31\n  %l = shl i32 %a, %n\n  %s = sub i32 31, %b\n  %sm = and i32 %s, 31\n  %h = ashr i32 %a, %sm\n  %o = shl i32 1, %n\n  %m = sub i32 %o, 1\n  %t = and i32 %h, %m\n  %r = or i32 %l, %t", "(T)(((U)a << (b & 31)) | ((U)(a >> ((31 - b) & 31)) & ((1u << (b & 31)) - 1)))", `sarl`, `rol`},
	{"rotate_other", "i32", "%h = shl i32 %a, 15\n  %l = lshr i32 %b, 17\n  %r = or i32 %h, %l", "(T)((U)a << 15 | (U)b >> 17)", `shll`, `rol`},
	{"lea_index", "i64", "%m = mul i64 %a, 8\n  %r = add i64 %b, %m", "(T)((U)b + (U)a * 8)", `leaq\t\(%r[a-z0-9]+,%r[a-z0-9]+,8\)`, `imul|shl`},
	{"lea_shl", "i32", "%m = shl i32 %a, 2\n  %r = add i32 %m, %b", "(T)((U)b + ((U)a << 2))", `leal\t\(%r[a-z0-9]+,%r[a-z0-9]+,4\)`, `imul|shl`},
	{"lea_times5", "i32", "%m = mul i32 %a, 5\n  %r = sub i32 %m, 430675100", "(T)((U)a * 5 - 430675100)", `leal\t-430675100\((%r[a-z0-9]+),(%r[a-z0-9]+),4\)`, `imul`},
	{"lea_times3", "i64", "%m = mul i64 3, %a\n  %r = add i64 %m, 1", "(T)((U)a * 3 + 1)", `leaq\t1\(%r[a-z0-9]+,%r[a-z0-9]+,2\)`, `imul`},
	{"lea_times8_disp", "i64", "%m = mul i64 %a, 8\n  %r = add i64 %m, -8", "(T)((U)a * 8 - 8)", `leaq\t-8\(,%r[a-z0-9]+,8\)`, `imul`},
	{"mul2", "i64", "%r = mul i64 %a, 2", "(T)((U)a * 2)", `lea`, `imul`},
	{"mul9", "i32", "%r = mul i32 %a, 9", "(T)((U)a * 9)", `leal`, `imul`},
	{"mul4", "i32", "%r = mul i32 4, %a", "(T)((U)a * 4)", `leal`, `imul`},
	{"mul1024", "i64", "%r = mul i64 %a, 1024", "(T)((U)a * 1024)", `shlq\t\$10`, `imul`},
	{"mul2p40", "i64", "%r = mul i64 %a, 1099511627776", "(T)((U)a << 40)", `shlq\t\$40`, `imul`},
	{"mul_shared", "i64", "%m = mul i64 %a, 8\n  %s = add i64 %b, %m\n  %r = xor i64 %s, %m", "(T)(((U)b + (U)a * 8) ^ ((U)a * 8))", `lea`, `imul`},
	{"even64", "i64", "%s = srem i64 %a, 2\n  %c = icmp eq i64 %s, 0\n  %r = select i1 %c, i64 %a, i64 %b", "a % 2 == 0 ? a : b", `testq\t\$1,`, `sar|shr|imul`},
	{"mod8_ne32", "i32", "%s = srem i32 %a, -8\n  %c = icmp ne i32 0, %s\n  br i1 %c, label %y, label %n\ny:\n  ret i32 %a\nn:\n  %r = add i32 %b, 1", "a % 8 != 0 ? a : b + 1", `testl\t\$7,`, `sar|shr|imul`},
	{"and_test", "i64", "%s = and i64 %a, 12\n  %c = icmp ne i64 %s, 0\n  %r = select i1 %c, i64 %a, i64 %b", "(a & 12) != 0 ? a : b", `testq\t\$12,`, `and`},
	{"and_test_wide", "i64", "%s = and i64 %a, 4294967295\n  %c = icmp eq i64 %s, 0\n  %r = select i1 %c, i64 %a, i64 %b", "(a & 4294967295LL) == 0 ? a : b", `movl\t%e`, `testq\t\$`},
	{"bt64", "i64", "%m = and i64 %b, 63\n  %s = ashr i64 %a, %m\n  %t = and i64 %s, 1\n  %c = icmp ne i64 %t, 0\n  %r = select i1 %c, i64 %a, i64 %b", "((a >> (b & 63)) & 1) != 0 ? a : b", `btq\t%r[a-z0-9]+, %r`, `sar|shr|test|and`},
	{"bt32_eq", "i32", "%m = and i32 %b, 31\n  %s = lshr i32 %a, %m\n  %t = and i32 1, %s\n  %c = icmp eq i32 %t, 0\n  br i1 %c, label %y, label %n\ny:\n  ret i32 %a\nn:\n  %r = add i32 %b, 1", "(((U)a >> (b & 31)) & 1) == 0 ? a : b + 1", `btl\t%e[a-z0-9]+, %e`, `sar|shr|test|and`},
	{"bt_const_count", "i64", "%s = ashr i64 %a, 5\n  %t = and i64 %s, 1\n  %c = icmp ne i64 %t, 0\n  %r = select i1 %c, i64 %a, i64 %b", "((a >> 5) & 1) != 0 ? a : b", `andq\t\$1, %r[a-z0-9]+\n\tcmovne`, `bt|test`},
	{"bt_shift_reused", "i64", "%s = ashr i64 %a, %b\n  %t = and i64 %s, 1\n  %c = icmp ne i64 %t, 0\n  %r = select i1 %c, i64 %s, i64 %b", "((a >> (b & 63)) & 1) != 0 ? a >> (b & 63) : b", `sarq`, `bt`},
	{"and_low32", "i64", "%r = and i64 %a, 4294967295", "(T)((U)a & 0xffffffffu)", `movl\t%e`, `and`},
	{"and_low8", "i32", "%r = and i32 255, %b", "b & 255", `movzbl\t%`, `and`},
	{"add_wide", "i64", "%r = add i64 %a, 1099511627776", "(T)((U)a + 1099511627776ULL)", `leaq\t\(%r[a-z0-9]+,%r[a-z0-9]+,1\)`, `addq`},
	{"srem_pow2", "i64", "%r = srem i64 %a, 16", "a % 16", `andq\t\$-16`, `imul`},
	{"srem_2p40", "i64", "%r = srem i64 %a, -1099511627776", "a % 1099511627776LL", `andq\t%`, `imul`},
	{"srem2_32", "i32", "%r = srem i32 %a, 2", "a % 2", `shrl\t\$31`, `imul|sar`},
	{"sdiv2", "i64", "%r = sdiv i64 %a, 2", "a / 2", `shrq\t\$63`, `imul|sarq\t\$63`},
	{"neg64", "i64", "%r = sub i64 0, %a", "(T)(0 - (U)a)", `negq`, `sub|\$0`},
	{"neg_of_load", "i64", "%p = alloca i64\n  store i64 %a, ptr %p\n  %l = load i64, ptr %p\n  %r = sub i64 0, %l", "(T)(0 - (U)a)", `subq\t[0-9]*\(%rsp\)`, `neg`},
	{"neg32", "i32", "%r = sub i32 0, %b", "(T)(0 - (U)b)", `negl`, `sub|\$0`},
	{"shl_count_mask", "i64", "%m = and i64 %b, 63\n  %r = shl i64 %a, %m", "(T)((U)a << (b & 63))", `shlq\t%cl`, `and`},
	{"sar32_count_mask", "i32", "%m = and i32 31, %b\n  %r = ashr i32 %a, %m", "a >> (b & 31)", `sarl\t%cl`, `and`},
	{"count_mask_shared", "i32", "%m = and i32 %b, 31\n  %h = shl i32 %a, %m\n  %o = shl i32 1, %m\n  %r = xor i32 %h, %o", "(T)(((U)a << (b & 31)) ^ (1u << (b & 31)))", `shll\t%cl`, `and`},
	{"count_mask_shared_used", "i32", "%m = and i32 %b, 31\n  %h = shl i32 %a, %m\n  %o = shl i32 1, %m\n  %x = xor i32 %h, %o\n  %r = add i32 %x, %m", "(T)((((U)a << (b & 31)) ^ (1u << (b & 31))) + (U)(b & 31))", `andl\t\$31`, `andq`},
	{"lshr_count_mask_narrow", "i64", "%m = and i64 %b, 31\n  %r = lshr i64 %a, %m", "(T)((U)a >> (b & 31))", `and[lq]\t\$31`, `shrq\t\$`},
	{"select_bool", "i64", "%c = icmp slt i64 %a, %b\n  %r = select i1 %c, i64 1, i64 0", "a < b", `setl`, `cmov`},
	{"select_bool_not", "i32", "%c = icmp eq i32 %a, %b\n  %r = select i1 %c, i32 0, i32 1", "a != b", `setne`, `cmov`},
	{"select_two", "i64", "%c = icmp ult i64 %a, %b\n  %r = select i1 %c, i64 2, i64 0", "(U)a < (U)b ? 2 : 0", `cmov`, `set`},
	{"rmw_add", "i64", "%p = alloca i64\n  store i64 %a, ptr %p\n  %l = load i64, ptr %p\n  %s = add i64 %b, %l\n  store i64 %s, ptr %p\n  %r = load i64, ptr %p", "(T)((U)a + (U)b)", `addq\t%r[a-z0-9]+, [0-9]*\(%rsp\)`, `addq\t[0-9]*\(%rsp\)`},
	{"rmw_sub32", "i32", "%p = alloca i32\n  store i32 %a, ptr %p\n  %l = load i32, ptr %p\n  %s = sub i32 %l, 5\n  store i32 %s, ptr %p\n  %r = load i32, ptr %p", "(T)((U)a - 5)", `subl\t\$5, [0-9]*\(%rsp\)`, `lea[lq]\t`},
	{"rmw_xor_imm", "i64", "%p = alloca i64\n  store i64 %a, ptr %p\n  %l = load i64, ptr %p\n  %s = xor i64 %l, -3\n  store i64 %s, ptr %p\n  %r = load i64, ptr %p", "a ^ -3", `xorq\t\$-3, [0-9]*\(%rsp\)`, `xorq\t\$-3, %`},
	{"rmw_sub_reversed", "i64", "%p = alloca i64\n  store i64 %a, ptr %p\n  %l = load i64, ptr %p\n  %s = sub i64 %b, %l\n  store i64 %s, ptr %p\n  %r = load i64, ptr %p", "(T)((U)b - (U)a)", `subq`, `subq\t%r[a-z0-9]+, [0-9]*\(%rsp\)`},
	{"rmw_store_between", "i64", "%p = alloca i64\n  %q = alloca i64\n  store i64 %a, ptr %p\n  %l = load i64, ptr %p\n  store i64 %b, ptr %q\n  %s = add i64 %l, 1\n  store i64 %s, ptr %p\n  %r = load i64, ptr %p", "(T)((U)a + 1)", `lea`, `addq\t\$1, [0-9]*\(%rsp\)`},
	{"rmw_load_reused", "i64", "%p = alloca i64\n  store i64 %a, ptr %p\n  %l = load i64, ptr %p\n  %s = or i64 %l, %b\n  store i64 %s, ptr %p\n  %t = load i64, ptr %p\n  %r = xor i64 %t, %l", "(a | b) ^ a", `orq\t%`, `orq\t%r[a-z0-9]+, [0-9]*\(%rsp\)`},
	{"mul_mem", "i32", "%p = alloca i32\n  store i32 %a, ptr %p\n  %l = load i32, ptr %p\n  %r = mul i32 %l, -862048943", "(T)((U)a * (U)-862048943)", `imull\t\$-862048943, [0-9]*\(%rsp\)`, `movq\t\$-862048943`},
}

func TestSelectionPatterns(t *testing.T) {
	var ll, decls, checks strings.Builder
	for _, c := range patternCases {
		fmt.Fprintf(&ll, "define %[1]s @%[2]s(%[1]s %%a, %[1]s %%b) {\nentry:\n  %[3]s\n  ret %[1]s %%r\n}\n", c.ty, c.name, c.body)
		typ, utyp := "int64_t", "uint64_t"
		if c.ty == "i32" {
			typ, utyp = "int32_t", "uint32_t"
		}
		fmt.Fprintf(&decls, "%s %s(%s, %s);\n", typ, c.name, typ, typ)
		fmt.Fprintf(&checks, "\tfor (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {\n"+
			"\t\ttypedef %[1]s T; typedef %[2]s U; T a = (T)v[i], b = (T)v[j];\n"+
			"\t\tif (%[3]s(a, b) != (T)(%[4]s)) { printf(\"%[3]s %%lld %%lld\\n\", (long long)a, (long long)b); bad++; } }\n",
			typ, utyp, c.name, c.c)
	}
	driver := decls.String() + "int main(void) {\n\tint64_t v[] = {0, 1, -1, 2, -2, 3, 7, -7, 8, -8, 16, -17, 100, 0x7fff, 0x12345678, -0x12345678, 0x7fffffff, -0x7fffffff-1, 0xffffffffLL, 0x7fffffffffffffff, -0x7fffffffffffffff-1, 0x123456789abcdefLL, -0x123456789abcdefLL};\n" +
		"\tint n = sizeof v / sizeof v[0], bad = 0;\n" + checks.String() + "\tprintf(\"%d bad\\n\", bad);\n}\n"
	expect(t, ll.String(), driver, "0 bad\n")

	asm := assemble(t, ll.String())
	for _, c := range patternCases {
		body := functionText(asm, c.name)
		if !regexp.MustCompile(c.want).MatchString(body) {
			t.Errorf("%s: no %q in\n%s", c.name, c.want, body)
		}
		if regexp.MustCompile(c.not).MatchString(body) {
			t.Errorf("%s: %q in\n%s", c.name, c.not, body)
		}
	}
}

// functionText returns the instructions of function name in asm, without
// labels, directives and comments (which repeat the names).
func functionText(asm, name string) string {
	start := strings.Index(asm, "\n"+name+":\n")
	if start < 0 {
		return ""
	}
	rest := asm[start+1:]
	if end := strings.Index(rest, ".cfi_endproc"); end >= 0 {
		rest = rest[:end]
	}
	var b strings.Builder
	for _, l := range strings.Split(rest, "\n") {
		if strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, "\t.") && !strings.HasPrefix(l, "\t#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// TestCompareRepeatedForEachUse: a compare used by two selects with a
// division between them (the MIN / -1 guard's shape) is repeated before
// each cmov, never kept in a register with setcc.
func TestCompareRepeatedForEachUse(t *testing.T) {
	const ll = `
define i64 @quot(i64 %a, i64 %b) {
entry:
  %m1 = icmp eq i64 %b, -1
  %d = select i1 %m1, i64 1, i64 %b
  %q = sdiv i64 %a, %d
  %n = sub i64 0, %a
  %r = select i1 %m1, i64 %n, i64 %q
  ret i64 %r
}
`
	expect(t, ll, `int64_t quot(int64_t, int64_t);
int main(void) {
	printf("%ld %ld %ld %ld\n", quot(7, 2), quot(7, -1), quot(-9, 4), quot(-0x7fffffffffffffff-1, -1));
}
`, "3 -7 -2 -9223372036854775808\n")
	body := functionText(assemble(t, ll), "quot")
	if strings.Contains(body, "set") || strings.Count(body, "cmpq\t$-1") != 2 {
		t.Errorf("the compare is not repeated for each select:\n%s", body)
	}
}

// TestIndexOffsetInDisplacement: a[j - 1] and a[j + 2] address off j with
// the offset in the displacement; j - 1, used only as indexes, is never
// computed.
func TestIndexOffsetInDisplacement(t *testing.T) {
	const ll = `
define i64 @near(ptr %a, i64 %j) {
entry:
  %jm = sub i64 %j, 1
  %jp = add i64 2, %j
  %p = getelementptr i64, ptr %a, i64 %jm
  %x = load i64, ptr %p
  %q = getelementptr i64, ptr %a, i64 %jp
  %y = load i64, ptr %q
  %r1 = mul i64 %x, 100
  %r = add i64 %r1, %y
  %u = getelementptr i32, ptr %a, i64 %jm
  store i32 7, ptr %u
  ret i64 %r
}
`
	expect(t, ll, `int64_t near(int64_t *, int64_t);
int main(void) {
	int64_t a[] = {1, 2, 3, 4, 5, 6};
	printf("%ld %ld\n", near(a, 1), near(a, 3));
}
`, "104 306\n")
	body := functionText(assemble(t, ll), "near")
	for _, want := range []string{"-8(%rdi,%rsi,8)", "16(%rdi,%rsi,8)", "-4(%rdi,%rsi,4)"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s in\n%s", want, body)
		}
	}
	if strings.Contains(body, "lea") || strings.Contains(body, "sub") {
		t.Errorf("the index is computed:\n%s", body)
	}
}

// TestNextValueIndexesItself: a stack pointer popped in a loop, sp - 1,
// is computed anyway (it is the next sp, and tested); the load off it
// takes it as its index rather than sp with -8, which would keep sp live
// past sp - 1 and leave the φ a copy in the loop.
func TestNextValueIndexesItself(t *testing.T) {
	const ll = `
define i64 @pop(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %sp = phi i64 [ %n, %entry ], [ %sp.1, %body ]
  %s = phi i64 [ 0, %entry ], [ %s.1, %body ]
  %sp.1 = sub i64 %sp, 1
  %more = icmp sge i64 %sp.1, 0
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i64, ptr %a, i64 %sp.1
  %x = load i64, ptr %p
  %t = mul i64 %s, 31
  %s.1 = add i64 %t, %x
  br label %loop
done:
  ret i64 %s
}
`
	expect(t, ll, `int64_t pop(int64_t *, int64_t);
int main(void) {
	int64_t a[] = {1, 2, 3, 4, 5, 6};
	printf("%ld %ld\n", pop(a, 6), pop(a, 0));
}
`, "176514621 0\n")
	body := functionText(assemble(t, ll), "pop")
	if strings.Contains(body, "-8(%") {
		t.Errorf("the load addresses off sp, not sp - 1:\n%s", body)
	}
	moves := 0
	for _, l := range strings.Split(body, "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "movq" && strings.HasPrefix(f[1], "%") && !strings.Contains(f[1], "(") {
			moves++
		}
	}
	if moves > 1 {
		t.Errorf("%d register moves, want at most the result's:\n%s", moves, body)
	}
}
