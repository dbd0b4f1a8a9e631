package backend

import "strings"

// Variables not assigned yet, for -g: a local declared without an
// initializer (`var x: int;`) has no value until it is first assigned
// (Toy's definite assignment, docs/reference.md), but one that lives in a
// stack slot (every variable at -O0, an address-taken one at -O1 and -O2)
// would show there whatever the slot held before, which differs from build
// to build. Such a variable is described only where it is assigned on
// every path from the function's entry: a forward must data flow over the
// machine blocks (meet: and over the predecessors, the entry assigning
// nothing), whose only generating instructions are the writes to its slot
// (a read, `&x` included, comes after an assignment on every path, so a
// store through a pointer never assigns it first). Its location is its
// slot, as without the flow, over the runs (dwarffunc.go) where it is
// assigned; elsewhere gdb shows <optimized out>. (gcc and clang describe a
// C variable's slot over its whole scope, garbage included.) A promoted
// variable needs none of this: before its first assignment it has no value
// to be located by (dwarfloc.go). Requires: the frame laid out; the
// emitter writes the blocks in their order. Guarantees: nothing in the code
// changes.

// unsetVars follows the slot-homed variables declared without an
// initializer of one function while it is written.
type unsetVars struct {
	index  map[int]int       // by variable index in FuncDebug.Vars: its byte in a state
	slots  map[*Slot]int     // the variables' slots: the byte of their state
	before map[*Instr]string // the state before each instruction: byte k is 1 once variable k is assigned
	cur    string            // the state before the instruction written last
}

// newUnsetVars runs the data flow for df's function, or returns nil when
// it has no such variable.
func newUnsetVars(df *dwarfFunc) *unsetVars {
	var u *unsetVars
	for vi, v := range df.dbg.Vars {
		if !v.Unset || v.Param || v.Slot == nil || df.slots[v.Slot.Name] == nil {
			continue
		}
		if u == nil {
			u = &unsetVars{index: make(map[int]int), slots: make(map[*Slot]int)}
		}
		k := len(u.index)
		u.index[vi] = k
		u.slots[df.slots[v.Slot.Name]] = k
	}
	if u == nil {
		return nil
	}
	f := df.f
	n := len(u.index)
	u.cur = strings.Repeat("\x00", n)
	index := make(map[*Block]int, len(f.Blocks))
	for i, b := range f.Blocks {
		index[b] = i
	}
	// out[i] is nil until block i is reached: it agrees with everything.
	out := make([][]byte, len(f.Blocks))
	in := make([]byte, n)
	for changed := true; changed; {
		changed = false
		for i, b := range f.Blocks {
			u.entry(in, i, b, out, index)
			for _, x := range b.Instrs {
				u.assigns(in, x)
			}
			if out[i] == nil || string(out[i]) != string(in) {
				out[i] = append(out[i][:0], in...)
				changed = true
			}
		}
	}
	u.before = make(map[*Instr]string)
	cur := u.cur
	for i, b := range f.Blocks {
		u.entry(in, i, b, out, index)
		for _, x := range b.Instrs {
			if string(in) != cur {
				cur = string(in) // one string per change, shared until the next
			}
			u.before[x] = cur
			u.assigns(in, x)
		}
	}
	return u
}

// entry sets s to the state at the entry of block i: nothing assigned at
// the function's entry, else what every reached predecessor assigned.
func (u *unsetVars) entry(s []byte, i int, b *Block, out [][]byte, index map[*Block]int) {
	for k := range s {
		s[k] = 1
	}
	if i == 0 {
		clear(s)
	}
	for _, p := range b.Preds {
		if o := out[index[p]]; o != nil {
			for k := range s {
				s[k] &= o[k]
			}
		}
	}
}

// assigns applies x to s: a write to a followed variable's slot assigns it.
func (u *unsetVars) assigns(s []byte, x *Instr) {
	for i, a := range x.Args {
		if a.Kind == KindMem && a.slot() != nil && x.role(i)&roleDef != 0 {
			if k, ok := u.slots[a.slot()]; ok {
				s[k] = 1
			}
		}
	}
}

// advance brings the state to just before x, which the emitter is about
// to write.
func (u *unsetVars) advance(x *Instr) {
	if u == nil {
		return
	}
	if s, ok := u.before[x]; ok {
		u.cur = s
	}
}

// state is the state of the instruction written last ("" when nothing is
// followed).
func (u *unsetVars) state() string {
	if u == nil {
		return ""
	}
	return u.cur
}

// changedFrom reports whether the state differs from s, a run's (of a
// function without followed variables, "": tested before every
// instruction, so without comparing strings).
func (u *unsetVars) changedFrom(s string) bool { return u != nil && u.cur != s }

// assigned reports, for variable vi, whether it is followed, and which
// runs it is assigned in.
func (df *dwarfFunc) assignedRuns(vi int) ([]bool, bool) {
	if df.unset == nil {
		return nil, false
	}
	k, ok := df.unset.index[vi]
	if !ok {
		return nil, false
	}
	rs := make([]bool, len(df.runs))
	for i, r := range df.runs {
		rs[i] = r.unset[k] == 1
	}
	return rs, true
}
