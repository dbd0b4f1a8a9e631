package backend

import (
	"sort"
	"strconv"

	"toyc/middle"
)

// What the backend did, as data: the facts its dumps print (print.go),
// as plain values for a program to show, such as the SSA explorer
// (package explorer). Nothing here runs unless asked: each method computes
// its answer from what the stages keep anyway (the EdgeCopy records of
// out-of-SSA, the per-register records, the coalesced pairs, the last
// allocation round's intervals), so a compilation that does not ask pays
// nothing.
//
// Names are as the dumps print them: virtual registers "v3", physical
// registers "%rdi", immediates "$0", blocks by name, IR values as the IR
// prints them as operands ("%x", "@g").

// MoveInfo is one move Dst ← Src: virtual registers as "v3", physical
// ones as "%rdi", constants as "$0", addresses as the machine operand
// they are taken from ("<x>" for a stack slot before frame layout,
// "8(%rsp)" after it, "g(%rip)" for a global).
type MoveInfo struct{ Dst, Src string }

// EdgeCopyInfo is what out-of-SSA made of one CFG edge: the φs of To,
// read on the edge from From, as one parallel copy, and the moves that
// perform it.
type EdgeCopyInfo struct {
	From, To string // the edge's blocks, by name
	// Parallel is the copy between registers, one move per φ with a
	// register source, in the φs' order: every Dst gets the value its Src
	// held before any of them is written.
	Parallel []MoveInfo
	// Sequential is the order chosen for Parallel, in execution order
	// (Sequentialize): a move never reads a location an earlier move
	// overwrote, except a temporary of Temps holding the value it wants.
	Sequential []MoveInfo
	// Temps are the virtual registers that break the copy's cycles, one
	// per cycle, in the order the cycles are broken.
	Temps []string
	// Constants are the φs whose source is a constant or an address:
	// written after Sequential, when nothing reads their registers any
	// more.
	Constants []MoveInfo
}

// EdgeCopyInfo returns every edge's parallel copy, once out-of-SSA has
// run (nil before), in f's current block order by the block the moves
// were put in (the end of From, or the top of To when From branches two
// ways), then in the order out-of-SSA placed them there. The registers
// are those of out-of-SSA: later stages rename some in the code
// (shrink-wrapping, coalescing; see AllocationInfo's coalesced pairs).
func (f *Func) EdgeCopyInfo() []EdgeCopyInfo {
	var out []EdgeCopyInfo
	p := f.dumpFormatter()
	for _, b := range f.Blocks {
		for _, ec := range b.Copies {
			info := EdgeCopyInfo{
				From:       ec.From.Name,
				To:         ec.To.Name,
				Parallel:   moveInfos(ec.Parallel),
				Sequential: moveInfos(ec.Sequential),
				Temps:      []string{},
				Constants:  []MoveInfo{},
			}
			for _, t := range ec.Temps {
				info.Temps = append(info.Temps, locName(t))
			}
			for _, c := range ec.Constants {
				info.Constants = append(info.Constants, MoveInfo{locName(int(c.Dst)), p.operand(c.Src, 8)})
			}
			out = append(out, info)
		}
	}
	return out
}

func moveInfos(ms []Move) []MoveInfo {
	out := make([]MoveInfo, len(ms))
	for i, m := range ms {
		out[i] = MoveInfo{locName(m.Dst), locName(m.Src)}
	}
	return out
}

// locName names a location of an EdgeCopy, a register.
func locName(l int) string {
	if r := Reg(l); r.IsVirtual() {
		return vregName(r)
	}
	return "%" + physName(Reg(l), 8)
}

// VRegOrigins maps each virtual register whose IR value is known ("v2")
// to that value as the IR prints it ("%x"; "@g" for a register holding a
// global's address). Instruction selection records the value each
// register is made for; a register the backend makes later has the
// origin of the register it stands for: an allocator temporary's spilled
// register, a split's original, and for a register made as a copy of
// another (shrink-wrapping's renames outside the prologue's region,
// out-of-SSA's cycle temporaries) the register all its definitions copy.
// Constants, the backend's own scratch registers and a temporary that a
// copy only starts (computed on in place) have none. Available from instruction selection on.
func (f *Func) VRegOrigins() map[string]string {
	names := f.originNames()
	m := make(map[string]string)
	for i, n := range names {
		if n != "" {
			m[vregName(FirstVReg+Reg(i))] = n
		}
	}
	return m
}

