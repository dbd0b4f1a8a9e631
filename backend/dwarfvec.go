package backend

import "slices"

// The location tracker's per-block states (dwarfloc.go) as copy-on-write
// vectors of IR values (their handles, tval), one for the spill slots and
// one for the variables of a state. The data flow keeps a state at the
// entry and at the exit of every block, and a state that copied every slot
// and variable would make the tracker quadratic in memory on one function
// with thousands of loops and variables (10k loops took 9.2 GB with -g). A
// vector is cut into chunks of vecChunk values, and its chunks' numbers
// into pages of vecPage; copying a vector copies only its pages' numbers,
// and a write copies the page and the chunk it lands in when they are
// shared, so a block's states cost the pages and chunks its code changes
// (a few) and one number per page, as a persistent array's path copying
// does (a tree of two levels; Driscoll et al., "Making data structures
// persistent", 1989; Go's cmd/compile keeps only the live slots per
// block, ssa/debug.go, which drops what the tracker still shows). Pages
// and chunks are numbered in one slab, not pointed to: what copying a
// state copies (the registers, the pages' numbers) and what its pages and
// chunks hold are no pointers, so it needs no write barriers and the
// collector scans none of it. A vector of at most vecChunk values (most
// functions' variables and spill slots) is a plain array instead, cut
// from one array for all the vectors made together: copying it costs as
// little as copying its page numbers, and reading it is one load rather
// than three. Guarantees: the values read are exactly those of a plain
// slice written the same way.

// vecChunk is the number of values in a chunk: 16 rather than 64, since
// a block's first write to a chunk copies it, and most functions have
// fewer slots and variables than that (64 took 0.4% more instructions of
// a 10k-line -O2 -g compile, 6M in callgrind).
const vecChunk = 16

// vecPage is the number of chunks in a page. A vector is an array of pages
// and a page an array of chunks' numbers, both copied on write, so that
// copying a vector copies one number per vecPage*vecChunk values: with
// chunk numbers alone, the states of a function of 10,000 loops and as
// many variables were 625 numbers each, 250 MB for its 80,000 states, all
// cleared and copied (a fifth of its -g compile), and each merge and block
// switch compared the 625.
const vecPage = 16

// vecSpan is the number of values a page holds.
const vecSpan = vecChunk * vecPage

type vecBlock = [vecChunk]tval

// vecPageBlock is a page: its chunks' numbers, and which of them it made
// itself (written in place while the page is a vector's alone).
type vecPageBlock struct {
	chunks [vecPage]int32
	owned  uint16
}

// zeroChunk and zeroPage are the numbers of the chunk and the page where
// nothing was written: shared by all vectors, never written.
const (
	zeroChunk = 0
	zeroPage  = 0
)

// valueVec is a vector of n IR values' handles.
type valueVec struct {
	n     int
	small []tval   // a flat vector's values (pages nil: n <= vecChunk)
	pages []int32  // the pages' numbers in slab
	owned []bool   // page i is this vector's alone: written in place
	slab  *vecSlab // where the pages and chunks are, and a write's copies are made
}

// vecSlab holds the pages and chunks of one tracker's vectors, in arrays
// kept for the next tracker's (release): a chunk copied on write is 64
// bytes, and every function's tracker made thousands, a tenth of what -g
// allocated at 100k lines. Chunk 0 is zeroChunk, page 0 zeroPage.
type vecSlab struct {
	blocks []vecBlock
	pages  []vecPageBlock
}

// init makes zeroChunk and zeroPage.
func (s *vecSlab) init() {
	if len(s.blocks) == 0 {
		s.blocks = append(s.blocks, vecBlock{})
	}
	if len(s.pages) == 0 {
		s.pages = append(s.pages, vecPageBlock{})
	}
}

// block returns the number of a new chunk, its values unspecified. The
// array may move: no chunk's address is kept across a call.
func (s *vecSlab) block() int32 {
	s.init()
	s.blocks = append(s.blocks, vecBlock{})
	return int32(len(s.blocks) - 1)
}

