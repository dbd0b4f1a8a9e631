package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// text is what shape writes at size n, in C when c is set.
func text(shape string, n int, c bool) string {
	var b strings.Builder
	w := &writer{Writer: bufio.NewWriter(&b), c: c}
	shapes[shape](w, n)
	w.Flush()
	return b.String()
}

// The Toy programs are the benchmark's: a change to them changes what its
// figures mean from one run to the next.
func TestToyPrograms(t *testing.T) {
	want := map[string]string{
		"loops": `func main() {
    var m = argi(0);
    var a = new(int, 16);
    var s = 0;
    for var k0 = 0; k0 < m; k0 += 1 {
        s += a[k0 % 16] * 1 + k0;
        a[(k0 + 0) % 16] = s;
    }
    for var k1 = 0; k1 < m; k1 += 1 {
        s += a[k1 % 16] * 2 + k1;
        a[(k1 + 1) % 16] = s;
    }
    print(s);
}
`,
		"nest": `func main() {
    var m = argi(0);
    var s = 0;
    for var k0 = 0; k0 < m; k0 += 1 {
     for var k1 = 0; k1 < m; k1 += 1 {
      s += 1;
     }
    }
    print(s);
}
`,
		"elseif": `func step(x: int) int {
    var s = 0;
    if x == 0 {
        s = x * 1 + 0;
    } else if x == 3 {
        s = x * 2 + 1;
    } else {
        s = -1;
    }
    return s;
}

func main() {
    var t = 0;
    for var i = 0; i < 6; i += 1 {
        t += step(i);
    }
    print(t);
}
`,
		"live": `func main() {
    var x = argi(0);
    var v0 = x * 3 + 1;
    var v1 = v0 * 3 + x;
    var s = 0;
    s = s ^ v0;
    s = s ^ v1;
    print(s);
}
`,
		"calls": `func f(x: int) int {
    return x * (x % 7) + 1;
}

func main() {
    var m = argi(0);
    var s = 0;
    s += f(m + 0);
    s += f(m + 1);
    print(s);
}
`,
		"globals": `var g0: int = 0;

func main() {
    var m = argi(0);
    for var j = 0; j < m; j += 1 {
        g0 += g0 + j;
        g0 += g0 + j;
    }
    print(g0);
}
`,
		"exits": `func main() {
    var m = argi(0);
    var s = 0;
    while true {
        if s * 1 > m * 1000 {
            break;
        }
        s += 1;
        if s * 2 > m * 1000 {
            break;
        }
        s += 1;
    }
    print(s);
}
`,
	}
	if len(want) != len(shapes) {
		t.Errorf("%d shapes pinned here, %d in the benchmark", len(want), len(shapes))
	}
	for shape, w := range want {
		if got := text(shape, 2, false); got != w {
			t.Errorf("%s, 2:\n%s\nwant:\n%s", shape, got, w)
		}
	}
}

// expected is what shape's program of size n prints given arg, worked out
// here as its statements say (int wraps, as Toy's and gcc's do).
func expected(shape string, n int, arg int64) int64 {
	switch shape {
	case "elseif":
		var t int64
		for x := int64(0); x < int64(3*n); x++ {
			s := int64(-1)
			if x%3 == 0 && x/3 < int64(n) {
				i := x / 3
				s = x*(i%7+1) + i
			}
			t += s
		}
		return t
	case "loops":
		var a [16]int64
		var s int64
		for i := range int64(n) {
			for k := int64(0); k < arg; k++ {
				s += a[k%16]*(i%5+1) + k
				a[(k+i%16)%16] = s
			}
		}
		return s
	case "live":
		v := arg*3 + 1
		s := v
		for i := int64(1); i < int64(n); i++ {
			v = v*(i%5+2) + arg
			s ^= v
		}
		return s
	case "nest":
		s := int64(1)
		for i := 0; i < min(n, 8); i++ {
			s *= arg
		}
		return s
	case "calls":
		var s int64
		for i := range int64(n) {
			x := arg + i
			s += x*(x%7) + 1
		}
		return s
	case "globals":
		k := max(n/10, 1)
		g := make([]int64, k)
		for i := range g {
			g[i] = int64(i)
		}
		for j := range arg {
			for i := range n {
				g[i%k] += g[i*7%k] + j
			}
		}
		return g[0]
	case "exits":
		var s int64
		for {
			for i := range int64(n) {
				if s*(i+1) > arg*1000 {
					return s
				}
				s++
			}
		}
	}
	panic("unknown shape " + shape)
}

// Each C twin prints what its statements compute, as the Toy program
// must (tests/bench/shapes.sh checks toyc's builds against -O0's).
func TestCTwinsCompute(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	for shape := range shapes {
		for _, n := range []int{1, 7, 60} {
			src := filepath.Join(dir, shape+".c")
			exe := filepath.Join(dir, shape)
			if err := os.WriteFile(src, []byte(cPrelude+text(shape, n, true)), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(cc, "-O0", "-o", exe, src).CombinedOutput(); err != nil {
				t.Fatalf("%s, %d: %v\n%s", shape, n, err, out)
			}
			for _, arg := range []int64{3, 5} {
				out, err := exec.Command(exe, strconv.FormatInt(arg, 10)).Output()
				if err != nil {
					t.Fatalf("%s, %d, %d: %v", shape, n, arg, err)
				}
				if got, want := strings.TrimSpace(string(out)), strconv.FormatInt(expected(shape, n, arg), 10); got != want {
					t.Errorf("%s, %d, %d: the C twin prints %s, want %s", shape, n, arg, got, want)
				}
			}
		}
	}
}
