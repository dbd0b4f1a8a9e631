package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A large source is mapped, not copied into the heap: reading 4 MB leaves
// the heap as it was.
func TestLargeSourceIsOutsideHeap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.toy")
	text := bytes.Repeat([]byte("// a comment line of the large source\n"), (4<<20)/38+1)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	src, err := readSourceFile(path)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if !bytes.Equal(src, text) {
		t.Fatalf("read %d bytes, not the file's %d", len(src), len(text))
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew >= 1<<20 {
		t.Errorf("reading a %d-byte source allocated %d bytes of heap", len(text), grew)
	}
	runtime.KeepAlive(src)
}

// A mapped source compiles as a read one: the same assembly and the same
// diagnostics, streamed (the bodies checked as they are compiled) or not.
func TestMappedSourceCompilesTheSame(t *testing.T) {
	dir := t.TempDir()
	prog := `func main() {
    var unused = 3;
    print(later(1));
}

func later(n: int) int {
    var x = n;
    x = 2;
    return n + 1;
}
`
	bad := prog + "\nfunc broken() int {\n    return undefinedName;\n}\n"
	for name, text := range map[string]string{"warn.toy": prog, "bad.toy": bad} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	compile := func(min int64, args ...string) (string, string, int) {
		defer func(old int64) { mapSourceMin = old }(mapSourceMin)
		mapSourceMin = min
		out := filepath.Join(dir, "out.s")
		os.Remove(out)
		var stdout, stderr strings.Builder
		status := run(append(args, "-o", out), &stdout, &stderr)
		asm, _ := os.ReadFile(out)
		return string(asm), stderr.String(), status
	}
	for _, args := range [][]string{
		{"-O0", "-S", "warn.toy"}, {"-O2", "-S", "warn.toy"}, {"-O1", "-S", "-g", "warn.toy"},
		{"-O2", "-S", "bad.toy"}, {"-O0", "-S", "--print-after=dce", "warn.toy"},
	} {
		for i := range args {
			if strings.HasSuffix(args[i], ".toy") {
				args[i] = filepath.Join(dir, args[i])
			}
		}
		readAsm, readDiags, readStatus := compile(1<<62, args...)
		mapAsm, mapDiags, mapStatus := compile(1, args...)
		if readDiags == "" {
			t.Fatalf("%v: no diagnostics", args)
		}
		if mapAsm != readAsm || mapDiags != readDiags || mapStatus != readStatus {
			t.Errorf("%v: mapped, status %d\n%s\nread, status %d\n%s", args, mapStatus, mapDiags, readStatus, readDiags)
		}
	}
}

// The pages of a mapped source go back to the kernel after a collection
// (dropMappedPages), and the text reads the same after.
func TestMappedSourcePagesDropped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pages.toy")
	text := bytes.Repeat([]byte("// a line of the source whose pages are dropped\n"), (4<<20)/48+1)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := readSourceFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(src, text) { // reads every page
		t.Fatal("mapped text differs from the file")
	}
	if kb := mappedRSS(t, path); kb < 1024 {
		t.Fatalf("the mapping has %d KB in memory after reading it all", kb)
	}
	dropMappedPages()
	if kb := mappedRSS(t, path); kb != 0 {
		t.Errorf("the mapping has %d KB in memory after its pages were dropped", kb)
	}
	if !bytes.Equal(src, text) {
		t.Error("mapped text differs from the file after its pages were dropped")
	}
}

// mappedRSS is how many KB of the mapping of path are in memory
// (/proc/self/smaps).
func mappedRSS(t *testing.T, path string) int {
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for _, line := range strings.Split(string(smaps), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 6 && strings.Contains(f[0], "-"):
			in = f[len(f)-1] == path
		case in && len(f) == 3 && f[0] == "Rss:":
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatalf("no mapping of %s", path)
	return 0
}
