package middle

// A function's values and their operand arrays are cut from arrays of
// many (slabs) rather than allocated one by one: building a body makes a
// value per instruction, operand and constant, and their allocation was
// a tenth of a compile's allocations at -O0 (the backend cuts its
// instructions the same way, backend/instrslab.go). A value lives as long
// as its function's body, which drops its slabs when released — but a
// value that outlives the body would keep the whole slab alive, and
// through its values' blocks the whole body: the parameters, which the
// declarations keep, are allocated on their own (AddParam), and a value
// meant to outlive its body must be too (with the parameters cut from the
// slab, a compile's peak memory at 100k lines went from 81 to 300 MB). Each
// value's Args is a full slice (its length is its capacity): an append
// moves the operands out, as it would for any value's.

// Slab sizes: a few kilobytes each.
const (
	slabValues = 32
	slabArgs   = 64
)

// valueSlab is where a function's values are cut from; the zero value is
// empty.
type valueSlab struct {
	values []Value
	args   []*Value
}

// value returns a zero value whose Args are a copy of args.
func (sl *valueSlab) value(args []*Value) *Value {
	if len(sl.values) == 0 {
		sl.values = make([]Value, slabValues)
	}
	v := &sl.values[0]
	sl.values = sl.values[1:]
	if n := len(args); n > 0 {
		if len(sl.args) < n {
			sl.args = make([]*Value, max(slabArgs, n))
		}
		v.Args = sl.args[:n:n]
		sl.args = sl.args[n:]
		copy(v.Args, args)
	}
	return v
}