// page returns the number of a new page, unspecified; the array may move,
// as block's.
func (s *vecSlab) page() int32 {
	s.init()
	s.pages = append(s.pages, vecPageBlock{})
	return int32(len(s.pages) - 1)
}

// release makes every page and chunk free again (one handed out is
// written whole before it is read: block's and page's callers copy into
// it).
func (s *vecSlab) release() {
	if len(s.blocks) > 0 {
		s.blocks = s.blocks[:1]
	}
	if len(s.pages) > 0 {
		s.pages = s.pages[:1]
	}
}

// vecBuf is memory newValueVecs and newVecCutter reuse.
type vecBuf struct {
	small []tval
	pages []int32
	owned []bool
	vecs  []valueVec
}

// newValueVecs makes k vectors of n none values, their page numbers in
// one allocation, or in buf's memory (nil: new), their written pages and
// chunks in slab (nil: new).
func newValueVecs(k, n int, buf *vecBuf, slab *vecSlab) []valueVec {
	if buf == nil {
		buf = new(vecBuf)
	}
	vs := scratch(&buf.vecs, k)
	c := newVecCutter(k, n, buf, slab)
	for i := range vs {
		c.cut(&vs[i])
	}
	return vs
}

// vecCutter cuts k vectors of n none values, one after the other (cut),
// from buf's memory, as newValueVecs does (buf's vecs unused), wherever
// the vectors are: the tracker's are fields of its states, which a slice
// of them made first was copied into, and the copying (of pointers, with
// the collector's checks) took as long as making them; asked for each
// vector through a function, they took as long again.
type vecCutter struct {
	n, np int // np: pages per vector, 0 for flat ones
	small []tval
	pages []int32
	owned []bool
	slab  *vecSlab
}

func newVecCutter(k, n int, buf *vecBuf, slab *vecSlab) vecCutter {
	if n <= vecChunk {
		return vecCutter{n: n, small: scratch(&buf.small, k*n)}
	}
	np := (n + vecSpan - 1) / vecSpan
	if slab == nil {
		slab = new(vecSlab)
	}
	slab.init()
	pages := scratch(&buf.pages, k*np) // all zeroPage
	return vecCutter{n: n, np: np, pages: pages, owned: scratch(&buf.owned, k*np), slab: slab}
}

// cut makes v, zero, the next vector, of none values. (Only the fields a
// vector of n values sets are written.)
func (c *vecCutter) cut(v *valueVec) {
	if n := c.n; c.np == 0 {
		v.n, v.small, c.small = n, c.small[:n:n], c.small[n:]
		return
	}
	np := c.np
	v.n, v.pages, v.owned, v.slab = c.n, c.pages[:np:np], c.owned[:np:np], c.slab
	c.pages, c.owned = c.pages[np:], c.owned[np:]
}

func (v *valueVec) len() int { return v.n }

// flat reports whether v is a plain array (small) rather than pages.
func (v *valueVec) flat() bool { return v.pages == nil }

func (v *valueVec) get(i int) tval {
	if v.flat() {
		return v.small[i]
	}
	s := v.slab
	return s.blocks[s.pages[v.pages[uint(i)/vecSpan]].chunks[uint(i)/vecChunk%vecPage]][uint(i)%vecChunk]
}

// chunkValues is the values of chunk c (c*vecChunk on) of v, which is
// not flat, in place: those not written since read right after a write
// to another (which may copy the chunk first, or move the slab's array,
// leaving them as they were).
func (v *valueVec) chunkValues(c int) []tval {
	return v.slab.blocks[v.chunk(c)][:min(vecChunk, v.n-c*vecChunk)]
}

// chunk is the number of chunk c (values c*vecChunk on) of v.
func (v *valueVec) chunk(c int) int32 {
	return v.slab.pages[v.pages[uint(c)/vecPage]].chunks[uint(c)%vecPage]
}

