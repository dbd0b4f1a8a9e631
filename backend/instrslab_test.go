package backend

import "testing"

// Instructions cut from one slab are independent: each has its own
// operands, and an append to one's operands leaves its neighbours'
// intact; a nil slab allocates as newInstr does.
func TestInstrSlabIndependent(t *testing.T) {
	for _, sl := range []*instrSlab{{}, nil} {
		var ins []*Instr
		for i := range 3 * slabOperands {
			ins = append(ins, sl.instr(Instr{Op: opMov, Size: 8, Cond: CondL}, regOp(FirstVReg+Reg(i)), immOp(int64(i))))
		}
		for _, in := range ins {
			in.Args = append(in.Args, immOp(-1)) // as a pass that adds an operand
		}
		for i, in := range ins {
			if in.Op != opMov || in.Size != 8 || in.Cond != CondL || len(in.Args) != 3 ||
				in.Args[0] != regOp(FirstVReg+Reg(i)) || in.Args[1] != immOp(int64(i)) || in.Args[2] != immOp(-1) {
				t.Fatalf("slab %v: instruction %d is %+v", sl != nil, i, in)
			}
		}
		if in := sl.newInstr(opRet, 0, nil); in.Op != opRet || len(in.Args) != 0 {
			t.Fatalf("slab %v: an instruction without operands is %+v", sl != nil, in)
		}
	}
}

// A released slab's arrays are emptied before another slab takes them,
// and a function the dumps may read keeps its instructions (dropCode).
func TestReleasedInstrSlabEmpty(t *testing.T) {
	kept := &Func{keepCode: true}
	in := kept.slab.instr(Instr{Op: opMov, Size: 8}, regOp(RAX), immOp(5))
	kept.dropCode()
	if in.Op != opMov || len(in.Args) != 2 || in.Args[1] != immOp(5) {
		t.Fatalf("a kept function's instruction became %+v", *in)
	}
	f := &Func{}
	for i := range 4 * slabInstrs {
		f.slab.instr(Instr{Op: opMov, Size: 8, Cond: CondL, taken: 7}, regOp(FirstVReg+Reg(i)), immOp(int64(i)))
	}
	f.dropCode()
	var g Func
	for range 4 * slabInstrs {
		in := g.slab.instr(Instr{})
		if in.Op != 0 || in.Size != 0 || in.Cond != 0 || in.taken != 0 || in.Args != nil {
			t.Fatalf("an instruction of a new slab holds %+v", *in)
		}
	}
	g.slab.instr(Instr{}, Operand{}) // takes an operand array
	for _, o := range g.slab.ops {
		if o != (Operand{}) {
			t.Fatalf("an operand of a new slab holds %+v", o)
		}
	}
}
