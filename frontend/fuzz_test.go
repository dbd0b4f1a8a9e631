package frontend

import (
	"testing"

	"toyc/middle"
)

// fuzzSeeds are valid programs that cover the grammar; the fuzzer mutates
// them (and the files in testdata/fuzz/FuzzCheck).
var fuzzSeeds = []string{
	"",
	`func main() int { print("hello", 1, true); return 0; }`,
	`var g: i32 = -2147483648;
var flag = true;
var arr: []int;
extern func putchar(c: i32) i32;
func sum(a: []int) int {
	var s = 0;
	for var i = 0; i < len(a); i += 1 { s += a[i]; }
	return s;
}
func swap(p: *int, q: *int) { var t = *p; *p = *q; *q = t; }
func main() int {
	var a = new(int, argc() + 3);
	a[0] = 7; a[1] = 'x'; a[2] = 0x10;
	var x = 1; var y = 2;
	swap(&x, &y);
	var b: bool;
	if x < y && !flag { b = true; } else if x == y || y >= 0 { b = false; } else { b = flag; }
	while b { b = false; continue; }
	for ;; { break; }
	putchar(i32(sum(a) % 10) + '0');
	print(x << 3, y >> 1, x / y, x % y, ^x, -x, x & y | y ^ x, int(g), b);
	return argi(0);
}`,
}

// FuzzCheck: checking never panics, every diagnostic has a position, and
// every program the checker accepts lowers to IR the verifier accepts.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog, diags := Check("fuzz.toy", src)
		if (prog == nil) == (len(diags) == 0) {
			t.Fatalf("Check returned program %v with %d diagnostics", prog != nil, len(diags))
		}
		for _, d := range diags {
			if !d.Pos.IsValid() {
				t.Fatalf("diagnostic without position: %v", d)
			}
		}
		if prog != nil {
			if errs := middle.VerifyModule(Lower(prog)); len(errs) > 0 {
				t.Fatalf("the lowering of a valid program fails verification:\n%v", errs)
			}
		}
	})
}
