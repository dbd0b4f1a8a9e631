package middle

// Index ranges across functions: which parameters, results and array
// elements of a whole program are always valid indices of its global
// arrays of known length (arraylength.go), so that the range prover
// (range.go) can remove the checks of a callee on its parameters, of a
// walk down a linked structure kept in index arrays (`e = next[e]`), and
// of an index a function returns. Are We Fast Yet's List passes list
// heads from make_list to tail and is_shorter_than, which follow next[e]:
// every check there is on a parameter or on a loop's φ whose entry value
// is one. This is interprocedural value-range propagation in the manner
// of GCC's IPA-VRP and of Wegman and Zadeck's optimistic propagation, for
// one lattice: an int parameter (every call's argument), result (every
// return's value) or element of a global array (every store's value, and
// the zeros of its allocations) lies in [0, L - 1], for each length L the
// program's known-length globals have (a literal, or a class's, which is
// fixed once main allocated it).
//
// The facts are the greatest fixpoint of their own proofs: every
// candidate is assumed, and each one whose producers the range prover
// cannot show in range, with the assumed facts at hand, is dropped, until
// none is. The remaining facts hold in every run by induction over it:
// the first value to break one would come from a call, return or store
// whose proof rested on facts about values made earlier (a call's
// argument on the caller's parameters, elements loaded, results of
// calls returned), all of which held then. The producers are every call,
// return and store of the whole program, so:
//   - the module is a whole program (isWholeProgram): nothing outside it
//     calls its functions but the runtime, which calls only toy_main, and
//     Toy has no function values; a function whose symbol is used other
//     than as a callee gets no parameter facts all the same;
//   - an array's elements are known only if every array the global points
//     to is reached from the global alone: every load of it is used only
//     to address elements of int type and the length, and every
//     allocation stored to it has no other use;
//   - every body is built, after mem2reg, when the facts are found
//     (SolveRanges): a function's passes may use them only after that, so
//     the streaming pipeline builds every body of such a program before
//     the SCC passes (backend/bottomup.go), and a program larger than
//     ipRangesMaxTokens goes without.
//
// Once found, the facts are about the values of the source program and
// hold in any later form of a body: a parameter is the value of the
// current call, a call of a function gives its result, and a load of an
// int element through a load of the global gives an element.

// ipRangesMaxTokens bounds the programs whose bodies are all kept built
// for the facts, in the tokens of their bodies: past it, the pipeline
// streams as without them (and a whole compile does without them too, so
// that both make the same code). 200k tokens are about 25k lines; after
// mem2reg, their IR is about 100 MB.
const ipRangesMaxTokens = 200000

// ipFact is a candidate: the result (param < 0) or a parameter of fn,
// or (fn == "") an element of the global array global, lies in [0, L-1]
// for the kind-th known length L.
type ipFact struct {
	kind   int
	fn     string
	param  int
	global string
}

// ipRanges are the facts of a program: its lengths (kinds), the
// candidates, and which of them hold (alive), by what they are about.
type ipRanges struct {
	kinds  []ArrayLength
	facts  []ipFact
	alive  []bool
	rets   map[string][]int   // fact indices, by function
	params map[string][][]int // by function, by parameter
	elems  map[string][]int   // by global
}

// WantsRanges reports whether the module's functions should wait for
// SolveRanges before the SCC passes: the module is a whole program with a
// global array of known length (GlobalConstantsSummarized has run), and
// not so large that keeping its bodies built would cost much memory.
func (s *Summary) WantsRanges() bool {
	if !isWholeProgram(s.m) {
		return false
	}
	tokens := 0
	for _, f := range s.funcs {
		tokens += f.facts.Tokens
	}
	if tokens > ipRangesMaxTokens {
		return false
	}
	for _, g := range s.m.Globals {
		if g.Length != nil {
			return true
		}
	}
	return false
}

// SolveRanges finds the module's facts, once every function is built;
// the range prover uses them from then on.
func (s *Summary) SolveRanges() { solveRanges(s.m) }

