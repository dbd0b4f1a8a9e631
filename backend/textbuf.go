package backend

import "io"

// textBuffer gathers assembly text in chunks rather than in one array. A function of tens of thousands of lines has
// megabytes of text, which a bytes.Buffer grows by doubling: it allocated
// and copied twice the text and more (80 MB for the 20 MB of a function
// of 10,000 loops at -O0, a tenth of what its compile allocated), in
// arrays too large to reuse. The text is read back in order only
// (split, writeTo), so it need not be contiguous. The first chunk is
// small and each next one twice the text so far, up to textChunk (a piece
// of text larger than that gets a chunk of its own, room): most
// functions have a few KB of text, and those compiled ahead of their turn
// wait with it (Emitter.Prepare), hundreds at a time in a large program.
// Reset keeps a few chunks for the next function.
type textBuffer struct {
	full  [][]byte // the chunks filled, in order
	cur   []byte   // the chunk being filled (nil before the first write)
	spare [][]byte // emptied chunks, for the next ones
	n     int      // the length of the text in full
}

const (
	textFirst = 4 << 10
	textChunk = 64 << 10
	// textSpares is how many chunks Reset keeps: a megabyte, more than
	// most functions' text, not what the largest function had.
	textSpares = 16
)

// put, putString and WriteByte append to the current chunk, first
// starting another (room) when it has no room left for what they write:
// they are inlined (a line of text at a time), room is not, which keeps
// them within the inlining budget, and so would Write and WriteString be
// if they had no results: the emitter's hot paths call put and
// putString.
func (b *textBuffer) put(p []byte) {
	if len(b.cur)+len(p) > cap(b.cur) {
		b.room(len(p))
	}
	b.cur = append(b.cur, p...)
}

func (b *textBuffer) putString(s string) {
	if len(b.cur)+len(s) > cap(b.cur) {
		b.room(len(s))
	}
	b.cur = append(b.cur, s...)
}

func (b *textBuffer) Write(p []byte) (int, error) {
	b.put(p)
	return len(p), nil
}

func (b *textBuffer) WriteString(s string) (int, error) {
	b.putString(s)
	return len(s), nil
}

func (b *textBuffer) WriteByte(x byte) error {
	if len(b.cur) == cap(b.cur) {
		b.room(1)
	}
	b.cur = append(b.cur, x)
	return nil
}

// room files the current chunk as full and starts another, with room for
// n bytes: a spare one, or a new one, of n bytes if that is more than a
// chunk (a piece of text is not split across chunks). The end of the
// chunk filed stays unused: less than the piece, mostly a line of text;
// a piece larger than a chunk (a function's DIEs, written at once) gets
// a chunk of its own, which Reset does not keep.
//
//go:noinline
func (b *textBuffer) room(n int) {
	if len(b.cur) > 0 {
		b.full = append(b.full, b.cur)
		b.n += len(b.cur)
	}
	if k := len(b.spare); k > 0 && cap(b.spare[k-1]) >= n {
		b.cur, b.spare = b.spare[k-1], b.spare[:k-1]
	} else {
		b.cur = make([]byte, 0, max(n, min(textChunk, max(textFirst, b.n))))
	}
}

// Len is the length of the text.
func (b *textBuffer) Len() int { return b.n + len(b.cur) }

// Reset empties b, keeping up to textSpares chunks (not one made larger
// for a large piece: room).
func (b *textBuffer) Reset() {
	for _, c := range b.full {
		if len(b.spare) < textSpares && cap(c) <= textChunk {
			b.spare = append(b.spare, c[:0])
		}
	}
	clear(b.full)
	b.full, b.cur, b.n = b.full[:0], b.cur[:0], 0
}

// chunks calls f with each chunk of the text, in order.
func (b *textBuffer) chunks(f func([]byte) bool) {
	for _, c := range b.full {
		if !f(c) {
			return
		}
	}
	if len(b.cur) > 0 {
		f(b.cur)
	}
}

// split calls piece with the text, in order, one contiguous piece at a
// time, and hole(i) where the text reaches the offset holes[i] (in
// increasing order), between the pieces before and after it.
func (b *textBuffer) split(holes []int, piece func([]byte), hole func(int)) {
	i, at := 0, 0
	b.chunks(func(c []byte) bool {
		for len(c) > 0 {
			for i < len(holes) && holes[i] == at {
				hole(i)
				i++
			}
			n := len(c)
			if i < len(holes) && holes[i]-at < n {
				n = holes[i] - at
			}
			piece(c[:n])
			c, at = c[n:], at+n
		}
		return true
	})
	for ; i < len(holes); i++ {
		hole(i)
	}
}

// writeTo writes the text to w, returning the first error.
func (b *textBuffer) writeTo(w io.Writer) (err error) {
	b.chunks(func(c []byte) bool {
		_, err = w.Write(c)
		return err == nil
	})
	return err
}
