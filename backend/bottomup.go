package backend

import (
	"sync"

	"toyc/middle"
)

// Streaming a module whose module passes run from its summary
// (middle/summary.go): each function is built, in the module's order, and
// goes through the passes before the SCC pass (inline) — globalconst among
// them, from the summary — at once. It goes through the SCC pass and the
// passes after it up to the late ones once every function it calls
// outside its component has (the bottom-up walk of InlineBottomUp, in the
// order the bodies come rather than level by level: the result is the
// same, since a function's inlining reads only its settled callees). Then
// it is settled, and goes on through the late passes and code generation
// with its worker's next batch (stagebatch.go); when a caller still to
// come may inline it (Summary.Settle), a frozen copy of its body waits, as
// the SCC passes left it, until its last caller is through the late
// passes too (a caller that waits may still be copied into its own
// callers with its calls, which they may then inline). So a
// program whose functions come after those they call (as C's must) keeps
// alive little more than the function being compiled and the small
// functions their callers may still copy.
//
// Every stage runs on up to Jobs workers, a list scheduler (Graham's) over
// the functions' stages: a worker builds the next body (builds run at
// once, committed in the module's order, middle/lazy.go), takes a
// function whose callees are settled through the SCC passes, or a settled
// one through the rest. The result is the same whatever Jobs is and
// whatever order the workers take their work in, since each function's
// passes read only its own body and the frozen copies of its settled
// callees, which no longer change. The SCC passes come first, as the
// critical path does in a list schedule: in a program where each function
// calls the one before (common in C's order) they can only run one
// function after another, and everything else is done around that chain;
// the worker that settles a function goes on with a caller it let go
// rather than with the function's own late passes, which another worker
// takes. Building comes next, the late passes last (at most window
// functions are in flight outside the workers' batches, so they are not
// left behind). The functions
// are finished (Finish) in the module's order, by the worker that
// compiles the oldest unfinished one. A function written out ahead of its
// turn (Ready) keeps only its text until then.

// Summarized reports whether the run streams by the module's summary:
// then the module passes run on each function like the others.
func (pl *Pipeline) Summarized() bool { return pl.work != nil }

// summarizable reports whether every module pass pl runs has a summarized
// form, and at most one is an SCC pass.
func (pl *Pipeline) summarizable() bool {
	scc := 0
	for i := range Passes {
		p := &Passes[i]
		if !pl.Runs(p) || !p.wholeModule() {
			continue
		}
		if p.Summarized == nil {
			return false
		}
		if p.SCC != nil {
			scc++
		}
	}
	return scc <= 1
}

// bottomUpStages splits the passes pl runs into those before the SCC
// pass, the SCC pass and the IR passes after it up to the first late or
// native one, and the rest. Without an SCC pass, every pass is before.
func (pl *Pipeline) bottomUpStages() (before, scc, after []*Pass) {
	stage := 0
	for i := range Passes {
		p := &Passes[i]
		if !pl.Runs(p) {
			continue
		}
		switch {
		case p.SCC != nil:
			stage = 1
		case stage == 1 && (p.Late || p.Native):
			stage = 2
		}
		switch stage {
		case 0:
			before = append(before, p)
		case 1:
			scc = append(scc, p)
		default:
			after = append(after, p)
		}
	}
	return before, scc, after
}

