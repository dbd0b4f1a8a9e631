package middle

import "slices"

// Inline replaces calls of small functions, and of functions called from a
// single place, by a copy of the callee's body: the classic bottom-up
// inliner (LLVM's CGSCC inliner; Go's inl.go works the same way with its
// "hairy visitor" budget). A call costs argument shuffling, a frame and
// caller-saved spills, and hides the callee's loops from the caller's
// analyses: after inlining, bounds-check elimination sees the
// toy_new_array call that sized an array the callee walks.
//
// The call graph's strongly connected components (Tarjan, iteratively) come
// out callees first, so a callee is already as inlined as it will get when
// its callers consider it, and its size is final. Calls inside one
// component (recursion, direct or mutual) are never inlined, which bounds
// the work. A call is inlined when the callee has at most inlineSmall
// instructions (inlineSmallInLoop for a call inside one of the caller's
// loops, which runs once per trip, or anywhere in a recursive caller, whose
// body runs once per recursive call: LLVM's inliner weighs call sites by
// their block frequency the same way), not counting its loads and stores
// through pointers to the caller's stack slots (slotAccesses) nor its
// paths to runtime errors (hotSize), or is called from exactly one place
// and has at most inlineSingleSite (inlineSingleSiteInLoop for a call in a
// loop, whose call and frame cost every trip); each caller may grow to inlineGrowth
// times its size plus inlineSlack instructions, and no further — except by
// single-site callees, which it takes while it stays under
// inlineSingleSiteCap: moving the only call's callee into its caller adds
// one copy of the callee to the program, whatever the caller's size (as
// LLVM's bonus for the last call to a local function and gcc's
// -finline-functions-called-once), and the cap keeps a chain of them from
// building one function too big for the passes after.
//
// Splicing (LLVM's InlineFunction): the call's block is split after the
// call; the callee's blocks are cloned in with fresh names (UniqueName keeps
// the source's variable names), their source positions and the inlined
// call recorded for the runtime's traces (InlineSite), parameters map to
// the arguments, every ret becomes a jump to the continuation, where a φ
// collects the result when there is more than one. The allocas of the
// callee's entry block go to the caller's entry block, where mem2reg can
// promote them when the pipeline runs it again (one slot serves every
// execution of the inlined body, as one frame slot served every call; an
// alloca elsewhere, a fresh slot each time it runs, stays where it is).
// Callees are kept: every Toy function is an exported symbol that C may
// call.
//
// Requires: valid SSA in every function. Guarantees: valid SSA; blocks
// left unreachable (after a callee that never returns) removed.
func Inline(m *Module) {
	if err := InlineBottomUp(m, &InlineDefault, 1, nil); err != nil {
		panic(err) // no callback, no error
	}
}

// InlineBottomUp is Inline in LLVM's CGSCC order: each function is handed
// to visit with the inlining into it to run (inline), so that visit can
// run the function passes after inlining too, and a callee is as small
// and simple as it gets before its callers weigh it and copy it. The
// components are taken level by level — a component's level is one more
// than its callees' highest — and the components of one level, which
// neither call nor are called by each other, on up to jobs goroutines at
// once: each reads only the finished bodies of lower levels, so the
// result does not depend on jobs. The first error of visit, in m's
// order, stops the walk after its level. A nil visit only inlines. When
// the frontend gave every body's facts (summary.go), the call counts and
// the recursive functions are the facts', so that a module compiled whole
// and one streamed (InlineSummarized) get the same code.
func InlineBottomUp(m *Module, budget *InlineBudget, jobs int, visit func(f *Func, inline func()) error) error {
	sites := countCallSites(m)
	sccs := callGraphSCCs(m)
	recursive := make(map[*Func]bool)
	for _, scc := range sccs {
		if len(scc) > 1 || callsItself(scc[0]) {
			for _, f := range scc {
				recursive[f] = true
			}
		}
	}
	if s := Summarize(m); s != nil {
		// The counts and cycles of the frontend's facts, as a streamed
		// compile sees them (InlineSummarized); the walk's order, by the
		// IR's calls, is as good.
		sites, recursive = s.sites, s.recursive
	}
	for _, level := range sccLevels(m, sccs) {
		errs := make([]error, len(level))
		ParallelFor(len(level), jobs, func(i int) {
			for _, f := range level[i] {
				inline := func() { inlineInto(f, budget, sites, recursive, nil) }
				switch {
				case visit == nil:
					inline()
				case errs[i] == nil:
					errs[i] = visit(f, inline)
				}
			}
		})
		var first error
		firstAt := len(m.Funcs)
		for i, err := range errs {
			if err == nil {
				continue
			}
			if at := slices.Index(m.Funcs, level[i][0]); at < firstAt {
				first, firstAt = err, at
			}
		}
		if first != nil {
			return first
		}
	}
	return nil
}