// set makes value i x, copying its page and its chunk first when they are
// shared.
func (v *valueVec) set(i int, x tval) {
	if v.flat() {
		v.small[i] = x
		return
	}
	s := v.slab
	p, c, j := uint(i)/vecSpan, uint(i)/vecChunk%vecPage, uint(i)%vecChunk
	pg := &s.pages[v.pages[p]]
	if s.blocks[pg.chunks[c]][j] == x {
		return
	}
	if !v.owned[p] {
		np := s.page()
		s.pages[np] = vecPageBlock{chunks: s.pages[v.pages[p]].chunks}
		v.pages[p], v.owned[p] = np, true
		pg = &s.pages[np]
	}
	if pg.owned&(1<<c) == 0 {
		nb := s.block()
		s.blocks[nb] = s.blocks[pg.chunks[c]]
		pg.chunks[c] = nb
		pg.owned |= 1 << c
	}
	s.blocks[pg.chunks[c]][j] = x
}

// copyFrom makes v the same vector as o (of the same length): both share
// o's pages from now on, so neither writes them in place any more (a flat
// vector copies o's values).
func (v *valueVec) copyFrom(o *valueVec) {
	if v.flat() {
		copy(v.small, o.small)
		return
	}
	copy(v.pages, o.pages)
	clear(v.owned)
	clear(o.owned)
}

// clear makes every value none.
func (v *valueVec) clear() {
	if v.flat() {
		clear(v.small)
		return
	}
	clear(v.pages)
	clear(v.owned)
}

// chunksIn is the chunks of page p that hold values: all but in the last.
func (v *valueVec) chunksIn(p int) int {
	return min(vecPage, (v.n-p*vecSpan+vecChunk-1)/vecChunk)
}

// equal reports whether v and o hold the same values.
func (v *valueVec) equal(o *valueVec) bool {
	if v.flat() {
		return slices.Equal(v.small, o.small)
	}
	s := v.slab
	for p, vp := range v.pages {
		op := o.pages[p]
		if op == vp {
			continue
		}
		vcs, ocs := &s.pages[vp].chunks, &s.pages[op].chunks
		for c := range v.chunksIn(p) {
			if vb, ob := vcs[c], ocs[c]; ob != vb && s.blocks[ob] != s.blocks[vb] {
				return false
			}
		}
	}
	return true
}

// index is the first i whose value is x, -1 if none.
func (v *valueVec) index(x tval) int {
	if v.flat() {
		for i, y := range v.small {
			if y == x {
				return i
			}
		}
		return -1
	}
	s := v.slab
	for p, pn := range v.pages {
		if pn == zeroPage && x != 0 {
			continue
		}
		cs := &s.pages[pn].chunks
		for c := range v.chunksIn(p) {
			b := cs[c]
			if b == zeroChunk && x != 0 {
				continue
			}
			for j, y := range &s.blocks[b] {
				if i := p*vecSpan + c*vecChunk + j; y == x && i < v.n {
					return i
				}
			}
		}
	}
	return -1
}

// snapshot appends v's pages' numbers to buf[:0] (a flat vector's values):
// what changed tells the values that differ from them, as long as no
// vector writes those pages in place meanwhile (v gives them up by a
// copyFrom, say).
func (v *valueVec) snapshot(buf []int32) []int32 {
	if v.flat() {
		buf = slices.Grow(buf[:0], len(v.small))[:len(v.small)]
		for i, x := range v.small {
			buf[i] = int32(x)
		}
		return buf
	}
	return append(buf[:0], v.pages...)
}

// changed calls fn for each value of v that differs from the snapshot
// was, with both values.
func (v *valueVec) changed(was []int32, fn func(i int, old, now tval)) {
	if v.flat() {
		for i, now := range v.small {
			if old := tval(was[i]); now != old {
				fn(i, old, now)
			}
		}
		return
	}
	s := v.slab
	for p, pn := range v.pages {
		op := was[p]
		if op == pn {
			continue
		}
		cs, ocs := &s.pages[pn].chunks, &s.pages[op].chunks
		for c := range v.chunksIn(p) {
			b, ob := cs[c], ocs[c]
			if ob == b {
				continue
			}
			for j, now := range &s.blocks[b] {
				if old := s.blocks[ob][j]; now != old {
					if i := p*vecSpan + c*vecChunk + j; i < v.n {
						fn(i, old, now)
					}
				}
			}
		}
	}
}
