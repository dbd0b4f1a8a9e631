package backend

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"toyc/middle"
)

// unsignedByMagic computes x / d at width w as divideUnsignedByMagic's
// instructions do.
func unsignedByMagic(x, d uint64, w uint) uint64 {
	m, sh, add := unsignedMagic(d, w)
	var t uint64
	if w == 64 {
		t, _ = bits.Mul64(x, m)
	} else {
		t = x * m >> 32 // both below 2^32
	}
	if !add {
		return t >> sh
	}
	return ((x-t)&(^uint64(0)>>(64-w))>>1 + t) >> (sh - 1)
}

// The magic numbers against Go's division: every divisor up to 5000 and
// random and extreme ones (powers of two and their neighbours, up to
// 2^w - 1), on the dividends at the edges of each quotient and random ones.
func TestUnsignedMagic(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 9))
	for _, w := range []uint{32, 64} {
		mask := ^uint64(0) >> (64 - w)
		var ds []uint64
		for d := uint64(3); d <= 5000; d++ {
			if d&(d-1) != 0 {
				ds = append(ds, d)
			}
		}
		for k := uint(2); k < w; k++ {
			ds = append(ds, 1<<k-1, 1<<k+1)
		}
		for range 2000 {
			ds = append(ds, rng.Uint64()&mask>>rng.UintN(w))
		}
		ds = append(ds, mask, mask-1, mask/3, mask/7)
		for _, d := range ds {
			if d < 3 || d&(d-1) == 0 {
				continue // selected without a magic number
			}
			xs := []uint64{0, 1, d - 1, d, d + 1, mask, mask - 1, mask / 2, mask/2 + 1, mask / d * d, mask/d*d - 1}
			for range 40 {
				xs = append(xs, rng.Uint64()&mask)
			}
			for _, x := range xs {
				x &= mask
				if got := unsignedByMagic(x, d, w); got != x/d {
					t.Fatalf("w=%d: %d / %d = %d by the magic number, want %d", w, x, d, got, x/d)
				}
			}
		}
	}
}

// udiv and urem by constants, compiled and run, and interpreted, against
// Go's unsigned arithmetic: dividends from 0 to the largest of the type
// (non-negative ones as the middle end makes them, and the rest of udiv's
// range), divisors 1, powers of two, 3, 7, 9, 27 and larger ones up to
// 2^w - 1; each remainder once with its quotient at hand and once alone.
func TestUnsignedDivisionByConstants(t *testing.T) {
	for _, w := range []struct {
		ir, t string
		bits  uint
	}{{"i64", "uint64_t", 64}, {"i32", "uint32_t", 32}} {
		mask := ^uint64(0) >> (64 - w.bits)
		top := mask >> 1 // the largest non-negative value
		divisors := []uint64{1, 2, 3, 4, 5, 6, 7, 9, 10, 14, 16, 19, 25, 27, 81, 100, 641, 1000, 1 << 20, 1000000007,
			top/3 + 1, top - 1, top, top + 1, top + 2, mask - 1, mask}
		if w.bits == 64 {
			divisors = append(divisors, 1<<40, 6700417*641, 1<<62+1)
		}
		xs := []uint64{0, 1, 2, 3, 8, 9, 26, 27, 28, 80, 81, 100, 999, 1000000006, 1000000007, 1 << 31, 1<<32 - 1,
			top - 1, top, top + 1, mask - 1, mask, 0x123456789abcdef, 0x7edcba9876543210}
		var ll, decls, calls strings.Builder
		for k, d := range divisors {
			c := int64(d)
			if w.bits == 32 {
				c = int64(int32(uint32(d))) // the constant in the type's canonical form
			}
			fmt.Fprintf(&ll, `define %[1]s @q%[2]d(%[1]s %%x) {
entry:
  %%q = udiv %[1]s %%x, %[3]d
  ret %[1]s %%q
}
define %[1]s @r%[2]d(%[1]s %%x) {
entry:
  %%r = urem %[1]s %%x, %[3]d
  ret %[1]s %%r
}
define %[1]s @qr%[2]d(%[1]s %%x) {
entry:
  %%q = udiv %[1]s %%x, %[3]d
  %%r = urem %[1]s %%x, %[3]d
  %%s = mul %[1]s %%q, 1000003
  %%t = add %[1]s %%s, %%r
  ret %[1]s %%t
}
`, w.ir, k, c)
			fmt.Fprintf(&decls, "T q%[1]d(T);\nT r%[1]d(T);\nT qr%[1]d(T);\n", k)
			fmt.Fprintf(&calls, "\t\tprintf(\"%%llu %%llu %%llu \", (unsigned long long)q%[1]d(xs[i]), (unsigned long long)r%[1]d(xs[i]), (unsigned long long)qr%[1]d(xs[i]));\n", k)
		}
		var want strings.Builder
		m, errs := middle.ParseModule("udiv.ll", []byte(ll.String()))
		if len(errs) == 0 {
			errs = middle.VerifyModule(m)
		}
		if len(errs) > 0 {
			t.Fatalf("%v", errs)
		}
		in := middle.NewInterpreter(m, middle.InterpOptions{})
		var lits []string
		for _, x := range xs {
			x &= mask
			lits = append(lits, fmt.Sprintf("%dULL", x))
			for k, d := range divisors {
				q, r := x/d, x%d
				qr := (q*1000003 + r) & mask
				for _, f := range []struct {
					name string
					want uint64
				}{{"q", q}, {"r", r}, {"qr", qr}} {
					arg := int64(x)
					if w.bits == 32 {
						arg = int64(int32(uint32(x)))
					}
					got, err := in.Call(fmt.Sprintf("%s%d", f.name, k), arg)
					if err != nil || uint64(got)&mask != f.want {
						t.Errorf("interpreted %s %d / %d = %d (%v), want %d", f.name, x, d, uint64(got)&mask, err, f.want)
					}
				}
				fmt.Fprintf(&want, "%d %d %d ", q, r, qr)
			}
			want.WriteString("\n")
		}
		driver := fmt.Sprintf("typedef %s T;\n%sT xs[] = {%s};\nint main(void) {\n\tfor (int i = 0; i < %d; i++) {\n%s\t\tprintf(\"\\n\");\n\t}\n}\n",
			w.t, decls.String(), strings.Join(lits, ", "), len(xs), calls.String())
		t.Run(w.ir, func(t *testing.T) {
			if got := run(t, ll.String(), driver); got != want.String() {
				t.Errorf("native results differ from Go's:\n%s\nwant:\n%s", got, want.String())
			}
		})
	}
}

// An unsigned division by 9 is the high half of an unsigned multiply,
// shifted: none of the signed division's sign corrections (shr $63 or
// sar), and its remainder reuses the quotient.
func TestUnsignedDivisionHasNoSignCorrection(t *testing.T) {
	asm := assemble(t, `
define i64 @f(i64 %x) {
entry:
  %q = udiv i64 %x, 9
  %r = urem i64 %x, 9
  %s = add i64 %q, %r
  ret i64 %s
}
`)
	f := functionText(asm, "f")
	if strings.Count(f, "\tmulq") != 1 || strings.Contains(f, "imulq\t%") || strings.Contains(f, "sar") || strings.Contains(f, "$63") {
		t.Errorf("want one unsigned multiply and no sign correction:\n%s", f)
	}
}
