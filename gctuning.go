package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// How much memory the collector lets toyc use.
//
// toyc is a short batch run that allocates much and frees most of it soon:
// letting the heap grow to five times what is live between collections
// (GOGC=400), instead of twice, saves a quarter to a half of its CPU time.
// But not past 1 GiB: a function of tens of thousands of statements has
// hundreds of MB live while it is allocated, and five times that would be
// a machine's memory; under the limit the collector runs as often as it
// must to stay there (at some CPU cost, only for such functions). Once
// gcLimitFactor times what is live is more than 1 GiB, the limit is that
// instead (followLiveHeap): a limit fixed below it had the collector run
// back to back.
//
// A compile whose bodies stream (frontend/stream.go; at every level since
// the module passes run a function at a time from the bodies' facts,
// backend/bottomup.go) has a small live heap, nearly constant — the
// functions in flight, the bodies kept for inlining (frozen, without
// pointers) and the program's declarations — and five times it, with what
// the concurrent collector allocates while it marks, made the peak several
// times what was live. For it, boundHeap makes the limit follow the live
// heap: after each collection it is raised to gcLimitFactor times what
// the collection found live (above the ceiling too; never lowered, see
// raiseLimit), and never below gcLimitFloor, so that while little is live
// the collector runs when the heap reaches the floor, which bounds the
// peak at little cost (collecting a small live heap is cheap). The live heap is then mostly the program's
// declarations (about 1 KB a function), the functions in flight and the
// frozen copies waiting for their callers: 85-120 MB through the
// million-line program at -O2 (whose source, mapped, is outside the
// heap: mapsource.go), which a factor of 2.2 makes a peak of 274-292 MB
// (2.5 made 283 MB when the limit was lowered again after each
// collection, and 325 MB once it was only raised).
// At 100k lines, little is live and the floor decides: a
// floor of 96 MB peaked at 97-102 MB, 80 MB at 82-86 MB, for the same
// CPU time.
//
// Each collection marks what is live, and a limit of F times the live
// heap lets the heap grow by F - 1 times it before the next: the
// collector's work per byte allocated is 1/(F - 1), whatever the program's
// size. But under the floor it is live/(floor - live), a seventh at 100k
// lines (10-16 MB live), and a factor of 2.2 made it 0.8 at a million
// (45-63 MB live at -O0): the collector took 15% of that compile's CPU and
// 6% of the 100k one's, with the fuzzer sharing the machine (at best 8%
// and 3%). So the limit is also at least gcRoomFactor times the live
// heap, up to gcRoomCeil, which is under the 300 MB that issue 11 allows
// a million-line compile by what the peak passes the limit (the
// concurrent mark's allocation, the runtime's own). At a million lines
// this cut the collections from 43 to 22 at -O0 (the collector's CPU from
// 805 to 462 ms; the median of 5 interleaved runs from 11.9 to 11.1 s),
// from 48 to 38 at -O1 (1.24-1.32 s to 0.93-1.13 s) and from 56 to 48 at
// -O2 (1.59-1.77 s to 1.44 s), and raised the peaks from 164 to 251 MB,
// 221 to 249 MB and 244 to 258 MB.
// At 100k lines four times the live heap is under the floor, which still
// decides. A compile that does not stream (to standard output, or with
// dumps) keeps the 1 GiB floor and follows the live heap only above
// it. The limit is re-armed by a finalizer that runs after every
// collection, as the Go compiler tunes its starting heap
// (cmd/compile/internal/base/startheap.go). GOGC or GOMEMLIMIT in the
// environment decide alone.
//
// The floor also follows the largest function compiled so far
// (followFunction): gcBytesPerValue for each value of its IR as built,
// about what its compile holds live at -O2. One function of tens of
// thousands of lines holds tens of MB, under a floor made for the small
// functions of a streamed program, and the collector ran as soon as the
// heap reached the floor, a fifth of the CPU of an if/else-if chain of
// 10,000 arms at -O2 -g and none of one of 1,000 (whose live heap is
// small beside the floor): compile time grew faster than the function.
// With the floor above what the function holds, the collector runs about
// as often for a large function, per value, as for a small one. Small
// functions leave it as it was (a function of 2,000 values, large in a
// generated program, asks for 1.5 MB more).
//
// Before any function is built, the floor starts from the largest body's
// tokens, which the skim counted (boundHeap): gcBytesPerToken for each,
// about what a token becomes in values (0.65-1.1 of them) at
// gcBytesPerValue, and no more than that. Parsing and lowering a body of
// 40,000 lines (410k tokens) holds 100 MB, and under the 80 MB floor the
// collector ran four times over a heap all live before the function was
// built (160 ms of its CPU; now one run). A body that asks for more than
// gcLimitFloor this way leaves the collector to the limit alone
// (gcPercent off): five times the heap live at the start, before the
// function is built, is less than the floor (40,000 lines were collected
// at 125 MB, 89 of it live, under a floor of 290).
const (
	gcPercent       = 400
	gcLimitCeil     = 1 << 30
	gcLimitFloor    = 80 << 20
	gcLimitFactor   = 2.2
	gcRoomFactor    = 4
	gcRoomCeil      = 240 << 20
	gcBytesPerValue = 768
	gcBytesPerToken = 512
)