// streamBottomUp runs pl's passes over the module s summarizes, handing
// each function to pl.Finish.
func (pl *Pipeline) streamBottomUp(s *middle.Summary) error {
	m := s.Funcs()
	n := len(m)
	defer s.Close()
	pl.work = make(map[*Pass]func(*middle.Func) error)
	for i := range Passes {
		if p := &Passes[i]; pl.Runs(p) && p.wholeModule() {
			pl.work[p] = p.Summarized(s, pl.Level)
		}
	}
	jobs := max(pl.Jobs, 1)
	b := &bottomUp{pl: pl, s: s, m: m, window: 4 * jobs,
		stage: make([]int, n), waitCallees: make([]int, n), holders: make([]int, n),
		callers: make([][]int, n), holds: make([][]int, n), keep: make([]bool, n),
		forward: make([]bool, n), mach: make([]*Func, n), errs: make([]error, n)}
	b.before, b.scc, b.after = pl.bottomUpStages()
	b.progress = sync.NewCond(&b.mu)
	if len(b.scc) > 0 && s.WantsRanges() {
		// The facts across functions (middle/ipranges.go) need every body
		// built before any function's SCC passes use them: no window.
		b.unsolved, b.window = n, n
	}
	for i := range n {
		if len(b.scc) == 0 {
			break // nothing waits for another function
		}
		b.waitCallees[i] = len(s.Callees(i))
		for _, j := range s.Callees(i) {
			b.callers[j] = append(b.callers[j], i)
			b.holders[j]++
			b.forward[i] = b.forward[i] || j > i
		}
	}
	var wg sync.WaitGroup
	for range min(jobs, max(n, 1)) - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.worker()
		}()
	}
	b.worker()
	wg.Wait()
	for _, err := range b.errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// The stages of a function in a bottom-up run.
const (
	unbuilt = iota
	built   // through the passes before the SCC pass
	settled // through the SCC passes
	done    // compiled
)

// bottomUp is one run of streamBottomUp: its workers' shared state, under
// mu; progress is broadcast on every change that may let a worker go on.
type bottomUp struct {
	pl                 *Pipeline
	s                  *middle.Summary
	m                  []*middle.Func
	before, scc, after []*Pass
	// window bounds inFlight, the functions built and not yet compiled,
	// but for those waiting for a callee further on in the module (which
	// cannot go on before more bodies are built) and those in a worker's
	// batch (whose own bounds limit them): no body is built while there
	// are window others, unless nothing else can go on.
	window int
	// unsolved counts the bodies still to build before the facts across
	// functions are solved, when the passes read them; until then the
	// functions whose callees are settled wait in held.
	unsolved int
	held     []int

	mu       sync.Mutex
	progress *sync.Cond
	// next is the next function to build, committed how many bodies were
	// committed (in order, middle/lazy.go), compiled how many functions
	// are through every pass, finished how many were handed to Finish.
	next, committed, compiled, finished int
	inFlight                            int
	busy                                int // workers on a task
	building                            bool
	finishing, failed                   bool
	// ready holds the built functions whose callees are settled, late
	// the settled ones, for the passes after the SCC passes; each in the
	// order they came.
	ready, late []int
	stage       []int
	// waitCallees counts the callees of each function, outside its
	// component, that are not settled yet. holders counts, for each
	// function, the bodies that call it or may come to: its callers not
	// settled yet, and the frozen copies a caller may still inline; its
	// own frozen copy, when it may be inlined, stays until there are none
	// (a caller that inlines a frozen copy may inline what that calls
	// too).
	waitCallees, holders []int
	callers              [][]int
	holds                [][]int // the functions each frozen copy holds
	keep                 []bool  // a frozen copy is kept
	forward              []bool  // a callee comes further on in the module
	mach                 []*Func // compiled, waiting for their turn to finish
	errs                 []error
}

// worker takes work until every function is compiled. A function whose
// callees are settled comes first: the SCC passes of a chain of calls
// (each function calling the one before, as in C) can only run one after
// another, and the rest of the work is done around them. Then the passes
// after them, which free a body, and last the next body to build. The
// passes after the SCC passes, and the writing of the text, run in
// batches (stagebatch.go): a worker queues the functions for them, and
// takes a queue through its stage when it is full or there is nothing
// else to do.
func (b *bottomUp) worker() {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(b.m)
	q := new(workerBatches)
	for !b.failed && b.compiled < n {
		switch {
		case len(b.ready) > 0:
			i := b.ready[0]
			b.ready = b.ready[1:]
			b.busy++
			b.compile(i, q)
			b.busy--
		case b.next < n && (b.inFlight < b.window || b.busy == 0):
			b.busy++
			b.build(q)
			b.busy--
		case len(b.late) > 0:
			i := b.late[0]
			b.late = b.late[1:]
			b.busy++
			b.queueLate(i, q)
			b.busy--
		case len(q.late.funcs) > 0:
			b.busy++
			b.compileLate(q)
			b.busy--
		case len(q.ready.funcs) > 0:
			b.busy++
			b.writeReady(q)
			b.busy--
		default:
			b.progress.Wait()
		}
	}
	// Only after a failure: none of these is compiled or written.
	for _, r := range q.late.take() {
		b.done(r.i, nil, nil)
	}
	if len(q.ready.funcs) > 0 {
		b.writeReady(q)
	}
}

