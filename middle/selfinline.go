package middle

// InlineSelf inlines a small recursive function into itself once: each call
// the function makes of itself becomes a copy of its body, whose own calls
// of the function stay calls. Inline never inlines recursion (one copy
// saves one call out of many); here one copy is enough to halve the calls
// that remain, since every other level of the recursion now runs inside
// its parent's frame: recursive inlining, as GCC's
// max-inline-recursive-depth and LLVM's inliner for recursive functions do
// to a bounded depth. It runs after TailRecursion, so the copy is the
// function with its tail calls already made a loop: Fibonacci's remaining
// call of itself becomes that loop, calling fib(n-2) inside.
//
// The copy is taken first (a function outside the module made by inlining
// the original into an empty caller, then simplified), then spliced at every call site with
// Inline's splicing. Only functions of at most inlineSmall instructions,
// with at most selfInlineSites calls of themselves and no stack slot, are
// copied, so a function grows to at most (selfInlineSites+1) times
// inlineSmall instructions; the frame of the copy is the function's own.
//
// Requires: valid SSA. Guarantees: valid SSA; the function's
// behaviour, its calls of itself included, unchanged.
func InlineSelf(f *Func) {
	if f.IsDecl() || funcSize(f) > inlineSmall || hasAlloca(f) {
		return
	}
	var sites []*Value
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if callsSelf(f, v) {
				sites = append(sites, v)
			}
		}
	}
	if len(sites) == 0 || len(sites) > selfInlineSites {
		return
	}
	body := copyOf(f)
	repl := make([]*Value, f.NumValues())
	follow := make(map[*Block][]*Block)
	for _, call := range sites {
		b := call.Block
		result, added := inlineCall(call, body, true)
		follow[b] = added
		if result != nil {
			repl[call.ID] = result
		}
	}
	f.ReplaceUses(repl)
	layOut(f, follow)
	RemoveUnreachable(f)
}

// selfInlineSites bounds the calls of itself a function may have to be
// inlined into itself.
const selfInlineSites = 2

// copyOf returns a copy of f as a function of the same name outside f's
// module: a caller whose only call, of f, has been inlined.
func copyOf(f *Func) *Func {
	c := &Func{Name: f.Name, Result: f.Result, Module: f.Module}
	args := make([]*Value, len(f.Params))
	for i, p := range f.Params {
		args[i] = c.AddParam(p.Type, p.Name)
	}
	b := NewBuilder(c)
	entry := c.NewBlock("entry")
	b.SetBlock(entry)
	call := b.Call(f.Name, f.Result, args, "copy")
	if f.Result == Void {
		b.Ret(nil)
	} else {
		b.Ret(call)
	}
	result, added := inlineCall(call, f, true)
	if result != nil {
		repl := make([]*Value, c.NumValues())
		repl[call.ID] = result
		c.ReplaceUses(repl)
	}
	layOut(c, map[*Block][]*Block{entry: added})
	SimplifyCFG(c) // the jump into the copy and the one out of it
	unwrapInlineSites(c)
	return c
}

// unwrapInlineSites takes the site of copyOf's own call (the first site of
// c) out of the copy's inline tree: the copy is f's body, so that splicing
// it into f records one inlined call, not two.
func unwrapInlineSites(c *Func) {
	const wrapper = 1
	if len(c.Inlines) <= wrapper {
		return
	}
	for i := range c.Inlines {
		if c.Inlines[i].Parent == wrapper {
			c.Inlines[i].Parent = 0
		}
	}
	for _, b := range c.Blocks {
		for _, v := range b.Instrs {
			if v.Inlined == wrapper {
				v.Inlined = 0
			}
		}
	}
}
