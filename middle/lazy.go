package middle

import "sync"

// Deferred bodies: the frontend can declare every function of a program
// first and lower each body only when the pipeline reaches it
// (Materialize), so that with streaming (release.go) the IR of a whole
// program never exists at once — only the bodies in flight, as Go's
// compiler builds each function's SSA only when it compiles it.
//
// Bodies are built one at a time, in the module's order (the pipeline
// hands functions out in order), so that what they add to the module —
// the runtime's declarations and string constants, named by order of
// first use — is what building them all at once would have added. Other
// functions' passes look the module's symbols up meanwhile, so once a
// module has deferred bodies its symbol tables are read and written
// under a lock (tables below).

// DeferBody makes f a definition whose body build makes on first need.
// build may fail: a frontend that checks bodies while the pipeline runs
// (frontend/stream.go) may find an error in f's before it is built.
func (f *Func) DeferBody(build func(*Func) error) {
	f.build = build
	f.names = nil // made again from the parameters' names (nameTable)
	f.Module.tables.shared = true
}

// Deferred reports whether f's body is still to be built.
func (f *Func) Deferred() bool { return f.build != nil }

// Materialize builds f's body if it was deferred, and returns the error
// of a build that failed (f is then left without a body).
func (f *Func) Materialize() error {
	if build := f.build; build != nil {
		f.build = nil
		return build(f)
	}
	return nil
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

func (t *tables) read() func() {
	if !t.shared {
		return func() {}
	}
	t.mu.RLock()
	return t.mu.RUnlock
}

func (t *tables) write() func() {
	if !t.shared {
		return func() {}
	}
	t.mu.Lock()
	return t.mu.Unlock
}
