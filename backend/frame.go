package backend

import "sort"

// Frame layout. Without a frame pointer, from high to low addresses:
//
//	CFA+0 ...      stack arguments passed to this function (7th, 8th, ...)
//	CFA-8          return address
//	                the callee-saved registers the allocator used, pushed
//	                allocas and spill slots, each aligned to its size
//	                padding to 16 bytes
//	 0(%rsp) ...   stack arguments of the calls this function makes
//
// The CFA (the stack pointer before the caller's call) is 16-byte aligned,
// and so is rsp after the prologue (it pushes the saved registers and
// subtracts the rest); rsp stays put until the epilogue, so every call sees
// it aligned, stack arguments or not, and every slot is at a fixed offset
// from it: a slot's Offset is from the CFA (DWARF's frame base), and its
// address is Offset+total(%rsp). Nothing needs rbp, which the allocator
// uses as one more callee-saved register; the runtime's traces walk the
// stack with each function's total (tracetab.go), and gdb with the CFI.
// frame is what Layout decides and the emitter's prologue and epilogue use.
type frame struct {
	saved []Reg // callee-saved registers to preserve, in push order
	size  int   // bytes the prologue subtracts from rsp after the pushes
	total int   // bytes from the CFA down to rsp in the body: 8 (the return address), the pushes and size

	wrapped bool // the prologue runs in the blocks marked prologue, not at the entry
	omitted bool // no block needs a frame: no prologue at all
}

// Layout places the stack slots and decides the frame's size and the
// registers to save.
func (f *Func) Layout() {
	f.finishShrinkWrap()
	var used RegMask
	for i := range f.vregs {
		used |= maskOf(f.vregs[i].loc)
	}
	f.frame.saved = f.frame.saved[:0]
	for _, r := range savedOrder {
		if used.Has(r) {
			f.frame.saved = append(f.frame.saved, r)
		}
	}
	var local []*Slot
	for _, s := range f.Slots {
		if s.Kind != SlotIncoming {
			local = append(local, s)
		}
	}
	// Most aligned first: padding only where the alignment drops.
	sort.SliceStable(local, func(i, j int) bool { return local[i].Align > local[j].Align })
	pushed := 8 + 8*len(f.frame.saved) // the return address and the saved registers
	off := pushed
	for _, s := range local {
		off = alignUp(off+s.Size, s.Align)
		s.Offset = -off
	}
	f.frame.total = alignUp(off+f.outArgs, 16)
	f.frame.size = f.frame.total - pushed
	f.stage = stageLaidOut
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }
