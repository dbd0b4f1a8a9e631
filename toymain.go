package main

import (
	"debug/elf"
	"os"
	"regexp"
	"sync"
)

// Whether a program has a Toy main decides whether the runtime's C main
// (main.c) is linked: a Toy library linked with a C program must not get a
// second main. It is read from the files to link rather than asked for with
// a flag: an assembly file with a toy_main label (the symbol Toy's main is
// emitted as), or an object file whose symbol table defines toy_main. C
// inputs are not searched: a C program has its own main.

// toyMainLabel matches a toy_main label at the start of a line, bare or
// quoted, as gcc, clang, llc and toyc write it. Compiled on first use: only
// a link needs it.
var toyMainLabel = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]*"?toy_main"?:`)
})

// fileDefinesToyMain reports whether the file path, of kind asm or obj,
// defines toy_main; a C file never does.
func fileDefinesToyMain(path, kind string) (bool, error) {
	switch kind {
	case "c":
		return false, nil
	case "asm":
		text, err := os.ReadFile(path)
		if err != nil {
			return false, err
		}
		return toyMainLabel().Match(text), nil
	}
	f, err := elf.Open(path)
	if err != nil {
		// Not an ELF object: the C compiler will say what is wrong with it.
		return false, nil
	}
	defer f.Close()
	syms, _ := f.Symbols()
	for _, s := range syms {
		if s.Name == "toy_main" && s.Section != elf.SHN_UNDEF && elf.ST_BIND(s.Info) != elf.STB_LOCAL {
			return true, nil
		}
	}
	return false, nil
}
