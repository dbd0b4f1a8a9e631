// Package runtime carries the C runtime of Toy programs inside the toyc
// binary (with go:embed), so that toyc works from any directory, and knows
// how to find the C compiler that builds it into a program.
//
// csrc/runtime.c holds what every Toy program may call (printing, arrays,
// command-line arguments, runtime-error reports, the stack-overflow
// handler); csrc/main.c holds the C main that calls Toy's main, linked only
// when the program has one. (The C files live in a folder of their own
// because the go tool refuses C files in a package that does not use cgo.)
// The contract between them and the compiler is runtime/ABI.md.
package runtime

import (
	_ "embed"
	"os"
	"path/filepath"
)

//go:embed csrc/runtime.c
var runtimeC []byte

//go:embed csrc/main.c
var mainC []byte

// ReservedNames are the link-level symbols the runtime defines or uses:
// every toy_* symbol, main, each C library function and variable that
// runtime.c and main.c refer to, and the compilerCalls. A Toy program may
// not define a function or global with one of these names. A test keeps the
// list in sync with the C sources.
var ReservedNames = []string{
	"_exit",
	"calloc",
	"exit",
	"fflush",
	"fputs",
	"fwrite",
	"isatty",
	"main",
	"memcmp",
	"memcpy",
	"memmove",
	"memset",
	"mincore",
	"setvbuf",
	"sigaction",
	"sigaltstack",
	"sigemptyset",
	"signal",
	"stderr",
	"stdout",
	"toy_argc",
	"toy_argi",
	"toy_div_error",
	"toy_empty",
	"toy_index_error",
	"toy_init",
	"toy_main",
	"toy_new_array",
	"toy_print_bool",
	"toy_print_bytes",
	"toy_print_i64",
	"toy_print_str",
	"write",
}

// compilerCalls are the functions a C compiler may call on its own, for
// example clang copying a struct initializer with memcpy: GCC's manual
// (section "Language Standards Supported by GCC") requires every
// environment to provide them.
var compilerCalls = []string{"memcmp", "memcpy", "memmove", "memset"}

// A Source is one of the runtime's C files: the name it is written under
// and its text.
type Source struct {
	Name string
	Text []byte
}

// Sources returns the runtime's C files in the order to hand them to the C
// compiler: runtime.c, then main.c when withMain is set (the program
// defines toy_main). The names carry a toy_ prefix so that the C
// compiler's messages cannot be mistaken for ones about the user's own
// files.
func Sources(withMain bool) []Source {
	sources := []Source{{"toy_runtime.c", runtimeC}}
	if withMain {
		sources = append(sources, Source{"toy_main.c", mainC})
	}
	return sources
}

// WriteSources writes Sources(withMain) into dir and returns their paths,
// in the same order.
func WriteSources(dir string, withMain bool) ([]string, error) {
	var paths []string
	for _, s := range Sources(withMain) {
		path := filepath.Join(dir, s.Name)
		if err := os.WriteFile(path, s.Text, 0o644); err != nil {
			return nil, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}
