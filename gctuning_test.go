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
