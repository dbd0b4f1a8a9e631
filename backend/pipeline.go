package backend

import (
	"fmt"
	"io"
	"sync"

	"toyc/middle"
)

// The pass table: every transformation between the verified IR and the
// assembly text, in the order it runs, with the lowest -O level that runs
// it — one list, as in Go's cmd/compile/internal/ssa/compile.go. The
// command's --print-after, --print-before, --print-changed, --verify-each,
// --time-passes and the explorer (--emit=html) all see it through Pipeline,
// and so do the backend's own tests (Compile), so that what is tested is
// what the command runs. The IR passes come first; the entries marked
// native turn the IR into machine code and run only when assembly, an
// object or an executable is wanted. It lives in the backend because the
// backend is the one package that sees both halves (frontend → middle ←
// backend).
var Passes = []Pass{
	// Unreachable blocks go at every level: they can hold uses that no
	// definition dominates, which the backend must never see.
	{Name: "unreachable", Level: 0, IR: middle.RemoveUnreachable, Doc: "remove blocks the entry cannot reach"},
	{Name: "mem2reg", Level: 1, IR: middle.Mem2Reg, Doc: "promote stack slots to SSA values and φs"},
	{Name: "globalconst", Level: 1, Module: middle.GlobalConstants, Summarized: atEveryLevel(middle.GlobalConstantsSummarized), Doc: "loads of globals nothing writes to their initializer"},
	// Bottom-up over the call graph: the function passes up to the
	// native ones run on each function once calls are inlined into it,
	// before its callers weigh it (LLVM's CGSCC pass manager). Both
	// module passes run a function at a time from the module's summary
	// (bottomup.go), so -O1 still streams; at -O1 inline copies only
	// callees about the size of their call (inlinebudget.go).
	{Name: "inline", Level: 1, SCC: inlineBottomUp, Summarized: inlineSummarized, Doc: "inline small functions into their callers, callees first"},
	{Name: "mem2reg2", Level: 1, IR: middle.Mem2Reg, Doc: "promote the slots inlining brought in"},
	// After mem2reg: a function that keeps a stack slot is not rewritten.
	{Name: "tailrec", Level: 1, IR: middle.TailRecursion, Doc: "tail recursion to loops, with accumulators"},
	{Name: "selfinline", Level: 2, IR: middle.InlineSelf, Doc: "inline a small recursive function into itself once"},
	// After inlining, which makes the constants a trip count is computed
	// from; before sccp and constfold, which fold the copies' tests of
	// them and what they decided.
	{Name: "unroll", Level: 2, IR: middle.FullyUnroll, Doc: "loops with a constant trip count to copies of their body"},
	{Name: "sccp", Level: 2, IR: middle.SCCP, Doc: "sparse conditional constant propagation"},
	{Name: "constfold", KeepsCFG: true, Level: 1, IR: middle.ConstFold, Doc: "fold constants and simplify instructions"},
	{Name: "copyprop", KeepsCFG: true, Level: 1, IR: middle.CopyProp, Doc: "replace copies and trivial φs by their value"},
	{Name: "divpow2", KeepsCFG: true, Level: 1, IR: middle.DivPow2, Doc: "divisions and remainders by powers of two, unsigned ones of non-negative dividends"},
	{Name: "gvn", KeepsCFG: true, Level: 1, IR: middle.GVN, Doc: "global value numbering"},
	{Name: "memopt", Level: 1, IR: middle.MemOpt, Doc: "forward stores to loads, drop dead stores"},
	{Name: "preheaders", Level: 1, IR: middle.InsertPreheaders, Doc: "give every loop a preheader"},
	{Name: "unswitch", Level: 1, IR: middle.UnswitchGuards, Doc: "invariant exits to runtime errors in front of loops"},
	{Name: "licm", Level: 1, IR: middle.LICM, Doc: "hoist loop-invariant code"},
	{Name: "carryloads", KeepsCFG: true, Level: 1, IR: middle.CarryLoads, Doc: "a loop's reload of what it stored to a φ"},
	{Name: "bce", KeepsCFG: true, Level: 1, IR: middle.BCE, Doc: "remove bounds checks a range analysis proves"},
	{Name: "loopversion", Level: 2, Late: true, IR: middle.VersionLoops, Doc: "a check-free copy of a loop, chosen by a test"},
	// After bce, which must still see i*n rather than the derived counter.
	{Name: "strength", Level: 1, IR: middle.StrengthReduce, Doc: "multiplications by counters to additions"},
	// After loopversion and strength, which look for a counter's exit
	// test i < n in the header.
	{Name: "exitcheck", Level: 1, IR: middle.FuseExitChecks, Doc: "a loop's first bounds check into its exit test"},
	{Name: "widenchecks", Level: 1, IR: middle.WidenChecks, Doc: "two bounds checks of neighbouring elements to one"},
	// After widenchecks and exitcheck, which look for the checks' x <u n.
	{Name: "rebasechecks", KeepsCFG: true, Level: 1, IR: middle.RebaseChecks, Doc: "a check of x + k under a passed x <u n compares x with n - k"},
	{Name: "dce", KeepsCFG: true, Level: 1, IR: middle.DCE, Doc: "remove dead instructions"},
	{Name: "simplifycfg", Level: 1, IR: middle.SimplifyCFG, Doc: "merge and thread blocks, fold branches"},
	// After strength, whose counters k*n become the varying parts, and
	// after simplifycfg, which deletes the edges to the error blocks that
	// loopversion's copies left, the other uses of their indexes.
	{Name: "addrbase", Level: 1, IR: middle.HoistAddressBases, Doc: "invariant parts of loop addresses to the preheader"},
	// On the simplified CFG, where an else-if chain's tests are blocks of
	// their own.
	{Name: "switchform", Level: 1, IR: middle.FormSwitches, Doc: "chains of x == C tests to one switch"},
	// After switchform: a store back at a loop's exit in the middle of
	// an else-if chain (an interpreter's last tests, for the opcode that
	// leaves the loop) would keep the chain's tail out of the switch.
	{Name: "promoteglobals", Level: 1, IR: middle.PromoteLoopGlobals, Doc: "globals a loop stores in registers, stored back at its exits"},
	// On the simplified CFG, whose diamonds are no longer hidden behind
	// bounds-check branches: stores leave the arms, then the arms go.
	{Name: "sinkstores", KeepsCFG: true, Level: 2, IR: middle.SinkStores, Doc: "stores of both arms to one store after them"},
	{Name: "memopt2", Level: 2, IR: middle.MemOpt, Doc: "memopt again, for the loads after the sunk stores"},
	{Name: "ifconvert", Level: 2, IR: middle.IfConvert, Doc: "small diamonds to selects"},
	// After ifconvert, which may have made a select of the diamond; before
	// simplifycfg2, which bypasses the blocks that only jump left behind.
	{Name: "condthread", Level: 2, IR: middle.ThreadKnownConditions, Doc: "branches a branch above decided, skipped"},
	{Name: "simplifycfg2", Level: 2, IR: middle.SimplifyCFG, Doc: "simplifycfg again"},
	// On the simplified CFG, where a chain is no longer cut into blocks
	// by the bounds checks that loopversion's copy dropped.
	{Name: "reassoc", KeepsCFG: true, Level: 2, IR: middle.Reassociate, Doc: "chains of + * & | ^ reordered so that loop-carried operands join last"},
	{Name: "dce2", KeepsCFG: true, Level: 1, IR: middle.DCE, Doc: "dce again"},
	// After the last dce: the lengths the checks compared with are left
	// to the compares alone, which isel folds them into.
	{Name: "coldlengths", KeepsCFG: true, Level: 1, IR: middle.ReloadLengthsInErrorBlocks, Doc: "error blocks load the lengths they report"},

	// Before critical: the tree's edges into the default are critical.
	{Name: "switchlower", Level: 0, Native: true, IR: LowerSwitches, Doc: "switches to jump tables and compare trees"},
	{Name: "critical", Level: 0, Native: true, IR: middle.SplitCriticalEdges, Doc: "split critical edges, for the φ copies"},
	// After critical, whose edge blocks the estimates look through.
	{Name: "branchprob", KeepsCFG: true, Level: 1, Native: true, IR: middle.EstimateBranches, Doc: "static branch probabilities, for block placement"},
	{Name: "isel", Level: 0, Native: true, Isel: Select, Doc: "x86-64 instructions on virtual registers"},
	{Name: "earlycmp", Level: 0, Native: true, Mach: (*Func).HoistCompares, Doc: "compares of cmovs before the moves and leas that precede them"},
	{Name: "redundantcmp", Level: 0, Native: true, Mach: (*Func).DropRedundantCompares, Doc: "compares whose flags the block still holds"},
	{Name: "outofssa", Level: 0, Native: true, Mach: (*Func).OutOfSSA, Doc: "φs to sequentialized parallel copies"},
	{Name: "threadjumps", Level: 0, Native: true, Mach: (*Func).ThreadJumps, Doc: "branches past blocks that only jump"},
	{Name: "taildup", Level: 0, Native: true, Mach: (*Func).DuplicateTails, Doc: "copy small blocks into their jumps"},
	// After taildup, which copies a join's test into the blocks that
	// carry the join's φ constants.
	{Name: "constbranch", Level: 0, Native: true, Mach: (*Func).FoldConstBranches, Doc: "branches on constants the block set to jumps"},
	{Name: "blockorder", Level: 0, Native: true, Mach: (*Func).OrderBlocks, Doc: "block order for fall-through, loop depth"},
	// After blockorder, whose loop forest it uses and passes on.
	{Name: "looptop", Level: 1, Native: true, Mach: (*Func).LatchesToTop, Doc: "a latch nothing falls into above its loop's header"},
	// After looptop, whose order it starts from, with the forest they
	// pass on.
	{Name: "unlikely", Level: 1, Native: true, Mach: (*Func).MoveUnlikelyBlocks, Doc: "blocks the branch estimates call unlikely out of the fall-through path"},
	// After blockorder, which knows the loops, and before regalloc, whose
	// loop splits put their exit copies in these blocks.
	{Name: "loopexits", Level: 0, Native: true, Mach: (*Func).SplitLoopExits, Doc: "a block for each edge out of a loop from a two-way branch"},
	{Name: "shrinkwrap", Level: 0, Native: true, Mach: (*Func).PlanShrinkWrap, Doc: "where the prologue goes"},
	{Name: "coalesce", Level: 0, Native: true, Mach: (*Func).CoalesceCopies, Doc: "merge registers of non-interfering moves"},
	{Name: "regalloc", Level: 0, Native: true, Mach: (*Func).Allocate, Allocated: true, Doc: "linear scan, splitting, spill code"},
	{Name: "zeroext", Level: 0, Native: true, Mach: (*Func).ElideZeroExtensions, Allocated: true, Doc: "zero-extensions of registers already clear above 32 or 8 bits"},
	{Name: "flagsfromalu", Level: 0, Native: true, Mach: (*Func).FlagsFromArithmetic, Allocated: true, Doc: "a lea and the test of its result to one add; tests of what arithmetic set"},
	{Name: "frame", Level: 0, Native: true, Mach: (*Func).Layout, Allocated: true, Doc: "stack frame, prologue and epilogue"},
	// Last: from here on, the flags may live from a block into the next.
	{Name: "flagsacross", Level: 0, Native: true, Mach: (*Func).DropCompareAcrossEdges, Allocated: true, Doc: "compares whose flags every predecessor leaves set"},
	{Name: "align", Level: 2, Native: true, Mach: (*Func).AlignCode, Allocated: true, Doc: "functions at 16-byte boundaries, loop tops at 32"},
}