// workerBatches are a worker's functions waiting for the passes after
// the SCC passes (late) and for their text to be written (ready).
type workerBatches struct {
	late, ready stageBatch
	// A late batch's functions and their results (compileLate).
	funcs []*middle.Func
	mfs   []*Func
	errs  []error
}

// build builds the next body and takes it through the passes before the
// SCC pass, and on if its callees are settled. Bodies are built
// concurrently and committed in order (middle/lazy.go). Called, and
// returns, with b.mu held.
func (b *bottomUp) build(q *workerBatches) {
	k := b.next
	b.next++
	b.inFlight++
	f := b.m[k]
	b.mu.Unlock()
	deferred := f.Deferred()
	err := f.Build()
	b.mu.Lock()
	for b.committed < k {
		b.progress.Wait()
	}
	if err == nil {
		f.Commit()
	}
	b.committed++
	b.progress.Broadcast()
	b.mu.Unlock()
	if err == nil && deferred {
		err = verifyBuilt(f)
		b.pl.noteBuilt(f, err)
	}
	if err == nil {
		_, err = b.pl.runFunc(b.before, f, nil)
	}
	b.mu.Lock()
	if err != nil {
		b.fail(k, err)
		return
	}
	b.stage[k] = built
	if b.unsolved > 0 {
		if b.waitCallees[k] == 0 {
			b.held = append(b.held, k)
		} else if b.forward[k] {
			b.inFlight--
		}
		if b.unsolved--; b.unsolved > 0 {
			return
		}
		b.s.SolveRanges() // every other worker waits: nothing can go on
		b.ready = append(b.ready, b.held...)
		b.held = nil
		b.progress.Broadcast()
		return
	}
	if b.waitCallees[k] == 0 {
		b.compile(k, q)
		return
	}
	if b.forward[k] {
		b.inFlight-- // waits for bodies still to build
		b.progress.Broadcast()
	}
}

// compile takes the i-th function, built and its callees settled, through
// the SCC passes and settles it; then queues it for the rest and code
// generation, unless a function its settling let go on is waiting. Called,
// and returns, with b.mu held.
func (b *bottomUp) compile(i int, q *workerBatches) {
	f := b.m[i]
	b.mu.Unlock()
	_, err := b.pl.runFunc(b.scc, f, nil)
	keep, holds := false, []int(nil)
	if err == nil && len(b.scc) > 0 {
		keep, holds = b.s.Settle(i)
	}
	b.mu.Lock()
	if err != nil {
		b.fail(i, err)
		return
	}
	b.settle(i, keep, holds)
	if len(b.ready) > 0 {
		b.late = append(b.late, i)
		b.progress.Broadcast()
		return
	}
	b.queueLate(i, q)
}

// queueLate puts the i-th function, settled, into the worker's batch for
// the passes after the SCC passes, and takes the batch through them when
// it is full. A function in a batch counts no more in inFlight: the
// batch's own bounds limit what it holds. Called, and returns, with b.mu
// held.
func (b *bottomUp) queueLate(i int, q *workerBatches) {
	b.inFlight--
	if q.late.add(i, nil, b.m[i].NumValues()) {
		b.compileLate(q)
	}
}

