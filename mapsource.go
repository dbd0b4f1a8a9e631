package main

import (
	"os"
	"sync"
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
// The mapping is read-only: toyc writes none of the text. It is never
// unmapped, since strings point into it to the end of the process. Its
// pages, once read, would stay in the process's memory: the skim reads
// the whole file before the first function is compiled, and the stream
// reads it again, a chunk at a time, as the functions are compiled
// (frontend/stream.go), though only the chunk being parsed is needed
// then. So after every collection (gctuning.go) the pages are given back
// (dropMappedPages); the kernel keeps them in its page cache, and a page
// read again is mapped again from there. A file changed while it is compiled changes under the
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
		b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
		if err == nil {
			mapped.Lock()
			mapped.texts = append(mapped.texts, b)
			mapped.Unlock()
			return b, nil
		}
	}
	// Read as before, with its errors (a directory, a special file).
	return os.ReadFile(name)
}

// mapped are the sources mapped (readSourceFile).
var mapped struct {
	sync.Mutex
	texts [][]byte
}

// dropMappedPages gives the pages of the mapped sources back to the
// kernel (MADV_DONTNEED): they are the file's, unchanged, and the next
// read maps them again.
func dropMappedPages() {
	mapped.Lock()
	defer mapped.Unlock()
	for _, b := range mapped.texts {
		syscall.Madvise(b, syscall.MADV_DONTNEED)
	}
}
