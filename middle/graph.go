package middle

// Graph is a control-flow graph as compressed rows of dense node numbers.
// The one depth-first search of both IR levels runs on it: the middle's
// blocks (cfg.go: reverse postorder, and through it dominators and every
// forward analysis) and the backend's machine blocks (block order, loop
// depth, loop splitting), so that there is one search, iterative (a
// function of a hundred thousand blocks cannot overflow the stack), with
// one rule for the order of successors and one for back edges.
type Graph struct {
	Start []int32 // node i's successors are Succs[Start[i]:Start[i+1]]
	Succs []int32
}

// NewGraph returns the graph of n nodes whose successors succs gives, in
// order.
func NewGraph(n int, succs func(i int, add func(j int))) *Graph {
	g := &Graph{Start: int32Tables.Take(n + 1), Succs: int32Tables.Take(2 * n)[:0]}
	// One closure for all the nodes: made in the loop, each was an
	// allocation once NewGraph was too large to inline into its callers.
	add := func(j int) { g.Succs = append(g.Succs, int32(j)) }
	for i := range n {
		g.Start[i] = int32(len(g.Succs))
		succs(i, add)
	}
	g.Start[n] = int32(len(g.Succs))
	return g
}

// Reverse returns g with every edge turned around: node i's successors
// there are its predecessors here, in the order of their numbers.
func (g *Graph) Reverse() *Graph {
	n := g.Nodes()
	r := &Graph{Start: make([]int32, n+1), Succs: make([]int32, len(g.Succs))}
	for _, s := range g.Succs {
		r.Start[s+1]++
	}
	for i := range n {
		r.Start[i+1] += r.Start[i]
	}
	fill := append([]int32(nil), r.Start[:n]...)
	for m := range n {
		for _, s := range g.Successors(int32(m)) {
			r.Succs[fill[s]] = int32(m)
			fill[s]++
		}
	}
	return r
}

// Nodes is the number of nodes.
func (g *Graph) Nodes() int { return len(g.Start) - 1 }

// Successors returns node i's successors.
func (g *Graph) Successors(i int32) []int32 { return g.Succs[g.Start[i]:g.Start[i+1]] }

// DepthFirst searches g from entry and returns the nodes it reaches in
// postorder, and the retreating edges (from, to) it found: edges to a node
// still on the search's stack, which in a reducible graph are exactly the
// back edges of its loops (the dragon book, section 9.6). Successors are
// visited in order, or last first with lastFirst.
func (g *Graph) DepthFirst(entry int32, lastFirst bool) (post []int32, retreating [][2]int32) {
	const (
		unvisited = iota
		onStack
		done
	)
	state := searchStates.Take(g.Nodes())
	defer searchStates.Give(state)
	post = make([]int32, 0, g.Nodes())
	push := func(n int32) searchFrame {
		state[n] = onStack
		if lastFirst {
			return searchFrame{n, g.Start[n+1] - 1, g.Start[n] - 1}
		}
		return searchFrame{n, g.Start[n], g.Start[n+1]}
	}
	// Room for a usual depth at once: growing from one frame was most of
	// the search's allocations.
	stack := append(make([]searchFrame, 0, min(g.Nodes(), 32)), push(entry))
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == top.end {
			state[top.node] = done
			post = append(post, top.node)
			stack = stack[:len(stack)-1]
			continue
		}
		s := g.Succs[top.next]
		if lastFirst {
			top.next--
		} else {
			top.next++
		}
		switch state[s] {
		case unvisited:
			stack = append(stack, push(s))
		case onStack:
			retreating = append(retreating, [2]int32{top.node, s})
		}
	}
	return post, retreating
}

// searchFrame is a node on DepthFirst's stack; next is the position in
// Succs of its next successor.
type searchFrame struct{ node, next, end int32 }

// searchStates keeps the searches' marks for the next search (scratch.go).
var searchStates TablePool[uint8]

// release gives g's arrays back for other graphs' (scratch.go): for a
// graph made for one computation, which nothing uses after.
func (g *Graph) release() {
	int32Tables.Give(g.Start)
	int32Tables.Give(g.Succs)
	*g = Graph{}
}

// ReversePostorder returns the nodes reachable from entry in reverse
// postorder, successors visited in order.
func (g *Graph) ReversePostorder(entry int32) []int32 {
	post, _ := g.DepthFirst(entry, false)
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}
