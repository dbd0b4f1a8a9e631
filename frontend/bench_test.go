package frontend

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// generatedProgram is n copies of an 11-line function with a loop, an
// if/else, array indexing and arithmetic: the shape of the compile-speed
// benchmark (tests/bench), about 11 lines per copy.
func generatedProgram(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `func f%d(a: []int, n: int) int {
    var s = %d;
    for var i = 0; i < n; i += 1 {
        if a[i] %% 3 == 0 {
            s += a[i] * %d;
        } else {
            s -= i;
        }
    }
    return s;
}
`, i, i, i)
	}
	return []byte(b.String())
}

// BenchmarkCheck measures the whole frontend check (lexing, parsing,
// conversion, checking) on an 11,000-line program. Besides wall time it
// reports the process's CPU time per operation (cpu-ns/op), garbage
// collection included, which a busy shared machine distorts less.
func BenchmarkCheck(b *testing.B) {
	src := generatedProgram(1000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	before := cpuTime()
	for b.Loop() {
		if _, diags := Check("bench.toy", src); diags != nil {
			b.Fatal(diags)
		}
	}
	b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the user and system time the process has used so far.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
