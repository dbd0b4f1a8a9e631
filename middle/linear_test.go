package middle

import (
	"runtime"
	"testing"
)

// allocatedPer returns the bytes run allocates, divided by n.
func allocatedPer(n int, run func()) float64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	run()
	runtime.ReadMemStats(&b)
	return float64(b.TotalAlloc-a.TotalAlloc) / float64(n)
}

// checkLinearAllocation fails t when perItem, the bytes allocated per item
// of a workload of n items, is more than limit times as much at large as
// at small: a pass doing work of the function's size for each item (a
// table made for each) allocates more per item as the function grows.
func checkLinearAllocation(t *testing.T, what string, small, large int, limit float64, perItem func(n int) float64) {
	t.Helper()
	s, l := perItem(small), perItem(large)
	t.Logf("bytes allocated per %s: %.0f at %d, %.0f at %d", what, s, small, l, large)
	if l > limit*s {
		t.Errorf("at %d, %.0f bytes allocated per %s, %.1f times as many as at %d", large, l, what, l/s, small)
	}
}
