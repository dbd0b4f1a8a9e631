package middle

// Compiling a function at a time (the pipeline's streaming mode) keeps
// only the functions in flight in memory: once a function's assembly is
// written, its body is released, and the module keeps the function as a
// definition without blocks. Instruction selection asks of every callee
// and address whether it is defined in the module while other functions'
// bodies are being rewritten or released on other goroutines, so it reads
// a snapshot taken before the functions start, not the bodies.

// Release drops f's body once f has been compiled and written out. f
// stays a definition: IsDecl is false, and its signature (NumParams,
// ParamType, Result) stays for the calls that other functions still being
// compiled make; its parameters' values go with the body (two of them,
// 224 bytes, per function of a streamed program, which lived to its end).
func (f *Func) Release() {
	f.ReleaseCode()
	f.Inlines = nil
}

// ReleaseCode drops f's blocks and values once instruction selection has
// made its machine code, when nothing after it reads them: code
// generation reads only what stays, the signature, Decl, TailLoops and
// Inlines (the runtime's traces name the functions inlined). The IR of a
// big function was a third of its compile's peak memory through register
// allocation, where the machine code grows beside it. Its slabs' arrays,
// its name table and its table of constants go to the bodies built after
// it (valueslab.go, scratch.go): nothing may use a value or block of f
// after.
func (f *Func) ReleaseCode() {
	f.released = true
	f.Blocks = nil
	f.Params = nil
	f.Debug = nil // its slots and assignments point into the body
	if f.names != nil {
		f.names.release()
		f.names = nil
	}
	if m := ReleasedMap(f.consts); m != nil {
		constTables.Put(m)
	}
	f.consts = nil
	f.globals = nil
	f.cache = nil
	if f.slab != nil {
		f.slab.release()
		f.slab = nil
	}
	f.facts = nil // read by the summary and the passes, done with it
}

// Released reports whether f's body was released.
func (f *Func) Released() bool { return f.released }

// SnapshotDefinitions records which of m's functions are defined, for
// DefinesFunc; a module pass that adds or removes definitions must take
// it again.
func (m *Module) SnapshotDefinitions() {
	m.snapshot = true
	for _, f := range m.Funcs {
		f.snapDefined = !f.IsDecl()
	}
}

// DefinesFunc reports whether m defines the function name (rather than
// only declaring it, or not knowing it): from the snapshot when one was
// taken, else from the bodies.
func (m *Module) DefinesFunc(name string) bool {
	f := m.Func(name)
	if m.snapshot {
		return f != nil && f.snapDefined
	}
	return f != nil && !f.IsDecl()
}