// Pass is one entry of the table. Exactly one of its functions is set: an
// IR pass over each function or over the module, the instruction selection
// that turns an IR function into a machine function, or a stage over
// machine functions.
type Pass struct {
	Name      string
	Level     int  // the lowest -O level that runs it
	Native    bool // part of code generation
	Allocated bool // after register allocation: the allocation checker applies
	// Late marks the first IR pass that runs after the call-graph walk
	// of an SCC pass rather than within it: code-duplicating loop
	// transformations, whose growth a caller should not weigh when it
	// considers inlining the function (LLVM runs its loop versioning and
	// unrolling in the optimization pipeline after its CGSCC walk too).
	Late bool
	// KeepsCFG says that the IR pass changes no edge, so the analyses
	// cached before it (middle/analysis.go) serve the passes after it;
	// under Verify the pipeline checks the claim.
	KeepsCFG bool
	Doc      string // one line, for --help

	IR     func(*middle.Func)
	Module func(*middle.Module)
	// SCC is a module pass that walks the call graph's components callees
	// first and hands each function to visit with the pass's work on it to
	// run, on up to jobs goroutines; the pipeline runs the IR passes after
	// it (up to the native ones) there too. level is the pipeline's, by
	// which the pass may do more or less (the inliner's budget).
	SCC func(m *middle.Module, level, jobs int, visit func(f *middle.Func, run func()) error) error
	// Summarized, for a module or SCC pass, is its form that runs a
	// function at a time from the module's summary (middle.Summary), so
	// that a compile streams (bottomup.go): called once before any
	// function, it makes the pass's changes to the module and returns its
	// work on each function. An SCC pass's work on a function runs once
	// the functions it calls outside its component are through the passes
	// before the late ones, and the function's body stays as those leave
	// it while a caller may still inline it (middle.Summary.Settle).
	Summarized func(s *middle.Summary, level int) func(*middle.Func) error
	Isel       func(*middle.Func) *Func
	Mach       func(*Func)
}

