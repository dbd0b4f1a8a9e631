package backend

import "fmt"

// Parallel-copy sequentialization: the φs of a block become, on each
// incoming edge, one parallel copy (every destination receives its source's
// value as it was before any of them is written), and the machine needs it
// as a list of ordinary moves. Done naively, a move can overwrite a value
// another move still has to read: the swap problem of Briggs et al. (1998).
//
// The algorithm is Boissinot et al.'s (“Revisiting Out-of-SSA Translation for
// Correctness, Code Quality, and Efficiency”, CGO 2009, Algorithm 1); Rideau,
// Serpette and Leroy (“Tilting at windmills with Coq”, JAR 2008) prove a
// close relative correct. Seen as a graph with an edge from each source to its
// destinations, a parallel copy is a set of trees hanging off at most one
// cycle each, since every location is written at most once. Moves into
// locations that nobody reads go first; once a location's value has a copy
// elsewhere (or nobody needs it), the location may be overwritten and its
// remaining readers read the copy. That unrolls every tree from the leaves
// up, and also every cycle that has a tree hanging off it: the tree's first
// copy of a cycle location frees that location. What is left are bare
// cycles, each broken with one temporary (or rotated with swaps). The number
// of moves is the minimum: one per copy that is not a self-copy, plus one per
// bare cycle.

// Move copies the value in Src to Dst. Locations are small non-negative
// integers chosen by the caller (virtual or physical registers, stack
// slots).
type Move struct{ Dst, Src int }

// Step is one instruction of a sequentialized parallel copy: the move, or,
// when Swap is set, an exchange of the values in Dst and Src (x86's xchg).
type Step struct {
	Move
	Swap bool
}

// Sequentialize returns moves that, executed in order, give every Dst of par
// the value its Src held before the parallel copy, and leave every other
// location of par alone. The destinations of par must be distinct (a
// duplicate is a caller bug and panics); a source may feed several
// destinations; copies of a location to itself are dropped.
//
// Moves along chains come first. Every bare cycle (a cycle none of whose
// locations is read by a move off the cycle) is then broken with one location from newTemp, which is called
// once per such cycle and never otherwise. A temporary is dead when its
// cycle is done, so newTemp may hand out the same scratch location every
// time; it must not return a location par uses. No move reads a location
// after it has been overwritten, unless what it reads is the value it wants
// (a copy the sequence made). The result depends only on par and its order;
// time is linear in len(par).
func Sequentialize(par []Move, newTemp func() int) []Move {
	if seq, ok := sequentialAlready(par); ok {
		return seq
	}
	return sequentializeGraph(par, newTemp)
}

// sequentializeGraph is Sequentialize on the copy graph, for any par.
func sequentializeGraph(par []Move, newTemp func() int) []Move {
	g := newCopyGraph(par)
	seq := make([]Move, 0, len(par))
	g.unrollTrees(func(m Move) { seq = append(seq, m) })
	g.bareCycles(func(cycle []int) {
		t := newTemp()
		if _, used := g.node[t]; used {
			panic(fmt.Sprintf("backend.Sequentialize: temporary %d is a location of the parallel copy", t))
		}
		seq = append(seq, Move{t, cycle[0]})
		for i := 0; i+1 < len(cycle); i++ {
			seq = append(seq, Move{cycle[i], cycle[i+1]})
		}
		seq = append(seq, Move{cycle[len(cycle)-1], t})
	})
	return seq
}

// maxSequentialAlready bounds the parallel copies sequentialAlready
// checks pair by pair: the copies on most edges are a few moves.
const maxSequentialAlready = 8

// sequentialAlready returns par without its self-copies, and true, when
// no move writes a location another move reads and the destinations are
// distinct: every move is then ready at once, and unrollTrees would emit
// them in par's order from their own sources. Most edges' copies are
// such (one φ, or φs of unrelated values), and the copy graph's map and
// tables were a tenth of out-of-SSA's allocations.
func sequentialAlready(par []Move) ([]Move, bool) {
	if len(par) > maxSequentialAlready {
		return nil, false
	}
	for i, m := range par {
		for _, o := range par[i+1:] {
			if m.Dst == o.Dst {
				return nil, false // a caller bug, which newCopyGraph reports
			}
		}
		if m.Dst == m.Src {
			continue
		}
		for _, o := range par {
			if o.Src == m.Dst && o.Dst != o.Src {
				return nil, false
			}
		}
	}
	seq := make([]Move, 0, len(par))
	for _, m := range par {
		if m.Dst != m.Src {
			seq = append(seq, m)
		}
	}
	return seq, true
}

