package backend

import "sort"

// Frame layout. With rbp as the frame pointer the frame looks like this,
// from high to low addresses:
//
//	16(%rbp) ...   stack arguments passed to this function (7th, 8th, ...)
//	 8(%rbp)       return address
//	 0(%rbp)       the caller's rbp
//	                the callee-saved registers the allocator used, pushed
//	                allocas and spill slots, each aligned to its size
//	                padding to 16 bytes
//	 0(%rsp) ...   stack arguments of the calls this function makes
//
// rsp is 16-byte aligned after the prologue (the call pushed 8 bytes, the
// prologue pushes rbp and the saved registers and subtracts the rest) and
// stays put until the epilogue, so every call sees it aligned, stack
// arguments or not.

// frame is what Layout decides and the emitter's prologue and epilogue use.
type frame struct {
	saved []Reg // callee-saved registers to preserve, in push order
	size  int   // bytes the prologue subtracts from rsp after the pushes

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
	off := 8 * len(f.frame.saved)
	for _, s := range local {
		off = alignUp(off+s.Size, s.Align)
		s.Offset = -off
	}
	total := alignUp(off+f.outArgs, 16)
	f.frame.size = total - 8*len(f.frame.saved)
	f.stage = stageLaidOut
}

func alignUp(n, a int) int { return (n + a - 1) / a * a }
