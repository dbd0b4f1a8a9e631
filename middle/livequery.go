package middle

// LiveQuery answers, for one variable at a time, whether it is live on
// entry to a given node of a graph, without necessarily finding where else
// it is live. The answer is the least fixpoint of
//
//	live(n) = reads(n) || (!writes(n) && live(s) for some successor s)
//
// and two searches race for it, a step of each in turn. One goes forward
// from the node asked about, through nodes that neither read nor write the
// variable, for one that reads it first (a liveness check by reachability,
// in the spirit of Boissinot, Hack, Grund, Dupont de Dinechin and
// Rastello, "Fast Liveness Checking for SSA-Form Programs", CGO 2008); the
// other is the backward path exploration of liveness.go from every node
// that reads it, which, once done, answers every later question about the
// variable. Either alone can be quadratic where the other is cheap: in a
// nest of a thousand loops every counter is live through every loop
// inside its own, while the questions (a store's end, a φ candidate) are
// answered at the next node; and a thousand dead stores, each followed by
// the rest of the function, have almost no live range. Racing, a variable
// costs at most about twice the cheaper of the two.
//
// Answers are remembered until the next variable: a forward search that
// finds a reading node proves every node on its path live; one that finds
// none proves every node it visited dead (each reaches only visited
// nodes). So for one variable each node is visited by at most one failing
// search, and a succeeding one stops at the first node known to be live.
//
// Requires: the graph's successors as compressed rows of node numbers
// (node n's are succs[succStart[n]:succStart[n+1]]); nodes are 0 to
// len(succStart)-2. Marks are stamped, so nothing is cleared between
// variables or queries.
type LiveQuery struct {
	succStart, succs []int32
	predStart, preds []int32 // the transpose, for the backward exploration

	variable   int32   // stamp of the current variable
	writes     []int32 // by node: variable stamps
	provedLive []int32
	provedDead []int32
	search     int32   // stamp of the current forward search
	seen       []int32 // by node: search stamps
	visited    []int32 // the nodes of the current search, for marking dead
	path       []int32 // the search's stack: nodes
	pathNext   []int32 // and the index of the next successor to try

	backLive []int32 // by node: variable stamps, the reading nodes and those the backward exploration reached
	backWork []int32 // its work list; empty with backDone set when it is finished
	backDone bool
}

// NewLiveQuery prepares queries on the graph of the given successor rows.
func NewLiveQuery(succStart, succs []int32) *LiveQuery {
	n := len(succStart) - 1
	q := &LiveQuery{succStart: succStart, succs: succs,
		writes: make([]int32, n), backLive: make([]int32, n),
		provedLive: make([]int32, n), provedDead: make([]int32, n), seen: make([]int32, n)}
	q.predStart = make([]int32, n+1)
	for _, s := range succs {
		q.predStart[s+1]++
	}
	for i := range n {
		q.predStart[i+1] += q.predStart[i]
	}
	q.preds = make([]int32, len(succs))
	fill := append([]int32(nil), q.predStart[:n]...)
	for m := range n {
		for _, s := range succs[succStart[m]:succStart[m+1]] {
			q.preds[fill[s]] = int32(m)
			fill[s]++
		}
	}
	return q
}

// Variable begins the queries about a new variable: read are the nodes
// where it is read before any write to it, written the nodes that write it.
func (q *LiveQuery) Variable(read, written []int32) {
	q.variable++
	for _, n := range written {
		q.writes[n] = q.variable
	}
	q.backWork, q.backDone = q.backWork[:0], false
	for _, n := range read {
		if q.backLive[n] != q.variable {
			q.backLive[n] = q.variable
			q.backWork = append(q.backWork, n)
		}
	}
}

// backStep takes one node off the backward exploration's work list.
func (q *LiveQuery) backStep() {
	if len(q.backWork) == 0 {
		q.backDone = true
		return
	}
	v := q.variable
	b := q.backWork[len(q.backWork)-1]
	q.backWork = q.backWork[:len(q.backWork)-1]
	for _, p := range q.preds[q.predStart[b]:q.predStart[b+1]] {
		if q.writes[p] != v && q.backLive[p] != v {
			q.backLive[p] = v
			q.backWork = append(q.backWork, p)
		}
	}
}

// LiveIn reports whether the current variable is live on entry to node n.
func (q *LiveQuery) LiveIn(n int32) bool {
	v := q.variable
	switch {
	case q.backDone:
		return q.backLive[n] == v
	case q.backLive[n] == v || q.provedLive[n] == v:
		return true
	case q.writes[n] == v || q.provedDead[n] == v:
		return false
	}
	q.search++
	q.seen[n] = q.search
	q.visited = append(q.visited[:0], n)
	q.path, q.pathNext = append(q.path[:0], n), append(q.pathNext[:0], q.succStart[n])
	for len(q.path) > 0 {
		if q.backStep(); q.backDone {
			return q.backLive[n] == v
		}
		top := len(q.path) - 1
		i := q.pathNext[top]
		if i == q.succStart[q.path[top]+1] {
			q.path, q.pathNext = q.path[:top], q.pathNext[:top]
			continue
		}
		q.pathNext[top]++
		s := q.succs[i]
		if q.backLive[s] == v || q.provedLive[s] == v {
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
