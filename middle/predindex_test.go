package middle

import (
	"fmt"
	"strings"
	"testing"
)

// chainIR is an else-if chain of n arms, each through a block that only
// jumps to the merge, whose φ picks the arm's value: the shape whose merge
// has more predecessors than indexedPreds.
func chainIR(n int) string {
	var b strings.Builder
	b.WriteString("define i64 @classify(i64 %x) {\nentry:\n  br label %test0\n")
	var entries []string
	for i := range n {
		next := fmt.Sprintf("test%d", i+1)
		if i == n-1 {
			next = "other"
		}
		fmt.Fprintf(&b, "test%d:\n  %%c%d = icmp eq i64 %%x, %d\n  br i1 %%c%d, label %%arm%d, label %%%s\n", i, i, 3*i+1, i, i, next)
		fmt.Fprintf(&b, "arm%d:\n  br label %%merge\n", i)
		entries = append(entries, fmt.Sprintf("[ %d, %%arm%d ]", i%7, i))
	}
	entries = append(entries, "[ -1, %other ]")
	b.WriteString("other:\n  br label %merge\n")
	fmt.Fprintf(&b, "merge:\n  %%r = phi i64 %s\n  ret i64 %%r\n}\n", strings.Join(entries, ", "))
	return b.String()
}

// SimplifyCFG bypasses the arms of a long chain through the merge's index
// and critical-edge splitting renames its entries through one: the results
// are those of the chain, and every arm's test now branches into the
// merge (or its split edge) with the right value.
func TestIndexedMergeKeepsMeaning(t *testing.T) {
	const arms = 3 * indexedPreds
	inputs := [][]int64{}
	for x := int64(-2); x < 3*arms+3; x++ {
		inputs = append(inputs, []int64{x})
	}
	for _, pass := range []struct {
		name string
		run  func(*Func)
	}{
		{"simplifycfg", SimplifyCFG},
		{"simplifycfg+critical", func(f *Func) { SimplifyCFG(f); SplitCriticalEdges(f) }},
	} {
		m := mustParse(t, "chain.ll", chainIR(arms))
		if n := compareRuns(t, m, "classify", inputs, 10000, pass.run); n != len(inputs) {
			t.Errorf("%s: %d of %d runs compared", pass.name, n, len(inputs))
		}
		f := m.Func("classify")
		merge := f.Blocks[len(f.Blocks)-1]
		for _, b := range f.Blocks {
			if strings.HasPrefix(b.Name, "arm") {
				t.Errorf("%s: %s was not bypassed:\n%s", pass.name, b.Name, f)
			}
			if b.Name == "merge" {
				merge = b
			}
		}
		if phi := merge.Phis(); len(phi) != 1 || len(phi[0].Incoming) != len(merge.Preds) || len(merge.Preds) != arms+1 {
			t.Errorf("%s: merge has %d predecessors and φ entries %v, want %d", pass.name, len(merge.Preds), phi, arms+1)
		}
	}
}
