package backend

// The System V AMD64 calling convention, as far as integer and pointer
// values go: the first six arguments in rdi, rsi, rdx, rcx, r8, r9, the rest
// on the stack in 8-byte slots (the first at the lowest address, %rsp at the
// call), the result in rax; rbx, rbp, r12-r15 survive a call, every other
// register may not. rsp must be 16-byte aligned at every call.
//
// toyc keeps no frame pointer: rsp is fixed in a function's body, so slots
// have fixed offsets from it, gdb walks frames with the CFI, and the
// runtime's traces with each function's frame size (frame.go,
// tracetab.go). That leaves 15 registers to allocate, rbp a callee-saved
// one.

var argRegs = [...]Reg{RDI, RSI, RDX, RCX, R8, R9}

var (
	callerSaved = maskOf(RAX, RCX, RDX, RSI, RDI, R8, R9, R10, R11)
	calleeSaved = maskOf(RBX, R12, R13, R14, R15, RBP)
)

// allocOrder is the order the allocator tries free registers in: the
// caller-saved ones first, which cost nothing to use in a function that
// makes no call; a value living across a call cannot take them anyway.
var allocOrder = [...]Reg{RAX, RCX, RDX, RSI, RDI, R8, R9, R10, R11, RBX, R12, R13, R14, R15, RBP}

// savedOrder is the order the prologue pushes callee-saved registers in.
var savedOrder = [...]Reg{RBX, R12, R13, R14, R15, RBP}

var regNames = [FirstVReg][3]string{
	RAX: {"al", "eax", "rax"},
	RCX: {"cl", "ecx", "rcx"},
	RDX: {"dl", "edx", "rdx"},
	RBX: {"bl", "ebx", "rbx"},
	RSP: {"spl", "esp", "rsp"},
	RBP: {"bpl", "ebp", "rbp"},
	RSI: {"sil", "esi", "rsi"},
	RDI: {"dil", "edi", "rdi"},
	R8:  {"r8b", "r8d", "r8"},
	R9:  {"r9b", "r9d", "r9"},
	R10: {"r10b", "r10d", "r10"},
	R11: {"r11b", "r11d", "r11"},
	R12: {"r12b", "r12d", "r12"},
	R13: {"r13b", "r13d", "r13"},
	R14: {"r14b", "r14d", "r14"},
	R15: {"r15b", "r15d", "r15"},
}

// physName is the AT&T name (without %) of the physical register r at a
// width of size bytes.
func physName(r Reg, size uint8) string {
	switch size {
	case 1:
		return regNames[r][0]
	case 4:
		return regNames[r][1]
	}
	return regNames[r][2]
}
