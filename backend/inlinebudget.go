package backend

import "toyc/middle"

// The inliner's budget is the one pass entry's parameter by level: -O2
// copies small functions and moves single-site ones (middle.InlineDefault);
// -O1 copies only callees about the size of their call
// (middle.InlineCheap), which its cleanups fold without -O2's sccp and
// second simplifycfg, so that -O1 stays well cheaper to compile than -O2.

// inlineBudget returns the inliner's budget at an -O level.
func inlineBudget(level int) *middle.InlineBudget {
	if level >= 2 {
		return &middle.InlineDefault
	}
	return &middle.InlineCheap
}

// inlineBottomUp is the inline entry's walk over the module at a level.
func inlineBottomUp(m *middle.Module, level, jobs int, visit func(f *middle.Func, run func()) error) error {
	return middle.InlineBottomUp(m, inlineBudget(level), jobs, visit)
}

// inlineSummarized is the inline entry's summarized form at a level.
func inlineSummarized(s *middle.Summary, level int) func(*middle.Func) error {
	return middle.InlineSummarized(s, inlineBudget(level))
}

// atEveryLevel is the summarized form of a module pass that does the same
// at every level.
func atEveryLevel(pass func(*middle.Summary) func(*middle.Func) error) func(*middle.Summary, int) func(*middle.Func) error {
	return func(s *middle.Summary, _ int) func(*middle.Func) error { return pass(s) }
}
