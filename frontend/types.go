package frontend

// Toy's types (docs/reference.md §2). Types are compared structurally with
// Identical; the scalar types are shared singletons so that most comparisons
// are pointer comparisons in disguise.

// Kind is the shape of a type.
type Kind int

const (
	// Invalid marks an expression whose type could not be determined; it
	// matches everything so that one mistake yields one diagnostic.
	Invalid Kind = iota
	// Void is the "type" of a call of a function without a result.
	Void
	Int
	I32
	Bool
	Array
	Pointer
)

// Type is a Toy type; Elem is set for Array and Pointer.
type Type struct {
	Kind Kind
	Elem *Type
}

var (
	InvalidType = &Type{Kind: Invalid}
	VoidType    = &Type{Kind: Void}
	IntType     = &Type{Kind: Int}
	I32Type     = &Type{Kind: I32}
	BoolType    = &Type{Kind: Bool}
)

func ArrayOf(elem *Type) *Type   { return &Type{Kind: Array, Elem: elem} }
func PointerTo(elem *Type) *Type { return &Type{Kind: Pointer, Elem: elem} }

// Identical reports whether a and b denote the same type.
func Identical(a, b *Type) bool {
	for a.Kind == b.Kind {
		if a.Elem == nil || b.Elem == nil {
			return a.Elem == b.Elem
		}
		a, b = a.Elem, b.Elem
	}
	return false
}

// IsInteger reports whether t is int or i32.
func (t *Type) IsInteger() bool { return t.Kind == Int || t.Kind == I32 }

// Size is the number of bytes a value of t occupies in memory: in an array
// element, a global, or behind a pointer (runtime ABI: bool is one byte).
func (t *Type) Size() int64 {
	switch t.Kind {
	case I32:
		return 4
	case Bool:
		return 1
	}
	return 8
}

func (t *Type) String() string {
	switch t.Kind {
	case Void:
		return "no value"
	case Int:
		return "int"
	case I32:
		return "i32"
	case Bool:
		return "bool"
	case Array:
		return "[]" + t.Elem.String()
	case Pointer:
		return "*" + t.Elem.String()
	}
	return "invalid type"
}