// solveRanges finds the facts of m, whose functions are all built and
// through mem2reg, and records them for the range prover.
func solveRanges(m *Module) {
	m.ranges = nil
	if !isWholeProgram(m) {
		return
	}
	r := candidateRanges(m)
	if r == nil {
		return
	}
	var funcs []*Func
	for _, f := range m.Funcs {
		if !f.IsDecl() {
			funcs = append(funcs, f)
		}
	}
	// Each round proves, in every function whose earlier proofs looked at
	// a fact dropped since, what it produces; the facts it fails are
	// dropped at the end of the round.
	consulted := make([][]bool, len(funcs))
	dropped := make([]bool, len(r.facts))
	for round := 0; ; round++ {
		var drop []int
		for i, f := range funcs {
			if round > 0 && !usesDropped(consulted[i], dropped) {
				continue
			}
			failed, used := r.verify(f)
			drop = append(drop, failed...)
			consulted[i] = used
		}
		clear(dropped)
		n := 0
		for _, k := range drop {
			if r.alive[k] {
				r.alive[k], dropped[k] = false, true
				n++
			}
		}
		if n == 0 {
			break
		}
	}
	m.ranges = r
}

// usesDropped reports whether some fact is both used and dropped.
func usesDropped(used, dropped []bool) bool {
	for k, u := range used {
		if u && dropped[k] {
			return true
		}
	}
	return false
}

// candidateRanges returns every fact that might hold, all alive, or nil
// when the program has no global array of a known positive length.
func candidateRanges(m *Module) *ipRanges {
	r := &ipRanges{rets: make(map[string][]int), params: make(map[string][][]int), elems: make(map[string][]int)}
	kindOf := make(map[ArrayLength]bool)
	var arrays []string
	for _, g := range m.Globals {
		l := g.Length
		if l == nil {
			continue
		}
		arrays = append(arrays, g.Name)
		if (l.Class != "" || l.Const >= 1) && !kindOf[*l] {
			kindOf[*l] = true
			r.kinds = append(r.kinds, *l)
		}
	}
	if len(r.kinds) == 0 {
		return nil
	}
	addressed, escaped := ipExclusions(m, arrays)
	add := func(f ipFact) int {
		r.facts = append(r.facts, f)
		r.alive = append(r.alive, true)
		return len(r.facts) - 1
	}
	for _, f := range m.Funcs {
		if f.IsDecl() || f.Name == "toy_main" {
			continue
		}
		if f.Result == I64 {
			for k := range r.kinds {
				r.rets[f.Name] = append(r.rets[f.Name], add(ipFact{kind: k, fn: f.Name, param: -1}))
			}
		}
		if addressed[f.Name] {
			continue
		}
		ps := make([][]int, len(f.Params))
		for i, p := range f.Params {
			if p.Type != I64 {
				continue
			}
			for k := range r.kinds {
				ps[i] = append(ps[i], add(ipFact{kind: k, fn: f.Name, param: i}))
			}
		}
		r.params[f.Name] = ps
	}
	for _, name := range arrays {
		if escaped[name] {
			continue
		}
		l := m.Global(name).Length
		for k, kind := range r.kinds {
			// The zeros of an allocation are in [0, L - 1] when L ≥ 1:
			// a literal one, or the array's own class's (whoever reads
			// an element of it found it not empty).
			if kind.Class == "" || kind == *l {
				r.elems[name] = append(r.elems[name], add(ipFact{kind: k, global: name}))
			}
		}
	}
	return r
}

// ipExclusions returns the defined functions whose symbol m uses other
// than as a callee, and the global arrays among arrays whose arrays
// something other than their global may reach.
func ipExclusions(m *Module, arrays []string) (addressed, escaped map[string]bool) {
	addressed, escaped = make(map[string]bool), make(map[string]bool)
	isArray := make(map[string]bool, len(arrays))
	for _, a := range arrays {
		isArray[a] = true
	}
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		users := make(map[*Value][]*Value)
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				for _, a := range v.Args {
					users[a] = append(users[a], v)
					if a.Op == OpGlobal && m.DefinesFunc(a.Sym) {
						addressed[a.Sym] = true
					}
				}
			}
		}
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				switch {
				case v.Op == OpLoad && v.Args[0].Op == OpGlobal && isArray[v.Args[0].Sym]:
					if !onlyAddressesElements(v, users) {
						escaped[v.Args[0].Sym] = true
					}
				case v.Op == OpStore && v.Args[1].Op == OpGlobal && isArray[v.Args[1].Sym]:
					// globalconst checked that it stores an allocation.
					if len(users[v.Args[0]]) != 1 {
						escaped[v.Args[1].Sym] = true
					}
				}
			}
		}
	}
	return addressed, escaped
}

