package middle

import "strings"

// GlobalConstants replaces the loads of a global variable that nothing ever
// changes by the global's initializer. Toy has no named constants, so a Toy
// programmer names opcodes, states and limits as globals (var OP_ADD = 4;)
// where C would use an enum or a #define; every use of such a name is a
// load from memory, which hides the constant from every pass after it:
// SCCP cannot fold a comparison with it, a dispatch chain compares with a
// register loaded in each iteration, and the memory it reads is clobbered
// in the eyes of load elimination by every store and call in between. This
// is the "global constant" half of LLVM's GlobalOpt (a global that is never
// stored to is marked constant, and its loads fold to its initializer) and
// of GCC's ipa-reference/"read-only global" analysis.
//
// A global is constant when every use of its address in the module is the
// address of a load of the global's own type: no store to it, and no other
// use that could let the address escape (passed to a call, stored as a
// value, compared, offset, merged by a φ or a select, or named by another
// global's initializer), since anything holding the address could write
// through it. An array global is a pointer-typed global: when it is never
// assigned, its value is its initializer (the empty array), while its
// elements, stored through the loaded pointer, are not the global's memory
// and are untouched by this pass. Only globals with an integer initializer,
// or a pointer one naming a symbol, are folded; string constants, external
// and null-initialized pointer globals are left alone.
//
// The module must be the whole program as far as the globals are concerned:
// every Toy global is also a C symbol that C code linked with the program
// may write. So the pass runs only on a module that defines the program's
// entry (toy_main) and declares nothing but the runtime's toy_* functions:
// then no code outside the module runs between the start of main and its
// end (the runtime does not touch the program's globals). C code that
// writes a Toy global from a static constructor, before main, is outside
// what this accepts.
//
// The globals themselves stay (C may still read them): only loads change.
// On the way, the pass marks the globals whose address is only ever the
// address of loads and stores Sealed: no other pointer reaches them, which
// memopt's alias rules use; and, from the summary, the array globals
// whose every value has a known length (Global.Length, arraylength.go),
// which the range prover reads. One pass over every instruction of the
// module, linear in its size.
//
// Requires: valid IR in every function (before or after mem2reg: a slot
// holding @g is a store of @g as a value, which counts as an escape).
// Guarantees: valid IR; no load of a constant global remains; the CFG and
// Preds unchanged.
//
// When the frontend gave every body's facts (summary.go), the pass reads
// them rather than the instructions (GlobalConstantsSummarized), so that
// a module compiled whole and one streamed get the same code.
func GlobalConstants(m *Module) {
	if s := Summarize(m); s != nil {
		work := GlobalConstantsSummarized(s)
		for _, f := range s.funcs {
			if err := work(f); err != nil {
				panic(err) // a frontend bug, reported as an internal error
			}
		}
		if s.WantsRanges() {
			solveRanges(m) // every body is built: the whole program's facts
		}
		return
	}
	for _, g := range m.Globals {
		g.Length = nil
	}
	m.ranges = nil
	if !isWholeProgram(m) {
		return
	}
	sealGlobals(m)
	foldGlobalConstants(m)
}

// sealGlobals sets Sealed on the globals of m whose address is used only
// as the address operand of loads and stores, and clears it on the others.
func sealGlobals(m *Module) {
	sealed := make(map[string]*Global)
	for _, g := range m.Globals {
		g.Sealed = false
		if !g.External {
			sealed[g.Name] = g
		}
	}
	for _, g := range m.Globals {
		delete(sealed, g.InitSym)
	}
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				for i, a := range v.Args {
					if a.Op == OpGlobal && !(v.Op == OpLoad || v.Op == OpStore && i == 1) {
						delete(sealed, a.Sym)
					}
				}
			}
		}
	}
	for _, g := range sealed {
		g.Sealed = true
	}
}

// isWholeProgram reports whether m defines toy_main and declares only
// runtime functions.
func isWholeProgram(m *Module) bool {
	hasMain := false
	for _, f := range m.Funcs {
		switch {
		case f.IsDecl() && !strings.HasPrefix(f.Name, "toy_"):
			return false
		case !f.IsDecl() && f.Name == "toy_main":
			hasMain = true
		}
	}
	return hasMain
}

