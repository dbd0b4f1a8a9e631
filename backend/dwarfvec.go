package backend

// The location tracker's per-block states (dwarfloc.go) as copy-on-write
// vectors of IR values (their handles, tval), one for the spill slots and one for the variables
// of a state. The data flow keeps a state at the entry and at the exit of
// every block, and a state that copied every slot and variable would make
// the tracker quadratic in memory on one function with thousands of loops
// and variables (10k loops took 9.2 GB with -g). A vector is cut into
// chunks of vecChunk values; copying a vector copies only its chunk
// pointers, and a write copies the chunk it lands in when the chunk is
// shared, so a block's states cost the chunks its code changes (a few)
// and one pointer per chunk, as a persistent array's path copying does
// (Driscoll et al., "Making data structures persistent", 1989; Go's
// cmd/compile keeps only the live slots per block, ssa/debug.go, which
// drops what the tracker still shows). Guarantees: the values read are
// exactly those of a plain slice written the same way.

// vecChunk is the number of values in a chunk: 16 rather than 64, since
// a block's first write to a chunk copies it, and most functions have
// fewer slots and variables than that (64 took 0.4% more instructions of
// a 10k-line -O2 -g compile, 6M in callgrind).
const vecChunk = 16

type vecBlock = [vecChunk]tval

// zeroBlock is the chunk of a vector where nothing was written: shared by
// all, never written.
var zeroBlock vecBlock

// valueVec is a vector of n IR values' handles.
type valueVec struct {
	n      int
	chunks []*vecBlock
	owned  []bool   // chunk i is this vector's alone: written in place
	slab   *vecSlab // where a write's copies of chunks are made
}

// vecSlab hands out the chunks of one tracker's vectors, from arrays kept
// for the next tracker's (release): a chunk copied on write is 64 bytes,
// and every function's tracker made thousands, a tenth of what -g
// allocates at 100k lines.
type vecSlab struct {
	arrays [][]vecBlock
	cur    int // the array chunks come from now
	used   int // the chunks of it handed out
}

// slabArray is the number of chunks in each of a slab's arrays.
const slabArray = 32

// block returns a chunk, its values unspecified.
func (s *vecSlab) block() *vecBlock {
	if s.cur < len(s.arrays) && s.used == slabArray {
		s.cur, s.used = s.cur+1, 0
	}
	if s.cur == len(s.arrays) {
		s.arrays = append(s.arrays, make([]vecBlock, slabArray))
		s.used = 0
	}
	s.used++
	return &s.arrays[s.cur][s.used-1]
}

// release makes every chunk free again (a chunk handed out is written
// whole before it is read: block).
func (s *vecSlab) release() {
	s.cur, s.used = 0, 0
}

// vecBuf is memory newValueVecs reuses.
type vecBuf struct {
	ptrs  []*vecBlock
	owned []bool
	vecs  []valueVec
}

// newValueVecs makes k vectors of n none values, their chunk pointers in
// one allocation, or in buf's memory (nil: new), their written chunks from
// slab (nil: new).
func newValueVecs(k, n int, buf *vecBuf, slab *vecSlab) []valueVec {
	nc := (n + vecChunk - 1) / vecChunk
	if buf == nil {
		buf = new(vecBuf)
	}
	if slab == nil {
		slab = new(vecSlab)
	}
	ptrs := scratch(&buf.ptrs, k*nc)
	owned := scratch(&buf.owned, k*nc)
	for i := range ptrs {
		ptrs[i] = &zeroBlock
	}
	vs := scratch(&buf.vecs, k)
	for i := range vs {
		vs[i] = valueVec{n: n, chunks: ptrs[i*nc : (i+1)*nc : (i+1)*nc], owned: owned[i*nc : (i+1)*nc : (i+1)*nc], slab: slab}
	}
	return vs
}

func (v *valueVec) len() int { return v.n }

func (v *valueVec) get(i int) tval { return v.chunks[uint(i)/vecChunk][uint(i)%vecChunk] }

// set makes value i x, copying its chunk first when it is shared.
func (v *valueVec) set(i int, x tval) {
	c := uint(i) / vecChunk
	b := v.chunks[c]
	if b[uint(i)%vecChunk] == x {
		return
	}
	if !v.owned[c] {
		nb := v.slab.block()
		*nb = *b
		v.chunks[c], v.owned[c] = nb, true
		b = nb
	}
	b[uint(i)%vecChunk] = x
}

// copyFrom makes v the same vector as o (of the same length): both share
// o's chunks from now on, so neither writes them in place any more.
func (v *valueVec) copyFrom(o *valueVec) {
	copy(v.chunks, o.chunks)
	clear(v.owned)
	clear(o.owned)
}

// clear makes every value none.
func (v *valueVec) clear() {
	for i := range v.chunks {
		v.chunks[i] = &zeroBlock
	}
	clear(v.owned)
}

// equal reports whether v and o hold the same values.
func (v *valueVec) equal(o *valueVec) bool {
	for c, b := range v.chunks {
		if ob := o.chunks[c]; ob != b && *ob != *b {
			return false
		}
	}
	return true
}

// index is the first i whose value is x, -1 if none.
func (v *valueVec) index(x tval) int {
	for c, b := range v.chunks {
		if b == &zeroBlock && x != 0 {
			continue
		}
		for j, y := range b {
			if y == x && c*vecChunk+j < v.n {
				return c*vecChunk + j
			}
		}
	}
	return -1
}
