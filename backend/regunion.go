package backend

import "sort"

// The live interval union of one physical register, after LLVM's
// LiveIntervalUnion: every range of every virtual interval linear scan has
// assigned to the register, as one sorted list of disjoint segments, each
// naming its interval. Intervals sharing a register never intersect, so
// the segments are disjoint and sorted by their ends as well as their
// starts, and whether an interval intersects the register's occupants is a
// binary search per range instead of a walk over the other intervals.
// Without it, a function whose values are used again far away (every
// loop's bounds-check values in the cold blocks at its end) holds
// thousands of intervals in a hole at once, and asking which of them meet
// each new interval made linear scan quadratic.
//
// LLVM keeps the segments in a B+-tree (IntervalMap); here they are kept in
// sorted chunks of at most 2*unionChunk segments, found by a binary search
// over the chunks' last segments and then one in the chunk: insertion and
// removal move at most a chunk's segments, and a search is logarithmic.

// unionChunk is half the largest chunk of a regUnion.
const unionChunk = 64

type segment struct {
	start, end int32
	it         *Interval
}

type regUnion struct {
	chunks [][]segment // in order; each non-empty and sorted
}

// find returns the place of the first segment that ends after pos: chunk c
// (len(u.chunks) when there is none) and index i in it.
func (u *regUnion) find(pos int32) (c, i int) {
	c = sort.Search(len(u.chunks), func(k int) bool {
		ch := u.chunks[k]
		return ch[len(ch)-1].end > pos
	})
	if c < len(u.chunks) {
		ch := u.chunks[c]
		i = sort.Search(len(ch), func(k int) bool { return ch[k].end > pos })
	}
	return c, i
}

// insert adds the ranges of it, which intersects no interval already in u.
func (u *regUnion) insert(it *Interval) {
	for _, r := range it.Ranges {
		s := segment{int32(r.Start), int32(r.End), it}
		c, i := u.find(s.start)
		if c == len(u.chunks) { // after every segment: at the end of the last chunk
			if c == 0 {
				// Most registers of most functions hold a few segments:
				// the first chunk grows by append up to its largest.
				u.chunks = append(u.chunks, make([]segment, 0, 8))
			} else {
				c--
			}
			i = len(u.chunks[c])
		}
		ch := append(u.chunks[c], segment{})
		copy(ch[i+1:], ch[i:])
		ch[i] = s
		if len(ch) <= 2*unionChunk {
			u.chunks[c] = ch
			continue
		}
		// Split the full chunk in two halves.
		rest := make([]segment, len(ch)-unionChunk, 2*unionChunk)
		copy(rest, ch[unionChunk:])
		u.chunks[c] = ch[:unionChunk]
		u.chunks = append(u.chunks, nil)
		copy(u.chunks[c+2:], u.chunks[c+1:])
		u.chunks[c+1] = rest
	}
}

// remove takes the ranges of it, which insert added, out of u.
func (u *regUnion) remove(it *Interval) {
	for _, r := range it.Ranges {
		c, i := u.find(int32(r.Start))
		if c == len(u.chunks) || u.chunks[c][i].it != it {
			panic("backend: regUnion.remove: " + vregName(it.Reg) + " is not in the union")
		}
		ch := u.chunks[c]
		u.chunks[c] = append(ch[:i], ch[i+1:]...)
		if len(u.chunks[c]) == 0 {
			u.chunks = append(u.chunks[:c], u.chunks[c+1:]...)
		}
	}
}

// overlaps reports whether cur intersects an interval of u. Each step
// skips the ranges of one side that end before the other's current range
// begins (by binary search in u, by skipTo in cur), so the cost grows with
// how often the two alternate rather than with their lengths.
func (u *regUnion) overlaps(cur *Interval) bool {
	rs := cur.Ranges
	// Most unions end before the current interval starts (every interval
	// in them has ended): no search then.
	if n := len(u.chunks); n == 0 || int(u.chunks[n-1][len(u.chunks[n-1])-1].end) <= rs[0].Start {
		return false
	}
	j := 0
	for {
		c, i := u.find(int32(rs[j].Start))
		if c == len(u.chunks) {
			return false
		}
		s := u.chunks[c][i]
		if int(s.start) < rs[j].End {
			return true
		}
		// s begins after rs[j]: the next range of cur that can meet it.
		if j = skipTo(rs, j, int(s.start)); j == len(rs) {
			return false
		}
		if rs[j].Start < int(s.end) {
			return true
		}
	}
}

// holders calls fn for each interval of u that intersects cur, once each,
// in no particular order; stamp must differ from every earlier call's.
func (u *regUnion) holders(cur *Interval, stamp uint32, fn func(*Interval)) {
	for _, r := range cur.Ranges {
		c, i := u.find(int32(r.Start))
		for ; c < len(u.chunks); c, i = c+1, 0 {
			ch := u.chunks[c]
			for ; i < len(ch) && int(ch[i].start) < r.End; i++ {
				if it := ch[i].it; it.stamp != stamp {
					it.stamp = stamp
					fn(it)
				}
			}
			if i < len(ch) {
				break
			}
		}
	}
}
