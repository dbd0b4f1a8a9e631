package middle

// Op is the operation of a value. Instructions carry the LLVM opcode of the
// same name; the first few ops are operands that live outside any block.
type Op uint8

const (
	OpInvalid Op = iota

	// Operands outside blocks.
	OpConst  // integer constant of Value.Type: Value.Const
	OpUndef  // an unspecified value (LLVM's undef), made by mem2reg for reads of never-stored slots
	OpGlobal // the address of the global variable or function Value.Sym
	OpParam  // the function's parameter number Value.Index

	// Binary integer arithmetic: Args[0] op Args[1], both of Value.Type.
	OpAdd
	OpSub
	OpMul
	OpSDiv
	OpSRem
	OpUDiv // Args[0] / Args[1] as unsigned numbers, rounded down
	OpURem // Args[0] % Args[1] as unsigned numbers
	OpAnd
	OpOr
	OpXor
	OpShl
	OpAShr
	OpLShr

	OpICmp   // Args[0] Pred Args[1]; result i1
	OpSelect // Args[0] ? Args[1] : Args[2]
	OpZExt   // Args[0] zero-extended to Value.Type
	OpSExt   // Args[0] sign-extended to Value.Type
	OpTrunc  // Args[0] truncated to Value.Type

	OpAlloca // a stack slot holding one Value.Elem; result ptr
	OpLoad   // load Value.Type from Args[0]
	OpStore  // store Args[0] to Args[1]
	OpGEP    // Args[0] + Args[1]*sizeof(Value.Elem): getelementptr Elem, ptr, i64
	OpCall   // call Value.Sym(Args...), result Value.Type (Void for none)
	OpPhi    // Args[j] when control arrives along Block.Pred(j)

	// Terminators: the last instruction of every block, and only there.
	// Their targets are the block's Succs (edge.go).
	OpBr     // br label Succs[0]
	OpCondBr // br i1 Args[0], label Succs[0], label Succs[1]
	// switch Args[0], label Succs[0] [ Args[i], label Succs[i] ... ]:
	// Succs[0] is the default; Args[1:] are distinct constants of
	// Args[0]'s type (i32 or i64), case i going to Succs[i]. Several
	// cases may share a target, each case its own edge.
	OpSwitch
	OpRet         // ret [Args[0]]
	OpUnreachable // control never gets here (after a call that does not return)

	numOps
)

var opNames = [...]string{
	OpInvalid: "invalid",
	OpConst:   "const", OpUndef: "undef", OpGlobal: "global", OpParam: "param",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpSDiv: "sdiv", OpSRem: "srem",
	OpUDiv: "udiv", OpURem: "urem",
	OpAnd: "and", OpOr: "or", OpXor: "xor", OpShl: "shl", OpAShr: "ashr", OpLShr: "lshr",
	OpICmp: "icmp", OpSelect: "select", OpZExt: "zext", OpSExt: "sext", OpTrunc: "trunc",
	OpAlloca: "alloca", OpLoad: "load", OpStore: "store", OpGEP: "getelementptr",
	OpCall: "call", OpPhi: "phi",
	OpBr: "br", OpCondBr: "br", OpSwitch: "switch", OpRet: "ret", OpUnreachable: "unreachable",
}

func (op Op) String() string {
	if int(op) < len(opNames) {
		return opNames[op]
	}
	return "?"
}

// IsBinary reports whether op is a two-operand integer operation.
func (op Op) IsBinary() bool { return op >= OpAdd && op <= OpLShr }

// IsCast reports whether op converts between integer widths.
func (op Op) IsCast() bool { return op >= OpZExt && op <= OpTrunc }

// IsTerminator reports whether op ends a block.
func (op Op) IsTerminator() bool { return op >= OpBr && op <= OpUnreachable }

// IsOperand reports whether values of op live outside blocks.
func (op Op) IsOperand() bool { return op >= OpConst && op <= OpParam }

// Pred is the comparison of an icmp.
type Pred uint8

const (
	PredEQ Pred = iota
	PredNE
	PredSLT
	PredSLE
	PredSGT
	PredSGE
	PredULT
	PredULE
	PredUGT
	PredUGE
)

var predNames = [...]string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

func (p Pred) String() string { return predNames[p] }

// PredByName maps an icmp condition's text form back to the Pred.
func PredByName(s string) (Pred, bool) {
	for p, n := range predNames {
		if n == s {
			return Pred(p), true
		}
	}
	return 0, false
}

// Swap gives the predicate that holds for (b, a) when p holds for (a, b).
func (p Pred) Swap() Pred {
	switch p {
	case PredSLT:
		return PredSGT
	case PredSLE:
		return PredSGE
	case PredSGT:
		return PredSLT
	case PredSGE:
		return PredSLE
	case PredULT:
		return PredUGT
	case PredULE:
		return PredUGE
	case PredUGT:
		return PredULT
	case PredUGE:
		return PredULE
	}
	return p
}

// Negate gives the predicate that holds exactly when p does not.
func (p Pred) Negate() Pred {
	switch p {
	case PredEQ:
		return PredNE
	case PredNE:
		return PredEQ
	case PredSLT:
		return PredSGE
	case PredSLE:
		return PredSGT
	case PredSGT:
		return PredSLE
	case PredSGE:
		return PredSLT
	case PredULT:
		return PredUGE
	case PredULE:
		return PredUGT
	case PredUGT:
		return PredULE
	case PredUGE:
		return PredULT
	}
	return p
}