// sccLevels groups the components (callees first, as callGraphSCCs gives
// them) by level: 0 for a component that calls no other, else one more
// than the highest level among the components it calls.
func sccLevels(m *Module, sccs [][]*Func) [][][]*Func {
	sccOf := make(map[*Func]int, len(m.Funcs))
	for i, scc := range sccs {
		for _, f := range scc {
			sccOf[f] = i
		}
	}
	levelOf := make([]int, len(sccs))
	var levels [][][]*Func
	for i, scc := range sccs {
		for _, f := range scc {
			for _, b := range f.Blocks {
				for _, v := range b.Instrs {
					if v.Op != OpCall {
						continue
					}
					if j, ok := sccOf[m.Func(v.Sym)]; ok && j != i {
						levelOf[i] = max(levelOf[i], levelOf[j]+1) // j < i: callees come first
					}
				}
			}
		}
		for len(levels) <= levelOf[i] {
			levels = append(levels, nil)
		}
		levels[levelOf[i]] = append(levels[levelOf[i]], scc)
	}
	return levels
}

const (
	inlineSmall            = 40   // instructions: always worth a copy
	inlineSmallInLoop      = 100  // instructions: worth a copy at a call that runs once per trip of a loop
	inlineSingleSite       = 400  // instructions: a callee with one caller moves, within reason
	inlineSingleSiteInLoop = 1000 // instructions: the same for a call that runs once per trip of a loop
	inlineGrowth           = 3    // a caller may become this many times its size ...
	inlineSlack            = 200  // ... plus this many instructions
	inlineSingleSiteCap    = 3000 // instructions: the largest a caller grows by single-site callees beyond the budget
)

// InlineBudget is how much the inliner copies: the limits of Inline's
// doc, in instructions (a zero limit copies nothing by its rule).
type InlineBudget struct {
	Small, SmallInLoop           int // a callee always worth a copy (at a call in a loop)
	SingleSite, SingleSiteInLoop int // a callee with one call site (in a loop)
	Growth, Slack                int // a caller grows to Growth times its size plus Slack ...
	SingleSiteCap                int // ... and by single-site callees up to this
	// KeepSlots leaves alone a call that passes the caller's stack slots
	// to a callee that reads or writes through them (swap(&a, &b)):
	// inlined, it lets mem2reg promote the caller's variables, which -g
	// then describes only where a register still holds them, rather than
	// by their slot everywhere.
	KeepSlots bool
}

// InlineDefault is the inliner's full budget (-O2).
var InlineDefault = InlineBudget{
	Small: inlineSmall, SmallInLoop: inlineSmallInLoop,
	SingleSite: inlineSingleSite, SingleSiteInLoop: inlineSingleSiteInLoop,
	Growth: inlineGrowth, Slack: inlineSlack, SingleSiteCap: inlineSingleSiteCap,
}