// wholeModule reports whether p runs over the module rather than one
// function.
func (p *Pass) wholeModule() bool { return p.Module != nil || p.SCC != nil }

// OnIR reports whether p changes the IR (rather than machine code).
func (p *Pass) OnIR() bool { return p.Isel == nil && p.Mach == nil }

// LookupPass returns the table's entry named name, or nil.
func LookupPass(name string) *Pass {
	for i := range Passes {
		if Passes[i].Name == name {
			return &Passes[i]
		}
	}
	return nil
}

// Pipeline runs the table for one module, a function at a time: each
// function goes through every pass up to the next module pass (globalconst,
// inline) or to the end of the IR passes — with Finish, after the last
// module pass, through code generation — then the next function does;
// module passes run between. Functions are independent in between (no function pass
// reads or writes another function's body, or the module's lists), so
// with Jobs > 1 they go through their passes concurrently, and the result
// is the same whatever Jobs is.
type Pipeline struct {
	Level  int
	Native bool // run the code generation stages too
	// CodegenOnly runs only the native passes: the IR is optimized already.
	CodegenOnly bool
	// Verify runs the IR verifier after every IR pass and checks the
	// cached analyses at every use (middle/analysis.go); Check runs the
	// allocation checker after every stage from register allocation on.
	Verify, Check bool
	// Jobs is how many functions are compiled at once (0 or 1: one).
	Jobs int
	// Before and After, when set, are called around every pass that runs
	// on each function (Before also for passes that do nothing): f is the
	// function's IR, and mf its machine function from instruction
	// selection on (else nil). For one function the calls come in pass
	// order; with Jobs > 1 calls for different functions come from
	// several goroutines at once.
	Before, After func(p *Pass, f *middle.Func, mf *Func)
	// Barrier, when set, is called before each group of passes, with
	// every function at the same stage: before a module pass, and before
	// the first native pass (then the IR is as the middle leaves it).
	Barrier func(next *Pass, m *middle.Module)
	// Instead, when set, may run an IR pass on a function itself, and
	// reports whether it did: the explorer runs the variants of mem2reg and
	// critical that say what they did.
	Instead func(p *Pass, f *middle.Func) bool
	// Finish, when set, receives each function once it has been through
	// every pass (with its machine function when Native), in m's order and
	// one call at a time; then the function's body is released
	// (middle.Func.Release) and its machine function dropped, so that a
	// module keeps only the functions in flight alive — the driver writes
	// each function's assembly in Finish. The function passes after the
	// last module pass then run as one group: a function goes from its IR
	// passes straight through code generation, without the Barrier before
	// the native passes. An error from Finish stops the run.
	Finish func(f *middle.Func, mf *Func) error
	// Ready, when set with Finish, is called with each function once it
	// has been through every pass, before Finish, on the goroutine that
	// compiled it: for several functions at once, in any order. The
	// driver writes a function's assembly there ahead of its turn
	// (Emitter.Prepare), leaving Finish, which runs one call at a time,
	// little to do.
	Ready func(f *middle.Func, mf *Func)
	// Built, when set, is called with each deferred body once it is built
	// and verified, before its passes, on the goroutine that built it
	// (several at once): the driver paces the collector by the largest
	// function in flight.
	Built func(f *middle.Func)
	// DropIR releases each function's IR body as soon as instruction
	// selection has made its machine code (middle.Func.ReleaseCode),
	// unless -g's DWARF will read it (middle.Func.Tracked): for a run
	// in which nothing else does, no dump nor Before or After that looks
	// at f. Register allocation's intervals then grow where the IR was.
	DropIR bool

	// work is the summarized module passes' work on each function, while
	// the run streams by the module's summary (bottomup.go).
	work map[*Pass]func(*middle.Func) error
}

