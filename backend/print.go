package backend

import (
	"fmt"
	"strconv"
	"strings"
)

// Printing machine IR: one formatter writes instructions in AT&T syntax,
// both for the assembler (physical registers, frame offsets, labels) and
// for the dumps of the stages (virtual registers as %v12, with their
// allocation once there is one, slots by name), so that a dump reads like
// the assembly it becomes.

// formatter writes instructions of one function.
type formatter struct {
	f     *Func
	final bool                     // for the assembler
	label func(b *Block) string    // a block's label
	sym   func(name string) string // a global's assembler name
	plt   func(name string) bool   // whether a call goes through the PLT
}

func sizeSuffix(size uint8) string {
	switch size {
	case 1:
		return "b"
	case 4:
		return "l"
	}
	return "q"
}

// mnemonic returns in's AT&T mnemonic.
func (p *formatter) mnemonic(in *Instr) string {
	name := opNames[in.Op]
	switch in.Op {
	case opMov:
		if in.Size == 8 && in.Args[1].Kind == KindImm && !fitsInt32(in.Args[1].Imm) {
			return "movabsq"
		}
	case opMovzx, opMovsx:
		return name[:4] + sizeSuffix(in.SrcSize) + sizeSuffix(in.Size)
	case opSetcc, opCmov, opJcc:
		return name + in.Cond.String()
	case opCqo, opCdq, opCall, opJmp, opRet, opUd2, opPhi, opJmpTable:
		return name
	}
	return name + sizeSuffix(in.Size)
}

// operandSize is the width operand i of in is printed at.
func operandSize(in *Instr, i int) uint8 {
	switch {
	case (in.Op == opMovzx || in.Op == opMovsx) && i == 1:
		return in.SrcSize
	case in.Op == opShl || in.Op == opSar || in.Op == opShr || in.Op == opRol:
		if i == 1 {
			return 1 // %cl
		}
	case in.Op == opSetcc:
		return 1
	}
	return in.Size
}

func (p *formatter) reg(r Reg, size uint8) string {
	switch {
	case r.IsPhysical():
		return "%" + physName(r, size)
	case p.final:
		return "%" + physName(p.f.location(r), size)
	}
	name := "%" + vregName(r)
	if l := p.f.location(r); l.IsPhysical() {
		name += ":" + physName(l, size)
	}
	return name
}

func (p *formatter) operand(o Operand, size uint8) string {
	switch o.Kind {
	case KindReg:
		return p.reg(o.Reg, size)
	case KindImm:
		return "$" + strconv.FormatInt(o.Imm, 10)
	case KindBlock:
		return p.label(o.Block)
	case KindSym:
		if p.plt(o.Sym) {
			return p.sym(o.Sym) + "@PLT"
		}
		return p.sym(o.Sym)
	case KindMem:
		return p.memory(o)
	}
	return "?"
}

