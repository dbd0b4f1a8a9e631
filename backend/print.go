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

// appendMnemonic appends in's AT&T mnemonic.
func (p *formatter) appendMnemonic(buf []byte, in *Instr) []byte {
	name := opNames[in.Op]
	switch in.Op {
	case opMov:
		if in.Size == 8 && in.Args[1].Kind == KindImm && !fitsInt32(in.Args[1].Imm) {
			return append(buf, "movabsq"...)
		}
	case opMovzx, opMovsx:
		return append(append(append(buf, name[:4]...), sizeSuffix(in.SrcSize)...), sizeSuffix(in.Size)...)
	case opSetcc, opCmov, opJcc:
		return append(append(buf, name...), in.Cond.String()...)
	case opCqo, opCdq, opCall, opJmp, opRet, opUd2, opPhi, opJmpTable:
		return append(buf, name...)
	}
	return append(append(buf, name...), sizeSuffix(in.Size)...)
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

// The formatter appends to a byte slice, as strconv's Append functions
// do: the emitter formats every instruction of the program, and building
// each line from strings and fmt was a tenth of toyc's time at -O1. The
// string forms serve the dumps and messages.

func (p *formatter) reg(r Reg, size uint8) string { return string(p.appendReg(nil, r, size)) }

func (p *formatter) appendReg(buf []byte, r Reg, size uint8) []byte {
	buf = append(buf, '%')
	switch {
	case r.IsPhysical():
		return append(buf, physName(r, size)...)
	case p.final:
		return append(buf, physName(p.f.location(r), size)...)
	}
	buf = append(buf, 'v')
	buf = strconv.AppendInt(buf, int64(r-FirstVReg), 10)
	if l := p.f.location(r); l.IsPhysical() {
		buf = append(buf, ':')
		buf = append(buf, physName(l, size)...)
	}
	return buf
}

func (p *formatter) operand(o Operand, size uint8) string {
	return string(p.appendOperand(nil, o, size))
}

func (p *formatter) appendOperand(buf []byte, o Operand, size uint8) []byte {
	switch o.Kind {
	case KindReg:
		return p.appendReg(buf, o.Reg, size)
	case KindImm:
		return strconv.AppendInt(append(buf, '$'), o.Imm, 10)
	case KindBlock:
		return append(buf, p.label(o.block())...)
	case KindSym:
		buf = append(buf, p.sym(o.sym())...)
		if p.plt(o.sym()) {
			buf = append(buf, "@PLT"...)
		}
		return buf
	case KindMem:
		return p.appendMemory(buf, o)
	}
	return append(buf, '?')
}

// appendSigned appends d with its sign, as %+d does.
func appendSigned(buf []byte, d int64) []byte {
	if d >= 0 {
		buf = append(buf, '+')
	}
	return strconv.AppendInt(buf, d, 10)
}

func (p *formatter) appendMemory(buf []byte, o Operand) []byte {
	base := NoReg
	rsp := false // a slot, at its offset from the body's stack pointer
	switch {
	case o.sym() != "":
		buf = append(buf, p.sym(o.sym())...)
		if o.GOT {
			buf = append(buf, "@GOTPCREL"...)
		} else if o.Imm != 0 {
			buf = appendSigned(buf, o.Imm)
		}
		return append(buf, "(%rip)"...)
	case o.slot() != nil && (p.final || p.f.stage >= stageLaidOut):
		if d := int64(o.slot().Offset+p.f.frame.total) + o.Imm; d != 0 {
			buf = strconv.AppendInt(buf, d, 10)
		}
		rsp = true
	case o.slot() != nil:
		buf = append(append(append(buf, '<'), o.slot().Name...), '>')
		if o.Imm != 0 {
			buf = appendSigned(buf, o.Imm)
		}
	default:
		if o.Imm != 0 {
			buf = strconv.AppendInt(buf, o.Imm, 10)
		}
		base = o.Base
	}
	if !rsp && base == NoReg && o.Index == NoReg {
		return buf
	}
	buf = append(buf, '(')
	switch {
	case rsp:
		buf = append(buf, "%rsp"...)
	case base != NoReg:
		buf = p.appendReg(buf, base, 8)
	}
	if o.Index != NoReg {
		buf = append(buf, ',')
		buf = p.appendReg(buf, o.Index, 8)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(o.Scale), 10)
	}
	return append(buf, ')')
}

// instr formats in as one line of AT&T assembly, operands reversed from
// their Intel order in Args.
func (p *formatter) instr(in *Instr) string { return string(p.appendInstr(nil, in)) }

func (p *formatter) appendInstr(buf []byte, in *Instr) []byte {
	buf = p.appendMnemonic(buf, in)
	if in.Op == opPhi {
		buf = append(buf, ' ')
		buf = p.appendOperand(buf, in.Args[0], 8)
		buf = append(buf, " <-"...)
		var from []*Block
		if p.f != nil {
			from = p.f.phiFrom[in]
		}
		for i, blk := range from {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, " ["...)
			buf = p.appendOperand(buf, in.Args[i+1], 8)
			buf = append(append(append(buf, ", "...), blk.Name...), ']')
		}
		return buf
	}
	if in.Op == opJmpTable {
		buf = append(buf, "\t*"...)
		buf = p.appendOperand(buf, in.Args[0], 8)
		if !p.final { // the dump lists the table
			buf = append(append(append(buf, "\t# "...), in.Args[1].sym()...), ':')
			for _, t := range in.targets() {
				buf = append(buf, ' ')
				buf = p.appendOperand(buf, t, 8)
			}
		}
		return buf
	}
	for i := len(in.Args) - 1; i >= 0; i-- {
		if i == len(in.Args)-1 {
			buf = append(buf, '\t')
		} else {
			buf = append(buf, ", "...)
		}
		buf = p.appendOperand(buf, in.Args[i], operandSize(in, i))
	}
	return buf
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
		fmt.Fprintf(b, "#   slot %d %-8s %-10s %d(%%rsp), %d bytes\n", s.ID, kind, s.Name, s.Offset+f.frame.total, s.Size)
	}
}
