package middle

import "toyc/middle/diag"

// Debug information about source variables, for toyc -g: the frontend
// records each function's variables and block scopes here, beside the IR
// rather than in it, as Go's cmd/compile keeps f.NamedValues beside its SSA,
// so that passes that know nothing of debugging need no change. The
// backend's DWARF writer (backend/dwarf*.go) reads it after register
// allocation. It requires nothing of the IR; it guarantees nothing to the
// passes (no pass reads it to decide anything).

// DebugUnit is what -g's compile unit says of the compilation.
type DebugUnit struct {
	CompDir  string // the directory the compiler ran in
	Producer string // the compiler and its options
}

// FuncDebug is what the frontend knows of a function's source variables.
type FuncDebug struct {
	// Vars are the parameters first, in order, then the locals in
	// declaration order, then the variables of the calls inlined
	// (debuginline.go), which have a Site.
	Vars   []*DebugVar
	Scopes []*DebugScope // the blocks nested in the body, outer ones first
	End    diag.Pos      // the body's closing brace
	// Loops are the loop statements of the body and of the calls
	// inlined into it, in no order.
	Loops    []DebugLoop
	loopSeen map[diag.Pos]bool // the Starts of Loops, once a call is inlined
	Result   string            // the Toy result type, "" for none

	// In optimized code (debugvalues.go): the assignments to the
	// variables, and the variables each φ is the value of.
	Assigns []DebugAssign
	Named   map[*Value][]int
	slotVar []int32            // by a slot's ID: 1 + the index in Vars of its variable, 0 for none (varOf)
	arms    [][2]*Block        // IfConvert's speculated arms and their joins, until settled
	into    blockTable         // for a block merged into its predecessor: that predecessor
	merges  int                // the blocks into has
	skipped blockTable         // for a block that only jumped, deleted: its target
	splitOf blockTable         // for an inlined call's continuation: the block it was split from
	phisAt  map[*Block][]int32 // the φ assignments by block, for Superseded
	// anchorBuf is the chunk the assignments' anchors are cut from (keep),
	// nameBuf the one the φs' first names are (name).
	anchorBuf []*Value
	nameBuf   []int
	// effects indexes a block's side effects for anchors while mem2reg
	// walks the blocks, which it does not change (startWalk).
	effects effectIndex
}

// DebugVar is one parameter or local variable.
type DebugVar struct {
	Name  string
	Type  string      // Toy's spelling: int, i32, bool, *T, []T
	Decl  diag.Pos    // the declaration
	Scope *DebugScope // the innermost block declaring it; nil: the function's body (or a parameter)
	Param bool
	// Unset: declared without an initializer, so without a value until
	// its first assignment (backend/dwarfunset.go).
	Unset bool
	// Slot is the alloca that is the variable's home while the function
	// keeps it (always at -O0; at -O1 and -O2 when its address is taken).
	Slot *Value
	// Site is the inline site (Func.Inlines) whose callee the variable
	// belongs to, 0 for the function's own; Origin is then its index in
	// the Vars of that callee's own body, where the DWARF's abstract
	// instance of the callee describes it.
	Site   uint16
	Origin int
}

// DebugScope is a block of the source, from Start (its `{`, or a for
// statement's `for`) to End (its `}`), both included; Parent is the block
// around it, nil for one directly in the function's body.
type DebugScope struct {
	Parent     *DebugScope
	Start, End diag.Pos
	// ID is the scope's number in its function: its index in
	// FuncDebug.Scopes plus one (0 stands for the body), so that the
	// backend keeps what it knows of each scope in tables, not maps.
	ID int
}

// Contains reports whether the source position p lies in s.
func (s *DebugScope) Contains(p diag.Pos) bool {
	return !posBefore(p, s.Start) && !posBefore(s.End, p)
}

// DebugLoop is a loop statement of the source, `for` or `while` at
// Start, its body from Body (the `{`) to End (the `}`). The code of its
// header, from Start to Body, runs again after the body (the condition,
// a for statement's post statement): an instruction of it after one of
// the body's, in a block, is the next trip's, which the backend's
// location tracker (dwarfloc.go, fireSite) cannot tell from the order of
// the lines.
type DebugLoop struct {
	Start, Body, End diag.Pos
}

func posBefore(a, b diag.Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }
