package backend

// roundQueue orders the location tracker's data flow (dwarfloc.go) over a
// function's blocks in rounds: in each, the blocks marked stale are
// visited in the order of their indexes, and a block marked while one
// after it is visited waits for the next round, as a sweep over the
// blocks repeated until nothing changes visits them. The tracker's merge
// is not monotone in every case (settleRounds), so the order decides the
// result, and this is the order it was written for. The sweep itself
// looked at every block in every round: a loop of 10,000 if/else
// statements, whose else arms are laid out after the loop, takes a round
// for each (each arm's exit is a predecessor of a join laid out before
// it), and the sweeps were 1.5G instructions of a 4G -O1 -g compile. Here
// a round costs the blocks it visits, a heap operation each (a min-heap
// of the round's indexes).
type roundQueue struct {
	stale []bool    // by block index: marked, not visited since
	cur   indexHeap // this round's, after pos
	next  []int32   // the next round's
	pos   int       // the block being visited (-1 before the first)
}

// reset makes q empty, for as many blocks as stale has (its memory, all
// false).
func (q *roundQueue) reset(stale []bool) {
	q.stale, q.cur, q.next, q.pos = stale, q.cur[:0], q.next[:0], -1
}

// mark makes block i stale: visited later in this round when it comes
// after the block being visited, else in the next round.
func (q *roundQueue) mark(i int) {
	if q.stale[i] {
		return
	}
	q.stale[i] = true
	if i > q.pos {
		q.cur.push(int32(i))
	} else {
		q.next = append(q.next, int32(i))
	}
}

// pop returns the next block to visit, and false once no block is
// stale.
func (q *roundQueue) pop() (int, bool) {
	if len(q.cur) == 0 {
		if len(q.next) == 0 {
			return 0, false
		}
		q.cur, q.next = q.next, q.cur[:0]
		q.cur.init()
	}
	i := int(q.cur.pop())
	q.pos = i
	q.stale[i] = false
	return i, true
}

// indexHeap is a min-heap of block indexes (container/heap's, without
// its interface, whose boxing of each index allocated).
type indexHeap []int32

// init makes h a heap.
func (h indexHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *indexHeap) push(x int32) {
	*h = append(*h, x)
	s := *h
	for i := len(s) - 1; i > 0; {
		parent := (i - 1) / 2
		if s[parent] <= s[i] {
			break
		}
		s[parent], s[i] = s[i], s[parent]
		i = parent
	}
}

// pop removes and returns the least index.
func (h *indexHeap) pop() int32 {
	s := *h
	x := s[0]
	s[0] = s[len(s)-1]
	*h = s[:len(s)-1]
	h.down(0)
	return x
}

// down moves h[i] down to its place.
func (h indexHeap) down(i int) {
	for {
		least := i
		if l := 2*i + 1; l < len(h) && h[l] < h[least] {
			least = l
		}
		if r := 2*i + 2; r < len(h) && h[r] < h[least] {
			least = r
		}
		if least == i {
			return
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
}
