package backend

import (
	"io"

	"toyc/middle"
)

// Compile translates every function defined in m and writes the module's
// assembly to w. It splits critical edges first (the IR is changed in
// place), and checks every allocation, returning the checker's error (an
// internal compiler error) rather than emitting wrong code.
func Compile(m *middle.Module, w io.Writer) error { return CompileWithSource(m, w, nil) }

// CompileWithSource is Compile with the source text of m.Source, whose lines
// then appear in the assembly's comments (see EmitWithSource).
func CompileWithSource(m *middle.Module, w io.Writer, src []byte) error {
	fs, err := compileFuncs(m)
	if err != nil {
		return err
	}
	return EmitWithSource(w, m, fs, src)
}

// compileFuncs runs every stage before emission on each function defined
// in m. On a checker error the last function returned is the one rejected,
// for its dump.
func compileFuncs(m *middle.Module) ([]*Func, error) {
	var fs []*Func
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		middle.SplitCriticalEdges(f)
		mf := Select(f)
		mf.OutOfSSA()
		mf.Allocate()
		fs = append(fs, mf)
		if err := Check(mf); err != nil {
			return fs, err
		}
		mf.Layout()
	}
	return fs, nil
}
