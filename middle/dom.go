package middle

// The dominator tree, by Cooper, Harvey and Kennedy, "A Simple, Fast
// Dominance Algorithm" (Software Practice & Experience, 2001): iterate
// idom(b) = intersect of the processed predecessors' idoms over the blocks in
// reverse postorder until nothing changes, walking two "fingers" up the
// partial tree by postorder number. On the CFGs compilers see it converges in
// two or three sweeps and beats Lengauer–Tarjan in practice. One bad
// case is a block of many predecessors deep in the tree (the exit of a
// loop of thousands of breaks, each break's block below the last): each
// intersection walked its finger up to the top, n²/2 steps. So for a
// block of many predecessors the nodes the fingers pass are marked, and a
// finger that reaches a marked node is below the intersection so far,
// which is then the answer: each node is passed at most once per block and
// sweep. Its other bad case, a ladder of two chains sharing a block at
// each rung, no marking helps: past a budget of steps the tree is made
// by Lengauer and Tarjan's algorithm instead (domlt.go).
//
// It covers the blocks reachable from the entry, reading successors only.
// Once built, queries are O(1): Dominates compares preorder and postorder
// numbers of a depth-first walk of the tree (a dominates b iff b's interval
// nests in a's).
//
// Any change to the CFG invalidates the tree: Func.Dom (analysis.go) keeps
// one until an edge changes.

// GraphDom is the dominator tree of the nodes of a Graph reachable from
// its entry: the one implementation, which both IR levels use (DomTree
// below for the middle's blocks, the backend's loop nest for its machine
// blocks). Internally every table is by reverse postorder position.
type GraphDom struct {
	order []int32 // reachable nodes in reverse postorder; order[0] is the entry
	index []int32 // by node: position in order, or -1 when unreachable

	predStart  []int32 // by rpo position: predecessors' rpo positions are preds[predStart[i]:predStart[i+1]]
	preds      []int32 // (reachable predecessors only, each once)
	idom       []int32 // by rpo position: the idom's rpo position; -1 for the entry
	childStart []int32 // by rpo position: childPos[childStart[i]:childStart[i+1]]
	childPos   []int32 // every node's tree children, by rpo position, in reverse postorder
	pre, post  []int32 // by rpo position: entry and exit times of a tree walk
}

// NewGraphDom builds the dominator tree of g's nodes reachable from entry.
func NewGraphDom(g *Graph, entry int32) *GraphDom {
	d := &GraphDom{}
	d.init(g, g.ReversePostorder(entry))
	return d
}

// init builds the tree of g for the nodes of order, its reverse postorder
// from the entry (empty for a function without blocks).
func (d *GraphDom) init(g *Graph, order []int32) {
	d.order = order
	d.index = make([]int32, g.Nodes())
	for i := range d.index {
		d.index[i] = -1
	}
	for i, id := range order {
		d.index[id] = int32(i)
	}
	d.predStart, d.preds = d.predIndices(g)
	d.computeIdoms()
	d.buildChildren()
	d.number()
}

// DomTree is the dominator tree of a function's entry-reachable blocks.
type DomTree struct {
	GraphDom          // on the graph of block IDs (cfg.go)
	rpo      []*Block // reachable blocks in reverse postorder; rpo[0] is the entry
	children []*Block // GraphDom.childPos as blocks
}

// ComputeDom builds the dominator tree of f.
func ComputeDom(f *Func) *DomTree {
	d := &DomTree{}
	g := indexCFG(f)
	var ids []int32 // a declaration has no blocks: an empty tree
	if !f.IsDecl() {
		ids = g.ReversePostorder(int32(f.Entry().ID))
	}
	d.init(&g.Graph, ids)
	d.rpo = make([]*Block, len(ids))
	for i, id := range ids {
		d.rpo[i] = g.byID[id]
	}
	d.children = make([]*Block, len(d.childPos))
	for i, c := range d.childPos {
		d.children[i] = d.rpo[c]
	}
	g.release()
	return d
}

