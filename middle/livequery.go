package middle

// LiveQuery answers, for one variable at a time, whether it is live on
// entry to a given node of a graph, without computing where else it is
// live: a depth-first search forward from the node, through nodes that
// neither read nor write the variable, for a node that reads it before any
// write (a liveness check by reachability, in the spirit of Boissinot,
// Hack, Grund, Dupont de Dinechin and Rastello, "Fast Liveness Checking
// for SSA-Form Programs", CGO 2008, for variables that are stored more
// than once). The answer is the least fixpoint of
//
//	live(n) = reads(n) || (!writes(n) && live(s) for some successor s)
//
// — the same sets the backward path exploration of liveness.go computes —
// but a query costs only the nodes its search visits, not the variable's
// whole live range: in a nest of a thousand loops every counter is live
// through every loop inside its own, a quadratic total, while pruned SSA
// construction asks only at its φ candidates and the dead-store warning
// only at its stores' ends, whose searches mostly stop at the first node.
//
// Answers are remembered until the next variable: a search that finds a
// reading node proves every node on its path live; one that finds none
// proves every node it visited dead (each reaches only visited nodes). So
// for one variable each node is visited by at most one failing search,
// and a succeeding one stops at the first node already proved live.
//
// Requires: the graph's successors as compressed rows of node numbers
// (node n's are succs[succStart[n]:succStart[n+1]]); nodes are 0 to
// len(succStart)-2. Marks are stamped, so nothing is cleared between
// variables or queries.
type LiveQuery struct {
	succStart, succs []int32

	variable   int32   // stamp of the current variable
	reads      []int32 // by node: variable stamps
	writes     []int32
	provedLive []int32
	provedDead []int32
	search     int32   // stamp of the current search
	seen       []int32 // by node: search stamps
	visited    []int32 // the nodes of the current search, for marking dead
	path       []int32 // the search's stack: nodes
	pathNext   []int32 // and the index of the next successor to try
}

// NewLiveQuery prepares queries on the graph of the given successor rows.
func NewLiveQuery(succStart, succs []int32) *LiveQuery {
	n := len(succStart) - 1
	return &LiveQuery{succStart: succStart, succs: succs,
		reads: make([]int32, n), writes: make([]int32, n),
		provedLive: make([]int32, n), provedDead: make([]int32, n), seen: make([]int32, n)}
}

// Variable begins the queries about a new variable: read are the nodes
// where it is read before any write to it, written the nodes that write it.
func (q *LiveQuery) Variable(read, written []int32) {
	q.variable++
	for _, n := range written {
		q.writes[n] = q.variable
	}
	for _, n := range read {
		q.reads[n] = q.variable
	}
}

// LiveIn reports whether the current variable is live on entry to node n.
func (q *LiveQuery) LiveIn(n int32) bool {
	v := q.variable
	switch {
	case q.reads[n] == v || q.provedLive[n] == v:
		return true
	case q.writes[n] == v || q.provedDead[n] == v:
		return false
	}
	q.search++
	q.seen[n] = q.search
	q.visited = append(q.visited[:0], n)
	q.path, q.pathNext = append(q.path[:0], n), append(q.pathNext[:0], q.succStart[n])
	for len(q.path) > 0 {
		top := len(q.path) - 1
		i := q.pathNext[top]
		if i == q.succStart[q.path[top]+1] {
			q.path, q.pathNext = q.path[:top], q.pathNext[:top]
			continue
		}
		q.pathNext[top]++
		s := q.succs[i]
		if q.reads[s] == v || q.provedLive[s] == v {
			for _, p := range q.path {
				q.provedLive[p] = v
			}
			return true
		}
		if q.writes[s] == v || q.provedDead[s] == v || q.seen[s] == q.search {
			continue
		}
		q.seen[s] = q.search
		q.visited = append(q.visited, s)
		q.path, q.pathNext = append(q.path, s), append(q.pathNext, q.succStart[s])
	}
	for _, p := range q.visited {
		q.provedDead[p] = v
	}
	return false
}

// LiveOut reports whether the current variable is live on exit from node
// n: on entry to one of its successors.
func (q *LiveQuery) LiveOut(n int32) bool {
	for _, s := range q.succs[q.succStart[n]:q.succStart[n+1]] {
		if q.LiveIn(s) {
			return true
		}
	}
	return false
}
