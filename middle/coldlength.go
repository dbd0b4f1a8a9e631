package middle

// ReloadLengthsInErrorBlocks gives each block that ends in unreachable (the
// cold path of a runtime check: a call of the runtime's error report) its
// own load of every array length it reports, instead of the value the
// check compared with: rematerialization (Briggs, Cooper and Torczon,
// "Rematerialization", PLDI 1992) of an invariant load, done in the IR
// where the cold blocks are plain to see. A bounds check compares its
// index with the length and passes both to toy_index_error when it fails;
// with the report's use gone, the length load has the compare as its only
// user in the same block, and instruction selection folds it into the
// compare's memory operand (cmp -8(%rax), %rbx), one instruction and one
// register fewer on the hot path; a length hoisted out of a loop no longer
// lives on for the cold block alone.
//
// An invariant load reads the same value wherever its address can be
// computed (Value.Invariant), and the array pointer it is based on
// dominates the original load, which dominates the cold block's use, so
// the copy reads what the original read.
//
// Requires: SSA form. Guarantees: valid SSA; the CFG unchanged; no
// operand of a block ending in unreachable is a length load defined in
// another block. Linear in the size of the cold blocks.
func ReloadLengthsInErrorBlocks(f *Func) {
	if f.IsDecl() {
		return
	}
	for _, b := range f.Blocks {
		if t := b.Term(); t == nil || t.Op != OpUnreachable {
			continue
		}
		var made map[*Value]*Value // by array pointer: its length's copy here
		var loads []*Value         // the copies and their addresses
		at := len(b.Phis())
		for _, v := range b.Instrs[at:] {
			for i, a := range v.Args {
				p := lengthOf(a)
				if p == nil || a.Block == b {
					continue
				}
				n := made[p]
				if n == nil {
					addr := f.NewValue(OpGEP, Ptr, a.Args[0].Name, p, f.Const(I64, -8))
					addr.Elem = I8
					n = f.NewValue(OpLoad, I64, a.Name, addr)
					n.Invariant = true
					for _, w := range []*Value{addr, n} {
						w.Pos, w.Inlined, w.Block = v.Pos, v.Inlined, b
					}
					loads = append(loads, addr, n)
					if made == nil {
						made = make(map[*Value]*Value)
					}
					made[p] = n
				}
				v.Args[i] = n
			}
		}
		if len(loads) > 0 {
			b.Instrs = append(b.Instrs[:at:at], append(loads, b.Instrs[at:]...)...)
		}
	}
}
