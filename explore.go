package main

import (
	"io"

	"toyc/backend"
	"toyc/explorer"
	"toyc/middle/diag"
)

// writeHTML writes each module's explorer page (--emit=html). An input
// the verifier rejects still gets its page, with the errors marked, and
// the errors are reported as usual after it: exit status 1, with the page
// written.
func (d *driver) writeHTML(modules []compiled, outputs []string) error {
	var all diag.List
	for i, c := range modules {
		d.activity = "writing " + outputs[i]
		page, diags, err := explorer.Collect(c.module, explorer.Options{
			File:      c.input,
			Source:    d.sources[c.input],
			Level:     d.opts.level,
			Funcs:     d.opts.funcs,
			Verify:    d.opts.verifyEach,
			Trace:     d.opts.trace,
			TraceArgs: d.opts.traceArgs,
		})
		if err != nil {
			return d.explorerError(c.input, err)
		}
		if err := d.writeOutput(outputs[i], func(w io.Writer) error { return explorer.WriteHTML(w, page) }); err != nil {
			return err
		}
		all = append(all, diags...)
	}
	if len(all) > 0 {
		return all
	}
	return nil
}

// explorerError reports what stopped a page: a pass that broke its output
// (a compiler bug, as in runPasses), or what is wrong with the request.
func (d *driver) explorerError(input string, err error) error {
	if pe, ok := err.(*backend.PassError); ok {
		return internalError("%v", pe)
	}
	return failf("%s: %v", input, err)
}
