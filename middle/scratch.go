package middle

import "sync"

// Scratch reused from one function to the next. A compile goes through
// tens of thousands of small functions, and each pass used to make its
// side tables (by Value.ID, by Block.ID) anew for every one: those arrays
// were a large part of the bytes allocated, and so of the collector's
// work. A pass keeps its tables in a sync.Pool (one set per worker in
// practice) and takes them back with Zeroed, which hands out the old
// array when it is large enough. Tables larger than maxPooled elements
// are not pooled, so that one huge function does not pin its tables for
// the rest of the compile. Maps are kept the same way (ReleasedMap), and
// the fixed-size arrays of the slabs whole (TakeArray, GiveArrays). The
// tables of one element type that many passes make alike (replacements,
// marks, counts, use lists, the graph searches' arrays) come from shared
// pools instead (TablePool: valueTables, boolTables, int32Tables), given
// back by each pass when it ends.

// maxPooled is the largest table kept for reuse.
const maxPooled = 1 << 16

// Zeroed returns a slice of n zero elements, in s's array when its
// capacity allows.
func Zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// Released returns s emptied for the pool: its elements cleared (so that
// pooled tables hold no pointers into a finished function), or nil when it
// is too large to keep.
func Released[T any](s []T) []T {
	if cap(s) > maxPooled {
		return nil
	}
	clear(s)
	return s[:0]
}

// ReleasedMap returns m emptied for the pool, or nil when it held more
// than maxPooled entries: emptying a map takes time by its capacity, and
// one large function's would cost every smaller one after it.
func ReleasedMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) > maxPooled {
		return nil
	}
	clear(m)
	return m
}

// orMake returns m, or a new map when m is nil (ReleasedMap dropped it).
func orMake[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return make(map[K]V)
	}
	return m
}

// Arrays of a fixed size (a slab's) are kept the same way, whole: a pool
// of pointers to arrays, emptied when given back.

// TakeArray returns an array from pool, or a new one, and notes it in
// taken.
func TakeArray[A any](pool *sync.Pool, taken *[]*A) *A {
	a, _ := pool.Get().(*A)
	if a == nil {
		a = new(A)
	}
	*taken = append(*taken, a)
	return a
}

// GiveArrays empties the arrays of taken and gives them to pool.
func GiveArrays[A any](pool *sync.Pool, taken []*A) {
	var zero A
	for _, a := range taken {
		*a = zero
		pool.Put(a)
	}
}

// TablePool keeps tables of one element type — the side tables by
// Value.ID or Block.ID that many passes make for each function — for the
// next pass or function that asks: Take hands out a zeroed table, Give
// takes one back (Released: emptied, and not kept when too large). What
// is given back must not be used after, and must be a table Take handed
// out; a pass gives back its tables when it ends. The pool holds each
// table through a box (a sync.Pool keeps pointers), and the boxes go
// round too: a new one for every table given back was a small allocation
// for each, more objects than the tables they saved.
type TablePool[T any] struct{ tables, boxes sync.Pool }

// minPooled is the smallest table a TablePool hands out or keeps: below
// it, allocating the table costs less than the pool's four operations
// (the table's and its box's, each way). At 64, a 10k-line -O2 compile
// executes 1% more instructions than with no pools (callgrind, collector
// off) and allocates 18% fewer bytes; at 256, 0.6% and 4% (a small
// function's tables are below it); pooling every table, 2.4% and 20%.
const minPooled = 64

// Take returns a table of n zero elements.
func (tp *TablePool[T]) Take(n int) []T {
	if n < minPooled {
		return make([]T, n)
	}
	box, _ := tp.tables.Get().(*[]T)
	if box == nil {
		return make([]T, n)
	}
	kept := *box
	*box = nil
	tp.boxes.Put(box)
	return Zeroed(kept, n)
}

// Give keeps s for a later Take.
func (tp *TablePool[T]) Give(s []T) {
	if cap(s) < minPooled {
		return
	}
	if s = Released(s); s != nil {
		box, _ := tp.boxes.Get().(*[]T)
		if box == nil {
			box = new([]T)
		}
		*box = s
		tp.tables.Put(box)
	}
}

// The pools of the most common tables: replacements and work lists of
// values, marks, and counts or indexes.
var (
	valueTables TablePool[*Value]
	boolTables  TablePool[bool]
	int32Tables TablePool[int32]
)
