package backend

import (
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"strings"
	"testing"

	"toyc/middle"
)

// The calls an interval crosses, as spans, are those live at the call and
// just after it, and firstAfter finds the first of them after a point:
// against coversAt on random intervals and calls, in random blocks.
func TestCrossingAsCoversAt(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	for round := range 2000 {
		tab := &callTable{}
		var blocks []*Block
		for k := range 1 + rng.Intn(5) {
			blocks = append(blocks, &Block{ID: k})
		}
		p, bi := 0, 0
		for range rng.Intn(30) {
			p += 2 * (1 + rng.Intn(3))
			if rng.Intn(4) == 0 && bi+1 < len(blocks) {
				bi++
			}
			tab.calls = append(tab.calls, site{blocks[bi], p})
			tab.pos = append(tab.pos, p)
		}
		tab.nextBlock = make([]int32, len(tab.calls))
		for j := range tab.calls {
			n := j + 1
			for n < len(tab.calls) && tab.calls[n].b == tab.calls[j].b {
				n++
			}
			tab.nextBlock[j] = int32(n)
		}
		it := &Interval{}
		for q := rng.Intn(4); q < p+8; {
			start := q + rng.Intn(6)
			end := start + 1 + rng.Intn(12)
			it.Ranges = append(it.Ranges, Range{start, end})
			q = end + rng.Intn(3) // sometimes adjacent
		}
		var want []int
		for j, cp := range tab.pos {
			if it.coversAt(cp) && it.coversAt(cp+1) {
				want = append(want, j)
			}
		}
		x := tab.crossingOf(it)
		var got []int
		x.eachPiece(func(b *Block, j0, j1 int) {
			for j := j0; j < j1; j++ {
				if tab.calls[j].b != b {
					t.Fatalf("round %d: call %d in a piece of another block", round, j)
				}
				got = append(got, j)
			}
		})
		if !slices.Equal(got, want) || x.empty() != (len(want) == 0) {
			t.Fatalf("round %d: crossed %v, want %v (ranges %v, calls at %v)", round, got, want, it.Ranges, tab.pos)
		}
		for q := -1; q < p+3; q++ {
			first := -1
			for _, j := range want {
				if tab.pos[j] > q {
					first = j
					break
				}
			}
			if g := x.firstAfter(q); g != first {
				t.Fatalf("round %d: firstAfter(%d) = %d, want %d (crossed %v at %v)", round, q, g, first, want, tab.pos)
			}
		}
	}
}

// liveAcrossCallsLL assigns n values, makes n calls, then adds the values
// up: each value lives across every call.
func liveAcrossCallsLL(n int) string {
	var b strings.Builder
	b.WriteString("declare void @g(i64)\ndefine i64 @f(i64 %a) {\nentry:\n")
	for k := range n {
		fmt.Fprintf(&b, "  %%v%d = mul i64 %%a, %d\n", k, k+3)
	}
	for k := range n {
		fmt.Fprintf(&b, "  call void @g(i64 %d)\n", k)
	}
	b.WriteString("  %s0 = add i64 %v0, 0\n")
	for k := 1; k < n; k++ {
		fmt.Fprintf(&b, "  %%s%d = add i64 %%s%d, %%v%d\n", k, k-1, k)
	}
	fmt.Fprintf(&b, "  ret i64 %%s%d\n}\n", n-1)
	return b.String()
}

// Compiling n values live across n calls allocates about as much per
// value at 2,000 as at 200: splitting them around the calls follows each
// one's spans of calls, not the calls (lists of the calls each crossed
// made 10,000 take 9 s, walks of the function for each 45).
func TestSplitAroundCallsLinear(t *testing.T) {
	perValue := func(n int) float64 {
		m, errs := middle.ParseModule(fmt.Sprintf("live%d.ll", n), []byte(liveAcrossCallsLL(n)))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		if _, err := compileFuncs(m); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&b)
		return float64(b.TotalAlloc-a.TotalAlloc) / float64(n)
	}
	small, large := perValue(200), perValue(2000)
	t.Logf("bytes allocated per value: %.0f of 200, %.0f of 2,000", small, large)
	if large > 1.6*small {
		t.Errorf("2,000 values live across 2,000 calls allocate %.0f bytes each, %.1f times what 200 do", large, large/small)
	}
}
