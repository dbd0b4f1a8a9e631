package frontend

import (
	"testing"
	"time"

	"toyc/middle"
	"toyc/middle/diag"
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

// FuzzCheck: checking never panics or loops, every diagnostic has a
// position, no input gets more diagnostics than it has tokens, every
// program the checker accepts lowers to IR the verifier accepts, and the
// recognizer that reports syntax errors (recover.go) accepts exactly the
// inputs that participle parses.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		type result struct {
			prog  *Program
			diags diag.List
		}
		done := make(chan result, 1)
		go func() {
			prog, diags := Check("fuzz.toy", src)
			done <- result{prog, diags}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("Check has not returned after 20 s")
		}
		prog, diags := r.prog, r.diags
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
		lines := newLineIndex(src)
		if scan("fuzz.toy", src, lines) != nil {
			return // a lexical error or nesting too deep: not parsed
		}
		toks := tokensFrom("fuzz.toy", src, 0)
		if len(diags) > max(len(toks)-1, 1) {
			t.Fatalf("%d diagnostics for %d tokens:\n%v", len(diags), len(toks)-1, diags)
		}
		p := newSynParser("fuzz.toy", src, lines, toks, 1)
		p.parseFile()
		_, err := parseTokens(toks[:len(toks)-1], toks[len(toks)-1].Pos)
		if recognized := len(p.diags) == 0 && !anyBroken(p.decls); recognized != (err == nil) {
			t.Fatalf("the recognizer finds %v, participle %v", p.diags, err)
		}
	})
}
