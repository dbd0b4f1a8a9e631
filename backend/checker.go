package backend

import "fmt"

// The post-allocation checker, in the spirit of regalloc2's symbolic
// checker (Fallin, "Cranelift, Part 3: Correctness in Register Allocation",
// 2021): it does not trust the allocator's intervals, it replays the
// allocated code.
//
// An abstract state maps every physical register and spill slot to the
// program value it holds: a virtual register, or a physical register's own
// program value (what selection put in rdi for a call, what the call left
// in rax), or nothing known. Instructions act on it symbolically: an
// ordinary instruction must find, in the location of each operand it
// reads, the value the program means there (for an allocator temporary,
// the register it stands for); what it writes then holds the value it
// defines, which no other location holds any more; a call's clobbered
// registers hold nothing. The allocator's own reloads and spill stores are
// not taken at their word: they copy whatever their source holds. At a
// block entry the state is the meet of the predecessors' exit states
// (where they disagree, nothing is known), iterated to a fixed point.
//
// A program that passes reads, at every use, the value it would read with
// unlimited registers; a value clobbered by a call, overwritten by another
// value sharing its register, or reloaded from the wrong slot fails it.

// Check verifies the register allocation of f (after Allocate).
func Check(f *Func) error {
	if !f.allocated() {
		return fmt.Errorf("backend: check %s: not allocated", f.Name)
	}
	c := &checker{f: f}
	return c.run()
}

// state is the abstract state: the program value in each physical register
// and each stack slot (by Slot.ID; only spill slots are tracked), NoReg for
// nothing known. A register may hold a second value, alias: a move of a
// virtual register into the physical register it is allocated to (a shift
// count kept in rcx, copied to rcx for the shift) leaves both there.
type state struct {
	regs  [FirstVReg]Reg
	alias [FirstVReg]Reg
	slots []Reg
}

func (st *state) clone() *state {
	return &state{regs: st.regs, alias: st.alias, slots: append([]Reg(nil), st.slots...)}
}

type checker struct {
	f  *Func
	in []*state // by block ID; nil until a predecessor reaches it
}

func (c *checker) run() error {
	f := c.f
	c.in = make([]*state, len(f.Blocks))
	entry := &state{slots: make([]Reg, len(f.Slots))}
	for _, r := range argRegs {
		entry.regs[r] = r
	}
	c.in[0] = entry
	work := []*Block{f.Blocks[0]}
	queued := make([]bool, len(f.Blocks))
	queued[0] = true
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.ID] = false
		st := c.in[b.ID].clone()
		for _, in := range b.Instrs {
			if err := c.step(st, b, in); err != nil {
				return err
			}
		}
		for _, s := range b.Succs {
			if c.meet(s, st) && !queued[s.ID] {
				queued[s.ID] = true
				work = append(work, s)
			}
		}
	}
	return nil
}

// meet merges st into the entry state of b and reports whether it changed.
func (c *checker) meet(b *Block, st *state) bool {
	in := c.in[b.ID]
	if in == nil {
		c.in[b.ID] = st.clone()
		return true
	}
	changed := false
	for r := range in.regs {
		// What both hold, of the one or two values each register has.
		l := location{reg: Reg(r)}
		keep := func(v Reg) Reg {
			if v != NoReg && st.holds(l, v) {
				return v
			}
			return NoReg
		}
		v, a := keep(in.regs[r]), keep(in.alias[r])
		if v == NoReg {
			v, a = a, NoReg
		}
		if v != in.regs[r] || a != in.alias[r] {
			in.regs[r], in.alias[r] = v, a
			changed = true
		}
	}
	for i, v := range in.slots {
		if v != NoReg && st.slots[i] != v {
			in.slots[i] = NoReg
			changed = true
		}
	}
	return changed
}

// location is a place a value can be: a physical register or a spill slot.
type location struct {
	reg  Reg
	slot *Slot
}

// loc returns the location operand o names, with the program value it
// stands for; ok is false for operands that are not locations.
func (c *checker) loc(o Operand) (l location, value Reg, ok bool) {
	switch {
	case o.Kind == KindReg:
		r := c.f.location(o.Reg)
		return location{reg: r}, c.f.program(o.Reg), r.IsPhysical()
	case o.Kind == KindMem && o.slot() != nil && o.slot().Kind == SlotSpill:
		return location{slot: o.slot()}, o.VReg, true
	}
	return location{}, NoReg, false
}

func (st *state) read(l location) Reg {
	if l.slot != nil {
		return st.slots[l.slot.ID]
	}
	return st.regs[l.reg]
}

