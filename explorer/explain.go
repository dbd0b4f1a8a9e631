package explorer

import (
	"toyc/backend"
	"toyc/middle"
)

// explained runs the passes whose decisions the page explains in their
// explaining variants (same result, plus a report), for the wanted
// functions; it is the pipeline's Instead hook.
func (c *collector) explained(p *backend.Pass, f *middle.Func) bool {
	return false
}

// explainMachine records what the backend stage named pass did to mf.
func explainMachine(page *FuncPage, pass string, mf *backend.Func) {
}
