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
	if f.assign == nil {
		return fmt.Errorf("backend: check %s: not allocated", f.Name)
	}
	c := &checker{f: f, nloc: int(FirstVReg) + len(f.Slots), slotOf: make([]*Slot, f.NumVRegs())}
	for _, s := range f.Slots {
		if s.Kind == SlotSpill {
			c.slotOf[s.owner-FirstVReg] = s
		}
	}
	return c.run()
}

// A state holds, per location (a physical register, or FirstVReg plus a
// spill slot's ID), the program value there: NoReg for nothing known.
type state []Reg

type checker struct {
	f      *Func
	nloc   int
	in     []state // by block ID; nil until a predecessor reaches it
	slotOf []*Slot // by vreg index: its spill slot
}

func (c *checker) run() error {
	f := c.f
	c.in = make([]state, len(f.Blocks))
	entry := make(state, c.nloc)
	for _, r := range argRegs {
		entry[r] = r
	}
	c.in[0] = entry
	work := []*Block{f.Blocks[0]}
	queued := make([]bool, len(f.Blocks))
	queued[0] = true
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.ID] = false
		st := append(state(nil), c.in[b.ID]...)
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
func (c *checker) meet(b *Block, st state) bool {
	if c.in[b.ID] == nil {
		c.in[b.ID] = append(state(nil), st...)
		return true
	}
	changed := false
	for l, v := range c.in[b.ID] {
		if v != NoReg && st[l] != v {
			c.in[b.ID][l] = NoReg
			changed = true
		}
	}
	return changed
}

// loc returns the location operand o (a register or a spill slot) names,
// with the program value it stands for; ok is false for other operands.
func (c *checker) loc(o Operand) (loc int, value Reg, ok bool) {
	switch {
	case o.Kind == KindReg:
		l := c.f.location(o.Reg)
		if !l.IsPhysical() {
			return 0, NoReg, false
		}
		return int(l), c.f.program(o.Reg), true
	case o.Kind == KindMem && o.Slot != nil && o.Slot.Kind == SlotSpill:
		return int(FirstVReg) + o.Slot.ID, o.VReg, true
	}
	return 0, NoReg, false
}

func (c *checker) step(st state, b *Block, in *Instr) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("backend: check %s: block %s: %s: %s", c.f.Name, b.Name, c.f.instrString(in), fmt.Sprintf(format, args...))
	}
	for _, a := range in.Args {
		if a.Kind == KindMem && a.Slot != nil && a.Slot.Kind == SlotSpill && a.VReg != a.Slot.owner {
			return fail("uses the spill slot of %s for %s", c.f.regName(a.Slot.owner), c.f.regName(a.VReg))
		}
	}
	if in.Spill {
		dst, _, ok1 := c.loc(in.Args[0])
		src, _, ok2 := c.loc(in.Args[1])
		if !ok1 || !ok2 {
			return fail("allocator move between non-locations")
		}
		st[dst] = st[src]
		return nil
	}
	check := func(l int, want Reg) error {
		if st[l] != want {
			return fail("reads %s from %s, which holds %s", c.f.regName(want), c.locName(l), c.f.regName(st[l]))
		}
		return nil
	}
	// Reads.
	for i, a := range in.Args {
		if a.Kind == KindMem {
			for _, r := range [2]Reg{a.Base, a.Index} {
				if r != NoReg && r != RSP && r != RBP {
					if l, want, ok := c.loc(regOp(r)); !ok {
						return fail("address register %s has no location", c.f.regName(r))
					} else if err := check(l, want); err != nil {
						return err
					}
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
			err = check(int(r), r)
		}
	})
	if err != nil {
		return err
	}
	// Writes.
	in.Clobbers.forEach(func(r Reg) { st[r] = NoReg })
	// A value lives in registers and in its own spill slot (slots are
	// checked to belong to the value named above), so those are all the
	// places where a redefinition leaves a stale copy.
	define := func(l int, v Reg) {
		for r := RAX; r < FirstVReg; r++ {
			if st[r] == v {
				st[r] = NoReg
			}
		}
		if v.IsVirtual() {
			if s := c.slotOf[v-FirstVReg]; s != nil && st[int(FirstVReg)+s.ID] == v {
				st[int(FirstVReg)+s.ID] = NoReg
			}
		}
		st[l] = v
	}
	for i, a := range in.Args {
		if in.role(i)&roleDef != 0 {
			if l, v, ok := c.loc(a); ok {
				define(l, v)
			}
		}
	}
	in.Defs.forEach(func(r Reg) { define(int(r), r) })
	return nil
}

func (c *checker) locName(l int) string {
	if l < int(FirstVReg) {
		return "%" + physName(Reg(l), 8)
	}
	return fmt.Sprintf("spill slot %d", l-int(FirstVReg))
}
