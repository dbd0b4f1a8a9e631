package main

import (
	"io"

	"toyc/middle"
)

// passOptions are the command line's settings for the middle's passes.
type passOptions struct {
	level                            int
	printAfter                       map[string]bool
	printAll, verifyEach, timePasses bool
	log                              io.Writer
}

// runPasses runs the middle's pass pipeline on m. No pass exists yet, so
// --verify-each verifies the module as the front end made it (the check
// that will follow every pass), and the other settings have nothing to act
// on.
func runPasses(m *middle.Module, o *passOptions) error {
	if o.verifyEach {
		if diags := middle.VerifyModule(m); len(diags) > 0 {
			return diags
		}
	}
	return nil
}