// InlineCheap is a budget that copies only leaves not much bigger than a
// call's own code (the argument moves, the call, the frame, the return,
// the result's move, the caller-saved registers kept across it), where the
// call's cost was the point — rotations, mixing steps, accessors, the
// constants an argument brings folded in — and no single-site callee,
// whose copy would go through the passes twice, its own body being kept
// (-O1). What it copies, -O1's cleanups (constfold, copyprop, gvn, dce,
// simplifycfg) fold without -O2's sccp and second simplifycfg.
var InlineCheap = InlineBudget{Small: 20, SmallInLoop: 20, Growth: 2, Slack: 50, KeepSlots: true}

// inlineInto inlines the eligible calls of f, in block order, including the
// calls that inlined bodies bring along (their callees are already done).
// Recursive callees are never inlined: one copy of a recursive body saves
// one call out of many and costs its size. With bodies, a callee's body is
// what bodies gives for it (a summarized walk, summary.go: a frozen copy,
// the callee itself compiling on), weighed first by the sizes kept with the
// copy, and a callee it has no copy of is left alone, which must change
// nothing: bodies must give every callee that could be inlined
// (mayInline).
func inlineInto(f *Func, budget *InlineBudget, sites map[*Func]int, recursive map[*Func]bool, bodies *calleeBodies) {
	size := funcSize(f)
	limit := budget.Growth*size + budget.Slack
	var repl []*Value
	follow := make(map[*Block][]*Block) // blocks to lay out right after a split block
	// Which blocks are in loops, found when a call first has a callee to
	// weigh: most calls have none (a summarized walk thaws only the
	// callees that may be inlined).
	var inLoop []bool
	inLoopAt := func(b *Block) bool {
		if inLoop == nil {
			inLoop = blocksInLoops(f)
			if recursive[f] {
				// Every block of a recursive function runs once per call
				// of it, as a loop's body runs once per trip: weigh its
				// calls alike.
				for i := range inLoop {
					inLoop[i] = true
				}
			}
		}
		return inLoop[b.ID]
	}
	for bi := 0; bi < len(f.Blocks); bi++ {
		b := f.Blocks[bi]
		for _, v := range b.Instrs {
			if v.Block != b {
				v.Block = b // moved here by the inlining of a call before it (inlineCall)
			}
			if v.Op != OpCall {
				continue
			}
			g := f.Module.Func(v.Sym)
			if g == nil || recursive[g] || g == f {
				continue
			}
			calls := sites[g]
			small, single := budget.Small, budget.SingleSite
			// tooBig and tooHot weigh g's sizes, and the loads and
			// stores through slots of f it would make (slotAccesses).
			tooBig := func(gs, hot int) bool {
				once := calls == 1 && hot <= single
				return size+gs > limit && !(once && size+gs <= budget.SingleSiteCap)
			}
			tooHot := func(hot, slots int) bool {
				once := calls == 1 && hot <= single
				return slots > 0 && budget.KeepSlots || hot-slots > small && !once
			}
			if bodies != nil {
				// Weighed first by the sizes kept with the frozen copy,
				// with no slot accessed unless the call passes one, so
				// that a copy is thawed only for a call that may take it.
				gs, hot, ok := bodies.sizes(g)
				if !ok {
					continue
				}
				if inLoopAt(b) {
					small, single = budget.SmallInLoop, budget.SingleSiteInLoop
				}
				if tooBig(gs, hot) || !passesSlot(v) && tooHot(hot, 0) {
					continue
				}
				if g = bodies.body(g); g == nil {
					continue
				}
			}
			if g.IsDecl() || len(g.Params) != len(v.Args) {
				continue
			}
			if inLoopAt(b) {
				small, single = budget.SmallInLoop, budget.SingleSiteInLoop
			}
			gs, hot := funcSize(g), hotSize(g)
			if tooBig(gs, hot) || tooHot(hot, slotAccesses(g, v)) {
				continue
			}
			result, added := inlineCall(v, g, false)
			follow[b] = added
			// The callee's blocks and the continuation run as often as
			// the call did: inside the caller's loop if it was in one.
			for _, x := range added {
				for len(inLoop) <= x.ID {
					inLoop = append(inLoop, false)
				}
				inLoop[x.ID] = inLoop[b.ID]
			}
			if result != nil {
				for len(repl) <= v.ID {
					repl = append(repl, nil)
				}
				repl[v.ID] = result
			}
			size += gs
			break // the rest of b moved to the continuation block, visited later
		}
	}
	if len(follow) == 0 {
		return
	}
	f.ReplaceUses(repl)
	layOut(f, follow)
	RemoveUnreachable(f)
}

