package backend

import (
	"fmt"
	"strings"
	"testing"
)

// Integer semantics at every width, against C on the same inputs: each IR
// binary operation, with both operands in registers and with the second an
// immediate, as a function called from a C driver that compares with the
// C expression (two's complement, arithmetic >> on signed values, udiv
// and urem on the unsigned readings, the divisors that trap left out, as
// the IR's guards leave them out).

type arithOp struct {
	ir, c string
	shift bool
	div   bool
}

var arithOps = []arithOp{
	{"add", "a + b", false, false},
	{"sub", "a - b", false, false},
	{"mul", "(T)((U)a * (U)b)", false, false},
	{"and", "a & b", false, false},
	{"or", "a | b", false, false},
	{"xor", "a ^ b", false, false},
	{"shl", "(T)((U)a << b)", true, false},
	{"ashr", "a >> b", true, false},
	{"lshr", "(T)((U)a >> b)", true, false},
	{"sdiv", "a / b", false, true},
	{"srem", "a % b", false, true},
	{"udiv", "(T)((U)a / (U)b)", false, true},
	{"urem", "(T)((U)a % (U)b)", false, true},
}

func TestArithmetic(t *testing.T) {
	type width struct {
		ir, t, u string
		bits     int
		consts   []string
		values   string
	}
	widths := []width{
		{"i64", "int64_t", "uint64_t", 64, []string{"3", "-5", "63", "1", "100000"},
			"0, 1, -1, 2, -2, 3, 7, 63, 64, 1000, -1000, 0x7fffffffffffffff, -0x7fffffffffffffff-1, 0x123456789abcdef, -0x123456789abcdef"},
		{"i32", "int32_t", "uint32_t", 32, []string{"3", "-5", "31", "1", "100000"},
			"0, 1, -1, 2, -2, 3, 7, 31, 32, 1000, -1000, 0x7fffffff, -0x7fffffff-1, 0x1234567, -0x1234567"},
		{"i8", "int8_t", "uint8_t", 8, []string{"3", "-5", "7", "1", "100"},
			"0, 1, -1, 2, -2, 3, 7, 8, 100, -100, 127, -128, 0x35, -0x35"},
	}
	for _, w := range widths {
		t.Run(w.ir, func(t *testing.T) {
			var ll, decls, checks strings.Builder
			for _, op := range arithOps {
				fmt.Fprintf(&ll, "define %[1]s @%[2]s_rr(%[1]s %%a, %[1]s %%b) {\nentry:\n  %%r = %[2]s %[1]s %%a, %%b\n  ret %[1]s %%r\n}\n", w.ir, op.ir)
				fmt.Fprintf(&decls, "%s %s_rr(%s, %s);\n", w.t, op.ir, w.t, w.t)
				cond := "1"
				switch {
				case op.shift:
					cond = fmt.Sprintf("b >= 0 && b < %d", w.bits)
				case op.div && op.ir[0] == 'u':
					cond = "b != 0"
				case op.div:
					cond = fmt.Sprintf("b != 0 && !(b == -1 && a == (T)((U)1 << %d))", w.bits-1)
				}
				fmt.Fprintf(&checks, "\tfor (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { T a = v[i], b = v[j];\n"+
					"\t\tif (%s && %s_rr(a, b) != (T)(%s)) { printf(\"%s %%lld %%lld\\n\", (long long)a, (long long)b); bad++; } }\n",
					cond, op.ir, op.c, op.ir)
				for k, c := range w.consts {
					if op.shift && (strings.HasPrefix(c, "-") || c == "100000" || c == "100") {
						continue
					}
					fmt.Fprintf(&ll, "define %[1]s @%[2]s_ri%[3]d(%[1]s %%a) {\nentry:\n  %%r = %[2]s %[1]s %%a, %[4]s\n  ret %[1]s %%r\n}\n", w.ir, op.ir, k, c)
					fmt.Fprintf(&ll, "define %[1]s @%[2]s_ir%[3]d(%[1]s %%b) {\nentry:\n  %%r = %[2]s %[1]s %[4]s, %%b\n  ret %[1]s %%r\n}\n", w.ir, op.ir, k, c)
					fmt.Fprintf(&decls, "%[1]s %[2]s_ri%[3]d(%[1]s);\n%[1]s %[2]s_ir%[3]d(%[1]s);\n", w.t, op.ir, k)
					fmt.Fprintf(&checks, "\tfor (int i = 0; i < n; i++) { T a = v[i], b = %[1]s;\n"+
						"\t\tif (%[2]s && %[3]s_ri%[4]d(a) != (T)(%[5]s)) { printf(\"%[3]s ri %%lld %%lld\\n\", (long long)a, (long long)b); bad++; }\n"+
						"\t\tb = v[i]; a = %[1]s;\n"+
						"\t\tif (%[2]s && %[3]s_ir%[4]d(b) != (T)(%[5]s)) { printf(\"%[3]s ir %%lld %%lld\\n\", (long long)a, (long long)b); bad++; } }\n",
						c, cond, op.ir, k, op.c)
				}
			}
			driver := fmt.Sprintf("typedef %s T;\ntypedef %s U;\n%s\nint main(void) {\n\tT v[] = {%s};\n\tint n = sizeof v / sizeof v[0], bad = 0;\n%s\tprintf(\"%%d bad\\n\", bad);\n}\n",
				w.t, w.u, decls.String(), w.values, checks.String())
			expect(t, ll.String(), driver, "0 bad\n")
		})
	}
}

