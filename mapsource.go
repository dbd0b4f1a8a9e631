package main

import (
	"os"
	"syscall"
)

// Reading a large source file by mapping it (mmap) rather than copying it
// into the heap, as clang's MemoryBuffer maps a file of 16 KB or more
// (llvm/lib/Support/MemoryBuffer.cpp, shouldUseMmap).
//
// A source's text is alive for the whole compile: the tokens and the
// names of the syntax trees are substrings of it (frontend/lexer.go), and
// the diagnostics quote its lines at the end. Copied into the heap, the
// 20 MB of the million-line generated program were a fifth of the live
// heap, which the collector's limit multiplies (gctuning.go): 50 MB of
// the peak. Mapped, the text is outside the heap, which the collector
// neither scans nor counts, and costs its pages alone, shared with the
// kernel's page cache.
//
// The mapping is private and writable, so that the text is what a copy
// would be: toyc writes none of it, and a write would go to a page of
// its own. It is never unmapped, since strings point into it to the end
// of the process. A file changed while it is compiled changes under the
// compile (one cut short faults, SIGBUS), as a mapped source does in
// clang. Files of less than mapSourceMin bytes are read: their copy
// counts for nothing against the heap's floor, and the tests, which
// compile thousands of small files in one process, would gather one
// mapping for each.
var mapSourceMin int64 = 1 << 20 // a variable for tests

// readSourceFile returns the text of the file name: mapped when it is a
// regular file of at least mapSourceMin bytes, else read.
func readSourceFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err == nil && fi.Mode().IsRegular() && fi.Size() > 0 && fi.Size() >= mapSourceMin && fi.Size() == int64(int(fi.Size())) {
		b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
		if err == nil {
			return b, nil
		}
	}
	// Read as before, with its errors (a directory, a special file).
	return os.ReadFile(name)
}
