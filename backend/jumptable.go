package backend

import (
	"fmt"
	"slices"
	"strconv"

	"toyc/middle"
)

// Jump tables: the switches LowerSwitches leaves (switchlower.go), whose
// selector is an index already known to be in the table, as gcc and clang
// write them for position-independent code: a table of 32-bit offsets of
// the targets from the table itself, in .rodata, and
//
//	leaq	.Ltable(%rip), %base
//	movslq	(%base,%idx,4), %off
//	addq	%base, %off
//	jmp	*%off
//
// The offsets need no relocation at load time, so the code links as PIE
// and as non-PIE alike. In a loop (an interpreter's dispatch), the table's
// address is loop-invariant: the lea goes at the end of the block that
// immediately dominates the innermost loop's header, outside the loop, as
// gcc and LLVM hoist it, and the loop keeps it in a register (or, under
// pressure, the allocator's loop splitting reloads it once before the
// loop). The table jump (opJmpTable) names the table's
// entries as block operands, so that the passes that retarget branches
// (threadjumps, shrinkwrap) see every way out; the emitter writes the
// table after the function from them.

// jumpTable selects the table switch v.
func (s *selector) jumpTable(v *middle.Value) {
	if !tableCases(v) {
		panic(fmt.Sprintf("backend: %s: %s is not a jump table (LowerSwitches must run before instruction selection)", s.ir.Name, v.LongString()))
	}
	sym := ".Ljt" + strconv.Itoa(s.tables)
	s.tables++
	base, off := s.f.newVReg(8), s.f.newVReg(8)
	lea := s.f.slab.instr(Instr{Op: opLea, Size: 8}, regOp(base), Operand{Kind: KindMem}.withSym(s.f.symbol(sym)))
	if h := s.preheaderOf(v.Block); h != nil {
		t := h.Term()
		lea.Pos, lea.Inlined = t.Pos, t.Inlined
		s.hoisted = append(s.hoisted, hoistedInstr{s.blocks[h.ID], lea})
	} else {
		s.add(lea)
	}
	s.add(s.f.slab.instr(Instr{Op: opMovsx, Size: 8, SrcSize: 4}, regOp(off),
		Operand{Kind: KindMem, Base: base, Index: s.reg(v.Args[0]), Scale: 4}))
	s.emit(opAdd, 8, regOp(off), regOp(base))
	jmp := s.f.slab.instr(Instr{Op: opJmpTable}, regOp(off), symOp(s.f.symbol(sym)))
	for _, e := range v.Block.Succs[1:] {
		jmp.Args = append(jmp.Args, blockOp(s.blocks[e.Block().ID]))
	}
	s.add(jmp)
}

// machineSuccs is the IR block b's successors as its machine block has
// them: a table switch goes to its entries' blocks (without repeats), not
// to its default, which is never taken.
func machineSuccs(b *middle.Block) []*middle.Block {
	return appendMachineSuccs(nil, b)
}

// appendMachineSuccs appends machineSuccs(b) to out, so that a caller
// asking for every block's reuses one buffer.
func appendMachineSuccs(out []*middle.Block, b *middle.Block) []*middle.Block {
	t := b.Term()
	if t.Op != middle.OpSwitch {
		if len(b.Succs) == 2 && b.Succ(0) == b.Succ(1) {
			return append(out, b.Succ(0))
		}
		for i := range b.Succs {
			out = append(out, b.Succ(i))
		}
		return out
	}
	seen := make(map[*middle.Block]bool, len(b.Succs)) // a search of out would be quadratic in a table of thousands
	for _, e := range b.Succs[1:] {
		if s := e.Block(); !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// jumpTableLabels gives each table of f a label unique in the module,
// named after the label of the block that jumps through it, by the symbol
// instruction selection gave it (unique in the function only).
func (e *emitter) jumpTableLabels(f *Func, blockLabels []string) map[string]string {
	var labels map[string]string
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != opJmpTable {
				continue
			}
			if labels == nil {
				labels = map[string]string{}
			}
			l := blockLabels[b.ID] + ".table"
			for n := 1; e.labels[l]; n++ {
				l = blockLabels[b.ID] + ".table" + strconv.Itoa(n)
			}
			e.labels[l] = true
			labels[in.Args[1].sym()] = l
		}
	}
	return labels
}

// tableSymbols wraps the emitter's symbol names: a table's symbol becomes
// its label.
func tableSymbols(labels map[string]string, symbol func(string) string) func(string) string {
	if labels == nil {
		return symbol
	}
	return func(name string) string {
		if l, ok := labels[name]; ok {
			return l
		}
		return symbol(name)
	}
}

// jumpTables writes f's tables in .rodata, each entry the offset of its
// block (where a branch to it leads, by label) from the table.
func (e *emitter) jumpTables(f *Func, labels map[string]string, label func(*Block) string) {
	if labels == nil {
		return
	}
	e.printf("\t.section\t.rodata\n\t.p2align\t2\n")
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != opJmpTable {
				continue
			}
			table := labels[in.Args[1].sym()]
			e.printf("%s:\n", table)
			for _, t := range in.targets() {
				e.printf("\t.long\t%s-%s\n", label(t.block()), table)
			}
		}
	}
	e.printf("\t.text\n")
}

// preheaderOf returns the IR block where the table address of a switch in
// b is computed: the immediate dominator of the header of b's innermost
// loop, or nil when b is in no loop or the header is the entry.
func (s *selector) preheaderOf(b *middle.Block) *middle.Block {
	l := s.ir.Loops().Innermost(b)
	if l == nil {
		return nil
	}
	return s.ir.Dom().Idom(l.Header)
}

// hoistedInstr is an instruction selection made for another block than
// the one it was selecting, to go at that block's end.
type hoistedInstr struct {
	b  *Block
	in *Instr
}

// placeHoisted puts each hoisted instruction at the end of its block,
// before the branches that close it (which the instruction, a lea, leaves
// the flags of alone).
func (s *selector) placeHoisted() {
	for _, h := range s.hoisted {
		n := len(h.b.Instrs)
		for n > 0 && h.b.Instrs[n-1].isBranch() {
			n--
		}
		h.b.Instrs = slices.Insert(h.b.Instrs, n, h.in)
	}
}