// SequentializeSwaps is Sequentialize without temporaries: a bare cycle of
// k locations becomes k-1 swaps. Everything else is a move, in the same
// order Sequentialize uses.
func SequentializeSwaps(par []Move) []Step {
	g := newCopyGraph(par)
	seq := make([]Step, 0, len(par))
	g.unrollTrees(func(m Move) { seq = append(seq, Step{Move: m}) })
	g.bareCycles(func(cycle []int) {
		for i := 0; i+1 < len(cycle); i++ {
			seq = append(seq, Step{Move: Move{cycle[i], cycle[i+1]}, Swap: true})
		}
	})
	return seq
}

// copyGraph is a parallel copy over dense node numbers (one per location,
// in order of first appearance), so the bookkeeping uses slices.
type copyGraph struct {
	node    map[int]int // location -> node
	loc     []int       // node -> location
	src     []int       // node -> the node it receives from; -1 if not written (or a self-copy)
	readers []int       // node -> number of moves reading it
	dests   []int       // written nodes, in par's order
	done    []bool      // node -> its move has been emitted
}

func newCopyGraph(par []Move) *copyGraph {
	g := &copyGraph{node: make(map[int]int, 2*len(par))}
	dest := make([]bool, 0, 2*len(par))
	number := func(l int) int {
		n, ok := g.node[l]
		if !ok {
			n = len(g.loc)
			g.node[l] = n
			g.loc = append(g.loc, l)
			g.src = append(g.src, -1)
			g.readers = append(g.readers, 0)
			dest = append(dest, false)
		}
		return n
	}
	for _, m := range par {
		d, s := number(m.Dst), number(m.Src)
		if dest[d] {
			panic(fmt.Sprintf("backend: parallel copy: location %d is the destination of two moves", m.Dst))
		}
		dest[d] = true
		if d != s {
			g.src[d] = s
			g.readers[s]++
			g.dests = append(g.dests, d)
		}
	}
	g.done = make([]bool, len(g.loc))
	return g
}

// unrollTrees emits every move that needs no temporary: a destination is
// written once nobody needs its old value any more, or once that value has
// a copy in a destination already written (which is never written again),
// from which the remaining readers then read.
func (g *copyGraph) unrollTrees(emit func(Move)) {
	holder := append([]int(nil), g.loc...) // node -> where its original value is now
	saved := make([]int, len(g.loc))       // node -> a written destination holding a copy of its value, or -1
	for i := range saved {
		saved[i] = -1
	}
	// A queue rather than a stack: destinations ready at the same time are
	// written in par's order, and the other readers of a freshly freed
	// location still read it before it is overwritten.
	ready := make([]int, 0, len(g.dests))
	for _, d := range g.dests {
		if g.readers[d] == 0 {
			ready = append(ready, d)
		}
	}
	for next := 0; next < len(ready); next++ {
		d := ready[next]
		s := g.src[d]
		holder[d] = saved[d]
		emit(Move{g.loc[d], holder[s]})
		g.done[d] = true
		if saved[s] < 0 {
			saved[s] = g.loc[d]
			if g.src[s] >= 0 {
				ready = append(ready, s) // it had readers, so it was not ready before
			}
		}
	}
}

// bareCycles calls rotate for each cycle left after unrollTrees, in par's
// order, with its locations c[0] <- c[1] <- ... <- c[k-1] <- c[0].
func (g *copyGraph) bareCycles(rotate func(cycle []int)) {
	var cycle []int
	for _, d := range g.dests {
		if g.done[d] {
			continue
		}
		cycle = cycle[:0]
		for n := d; !g.done[n]; n = g.src[n] {
			g.done[n] = true
			cycle = append(cycle, g.loc[n])
		}
		rotate(cycle)
	}
}
