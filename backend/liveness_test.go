package backend

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Every liveness Allocate uses in a test compile, computed or kept across
// a spill round (liveness.drop), is checked against referenceLiveness.
func init() {
	recheckLiveness = func(f *Func, lv *liveness) {
		want := referenceLiveness(f)
		for b := range want {
			if got := lv.liveOut(f.Blocks[b]); !slices.Equal(got, want[b]) {
				panic(fmt.Sprintf("backend: %s: live out of block %s: %v, the reference finds %v\n%s",
					f.Name, f.Blocks[b].Name, got, want[b], f))
			}
			for _, v := range want[b] { // live out of b: live into a successor
				if !slices.ContainsFunc(f.Blocks[b].Succs, func(s *Block) bool { return lv.liveInto(s, FirstVReg+Reg(v)) }) {
					panic(fmt.Sprintf("backend: %s: %s live out of block %s and into none of its successors", f.Name, vregName(FirstVReg+Reg(v)), f.Blocks[b].Name))
				}
			}
		}
		// The intervals, built with the loops lv steps over, are those of
		// a range per block the register is live out of.
		set, ref := buildIntervals(f, lv), newIntervalSet(f)
		ref.scan(f, want, nil, nil, nil)
		for v, it := range ref.virtual {
			it.finish()
			if got := set.virtual[v]; (got == nil) != (it == nil) || it != nil && !slices.Equal(got.Ranges, it.Ranges) {
				panic(fmt.Sprintf("backend: %s: the interval of %s is %+v, with a range per block %+v\n%s", f.Name, vregName(FirstVReg+Reg(v)), got, it, f))
			}
		}
	}
}

// Every interval set Allocate rebuilt after a split at loops is compared
// with the one buildIntervals builds from scratch: the same ranges,
// weights and hints (but for the physical registers' hints, which nothing
// reads: a renamed move to an argument register leaves the old name there).
func init() {
	recheckIntervals = func(f *Func, rebuilt, fresh *intervalSet) {
		same := func(a, b *Interval, hints bool) bool {
			if a == nil || b == nil {
				return a == b
			}
			return slices.Equal(a.Ranges, b.Ranges) && a.weight == b.weight && a.unspillable == b.unspillable &&
				(!hints || slices.Equal(a.hints, b.hints))
		}
		if !slices.Equal(rebuilt.start, fresh.start) {
			panic(fmt.Sprintf("backend: %s: rebuilt intervals number the blocks from %v, buildIntervals from %v", f.Name, rebuilt.start, fresh.start))
		}
		for v := range fresh.virtual {
			if a, b := rebuilt.virtual[v], fresh.virtual[v]; !same(a, b, true) {
				panic(fmt.Sprintf("backend: %s: the rebuilt interval of %s is %+v, buildIntervals makes %+v\n%s", f.Name, vregName(FirstVReg+Reg(v)), a, b, f))
			}
		}
		for r := range fresh.fixed {
			if a, b := rebuilt.fixed[r], fresh.fixed[r]; !same(a, b, false) {
				panic(fmt.Sprintf("backend: %s: the rebuilt fixed interval of register %d is %+v, buildIntervals makes %+v", f.Name, r, a, b))
			}
		}
	}
}

// referenceLiveness is the textbook data flow, iterated to a fixed point:
// live-in = uses not after a definition in the block, plus live-out minus
// the block's definitions; live-out = the union of the successors'
// live-in. It lists each block's live-out registers in increasing order.
func referenceLiveness(f *Func) [][]int32 {
	nb := len(f.Blocks)
	use := make([]map[int32]bool, nb)
	def := make([]map[int32]bool, nb)
	in := make([]map[int32]bool, nb)
	out := make([]map[int32]bool, nb)
	for _, b := range f.Blocks {
		use[b.ID], def[b.ID], in[b.ID], out[b.ID] = map[int32]bool{}, map[int32]bool{}, map[int32]bool{}, map[int32]bool{}
		for _, ins := range b.Instrs {
			ins.forEachUse(func(r Reg) {
				if r.IsVirtual() && !def[b.ID][int32(r-FirstVReg)] {
					use[b.ID][int32(r-FirstVReg)] = true
				}
			})
			ins.forEachDef(func(r Reg) {
				if r.IsVirtual() {
					def[b.ID][int32(r-FirstVReg)] = true
				}
			})
		}
	}
	for b := range use {
		for v := range use[b] {
			in[b][v] = true
		}
	}
	succs := make([][]*Block, nb) // from the predecessors, which the allocator's liveness follows too
	for _, b := range f.Blocks {
		for _, p := range b.Preds {
			succs[p.ID] = append(succs[p.ID], b)
		}
	}
	for changed := true; changed; {
		changed = false
		for i := nb - 1; i >= 0; i-- {
			b := f.Blocks[i]
			for _, s := range succs[b.ID] {
				for v := range in[s.ID] {
					if !out[b.ID][v] {
						out[b.ID][v] = true
						changed = true
					}
				}
			}
			for v := range out[b.ID] {
				if !def[b.ID][v] && !in[b.ID][v] {
					in[b.ID][v] = true
					changed = true
				}
			}
		}
	}
	lists := make([][]int32, nb)
	for b := range out {
		for v := range out[b] {
			lists[b] = append(lists[b], v)
		}
		slices.Sort(lists[b])
	}
	return lists
}

// TestLivenessKeptAcrossSpills keeps twenty values live at once in code
// with branches but no loops and no calls, so that a round spills without
// splitting and the next one keeps the liveness (checked, as in every
// test, against the reference); and the result must still compute the
// right value.
func TestLivenessKeptAcrossSpills(t *testing.T) {
	var b strings.Builder
	b.WriteString("define i64 @f(i64 %a, i1 %c) {\nentry:\n")
	for j := range 20 {
		fmt.Fprintf(&b, "  %%x%d = mul i64 %%a, %d\n", j, 3+2*j)
	}
	b.WriteString("  br i1 %c, label %then, label %join\nthen:\n  br label %join\njoin:\n  %s0 = add i64 %x0, 0\n")
	for j := 1; j < 20; j++ {
		fmt.Fprintf(&b, "  %%s%d = xor i64 %%s%d, %%x%d\n", j, j-1, j)
	}
	b.WriteString("  ret i64 %s19\n}\n")
	ll := b.String()
	expect(t, ll, `#include <stdbool.h>
int64_t f(int64_t, bool);
int main(void) {
	int64_t s = 0;
	for (int j = 0; j < 20; j++) s ^= 12345 * (3 + 2 * j);
	printf("%d %d\n", f(12345, true) == s, f(12345, false) == s);
}
`, "1 1\n")
	_, fs := stages(t, ll)
	if r := fs[0].alloc.rounds; r < 2 {
		t.Fatalf("%d allocation round(s): nothing spilled, nothing kept", r)
	}
}
