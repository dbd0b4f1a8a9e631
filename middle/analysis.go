package middle

import (
	"fmt"
	"slices"
)

// Analyses of a function's CFG — the dominator tree (with the reverse
// postorder) and the loop nest — computed on demand and kept until the CFG
// changes, as Go's compiler caches its (f.Idom, f.Sdom, f.loopnest) until
// invalidateCFG and LLVM's analysis manager keeps what a pass preserves.
// Here nothing has to be declared or remembered: every change to an edge
// goes through edge.go, which advances the function's CFG epoch, and a
// cached analysis is used only while the epoch it was computed at is
// current. A pass entry in the pipeline may also say that it preserves
// the CFG, which the pipeline checks against the epoch.
//
// With CheckAnalyses set (the tests of middle and backend) or the module's
// (every compile with --verify-each), each use of a cached analysis recomputes it
// and compares, so that an edge changed behind edge.go's back, which would
// leave a stale tree, is a reported bug rather than a wrong optimization.

// CheckAnalyses makes Dom and Loops verify every cached answer against a
// fresh computation. Set it before compiling starts; it is read
// concurrently.
var CheckAnalyses bool

// cachedAnalyses is what a function keeps between passes.
type cachedAnalyses struct {
	epoch uint64 // the CFG epoch they were computed at
	dom   *DomTree
	loops *LoopNest
	probs []float64 // BranchProbabilities, by block ID
}

// CFGEpoch returns a number that changes whenever an edge of f does.
func (f *Func) CFGEpoch() uint64 { return f.cfgEpoch }

// cfgChanged records a change to f's edges: the cached analyses are stale.
func (f *Func) cfgChanged() {
	if f != nil {
		f.cfgEpoch++
	}
}

// Dom returns the dominator tree of f, computed now or cached from an
// earlier request with the same CFG. The tree must not be modified.
func (f *Func) Dom() *DomTree {
	c := f.analyses()
	if c.dom == nil {
		c.dom = ComputeDom(f)
	} else if f.checking() {
		checkDom(f, c.dom, ComputeDom(f))
	}
	return c.dom
}

// Loops returns the loop nest of f, computed now or cached.
func (f *Func) Loops() *LoopNest {
	c := f.analyses()
	if c.loops == nil {
		c.loops = ComputeLoops(f.Dom())
	} else if f.checking() {
		checkLoops(f, c.loops, ComputeLoops(ComputeDom(f)))
	}
	return c.loops
}

// BranchProbs returns f's static branch estimates (BranchProbabilities),
// computed now or cached.
func (f *Func) BranchProbs() []float64 {
	c := f.analyses()
	if c.probs == nil {
		c.probs = BranchProbabilities(f)
	} else if f.checking() {
		if fresh := BranchProbabilities(f); !slices.Equal(fresh, c.probs) {
			panic(fmt.Sprintf("middle: @%s: the cached branch estimates are stale", f.Name))
		}
	}
	return c.probs
}

// EstimatedBranches returns the branch estimates cached for f's current
// CFG, or nil when none were asked for (EstimateBranches) since it last
// changed.
func (f *Func) EstimatedBranches() []float64 {
	if f.cache == nil || f.cache.epoch != f.cfgEpoch {
		return nil
	}
	return f.cache.probs
}

// EstimateBranches is the pass that computes f's branch estimates for the
// backend (instruction selection puts them on the branches it selects,
// for block placement).
func EstimateBranches(f *Func) { f.BranchProbs() }

// checking reports whether f's cached analyses are to be checked.
func (f *Func) checking() bool {
	return CheckAnalyses || f.Module != nil && f.Module.CheckAnalyses
}

// analyses returns f's cache, emptied when the CFG changed since it was
// filled.
func (f *Func) analyses() *cachedAnalyses {
	if f.cache == nil || f.cache.epoch != f.cfgEpoch {
		f.cache = &cachedAnalyses{epoch: f.cfgEpoch}
	}
	return f.cache
}

// checkDom panics when the cached tree differs from the fresh one: a
// compiler bug (an edge changed without edge.go).
func checkDom(f *Func, cached, fresh *DomTree) {
	if len(cached.rpo) != len(fresh.rpo) {
		panic(fmt.Sprintf("middle: @%s: the cached dominator tree is stale: %d reachable blocks, now %d", f.Name, len(cached.rpo), len(fresh.rpo)))
	}
	for i, b := range fresh.rpo {
		if cached.rpo[i] != b || cached.Idom(b) != fresh.Idom(b) {
			panic(fmt.Sprintf("middle: @%s: the cached dominator tree is stale at %s (reverse postorder position %d)", f.Name, b, i))
		}
	}
}

// checkLoops panics when the cached loop nest differs from the fresh one.
func checkLoops(f *Func, cached, fresh *LoopNest) {
	if len(cached.Loops) != len(fresh.Loops) || len(cached.Irreducible) != len(fresh.Irreducible) {
		panic(fmt.Sprintf("middle: @%s: the cached loop nest is stale: %d loops, now %d", f.Name, len(cached.Loops), len(fresh.Loops)))
	}
	for i, l := range fresh.Loops {
		c := cached.Loops[i]
		if c.Header != l.Header || c.Depth != l.Depth || len(c.Blocks) != len(l.Blocks) || len(c.Latches) != len(l.Latches) {
			panic(fmt.Sprintf("middle: @%s: the cached loop nest is stale at the loop of %s", f.Name, l.Header))
		}
		for k, b := range l.Blocks {
			if c.Blocks[k] != b {
				panic(fmt.Sprintf("middle: @%s: the cached loop nest is stale at the loop of %s", f.Name, l.Header))
			}
		}
	}
}
