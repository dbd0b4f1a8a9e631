package middle

import (
	"slices"
	"sync"
)

// Module facts known before the bodies: the module passes (globalconst,
// inline) read every body of the module, which is what kept a compile at
// -O2 from streaming (release.go, lazy.go). What they read of the other
// functions is little — which functions each body calls, how often, and
// which globals it may write or take the address of — and a frontend can
// tell that about a body without building it (frontend/bodyfacts.go reads
// it off the tokens, as the skim goes by). With each deferred body's facts
// declared (DeclareFacts), the module's summary (Summarize) gives the
// passes what they took from the bodies, and the pipeline can take each
// function through every pass on its own: globalconst folds a function's
// loads from the summary, and inline takes a function once every function
// it calls outside its component has been through the passes before the
// late ones, as the bottom-up walk over the whole call graph did (LLVM's
// CGSCC walk needs the call graph, not the bodies, to order its work).
//
// The facts must describe the body as the passes see it after mem2reg:
// every call of a defined function, and every global the body may store
// to or take the address of otherwise. A frontend may say more than the
// body does (a global it assigns in code that is never lowered); the
// passes then do less, never wrong. It must never say less: globalconst
// checks each function's IR against the summary and fails the compile
// (SummaryError) rather than fold a global some body writes, and the
// pipeline's verifier checks the calls (CheckFacts).

// BodyFacts is what a body does to the rest of the module, by symbol.
type BodyFacts struct {
	Calls     []string // the defined functions it calls, once per call site
	Assigned  []string // the globals it may store to
	Addressed []string // the globals whose address it may take other than to load or store
	// Allocations are its assignments g = new(T, n) of globals, each
	// also among Assigned; Uses the globals it names at all, once each
	// (arraylength.go).
	Allocations []Allocation
	Uses        []string
	// Tokens is the body's size in tokens, for the passes that keep
	// every body built only for programs of a modest size (ipranges.go).
	Tokens int
}

// DeclareFacts gives the facts of f's deferred body.
func (f *Func) DeclareFacts(facts *BodyFacts) { f.facts = facts }

// Facts returns the facts of f's deferred body, until f is released.
func (f *Func) Facts() *BodyFacts { return f.facts }

// Summary is what the module passes need to know of a module's bodies.
type Summary struct {
	m       *Module
	funcs   []*Func // the defined functions, in the module's order
	index   map[*Func]int
	callees [][]int // per function: the distinct callees outside its component
	comp    []int   // per function: its strongly connected component
	sites   map[*Func]int
	// recursive marks the functions in a cycle of the call graph.
	recursive map[*Func]bool
	// assigned and addressed are the globals some body may store to, or
	// take the address of other than to load or store it.
	assigned, addressed map[string]bool
	// frozen holds the settled bodies callers may still inline (Settle),
	// written by writers, one per Settle running at a time; the oldest
	// spilled to a file past a budget (frozenspill.go).
	frozen *frozenStore
	// assigns counts the assignments of each global; allocs lists those
	// that are allocations (arraylength.go).
	assigns map[string]int
	allocs  map[string][]Allocation
	// calls lists, per function, the distinct functions it calls; users,
	// per global, the functions that name it.
	calls   [][]int
	users   map[string][]int
	writers sync.Pool
	// inline is the inliner's budget (InlineSummarized), by which Settle
	// keeps the bodies a caller may inline.
	inline *InlineBudget
}

// Summarize returns m's summary from the facts of its bodies, or nil
// when a defined function has none (its body was not deferred with them).
func Summarize(m *Module) *Summary {
	s := &Summary{m: m, index: make(map[*Func]int), assigned: make(map[string]bool), addressed: make(map[string]bool),
		assigns: make(map[string]int), allocs: make(map[string][]Allocation), users: make(map[string][]int)}
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		if f.facts == nil {
			return nil
		}
		s.index[f] = len(s.funcs)
		s.funcs = append(s.funcs, f)
	}
	n := len(s.funcs)
	calls := make([][]int, n)
	s.sites = make(map[*Func]int)
	for i, f := range s.funcs {
		seen := make(map[int]bool)
		for _, name := range f.facts.Calls {
			g := m.Func(name)
			j, ok := s.index[g]
			if !ok {
				continue
			}
			s.sites[g]++
			if !seen[j] {
				seen[j] = true
				calls[i] = append(calls[i], j)
			}
		}
		for _, name := range f.facts.Assigned {
			s.assigned[name] = true
			s.assigns[name]++
		}
		for _, a := range f.facts.Allocations {
			s.allocs[a.Global] = append(s.allocs[a.Global], a)
		}
		for _, name := range f.facts.Uses {
			s.users[name] = append(s.users[name], i)
		}
		for _, name := range f.facts.Addressed {
			s.addressed[name] = true
		}
	}
	s.calls = calls
	s.comp = make([]int, n)
	s.recursive = make(map[*Func]bool)
	for c, scc := range stronglyConnected(n, calls) {
		for _, i := range scc {
			s.comp[i] = c
		}
		if len(scc) > 1 || slices.Contains(calls[scc[0]], scc[0]) {
			for _, i := range scc {
				s.recursive[s.funcs[i]] = true
			}
		}
	}
	s.callees = make([][]int, n)
	for i := range calls {
		for _, j := range calls[i] {
			if s.comp[j] != s.comp[i] {
				s.callees[i] = append(s.callees[i], j)
			}
		}
	}
	s.frozen = newFrozenStore(n)
	return s
}

