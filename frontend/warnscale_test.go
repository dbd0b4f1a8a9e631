package frontend

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// scalingShapes are the one-function shapes of the compile-time scaling
// benchmark (tests/bench/shapes) that stress the warnings, with n
// statements each: n values all live to the end ("live"), n loops one
// after the other ("loops"), an else-if chain of n arms ("elseif").
func scalingShapes(n int) map[string]string {
	var live, loops, elseif strings.Builder
	live.WriteString("func main() {\n    var x = argi(0);\n    var v0 = x * 3 + 1;\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&live, "    var v%d = v%d * %d + x;\n", i, i-1, i%5+2)
	}
	live.WriteString("    var s = 0;\n")
	for i := range n {
		fmt.Fprintf(&live, "    s = s ^ v%d;\n", i)
	}
	live.WriteString("    print(s);\n}\n")
	loops.WriteString("func main() {\n    var m = argi(0);\n    var a = new(int, 16);\n    var s = 0;\n")
	for i := range n {
		fmt.Fprintf(&loops, "    for var k%d = 0; k%d < m; k%d += 1 {\n        s += a[k%d %% 16] * %d + k%d;\n        a[(k%d + %d) %% 16] = s;\n    }\n", i, i, i, i, i%5+1, i, i, i%16)
	}
	loops.WriteString("    print(s);\n}\n")
	elseif.WriteString("func step(x: int) int {\n    var s = 0;\n    if x == 0 {\n        s = 1;\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&elseif, "    } else if x == %d {\n        s = x * %d + %d;\n", i*3, i%7+1, i)
	}
	elseif.WriteString("    } else {\n        s = -1;\n    }\n    return s;\n}\nfunc main() { print(step(argi(0))); }\n")
	return map[string]string{"live": live.String(), "loops": loops.String(), "elseif": elseif.String()}
}

// TestWarningsScale: the warnings of a function grow about linearly with
// its size. On each shape, the CPU time of Warnings at 10,000 statements
// must be at most 50 times that at 1,000: linear work is 10 times, which
// the memory of the larger function makes up to 25 times on "loops" (the
// fresh pages and cache misses of its 40,000 flow-graph nodes), and the
// per-variable liveness over statements that dsliveness.go replaced was
// 90 times on "live". The best of five runs each, with the collector
// off, so that neither a loaded machine nor the parse's garbage fails it.
func TestWarningsScale(t *testing.T) {
	if testing.Short() {
		t.Skip("times the warnings on large functions")
	}
	small, large := scalingShapes(1000), scalingShapes(10000)
	for _, shape := range []string{"live", "loops", "elseif"} {
		a, b := warningsCPU(t, small[shape]), warningsCPU(t, large[shape])
		t.Logf("%s: %v at 1k, %v at 10k (x%.1f)", shape, a, b, float64(b)/float64(a))
		if b > 50*a {
			t.Errorf("%s: the warnings take %v at 10,000 statements, %v at 1,000: x%.1f", shape, b, a, float64(b)/float64(a))
		}
	}
}

// warningsCPU is the best CPU time of five runs of Warnings on src, each
// after a collection and with the collector off until it ends.
func warningsCPU(t *testing.T, src string) time.Duration {
	t.Helper()
	prog, errs := Check("shape.toy", []byte(src))
	if errs.Errors() > 0 {
		t.Fatalf("the shape does not compile: %v", errs)
	}
	best := time.Duration(1 << 62)
	for range 5 {
		runtime.GC()
		old := debug.SetGCPercent(-1)
		before := cpuTime()
		Warnings(prog, errs)
		d := cpuTime() - before
		debug.SetGCPercent(old)
		best = min(best, d)
	}
	return max(best, time.Microsecond)
}

// BenchmarkWarnings measures Warnings on each shape at 1,000 and 10,000
// statements, with the process's CPU time per operation (cpu-ns/op).
func BenchmarkWarnings(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		shapes := scalingShapes(n)
		for _, shape := range []string{"live", "loops", "elseif"} {
			b.Run(fmt.Sprintf("%s-%d", shape, n), func(b *testing.B) {
				prog, errs := Check("shape.toy", []byte(shapes[shape]))
				before := cpuTime()
				for b.Loop() {
					Warnings(prog, errs)
				}
				b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
