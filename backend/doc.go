// Package backend turns verified SSA IR (package middle) into x86-64
// assembly for Linux (System V AMD64 ABI, AT&T syntax, GNU as), in the
// stages of a small production compiler, each its own exported step so a
// driver can run, time and dump them one by one:
//
//	Select     instruction selection on virtual registers, φ pseudos   isel.go, patterns.go, divconst.go
//	OutOfSSA   φs to sequentialized parallel copies on edges           outofssa.go, parcopy.go
//	Allocate   tail duplication, block order, shrink-wrap planning,    taildup.go, blockorder.go, shrinkwrap.go,
//	           copy coalescing, liveness, live intervals, linear scan, coalesce.go, liveness.go, intervals.go,
//	           splitting around calls and loops, spill code            linearscan.go, splitcalls.go, splitloops.go,
//	                                                                   spill.go
//	Check      symbolic verification of the allocation                 checker.go
//	Layout     stack frame, where the prologue goes                    frame.go, shrinkwrap.go
//	Emit       assembler text                                          emit.go
//
// The machine IR they share is in mir.go, the ABI's registers in abi.go,
// the dumps in print.go. Compile runs everything.
package backend
