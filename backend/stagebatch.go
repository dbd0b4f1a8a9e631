package backend

import (
	"sync"

	"toyc/middle"
)

// Running the last stages of the pipeline in batches: a worker that has
// taken a function through the passes up to the late ones does not go on
// with it at once, but queues it, and takes the queue through the late
// passes and code generation once it holds batchFuncs functions or their
// sizes add up to batchSize (or it has nothing else to do): pass by pass,
// each pass over every function of the batch before the next
// (Pipeline.runBatch). Those through code generation are queued for
// writing their text (Pipeline.Ready) the same way, and written one after
// another. The code of the whole pipeline does not fit in a core's L2
// cache: a worker taking each function through every stage before the
// next fetched each pass's code anew for every function, where in a batch
// it stays in the cache from one function to the next (and the emitter's,
// with its buffers). With -g the emitter's code is larger by the variable
// tracker's and the DWARF writer's, so it gains the most. Measured at
// 100k lines, 11 interleaved rounds, against one function at a time:
// -O1 and -O2 took about 11% less CPU time, 16% less with -g, whose added
// time went from +33% to +26%; the gains grew with the batch up to about
// 32 functions, and larger batches slowed the compile without -g. The
// size bound keeps what a batch holds alive small when functions are
// large, for which switching between passes costs little anyway. The SCC
// passes and those before them are not batched: a function queued for
// them keeps its callers waiting until it is settled, and with -j2 the
// other worker then idled (wall time up by a third). Each function's
// passes read only its own body and its settled callees' (bottomup.go),
// so the order in which the functions of a batch take them changes
// nothing; the schedulers (stream, streamBottomUp) still finish the
// functions in the module's order, and the output is the same.

// stageBatch is one worker's functions waiting for one stage.
type stageBatch struct {
	funcs []batchFunc
	size  int
}

// batchFunc is a function of a batch: its index in the scheduler's list,
// and its machine function once it has one.
type batchFunc struct {
	i  int
	mf *Func
}

const (
	batchFuncs = 32
	batchSize  = 1 << 12 // IR values numbered, or machine instructions
)

// add puts the i-th function, of size size, into q and reports whether q
// is now full.
func (q *stageBatch) add(i int, mf *Func, size int) bool {
	q.funcs = append(q.funcs, batchFunc{i, mf})
	q.size += size
	return len(q.funcs) >= batchFuncs || q.size >= batchSize
}

// take empties q, returning what it held; the slice is q's until the next
// add.
func (q *stageBatch) take() []batchFunc {
	fs := q.funcs
	q.funcs, q.size = q.funcs[:0], 0
	return fs
}

// machineSize is mf's size for a batch: its instructions.
func machineSize(mf *Func) int {
	n := 0
	if mf != nil {
		for _, b := range mf.Blocks {
			n += len(b.Instrs)
		}
	}
	return n
}

// writeReady writes f's text ahead of its turn (Ready) and returns what
// Finish is to get for it: once written, only the text, and f's body is
// released and mf's code given back.
func (pl *Pipeline) writeReady(f *middle.Func, mf *Func) *Func {
	pl.Ready(f, mf)
	if mf == nil || mf.text == nil {
		return mf
	}
	f.Release()
	text := mf.text
	mf.dropCode()
	return &Func{text: text}
}

// writeBatch takes the functions of q (bodies gives each one's body by
// its index) and, unless the run failed, writes their text (writeReady)
// with mu unlocked; it returns them, each with what Finish is to get for
// it. Called, and returns, with mu held.
func (pl *Pipeline) writeBatch(q *stageBatch, mu sync.Locker, failed bool, bodies []*middle.Func) []batchFunc {
	fs := q.take()
	if !failed {
		mu.Unlock()
		for k, r := range fs {
			fs[k].mf = pl.writeReady(bodies[r.i], r.mf)
		}
		mu.Lock()
	}
	return fs
}
