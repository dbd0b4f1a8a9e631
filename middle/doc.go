// Package middle is toyc's SSA intermediate representation: its data
// structures, its text form (a subset of LLVM IR, so LLVM's verifier can check
// it and llc can run it), its verifier, analyses and passes.
//
// The representation follows Go's cmd/compile/internal/ssa in spirit: a
// function is a list of blocks, a block a list of instructions, every value
// has a dense integer ID so analyses can use slices instead of maps. It
// follows LLVM in its surface: terminators are instructions, φs name their
// incoming blocks explicitly, and constants, globals and parameters are
// operands that live outside any block.
//
// Nothing here knows about x86: the backend reads this IR and produces its
// own machine representation.
package middle