func (st *state) write(l location, v Reg) {
	if l.slot != nil {
		st.slots[l.slot.ID] = v
		return
	}
	st.regs[l.reg], st.alias[l.reg] = v, NoReg
}

// holds reports whether l holds the program value v.
func (st *state) holds(l location, v Reg) bool {
	return st.read(l) == v || l.slot == nil && v != NoReg && st.alias[l.reg] == v
}

// define records that the program value v now lives in l, and only there:
// older copies in registers and in its spill slot are stale. (A value is
// only ever stored to its own spill slot, which the checker verifies, so
// no other slot can hold it.)
func (c *checker) define(st *state, l location, v Reg) {
	for r := range st.regs {
		if st.regs[r] == v {
			st.regs[r] = NoReg
		}
		if st.alias[r] == v {
			st.alias[r] = NoReg
		}
	}
	if s := c.slotOf(v); s != nil && st.slots[s.ID] == v {
		st.slots[s.ID] = NoReg
	}
	st.write(l, v)
}

// slotOf returns v's spill slot, or nil.
func (c *checker) slotOf(v Reg) *Slot { return c.f.spillSlot(v) }

func (c *checker) step(st *state, b *Block, in *Instr) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("backend: check %s: block %s: %s: %s", c.f.Name, b.Name, c.f.instrString(in), fmt.Sprintf(format, args...))
	}
	for _, a := range in.Args {
		if a.Kind == KindMem && a.slot() != nil && a.slot().Kind == SlotSpill && c.slotOf(a.VReg) != a.slot() {
			return fail("uses spill slot %d for %s, whose slot it is not", a.slot().ID, c.f.regName(a.VReg))
		}
	}
	if in.Spill {
		dst, _, ok1 := c.loc(in.Args[0])
		src, _, ok2 := c.loc(in.Args[1])
		if !ok1 || !ok2 {
			return fail("allocator move between non-locations")
		}
		v := st.read(src)
		if src.slot == nil && st.alias[src.reg] != NoReg && st.alias[src.reg] == c.spilledValue(in) {
			v = st.alias[src.reg]
		}
		st.write(dst, v)
		return nil
	}
	check := func(l location, want Reg) error {
		if !st.holds(l, want) {
			return fail("reads %s from %s, which holds %s", c.f.regName(want), c.locName(l), c.f.regName(st.read(l)))
		}
		return nil
	}
	// Reads.
	for i, a := range in.Args {
		if a.Kind == KindMem {
			for _, r := range [2]Reg{a.Base, a.Index} {
				if r == NoReg || r == RSP {
					continue
				}
				l, want, ok := c.loc(regOp(r))
				if !ok {
					return fail("address register %s has no location", c.f.regName(r))
				}
				if err := check(l, want); err != nil {
					return err
				}
			}
		}
		if in.role(i)&roleUse == 0 {
			continue
		}
		l, want, ok := c.loc(a)
		if a.Kind == KindReg && !ok {
			return fail("register %s has no location", c.f.regName(a.Reg))
		}
		if ok {
			if err := check(l, want); err != nil {
				return err
			}
		}
	}
	var err error
	in.Uses.forEach(func(r Reg) {
		if err == nil {
			err = check(location{reg: r}, r)
		}
	})
	if err != nil {
		return err
	}
	// Writes.
	in.Clobbers.forEach(func(r Reg) { st.regs[r], st.alias[r] = NoReg, NoReg })
	for i, a := range in.Args {
		if in.role(i)&roleDef != 0 {
			if l, v, ok := c.loc(a); ok {
				c.define(st, l, v)
			}
		}
	}
	in.Defs.forEach(func(r Reg) { c.define(st, location{reg: r}, r) })
	if d, s := in.Args, in.Op; s == opMov && in.Size == 8 && len(d) == 2 && d[0].Kind == KindReg && d[1].Kind == KindReg &&
		d[0].Reg.IsPhysical() && d[1].Reg.IsVirtual() && c.f.location(d[1].Reg) == d[0].Reg {
		st.alias[d[0].Reg] = c.f.program(d[1].Reg) // the move is none: the value is still there
	}
	return nil
}

// spilledValue returns the program value an allocator move stores or
// reloads: its slot operand's register.
func (c *checker) spilledValue(in *Instr) Reg {
	for _, a := range in.Args {
		if a.Kind == KindMem && a.slot() != nil {
			return a.VReg
		}
	}
	return NoReg
}

func (c *checker) locName(l location) string {
	if l.slot != nil {
		return fmt.Sprintf("spill slot %d", l.slot.ID)
	}
	return "%" + physName(l.reg, 8)
}
