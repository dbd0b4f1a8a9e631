package middle

// Type is one of the first-class types of the IR: LLVM's integer types of the
// widths Toy needs, opaque pointers, and void for instructions without result.
type Type uint8

const (
	Void Type = iota
	I1
	I8
	I32
	I64
	Ptr
)

var typeNames = [...]string{Void: "void", I1: "i1", I8: "i8", I32: "i32", I64: "i64", Ptr: "ptr"}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// Bits is the width of an integer type; pointers are 64 bits wide.
func (t Type) Bits() int {
	switch t {
	case I1:
		return 1
	case I8:
		return 8
	case I32:
		return 32
	case I64, Ptr:
		return 64
	}
	return 0
}

// Size is the number of bytes a value of the type occupies in memory.
func (t Type) Size() int {
	switch t {
	case I1, I8:
		return 1
	case I32:
		return 4
	case I64, Ptr:
		return 8
	}
	return 0
}

func (t Type) IsInt() bool { return t >= I1 && t <= I64 }

// Truncate wraps v to the width of t and sign-extends it back, so that
// constants of every width are kept in one canonical int64 form (i1 true is
// -1 in this form, printed as "true").
func (t Type) Truncate(v int64) int64 {
	switch t {
	case I1:
		return -(v & 1)
	case I8:
		return int64(int8(v))
	case I32:
		return int64(int32(v))
	}
	return v
}

// TypeByName maps a type's text form back to the type.
func TypeByName(s string) (Type, bool) {
	for t, n := range typeNames {
		if n == s {
			return Type(t), true
		}
	}
	return Void, false
}
