package explorer

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"toyc/middle"
)

// randomCFG writes a function of n blocks whose terminators branch at
// random (self-loops, back edges, repeated targets and unreachable blocks
// included), as IR text.
func randomCFG(rng *rand.Rand, n int) string {
	var b strings.Builder
	b.WriteString("define void @f(i1 %c) {\n")
	for i := range n {
		fmt.Fprintf(&b, "b%d:\n", i)
		switch rng.Intn(4) {
		case 0:
			b.WriteString("  ret void\n")
		case 1:
			fmt.Fprintf(&b, "  br label %%b%d\n", rng.Intn(n))
		default:
			fmt.Fprintf(&b, "  br i1 %%c, label %%b%d, label %%b%d\n", rng.Intn(n), rng.Intn(n))
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// bruteDominators is dominance by its definition: a dominates b when b is
// reachable and no longer reachable from the entry once a is removed.
func bruteDominators(succs [][]int) [][]bool {
	n := len(succs)
	reach := func(removed int) []bool {
		seen := make([]bool, n)
		if removed == 0 {
			return seen
		}
		work := []int{0}
		seen[0] = true
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			for _, s := range succs[x] {
				if s != removed && !seen[s] {
					seen[s] = true
					work = append(work, s)
				}
			}
		}
		return seen
	}
	all := reach(-1)
	dom := make([][]bool, n)
	for a := range n {
		dom[a] = make([]bool, n)
		without := reach(a)
		for b := range n {
			dom[a][b] = all[a] && all[b] && (a == b || !without[b])
		}
	}
	return dom
}

// The dominance the page shows (the idom tree's subtrees, and DF) is
// dominance by definition, and DF(X) = {Y | X dom some pred of Y, not X
// sdom Y}, on random CFGs: the oracle is independent of the middle's
// analyses, which the page reports.
func TestPageDominanceMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := range 300 {
		text := randomCFG(rng, 1+rng.Intn(12))
		m, errs := middle.ParseModule("r.ll", []byte(text))
		if len(errs) > 0 {
			t.Fatalf("%s\n%v", text, errs)
		}
		g := buildCFG(m.Func("f"))
		n := len(g.Blocks)
		succs := make([][]int, n)
		preds := make([][]int, n)
		for _, e := range g.Edges {
			succs[e.From] = append(succs[e.From], e.To)
			preds[e.To] = append(preds[e.To], e.From)
		}
		dom := bruteDominators(succs)
		// The page's dominated sets: subtrees of the idom tree.
		shown := make([][]bool, n)
		for x := range n {
			shown[x] = make([]bool, n)
			for y := range n {
				for z := y; z >= 0 && g.Blocks[y].Reachable; z = g.Blocks[z].Idom {
					if z == x {
						shown[x][y] = true
						break
					}
				}
			}
		}
		for x := range n {
			if g.Blocks[x].Reachable != dom[x][x] {
				t.Fatalf("round %d: %s reachable %v\n%s", round, g.Blocks[x].Name, g.Blocks[x].Reachable, text)
			}
			if !slices.Equal(shown[x], dom[x]) {
				t.Fatalf("round %d: blocks dominated by %s: page %v, definition %v\n%s", round, g.Blocks[x].Name, shown[x], dom[x], text)
			}
			var df []int
			for y := range n {
				if dom[x][y] && x != y {
					continue // strictly dominated
				}
				for _, p := range preds[y] {
					if dom[x][p] {
						df = append(df, y)
						break
					}
				}
			}
			got := slices.Clone(g.Blocks[x].DF)
			slices.Sort(got)
			if !dom[x][x] {
				df = nil // no frontier for an unreachable block
			}
			if !slices.Equal(got, df) && !(len(got) == 0 && len(df) == 0) {
				t.Fatalf("round %d: DF(%s): page %v, definition %v\n%s", round, g.Blocks[x].Name, got, df, text)
			}
		}
		for j, e := range g.Edges {
			if want := dom[e.To][e.From]; e.Back != want {
				t.Fatalf("round %d: edge %d back %v, want %v\n%s", round, j, e.Back, want, text)
			}
			if want := len(succs[e.From]) > 1 && len(preds[e.To]) > 1; e.Critical != want {
				t.Fatalf("round %d: edge %d critical %v, want %v\n%s", round, j, e.Critical, want, text)
			}
		}
	}
}

// The seed's figures: a self-loop block is in its own frontier, and both
// arms of a diamond have the merge as their whole frontier.
func TestPageSeedFrontiers(t *testing.T) {
	m, errs := middle.ParseModule("seed.ll", []byte(`define i32 @choose(i1 %cond) {
entry:
  br i1 %cond, label %left, label %right
left:
  br label %merge
right:
  br label %merge
merge:
  %x = phi i32 [ 2, %left ], [ 1, %right ]
  ret i32 %x
}

define void @spin(i1 %c) {
entry:
  br label %m
m:
  br i1 %c, label %m, label %exit
exit:
  ret void
}
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	df := func(f, block string) []string {
		g := buildCFG(m.Func(f))
		for _, b := range g.Blocks {
			if b.Name == block {
				var names []string
				for _, y := range b.DF {
					names = append(names, g.Blocks[y].Name)
				}
				return names
			}
		}
		t.Fatalf("no block %s in %s", block, f)
		return nil
	}
	for _, c := range []struct{ f, block, want string }{
		{"choose", "left", "merge"}, {"choose", "right", "merge"}, {"choose", "entry", ""},
		{"spin", "m", "m"},
	} {
		if got := strings.Join(df(c.f, c.block), ","); got != c.want {
			t.Errorf("DF(%s) in %s = {%s}, want {%s}", c.block, c.f, got, c.want)
		}
	}
}

// A layout places every node, and every edge from near its source to near
// its target.
func TestLayoutPlacesEverything(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for range 20 {
		m, _ := middle.ParseModule("r.ll", []byte(randomCFG(rng, 2+rng.Intn(10))))
		g := buildCFG(m.Func("f"))
		if len(g.Layout.Nodes) != len(g.Blocks) || len(g.Layout.Edges) != len(g.Edges) {
			t.Fatalf("layout has %d nodes, %d edges for %d blocks, %d edges", len(g.Layout.Nodes), len(g.Layout.Edges), len(g.Blocks), len(g.Edges))
		}
		for j, pts := range g.Layout.Edges {
			if len(pts) < 8 || len(pts)%2 != 0 || (len(pts)/2-1)%3 != 0 {
				t.Fatalf("edge %d has %d coordinates", j, len(pts))
			}
		}
		for i, nd := range g.Layout.Nodes {
			if nd[2] <= 0 || nd[3] <= 0 || nd[0] < 0 || nd[1] < 0 || nd[0] > g.Layout.Width || nd[1] > g.Layout.Height {
				t.Fatalf("node %d at %v outside %vx%v", i, nd, g.Layout.Width, g.Layout.Height)
			}
		}
		if len(g.DomLayout.Edges) != len(g.DomEdges) {
			t.Fatalf("dominator tree layout has %d edges for %d", len(g.DomLayout.Edges), len(g.DomEdges))
		}
	}
}
