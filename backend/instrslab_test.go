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
