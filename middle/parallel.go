package middle

import (
	"sync"
	"sync/atomic"
)

// ParallelFor calls work(i) for every i < n, on up to jobs goroutines (one:
// in order, on the caller's), each taking the next index when it is done
// with one, so that large and small items even out. The pipeline runs
// functions through their passes with it, and the inliner the components
// of one level of the call graph.
func ParallelFor(n, jobs int, work func(i int)) {
	jobs = min(max(jobs, 1), n)
	if jobs <= 1 {
		for i := range n {
			work(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				work(i)
			}
		}()
	}
	wg.Wait()
}
