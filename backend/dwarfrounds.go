package backend

import "math/bits"

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
// the stale blocks are bits, of this round's and of the next's: a round
// costs the blocks it visits and a look at each word of 64 blocks from
// the first to the last it visits (a min-heap of the round's indexes,
// before, took a heap operation for each mark and visit, a tenth of the
// data flow's cost in a 10k-line -O2 -g compile).
type roundQueue struct {
	cur, next []uint64 // the stale blocks, by bit: this round's (after pos) and the next's
	n         int      // the next round's count
	pos       int      // the block being visited (-1 before the first)
}

// reset makes q empty, for n blocks.
func (q *roundQueue) reset(n int) {
	w := (n + 63) / 64
	q.cur, q.next, q.n, q.pos = scratch(&q.cur, w), scratch(&q.next, w), 0, -1
}

// mark makes block i stale: visited later in this round when it comes
// after the block being visited, else in the next round.
func (q *roundQueue) mark(i int) {
	w, b := i/64, uint64(1)<<(i%64)
	if (q.cur[w]|q.next[w])&b != 0 {
		return // stale already
	}
	if i > q.pos {
		q.cur[w] |= b
	} else {
		q.next[w] |= b
		q.n++
	}
}

// pop returns the next block to visit, and false once no block is
// stale.
func (q *roundQueue) pop() (int, bool) {
	for {
		for w := max(q.pos+1, 0) / 64; w < len(q.cur); w++ {
			if x := q.cur[w]; x != 0 {
				i := w*64 + bits.TrailingZeros64(x)
				q.cur[w] = x & (x - 1)
				q.pos = i
				return i, true
			}
		}
		if q.n == 0 {
			return 0, false
		}
		// The next round: this one's bits are all clear.
		q.cur, q.next, q.n, q.pos = q.next, q.cur, 0, -1
	}
}
