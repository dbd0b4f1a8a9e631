package middle

import "slices"

// LoopLiveness is the path exploration of liveness.go — backwards from a
// variable's uses, one variable at a time (Brandner, Boissinot, Darte,
// Dupont de Dinechin and Rastello, "Computing Liveness Sets for SSA-Form
// Programs", 2011, Algorithms 4–5; Appel, "Modern Compiler
// Implementation", 19.6) — on a graph of dense node numbers, shortened by
// the loop nesting forest as that paper's loop-forest algorithm is: a
// variable live on entry to a node of a natural loop that does not write
// it is live on entry to and on exit from every node of the loop (the
// header reaches every node of the loop and every node the header, by
// paths inside it, none of which writes the variable). So the walk marks
// the outermost such loop around a live node whole, and goes on from the
// edges that enter the loop (for reachable nodes, into its header) without
// stepping through its nodes. In a deep loop nest each counter is live
// through every loop inside its own: there the cost is the nodes around a
// variable's definitions and uses, not the nest's depth, and the answer
// is a list of loops and one of nodes rather than depth² nodes.
//
// Requires: the graph's predecessor rows and its loop forest (FindLoops,
// nodes the same numbers; nil for none: the plain walk). A variable is
// given as the nodes where it is read before any write in the node
// (uses) and the nodes that write it (defs); it need not be in SSA form.
// Guarantees: after Explore, a node is live on entry (exit) exactly when
// In (Out) lists it or it is in a loop Loops lists; those lists are
// disjoint, and the loops are disjoint too. Marks are stamped per
// variable, nothing is cleared between variables.
type LoopLiveness struct {
	predStart, preds []int32
	lf               *LoopForest
	entries          [][2]int32 // by loop: the edges (from, to) into it from outside, in entries[entryStart[l]:entryStart[l+1]]
	entryStart       []int32

	stamp            int32
	defines, in, out []int32 // by node: stamps
	loopMark         []int32 // by loop: stamps
	defPre           []int32 // the current variable's writing nodes' innermost loops, as preorder numbers, sorted
	def0             int32   // defPre's one entry, or -1 when it has none
	work             []int32 // nodes, and ^loop for a loop marked whole
	inList, outList  []int32
	loopList         []int32
}

// NewLoopLiveness prepares explorations on the graph whose predecessor
// rows are preds (the graph reversed: node n's predecessors are
// preds.Successors(n)) and whose loop forest is lf (or nil).
func NewLoopLiveness(preds *Graph, lf *LoopForest) *LoopLiveness {
	n := preds.Nodes()
	w := &LoopLiveness{lf: lf, predStart: preds.Start, preds: preds.Succs,
		defines: make([]int32, n), in: make([]int32, n), out: make([]int32, n)}
	// A variable is live in and out of each node at most once: the lists
	// never grow past these.
	lists := make([]int32, 3*n)
	w.inList, w.outList, w.work = lists[:0:n], lists[n:n:2*n], lists[2*n:2*n]
	if lf == nil || len(lf.Loops) == 0 {
		w.lf = nil
		return w
	}
	// An edge enters the loops around its target up to the innermost one
	// that holds its source too: for reachable nodes, only edges into a
	// header do, so this is about one entry per loop.
	type entry struct{ loop, from, to int32 }
	var found []entry
	for to := range int32(n) {
		inner := lf.innermost[to]
		if inner < 0 {
			continue
		}
		for _, from := range w.preds[w.predStart[to]:w.predStart[to+1]] {
			if lf.innermost[from] == inner {
				continue // the most frequent edge: inside one loop
			}
			for l := inner; l >= 0 && !lf.Contains(l, from); l = lf.Loops[l].Parent {
				found = append(found, entry{l, from, to})
			}
		}
	}
	w.entryStart = make([]int32, len(lf.Loops)+1)
	for _, e := range found {
		w.entryStart[e.loop+1]++
	}
	for i := range lf.Loops {
		w.entryStart[i+1] += w.entryStart[i]
	}
	w.entries = make([][2]int32, len(found))
	next := slices.Clone(w.entryStart[:len(lf.Loops)])
	for _, e := range found {
		w.entries[next[e.loop]] = [2]int32{e.from, e.to}
		next[e.loop]++
	}
	w.loopMark = make([]int32, len(lf.Loops))
	return w
}