// TestComparisons checks every icmp predicate at every width, as a value
// (setcc), as a branch (fused compare), and as a select (cmov).
func TestComparisons(t *testing.T) {
	preds := []struct{ ir, c string }{
		{"eq", "=="}, {"ne", "!="}, {"slt", "<"}, {"sle", "<="}, {"sgt", ">"}, {"sge", ">="},
		{"ult", "<"}, {"ule", "<="}, {"ugt", ">"}, {"uge", ">="},
	}
	var ll, decls, checks strings.Builder
	for _, w := range []struct{ ir, t, u string }{{"i64", "int64_t", "uint64_t"}, {"i32", "int32_t", "uint32_t"}, {"i8", "int8_t", "uint8_t"}} {
		for _, p := range preds {
			name := p.ir + "_" + w.ir
			fmt.Fprintf(&ll, `
define zeroext i1 @%[1]s_v(%[2]s %%a, %[2]s %%b) {
entry:
  %%c = icmp %[3]s %[2]s %%a, %%b
  ret i1 %%c
}
define i64 @%[1]s_br(%[2]s %%a, %[2]s %%b) {
entry:
  %%c = icmp %[3]s %[2]s %%a, %%b
  br i1 %%c, label %%yes, label %%no
yes:
  ret i64 10
no:
  ret i64 20
}
define i64 @%[1]s_z(%[2]s %%a) {
entry:
  %%c = icmp %[3]s %[2]s %%a, 0
  %%r = select i1 %%c, i64 10, i64 20
  ret i64 %%r
}
define i64 @%[1]s_sel(%[2]s %%a, %[2]s %%b, i64 %%x, i64 %%y) {
entry:
  %%c = icmp %[3]s %[2]s %%a, %%b
  %%r = select i1 %%c, i64 %%x, i64 %%y
  ret i64 %%r
}
`, name, w.ir, p.ir)
			fmt.Fprintf(&decls, "bool %[1]s_v(%[2]s, %[2]s); int64_t %[1]s_br(%[2]s, %[2]s); int64_t %[1]s_z(%[2]s); int64_t %[1]s_sel(%[2]s, %[2]s, int64_t, int64_t);\n", name, w.t)
			cast := w.t
			if strings.HasPrefix(p.ir, "u") {
				cast = w.u
			}
			fmt.Fprintf(&checks, `	for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
		%[2]s a = v[i], b = v[j]; bool want = (%[3]s)a %[4]s (%[3]s)b;
		if (%[1]s_v(a, b) != want || %[1]s_br(a, b) != (want ? 10 : 20) || %[1]s_sel(a, b, 7, 8) != (want ? 7 : 8)) { printf("%[1]s %%lld %%lld\n", (long long)a, (long long)b); bad++; }
		if (%[1]s_z(a) != (((%[3]s)a %[4]s (%[3]s)0) ? 10 : 20)) { printf("%[1]s_z %%lld\n", (long long)a); bad++; }
	}
`, name, w.t, cast, p.c)
		}
	}
	driver := decls.String() + "int main(void) {\n\tint64_t v[] = {0, 1, -1, 2, -2, 127, -128, 255, 0x7fffffff, -0x7fffffff-1, 0x7fffffffffffffff, -0x7fffffffffffffff-1};\n\tint n = sizeof v / sizeof v[0], bad = 0;\n" +
		checks.String() + "\tprintf(\"%d bad\\n\", bad);\n}\n"
	expect(t, ll.String(), driver, "0 bad\n")
}