// PassError is a pass's output failing a check: a compiler bug, named
// after the pass.
type PassError struct {
	Pass string
	Err  error
	Func *Func // the machine function the allocation checker rejected, if any
}

func (e *PassError) Unwrap() error { return e.Err }

func (e *PassError) Error() string {
	if e.Func != nil {
		return fmt.Sprintf("the register allocation is wrong after pass %s: %v", e.Pass, e.Err)
	}
	return fmt.Sprintf("the IR is invalid after pass %s:\n%v", e.Pass, e.Err)
}

// Runs reports whether pl runs p.
func (pl *Pipeline) Runs(p *Pass) bool {
	if p.Native {
		return pl.Native && p.Level <= pl.Level
	}
	return !pl.CodegenOnly && p.Level <= pl.Level
}

// groups splits the passes pl runs into the runs of function passes that
// a function goes through at once, and the module passes between them.
func (pl *Pipeline) groups() [][]*Pass {
	var groups [][]*Pass
	var cur []*Pass
	cut := func() {
		if len(cur) > 0 {
			groups = append(groups, cur)
			cur = nil
		}
	}
	for i := range Passes {
		p := &Passes[i]
		if !pl.Runs(p) {
			continue
		}
		switch {
		case p.Module != nil:
			cut()
			groups = append(groups, []*Pass{p})
			continue
		case p.SCC != nil:
			cut() // the IR passes after it join its group
		case p.Late && len(cur) > 0 && cur[0].SCC != nil:
			cut()
		case p.Native && (len(cur) == 0 || !cur[len(cur)-1].Native):
			cut()
		}
		cur = append(cur, p)
	}
	cut()
	return groups
}