// Explore finds where the variable read first at the nodes uses and
// written at defs is live; In, Out and Loops give the answer.
func (w *LoopLiveness) Explore(uses, defs []int32) {
	w.stamp++
	w.inList, w.outList, w.loopList = w.inList[:0], w.outList[:0], w.loopList[:0]
	w.defPre = w.defPre[:0]
	stamp, lf := w.stamp, w.lf
	for _, d := range defs {
		w.defines[d] = stamp
	}
	if lf != nil {
		for _, d := range defs {
			if l := lf.innermost[d]; l >= 0 {
				w.defPre = append(w.defPre, lf.Loops[l].pre)
			}
		}
	}
	w.def0 = -1 // in no loop's preorder span
	if len(w.defPre) == 1 {
		w.def0 = w.defPre[0]
	} else if len(w.defPre) > 1 {
		slices.Sort(w.defPre)
	}
	work := w.work[:0]
	for _, u := range uses {
		work = w.enter(u, work)
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b >= 0 {
			for _, p := range w.preds[w.predStart[b]:w.predStart[b+1]] {
				// exit(p), its steps written out: the most frequent one.
				if lf != nil {
					if li := lf.innermost[p]; li >= 0 && !w.writes(li) {
						work = w.markLoop(w.outermostFree(li), work)
						continue
					}
				}
				if w.out[p] != stamp {
					w.out[p] = stamp
					w.outList = append(w.outList, p)
					if w.defines[p] != stamp && w.in[p] != stamp {
						w.in[p] = stamp
						w.inList = append(w.inList, p)
						work = append(work, p)
					}
				}
			}
			continue
		}
		l := ^b
		for _, e := range w.entries[w.entryStart[l]:w.entryStart[l+1]] {
			work = w.exit(e[0], work)
		}
	}
	w.work = work
}

// enter marks the variable live on entry to n.
func (w *LoopLiveness) enter(n int32, work []int32) []int32 {
	if l := w.freeLoop(n); l >= 0 {
		return w.markLoop(l, work)
	}
	return w.liveIn(n, work)
}

// exit marks the variable live on exit from n, and on entry unless n
// writes it.
func (w *LoopLiveness) exit(n int32, work []int32) []int32 {
	if l := w.freeLoop(n); l >= 0 {
		return w.markLoop(l, work)
	}
	if w.out[n] != w.stamp {
		w.out[n] = w.stamp
		w.outList = append(w.outList, n)
	}
	if w.defines[n] != w.stamp {
		work = w.liveIn(n, work)
	}
	return work
}

// liveIn marks n, in no loop marked whole, live on entry, and queues it.
func (w *LoopLiveness) liveIn(n int32, work []int32) []int32 {
	if w.in[n] != w.stamp {
		w.in[n] = w.stamp
		w.inList = append(w.inList, n)
		work = append(work, n)
	}
	return work
}

func (w *LoopLiveness) markLoop(l int32, work []int32) []int32 {
	if w.loopMark[l] != w.stamp {
		w.loopMark[l] = w.stamp
		w.loopList = append(w.loopList, l)
		work = append(work, ^l)
	}
	return work
}

// freeLoop returns the outermost loop around node n that does not write
// the current variable, or -1. The loops that write it are the outer part
// of the chain of loops around n (a loop around a writing node is around
// every loop inside it): a binary search over the depths finds the end of
// that part, where walking up the chain would take as many steps as the
// nest is deep.
func (w *LoopLiveness) freeLoop(n int32) int32 {
	if w.lf == nil {
		return -1
	}
	if li := w.lf.innermost[n]; li >= 0 && !w.writes(li) {
		return w.outermostFree(li)
	}
	return -1
}

// outermostFree is freeLoop for a node whose innermost loop li does not
// write the variable.
func (w *LoopLiveness) outermostFree(li int32) int32 {
	if len(w.defPre) == 0 || w.lf.Loops[li].Depth == 1 {
		return w.lf.Ancestor(li, 1)
	}
	lo, hi := 1, int(w.lf.Loops[li].Depth) // free at depth hi; find the smallest such depth
	for lo < hi {
		mid := lo + (hi-lo)/2
		if w.writes(w.lf.Ancestor(li, mid)) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return w.lf.Ancestor(li, lo)
}

// writes reports whether loop l holds a node that writes the current
// variable.
func (w *LoopLiveness) writes(l int32) bool {
	if len(w.defPre) > 1 {
		return w.writesAny(l)
	}
	lp := &w.lf.Loops[l]
	return lp.pre <= w.def0 && w.def0 < lp.end
}

func (w *LoopLiveness) writesAny(l int32) bool {
	pre, end := w.lf.Loops[l].pre, w.lf.Loops[l].end
	i, _ := slices.BinarySearch(w.defPre, pre)
	return i < len(w.defPre) && w.defPre[i] < end
}

// In returns the nodes the variable is live on entry to, outside the
// loops of Loops, in the order found; valid until the next Explore.
func (w *LoopLiveness) In() []int32 { return w.inList }

// Out returns the nodes the variable is live on exit from, outside the
// loops of Loops, in the order found; valid until the next Explore.
func (w *LoopLiveness) Out() []int32 { return w.outList }

// Loops returns the loops (indexes in the forest) the variable is live
// through, entry and exit of every node, in the order found; valid until
// the next Explore.
func (w *LoopLiveness) Loops() []int32 { return w.loopList }

// LiveIn reports whether the variable of the last Explore is live on
// entry to node n.
func (w *LoopLiveness) LiveIn(n int32) bool {
	if w.in[n] == w.stamp {
		return true
	}
	l := w.freeLoop(n)
	return l >= 0 && w.loopMark[l] == w.stamp
}

// LiveOut reports whether the variable of the last Explore is live on
// exit from node n.
func (w *LoopLiveness) LiveOut(n int32) bool {
	if w.out[n] == w.stamp {
		return true
	}
	l := w.freeLoop(n)
	return l >= 0 && w.loopMark[l] == w.stamp
}
