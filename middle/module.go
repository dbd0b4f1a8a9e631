package middle

import "strconv"

// Module is one compilation unit: global variables, function definitions and
// declarations of external functions.
type Module struct {
	Source  string // the source file name, for source_filename and runtime errors
	Globals []*Global
	Funcs   []*Func
	// GlobalTypes gives the Toy type of each source global (Toy's
	// spelling, as DebugVar.Type), for -g; nil for .ll input.
	GlobalTypes map[string]string
	// DebugUnit asks for debugging information (-g) and says what its
	// compile unit records, as LLVM's DICompileUnit in a module; nil: none.
	DebugUnit *DebugUnit
	// CheckAnalyses checks the cached analyses of the module's functions
	// at every use (analysis.go), as the package-wide CheckAnalyses does.
	CheckAnalyses bool
	// TypeSafe says that every location in memory is loaded and stored
	// with one type, so that a store of one type cannot change what a
	// load of another reads: type-based alias analysis, which LLVM takes
	// from the !tbaa metadata of C and C++ frontends. Toy has no
	// conversions between arrays or pointers, so its frontend sets it (an
	// array's elements are all of its element type, its length an i64
	// that no store writes); .ll input does not.
	TypeSafe bool

	// ranges are the whole program's facts of index ranges, once found
	// (ipranges.go).
	ranges *ipRanges

	funcIndex   map[string]*Func
	globalIndex map[string]*Global
	strings     map[string]stringConstant
	snapshot    bool   // SnapshotDefinitions was called (release.go)
	tables      tables // the lock over the tables above (lazy.go)
}

// Global is a global variable. Its initializer is Init (an integer of
// Type), or the address InitSym, or the bytes Bytes (a string constant, whose
// LLVM type is [len(Bytes) x i8] and Type is then Void).
type Global struct {
	Name     string
	Type     Type
	Init     int64
	InitSym  string
	Bytes    []byte
	Private  bool // internal to the module (LLVM's private linkage)
	Constant bool // never written
	External bool // defined elsewhere (the runtime): declared, with no initializer
	// Sealed says that no pointer other than the global's own address
	// points into it: the module is a whole program and every use of the
	// address is as the address operand of a load or a store (set by
	// GlobalConstants; memopt's alias rules read it). Passes must not then
	// let the address flow anywhere else.
	Sealed bool
	// Length, when set, is the length of every array the global points
	// to outside toy_main (set by GlobalConstants, arraylength.go).
	Length *ArrayLength
}

// NewModule returns an empty module for the source file named source.
func NewModule(source string) *Module {
	return &Module{
		Source:      source,
		funcIndex:   make(map[string]*Func),
		globalIndex: make(map[string]*Global),
		strings:     make(map[string]stringConstant),
	}
}

// NewFunc adds a function definition or declaration named name.
func (m *Module) NewFunc(name string, result Type) *Func {
	m.tables.lock()
	defer m.tables.unlock()
	return m.newFunc(name, result)
}

func (m *Module) newFunc(name string, result Type) *Func {
	f := &Func{Name: name, Result: result, Module: m}
	m.Funcs = append(m.Funcs, f)
	m.funcIndex[name] = f
	return f
}

// Func returns the function or declaration named name, or nil.
func (m *Module) Func(name string) *Func {
	m.tables.rlock()
	defer m.tables.runlock()
	return m.funcIndex[name]
}

// Global returns the global variable named name, or nil.
func (m *Module) Global(name string) *Global {
	m.tables.rlock()
	defer m.tables.runlock()
	return m.globalIndex[name]
}

// AddGlobal appends a global variable.
func (m *Module) AddGlobal(g *Global) *Global {
	m.tables.lock()
	defer m.tables.unlock()
	return m.addGlobal(g)
}

func (m *Module) addGlobal(g *Global) *Global {
	m.Globals = append(m.Globals, g)
	m.globalIndex[g.Name] = g
	return g
}

// StringConstant returns a private constant global holding s and a NUL,
// shared by every use of the same text.
func (m *Module) StringConstant(s string) *Global {
	m.tables.lock()
	defer m.tables.unlock()
	return m.stringConstant(s, false)
}

// stringConstant is StringConstant, for a body's Commit when byBody.
func (m *Module) stringConstant(s string, byBody bool) *Global {
	if c, ok := m.strings[s]; ok {
		return c.g
	}
	name := ".str"
	if n := len(m.strings); n > 0 {
		name += "." + strconv.Itoa(n)
	}
	g := m.addGlobal(&Global{Name: name, Bytes: append([]byte(s), 0), Private: true, Constant: true})
	m.strings[s] = stringConstant{g, byBody}
	return g
}

// stringConstant is a string constant of the module; byBody says that a
// body's Commit made it (Func.StringConstant).
type stringConstant struct {
	g      *Global
	byBody bool
}