// originNames returns VRegOrigins by vreg index, "" for none.
func (f *Func) originNames() []string {
	vals := f.origins()
	names := make([]string, len(vals))
	for i, v := range vals {
		if v != nil {
			names[i] = v.String()
		}
	}
	return names
}

// origins returns, by vreg index, the IR value each virtual register
// holds (see VRegOrigins), or nil.
func (f *Func) origins() []*middle.Value { return f.originsIn(new(originBuf)) }

// originBuf is memory originsIn reuses: the variable tracker asks for
// every function compiled with -g, and made fresh its tables were a sixth
// of what the tracker allocated.
type originBuf struct {
	out    []*middle.Value
	state  []uint8
	copyOf []Reg
}

// originsIn is origins, made in buf's memory: the result is buf.out.
func (f *Func) originsIn(buf *originBuf) []*middle.Value {
	nv := f.NumVRegs()
	// copyOf[i], for a register with nothing recorded: the register that
	// every one of its definitions copies, or NoReg. A register that is
	// also defined otherwise is a temporary the copy only starts (mov x,
	// t; sar $63, t; shr $1, t: the rounding bias of a division), which
	// holds x only until the next definition — no origin, or the
	// debugger would be told that t holds x (notCopy, which is no virtual
	// register: resolve follows no copy of it). Made only when some
	// register has nothing recorded: resolve reads it for those alone.
	var copyOf []Reg
	const notCopy = Reg(-1)
	// Only a register with nothing recorded needs the scan of the code;
	// in most functions every register has its value, original or split
	// recorded (the tracker asks for every function compiled with -g).
	unrecorded := false
	for i := range f.vregs[:nv] {
		if !f.vregs[i].recorded() {
			unrecorded = true
			break
		}
	}
	if unrecorded {
		copyOf = scratch(&buf.copyOf, nv)
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				// Only the first operand may be defined (defArgs): its
				// register is asked about before the instruction's role,
				// which most instructions' (recorded) register spares.
				if len(in.Args) == 0 {
					continue
				}
				r := operandVReg(in.Args[0])
				if !r.IsVirtual() || f.vregs[r-FirstVReg].recorded() || len(in.defArgs()) == 0 {
					continue // (resolve reads no recorded register's copyOf)
				}
				d, s := NoReg, NoReg
				if in.Op == opMov && in.Size == 8 {
					d, s = r, f.program(operandVReg(in.Args[1]))
				}
				c := &copyOf[r-FirstVReg]
				switch {
				case r != d || !s.IsVirtual() || d == s:
					*c = notCopy
				case *c == NoReg:
					*c = s
				case *c != s:
					*c = notCopy
				}
			}
		}
	}
	out := scratch(&buf.out, nv)
	state := scratch(&buf.state, nv) // 0 unresolved, 1 resolving, 2 resolved
	var resolve func(r Reg) *middle.Value
	resolve = func(r Reg) *middle.Value {
		i := r - FirstVReg
		switch state[i] {
		case 1:
			return nil // a cycle of copies: no origin
		case 2:
			return out[i]
		}
		state[i] = 1
		vi := &f.vregs[i]
		var v *middle.Value
		switch {
		case vi.origin != nil:
			v = vi.origin
		case vi.orig != NoReg:
			v = resolve(vi.orig)
		case vi.splitOf != NoReg:
			v = resolve(vi.splitOf)
		case copyOf[i].IsVirtual():
			v = resolve(copyOf[i])
		}
		out[i], state[i] = v, 2
		return v
	}
	for i := range nv {
		// Most registers have their value recorded: resolve's first
		// case, without the call (resolve still answers it, should a
		// copy's resolution reach the register).
		if v := f.vregs[i].origin; v != nil {
			out[i] = v
			continue
		}
		resolve(FirstVReg + Reg(i))
	}
	return out
}