// mayInline reports whether inlineInto could inline some call of g: it
// is not recursive, and it passes the size test at a call in a loop with
// every parameter given a stack slot (slotAccesses), or as the only call.
// A function it rejects is never copied, whatever its callers are.
func mayInline(g *Func, budget *InlineBudget, sites map[*Func]int, recursive map[*Func]bool) bool {
	if recursive[g] {
		return false
	}
	hot := hotSize(g)
	if sites[g] == 1 && hot <= max(budget.SingleSite, budget.SingleSiteInLoop) {
		return true
	}
	if budget.KeepSlots {
		return hot <= max(budget.Small, budget.SmallInLoop)
	}
	return hot-paramAccesses(g) <= max(budget.Small, budget.SmallInLoop)
}

// paramAccesses counts the loads and stores of g through any parameter:
// slotAccesses at a call that passes a slot for every one.
func paramAccesses(g *Func) int {
	viaParam := make(map[*Value]bool, len(g.Params))
	for _, p := range g.Params {
		viaParam[p] = true
	}
	return accessesThrough(g, viaParam)
}

// accessesThrough counts the loads and stores of g whose address is one
// of the pointers in via.
func accessesThrough(g *Func, via map[*Value]bool) int {
	n := 0
	for _, b := range g.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpLoad && via[v.Args[0]] || v.Op == OpStore && via[v.Args[1]] {
				n++
			}
		}
	}
	return n
}

// InlineSummarized is Inline a function at a time, from the module's
// summary: the work on f inlines into f the frozen copies of the callees
// the summary has settled (Summary.Settle). The pipeline gives f to it
// once every function f calls outside its component is settled, and
// settles f once the passes after inline are done with it; then the
// result is Inline's.
func InlineSummarized(s *Summary, budget *InlineBudget) func(*Func) error {
	s.inline = budget
	return func(f *Func) error {
		if err := s.CheckFacts(f); err != nil {
			return err
		}
		inlineInto(f, budget, s.sites, s.recursive, s.thawed())
		return s.frozen.failed()
	}
}

// passesSlot reports whether call passes one of its function's stack
// slots: else slotAccesses is 0 whatever the callee.
func passesSlot(call *Value) bool {
	for _, a := range call.Args {
		if a.Op == OpAlloca {
			return true
		}
	}
	return false
}

// slotAccesses counts the loads and stores of g that go through a
// parameter to which call passes one of its function's stack slots: once
// inlined, mem2reg turns them into nothing (LLVM's inline cost counts them
// as the savings of SROA on the caller's allocas in the same way). A
// helper that updates its caller's variables through pointers, such as
// `swap(&a, &b)`, costs its arithmetic alone.
func slotAccesses(g *Func, call *Value) int {
	viaSlot := make(map[*Value]bool)
	for i, p := range g.Params {
		if call.Args[i].Op == OpAlloca {
			viaSlot[p] = true
		}
	}
	if len(viaSlot) == 0 {
		return 0
	}
	return accessesThrough(g, viaSlot)
}

// blocksInLoops reports, by Block.ID, whether each block of f is inside a
// natural loop of f.
func blocksInLoops(f *Func) []bool {
	in := make([]bool, f.NumBlocks())
	if len(f.Blocks) == 0 {
		return in
	}
	nest := f.Loops()
	for _, b := range f.Blocks {
		in[b.ID] = nest.Depth(b) > 0
	}
	return in
}

// callsItself reports whether f calls itself directly.
func callsItself(f *Func) bool {
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpCall && v.Sym == f.Name {
				return true
			}
		}
	}
	return false
}

