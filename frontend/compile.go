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
