package explorer

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-graphviz"
)

// Graph layout by Graphviz's dot, run in process: go-graphviz carries
// Graphviz compiled to WebAssembly and runs it with wazero, so no dot
// binary is needed. The engine starts on the first layout of a run (a
// normal compile never starts it) and is kept for the rest of it. The
// "plain" output gives node centres and sizes and each edge's spline
// control points in inches, y upwards; they are turned into points with y
// downwards for the viewer's SVG.

var engine struct {
	sync.Mutex
	gv  *graphviz.Graphviz
	err error
}

// layoutCFG lays out the CFG and its dominator tree.
func layoutCFG(g *CFG) (cfg, tree Layout) {
	cfg = layout(cfgDot(g, false), len(g.Blocks), g.Edges, nil)
	tree = layout(cfgDot(g, true), len(g.Blocks), nil, g)
	return cfg, tree
}

// layout runs dot on text and reads back the positions of the n nodes and
// of the edges, in the order of edges (or, for a dominator tree, of
// tree.DomEdges). A graph dot cannot lay out gets an empty layout, which
// the viewer shows as the list of blocks it still has.
func layout(text string, n int, edges []CFGEdge, tree *CFG) Layout {
	plain, err := runDot(text)
	if err != nil {
		return Layout{}
	}
	l, err := readPlain(plain, n)
	if err != nil {
		return Layout{}
	}
	order := map[[2]int]int{}
	if tree == nil {
		for j, e := range edges {
			order[[2]int{e.From, e.To}] = j
		}
		l.Edges = make([][]float64, len(edges))
	} else {
		for j, to := range tree.DomEdges {
			order[[2]int{tree.Blocks[to].Idom, to}] = j
		}
		l.Edges = make([][]float64, len(tree.DomEdges))
	}
	for key, pts := range l.edgeByEnds {
		if j, ok := order[key]; ok {
			l.Edges[j] = pts
		}
	}
	return l.Layout
}

func runDot(text string) ([]byte, error) {
	engine.Lock()
	defer engine.Unlock()
	ctx := context.Background()
	if engine.gv == nil && engine.err == nil {
		engine.gv, engine.err = graphviz.New(ctx)
	}
	if engine.err != nil {
		return nil, engine.err
	}
	graph, err := graphviz.ParseBytes([]byte(text))
	if err != nil {
		return nil, err
	}
	defer graph.Close()
	var out bytes.Buffer
	if err := engine.gv.Render(ctx, graph, graphviz.Format("plain"), &out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

type plainLayout struct {
	Layout
	edgeByEnds map[[2]int][]float64
}

// readPlain reads dot's plain output: "graph scale width height", "node
// name x y width height label ...", "edge tail head n x1 y1 ... xn yn
// ...", "stop". Node names are n<index>.
func readPlain(plain []byte, n int) (plainLayout, error) {
	const inch = 72
	l := plainLayout{Layout: Layout{Nodes: make([][4]float64, n)}, edgeByEnds: map[[2]int][]float64{}}
	sc := bufio.NewScanner(bytes.NewReader(plain))
	sc.Buffer(nil, 1<<24)
	node := func(name string) (int, error) {
		i, err := strconv.Atoi(strings.TrimPrefix(name, "n"))
		if err != nil || i < 0 || i >= n {
			return 0, fmt.Errorf("unknown node %q", name)
		}
		return i, nil
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		num := func(i int) float64 {
			if i >= len(f) {
				return 0
			}
			x, _ := strconv.ParseFloat(f[i], 64)
			return x
		}
		switch f[0] {
		case "graph":
			l.Width, l.Height = num(2)*inch, num(3)*inch
		case "node":
			i, err := node(f[1])
			if err != nil {
				return l, err
			}
			l.Nodes[i] = [4]float64{round(num(2) * inch), round(l.Height - num(3)*inch), round(num(4) * inch), round(num(5) * inch)}
		case "edge":
			from, err := node(f[1])
			if err != nil {
				return l, err
			}
			to, err := node(f[2])
			if err != nil {
				return l, err
			}
			k := int(num(3))
			pts := make([]float64, 0, 2*k)
			for p := 0; p < k; p++ {
				pts = append(pts, round(num(4+2*p)*inch), round(l.Height-num(5+2*p)*inch))
			}
			l.edgeByEnds[[2]int{from, to}] = pts
		}
	}
	l.Width, l.Height = round(l.Width), round(l.Height)
	return l, sc.Err()
}

// round keeps a tenth of a point: enough for a drawing, and short in the
// page.
func round(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 1, 64), 64)
	return r
}