// layOut orders f's blocks so that each split block is followed by the
// blocks inlining added after it (the callee's body, then the continuation,
// each of which may have been split in turn): the source's order, with
// every callee's body where its call was.
func layOut(f *Func, follow map[*Block][]*Block) {
	added := make([]bool, f.NumBlocks())
	for _, b := range f.Blocks {
		for _, x := range follow[b] {
			added[x.ID] = true
		}
	}
	order := make([]*Block, 0, len(f.Blocks))
	var stack []*Block
	for _, top := range f.Blocks {
		if added[top.ID] {
			continue
		}
		stack = append(stack[:0], top)
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			order = append(order, b)
			bs := follow[b]
			for i := len(bs) - 1; i >= 0; i-- {
				stack = append(stack, bs[i])
			}
		}
	}
	f.Blocks = order
}

// funcSize is the inliner's cost measure: the number of instructions.
func funcSize(f *Func) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	return n
}

// hotSize is funcSize without the blocks that end in unreachable: the
// paths to a runtime error, which run at most once per program and cost
// the caller's hot path nothing but code size once copied in (as LLVM's
// inline cost leaves out the blocks it finds unlikely, and gcc's
// estimate weighs statements by frequency).
func hotSize(f *Func) int {
	n := 0
	for _, b := range f.Blocks {
		if t := b.Term(); t == nil || t.Op != OpUnreachable {
			n += len(b.Instrs)
		}
	}
	return n
}

// countCallSites counts, for each function, the call instructions that call
// it anywhere in m.
func countCallSites(m *Module) map[*Func]int {
	sites := make(map[*Func]int)
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op == OpCall {
					if g := m.Func(v.Sym); g != nil {
						sites[g]++
					}
				}
			}
		}
	}
	return sites
}

// callGraphSCCs returns the strongly connected components of the call graph
// of m's defined functions, callees before callers, each component's
// functions in module order (stronglyConnected).
func callGraphSCCs(m *Module) [][]*Func {
	var defined []*Func
	index := make(map[*Func]int, len(m.Funcs))
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			index[f] = len(defined)
			defined = append(defined, f)
		}
	}
	callees := make([][]int, len(defined))
	for i, f := range defined {
		seen := make(map[int]bool)
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				if v.Op != OpCall {
					continue
				}
				if j, ok := index[m.Func(v.Sym)]; ok && !seen[j] {
					seen[j] = true
					callees[i] = append(callees[i], j)
				}
			}
		}
	}
	var sccs [][]*Func
	for _, scc := range stronglyConnected(len(defined), callees) {
		comp := make([]*Func, len(scc))
		for i, x := range scc {
			comp[i] = defined[x]
		}
		sccs = append(sccs, comp)
	}
	return sccs
}

// stronglyConnected returns the strongly connected components of the
// graph of n nodes with the edges callees, callees before callers (Tarjan's
// algorithm, iteratively, emits them in that order; roots are taken in
// index order, and each node's edges in their order), each component's
// nodes in increasing order.
func stronglyConnected(n int, callees [][]int) [][]int {
	const unvisited = -1
	order := make([]int, n) // Tarjan's discovery index
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range order {
		order[i] = unvisited
	}
	var stack []int
	var sccs [][]int
	clock := 0
	type frame struct{ fn, next int }
	for root := range n {
		if order[root] != unvisited {
			continue
		}
		work := []frame{{root, 0}}
		order[root], low[root] = clock, clock
		clock++
		stack = append(stack, root)
		onStack[root] = true
		for len(work) > 0 {
			top := &work[len(work)-1]
			if top.next < len(callees[top.fn]) {
				c := callees[top.fn][top.next]
				top.next++
				switch {
				case order[c] == unvisited:
					order[c], low[c] = clock, clock
					clock++
					stack = append(stack, c)
					onStack[c] = true
					work = append(work, frame{c, 0})
				case onStack[c]:
					low[top.fn] = min(low[top.fn], order[c])
				}
				continue
			}
			fn := top.fn
			work = work[:len(work)-1]
			if len(work) > 0 {
				parent := work[len(work)-1].fn
				low[parent] = min(low[parent], low[fn])
			}
			if low[fn] != order[fn] {
				continue
			}
			var scc []int
			for {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[x] = false
				scc = append(scc, x)
				if x == fn {
					break
				}
			}
			slices.Sort(scc)
			sccs = append(sccs, scc)
		}
	}
	return sccs
}

