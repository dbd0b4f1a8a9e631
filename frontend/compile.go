package frontend

import (
	"toyc/middle"
	"toyc/middle/diag"
)

// Compile checks one Toy source file and lowers it to an IR module, or
// returns its diagnostics.
func Compile(file string, src []byte) (*middle.Module, diag.List) {
	prog, diags := Check(file, src)
	if diags != nil {
		return nil, diags
	}
	return Lower(prog), nil
}

// CompileWithWarnings is Compile with the warnings of every kind
// (warn.go) among the diagnostics, sorted by position: the module is nil
// exactly when there is an error among them.
func CompileWithWarnings(file string, src []byte) (*middle.Module, diag.List) {
	return compileWithWarnings(file, src, Lower)
}

// CompileDeferred is CompileWithWarnings with each body lowered only when
// the pipeline reaches it (LowerDeferred), for the native outputs, which
// compile and write a function at a time.
func CompileDeferred(file string, src []byte) (*middle.Module, diag.List) {
	return compileWithWarnings(file, src, LowerDeferred)
}

func compileWithWarnings(file string, src []byte, lowering func(*Program) *middle.Module) (*middle.Module, diag.List) {
	prog, diags := check(file, src)
	if prog != nil {
		diags = append(diags, Warnings(prog, diags)...)
		diags.Sort()
	}
	if diags.Errors() > 0 {
		return nil, diags
	}
	declareFacts(file, src, prog)
	return lowering(prog), diags
}
