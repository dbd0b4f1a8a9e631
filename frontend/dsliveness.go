package frontend

import "toyc/middle"

// The liveness of the dead-store analysis (deadstore.go): sparse, by
// variable, over the basic blocks of the statement-level flow graph, and
// asked only where a store needs the answer, so that its cost is the reads
// and stores of each variable plus the blocks the questions visit, never
// the function's statements once per variable, nor a variable's whole live
// range (in a nest of a thousand loops every counter is live through every
// loop inside its own, a quadratic total).
//
// Blocks: a node begins a block unless it has exactly one predecessor and
// that predecessor has exactly one successor (the leaders of basic
// blocks, Aho, Lam, Sethi and Ullman, Compilers, 2nd ed., §8.4.1, stated
// on the edges); each block then runs from its leader along single
// successors until the next leader. The nodes left over after that lie on
// cycles of single edges with no entry (a loop after a return, whose code
// is unreachable); each such cycle becomes one block from wherever its
// walk starts. Every successor of a block's last node is the first node
// of a block, so the blocks' edges are those of their last nodes.
//
// Mentions: each variable's reads and stores, listed in the order of the
// blocks and of the nodes in them, a node's reads before its store (the
// order in which a statement evaluates, then assigns). A store's value is
// read if the next mention of its variable in its block is a read, is
// dead if it is a store, and otherwise lives on exactly when the variable
// is live at the block's end. That last is asked of middle.LiveQuery
// (middle/livequery.go), a search forward from the block's successors,
// through blocks that do not mention the variable, for one whose first
// mention is a read; its answers stay known for the variable's other
// stores. A live store's search mostly ends at the next block.
// after says what follows a store in its own block.
const (
	dsReachesEnd int8 = iota // no later mention: the block's live-out decides
	dsReadLater              // a later node of the block reads the variable
	dsStoredOver             // a later node stores it first
)

// dsBlocks are the basic blocks of a dsGraph.
type dsBlocks struct {
	of    []int32 // node -> its block
	order []int32 // the nodes, block after block, each block's in order
	start []int32 // block b is order[start[b]:start[b+1]]
	// block b's successors are succs[succStart[b]:succStart[b+1]]
	succStart, succs []int32
}

// basicBlocks gathers g's nodes into basic blocks.
func (g *dsGraph) basicBlocks() *dsBlocks {
	bb := &dsBlocks{of: make([]int32, len(g.nodes)), order: make([]int32, 0, len(g.nodes))}
	for i := range bb.of {
		bb.of[i] = -1
	}
	leader := func(n int32) bool {
		p := g.nodes[n].preds
		return len(p) != 1 || len(g.nodes[p[0]].succ) != 1
	}
	grow := func(n int32) {
		b := int32(len(bb.start))
		bb.start = append(bb.start, int32(len(bb.order)))
		for {
			bb.of[n] = b
			bb.order = append(bb.order, n)
			s := g.nodes[n].succ
			if len(s) != 1 || leader(s[0]) || bb.of[s[0]] >= 0 {
				return
			}
			n = s[0]
		}
	}
	for n := range g.nodes {
		if leader(int32(n)) {
			grow(int32(n))
		}
	}
	for n := range g.nodes {
		if bb.of[n] < 0 {
			grow(int32(n))
		}
	}
	bb.start = append(bb.start, int32(len(bb.order)))
	nb := len(bb.start) - 1
	bb.succStart = make([]int32, nb+1)
	for b := range nb {
		last := bb.order[bb.start[b+1]-1]
		for _, s := range g.nodes[last].succ {
			bb.succs = append(bb.succs, bb.of[s])
		}
		bb.succStart[b+1] = int32(len(bb.succs))
	}
	return bb
}

// dsMention is a read or a store of a variable at a node.
type dsMention struct {
	node  int32
	store bool
}

// mentions lists each variable's mentions in block order, in one flat
// array: variable v's are m[at[v]:at[v+1]].
func (g *dsGraph) mentions(bb *dsBlocks) (m []dsMention, at []int32) {
	at = make([]int32, len(g.vars)+1)
	for i := range g.nodes {
		for _, v := range g.nodes[i].uses {
			at[v+1]++
		}
		if d := g.nodes[i].def; d >= 0 {
			at[d+1]++
		}
	}
	for v := range g.vars {
		at[v+1] += at[v]
	}
	m = make([]dsMention, at[len(g.vars)])
	next := append([]int32(nil), at[:len(g.vars)]...)
	for _, n := range bb.order {
		for _, v := range g.nodes[n].uses {
			m[next[v]] = dsMention{node: n}
			next[v]++
		}
		if d := g.nodes[n].def; d >= 0 {
			m[next[d]] = dsMention{node: n, store: true}
			next[d]++
		}
	}
	return m, at
}

// deadStores finds the dead stores of g (see deadStores, deadstore.go).
func (g *dsGraph) deadStores() []deadStore {
	bb := g.basicBlocks()
	m, at := g.mentions(bb)
	live := middle.NewLiveQuery(bb.succStart, bb.succs)
	after := make([]int8, len(g.nodes)) // by the node of a store
	var out []deadStore
	var readFirst, stored []int32 // blocks whose first mention is a read, blocks with a store
	for v := range g.vars {
		if len(g.stores[v]) == 0 {
			continue
		}
		readFirst, stored = readFirst[:0], stored[:0]
		mv := m[at[v]:at[v+1]]
		for i, x := range mv {
			b := bb.of[x.node]
			if x.store {
				if len(stored) == 0 || stored[len(stored)-1] != b {
					stored = append(stored, b)
				}
				after[x.node] = dsReachesEnd
				if i+1 < len(mv) && bb.of[mv[i+1].node] == b {
					after[x.node] = dsStoredOver
					if !mv[i+1].store {
						after[x.node] = dsReadLater
					}
				}
			} else if i == 0 || bb.of[mv[i-1].node] != b {
				readFirst = append(readFirst, b)
			}
		}
		live.Variable(readFirst, stored)
		for _, st := range g.stores[v] {
			switch after[st.node] {
			case dsReadLater:
				continue
			case dsReachesEnd:
				if live.LiveOut(bb.of[st.node]) {
					continue
				}
			}
			out = append(out, deadStore{v: g.vars[v], pos: st.pos, init: st.init})
		}
	}
	return out
}
