package tests

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The facts across functions (middle/ipranges.go) hold only for whole
// programs whose global arrays main allocates with new: the programs of
// the random differential (gen/) fill theirs through helpers, so they
// never have them. These programs are the shapes the facts are for, Are
// We Fast Yet's List and a node pool, with their lengths, and with stores,
// returns and calls that sometimes break them (an index out of range
// stored, returned, passed, or written through a parameter; a counter
// changed by a call between its store and its reload), at random. The
// -O2 build must do what the -O0 one does: the same output, and the same
// runtime error when there is one.

var (
	iprSeeds = flag.Int("iprseeds", 12, "TestIPRangesRandom: the number of programs")
	iprSeed  = flag.Uint64("iprseed", 1, "TestIPRangesRandom: the first seed")
)

func TestIPRangesRandom(t *testing.T) {
	needToyc(t)
	dir := t.TempDir()
	for seed := *iprSeed; seed < *iprSeed+uint64(*iprSeeds); seed++ {
		src, arg := ipRangesProgram(seed)
		file := filepath.Join(dir, fmt.Sprintf("p%d.toy", seed))
		if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		var results [2]result
		for i, level := range []string{"-O0", "-O2"} {
			exe := file + level
			compileNative(t, dir, "-w", level, file, "-o", exe)
			results[i] = run(t, dir, runTimeout, exe, arg)
		}
		o0, o2 := results[0], results[1]
		if o0.status != o2.status || !bytes.Equal(o0.stdout, o2.stdout) || firstLine(o0.stderr) != firstLine(o2.stderr) {
			t.Errorf("seed %d: -O0 and -O2 disagree (exit %d and %d)\n-O0: %s%s\n-O2: %s%s\nprogram:\n%s",
				seed, o0.status, o2.status, o0.stdout, firstLine(o0.stderr), o2.stdout, firstLine(o2.stderr), src)
		}
	}
}

// ipRangesProgram returns the program of seed and the argument to run it
// with (main's n, for arrays of length n + 1).
func ipRangesProgram(seed uint64) (string, string) {
	r := rand.New(rand.NewPCG(seed, 0x1f2e3d4c))
	length := []int{1, 2, 8, 64}[r.IntN(4)]
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	bad := func() string {
		return pick(fmt.Sprint(length), fmt.Sprint(length-1), "-1", "0", "3", "cnt", "cnt + 1", "len(A)", "len(A) - 1")
	}
	var b strings.Builder
	b.WriteString("var A: []int;\nvar B: []int;\nvar cnt = 0;\nvar sink = 0;\n")
	storeBad, returnBad := "", ""
	if r.IntN(10) < 3 {
		storeBad = fmt.Sprintf("if k == 2 && cnt > %d { A[e] = %s; }", r.IntN(13), bad())
	}
	if r.IntN(10) < 2 {
		returnBad = fmt.Sprintf("if k == 3 && cnt > %d { return %s; }", r.IntN(13), bad())
	}
	fmt.Fprintf(&b, `func mk(k: int) int {
    if k <= 0 {
        return 0;
    }
    cnt += 1;
    var e = cnt;
    B[e] = k;
    A[e] = mk(k - 1);
    %s
    %s
    return e;
}
`, storeBad, returnBad)
	bumpBetween := ""
	if r.IntN(10) < 3 {
		bumpBetween = "bump();"
	}
	fmt.Fprintf(&b, `func bump() {
    if cnt == %d {
        cnt = %s;
    }
}
func node(v: int) int {
    cnt += 1;
    A[cnt] = 0;
    B[cnt] = v;
    %s
    return cnt;
}
`, 1+r.IntN(10), bad(), bumpBetween)
	b.WriteString(`func walk(l: int) int {
    var n = 0;
    var e = l;
    while e != 0 && n < 100 {
        n += 1;
        sink += B[e];
        e = A[e];
    }
    return n;
}
func shorter(x: int, y: int) bool {
    var xt = x;
    var yt = y;
    while yt != 0 {
        if xt == 0 {
            return true;
        }
        xt = A[xt];
        yt = A[yt];
    }
    return false;
}
func via(x: int) int {
    return walk(x);
}
func poke(a: []int, i: int, v: int) {
    a[i] = v;
}
`)
	body := []string{fmt.Sprintf("A = new(int, %d);\n    B = new(int, %d);", length, length)}
	if r.IntN(10) < 4 {
		body[0] = "var n = argi(0);\n    A = new(int, n + 1);\n    B = new(int, n + 1);"
	}
	for i := range 2 + r.IntN(6) {
		var s string
		switch r.IntN(9) {
		case 0:
			s = fmt.Sprintf("print(walk(mk(%d)));", r.IntN(10))
		case 1:
			s = fmt.Sprintf("var l%d = mk(%d);\n    print(via(l%d), shorter(l%d, mk(%d)));", i, r.IntN(10), i, i, r.IntN(6))
		case 2:
			s = fmt.Sprintf("var t%d = node(%d);\n    print(t%d, B[t%d], walk(t%d));", i, i, i, i, i)
		case 3:
			s = fmt.Sprintf("print(via(%s));", bad())
		case 4:
			i := 1 + r.IntN(3)
			s = fmt.Sprintf("poke(A, %d, %s);\n    print(walk(%d));", i, bad(), i)
		case 5:
			s = fmt.Sprintf("cnt = %s;", pick("0", fmt.Sprint(r.IntN(71))))
		case 6:
			s = fmt.Sprintf("if cnt < %d { A[1] = %s; }", r.IntN(61), bad())
		case 7:
			s = fmt.Sprintf("for var j = 0; j < 3; j += 1 { print(walk(mk(j + %d))); cnt = %d; }", r.IntN(5), r.IntN(6))
		default:
			s = fmt.Sprintf("print(shorter(mk(2), %s));", bad())
		}
		body = append(body, s)
	}
	body = append(body, "print(cnt, sink);")
	fmt.Fprintf(&b, "func main() {\n    %s\n}\n", strings.Join(body, "\n    "))
	return b.String(), pick("0", "1", "7", "63", "100")
}