// Run runs the passes pl selects over m. m must verify (the driver checks
// its input first: a pass is entitled to valid input). With pl.Native and
// without pl.Finish, the result is the module's machine functions, in m's
// order, ready for Emit. A check that fails is reported for the first
// function, in m's order, whose check failed.
func (pl *Pipeline) Run(m *middle.Module) ([]*Func, error) {
	var funcs []*middle.Func
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			funcs = append(funcs, f)
		}
	}
	// Instruction selection asks whether each callee is defined while
	// other functions change (release.go).
	m.SnapshotDefinitions()
	if pl.Verify {
		m.CheckAnalyses = true
	}
	mach := make([]*Func, len(funcs))
	groups := pl.groups()
	if pl.Finish != nil {
		groups = fuseTail(groups)
	}
	if pl.Finish != nil && !pl.streamsFrom(groups) && pl.summarizable() {
		if s := middle.Summarize(m); s != nil {
			return nil, pl.streamBottomUp(s)
		}
	}
	// Deferred bodies (middle/lazy.go) are built as each function is
	// handed out when the first group streams; else all at once, first.
	if !pl.streamsFrom(groups) {
		for _, f := range funcs {
			if err := buildBody(f); err != nil {
				return nil, err
			}
		}
	}
	for gi, group := range groups {
		if pl.Barrier != nil {
			pl.Barrier(group[0], m)
		}
		if p := group[0]; p.Module != nil {
			if err := pl.runModule(p, m, funcs, mach); err != nil {
				return nil, err
			}
			m.SnapshotDefinitions()
			continue
		}
		if p := group[0]; p.SCC != nil {
			if err := pl.runSCC(group, m); err != nil {
				return nil, err
			}
			continue
		}
		if pl.Finish != nil && gi == len(groups)-1 {
			return nil, pl.stream(group, funcs, mach)
		}
		errs := make([]error, len(funcs))
		pl.each(len(funcs), func(i int) {
			mach[i], errs[i] = pl.runFunc(group, funcs[i], mach[i])
		})
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
	}
	if pl.Finish != nil {
		// No function pass came after the last module pass.
		return nil, pl.stream(nil, funcs, mach)
	}
	if !pl.Native {
		return nil, nil
	}
	return mach, nil
}