// inlineCall replaces the call instruction call (in its block) by a copy of
// g's body. It returns the value that stands for the call's result (nil for
// a void call, the returned value, a φ of the returned values, or undef
// when g never returns) and the blocks it added, in layout order, the
// continuation (the instructions after the call) last. The call
// instruction is removed; the caller must rewrite the uses of call to the
// result. With setBlocks false, the continuation's instructions still name
// call's block as theirs, and the caller must set them (inlineInto does as
// its scan reaches them): setting them here, for each call inlined, made
// inlining the n calls of one block take n²/2 steps.
func inlineCall(call *Value, g *Func, setBlocks bool) (*Value, []*Block) {
	f := call.Block.Func
	b := call.Block
	pos := indexOf(b.Instrs, call)

	// Split: the continuation takes everything after the call, and with it
	// b's place as the predecessor of b's successors. It takes the array
	// too, from past the call on, rather than a copy (again n²/2 steps),
	// and b keeps the part before the call, with no room after it to
	// write over the continuation's.
	cont := f.NewBlock(g.Name + ".cont")
	cont.Instrs = b.Instrs[pos+1:]
	if setBlocks {
		for _, v := range cont.Instrs {
			v.Block = cont
		}
	}
	b.Instrs[pos] = nil
	b.Instrs = b.Instrs[:pos:pos]
	b.MoveSuccsTo(cont)
	f.tracking().split(b, cont)

	c := &cloner{f: f, vals: make([]*Value, g.NumValues()), blocks: make([]*Block, g.NumBlocks())}
	c.sites = newInlineSites(f, g, call)
	for i, p := range g.Params {
		c.vals[p.ID] = call.Args[i]
	}
	for _, gb := range g.Blocks {
		c.blocks[gb.ID] = f.NewBlock(gb.Name)
	}
	added := make([]*Block, 0, len(g.Blocks)+1)
	for _, gb := range g.Blocks {
		added = append(added, c.blocks[gb.ID])
	}
	added = append(added, cont)
	var allocas []*Value
	var results []*Value
	var returners []*Block
	for _, gb := range g.Blocks {
		nb := c.blocks[gb.ID]
		c.cloneEdges(gb, nb)
		for _, v := range gb.Instrs {
			if v.Op == OpRet {
				jump := f.NewValue(OpBr, Void, "")
				jump.Pos, jump.Inlined = v.Pos, c.sites.site(v.Inlined)
				nb.Append(jump)
				nb.AddEdgeTo(cont)
				c.vals[v.ID] = jump // where an assignment anchored to the ret is now
				if len(v.Args) > 0 {
					results = append(results, v.Args[0])
					returners = append(returners, nb)
				}
				continue
			}
			nv := c.clone(v)
			if v.Op == OpAlloca && gb == g.Entry() {
				allocas = append(allocas, nv)
				continue
			}
			nb.Append(nv)
		}
	}
	c.mapOperands()
	if d := f.tracking(); d != nil {
		d.inlined(g.debugFacts(), c)
	}

	jump := f.NewValue(OpBr, Void, "")
	jump.SetOrigin(call)
	b.Append(jump)
	b.AddEdgeTo(c.blocks[g.Entry().ID])
	entry := f.Entry()
	at := 0
	for at < len(entry.Instrs) && entry.Instrs[at].Op == OpAlloca {
		at++
	}
	entry.Instrs = append(entry.Instrs[:at], append(allocas, entry.Instrs[at:]...)...)
	for _, a := range allocas {
		a.Block = entry
	}

	if call.Type == Void {
		return nil, added
	}
	switch len(results) {
	case 0:
		return f.Undef(call.Type), added
	case 1:
		return c.mapped(results[0]), added
	}
	phi := f.NewValue(OpPhi, call.Type, call.Name)
	phi.SetOrigin(call)
	cont.InsertPhi(phi)
	for i, r := range results {
		phi.AddIncoming(c.mapped(r), returners[i])
	}
	return phi, added
}

