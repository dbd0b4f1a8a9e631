// Package backend turns verified SSA IR (package middle) into x86-64
// assembly for Linux (System V AMD64 ABI, AT&T syntax, GNU as), in the
// stages of a small production compiler, each its own exported step and
// each an entry of the one pass table (pipeline.go, which also lists the
// middle's passes), so that the command and the tests run, time, check and
// dump them one by one:
//
//	Select                 instruction selection on virtual registers, φ pseudos  isel.go, patterns.go, divconst.go
//	DropRedundantCompares  compares whose flags the block still holds             redundantcmp.go
//	OutOfSSA               φs to sequentialized parallel copies on edges          outofssa.go, parcopy.go
//	ThreadJumps            branches past blocks that only jump                    blockorder.go
//	DuplicateTails         small blocks copied into the blocks that jump to them  taildup.go
//	FoldConstBranches      branches that the block's own constants decide         constbranch.go
//	OrderBlocks            block order for fall-through, loop depth               blockorder.go
//	MoveUnlikelyBlocks     blocks the branch estimates call unlikely out of line  unlikely.go
//	PlanShrinkWrap         where the prologue goes                                shrinkwrap.go
//	CoalesceCopies         registers of non-interfering moves merged              coalesce.go
//	Allocate               liveness, live intervals, linear scan, splitting       liveness.go, intervals.go, linearscan.go,
//	                       around calls and loops, spill code, splits undone      splitcalls.go, splitloops.go, spill.go,
//	                       where both halves spill                                rejoin.go
//	Check                  symbolic verification of the allocation                checker.go
//	ElideZeroExtensions    movls and movzbls of registers already clear above     zeroext.go
//	                       32 or 8 bits
//	Layout                 stack frame, prologue and epilogue                     frame.go, shrinkwrap.go
//	Emit                   assembler text, the runtime's trace tables             emit.go, tracetab.go
//
// The machine IR they share is in mir.go, the ABI's registers in abi.go,
// the dumps in print.go. Pipeline runs the table; Compile runs its native
// half with the checker on.
package backend
