package middle

import (
	"fmt"
	"os"
	"sync"
)

// Spilling frozen copies: the copies of a program's small functions wait
// for their last caller (freeze.go), and when main calls them all they
// all wait until main, with the callees their calls hold — at the end of
// the million-line generated program at -O2, 48k copies and 51 MB, a
// third of the live heap, which the collector's limit multiplies by 2.5
// (gctuning.go). Past frozenInMemory bytes, the oldest copies in memory
// are written to a temporary file, removed as soon as it is made, and a
// caller that weighs one reads it back: an object file's sections spilled
// as a linker does when they outgrow its memory. Most copies are read
// soon after they are made (in C's order a function's callers come soon
// after it) and those stay in memory; the ones that wait long are the
// ones written out, and each is read once per caller that weighs it. A
// compile whose copies never pass the budget (the 100k-line program's
// take 5 MB) makes no file. When the file cannot be made or written, the
// copies stay in memory; a copy that cannot be read back fails the
// compile (frozenStore.err) rather than be left out, which would change
// the code.

// frozenInMemory is how many bytes of frozen copies stay in memory.
const frozenInMemory = 16 << 20

// frozenStore holds a summary's frozen copies, by function index. Settle,
// Drop and the thaws of different functions may run at once.
type frozenStore struct {
	mu     sync.Mutex
	copies []frozenCopy
	// fifo lists the copies in the order they were stored, from head on:
	// those dropped or written out since are passed over.
	fifo    []int
	head    int
	held    int // bytes of copies in memory
	budget  int // frozenInMemory, or less in tests
	file    *os.File
	end     int64 // the file's size
	noSpill bool  // the file could not be made or written
	err     error // the first copy that could not be read back
}

// frozenCopy is one function's copy: in memory (data), or size bytes of
// the file at off; the zero value is no copy.
type frozenCopy struct {
	data []byte
	off  int64
	size int32
	// The body's funcSize and hotSize, which callers weigh before
	// thawing it (calleeBodies.sizes).
	bodySize, hotSize int32
}

func newFrozenStore(n int) *frozenStore {
	return &frozenStore{copies: make([]frozenCopy, n), budget: frozenInMemory}
}

// put stores data as the i-th copy, and writes out the oldest copies in
// memory while they are more than the budget.
func (fs *frozenStore) put(i int, data []byte, bodySize, hotSize int) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.copies[i] = frozenCopy{data: data, size: int32(len(data)), bodySize: int32(bodySize), hotSize: int32(hotSize)}
	fs.held += len(data)
	fs.fifo = append(fs.fifo, i)
	for fs.held > fs.budget && fs.head < len(fs.fifo) && !fs.noSpill {
		j := fs.fifo[fs.head]
		fs.head++
		if c := &fs.copies[j]; c.data != nil {
			fs.spill(c)
		}
	}
	if fs.head > len(fs.fifo)/2 {
		fs.fifo = append(fs.fifo[:0], fs.fifo[fs.head:]...)
		fs.head = 0
	}
}

// spill writes c out to the file, made on first use. Called with fs.mu
// held.
func (fs *frozenStore) spill(c *frozenCopy) {
	if fs.file == nil {
		f, err := os.CreateTemp("", "toyc-frozen-*")
		if err != nil {
			fs.noSpill = true
			return
		}
		// Removed at once: the file lives as long as it is open, and no
		// longer than the compile whatever way it ends.
		os.Remove(f.Name())
		fs.file = f
	}
	if _, err := fs.file.WriteAt(c.data, fs.end); err != nil {
		fs.noSpill = true
		return
	}
	fs.held -= len(c.data)
	c.data, c.off = nil, fs.end
	fs.end += int64(c.size)
}

// get returns the i-th copy, read back from the file if it was written
// out (a buffer of its own: a thawed body keeps reading it, thawDebug),
// or nil if there is none.
func (fs *frozenStore) get(i int) []byte {
	fs.mu.Lock()
	c := fs.copies[i]
	file := fs.file
	fs.mu.Unlock()
	if c.data != nil || c.size == 0 {
		return c.data
	}
	data := make([]byte, c.size)
	if _, err := file.ReadAt(data, c.off); err != nil {
		fs.mu.Lock()
		if fs.err == nil {
			fs.err = fmt.Errorf("reading back a frozen copy: %v", err)
		}
		fs.mu.Unlock()
		return nil
	}
	return data
}

// has reports whether there is an i-th copy.
func (fs *frozenStore) has(i int) bool {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.copies[i].size > 0
}

// sizes returns the i-th copy's body's funcSize and hotSize, false when
// there is no copy (a body has at least its terminator).
func (fs *frozenStore) sizes(i int) (bodySize, hotSize int, ok bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	c := &fs.copies[i]
	return int(c.bodySize), int(c.hotSize), c.bodySize > 0
}

// drop drops the i-th copy.
func (fs *frozenStore) drop(i int) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.held -= len(fs.copies[i].data)
	fs.copies[i] = frozenCopy{}
}

// failed returns the first error reading a copy back.
func (fs *frozenStore) failed() error {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.err
}

// close closes the file, if one was made.
func (fs *frozenStore) close() {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.file != nil {
		fs.file.Close()
		fs.file = nil
	}
}
