package middle

import (
	"strconv"
	"sync"
)

// Deferred bodies: the frontend can declare every function of a program
// first and lower each body only when the pipeline reaches it
// (Materialize), so that with streaming (release.go) the IR of a whole
// program never exists at once — only the bodies in flight, as Go's
// compiler builds each function's SSA only when it compiles it.
//
// Bodies are built concurrently, in any order (Build), but what they add
// to the module — the runtime's declarations and data, and string
// constants, named .str.N by order of first use — must be what building
// them one at a time in the module's order adds. So a build adds nothing:
// it records in its function what the body refers to (StringConstant,
// DeclareFunc, DeclareData below), a string constant under a provisional
// name, and Commit, called for each function in the module's order, adds
// what is missing and gives the provisional names their final ones. Other
// functions' passes look the module's symbols up meanwhile, so once a
// module has deferred bodies its symbol tables are read and written
// under a lock (tables below).

// DeferBody makes f a definition whose body build makes on first need.
// build may fail: a frontend that checks bodies while the pipeline runs
// (frontend/stream.go) may find an error in f's before it is built.
func (f *Func) DeferBody(build func(*Func) error) {
	f.build = build
	if f.names != nil {
		f.names.release()
		f.names = nil // made again from the parameters' names (nameTable)
	}
	f.Module.tables.shared = true
}

// Deferred reports whether f's body is still to be built.
func (f *Func) Deferred() bool { return f.build != nil }

// Materialize builds f's body if it was deferred and commits it, and
// returns the error of a build that failed (f is then left without a
// body). Bodies materialized one after another in the module's order add
// to the module what Build and Commit add.
func (f *Func) Materialize() error {
	if err := f.Build(); err != nil {
		return err
	}
	f.Commit()
	return nil
}

// Build builds f's body if it was deferred, and returns the error of a
// build that failed. Builds of different functions may run at once;
// Commit must follow each, in the module's order of functions.
func (f *Func) Build() error {
	if build := f.build; build != nil {
		f.build = nil
		return build(f)
	}
	return nil
}

// bodySymbols are the module symbols a body built by a frontend refers
// to, kept until Commit adds those the module lacks.
type bodySymbols struct {
	globals []bodyGlobal   // string constants and external data, in order of first use
	strings map[string]int // the index in globals of each string constant
	funcs   []bodyFunc     // external functions, in order of first use
}

type bodyGlobal struct {
	text string // the string constant's text, or the external data's name
	data bool
}

type bodyFunc struct {
	name   string
	result Type
	params []Type
}

func (f *Func) bodySymbols() *bodySymbols {
	if f.symbols == nil {
		f.symbols = &bodySymbols{}
	}
	return f.symbols
}

// StringConstant returns the address of the private constant global
// holding s and a NUL (Module.StringConstant), for f's body. A string the
// module had before any body asked for one is addressed at once; any
// other goes under a provisional name until Commit, which knows which
// function asked first.
func (f *Func) StringConstant(s string) *Value {
	m := f.Module
	m.tables.rlock()
	c, ok := m.strings[s]
	m.tables.runlock()
	if ok && !c.byBody {
		return f.GlobalAddr(c.g.Name)
	}
	p := f.bodySymbols()
	k, ok := p.strings[s]
	if !ok {
		if p.strings == nil {
			p.strings = make(map[string]int)
		}
		k = len(p.globals)
		p.strings[s] = k
		p.globals = append(p.globals, bodyGlobal{text: s})
	}
	return f.GlobalAddr(provisionalName(k))
}

// provisionalName is the symbol of f's k-th pending global until Commit:
// a name no symbol has (no global's name begins with a NUL).
func provisionalName(k int) string { return "\x00" + strconv.Itoa(k) }

// DeclareFunc records that f's body calls the external function name,
// with result and params; Commit declares it in the module unless the
// module has it (its parameters named a0, a1, …).
func (f *Func) DeclareFunc(name string, result Type, params []Type) {
	p := f.bodySymbols()
	for _, d := range p.funcs {
		if d.name == name {
			return
		}
	}
	p.funcs = append(p.funcs, bodyFunc{name, result, params})
}

// DeclareData records that f's body addresses the external global name;
// Commit declares it in the module unless the module has it.
func (f *Func) DeclareData(name string) {
	p := f.bodySymbols()
	for _, g := range p.globals {
		if g.data && g.text == name {
			return
		}
	}
	p.globals = append(p.globals, bodyGlobal{text: name, data: true})
}

// Commit adds to the module the symbols f's body refers to that it lacks,
// as a build in the module's order would have added them, and gives the
// body's string constants their names.
func (f *Func) Commit() {
	p := f.symbols
	if p == nil {
		return
	}
	f.symbols = nil
	m := f.Module
	m.tables.lock()
	defer m.tables.unlock()
	for _, d := range p.funcs {
		if m.funcIndex[d.name] == nil {
			decl := m.newFunc(d.name, d.result)
			for i, t := range d.params {
				decl.AddParam(t, "a"+strconv.Itoa(i))
			}
		}
	}
	for k, g := range p.globals {
		if g.data {
			if m.globalIndex[g.text] == nil {
				m.addGlobal(&Global{Name: g.text, External: true})
			}
			continue
		}
		name := m.stringConstant(g.text, true).Name
		v := f.globals[provisionalName(k)]
		delete(f.globals, provisionalName(k))
		v.Sym = name
		f.globals[name] = v
	}
}

// MaterializeAll builds every deferred body of m, in order, and returns
// the first error.
func (m *Module) MaterializeAll() error {
	for _, f := range m.Funcs {
		if err := f.Materialize(); err != nil {
			return err
		}
	}
	return nil
}

// tables guards a module's symbol tables once bodies are built while
// other functions are compiled (shared); before that, and for modules
// without deferred bodies, no lock is taken.
type tables struct {
	shared bool
	mu     sync.RWMutex
}

// lock and unlock take and give back the lock for writing, rlock and
// runlock for reading (no closure to return: the lookups are too many
// for one allocation each).
func (t *tables) lock() {
	if t.shared {
		t.mu.Lock()
	}
}

func (t *tables) unlock() {
	if t.shared {
		t.mu.Unlock()
	}
}

func (t *tables) rlock() {
	if t.shared {
		t.mu.RLock()
	}
}

func (t *tables) runlock() {
	if t.shared {
		t.mu.RUnlock()
	}
}