// Funcs returns the defined functions, in the module's order.
func (s *Summary) Funcs() []*Func { return s.funcs }

// Callees returns, by their index in Funcs, the functions the i-th calls
// outside its own component: those the bottom-up walk finishes first.
func (s *Summary) Callees(i int) []int { return s.callees[i] }

// Settle records that the i-th function is done with the passes an SCC
// pass runs on it, and reports whether a caller may still inline it: then
// the summary keeps a frozen copy of its body (freeze) for them until
// Drop, and the function itself may go on; calls lists, by their index in
// Funcs, the functions its body calls, which a caller that inlines it may
// inline in turn (their copies must stay while this one does).
// Functions may settle at once, on different goroutines; the caller
// orders each Settle before the inlining into its callers that reads the
// copy, and that before the copy's Drop.
func (s *Summary) Settle(i int) (inlinable bool, calls []int) {
	f := s.funcs[i]
	if s.inline == nil || !mayInline(f, s.inline, s.sites, s.recursive) {
		return false, nil
	}
	e, _ := s.writers.Get().(*frozenWriter)
	if e == nil {
		e = new(frozenWriter)
	}
	s.frozen.put(i, e.freeze(f), funcSize(f), hotSize(f))
	s.writers.Put(e)
	seen := make(map[int]bool)
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op != OpCall {
				continue
			}
			if j, ok := s.index[s.m.Func(v.Sym)]; ok && !seen[j] {
				seen[j] = true
				calls = append(calls, j)
			}
		}
	}
	return true, calls
}

// Drop drops the frozen copy of the i-th function: no caller will inline
// it any more.
func (s *Summary) Drop(i int) { s.frozen.drop(i) }

// Close ends the summary's use: the frozen copies' file, if one was
// made, is closed.
func (s *Summary) Close() { s.frozen.close() }

// calleeBodies are, for inlining into one function, the bodies of its
// callees that callers may still inline, each thawed once from its frozen
// copy, and nil for the others (not settled, or rejected by mayInline:
// they are left alone without their bodies being read, which another
// goroutine may be compiling).
type calleeBodies struct {
	frozen *frozenStore
	index  map[*Func]int // the functions' numbers in frozen
	made   map[*Func]*Func
}

func newCalleeBodies(frozen *frozenStore, index map[*Func]int) *calleeBodies {
	return &calleeBodies{frozen: frozen, index: index, made: make(map[*Func]*Func)}
}

func (s *Summary) thawed() *calleeBodies { return newCalleeBodies(s.frozen, s.index) }

// sizes returns g's sizes as it settled, false when it settled without a
// copy or has not settled: a call the sizes rule out needs no thawing (at
// 100k lines, most of the copies thawed were then not inlined).
func (c *calleeBodies) sizes(g *Func) (size, hot int, ok bool) {
	i, ok := c.index[g]
	if !ok {
		return 0, 0, false
	}
	return c.frozen.sizes(i)
}

// body returns g's body, thawed, or nil.
func (c *calleeBodies) body(g *Func) *Func {
	if body, ok := c.made[g]; ok {
		return body
	}
	var body *Func
	if i, ok := c.index[g]; ok {
		if data := c.frozen.get(i); data != nil {
			body = thaw(g, data)
		}
	}
	c.made[g] = body
	return body
}

// CheckFacts reports a call of f, as the IR has it, that f's facts do not
// list (as often): a frontend bug, which would make the inliner's order
// wrong (never its results invalid: a callee not yet settled is not
// inlined). Facts may list more calls than the IR has.
func (s *Summary) CheckFacts(f *Func) error {
	if f.facts == nil {
		return nil
	}
	want := make(map[string]int)
	for _, name := range f.facts.Calls {
		if s.m.DefinesFunc(name) {
			want[name]++
		}
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpCall && s.m.DefinesFunc(v.Sym) {
				want[v.Sym]--
			}
		}
	}
	for name, n := range want {
		if n < 0 {
			return &SummaryError{Func: f.Name, Msg: "its facts count calls of @" + name + " fewer times than its IR has"}
		}
	}
	return nil
}

// SummaryError is a body that does what its facts said it does not: a
// frontend bug that a module pass caught before it made wrong code.
type SummaryError struct {
	Func string
	Msg  string
}

func (e *SummaryError) Error() string {
	return "@" + e.Func + " does not match the module's summary: " + e.Msg
}
