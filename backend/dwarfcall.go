package backend

import (
	"bytes"

	"toyc/middle"
)

// Parameters' entry values and call sites, for -g at -O1 and -O2, as gcc
// emits them (DWARF 5, 2.5.1.7 and 3.4): once a parameter's register is
// reused after its last use, its value is described as
// DW_OP_entry_value(DW_OP_regN), the value the register had when the
// function was entered, as long as the variable has not been assigned
// since (the tracker's value is still the parameter itself). A debugger
// works that out in the caller: each call is a DW_TAG_call_site, at its
// return address, naming its target (DW_AT_call_target), and each
// argument register whose value is still somewhere the call leaves alone
// (a callee-saved register, a spill slot, or a constant) a
// DW_TAG_call_site_parameter whose DW_AT_call_value says where. gdb then
// shows the parameter (`info args`, `bt`) where its register is gone,
// and <optimized out> where the caller has no such place: never a wrong
// value, since the entry value is what the parameter is until assigned.
// Every call is described, so the subprogram says DW_AT_call_all_calls.
// Requires: the tracker's state before each call (dwarfloc.go).

// callValueRegs are the registers a call leaves as they were, in the order
// call values prefer them.
var callValueRegs = [...]Reg{RBX, R12, R13, R14, R15, RBP}

// callSite is one call: its return address and target, and the call
// values of its argument registers.
type callSite struct {
	ret    int         // the number of the label after the call (appendLabel)
	target string      // the callee's symbol, "" for a function of the runtime
	params []callParam // cut from the function's dwarfFunc.params
}

type callParam struct {
	reg   Reg
	value dwExpr
}

// call records the call in, about to be written (the tracker's state is
// the one before it); the label of its return address is written before
// the next instruction (or at the function's end).
func (df *dwarfFunc) call(in *Instr) {
	c := callSite{ret: df.nextLabel()}
	if len(in.Args) > 0 && in.Args[0].Kind == KindSym && df.d.m.DefinesFunc(in.Args[0].sym()) {
		c.target = symbolName(in.Args[0].sym())
		if t := df.locs; t != nil && t.st != nil {
			start := len(df.params)
			for _, r := range argRegs {
				if in.Uses&maskOf(r) == 0 {
					continue
				}
				if x, ok := t.callValue(t.st.regs[r]); ok {
					df.params = append(df.params, callParam{r, x})
				} else if k, ok := t.argConst(r); ok {
					df.params = append(df.params, callParam{r, dwExpr{op: opSleb(dwOpConsts, k)}})
				}
			}
			c.params = df.params[start:len(df.params):len(df.params)]
		}
	}
	df.calls = append(df.calls, c)
	df.afterCall = true
}

// callValue is an expression for the value v in the caller's frame while a
// call runs: a constant, a callee-saved register, or a spill slot holding
// it.
func (t *varTracker) callValue(v tval) (dwExpr, bool) {
	switch {
	case v == 0:
		return dwExpr{}, false
	case t.val(v).Op == middle.OpConst:
		return dwExpr{op: opSleb(dwOpConsts, t.val(v).Const)}, true
	}
	for _, r := range callValueRegs {
		if t.st.regs[r] == v {
			return dwExpr{op: regExprs[r].breg}, true
		}
	}
	for i := 0; i < t.st.slots.len(); i++ {
		if s := t.f.Slots[i]; t.st.slots.get(i) == v && (s.Kind == SlotSpill || s.Kind == SlotIncoming) {
			return dwExpr{op: append(opSleb(dwOpFbreg, int64(s.Offset)), dwOpDeref)}, true
		}
	}
	return dwExpr{}, false
}

// argConst is the constant the instructions before the call being
// written put in its argument register r (mov $k, r), which the data flow
// does not follow, a constant argument having no IR value of its own in r.
func (t *varTracker) argConst(r Reg) (int64, bool) {
	if t.block < 0 || t.block >= len(t.f.Blocks) {
		return 0, false
	}
	instrs := t.f.Blocks[t.block].Instrs
	for i := min(t.next, len(instrs)) - 1; i >= 0; i-- {
		in := instrs[i]
		defines := (in.Defs|in.Clobbers)&maskOf(r) != 0
		in.forEachDef(func(d Reg) { defines = defines || t.f.location(d) == r })
		if !defines {
			continue
		}
		if in.Op == opMov && len(in.Args) == 2 && in.Args[1].Kind == KindImm {
			k := in.Args[1].Imm
			if in.Size == 4 {
				k = int64(uint32(k)) // movl zero-extends
			}
			return k, true
		}
		return 0, false
	}
	return 0, false
}

// returned writes the label of the last call's return address, before
// the instruction after it. (Small enough to be inlined: instr calls it
// for every instruction.)
func (df *dwarfFunc) returned(w *textBuffer) {
	if df.afterCall {
		df.writeReturn(w)
	}
}

func (df *dwarfFunc) writeReturn(w *textBuffer) {
	df.bufs.line = append(df.appendLabel(df.bufs.line[:0], df.calls[len(df.calls)-1].ret), ":\n"...)
	w.put(df.bufs.line)
	df.afterCall = false
}

// writeCalls writes the call sites' DIEs, children of the subprogram, all
// appended in one piece and written once (a DIE for each call).
func (df *dwarfFunc) writeCalls(info *bytes.Buffer) {
	b := info.AvailableBuffer()
	for _, c := range df.calls {
		abbrev := abbrevCallSite
		switch {
		case c.target == "":
			abbrev = abbrevCallSiteBare
		case len(c.params) == 0:
			abbrev = abbrevCallSiteLeaf
		}
		b = appendDirective(b, ".uleb128", int64(abbrev))
		b = append(df.appendLabel(append(b, "\t.quad\t"...), c.ret), '\n')
		if c.target == "" {
			continue
		}
		b = appendExprloc(b, dwExpr{op: []byte{dwOpAddr}, addr: c.target})
		for _, p := range c.params {
			b = appendDirective(b, ".uleb128", abbrevCallParam)
			b = appendExprloc(b, dwExpr{op: []byte{dwOpReg0 + dwarfReg(p.reg)}})
			b = appendExprloc(b, p.value)
		}
		if len(c.params) > 0 {
			b = append(b, "\t.byte\t0\n"...)
		}
	}
	info.Write(b)
}

// entryExpr is the location of a parameter whose value is the one its
// argument register r had at the function's entry; for an array, the
// address that value points to (as dwarfloc.go's expr).
func entryExpr(r Reg, array bool) dwExpr {
	if array {
		return dwExpr{op: regExprs[r].entryAddr}
	}
	return dwExpr{op: regExprs[r].entry}
}