// buildBody builds f's body if it was deferred, and verifies it, as the
// driver verifies a module before the passes. (Built concurrently, the
// bodies took the same CPU time less a few percent of the wall time, but
// the collector, at -O2's pace (gctuning.go), let the peak memory grow by
// a fifth: 600 → 720 MB at 100k lines.)
func buildBody(f *middle.Func) error {
	if !f.Deferred() {
		return nil
	}
	if err := f.Materialize(); err != nil {
		return err
	}
	return verifyBuilt(f)
}

// noteBuilt calls Built for f, built without error.
func (pl *Pipeline) noteBuilt(f *middle.Func, err error) {
	if err == nil && pl.Built != nil {
		pl.Built(f)
	}
}

// verifyBuilt verifies a body built on demand: a failure is a frontend
// bug. It runs in every compile, not only under --verify-each, because the
// passes are entitled to valid input (as for .ll input, which the driver
// verifies first): a bad body is then reported as a compiler bug in the
// frontend rather than becoming wrong code or a crash in some pass. Its
// cost is kept down instead (pooled tables, verify.go; the dominator tree
// it builds is the one mem2reg and the passes after it use).
func verifyBuilt(f *middle.Func) error {
	if err := middle.Verify(f); err != nil {
		return &PassError{Pass: "(building the body)", Err: err}
	}
	return nil
}

// Streams reports whether, with a Finish, functions go through all of
// pl's passes as their bodies are built rather than once every body is:
// no module pass (globalconst, inline) at pl's level needs every body
// first, or each has a summarized form (bottomup.go), which a module
// whose deferred bodies come with their facts allows. Only then can a
// compile's memory follow the functions in flight (the driver then checks
// bodies as they are built and bounds the heap to match).
func (pl *Pipeline) Streams() bool {
	return pl.streamsFrom(fuseTail(pl.groups())) || pl.Finish != nil && pl.summarizable()
}

// ReadsFacts reports whether a module pass pl runs may read the facts a
// frontend declares for each deferred body (middle.BodyFacts): its
// summarized form does (bottomup.go). Without one, as at -O0, a frontend
// need not read them.
func (pl *Pipeline) ReadsFacts() bool {
	for i := range Passes {
		if p := &Passes[i]; pl.Runs(p) && p.wholeModule() {
			return true
		}
	}
	return false
}

// streamsFrom is Streams on pl's groups, the tail fused.
func (pl *Pipeline) streamsFrom(groups [][]*Pass) bool {
	return pl.Finish != nil && len(groups) == 1 && !groups[0][0].wholeModule()
}

// fuseTail joins the function groups after the last module pass into one.
func fuseTail(groups [][]*Pass) [][]*Pass {
	for len(groups) >= 2 {
		a, b := groups[len(groups)-2], groups[len(groups)-1]
		if a[0].wholeModule() || b[0].wholeModule() {
			break
		}
		groups = append(groups[:len(groups)-2], append(append([]*Pass(nil), a...), b...))
	}
	return groups
}

