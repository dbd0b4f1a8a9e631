package explorer

import (
	"strconv"
	"strings"

	"toyc/middle"
)

// cfgOf returns the index of f's CFG in the function's page, adding it
// when its shape (blocks and edges) differs from the last one drawn: most
// passes leave the CFG as it was, and a page draws each shape once.
func (c *collector) cfgOf(fs *funcState, f *middle.Func) int {
	key := cfgKey(f)
	if key == fs.cfgKey && len(fs.page.CFGs) > 0 {
		return len(fs.page.CFGs) - 1
	}
	fs.cfgKey = key
	fs.page.CFGs = append(fs.page.CFGs, buildCFG(f))
	return len(fs.page.CFGs) - 1
}

// cfgKey names the shape of f's CFG.
func cfgKey(f *middle.Func) string {
	var b strings.Builder
	for _, blk := range f.Blocks {
		b.WriteString(blk.Name)
		for _, s := range uniqueSuccs(blk) {
			b.WriteString(" ")
			b.WriteString(s.Name)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// uniqueSuccs is b's successors without repeats, in branch order.
func uniqueSuccs(b *middle.Block) []*middle.Block { return b.UniqueSuccs() }

// buildCFG computes the graph, the dominator tree, dominance and the
// frontiers with the middle's own analyses (the ones mem2reg uses), and
// lays out the graph and the tree.
func buildCFG(f *middle.Func) *CFG {
	dom := middle.ComputeDom(f)
	df := middle.ComputeFrontiers(dom)
	loops := middle.ComputeLoops(dom)
	index := map[*middle.Block]int{}
	for i, b := range f.Blocks {
		index[b] = i
	}
	g := &CFG{Blocks: make([]CFGBlock, len(f.Blocks)), Edges: []CFGEdge{}, DomEdges: []int{}}
	npreds := make([]int, len(f.Blocks))
	for _, b := range f.Blocks {
		for _, s := range uniqueSuccs(b) {
			npreds[index[s]]++
		}
	}
	for i, b := range f.Blocks {
		cb := CFGBlock{Name: b.Name, Reachable: dom.Reachable(b), Idom: -1, DF: []int{}}
		if cb.Reachable {
			if id := dom.Idom(b); id != nil {
				cb.Idom = index[id]
			}
			for _, y := range df.Of(b) {
				cb.DF = append(cb.DF, index[y])
			}
			cb.Depth = loops.Depth(b)
		}
		g.Blocks[i] = cb
		succs := uniqueSuccs(b)
		for _, s := range succs {
			g.Edges = append(g.Edges, CFGEdge{
				From:     i,
				To:       index[s],
				Back:     dom.Reachable(b) && dom.Dominates(s, b),
				Critical: len(succs) > 1 && npreds[index[s]] > 1,
			})
		}
	}
	for i, b := range g.Blocks {
		if b.Idom >= 0 {
			g.DomEdges = append(g.DomEdges, i)
		}
	}
	g.Layout, g.DomLayout = layoutCFG(g)
	return g
}

// cfgDot is the graph in Graphviz's language, for the layout only: the
// viewer draws it. Nodes are n0, n1, ... in block order, labelled with the
// block's name so that dot sizes the boxes for it.
func cfgDot(g *CFG, dominatorTree bool) string {
	var b strings.Builder
	b.WriteString("digraph g {\n  node [shape=box, fontname=\"monospace\", fontsize=12, height=0.3];\n")
	for i, blk := range g.Blocks {
		if dominatorTree && !blk.Reachable {
			continue
		}
		b.WriteString("  n" + strconv.Itoa(i) + " [label=" + dotQuote(blk.Name) + "];\n")
	}
	if dominatorTree {
		for _, to := range g.DomEdges {
			b.WriteString("  n" + strconv.Itoa(g.Blocks[to].Idom) + " -> n" + strconv.Itoa(to) + ";\n")
		}
	} else {
		for _, e := range g.Edges {
			b.WriteString("  n" + strconv.Itoa(e.From) + " -> n" + strconv.Itoa(e.To) + ";\n")
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// dotQuote makes s a dot string literal.
func dotQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}
