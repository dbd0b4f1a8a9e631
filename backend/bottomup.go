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
// at once, unless a caller still to come may inline it (Summary.Settle):
// such a function waits, as the SCC passes left it, until its last caller
// is through the late passes too (a caller that waits may still be copied
// into its own callers with its calls, which they may then inline). So a program whose functions come after those they
// call (as C's must) keeps alive little more than the function being
// compiled and the small functions their callers may still copy.
//
// The late passes and code generation run on up to Jobs goroutines, the
// rest on the caller's, which builds the bodies in order; the functions
// are finished (Finish) in the module's order. A function written out
// ahead of its turn (Ready) keeps only its text until then.

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
	pl.work = make(map[*Pass]func(*middle.Func) error)
	for i := range Passes {
		if p := &Passes[i]; pl.Runs(p) && p.wholeModule() {
			pl.work[p] = p.Summarized(s, pl.Level)
		}
	}
	before, scc, after := pl.bottomUpStages()

	// waitCallees counts the callees of each function, outside its
	// component, that are not settled yet. holders counts, for each
	// function, the bodies that call it or may come to: its callers not
	// settled yet, and the frozen copies a caller may still inline; its
	// own frozen copy, when it may be inlined, stays until there are none
	// (a caller that inlines a frozen copy may inline what that calls
	// too).
	waitCallees := make([]int, n)
	holders := make([]int, n)
	callers := make([][]int, n)
	holds := make([][]int, n) // the functions each frozen copy holds
	for i := range n {
		if len(scc) == 0 {
			break // nothing waits for another function
		}
		waitCallees[i] = len(s.Callees(i))
		for _, j := range s.Callees(i) {
			callers[j] = append(callers[j], i)
			holders[j]++
		}
	}
	const (
		unbuilt = iota
		built   // through the passes before the SCC pass
		settled // through the SCC passes
		late    // handed to the late passes
		done    // compiled
	)
	stage := make([]int, n)
	keep := make([]bool, n) // a frozen copy is kept
	mach := make([]*Func, n)
	errs := make([]error, n)

	// The late passes run on workers; done reports each function they
	// compiled. At most window functions are in their hands, so that the
	// goroutine building the bodies stays a little ahead and no further.
	jobs := max(pl.Jobs, 1)
	window := 4 * jobs
	type result struct {
		i   int
		mf  *Func
		err error
	}
	work := make(chan int)
	results := make(chan result, n)
	var wg sync.WaitGroup
	compileLate := func(i int) result {
		f := m[i]
		mf, err := pl.runFunc(after, f, nil)
		if err == nil && pl.Ready != nil {
			pl.Ready(f, mf)
			if mf != nil && mf.text != nil {
				// Written: until its turn, only the text is needed.
				f.Release()
				mf = &Func{text: mf.text}
			}
		}
		return result{i, mf, err}
	}
	for range jobs - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results <- compileLate(i)
			}
		}()
	}
	inFlight, finished := 0, 0
	failed := false
	finish := func(r result) {
		inFlight--
		stage[r.i], mach[r.i], errs[r.i] = done, r.mf, r.err
		failed = failed || r.err != nil
		for !failed && finished < n && stage[finished] == done {
			k := finished
			errs[k] = pl.Finish(m[k], mach[k])
			failed = failed || errs[k] != nil
			m[k].Release()
			mach[k] = nil
			finished++
		}
	}
	toLate := func(i int) {
		stage[i] = late
		inFlight++
		if jobs == 1 {
			finish(compileLate(i))
			return
		}
		for inFlight > window {
			finish(<-results)
		}
		work <- i
	}
	// release drops one holder of the i-th function's frozen copy; the
	// last drops the copy, which then holds its callees' no more.
	var release func(i int)
	release = func(i int) {
		if holders[i]--; holders[i] > 0 || !keep[i] {
			return
		}
		keep[i] = false
		s.Drop(i)
		for _, j := range holds[i] {
			release(j)
		}
		holds[i] = nil
	}
	var queue []int // functions whose callees are settled
	runSCC := func(i int) {
		mach[i], errs[i] = pl.runFunc(scc, m[i], nil)
		if errs[i] != nil {
			failed = true
			return
		}
		stage[i] = settled
		if len(scc) > 0 {
			keep[i], holds[i] = s.Settle(i)
		}
		for _, j := range holds[i] {
			holders[j]++
		}
		for _, h := range callers[i] {
			if waitCallees[h]--; waitCallees[h] == 0 && stage[h] == built {
				queue = append(queue, h)
			}
		}
		for _, j := range s.Callees(i) {
			if len(scc) == 0 {
				break
			}
			release(j)
		}
		if keep[i] && holders[i] == 0 {
			holders[i]++
			release(i)
		}
		toLate(i)
	}
	for k := 0; k < n && !failed; k++ {
		f := m[k]
		deferred := f.Deferred()
		err := f.Materialize()
		if err == nil && deferred {
			err = verifyBuilt(f)
		}
		if err == nil {
			_, err = pl.runFunc(before, f, nil)
		}
		if err != nil {
			errs[k], failed = err, true
			break
		}
		stage[k] = built
		if waitCallees[k] == 0 {
			queue = append(queue, k)
		}
		for len(queue) > 0 && !failed {
			i := queue[0]
			queue = queue[1:]
			runSCC(i)
		}
		for !failed && jobs > 1 {
			select {
			case r := <-results:
				finish(r)
				continue
			default:
			}
			break
		}
	}
	close(work)
	for inFlight > 0 && jobs > 1 {
		finish(<-results)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
