package middle

// settleChecks applies rewrite to each plan of a pass that fuses one
// bounds check into another (FuseExitChecks, WidenChecks): rewrite places
// the blocks it makes in one linked order (linkedblocks.go; a plan at a
// time moved the whole list) and returns the check its plan made
// redundant, which then reads true everywhere, for simplifycfg to delete
// its branch.
func settleChecks[P any](f *Func, plans []P, rewrite func(*linkedBlocks, P) (redundant *Value)) {
	if len(plans) == 0 {
		return
	}
	repl := make([]*Value, f.NumValues())
	order := newLinkedBlocks(f)
	for _, p := range plans {
		repl[rewrite(order, p).ID] = f.Bool(true)
	}
	order.done()
	f.ReplaceUses(repl)
}
