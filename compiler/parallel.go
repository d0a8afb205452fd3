package compiler

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Files are independent in most of a compilation: each parses on its own,
// declare and check_flows write only to the flows of the file at hand
// (check_flows reads what declare wrote of the flows a call names),
// build_plan numbers and counts the steps of each given file's flows once
// calls are expanded, and lint reads the finished flows. Those stages run
// over the files on every core. What they report stays independent of
// scheduling: each file collects its own diagnostics, and they are added
// to the session's in the order of the files, which is the order a run on
// one goroutine gives (TestParallelCheckingIsDeterministic holds it).

// filesPerWorker is how many files make a goroutine worth starting: a
// small library is checked faster on one.
const filesPerWorker = 8

// workersFor is how many goroutines a stage over n files uses: the
// configured number, or one per core when the files are many enough.
func (c config) workersFor(n int) int {
	w := c.workers
	if w <= 0 {
		w = min(runtime.GOMAXPROCS(0), n/filesPerWorker)
	}
	return max(1, min(w, n))
}

// forEach calls fn(w, i) for every i in [0, n) on workers goroutines, or in
// order on this one when workers is 1. w numbers the goroutine from 0, so
// that fn can keep state per goroutine (a cache) that needs no lock.
func forEach(n, workers int, fn func(w, i int)) {
	if workers <= 1 {
		for i := range n {
			fn(0, i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(w, i)
			}
		}()
	}
	wg.Wait()
}

// eachFile runs fn over units, on several goroutines when they are many.
// Each unit gets a reporter of its own and each goroutine an expression
// cache of its own; the units' diagnostics are then added to the session's
// in the order of units.
func (s *session) eachFile(units []*unit, fn func(rep *reporter, exprs *exprCache, u *unit)) {
	workers := s.cfg.workersFor(len(units))
	caches := make([]*exprCache, workers)
	for w := range caches {
		caches[w] = newExprCache(s.cfg.programs)
	}
	reps := make([]reporter, len(units))
	forEach(len(units), workers, func(w, i int) { fn(&reps[i], caches[w], units[i]) })
	for i := range reps {
		s.diags = append(s.diags, reps[i].diags...)
	}
}
