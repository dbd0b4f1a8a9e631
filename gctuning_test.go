package main

import (
	"runtime/debug"
	"testing"
)

// boundHeap's floor follows the largest body's tokens, and a body that
// asks for more than the base floor leaves the collector to the limit
// alone; followFunction raises the floor and never lowers it.
func TestBoundHeapFloor(t *testing.T) {
	percent, limit, floor, decides := debug.SetGCPercent(gcPercent), debug.SetMemoryLimit(-1), limitFloor.Load(), envDecides
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
		limitFloor.Store(floor)
		envDecides = decides
	}()
	envDecides = false
	small := int(gcLimitFloor/gcBytesPerToken) - 1
	boundHeap(small)
	want := gcLimitFloor + gcBytesPerToken*int64(small)
	if got := debug.SetMemoryLimit(-1); got != want || limitFloor.Load() != want {
		t.Errorf("a body of %d tokens: limit %d, floor %d, want both %d", small, got, limitFloor.Load(), want)
	}
	if got := debug.SetGCPercent(gcPercent); got != gcPercent {
		t.Errorf("a body of %d tokens: GC percent %d, want %d", small, got, gcPercent)
	}
	followFunction(1000)
	if got := limitFloor.Load(); got != max(want, gcLimitFloor+gcBytesPerValue*1000) {
		t.Errorf("after a function of 1000 values the floor is %d", got)
	}
	followFunction(1)
	if got := limitFloor.Load(); got != max(want, gcLimitFloor+gcBytesPerValue*1000) {
		t.Errorf("a smaller function lowered the floor to %d", got)
	}
	large := small + 1
	boundHeap(large)
	if got := debug.SetGCPercent(gcPercent); got != -1 {
		t.Errorf("a body of %d tokens: GC percent %d, want off (-1)", large, got)
	}
}

// The limit after a collection is the floor while little is live,
// gcRoomFactor times the live heap above that, gcRoomCeil once that
// reaches it, and gcLimitFactor times the live heap once that is more.
func TestLimitFollowsLiveHeap(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct{ live, want int64 }{
		{10 * mb, gcLimitFloor},
		{gcLimitFloor / gcRoomFactor, gcLimitFloor},
		{30 * mb, gcRoomFactor * 30 * mb},
		{gcRoomCeil / gcRoomFactor, gcRoomCeil},
		{80 * mb, gcRoomCeil},
		{200 * mb, int64(gcLimitFactor * 200 * mb)},
	} {
		if got := limitFor(c.live, gcLimitFloor); got != c.want {
			t.Errorf("%d MB live: limit %d MB, want %d MB", c.live/mb, got/mb, c.want/mb)
		}
	}
	if got := limitFor(10*mb, 300*mb); got != 300*mb {
		t.Errorf("a raised floor of 300 MB: limit %d MB", got/mb)
	}
}