// stream takes each function through group and hands it to pl.Finish in
// m's order: the worker that completes the oldest unfinished function
// finishes it and every completed one after it. Workers take functions in
// order and wait while they would get too far ahead of the oldest
// unfinished one, so that the functions done but not yet finished stay
// few whatever their sizes. A deferred body is built outside the lock and
// committed under it in order (middle/lazy.go); with Ready, the function's
// assembly is written outside it too, so that little but the committing
// and the writing out runs one function at a time.
func (pl *Pipeline) stream(group []*Pass, funcs []*middle.Func, mach []*Func) error {
	n := len(funcs)
	jobs := min(max(pl.Jobs, 1), max(n, 1))
	window := 4 * jobs
	if pl.Ready != nil {
		window += jobs * batchFuncs // room for each worker's batch (stagebatch.go)
	}
	errs := make([]error, n)
	done := make([]bool, n)
	var mu sync.Mutex
	progress := sync.NewCond(&mu)
	next, committed, finished := 0, 0, 0
	finishing, failed := false, false
	// markDone records the i-th function's result and finishes what it
	// can; with mu held.
	markDone := func(i int, mf *Func, err error) {
		mach[i], errs[i], done[i] = mf, err, true
		failed = failed || err != nil
		for !finishing && !failed && finished < n && done[finished] {
			k := finished
			finishing = true
			mu.Unlock()
			err := pl.Finish(funcs[k], mach[k])
			funcs[k].Release()
			mach[k].dropCode()
			mu.Lock()
			mach[k], errs[k] = nil, err
			finishing = false
			failed = failed || err != nil
			finished++
		}
		progress.Broadcast()
	}
	// writeReady writes the text of the functions of q, which are then
	// done; with mu held.
	writeReady := func(q *stageBatch) {
		for _, r := range pl.writeBatch(q, &mu, failed, funcs) {
			markDone(r.i, r.mf, nil)
		}
	}
	worker := func() {
		mu.Lock()
		defer mu.Unlock()
		q := new(stageBatch)
		for {
			for next < n && !failed && next >= finished+window {
				if len(q.funcs) > 0 {
					writeReady(q) // its functions may be the ones waited for
					continue
				}
				progress.Wait()
			}
			if next >= n || failed {
				if len(q.funcs) > 0 {
					writeReady(q)
				}
				return
			}
			i := next
			next++
			mu.Unlock()
			// Bodies are built concurrently and committed in order
			// (middle/lazy.go).
			deferred := funcs[i].Deferred()
			err := funcs[i].Build()
			mu.Lock()
			for committed < i {
				progress.Wait()
			}
			if err == nil {
				funcs[i].Commit()
			}
			committed++
			progress.Broadcast()
			mu.Unlock()
			var mf *Func
			if deferred && err == nil {
				err = verifyBuilt(funcs[i])
				pl.noteBuilt(funcs[i], err)
			}
			if err == nil {
				mf, err = pl.runFunc(group, funcs[i], mach[i])
			}
			mu.Lock()
			if err == nil && pl.Ready != nil {
				if q.add(i, mf, machineSize(mf)) {
					writeReady(q)
				}
				continue
			}
			markDone(i, mf, err)
		}
	}
	var wg sync.WaitGroup
	for range jobs - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker()
		}()
	}
	worker()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// runModule runs the module pass p, with the hooks for every function.
func (pl *Pipeline) runModule(p *Pass, m *middle.Module, funcs []*middle.Func, mach []*Func) error {
	for i, f := range funcs {
		if pl.Before != nil {
			pl.Before(p, f, mach[i])
		}
	}
	p.Module(m)
	for i, f := range funcs {
		if pl.After != nil {
			pl.After(p, f, mach[i])
		}
		if pl.Verify {
			if err := middle.Verify(f); err != nil {
				return &PassError{Pass: p.Name, Err: err}
			}
		}
	}
	return nil
}

// runSCC runs group — an SCC pass and the IR passes after it — over m:
// the pass walks the call graph and hands each function to the rest of
// the group, with the hooks around the pass for that function.
func (pl *Pipeline) runSCC(group []*Pass, m *middle.Module) error {
	p, rest := group[0], group[1:]
	return p.SCC(m, pl.Level, pl.Jobs, func(f *middle.Func, run func()) error {
		if pl.Before != nil {
			pl.Before(p, f, nil)
		}
		run()
		if pl.After != nil {
			pl.After(p, f, nil)
		}
		if pl.Verify {
			if err := middle.Verify(f); err != nil {
				return &PassError{Pass: p.Name, Err: err}
			}
		}
		_, err := pl.runFunc(rest, f, nil)
		return err
	})
}

