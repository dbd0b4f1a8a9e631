package middle

// linkedBlocks is a function's block order as a doubly linked list, for
// the passes that place the blocks they make, so that dumps read in the
// order control flows: moving a block in f.Blocks costs the whole slice,
// and a pass that copies each of thousands of loops, in a function of as
// many, spent the square of the function's size there.
// The pass moves blocks through the list and writes the order back to
// f.Blocks once, at the end (done). Blocks made meanwhile (NewBlock
// appends them to f.Blocks) join the list's end, in the order made, when
// the list is next used: where they would be in f.Blocks. Until done,
// f.Blocks holds the blocks in an order nothing should read.
type linkedBlocks struct {
	f          *Func
	byID       []*Block
	next, prev []int32 // by block ID; -1 past the ends
	head, tail int32
	known      int // f.Blocks[:known] are listed
}

func newLinkedBlocks(f *Func) *linkedBlocks {
	l := &linkedBlocks{f: f, head: -1, tail: -1}
	l.sync()
	return l
}

// sync lists the blocks made since the last use, at the end.
func (l *linkedBlocks) sync() {
	f := l.f
	if n := f.NumBlocks(); n > len(l.byID) {
		n = max(n, 2*len(l.byID))
		l.byID = append(l.byID, make([]*Block, n-len(l.byID))...)
		l.next = append(l.next, make([]int32, n-len(l.next))...)
		l.prev = append(l.prev, make([]int32, n-len(l.prev))...)
	}
	for _, b := range f.Blocks[l.known:] {
		l.byID[b.ID] = b
		l.insertAfter(b, l.tail)
	}
	l.known = len(f.Blocks)
}

// insertAfter links b (unlinked) after the block numbered prev, or first
// when prev is -1.
func (l *linkedBlocks) insertAfter(b *Block, prev int32) {
	id := int32(b.ID)
	next := l.head
	if prev >= 0 {
		next = l.next[prev]
		l.next[prev] = id
	} else {
		l.head = id
	}
	if next >= 0 {
		l.prev[next] = id
	} else {
		l.tail = id
	}
	l.prev[id], l.next[id] = prev, next
}

// unlink takes b out of the list.
func (l *linkedBlocks) unlink(b *Block) {
	id := int32(b.ID)
	prev, next := l.prev[id], l.next[id]
	if prev >= 0 {
		l.next[prev] = next
	} else {
		l.head = next
	}
	if next >= 0 {
		l.prev[next] = prev
	} else {
		l.tail = prev
	}
}

// moveAfter places b just after prev.
func (l *linkedBlocks) moveAfter(b, prev *Block) {
	l.moveRunAfter([]*Block{b}, prev)
}

// moveRunAfter places the blocks of run, in their order, just after prev
// (not one of them).
func (l *linkedBlocks) moveRunAfter(run []*Block, prev *Block) {
	l.sync()
	for _, b := range run {
		l.unlink(b)
	}
	at := int32(prev.ID)
	for _, b := range run {
		l.insertAfter(b, at)
		at = int32(b.ID)
	}
}

// done writes the order to f.Blocks.
func (l *linkedBlocks) done() {
	l.sync()
	f := l.f
	order := f.Blocks[:0]
	for id := l.head; id >= 0; id = l.next[id] {
		order = append(order, l.byID[id])
	}
	f.Blocks = order
}