// predIndices returns, in compressed rows by rpo position, the rpo positions
// of each reachable node's reachable predecessors, in rpo order.
func (d *GraphDom) predIndices(g *Graph) (start, preds []int32) {
	n := len(d.order)
	start = make([]int32, n+1)
	for _, id := range d.order {
		for _, s := range g.Successors(id) {
			start[d.index[s]+1]++
		}
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	preds = make([]int32, start[n])
	fill := int32Tables.Take(n)
	defer int32Tables.Give(fill)
	copy(fill, start)
	for i, id := range d.order {
		for _, s := range g.Successors(id) {
			j := d.index[s]
			preds[fill[j]] = int32(i)
			fill[j]++
		}
	}
	return start, preds
}

func (d *GraphDom) computeIdoms() {
	n, start, preds := len(d.order), d.predStart, d.preds
	// Past this many steps of the fingers, the graph is one of the
	// iteration's bad cases (domlt.go), which Lengauer–Tarjan takes in
	// stride.
	budget := 16*(n+len(preds)) + 1<<12
	idom, ok := iterateIdoms(n, start, preds, budget)
	if !ok {
		idom = lengauerTarjan(n, start, preds)
	}
	d.idom = idom
}

// iterateIdoms is Cooper, Harvey and Kennedy's iteration on the n nodes
// whose predecessors, by rpo position, are preds[start[i]:start[i+1]]. It
// gives up (false) once its fingers have taken more than budget steps.
func iterateIdoms(n int, start, preds []int32, budget int) ([]int32, bool) {
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	if n == 0 {
		return idom, true
	}
	idom[0] = 0
	// For a block of more than markPreds predecessors, passed[x] == pass
	// says a finger passed x for it in this sweep, so x is below (or is)
	// the intersection so far, nu. Made when first needed.
	const markPreds = 8
	var passed []int32
	pass := int32(0)
	steps := 0
	for changed := true; changed && steps <= budget; {
		changed = false
		for i := 1; i < n && steps <= budget; i++ {
			nu := int32(-1)
			ps := preds[start[i]:start[i+1]]
			marking := len(ps) > markPreds
			if marking {
				if passed == nil {
					passed = int32Tables.Take(n)
				}
				pass++
			}
			for _, p := range ps {
				switch {
				case idom[p] < 0:
				case nu < 0:
					nu = p
				case marking:
					nu = intersectMarking(idom, passed, pass, p, nu, &steps)
				default:
					nu = intersect(idom, p, nu, &steps)
				}
			}
			if idom[i] != nu {
				idom[i] = nu
				changed = true
			}
		}
	}
	if passed != nil {
		int32Tables.Give(passed)
	}
	idom[0] = -1
	return idom, steps <= budget
}

// intersect is the nearest common ancestor of a and b in the partial tree
// idom. In rpo numbering a dominator has the smaller number, so the finger
// with the larger number is the one to move up. It adds the fingers'
// steps to steps.
func intersect(idom []int32, a, b int32, steps *int) int32 {
	k := 0
	for a != b {
		for a > b {
			a = idom[a]
			k++
		}
		for b > a {
			b = idom[b]
			k++
		}
	}
	*steps += k
	return a
}

// intersectMarking is intersect for the fingers of one block's pass,
// where b is the intersection so far: it marks what they pass, and a finger
// reaching a marked node is below b, which is then the answer.
func intersectMarking(idom, passed []int32, pass, a, b int32, steps *int) int32 {
	k := 0
	for a != b {
		for a > b {
			if passed[a] == pass {
				*steps += k
				return b // a is below nu, which b is or is above
			}
			passed[a] = pass
			a = idom[a]
			k++
		}
		for b > a {
			passed[b] = pass
			b = idom[b]
			k++
		}
	}
	*steps += k
	return a
}

func (d *GraphDom) buildChildren() {
	n := len(d.order)
	d.childStart = make([]int32, n+1)
	for i := 1; i < n; i++ {
		d.childStart[d.idom[i]+1]++
	}
	for i := 1; i <= n; i++ {
		d.childStart[i] += d.childStart[i-1]
	}
	d.childPos = make([]int32, max(n-1, 0))
	fill := int32Tables.Take(n)
	defer int32Tables.Give(fill)
	copy(fill, d.childStart)
	for i := 1; i < n; i++ {
		p := d.idom[i]
		d.childPos[fill[p]] = int32(i)
		fill[p]++
	}
}

// number assigns preorder and postorder times of an iterative depth-first
// walk of the tree, the O(1) dominance test's intervals.
func (d *GraphDom) number() {
	n := len(d.order)
	d.pre = make([]int32, n)
	d.post = make([]int32, n)
	if n == 0 {
		return
	}
	var clock int32
	d.walk(func(i int32) {
		d.pre[i] = clock
		clock++
	}, func(i int32) {
		d.post[i] = clock
		clock++
	})
}

// walk visits the tree depth first from the entry by rpo position, calling
// enter on the way down and exit (when not nil) once all of a node's
// dominated nodes have been visited. Children are visited in reverse
// postorder. It uses an explicit stack, so deep trees are fine.
func (d *GraphDom) walk(enter, exit func(i int32)) {
	if len(d.order) == 0 {
		return
	}
	type frame struct {
		i    int32 // rpo position
		next int32 // next child index into d.childPos
	}
	// Room for the usual depth on the goroutine's stack: growing the
	// heap slice from one frame was most of the walks' allocations.
	stack := append(make([]frame, 0, 32), frame{0, d.childStart[0]})
	enter(0)
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < d.childStart[top.i+1] {
			c := d.childPos[top.next]
			top.next++
			enter(c)
			stack = append(stack, frame{c, d.childStart[c]})
			continue
		}
		if exit != nil {
			exit(top.i)
		}
		stack = stack[:len(stack)-1]
	}
}