// runFunc takes f (and mf, its machine function once there is one)
// through the function passes of group.
func (pl *Pipeline) runFunc(group []*Pass, f *middle.Func, mf *Func) (*Func, error) {
	for _, p := range group {
		var err error
		if mf, err = pl.runPass(p, f, mf); err != nil {
			return mf, err
		}
	}
	return mf, nil
}

// runBatch takes the functions fs through group pass by pass: each pass
// runs over every function of the batch before the next pass, so that its
// code stays in the cache from one function to the next (stagebatch.go).
// mfs and errs are by function; one whose pass fails goes no further.
// Before and After still see each function's passes in order.
func (pl *Pipeline) runBatch(group []*Pass, fs []*middle.Func, mfs []*Func, errs []error) {
	for _, p := range group {
		for k, f := range fs {
			if errs[k] == nil {
				mfs[k], errs[k] = pl.runPass(p, f, mfs[k])
			}
		}
	}
}

// runPass runs p on f (whose machine function is mf, once it has one),
// with the hooks and checks pl asks for, and returns f's machine
// function.
func (pl *Pipeline) runPass(p *Pass, f *middle.Func, mf *Func) (*Func, error) {
	if pl.Before != nil {
		pl.Before(p, f, mf)
	}
	switch {
	case p.wholeModule():
		// The summarized form (bottomup.go).
		if err := pl.work[p](f); err != nil {
			return mf, &PassError{Pass: p.Name, Err: err}
		}
	case p.IR != nil:
		epoch := f.CFGEpoch()
		if pl.Instead == nil || !pl.Instead(p, f) {
			p.IR(f)
		}
		if p.KeepsCFG && pl.Verify && f.CFGEpoch() != epoch {
			return mf, &PassError{Pass: p.Name, Err: fmt.Errorf("@%s: the pass is said to keep the CFG, but it changed an edge", f.Name)}
		}
	case p.Isel != nil:
		mf = p.Isel(f)
		mf.keepCode = !pl.DropIR
		if pl.DropIR && !f.Tracked() {
			mf.dropIR()
		}
	default:
		mf.left = false
		p.Mach(mf)
		if !mf.left {
			mf.live, mf.loops = nil, nil // for the pass right after their maker only
		}
	}
	if pl.After != nil {
		pl.After(p, f, mf)
	}
	switch {
	case p.OnIR() && pl.Verify:
		if err := middle.Verify(f); err != nil {
			return mf, &PassError{Pass: p.Name, Err: err}
		}
	case p.Allocated && pl.Check:
		if err := Check(mf); err != nil {
			return mf, &PassError{Pass: p.Name, Err: err, Func: mf}
		}
	}
	return mf, nil
}

// each calls work(i) for every i < n, on pl.Jobs goroutines at most.
func (pl *Pipeline) each(n int, work func(i int)) { middle.ParallelFor(n, pl.Jobs, work) }

// Compile runs the native half of the table (from critical on: m is taken
// to be optimized already) on every function defined in m, with the
// allocation checker, and writes the module's assembly to w. An allocation
// the checker rejects is returned as a *PassError rather than emitted.
func Compile(m *middle.Module, w io.Writer) error { return CompileWithSource(m, w, nil) }

// CompileWithSource is Compile with the source text of m.Source, whose lines
// then appear in the assembly's comments (see EmitWithSource). Each
// function is written as soon as it is compiled, as the command does.
func CompileWithSource(m *middle.Module, w io.Writer, src []byte) error {
	em := NewEmitter(w, m, src)
	pl := &Pipeline{Native: true, CodegenOnly: true, Check: true, Finish: func(_ *middle.Func, mf *Func) error {
		em.Function(mf)
		return nil
	}, Ready: func(_ *middle.Func, mf *Func) { em.Prepare(mf) }}
	if _, err := pl.Run(m); err != nil {
		return err
	}
	return em.Close()
}
