package backend

import "math"

// inactiveSet holds linear scan's inactive intervals — assigned, but in a
// lifetime hole at the scan position — as a binary min-heap by the start of
// each one's next range. The scan needs two things of them: those whose
// next range has begun (they become active again), and those that may
// intersect the current interval, whose next range starts before it ends.
// A list scanned whole for both made the scan quadratic in a function
// with many holes at once — every loop's bounds-check values are used
// again in the cold blocks at the function's end, so one function of
// thousands of loops holds thousands of inactive intervals — where the
// heap gives the first in O(log n) each and the second in time
// proportional to how many there are (LLVM keeps a per-register interval
// union for the same reason). Spilled intervals are not removed when
// they are spilled, only skipped, and dropped when they come to the top.
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
	for i := len(h.items) - 1; i > 0; {
		parent := (i - 1) / 2
		if h.items[parent].next <= h.items[i].next {
			break
		}
		h.items[parent], h.items[i] = h.items[i], h.items[parent]
		i = parent
	}
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
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	for i := 0; ; {
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
		h.items[least], h.items[i] = h.items[i], h.items[least]
		i = least
	}
	return top
}

// before calls fn for every interval not spilled whose next range starts
// before end: the only ones that can intersect an interval that starts
// at the position and ends at end (the ranges before their holes ended
// before the position). The walk descends only below items that qualify,
// since a heap's children never come earlier than their parent.
func (h *inactiveSet) before(end int, fn func(*Interval)) {
	var walk func(i int)
	walk = func(i int) {
		if i >= len(h.items) || h.items[i].next >= end {
			return
		}
		if !h.items[i].it.spilled {
			fn(h.items[i].it)
		}
		walk(2*i + 1)
		walk(2*i + 2)
	}
	walk(0)
}