// Walk visits the tree depth first from the entry, calling enter on the way
// down and exit (when not nil) once all of a block's dominated blocks have
// been visited: the order of SSA renaming. Children are visited in reverse
// postorder.
func (d *DomTree) Walk(enter, exit func(b *Block)) {
	var exitPos func(int32)
	if exit != nil {
		exitPos = func(i int32) { exit(d.rpo[i]) }
	}
	d.walk(func(i int32) { enter(d.rpo[i]) }, exitPos)
}

// Order returns the reachable nodes in reverse postorder. The caller must
// not modify the slice.
func (d *GraphDom) Order() []int32 { return d.order }

// Reached reports whether node n can be reached from the entry.
func (d *GraphDom) Reached(n int32) bool { return d.index[n] >= 0 }

// Dominates reports whether every path from the entry to node b passes
// through node a, as DomTree.Dominates does for blocks.
func (d *GraphDom) Dominates(a, b int32) bool {
	if d.index[b] < 0 {
		return true
	}
	if d.index[a] < 0 {
		return false
	}
	return d.dominatesPos(d.index[a], d.index[b])
}

// dominatesPos is Dominates on reachable rpo positions.
func (d *GraphDom) dominatesPos(ia, ib int32) bool {
	return d.pre[ia] <= d.pre[ib] && d.post[ib] <= d.post[ia]
}

// RPO returns the reachable blocks in reverse postorder. The caller must not
// modify the slice.
func (d *DomTree) RPO() []*Block { return d.rpo }

// Index returns b's position in RPO, or -1 when b is unreachable: a dense
// number for side tables that only cover reachable blocks.
func (d *DomTree) Index(b *Block) int { return int(d.index[b.ID]) }

// Reachable reports whether b can be reached from the entry.
func (d *DomTree) Reachable(b *Block) bool { return b.ID < len(d.index) && d.index[b.ID] >= 0 }

// Idom returns b's immediate dominator: nil for the entry and for
// unreachable blocks.
func (d *DomTree) Idom(b *Block) *Block {
	if !d.Reachable(b) || d.idom[d.index[b.ID]] < 0 {
		return nil
	}
	return d.rpo[d.idom[d.index[b.ID]]]
}

// Children returns the blocks b immediately dominates, in reverse postorder.
// The caller must not modify the slice.
func (d *DomTree) Children(b *Block) []*Block {
	if !d.Reachable(b) {
		return nil
	}
	i := d.index[b.ID]
	return d.children[d.childStart[i]:d.childStart[i+1]]
}

// Dominates reports whether every path from the entry to b passes through a
// (so a block dominates itself). As in the definition, and in LLVM, an
// unreachable b is dominated by every block — no path reaches it — while an
// unreachable a dominates no reachable block.
func (d *DomTree) Dominates(a, b *Block) bool {
	if !d.Reachable(b) {
		return true
	}
	if !d.Reachable(a) {
		return false
	}
	return d.dominatesPos(d.index[a.ID], d.index[b.ID])
}

// StrictlyDominates reports whether a dominates b and a is not b.
func (d *DomTree) StrictlyDominates(a, b *Block) bool { return a != b && d.Dominates(a, b) }