// envDecides says that GOGC or GOMEMLIMIT in the environment set the
// collector's pace, which toyc then leaves alone.
var envDecides bool

// tuneGC sets the collector's pace for a compile.
func tuneGC() {
	envDecides = os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcLimitCeil)
		followLiveHeap()
	}
}

// heapBound is boundHeap in the command, nil in tests that call run: the
// limit is the process's. heapFollows is followFunction, likewise.
var (
	heapBound   func(largestBody int)
	heapFollows func(values int)
)

// limitFloor is the least the memory limit is set to: gcLimitCeil until
// boundHeap, gcLimitFloor and the largest body's share after, raised by
// followFunction.
var limitFloor atomic.Int64

// boundHeap makes the memory limit follow the live heap (see above), from
// a floor that the program's largest function body, of largestBody
// tokens, asks for (gcBytesPerToken).
func boundHeap(largestBody int) {
	if envDecides {
		return
	}
	body := gcBytesPerToken * int64(largestBody)
	limitFloor.Store(gcLimitFloor + body)
	debug.SetMemoryLimit(gcLimitFloor + body)
	if body >= gcLimitFloor {
		debug.SetGCPercent(-1) // the limit alone (above)
	}
}

// raiseLimit sets the memory limit to limit if that is higher than it is.
// Lowering it after a collection found less live than the last had the
// runtime give back the pages above the new limit, which the heap took
// again, page fault by page fault, as it grew back to the old: at a
// million lines, twice as many pages were faulted in as the peak holds, a
// tenth of the compile's CPU. A limit that stays up raises the peak a
// little (the pages are kept), which the smaller factor pays for.
func raiseLimit(limit int64) {
	limitMu.Lock()
	defer limitMu.Unlock()
	if limit > debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(limit)
	}
}

// limitMu orders raiseLimit's reads and writes of the limit: the
// finalizer and the goroutines building functions (followFunction) raise
// it, and neither may set a limit lower than another's.
var limitMu sync.Mutex

// followFunction raises the limit's floor, and the limit, to what a
// function of values IR values asks for (see gcBytesPerValue above), when
// that is more than the floor is. Never lowered, as the limit is not.
func followFunction(values int) {
	if envDecides {
		return
	}
	need := gcLimitFloor + gcBytesPerValue*int64(values)
	for {
		floor := limitFloor.Load()
		if need <= floor {
			return
		}
		if limitFloor.CompareAndSwap(floor, need) {
			break
		}
	}
	raiseLimit(need)
}

// limitFor is the memory limit for a heap of which live bytes were live
// at the last collection, and a floor of floor: gcLimitFactor times live,
// or gcRoomFactor times it up to gcRoomCeil when that is more (see
// above), and never below the floor.
func limitFor(live, floor int64) int64 {
	return max(floor, int64(gcLimitFactor*float64(live)), min(gcRoomFactor*live, gcRoomCeil))
}

// followLiveHeap re-arms, after every collection, the limit limitFor
// gives for the live heap and limitFloor, unless the limit is higher
// already (raiseLimit). The factor applies above the 1 GiB ceiling
// too: a limit fixed there, once more than about half of
// it was live (the whole program's IR at -O2 of the million-line program),
// had the collector run back to back — 242 s of CPU where 41 s without the
// limit.
func followLiveHeap() {
	limitFloor.Store(gcLimitCeil)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		// A finalizer runs once its object is found unreachable: at the
		// end of the first collection after it was made.
		runtime.SetFinalizer(new([16]byte), func(*[16]byte) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				live := int64(sample[0].Value.Uint64())
				raiseLimit(limitFor(live, limitFloor.Load()))
			}
			dropMappedPages() // mapsource.go
			arm()
		})
	}
	arm()
}