// operandVReg is the virtual register o names: a register operand's, or
// the register a spill slot operand stands for; else NoReg.
func operandVReg(o Operand) Reg {
	switch {
	case o.Kind == KindReg && o.Reg.IsVirtual():
		return o.Reg
	case o.Kind == KindMem && o.slot() != nil && o.VReg != NoReg:
		return o.VReg
	}
	return NoReg
}

// IntervalInfo is the live interval of one register in the last
// allocation round, over the positions of AllocationInfo's listing.
type IntervalInfo struct {
	// VReg is the register: "v3", or for the fixed interval of a physical
	// register (where instructions name it: arguments, results, division,
	// shifts, and the caller-saved registers a call destroys) "%rax".
	VReg string
	// Origin is the IR value the register holds ("%x", see VRegOrigins),
	// or "".
	Origin string
	// Ranges are the positions where the register is live, half-open
	// [start, end), sorted and disjoint. A spilled register's are those of
	// the round that spilled it, carried over to the final positions.
	Ranges [][2]int
	// Loc is where the register lives: its physical register ("%rbx"),
	// or for a spilled one its stack slot, "slot 2" until the frame is
	// laid out and then as the listing prints it ("24(%rsp)").
	Loc     string
	Spilled bool
	// Defs and Uses are the positions of the instructions that write and
	// read the register. A spilled register is no longer named by any
	// instruction: its Defs and Uses are those of the program's
	// instructions that write or read it through its slot or through one
	// of its temporaries (TempFor), the spill code excluded.
	Defs, Uses []int
	// SplitOf is the register this one was split from ("v3"), else "";
	// SplitAt says which split: "calls" for a copy that holds it across
	// calls (splitcalls.go), "loop" for one that stands for it inside a
	// loop (splitloops.go).
	SplitOf, SplitAt string
	// TempFor is, for a temporary the allocator made to reload or store a
	// spilled register around one instruction, that register; else "".
	TempFor string
	// SpillStores and Reloads are the positions of the spill code that
	// writes the register to its slot and reads it back (spilled
	// registers only).
	SpillStores, Reloads []int
}

// NumberedInstr is one instruction of the allocated code, numbered as the
// allocator numbered it: 0, 2, 4, ... along the block order. An
// instruction at Pos reads its operands at Pos and writes its results at
// Pos+1, so a register's live range starts after its definition and ends
// after its last use.
type NumberedInstr struct {
	Pos   int
	Block string // the block's name
	Text  string // as the dump prints it: AT&T, "%v3:rbx" for a register and its allocation
	Note  string // what the allocator made it for, as the dump prints it after "#": "reload v3", "spill v3", "split v3 into v20 across calls", ...; or ""
}

// AllocationInfo returns, after register allocation, the live intervals
// of the last round — every virtual register that occurs in the code or
// was spilled, by register number, then the fixed intervals of the
// physical registers in encoding order — the numbered instructions they
// refer to, and the registers CoalesceCopies merged, as [merged, into]
// pairs by merged register ("into" is the register it finally became,
// which the code names). Before allocation the intervals and the listing
// are nil; the pairs are there once CoalesceCopies has run.
func (f *Func) AllocationInfo() (intervals []IntervalInfo, listing []NumberedInstr, coalesced [][2]string) {
	for _, c := range f.coalesced {
		coalesced = append(coalesced, [2]string{vregName(c[0]), vregName(c[1])})
	}
	d := f.allocData()
	if d == nil {
		return nil, nil, coalesced
	}
	return d.intervals, d.listing, coalesced
}

// allocData is AllocationInfo's intervals and listing, and the notes by
// instruction the dump prints.
type allocData struct {
	intervals []IntervalInfo
	listing   []NumberedInstr
}

