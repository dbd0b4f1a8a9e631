package middle

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// chainDominates, which settles most uses without the dominator tree, must
// never claim that a block dominates one it does not (unless the latter is
// unreachable, where any use is allowed): every pair of blocks of random
// CFGs, against the tree.
func TestChainDominatesAgainstTree(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	nontrivial := 0
	for range 2000 {
		f := randomCFG(rng, 1+rng.Intn(30), false)
		dom := ComputeDom(f)
		for _, d := range f.Blocks {
			for _, b := range f.Blocks {
				if !chainDominates(f.Entry(), d, b) {
					continue
				}
				if !dom.Dominates(d, b) {
					t.Fatalf("chainDominates(%s, %s) holds, but the tree says no:\n%s", d.Name, b.Name, f)
				}
				if d != b && d != f.Entry() && dom.Reachable(b) {
					nontrivial++
				}
			}
		}
	}
	if nontrivial < 1000 {
		t.Fatalf("only %d pairs settled by a walk: the test no longer tests it", nontrivial)
	}
}

// The verifier's diagnostics with uses settled without the tree must be
// those of judging every use by the tree: random CFGs with random uses,
// good and bad, in reachable and unreachable blocks, φs included.
func TestVerifyDominanceWithoutTree(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	rejected := 0
	for iter := range 3000 {
		f := randomCFG(rng, 1+rng.Intn(20), false)
		addRandomUses(rng, f)
		fast := Verify(f)
		checkDominanceByTree = true
		byTree := Verify(f)
		checkDominanceByTree = false
		if fast == nil && byTree == nil {
			continue
		}
		rejected++
		if fast == nil || byTree == nil || fast.Error() != byTree.Error() {
			t.Fatalf("iteration %d: the diagnostics differ\nsettled first:\n%v\nby the tree:\n%v\n%s", iter, fast, byTree, f)
		}
	}
	if rejected < 300 {
		t.Fatalf("only %d functions rejected: the test no longer tests the diagnostics", rejected)
	}
}

// addRandomUses gives each block of f a few additions, and each block with
// predecessors a φ, whose operands are values picked anywhere in f: most
// of them defined in the entry, the rest in any block, before or after the
// use or at it.
func addRandomUses(rng *rand.Rand, f *Func) {
	var all []*Value
	var phis []*Value
	zero := f.Const(I64, 0)
	for _, b := range f.Blocks {
		if len(b.Preds) > 0 {
			phi := f.NewValue(OpPhi, I64, "p")
			b.InsertPhi(phi)
			phis = append(phis, phi)
			all = append(all, phi)
		}
		for range rng.Intn(3) {
			v := f.NewValue(OpAdd, I64, "v", zero, zero)
			b.InsertBeforeTerm(v)
			all = append(all, v)
		}
	}
	if len(all) == 0 {
		return
	}
	pick := func() *Value {
		if rng.Intn(3) == 0 {
			return zero
		}
		return all[rng.Intn(len(all))]
	}
	for _, v := range all {
		if v.Op == OpPhi {
			continue
		}
		for i := range v.Args {
			v.Args[i] = pick()
		}
	}
	for _, phi := range phis {
		byPred := map[*Block]*Value{} // the entries from one block are equal
		for _, p := range phi.Block.PredBlocks() {
			if byPred[p] == nil {
				byPred[p] = pick()
			}
			phi.AddArg(byPred[p])
		}
	}
}

// The walk of chainDominates is bounded: a use at the end of a chain of
// blocks of one predecessor each longer than the walk is decided by the
// tree, which accepts it when the chain starts at the definition and
// rejects it when the chain starts at a join the definition is on one side
// of.
func TestVerifyDominanceLongChain(t *testing.T) {
	chain := func(from string) string {
		var sb strings.Builder
		for i := range 3 * chainSteps {
			fmt.Fprintf(&sb, "  br label %%c%d\nc%d:\n", i, i)
		}
		return from + sb.String()
	}
	const template = `define i64 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i64 1, 2
  br label %join
b:
  br label %join
join:
CHAIN  %y = add i64 %x, 1
  ret i64 %y
}
`
	good := strings.Replace(strings.Replace(template, "CHAIN", chain(""), 1), "  br label %join\nb:", "  br label %b\nb:", 1)
	good = strings.Replace(good, "entry:\n  br i1 %c, label %a, label %b", "entry:\n  br label %a", 1)
	if errs := diagnose("t.ll", good); len(errs) > 0 {
		t.Fatalf("a use dominated through a long chain is rejected: %v\n%s", errs, good)
	}
	bad := strings.Replace(template, "CHAIN", chain(""), 1)
	want := fmt.Sprintf("t.ll:%d:3: error: in function f, block %%c%d: %%y uses %%x, but its definition in %%a does not dominate this block", 10+2*3*chainSteps, 3*chainSteps-1)
	if errs := diagnose("t.ll", bad); !slices.Contains(errs, want) {
		t.Fatalf("got %v, want %s\n%s", errs, want, bad)
	}
}