// onlyAddressesElements reports whether the array pointer p is used only
// to address its int elements, to load or store them, and its length.
func onlyAddressesElements(p *Value, users map[*Value][]*Value) bool {
	for _, g := range users[p] {
		if g.Op != OpGEP || g.Args[0] != p || g.Args[1] == p {
			return false
		}
		length := g.Elem == I8 && g.Args[1].IsConst(-8)
		if g.Elem != I64 && !length {
			return false
		}
		for _, u := range users[g] {
			load := u.Op == OpLoad && u.Args[0] == g && u.Type == I64
			store := u.Op == OpStore && u.Args[1] == g && u.Args[0] != g && u.Args[0].Type == I64 && !length
			if !load && !store {
				return false
			}
		}
	}
	return true
}

// elementGlobal returns the global array whose element v loads or stores
// (through a load of the global), or "".
func elementGlobal(v *Value) string {
	var addr *Value
	switch {
	case v.Op == OpLoad && v.Type == I64:
		addr = v.Args[0]
	case v.Op == OpStore && v.Args[0].Type == I64:
		addr = v.Args[1]
	default:
		return ""
	}
	if addr.Op != OpGEP || addr.Elem != I64 {
		return ""
	}
	base := addr.Args[0]
	if base.Op != OpLoad || base.Type != Ptr || base.Args[0].Op != OpGlobal {
		return ""
	}
	return base.Args[0].Sym
}

// verify proves, in f, every alive fact f produces, with the alive facts
// assumed; it returns those it could not prove, and which facts the
// proofs looked at.
func (r *ipRanges) verify(f *Func) (failed []int, used []bool) {
	dom := f.Dom()
	p := newRangeProverAssuming(f, dom, r)
	p.consulted = make([]bool, len(r.facts))
	check := func(facts []int, v *Value, at point) {
		for _, k := range facts {
			if r.alive[k] && !p.proveIndex(v, r.kinds[r.facts[k].kind], at) {
				failed = append(failed, k)
			}
		}
	}
	for _, b := range dom.RPO() {
		for i, v := range b.Instrs {
			at := point{block: b, index: i}
			switch {
			case v.Op == OpRet && len(v.Args) == 1:
				check(r.rets[f.Name], v.Args[0], at)
			case v.Op == OpCall:
				for j, ks := range r.params[v.Sym] {
					if j < len(v.Args) {
						check(ks, v.Args[j], at)
					}
				}
			case v.Op == OpStore:
				if g := elementGlobal(v); g != "" {
					check(r.elems[g], v.Args[0], at)
				}
			}
		}
	}
	// Nothing was dropped yet that a fact f's proofs rest on may miss;
	// a function none of whose checks looked at a fact is proved again
	// only when one it looked at goes.
	p.release() // consulted is its own, not the prover's tables
	return failed, p.consulted
}

// assume files the alive facts about f's values with p: its parameters,
// the results of its calls and the elements it loads, each in [0, L-1].
func (r *ipRanges) assume(p *rangeProver, f *Func) {
	fileAll := func(facts []int, v *Value) {
		for _, k := range facts {
			if r.alive[k] {
				p.fileIndex(v, r.kinds[r.facts[k].kind], k)
			}
		}
	}
	for i, ks := range r.params[f.Name] {
		fileAll(ks, f.Params[i])
	}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			switch {
			case v.Op == OpCall && v.Type == I64:
				fileAll(r.rets[v.Sym], v)
			case v.Op == OpLoad:
				if g := elementGlobal(v); g != "" {
					fileAll(r.elems[g], v)
				}
			}
		}
	}
}