// TestDivisionByConstants checks sdiv and srem by every kind of constant
// divisor (±1, powers of two, the minimum, magic-number ones) at i32 and
// i64 against C on dividends around the interesting edges.
func TestDivisionByConstants(t *testing.T) {
	divisors := []int64{1, -1, 2, -2, 3, -3, 5, 7, -7, 10, 16, -16, 25, 125, 641, 1000, 1 << 20, 1000000007, -1000000007}
	var ll, decls, checks strings.Builder
	for _, w := range []struct {
		ir, t string
		min   string
		extra []int64
	}{{"i64", "int64_t", "(-0x7fffffffffffffff-1)", []int64{1 << 40, -1 << 62, 0x7fffffffffffffff, -0x7fffffffffffffff - 1, 6700417 * 641}},
		{"i32", "int32_t", "(-0x7fffffff-1)", []int64{-1 << 31, 1 << 30, 0x7fffffff}}} {
		for k, d := range append(divisors, w.extra...) {
			for _, op := range []string{"sdiv", "srem"} {
				name := fmt.Sprintf("%s_%s_%d", op, w.ir, k)
				fmt.Fprintf(&ll, "define %[1]s @%[2]s(%[1]s %%x) {\nentry:\n  %%r = %[3]s %[1]s %%x, %[4]d\n  ret %[1]s %%r\n}\n", w.ir, name, op, d)
				fmt.Fprintf(&decls, "%s %s(%s);\n", w.t, name, w.t)
				cop := map[string]string{"sdiv": "/", "srem": "%"}[op]
				fmt.Fprintf(&checks, "\tfor (int i = 0; i < n; i++) { T x = (T)v[i], d = (T)%dLL;\n"+
					"\t\tT want = d == -1 ? (%s == \"/\"[0] ? (T)(0 - (U)x) : 0) : x %s d;\n"+
					"\t\tif (%s(x) != want) { printf(\"%s %%lld\\n\", (long long)x); bad++; } }\n", d, "'"+cop+"'", cop, name, name)
			}
		}
		driver := fmt.Sprintf("typedef %s T;\ntypedef u%s U;\n%s\nint main(void) {\n\tint64_t v[] = {0, 1, -1, 2, -2, 3, 7, -7, 100, -100, 641, 1000000006, 1000000007, -1000000008, 0x7fffffff, -0x7fffffff-1, 0x7fffffffffffffff, -0x7fffffffffffffff-1, 123456789012345, -987654321098765};\n\tint n = sizeof v / sizeof v[0], bad = 0;\n%s\tprintf(\"%%d bad\\n\", bad);\n}\n",
			w.t, w.t, decls.String(), checks.String())
		t.Run(w.ir, func(t *testing.T) { expect(t, ll.String(), driver, "0 bad\n") })
		ll.Reset()
		decls.Reset()
		checks.Reset()
	}
}

