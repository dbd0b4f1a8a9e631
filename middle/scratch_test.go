package middle

import "testing"

// TestTablePoolHandsOutZeroedTables checks what a pass taking a table
// relies on: it is zero and of the length asked, whatever the table given
// back before it held, and a table past maxPooled is not kept.
func TestTablePoolHandsOutZeroedTables(t *testing.T) {
	var tp TablePool[int32]
	for round, n := range []int{100, 70, 100, 1000, 0, 1000} {
		s := tp.Take(n)
		if len(s) != n {
			t.Fatalf("round %d: Take(%d) has length %d", round, n, len(s))
		}
		for i, x := range s {
			if x != 0 {
				t.Fatalf("round %d: element %d of a table taken is %d, not zero", round, i, x)
			}
		}
		for i := range s {
			s[i] = int32(i + 1)
		}
		// A table written past its length (an append within its
		// capacity) is zero again when taken.
		if cap(s) > n {
			s[:cap(s)][cap(s)-1] = -1
		}
		tp.Give(s)
	}
	big := make([]int32, maxPooled+1)
	big[0] = 7
	tp.Give(big)
	for range 4 {
		if s := tp.Take(maxPooled + 1); s[0] != 0 {
			t.Fatal("a table past maxPooled came back with its contents")
		}
	}
}
