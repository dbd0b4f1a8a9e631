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
	var fs []*Func
	for _, f := range m.Funcs {
		if f.IsDecl() {
			continue
		}
		mf, err := compileFunc(f)
		if err != nil {
			return err
		}
		fs = append(fs, mf)
	}
	return EmitWithSource(w, m, fs, src)
}

// compileFunc runs every stage before emission on f. On a checker error it
// returns the allocated function too, for its dump.
func compileFunc(f *middle.Func) (*Func, error) {
	middle.SplitCriticalEdges(f)
	mf := Select(f)
	mf.OutOfSSA()
	mf.Allocate()
	if err := Check(mf); err != nil {
		return mf, err
	}
	mf.Layout()
	return mf, nil
}
