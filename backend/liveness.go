package backend

import "math/bits"

// Liveness of virtual registers over the machine CFG: the classic backward
// dataflow problem (live-in = used-before-defined ∪ (live-out − defined),
// live-out = ∪ live-in of the successors), solved by iterating over the
// blocks in postorder until nothing changes, on bit sets. The code is out of
// SSA by now (φ copies and two-address forms define a register several
// times), which the plain dataflow handles as it is. Physical registers are
// not tracked: instruction selection never keeps one live across a block
// boundary (the entry block's argument registers are live-in only up to
// their copies), which the interval builder relies on.

type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (s bitset) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }

// forEach calls fn for every member, in increasing order.
func (s bitset) forEach(fn func(i int)) {
	for w, word := range s {
		for word != 0 {
			fn(w*64 + bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
}

// liveness holds the live-in and live-out sets of each block (by ID), over
// virtual register indices (Reg - FirstVReg).
type liveness struct {
	in, out []bitset
}

func computeLiveness(f *Func) *liveness {
	nb, nv := len(f.Blocks), f.NumVRegs()
	lv := &liveness{in: make([]bitset, nb), out: make([]bitset, nb)}
	gen, kill := make([]bitset, nb), make([]bitset, nb)
	for _, b := range f.Blocks {
		g, k := newBitset(nv), newBitset(nv)
		for _, in := range b.Instrs {
			in.forEachUse(func(r Reg) {
				if r.IsVirtual() && !k.has(int(r-FirstVReg)) {
					g.add(int(r - FirstVReg))
				}
			})
			in.forEachDef(func(r Reg) {
				if r.IsVirtual() {
					k.add(int(r - FirstVReg))
				}
			})
		}
		gen[b.ID], kill[b.ID] = g, k
		lv.in[b.ID], lv.out[b.ID] = newBitset(nv), newBitset(nv)
	}
	for changed := true; changed; {
		changed = false
		for i := nb - 1; i >= 0; i-- { // the layout order is a reverse postorder
			b := f.Blocks[i]
			out, in := lv.out[b.ID], lv.in[b.ID]
			for _, s := range b.Succs {
				for w, word := range lv.in[s.ID] {
					out[w] |= word
				}
			}
			for w := range in {
				next := gen[b.ID][w] | out[w]&^kill[b.ID][w]
				if next != in[w] {
					in[w] = next
					changed = true
				}
			}
		}
	}
	return lv
}
