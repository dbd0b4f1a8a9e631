package frontend

import (
	"sort"
	"strings"

	"toyc/runtime"
)

// Names the program may not declare: the predeclared identifiers of
// docs/reference.md §1 (type names and builtins) anywhere, and, for definitions
// of functions and globals, the link-level symbols the runtime defines or
// relies on (runtime.ReservedNames), since every Toy function and global is
// a C symbol of the same name.

// predeclared maps each predeclared identifier to what it denotes.
var predeclared = map[string]predeclaredKind{
	"int":   predeclaredType,
	"i32":   predeclaredType,
	"bool":  predeclaredType,
	"print": predeclaredBuiltin,
	"len":   predeclaredBuiltin,
	"new":   predeclaredBuiltin,
	"argc":  predeclaredBuiltin,
	"argi":  predeclaredBuiltin,
}

type predeclaredKind int

const (
	notPredeclared predeclaredKind = iota
	predeclaredType
	predeclaredBuiltin
)

// implicitSymbols are C library functions that the runtime relies on
// without naming them: the C library's own stdio allocates its buffers with
// malloc and frees them, so a Toy definition of one would interpose on it
// for the whole program. Sorted.
var implicitSymbols = []string{"free", "malloc", "realloc"}

// isReservedSymbol reports whether defining a function or global named name
// would clash with the runtime (or with a runtime function the lowering
// calls, lowerruntime.go). Toy's main is emitted as toy_main, so a
// function main is fine.
func isReservedSymbol(name string, isFunc bool) bool {
	if isFunc && name == "main" {
		return false
	}
	_, called := runtimeFuncs[name]
	return called || inSorted(runtime.ReservedNames, name) || inSorted(implicitSymbols, name)
}

func inSorted(list []string, name string) bool {
	i := sort.SearchStrings(list, name)
	return i < len(list) && list[i] == name
}

// isRuntimeSymbol reports whether an extern may not declare name: the
// runtime's own toy_* symbols, whose signatures the lowering relies on. C
// library names are the user's business.
func isRuntimeSymbol(name string) bool {
	return strings.HasPrefix(name, "toy_") && isReservedSymbol(name, false)
}