func (f *Func) allocData() *allocData {
	a := f.alloc
	if a == nil {
		return nil
	}
	p := f.dumpFormatter()
	names := f.originNames()
	nv := f.NumVRegs()

	// The final numbering, and the per-register positions.
	type regPos struct{ defs, uses, stores, reloads []int }
	virt := make([]regPos, nv)
	var fixed [FirstVReg]regPos
	at := func(r Reg) *regPos {
		if r.IsVirtual() {
			return &virt[r-FirstVReg]
		}
		return &fixed[r]
	}
	add := func(list *[]int, pos int) {
		if n := len(*list); n == 0 || (*list)[n-1] != pos {
			*list = append(*list, pos)
		}
	}
	d := &allocData{}
	pos := 0
	var final map[*Instr]int // filled only when spilled ranges need it
	if len(a.spilled) > 0 {
		final = map[*Instr]int{}
	}
	blockStart := make([]int, len(f.Blocks)) // by ID
	for _, b := range f.Blocks {
		blockStart[b.ID] = pos
		for _, in := range b.Instrs {
			if final != nil {
				final[in] = pos
			}
			in.forEachDef(func(r Reg) { add(&at(r).defs, pos) })
			in.forEachUse(func(r Reg) { add(&at(r).uses, pos) })
			for i, o := range in.Args {
				v := operandVReg(o)
				if !v.IsVirtual() {
					continue
				}
				rp := at(v)
				if o.Kind == KindMem { // v's slot, in its place
					switch role := in.role(i); {
					case in.Spill && role&roleDef != 0:
						add(&rp.stores, pos)
					case in.Spill:
						add(&rp.reloads, pos)
					default:
						if role&roleDef != 0 {
							add(&rp.defs, pos)
						}
						if role&roleUse != 0 {
							add(&rp.uses, pos)
						}
					}
					continue
				}
				if t := f.program(v); t != v && !in.Spill { // a temporary's, in the program's code
					role := in.role(i)
					if role&roleDef != 0 {
						add(&at(t).defs, pos)
					}
					if role&roleUse != 0 {
						add(&at(t).uses, pos)
					}
				}
			}
			d.listing = append(d.listing, NumberedInstr{Pos: pos, Block: b.Name, Text: p.instr(in), Note: f.allocNote(in)})
			pos += 2
		}
	}
	for i := range virt {
		if f.vregs[i].orig == NoReg && a.interval(i) == nil { // a spilled register: its temporaries' positions interleave with its slot's
			rp := &virt[i]
			sort.Ints(rp.defs)
			sort.Ints(rp.uses)
			rp.defs, rp.uses = dedup(rp.defs), dedup(rp.uses)
		}
	}

	ranges := func(rs []Range) [][2]int {
		out := make([][2]int, len(rs))
		for i, r := range rs {
			out[i] = [2]int{r.Start, r.End}
		}
		return out
	}
	info := func(r Reg) IntervalInfo {
		vi := f.vreg(r)
		rp := &virt[r-FirstVReg]
		ii := IntervalInfo{VReg: vregName(r), Origin: names[r-FirstVReg], Defs: rp.defs, Uses: rp.uses,
			SpillStores: rp.stores, Reloads: rp.reloads}
		if vi.splitOf != NoReg {
			ii.SplitOf = vregName(vi.splitOf)
			ii.SplitAt = map[splitKind]string{splitAtCalls: "calls", splitAtLoop: "loop"}[vi.split]
		}
		if vi.orig != NoReg {
			ii.TempFor = vregName(vi.orig)
		}
		return ii
	}
	spilled := make(map[Reg]*spillRecord, len(a.spilled))
	for i := range a.spilled {
		spilled[a.spilled[i].reg] = &a.spilled[i]
	}
	for i := range nv {
		r := FirstVReg + Reg(i)
		if it := a.interval(i); it != nil {
			ii := info(r)
			ii.Ranges = ranges(it.Ranges)
			ii.Loc = "%" + physName(it.assigned, 8)
			d.intervals = append(d.intervals, ii)
		} else if sp := spilled[r]; sp != nil {
			ii := info(r)
			ii.Spilled = true
			ii.Ranges = f.carryRanges(sp, final, blockStart)
			ii.Loc = f.slotLoc(sp.slot)
			d.intervals = append(d.intervals, ii)
		}
	}
	for r := RAX; r < FirstVReg; r++ {
		if it := a.set.fixed[r]; it != nil {
			name := "%" + physName(r, 8)
			d.intervals = append(d.intervals, IntervalInfo{VReg: name, Ranges: ranges(it.Ranges), Loc: name,
				Defs: fixed[r].defs, Uses: fixed[r].uses})
		}
	}
	return d
}

// interval returns the last round's interval of the vreg with index i, or
// nil.
func (a *allocation) interval(i int) *Interval {
	if i < len(a.set.virtual) {
		return a.set.virtual[i]
	}
	return nil
}

