package middle

// Lengauer and Tarjan's dominator algorithm ("A Fast Algorithm for Finding
// Dominators in a Flowgraph", TOPLAS 1979), the simple version: path
// compression without balancing, O(m log n) whatever the graph's shape.
// Go's compiler uses it for every function (cmd/compile/internal/ssa,
// dominatorsLTOrig).
//
// computeIdoms runs Cooper, Harvey and Kennedy's iteration first and
// falls back to this when the iteration's fingers have walked more than a
// budget proportional to the graph. Their walk is quadratic on a ladder:
// a chain of n blocks and a second chain beside it, the i-th block of
// each branching to a block of its own (the failure block of a loop's
// i-th bounds check, which the loop's check-free copy shares), whose idom
// is above both chains — each such intersection walks both fingers up to
// the top, n² steps in all (10,000 checks: 0.35 s a dominator tree).
// The tree is unique, so which algorithm made it changes nothing after.
//
// Requires the predecessors' rows by rpo position (predIndices), rpo
// position 0 being the entry. Guarantees each node's idom by rpo
// position, -1 for the entry.

// lengauerTarjan returns the idoms of the n nodes whose predecessors, by
// rpo position, are preds[start[i]:start[i+1]].
func lengauerTarjan(n int, start, preds []int32) []int32 {
	idom := make([]int32, n)
	if n == 0 {
		return idom
	}
	// The depth-first spanning tree from the entry over the successors
	// (the predecessors' rows turned round), numbered in preorder: dfs
	// numbers by rpo position, vertex the reverse.
	succStart := make([]int32, n+1)
	for _, p := range preds {
		succStart[p+1]++
	}
	for i := 1; i <= n; i++ {
		succStart[i] += succStart[i-1]
	}
	succs := make([]int32, len(preds))
	fill := int32Tables.Take(n)
	copy(fill, succStart)
	for i := 0; i < n; i++ {
		for _, p := range preds[start[i]:start[i+1]] {
			succs[fill[p]] = int32(i)
			fill[p]++
		}
	}
	int32Tables.Give(fill)
	const none = -1
	dfs := make([]int32, n)
	for i := range dfs {
		dfs[i] = none
	}
	vertex := make([]int32, 0, n)
	parent := make([]int32, n) // by preorder number
	type frame struct{ node, next int32 }
	stack := []frame{{0, succStart[0]}}
	dfs[0] = 0
	vertex = append(vertex, 0)
	parent[0] = none
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == succStart[top.node+1] {
			stack = stack[:len(stack)-1]
			continue
		}
		s := succs[top.next]
		top.next++
		if dfs[s] == none {
			dfs[s] = int32(len(vertex))
			parent[len(vertex)] = dfs[top.node]
			vertex = append(vertex, s)
			stack = append(stack, frame{s, succStart[s]})
		}
	}
	// From here on nodes are preorder numbers. semi is the semidominator,
	// ancestor and best the forest that link builds and eval compresses,
	// bucket the nodes whose semidominator each node is (a list through
	// next), samedom a node whose idom is the same as its own.
	semi := make([]int32, n)
	ancestor := make([]int32, n)
	best := make([]int32, n)
	samedom := make([]int32, n)
	head := make([]int32, n)
	next := make([]int32, n)
	dom := make([]int32, n)
	for i := range n {
		semi[i], ancestor[i], best[i], samedom[i], head[i] = int32(i), none, int32(i), none, none
	}
	var path []int32
	// eval is the node of least semidominator on the forest's path from
	// v up to (not including) its root, compressing the path.
	eval := func(v int32) int32 {
		if ancestor[v] == none {
			return v
		}
		path = path[:0]
		for u := v; ancestor[ancestor[u]] != none; u = ancestor[u] {
			path = append(path, u)
		}
		for k := len(path) - 1; k >= 0; k-- {
			u := path[k]
			a := ancestor[u]
			if semi[best[a]] < semi[best[u]] {
				best[u] = best[a]
			}
			ancestor[u] = ancestor[a]
		}
		return best[v]
	}
	for w := int32(n - 1); w > 0; w-- {
		p := parent[w]
		s := p
		for _, pr := range preds[start[vertex[w]]:start[vertex[w]+1]] {
			v := dfs[pr]
			var sv int32
			if v <= w {
				sv = v
			} else {
				sv = semi[eval(v)]
			}
			s = min(s, sv)
		}
		semi[w] = s
		next[w], head[s] = head[s], w
		ancestor[w] = p
		for v := head[p]; v != none; v = next[v] {
			if y := eval(v); semi[y] == semi[v] {
				dom[v] = p
			} else {
				samedom[v] = y
			}
		}
		head[p] = none
	}
	for w := int32(1); w < int32(n); w++ {
		if samedom[w] != none {
			dom[w] = dom[samedom[w]]
		}
	}
	idom[0] = none
	for w := 1; w < n; w++ {
		idom[vertex[w]] = vertex[dom[w]]
	}
	return idom
}
