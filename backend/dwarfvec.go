package backend

// The location tracker's per-block states (dwarfloc.go) as copy-on-write
// vectors of IR values (their handles, tval), one for the spill slots and
// one for the variables of a state. The data flow keeps a state at the
// entry and at the exit of every block, and a state that copied every slot
// and variable would make the tracker quadratic in memory on one function
// with thousands of loops and variables (10k loops took 9.2 GB with -g). A
// vector is cut into chunks of vecChunk values; copying a vector copies
// only its chunks' numbers, and a write copies the chunk it lands in when
// the chunk is shared, so a block's states cost the chunks its code
// changes (a few) and one number per chunk, as a persistent array's path
// copying does (Driscoll et al., "Making data structures persistent",
// 1989; Go's cmd/compile keeps only the live slots per block,
// ssa/debug.go, which drops what the tracker still shows). The chunks are
// numbered in one slab, not pointed to: what copying a state copies (the
// registers, the chunks' numbers) and what its chunks hold are no
// pointers, so it needs no write barriers and the collector scans none of
// it. Guarantees: the values read are exactly those of a plain
// slice written the same way.

// vecChunk is the number of values in a chunk: 16 rather than 64, since
// a block's first write to a chunk copies it, and most functions have
// fewer slots and variables than that (64 took 0.4% more instructions of
// a 10k-line -O2 -g compile, 6M in callgrind).
const vecChunk = 16

type vecBlock = [vecChunk]tval

// zeroChunk is the number of the chunk where nothing was written: shared
// by all vectors, never written.
const zeroChunk = 0

// valueVec is a vector of n IR values' handles.
type valueVec struct {
	n      int
	chunks []int32  // the chunks' numbers in slab
	owned  []bool   // chunk i is this vector's alone: written in place
	slab   *vecSlab // where the chunks are, and a write's copies are made
}

// vecSlab holds the chunks of one tracker's vectors, in one array kept for
// the next tracker's (release): a chunk copied on write is 64 bytes, and
// every function's tracker made thousands, a tenth of what -g allocated at
// 100k lines. Chunk 0 is zeroChunk.
type vecSlab struct {
	blocks []vecBlock
}

// block returns the number of a new chunk, its values unspecified. The
// array may move: no chunk's address is kept across a call.
func (s *vecSlab) block() int32 {
	if len(s.blocks) == 0 {
		s.blocks = append(s.blocks, vecBlock{}) // zeroChunk
	}
	s.blocks = append(s.blocks, vecBlock{})
	return int32(len(s.blocks) - 1)
}

// release makes every chunk free again (a chunk handed out is written
// whole before it is read: block's caller copies into it).
func (s *vecSlab) release() {
	if len(s.blocks) > 0 {
		s.blocks = s.blocks[:1]
	}
}

// vecBuf is memory newValueVecs reuses.
type vecBuf struct {
	chunks []int32
	owned  []bool
	vecs   []valueVec
}

// newValueVecs makes k vectors of n none values, their chunk numbers in
// one allocation, or in buf's memory (nil: new), their written chunks in
// slab (nil: new).
func newValueVecs(k, n int, buf *vecBuf, slab *vecSlab) []valueVec {
	nc := (n + vecChunk - 1) / vecChunk
	if buf == nil {
		buf = new(vecBuf)
	}
	if slab == nil {
		slab = new(vecSlab)
	}
	if len(slab.blocks) == 0 {
		slab.blocks = append(slab.blocks, vecBlock{}) // zeroChunk
	}
	chunks := scratch(&buf.chunks, k*nc) // all zeroChunk
	owned := scratch(&buf.owned, k*nc)
	vs := scratch(&buf.vecs, k)
	for i := range vs {
		vs[i] = valueVec{n: n, chunks: chunks[i*nc : (i+1)*nc : (i+1)*nc], owned: owned[i*nc : (i+1)*nc : (i+1)*nc], slab: slab}
	}
	return vs
}

func (v *valueVec) len() int { return v.n }

func (v *valueVec) get(i int) tval {
	return v.slab.blocks[v.chunks[uint(i)/vecChunk]][uint(i)%vecChunk]
}

// set makes value i x, copying its chunk first when it is shared.
func (v *valueVec) set(i int, x tval) {
	c := uint(i) / vecChunk
	if v.slab.blocks[v.chunks[c]][uint(i)%vecChunk] == x {
		return
	}
	if !v.owned[c] {
		nb := v.slab.block()
		v.slab.blocks[nb] = v.slab.blocks[v.chunks[c]]
		v.chunks[c], v.owned[c] = nb, true
	}
	v.slab.blocks[v.chunks[c]][uint(i)%vecChunk] = x
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
	clear(v.chunks)
	clear(v.owned)
}

// equal reports whether v and o hold the same values.
func (v *valueVec) equal(o *valueVec) bool {
	for c, b := range v.chunks {
		if ob := o.chunks[c]; ob != b && v.slab.blocks[ob] != v.slab.blocks[b] {
			return false
		}
	}
	return true
}

// index is the first i whose value is x, -1 if none.
func (v *valueVec) index(x tval) int {
	for c, b := range v.chunks {
		if b == zeroChunk && x != 0 {
			continue
		}
		for j, y := range &v.slab.blocks[b] {
			if y == x && c*vecChunk+j < v.n {
				return c*vecChunk + j
			}
		}
	}
	return -1
}