func dedup(s []int) []int {
	n := 0
	for i, x := range s {
		if i == 0 || x != s[n-1] {
			s[n] = x
			n++
		}
	}
	return s[:n]
}

// slotLoc names a spill slot as IntervalInfo.Loc does.
func (f *Func) slotLoc(s *Slot) string {
	if f.stage >= stageLaidOut {
		if d := s.Offset + f.frame.total; d != 0 { // as the operand prints
			return strconv.Itoa(d) + "(%rsp)"
		}
		return "(%rsp)"
	}
	return "slot " + strconv.Itoa(s.ID)
}

// carryRanges translates the ranges of a register spilled in an earlier
// round to the final numbering (final: each instruction's position;
// blockStart: each block's first, by ID). The rounds after it only
// inserted instructions, so every position is carried by the instruction
// it belongs to (with its read or write half), and a range that starts or
// ends at a block boundary by the block's boundary.
func (f *Func) carryRanges(sp *spillRecord, final map[*Instr]int, blockStart []int) [][2]int {
	rc := &f.alloc.spillRounds[sp.round]
	// The block holding position q of the round: the last in the block
	// order that starts at or before q.
	blockAt := func(q int) *Block {
		k := sort.Search(len(f.Blocks), func(k int) bool { return rc.start[f.Blocks[k].ID] > q })
		return f.Blocks[k-1]
	}
	out := make([][2]int, 0, len(sp.ranges))
	for _, r := range sp.ranges {
		b := blockAt(r.Start)
		i, half := (r.Start-rc.start[b.ID])/2, (r.Start-rc.start[b.ID])%2
		start := blockStart[b.ID]
		if i > 0 || half > 0 {
			start = final[rc.code[b.ID][i]] + half
		}
		b = blockAt(r.End - 1)
		i, half = (r.End-1-rc.start[b.ID])/2, (r.End-1-rc.start[b.ID])%2
		end := blockStart[b.ID] + 2*len(b.Instrs)
		if i < len(rc.code[b.ID])-1 || half == 0 {
			end = final[rc.code[b.ID][i]] + half + 1
		}
		out = append(out, [2]int{start, end})
	}
	return out
}

// allocNote says what the allocator made in for, or "": the spill code,
// the instructions that take a spilled register's slot in its place, and
// the copies of live-range splits.
func (f *Func) allocNote(in *Instr) string {
	var note string
	say := func(s string) {
		if note != "" {
			note += "; "
		}
		note += s
	}
	if in.Op == opMov && len(in.Args) == 2 {
		dst, src := operandVReg(in.Args[0]), operandVReg(in.Args[1])
		dm, sm := in.Args[0].Kind == KindMem && dst != NoReg, in.Args[1].Kind == KindMem && src != NoReg
		if dst.IsVirtual() && src.IsVirtual() && !in.Spill {
			d, s := f.program(dst), f.program(src)
			switch dv, sv := f.vreg(d), f.vreg(s); {
			case dv.splitOf == s && dv.split == splitAtCalls:
				say("split " + vregName(s) + " into " + vregName(d) + " across calls")
			case dv.splitOf == s && dv.split == splitAtLoop:
				say("split " + vregName(s) + " into " + vregName(d) + " for a loop")
			case sv.splitOf == d && sv.split == splitAtCalls:
				say(vregName(d) + " back from " + vregName(s) + " after the call")
			}
		}
		switch {
		case in.Spill && sm:
			say("reload " + vregName(src))
			return note
		case in.Spill && dm:
			say("spill " + vregName(dst))
			return note
		case dm && sm && dst == src:
			// A split copy whose halves were rejoined (rejoin.go).
			say(vregName(dst) + " to its own slot, its split rejoined: no code")
			return note
		case dm && sm:
			say(vregName(dst) + " and " + vregName(src) + " share a slot: no code")
			return note
		}
	}
	for i, o := range in.Args {
		if v := operandVReg(o); o.Kind == KindMem && v != NoReg {
			switch in.role(i) {
			case roleDef:
				say(vregName(v) + " to its slot")
			case roleUse:
				say(vregName(v) + " from its slot")
			default:
				say(vregName(v) + " in its slot")
			}
		}
	}
	return note
}