// compileLate takes the functions of the worker's late batch through the
// passes after the SCC passes and code generation, pass by pass
// (runBatch); with Ready, they go into its batch for writing their text,
// and are done once it is written. Called, and returns, with b.mu held.
func (b *bottomUp) compileLate(q *workerBatches) {
	fs := q.late.take()
	if b.failed {
		for _, r := range fs {
			b.done(r.i, nil, nil) // the run stops: not compiled
		}
		return
	}
	funcs := q.funcs[:0]
	for _, r := range fs {
		funcs = append(funcs, b.m[r.i])
	}
	q.funcs = funcs
	mfs, errs := scratch(&q.mfs, len(fs)), scratch(&q.errs, len(fs))
	b.mu.Unlock()
	b.pl.runBatch(b.after, funcs, mfs, errs)
	b.mu.Lock()
	for k, r := range fs {
		if errs[k] != nil || b.pl.Ready == nil {
			b.done(r.i, mfs[k], errs[k])
		} else if q.ready.add(r.i, mfs[k], machineSize(mfs[k])) {
			b.writeReady(q)
		}
	}
	clear(funcs) // nothing kept alive till the next batch
	clear(mfs)
}

// writeReady writes the text of the functions of the worker's ready batch
// (Pipeline.Ready), which are then done. Called, and returns, with b.mu
// held.
func (b *bottomUp) writeReady(q *workerBatches) {
	for _, r := range b.pl.writeBatch(&q.ready, &b.mu, b.failed, b.m) {
		b.done(r.i, r.mf, nil)
	}
}

// done records that the i-th function is compiled, with its machine
// function and error, and finishes what it can. Called, and returns, with
// b.mu held.
func (b *bottomUp) done(i int, mf *Func, err error) {
	b.compiled++
	b.stage[i], b.mach[i], b.errs[i] = done, mf, err
	b.failed = b.failed || err != nil
	b.finish()
	b.progress.Broadcast()
}

// settle records that the i-th function is through the SCC passes, keep
// saying whether the summary keeps its frozen copy, which holds the
// functions holds: its callers waiting for it alone go on, and the copies
// of its callees that nothing holds any more are dropped.
func (b *bottomUp) settle(i int, keep bool, holds []int) {
	b.stage[i] = settled
	b.keep[i], b.holds[i] = keep, holds
	for _, j := range holds {
		b.holders[j]++
	}
	for _, h := range b.callers[i] {
		if b.waitCallees[h]--; b.waitCallees[h] == 0 && b.stage[h] == built {
			b.ready = append(b.ready, h)
			if b.forward[h] {
				b.inFlight++
			}
		}
	}
	if len(b.scc) > 0 {
		for _, j := range b.s.Callees(i) {
			b.release(j)
		}
	}
	if keep && b.holders[i] == 0 {
		b.holders[i]++
		b.release(i)
	}
}

// release drops one holder of the i-th function's frozen copy; the last
// drops the copy, which then holds its callees' no more.
func (b *bottomUp) release(i int) {
	if b.holders[i]--; b.holders[i] > 0 || !b.keep[i] {
		return
	}
	b.keep[i] = false
	b.s.Drop(i)
	for _, j := range b.holds[i] {
		b.release(j)
	}
	b.holds[i] = nil
}

// finish hands the compiled functions to Finish in the module's order,
// one at a time: the worker that compiles the oldest unfinished one
// finishes it and every compiled one after it.
func (b *bottomUp) finish() {
	for !b.finishing && !b.failed && b.finished < len(b.m) && b.stage[b.finished] == done {
		k := b.finished
		f, mf := b.m[k], b.mach[k]
		b.finishing = true
		b.mu.Unlock()
		err := b.pl.Finish(f, mf)
		f.Release()
		mf.dropCode()
		b.mu.Lock()
		b.mach[k], b.errs[k] = nil, err
		b.finishing = false
		b.failed = b.failed || err != nil
		b.finished++
	}
}

// fail records the i-th function's error, which stops the run.
func (b *bottomUp) fail(i int, err error) {
	b.errs[i], b.failed = err, true
	b.progress.Broadcast()
}