func indexOf(vs []*Value, v *Value) int {
	for i, x := range vs {
		if x == v {
			return i
		}
	}
	return -1
}

// cloner copies instructions of one function into another, mapping values
// and blocks by their IDs in the source function.
type cloner struct {
	f      *Func
	vals   []*Value // by source Value.ID
	blocks []*Block // by source Block.ID
	made   []*Value // clones whose operands still name source values
	// sites maps the source's inline sites when it is another function
	// (inlining); nil: the copy stays in the function, with its sites.
	sites *inlineSites
}

// clone copies v's fields into a fresh value of c.f; operands are mapped
// later by mapOperands, since φs name values defined further down.
func (c *cloner) clone(v *Value) *Value {
	nv := c.f.NewValue(v.Op, v.Type, v.Name, v.Args...)
	nv.Const, nv.Pred, nv.Elem, nv.Sym, nv.Index = v.Const, v.Pred, v.Elem, v.Sym, v.Index
	nv.Invariant, nv.Pos, nv.Inlined = v.Invariant, v.Pos, v.Inlined
	if c.sites != nil {
		nv.Inlined = c.sites.site(v.Inlined)
	}
	c.vals[v.ID] = nv
	c.made = append(c.made, nv)
	return nv
}

// fit grows c's tables to its function's values and blocks. A pass that
// copies many parts of one function keeps one cloner, forgetting each
// copy, rather than making tables of the function's size for each.
func (c *cloner) fit() {
	if n := c.f.NumValues(); n > len(c.vals) {
		c.vals = append(c.vals, make([]*Value, max(n, 2*len(c.vals))-len(c.vals))...)
	}
	if n := c.f.NumBlocks(); n > len(c.blocks) {
		c.blocks = append(c.blocks, make([]*Block, max(n, 2*len(c.blocks))-len(c.blocks))...)
	}
}

// forget clears what copying the source blocks set, which must still hold
// the instructions copied (and perhaps more since).
func (c *cloner) forget(blocks []*Block) {
	for _, b := range blocks {
		c.blocks[b.ID] = nil
		for _, v := range b.Instrs {
			if v.ID < len(c.vals) {
				c.vals[v.ID] = nil
			}
		}
	}
	c.made = c.made[:0]
}

func (c *cloner) mapOperands() {
	for _, nv := range c.made {
		for i, a := range nv.Args {
			nv.Args[i] = c.mapped(a)
		}
	}
}

// cloneEdges gives nb, the copy of the source block gb, the copies of
// gb's edges, in the same places, so that copied φs and terminators keep
// their meaning. Every block gb reaches or is reached from must be copied
// too (the whole source function).
func (c *cloner) cloneEdges(gb, nb *Block) {
	c.f.cfgChanged()
	for _, e := range gb.Succs {
		nb.Succs = append(nb.Succs, Edge{c.blocks[e.b.ID], e.i})
	}
	for _, e := range gb.Preds {
		nb.Preds = append(nb.Preds, Edge{c.blocks[e.b.ID], e.i})
	}
}

// mapped returns the caller's counterpart of the source value v: its clone
// or argument, or a fresh operand for constants, undef and globals.
func (c *cloner) mapped(v *Value) *Value {
	if v.ID < len(c.vals) && c.vals[v.ID] != nil {
		return c.vals[v.ID]
	}
	switch v.Op {
	case OpConst:
		return c.f.Const(v.Type, v.Const)
	case OpUndef:
		return c.f.Undef(v.Type)
	case OpGlobal:
		return c.f.GlobalAddr(v.Sym)
	}
	panic("inline: operand " + v.String() + " has no counterpart")
}
