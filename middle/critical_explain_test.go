package middle

import (
	"math/rand"
	"slices"
	"testing"
)

// The seed's critical edge: P branches to M and X, Q also goes to M, so
// P→M is critical. The report names the new block and M's φ, whose entry
// for P now comes from it.
func TestSplitCriticalEdgesExplainedSeed(t *testing.T) {
	m := mustParse(t, "in.ll", `
define i64 @f(i1 %c, i1 %d) {
entry:
  br i1 %c, label %P, label %Q
P:
  br i1 %d, label %M, label %X
Q:
  br label %M
X:
  ret i64 0
M:
  %m = phi i64 [ 1, %P ], [ 2, %Q ]
  ret i64 %m
}`)
	f := m.Func("f")
	edges := SplitCriticalEdgesExplained(f)
	checkWellFormed(t, f)
	if len(edges) != 1 {
		t.Fatalf("%d edges reported, want 1: %+v\n%s", len(edges), edges, f)
	}
	e := edges[0]
	phi := f.Blocks[len(f.Blocks)-1].Phis()[0]
	if e.From.Name != "P" || e.To.Name != "M" || e.Folded || e.New == nil || e.New.Name != "P.M_crit_edge" {
		t.Errorf("edge %s -> %s, new %v, folded %v; want P -> M through P.M_crit_edge", e.From, e.To, e.New, e.Folded)
	}
	if !slices.Equal(e.Phis, []*Value{phi}) {
		t.Errorf("φs %v, want %s", e.Phis, phi)
	}
	if v := phi.IncomingFor(e.New); v == nil || !v.IsConst(1) || phi.IncomingFor(e.From) != nil {
		t.Errorf("φ is %s, want the entry for %%P to come from %s", phi.LongString(), e.New)
	}
	if got := e.From.Term().LongString(); got != "br i1 %d, label %P.M_crit_edge, label %X" {
		t.Errorf("P ends with %s", got)
	}
}

// A branch to one block twice is folded, not split: reported as Folded,
// with the φs that lost their second entry for it. Folds are reported
// first; the critical edge entry→join is then split as usual.
func TestSplitCriticalEdgesExplainedFold(t *testing.T) {
	m := mustParse(t, "in.ll", `
define i64 @f(i1 %c, i1 %d, i64 %x) {
entry:
  br i1 %d, label %left, label %join
left:
  br i1 %c, label %join, label %join
join:
  %p = phi i64 [ 0, %entry ], [ %x, %left ], [ %x, %left ]
  ret i64 %p
}`)
	f := m.Func("f")
	edges := SplitCriticalEdgesExplained(f)
	checkWellFormed(t, f)
	if len(edges) != 2 {
		t.Fatalf("%d edges reported, want 2: %+v\n%s", len(edges), edges, f)
	}
	join := f.Blocks[len(f.Blocks)-1]
	phi := join.Phis()[0]
	if e := edges[0]; e.From.Name != "left" || e.To != join || !e.Folded || e.New != nil || !slices.Equal(e.Phis, []*Value{phi}) {
		t.Errorf("got %+v, want left -> join folded, φ %%p", e)
	}
	if e := edges[1]; e.From != f.Entry() || e.To != join || e.Folded || e.New == nil || e.New.Name != "entry.join_crit_edge" || !slices.Equal(e.Phis, []*Value{phi}) {
		t.Errorf("got %+v, want entry -> join split, φ %%p", e)
	}
	if got := phi.LongString(); got != "%p = phi i64 [ 0, %entry.join_crit_edge ], [ %x, %left ]" {
		t.Errorf("φ is %s", got)
	}
}

// On random programs after mem2reg (φs everywhere, branches to one block
// twice), the explained variant makes the same IR as SplitCriticalEdges,
// and its report is the edges changed: each new block sits between From
// and To, reached only from From, and every φ of To takes its entry for
// From from it; each fold left From with `br label %To`; every new block is
// reported once.
func TestSplitCriticalEdgesExplainedRandom(t *testing.T) {
	sizes := rand.New(rand.NewSource(2))
	split, folded := 0, 0
	for seed := range int64(300) {
		nblocks, nslots := 1+sizes.Intn(20), 1+sizes.Intn(6)
		gen := func() *Func {
			f := randomProgram(rand.New(rand.NewSource(seed)), nblocks, nslots).Func("main")
			Mem2Reg(f)
			return f
		}
		f, plain := gen(), gen()
		before := len(f.Blocks)
		oldPhis := map[*Block][]*Value{}
		for _, b := range f.Blocks {
			oldPhis[b] = slices.Clone(b.Phis())
		}
		SplitCriticalEdges(plain)
		edges := SplitCriticalEdgesExplained(f)
		if got, want := f.String(), plain.String(); got != want {
			t.Fatalf("seed %d: explained\n%s\nplain\n%s", seed, got, want)
		}
		checkWellFormed(t, f)
		reported := map[*Block]bool{}
		for _, e := range edges {
			if e.Folded {
				folded++
				if e.New != nil || e.From.Term().Op != OpBr || e.From.Succ(0) != e.To {
					t.Errorf("seed %d: fold %s -> %s: %s", seed, e.From, e.To, e.From.Term().LongString())
				}
				continue
			}
			split++
			if e.New == nil || reported[e.New] || !slices.Contains(e.From.SuccBlocks(), e.New) ||
				!slices.Equal(e.New.PredBlocks(), []*Block{e.From}) || !slices.Equal(e.New.SuccBlocks(), []*Block{e.To}) || len(e.New.Instrs) != 1 {
				t.Errorf("seed %d: split %s -> %s through %v is not a lone jump between them\n%s", seed, e.From, e.To, e.New, f)
				continue
			}
			reported[e.New] = true
			if !slices.Equal(e.Phis, oldPhis[e.To]) {
				t.Errorf("seed %d: split %s -> %s lists φs %v, want all of %s's, %v", seed, e.From, e.To, e.Phis, e.To, oldPhis[e.To])
			}
			for _, phi := range e.Phis {
				if phi.IncomingFor(e.New) == nil || phi.IncomingFor(e.From) != nil {
					t.Errorf("seed %d: φ %s does not take its entry for %s from %s", seed, phi.LongString(), e.From, e.New)
				}
			}
		}
		if len(reported) != len(f.Blocks)-before {
			t.Errorf("seed %d: %d blocks added, %d reported", seed, len(f.Blocks)-before, len(reported))
		}
	}
	if split == 0 || folded == 0 {
		t.Errorf("%d splits and %d folds: the programs do not cover both", split, folded)
	}
}