// TestTruncToI1Conditions branches and selects on the low bit of wider
// values (the shape of a bool loaded from memory), fused into `test $1`.
func TestTruncToI1Conditions(t *testing.T) {
	expect(t, `
define i64 @low_bit_br(i8 %x) {
entry:
  %b = trunc i8 %x to i1
  br i1 %b, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}
define i64 @low_bit_sel(i64 %x, i64 %a, i64 %b) {
entry:
  %c = trunc i64 %x to i1
  %r = select i1 %c, i64 %a, i64 %b
  ret i64 %r
}
`, `
int64_t low_bit_br(int8_t);
int64_t low_bit_sel(int64_t, int64_t, int64_t);
int main(void) {
	printf("%ld %ld %ld %ld\n", low_bit_br(0), low_bit_br(1), low_bit_br(2), low_bit_br(-1));
	printf("%ld %ld\n", low_bit_sel(6, 10, 20), low_bit_sel(7, 10, 20));
}
`, "0 1 0 1\n20 10\n")
}

// TestTruncOfConstantCondition branches on the low bit of a constant that
// instruction selection sees unfolded.
func TestTruncOfConstantCondition(t *testing.T) {
	expect(t, `
define i64 @k() {
entry:
  %b = trunc i8 5 to i1
  br i1 %b, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}
`, "int64_t k(void);\nint main(void) { printf(\"%ld\\n\", k()); }\n", "1\n")
}

// TestRemainderFromQuotient: a remainder by a constant that a quotient of
// the same division dominates (in its block, or in a dominating block) is
// x - q*d from that quotient, with one multiplication by the magic number
// for both; a remainder before its quotient computes its own.
func TestRemainderFromQuotient(t *testing.T) {
	for _, w := range []struct{ ir, t, magic string }{{"i64", "int64_t", "movabsq"}, {"i32", "int32_t", "sarq\t$32"}} {
		for _, d := range []int64{10, -7, 1000000007} {
			ll := fmt.Sprintf(`define %[1]s @qr(%[1]s %%x, i1 %%c) {
entry:
  %%q = sdiv %[1]s %%x, %[2]d
  br i1 %%c, label %%rem, label %%done
rem:
  %%r = srem %[1]s %%x, %[2]d
  %%s = mul %[1]s %%q, 1000
  %%t = add %[1]s %%s, %%r
  ret %[1]s %%t
done:
  ret %[1]s %%q
}
define %[1]s @rq(%[1]s %%x) {
entry:
  %%r = srem %[1]s %%x, %[2]d
  %%q = sdiv %[1]s %%x, %[2]d
  %%s = mul %[1]s %%q, 1000
  %%t = add %[1]s %%s, %%r
  ret %[1]s %%t
}
`, w.ir, d)
			driver := fmt.Sprintf(`typedef %[1]s T;
T qr(T, bool);
T rq(T);
int main(void) {
	int64_t v[] = {0, 1, -1, 9, -9, 10, -10, 11, 123456789, -123456789, 0x7fffffff, -0x7fffffff-1, 0x7fffffffffffffff, -0x7fffffffffffffff-1};
	int bad = 0;
	for (int i = 0; i < (int)(sizeof v / sizeof v[0]); i++) {
		T x = (T)v[i], d = (T)%[2]dLL;
		T want = (T)((uint64_t)(x / d) * 1000 + (uint64_t)(x %% d));
		if (qr(x, true) != want || rq(x) != want || qr(x, false) != x / d) { printf("%%lld\n", (long long)x); bad++; }
	}
	printf("%%d bad\n", bad);
}
`, w.t, d)
			t.Run(fmt.Sprintf("%s_%d", w.ir, d), func(t *testing.T) {
				expect(t, ll, driver, "0 bad\n")
				asm := assemble(t, ll)
				if n := strings.Count(functionText(asm, "qr"), w.magic); n != 1 {
					t.Errorf("qr multiplies by the magic number %d times, want once:\n%s", n, functionText(asm, "qr"))
				}
				if n := strings.Count(functionText(asm, "rq"), w.magic); n != 2 {
					t.Errorf("rq multiplies by the magic number %d times, want twice:\n%s", n, functionText(asm, "rq"))
				}
			})
		}
	}
}
