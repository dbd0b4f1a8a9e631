package backend

import (
	"math"
	"math/bits"
)

// inactiveSet holds linear scan's inactive intervals — assigned, but in a
// lifetime hole at the scan position — as a binary min-heap by the start of
// each one's next range, so that those whose next range has begun (they
// become active again) come out in O(log n) each, however many intervals
// are in a hole at once: every loop's bounds-check values are used again
// in the cold blocks at the function's end, so one function of thousands
// of loops holds thousands of inactive intervals. Which of them intersect
// the current interval is the registers' unions' question (regunion.go);
// the heap only keeps each interval's place in it (Interval.heapSlot), by
// which the allocator orders the intervals it evicts (preorder). Spilled
// intervals are not removed when they are spilled, only dropped when they
// come to the top.
type inactiveSet struct {
	items []inactiveItem
}

type inactiveItem struct {
	next int // the start of the interval's first range after the position
	it   *Interval
}

// push adds it, which is in a hole at the position: its cursor (covers)
// is at its next range.
func (h *inactiveSet) push(it *Interval) {
	h.items = append(h.items, inactiveItem{it.Ranges[it.cursor].Start, it})
	i := len(h.items) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if h.items[parent].next <= h.items[i].next {
			break
		}
		h.swap(parent, i)
		i = parent
	}
	h.items[i].it.heapSlot = int32(i + 1)
}

// swap exchanges items i and j and records the new place of the one now at
// j (the caller records i's when it stops moving).
func (h *inactiveSet) swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.items[j].it.heapSlot = int32(j + 1)
}

// nextStart is the earliest next range start, or MaxInt when empty.
func (h *inactiveSet) nextStart() int {
	if len(h.items) == 0 {
		return math.MaxInt
	}
	return h.items[0].next
}

// pop removes and returns the interval with the earliest next range.
func (h *inactiveSet) pop() *Interval {
	top := h.items[0].it
	top.heapSlot = 0
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	if last == 0 {
		return top
	}
	i := 0
	for {
		least, l, r := i, 2*i+1, 2*i+2
		if l < last && h.items[l].next < h.items[least].next {
			least = l
		}
		if r < last && h.items[r].next < h.items[least].next {
			least = r
		}
		if least == i {
			break
		}
		h.swap(least, i)
		i = least
	}
	h.items[i].it.heapSlot = int32(i + 1)
	return top
}

// preorderBefore reports whether the heap item at slot a (1 + index) comes
// before the one at b in a preorder walk of the heap (a node, then its left
// subtree, then its right): the order in which the allocator once walked
// the heap to find the intervals a new one evicts, kept so that the spill
// order, and with it the code, stays what it was. A slot's binary digits
// spell its path from the root (a 0 to the left child, a 1 to the right),
// so preorder is the dictionary order of those digits, an ancestor first.
func preorderBefore(a, b int32) bool {
	la, lb := bits.Len32(uint32(a)), bits.Len32(uint32(b))
	switch {
	case la > lb:
		if a >>= la - lb; a == b {
			return false // b is a's ancestor
		}
	case lb > la:
		if b >>= lb - la; a == b {
			return true // a is b's ancestor
		}
	}
	return a < b
}