// foldGlobalConstants is the pass without the whole-program check: the
// module's externals are taken not to write its globals.
func foldGlobalConstants(m *Module) {
	candidate := constantCandidates(m)
	if len(candidate) == 0 {
		return
	}
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				for i, a := range v.Args {
					if a.Op != OpGlobal {
						continue
					}
					g := candidate[a.Sym]
					if g == nil {
						continue
					}
					if v.Op != OpLoad || i != 0 || v.Type != g.Type {
						delete(candidate, a.Sym)
					}
				}
			}
		}
	}
	if len(candidate) == 0 {
		return
	}
	for _, f := range m.Funcs {
		foldLoads(f, candidate)
	}
}

// constantCandidates are the globals of m that the pass may fold, by
// their declarations alone: integer globals, and pointer globals that
// name a symbol, that no other global's initializer names.
func constantCandidates(m *Module) map[string]*Global {
	candidate := make(map[string]*Global)
	for _, g := range m.Globals {
		if g.External || g.Bytes != nil || g.Type == Void {
			continue
		}
		if g.Type == Ptr && g.InitSym == "" {
			continue
		}
		if g.Type != Ptr && !g.Type.IsInt() {
			continue
		}
		candidate[g.Name] = g
	}
	for _, g := range m.Globals {
		if g.InitSym != "" {
			delete(candidate, g.InitSym)
		}
	}
	return candidate
}

// foldLoads replaces f's loads of the constant globals by their values.
func foldLoads(f *Func, constant map[string]*Global) {
	var repl []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op != OpLoad || v.Args[0].Op != OpGlobal {
				continue
			}
			g := constant[v.Args[0].Sym]
			if g == nil {
				continue
			}
			if repl == nil {
				repl = valueTables.Take(f.NumValues())
			}
			if g.Type == Ptr {
				repl[v.ID] = f.GlobalAddr(g.InitSym)
			} else {
				repl[v.ID] = f.Const(g.Type, g.Init)
			}
		}
	}
	if repl == nil {
		return
	}
	f.ReplaceUses(repl)
	for _, b := range f.Blocks {
		b.RemoveInstrs(func(v *Value) bool { return v.ID < len(repl) && repl[v.ID] != nil })
	}
	valueTables.Give(repl)
}

// GlobalConstantsSummarized is GlobalConstants a function at a time, from
// the module's summary (summary.go): a global is constant, or sealed, when
// no body's facts say it is assigned, or its address taken, rather than
// when no instruction of the module does. Called before any function, it
// seals the globals; the work on each function folds its loads, after
// checking that its IR does nothing the facts left out (a SummaryError,
// where folding would be wrong). String constants are left unsealed: they
// come with the bodies, and nothing loads or stores them, so sealing
// changes nothing for them. The function passes before it must not add
// uses of a global that mem2reg would not remove (they are unreachable
// and mem2reg).
func GlobalConstantsSummarized(s *Summary) func(*Func) error {
	m := s.m
	for _, g := range m.Globals {
		g.Length = nil
	}
	m.ranges = nil
	if !isWholeProgram(m) {
		return func(*Func) error { return nil }
	}
	lengths := make(map[string]*Global)
	for name, l := range s.arrayLengths() {
		if g := m.Global(name); g != nil && !g.External && g.Type == Ptr {
			g.Length = l
			lengths[name] = g
		}
	}
	initSym := make(map[string]bool)
	for _, g := range m.Globals {
		initSym[g.InitSym] = true
	}
	sealed := make(map[string]bool)
	for _, g := range m.Globals {
		g.Sealed = !g.External && g.Bytes == nil && !initSym[g.Name] && !s.addressed[g.Name]
		if g.Sealed {
			sealed[g.Name] = true
		}
	}
	constant := constantCandidates(m)
	for name := range constant {
		if s.assigned[name] || s.addressed[name] {
			delete(constant, name)
		}
	}
	return func(f *Func) error {
		for _, b := range f.Blocks {
			for _, v := range b.Instrs {
				for i, a := range v.Args {
					if a.Op != OpGlobal {
						continue
					}
					access := v.Op == OpLoad || v.Op == OpStore && i == 1
					if g := constant[a.Sym]; g != nil && (v.Op != OpLoad || i != 0 || v.Type != g.Type) {
						return &SummaryError{Func: f.Name, Msg: "it writes @" + a.Sym + " or takes its address, which its facts do not say"}
					}
					if sealed[a.Sym] && !access {
						return &SummaryError{Func: f.Name, Msg: "it takes the address of @" + a.Sym + ", which its facts do not say"}
					}
					if g := lengths[a.Sym]; g != nil {
						if err := checkArrayUse(f, g, v, i); err != nil {
							return err
						}
					}
				}
			}
		}
		if len(constant) > 0 {
			foldLoads(f, constant)
		}
		return nil
	}
}