func (p *formatter) memory(o Operand) string {
	var b strings.Builder
	base := ""
	switch {
	case o.Sym != "":
		b.WriteString(p.sym(o.Sym))
		if o.GOT {
			b.WriteString("@GOTPCREL")
		} else if o.Imm != 0 {
			fmt.Fprintf(&b, "%+d", o.Imm)
		}
		b.WriteString("(%rip)")
		return b.String()
	case o.Slot != nil && (p.final || p.f.stage >= stageLaidOut || o.Slot.Kind == SlotIncoming):
		if d := int64(o.Slot.Offset) + o.Imm; d != 0 {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		base = "%rbp"
	case o.Slot != nil:
		fmt.Fprintf(&b, "<%s>", o.Slot.Name)
		if o.Imm != 0 {
			fmt.Fprintf(&b, "%+d", o.Imm)
		}
	default:
		if o.Imm != 0 {
			b.WriteString(strconv.FormatInt(o.Imm, 10))
		}
		if o.Base != NoReg {
			base = p.reg(o.Base, 8)
		}
	}
	if base == "" && o.Index == NoReg {
		return b.String()
	}
	b.WriteString("(" + base)
	if o.Index != NoReg {
		fmt.Fprintf(&b, ",%s,%d", p.reg(o.Index, 8), o.Scale)
	}
	b.WriteString(")")
	return b.String()
}

// instr formats in as one line of AT&T assembly, operands reversed from
// their Intel order in Args.
func (p *formatter) instr(in *Instr) string {
	var b strings.Builder
	b.WriteString(p.mnemonic(in))
	if in.Op == opPhi {
		b.WriteString(" " + p.operand(in.Args[0], 8) + " <-")
		for i, blk := range in.Phi {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " [%s, %s]", p.operand(in.Args[i+1], 8), blk.Name)
		}
		return b.String()
	}
	if in.Op == opJmpTable {
		b.WriteString("\t*" + p.operand(in.Args[0], 8))
		if !p.final { // the dump lists the table
			b.WriteString("\t# " + in.Args[1].Sym + ":")
			for _, t := range in.targets() {
				b.WriteString(" " + p.operand(t, 8))
			}
		}
		return b.String()
	}
	for i := len(in.Args) - 1; i >= 0; i-- {
		if i == len(in.Args)-1 {
			b.WriteString("\t")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(p.operand(in.Args[i], operandSize(in, i)))
	}
	return b.String()
}

// vregName is a virtual register's name in dumps, without the %.
func vregName(r Reg) string { return "v" + strconv.Itoa(int(r-FirstVReg)) }

// regName names a register or program value for messages.
func (f *Func) regName(r Reg) string {
	switch {
	case r == NoReg:
		return "nothing"
	case r.IsPhysical():
		return "%" + physName(r, 8)
	}
	return "%" + vregName(r)
}

func (f *Func) dumpFormatter() *formatter {
	return &formatter{
		f:     f,
		label: func(b *Block) string { return b.Name },
		sym:   func(name string) string { return name },
		plt:   func(string) bool { return false },
	}
}

// instrString formats one instruction for messages.
func (f *Func) instrString(in *Instr) string { return f.dumpFormatter().instr(in) }

var stageNames = [...]string{
	stageSelected: "instruction selection", stageOutOfSSA: "out of SSA",
	stageAllocated: "register allocation", stageLaidOut: "frame layout",
}

// String dumps f as the last stage left it.
func (f *Func) String() string { return f.DumpAfter(stageNames[f.stage]) }

// DumpAfter is String with the header naming what ran last (a pass of the
// table, which may be finer than f's stage).
//
// The dump explains itself: a legend names the IR value each virtual
// register holds (VRegOrigins), each edge's parallel copy is shown as
// out-of-SSA planned and ordered it, the registers coalescing merged are
// listed, and once registers are allocated every instruction carries the
// position the live intervals refer to, with a note on the spill code,
// the operands that are a spilled register's slot, and the copies of
// live-range splits (the same facts as explain.go's, as text).
func (f *Func) DumpAfter(what string) string {
	var b strings.Builder
	p := f.dumpFormatter()
	fmt.Fprintf(&b, "machine function %s, after %s\n", f.Name, what)
	if f.stage >= stageLaidOut {
		f.dumpFrame(&b)
	}
	f.dumpOrigins(&b)
	if len(f.coalesced) > 0 {
		parts := make([]string, len(f.coalesced))
		for i, c := range f.coalesced {
			parts[i] = vregName(c[0]) + " into " + vregName(c[1])
		}
		writeWrapped(&b, "# coalesced: ", parts)
	}
	var listing []NumberedInstr
	if d := f.allocData(); d != nil {
		f.dumpIntervals(&b, d)
		listing = d.listing
	}
	k := 0 // the next line of listing
	for _, blk := range f.Blocks {
		fmt.Fprintf(&b, "%s:", blk.Name)
		if len(blk.Preds) > 0 {
			names := make([]string, len(blk.Preds))
			for i, pr := range blk.Preds {
				names[i] = pr.Name
			}
			fmt.Fprintf(&b, "\t\t\t# preds: %s", strings.Join(names, ", "))
		}
		if blk.depth > 0 {
			fmt.Fprintf(&b, " (loop depth %d)", blk.depth)
		}
		switch {
		case f.frame.wrapped && blk.prologue:
			b.WriteString(" (prologue)")
		case f.frame.wrapped && blk.frameless:
			b.WriteString(" (before the prologue)")
		}
		b.WriteString("\n")
		for _, ec := range blk.Copies {
			dumpEdgeCopy(&b, p, ec)
		}
		for _, in := range blk.Instrs {
			if listing == nil {
				b.WriteString("\t" + p.instr(in) + "\n")
				continue
			}
			l := listing[k]
			k++
			fmt.Fprintf(&b, "%5d:\t%s", l.Pos, l.Text)
			if l.Note != "" {
				b.WriteString("\t# " + l.Note)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// dumpOrigins writes the legend of the registers the code names whose IR
// value is known.
func (f *Func) dumpOrigins(b *strings.Builder) {
	names := f.originNames()
	seen := make([]bool, len(names))
	mark := func(r Reg) {
		if r.IsVirtual() {
			seen[r-FirstVReg] = true
		}
	}
	for _, blk := range f.Blocks {
		for _, in := range blk.Instrs {
			for _, a := range in.Args {
				mark(a.Reg)
				mark(a.Base)
				mark(a.Index)
				mark(a.VReg)
			}
		}
	}
	var parts []string
	for i, n := range names {
		if seen[i] && n != "" {
			parts = append(parts, vregName(FirstVReg+Reg(i))+" = "+n)
		}
	}
	writeWrapped(b, "# IR values: ", parts)
}

// writeWrapped writes the comment head followed by parts, comma-separated,
// in lines of about 100 columns.
func writeWrapped(b *strings.Builder, head string, parts []string) {
	if len(parts) == 0 {
		return
	}
	const width = 100
	line := head
	for i, s := range parts {
		if i < len(parts)-1 {
			s += ","
		}
		if len(line)+1+len(s) > width && line != head {
			b.WriteString(line + "\n")
			line = "#  "
		}
		if line != head {
			line += " "
		}
		line += s
	}
	b.WriteString(line + "\n")
}

func dumpEdgeCopy(b *strings.Builder, p *formatter, ec *EdgeCopy) {
	moves := func(ms []Move) string {
		parts := make([]string, len(ms))
		for i, m := range ms {
			parts[i] = locName(m.Dst) + " <- " + locName(m.Src)
		}
		return strings.Join(parts, "; ")
	}
	fmt.Fprintf(b, "\t# edge %s -> %s: parallel copy (%s)\n", ec.From.Name, ec.To.Name, moves(ec.Parallel))
	fmt.Fprintf(b, "\t#   sequential: %s", moves(ec.Sequential))
	if len(ec.Sequential) == 0 {
		b.WriteString("nothing")
	}
	for _, t := range ec.Temps {
		fmt.Fprintf(b, " [cycle temporary %s]", vregName(Reg(t)))
	}
	if len(ec.Constants) > 0 {
		parts := make([]string, len(ec.Constants))
		for i, c := range ec.Constants {
			parts[i] = vregName(c.Dst) + " <- " + p.operand(c.Src, 8)
		}
		fmt.Fprintf(b, " then %s", strings.Join(parts, "; "))
	}
	b.WriteString("\n")
}

// dumpIntervals writes the live intervals of the last allocation round,
// over the positions the listing numbers.
func (f *Func) dumpIntervals(b *strings.Builder, d *allocData) {
	fmt.Fprintf(b, "# live intervals (%d allocation round(s)), over the positions of the listing:\n", f.alloc.rounds)
	for _, it := range d.intervals {
		parts := make([]string, len(it.Ranges))
		for i, r := range it.Ranges {
			parts[i] = fmt.Sprintf("[%d,%d)", r[0], r[1])
		}
		name := it.VReg
		if !strings.HasPrefix(name, "v") {
			name = "fixed"
		}
		fmt.Fprintf(b, "#   %-6s %-9s %s", name, strings.TrimPrefix(it.Loc, "%"), strings.Join(parts, " "))
		var notes []string
		if it.Origin != "" {
			notes = append(notes, it.Origin)
		}
		switch {
		case it.Spilled && len(it.SpillStores)+len(it.Reloads) > 0:
			notes = append(notes, fmt.Sprintf("spilled: %d store(s), %d reload(s)", len(it.SpillStores), len(it.Reloads)))
		case it.Spilled:
			notes = append(notes, "spilled")
		}
		if it.TempFor != "" {
			notes = append(notes, "temporary for "+it.TempFor)
		}
		switch it.SplitAt {
		case "calls":
			notes = append(notes, "split of "+it.SplitOf+" across calls")
		case "loop":
			notes = append(notes, "split of "+it.SplitOf+" for a loop")
		}
		if len(notes) > 0 {
			b.WriteString("  (" + strings.Join(notes, ", ") + ")")
		}
		b.WriteString("\n")
	}
}

func (f *Func) dumpFrame(b *strings.Builder) {
	saved := make([]string, len(f.frame.saved))
	for i, r := range f.frame.saved {
		saved[i] = physName(r, 8)
	}
	fmt.Fprintf(b, "# frame: saves [%s], %d bytes below them, %d bytes of outgoing arguments\n",
		strings.Join(saved, " "), f.frame.size, f.outArgs)
	for _, s := range f.Slots {
		kind := [...]string{SlotAlloca: "alloca", SlotSpill: "spill", SlotIncoming: "argument"}[s.Kind]
		fmt.Fprintf(b, "#   slot %d %-8s %-10s %d(%%rbp), %d bytes\n", s.ID, kind, s.Name, s.Offset, s.Size)
	}
}
