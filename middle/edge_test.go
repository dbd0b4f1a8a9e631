package middle

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// edgeModel is a brute-force model of a CFG under edit: the list of edges
// as (from, to, tag) triples, where tag is the value every φ of the target
// carries for that edge. Whatever the edge operations do to the order of
// Succs and Preds, each block's exits and each φ's arguments must match it.
type edgeModel struct {
	exits map[*Block][]modelEdge // in exit order
}

type modelEdge struct {
	to  *Block
	tag int64
}

// The edit operations of edge.go against the model, on random CFGs where
// every block has a φ whose argument names its edge: after each step both
// ends of every edge agree, each block's exits are the model's in order,
// and each φ's argument for each predecessor entry is the tag of that edge.
func TestEdgesAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for iter := range 300 {
		m := NewModule("edges.ll")
		f := m.NewFunc("f", Void)
		n := 2 + rng.Intn(12)
		blocks := make([]*Block, n)
		for i := range blocks {
			blocks[i] = f.NewBlock("b")
		}
		model := &edgeModel{exits: map[*Block][]modelEdge{}}
		tag := int64(0)
		newTag := func() *Value { tag++; return f.Const(I64, tag) }
		for _, b := range blocks[1:] {
			b.InsertPhi(f.NewValue(OpPhi, I64, "p"))
		}
		phiOf := func(b *Block) *Value {
			if phis := b.Phis(); len(phis) > 0 {
				return phis[0]
			}
			return nil
		}
		addEdge := func(from, to *Block) {
			v := newTag()
			from.AddEdgeTo(to)
			if phi := phiOf(to); phi != nil {
				phi.AddArg(v)
			}
			model.exits[from] = append(model.exits[from], modelEdge{to, v.Const})
		}
		target := func() *Block { return blocks[1+rng.Intn(n-1)] }
		for _, b := range blocks {
			for range rng.Intn(4) {
				addEdge(b, target())
			}
		}
		for step := range 40 {
			b := blocks[rng.Intn(n)]
			ex := model.exits[b]
			var op string
			switch r := rng.Intn(7); {
			case r == 0 || len(ex) == 0:
				op = "add"
				addEdge(b, target())
			case r == 1:
				op = "remove"
				i := rng.Intn(len(ex))
				b.RemoveSucc(i)
				model.exits[b] = slices.Delete(ex, i, i+1)
			case r == 2:
				op = "redirect"
				i, to := rng.Intn(len(ex)), target()
				b.RedirectSucc(i, to)
				v := newTag()
				if phi := phiOf(to); phi != nil {
					phi.AddArg(v)
				}
				ex[i] = modelEdge{to, v.Const}
			case r == 3:
				op = "split"
				i := rng.Intn(len(ex))
				mid := f.NewBlock("mid")
				b.SplitEdge(i, mid)
				model.exits[mid] = []modelEdge{ex[i]} // the target keeps its argument
				ex[i] = modelEdge{mid, 0}
				blocks = append(blocks, mid) // no φ: its tag is never read
			case r == 4:
				op = "removeif"
				keep := ex[:0]
				odd := rng.Intn(2)
				b.RemoveSuccsIf(func(i int, _ *Block) bool { return i%2 == odd })
				for i, e := range ex {
					if i%2 != odd {
						keep = append(keep, e)
					}
				}
				model.exits[b] = keep
			case r == 5:
				op = "removeall"
				b.RemoveSuccs()
				model.exits[b] = nil
			default:
				op = "move"
				c := f.NewBlock("moved")
				b.MoveSuccsTo(c)
				model.exits[c], model.exits[b] = ex, nil
				blocks = append(blocks, c)
			}
			n = len(blocks)
			if err := model.check(blocks, phiOf); err != nil {
				t.Fatalf("iter %d step %d (%s on %s): %v", iter, step, op, b, err)
			}
		}
	}
}

func (m *edgeModel) check(blocks []*Block, phiOf func(*Block) *Value) error {
	incoming := map[*Block][]int64{} // tags of the edges into each block
	for _, b := range blocks {
		ex := m.exits[b]
		if len(b.Succs) != len(ex) {
			return fmt.Errorf("%s has %d exits, the model %d", b, len(b.Succs), len(ex))
		}
		for i, e := range b.Succs {
			if e.b != ex[i].to {
				return fmt.Errorf("%s exit %d goes to %s, the model to %s", b, i, e.b, ex[i].to)
			}
			if e.b.Preds[e.i] != (Edge{b, i}) {
				return fmt.Errorf("%s exit %d is not recorded at %s", b, i, e.b)
			}
			incoming[e.b] = append(incoming[e.b], ex[i].tag)
		}
	}
	for _, b := range blocks {
		for j, e := range b.Preds {
			if e.b.Succs[e.i] != (Edge{b, j}) {
				return fmt.Errorf("%s predecessor %d is not an exit of %s", b, j, e.b)
			}
		}
		phi := phiOf(b)
		if phi == nil {
			continue
		}
		if len(phi.Args) != len(b.Preds) {
			return fmt.Errorf("%s: %d arguments for %d predecessors", phi.LongString(), len(phi.Args), len(b.Preds))
		}
		var got []int64
		for j, a := range phi.Args {
			if src := b.Pred(j); m.tagOf(src, b, a.Const) {
				got = append(got, a.Const)
			} else {
				return fmt.Errorf("%s: argument %d (%d) is not the tag of an edge from %s", phi.LongString(), j, a.Const, src)
			}
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(incoming[b]))
		if !slices.Equal(got, want) {
			return fmt.Errorf("%s: arguments %v, edges' tags %v", b, got, want)
		}
	}
	return nil
}

// tagOf reports whether from has an exit to to carrying tag; a split
// edge's new block carries the tag of the edge it took over.
func (m *edgeModel) tagOf(from, to *Block, tag int64) bool {
	for _, e := range m.exits[from] {
		if e.to == to && e.tag == tag {
			return true
		}
	}
	return false
}

// A cached dominator tree is used while the CFG is unchanged and
// recomputed after any edge edit; an edit behind edge.go's back is caught
// by the check mode, which these tests run in.
func TestCachedAnalyses(t *testing.T) {
	m := mustParse(t, "c.ll", countTo)
	f := m.Funcs[0]
	d := f.Dom()
	if f.Dom() != d || f.Loops() != f.Loops() {
		t.Fatal("the analyses are not cached while the CFG is unchanged")
	}
	epoch := f.CFGEpoch()
	body, done := blockNamed(f, "body"), blockNamed(f, "done")
	mid := f.NewBlock("mid")
	body.SplitEdge(0, mid)
	f.Blocks = append(f.Blocks, mid)
	if f.CFGEpoch() == epoch || f.Dom() == d {
		t.Fatal("splitting an edge did not invalidate the tree")
	}
	if got := f.Dom().Idom(mid); got != body {
		t.Errorf("idom(mid) = %v, want %%body", got)
	}
	if l := f.Loops().Loops; len(l) != 1 || !slices.Contains(l[0].Blocks, mid) {
		t.Errorf("the loop does not hold the new block: %+v", l)
	}
	f.Dom()
	mid.Succs[0].b = done // behind edge.go's back
	defer func() {
		if recover() == nil {
			t.Error("a stale tree went unnoticed in check mode")
		}
	}()
	f.Dom()
}
