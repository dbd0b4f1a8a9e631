package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The runtime cache is checked from outside, by running toyc (the test
// binary, which testscript puts on PATH) with a C compiler wrapped in a
// script that logs each call, so that a test sees whether the runtime was
// compiled or taken from the cache; and by running what toyc built.

// cacheProgram calls the runtime (arrays, printing) and has a main, so that
// both runtime files are linked.
const cacheProgram = `func main() {
    var a = new(int, 3);
    a[2] = 40;
    print(a[2] + len(a) - 1, true);
}
`

const cacheProgramOutput = "42 true\n"

// cacheFixture is a directory with cacheProgram as p.toy, a logging C
// compiler wrapper cc.sh, and a cache directory.
type cacheFixture struct {
	t        *testing.T
	dir, log string
	cache    string
}

func newCacheFixture(t *testing.T) *cacheFixture {
	t.Helper()
	cc := installedCC()
	if cc == "" {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	f := &cacheFixture{t: t, dir: dir, log: filepath.Join(dir, "cc.log"), cache: filepath.Join(dir, "cache")}
	wrapper := fmt.Sprintf("#!/bin/sh\necho \"$*\" >> %q\nexec %q \"$@\"\n", f.log, cc)
	if err := os.WriteFile(filepath.Join(dir, "cc.sh"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.toy"), []byte(cacheProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// installedCC is the path of a C compiler on PATH, or "".
func installedCC() string {
	for _, name := range []string{"gcc", "clang", "cc"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// build runs toyc on p.toy into exe with $TOYC_CACHE set to cache, checks
// that it succeeded and that exe runs as it must, and returns the C
// compiler's calls, one per line.
func (f *cacheFixture) build(cache, exe string, env ...string) []string {
	f.t.Helper()
	os.Remove(f.log)
	cmd := exec.Command("toyc", "--cc="+filepath.Join(f.dir, "cc.sh"), "p.toy", "-o", exe)
	cmd.Dir = f.dir
	cmd.Env = append(append(os.Environ(), cacheEnv+"="+cache), env...)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		f.t.Fatalf("toyc with %s=%s %v: %v\n%s", cacheEnv, cache, env, err, out)
	}
	f.wantRuns(exe)
	calls, _ := os.ReadFile(f.log)
	return strings.Split(strings.TrimSpace(string(calls)), "\n")
}

func (f *cacheFixture) wantRuns(exe string) {
	f.t.Helper()
	out, err := exec.Command(filepath.Join(f.dir, exe)).CombinedOutput()
	if err != nil || string(out) != cacheProgramOutput {
		f.t.Errorf("%s printed %q (%v), want %q", exe, out, err, cacheProgramOutput)
	}
}

// compiledRuntime reports whether one of the C compiler's calls compiled a
// runtime source, in the link or alone.
func compiledRuntime(calls []string) bool {
	for _, c := range calls {
		if strings.Contains(c, "toy_runtime.c") {
			return true
		}
	}
	return false
}

// entries lists the cache's entries.
func (f *cacheFixture) entries() []string {
	f.t.Helper()
	names, _ := filepath.Glob(filepath.Join(f.cache, "*"+entrySuffix))
	return names
}

func TestRuntimeCacheHitAndMiss(t *testing.T) {
	f := newCacheFixture(t)
	miss := f.build(f.cache, "miss")
	if !compiledRuntime(miss) || len(f.entries()) != 2 {
		t.Fatalf("the first build with an empty cache did not compile and store both runtime files (%d entries); C compiler calls:\n%s",
			len(f.entries()), strings.Join(miss, "\n"))
	}
	hit := f.build(f.cache, "hit")
	if compiledRuntime(hit) {
		t.Errorf("the second build compiled the runtime again:\n%s", strings.Join(hit, "\n"))
	}
	a, _ := os.ReadFile(filepath.Join(f.dir, "miss"))
	b, _ := os.ReadFile(filepath.Join(f.dir, "hit"))
	if !bytes.Equal(a, b) {
		t.Error("the executables linked after a miss and after a hit differ")
	}
	off := f.build("off", "off")
	if !compiledRuntime(off) || len(off) != 1 {
		t.Errorf("with %s=off, want one C compiler call that compiles the runtime in the link, got:\n%s", cacheEnv, strings.Join(off, "\n"))
	}
}

// A damaged entry is a miss: the runtime is compiled again, and the entry
// written anew when it can be.
func TestRuntimeCacheDamagedEntry(t *testing.T) {
	damages := map[string]func(path string) error{
		"empty":       func(p string) error { return os.WriteFile(p, nil, 0o644) },
		"truncated":   func(p string) error { return os.Truncate(p, 100) },
		"header only": func(p string) error { return truncateAt(p, '\n') },
		"flipped byte": func(p string) error {
			b, err := os.ReadFile(p)
			if err == nil {
				b[len(b)-10] ^= 0xff
				err = os.WriteFile(p, b, 0o644)
			}
			return err
		},
		"directory": func(p string) error {
			if err := os.Remove(p); err != nil {
				return err
			}
			return os.MkdirAll(filepath.Join(p, "x"), 0o755)
		},
	}
	for _, name := range []string{"empty", "truncated", "header only", "flipped byte", "directory"} {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			f := newCacheFixture(t)
			f.build(f.cache, "first")
			for _, e := range f.entries() {
				if err := damages[name](e); err != nil {
					t.Fatal(err)
				}
			}
			calls := f.build(f.cache, "again")
			if !compiledRuntime(calls) {
				t.Errorf("a damaged entry was used:\n%s", strings.Join(calls, "\n"))
			}
			if name == "directory" {
				return
			}
			if calls := f.build(f.cache, "third"); compiledRuntime(calls) {
				t.Errorf("a damaged entry was not written anew:\n%s", strings.Join(calls, "\n"))
			}
		})
	}
}

// truncateAt cuts the file path after the first byte c.
func truncateAt(path string, c byte) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b[:bytes.IndexByte(b, c)+1], 0o644)
}

// A cache that cannot be made or written is no cache: toyc links as
// without one.
func TestRuntimeCacheUnusable(t *testing.T) {
	f := newCacheFixture(t)
	file := filepath.Join(f.dir, "p.toy")
	f.build(filepath.Join(file, "cache"), "under_a_file")
	f.build("", "no_home", "HOME=", "XDG_CACHE_HOME=")
	f.build("", "home_is_a_file", "HOME="+file, "XDG_CACHE_HOME=")
	readOnly := filepath.Join(f.dir, "readonly")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	f.build(readOnly, "read_only")
}

// Links running at once with an empty cache all succeed, and leave a
// cache of whole entries and no temporary files.
func TestRuntimeCacheConcurrent(t *testing.T) {
	f := newCacheFixture(t)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("toyc", "p.toy", "-o", fmt.Sprintf("p%d", i))
			cmd.Dir = f.dir
			cmd.Env = append(os.Environ(), cacheEnv+"="+f.cache)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("link %d: %v\n%s", i, err, out)
			}
		}()
	}
	wg.Wait()
	for i := range 6 {
		f.wantRuns(fmt.Sprintf("p%d", i))
	}
	all, _ := os.ReadDir(f.cache)
	c := &cache{dir: f.cache, scratch: &scratch{}}
	for _, e := range all {
		key, isEntry := strings.CutSuffix(e.Name(), entrySuffix)
		if _, ok := c.get(key); !isEntry || strings.HasPrefix(e.Name(), ".") || !ok {
			t.Errorf("the cache holds %s, which is not a whole entry", e.Name())
		}
	}
	if len(all) != 2 {
		t.Errorf("the cache holds %d files, want the 2 runtime objects", len(all))
	}
}

// Writing an entry removes the entries (and leftover temporary files)
// unused for trimAge, and nothing else.
func TestCacheTrim(t *testing.T) {
	c := &cache{dir: t.TempDir(), scratch: &scratch{}}
	c.put("old", []byte("o"))
	c.put("recent", []byte("r"))
	stale := filepath.Join(c.dir, ".leftover-0000"+entrySuffix)
	other := filepath.Join(c.dir, "not-ours")
	for _, p := range []string{stale, other} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-trimAge - time.Hour)
	for _, p := range []string{c.path("old"), stale, other} {
		if err := os.Chtimes(p, long, long); err != nil {
			t.Fatal(err)
		}
	}
	c.put("new", []byte("n"))
	for key, want := range map[string]bool{"old": false, "recent": true, "new": true} {
		if _, ok := c.get(key); ok != want {
			t.Errorf("entry %q present: %t, want %t", key, ok, want)
		}
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("an old temporary file survived the trim")
	}
	if _, err := os.Stat(other); err != nil {
		t.Error("the trim removed a file that is not the cache's")
	}
}

// A hit on an entry not used for touchAge marks it used, so that the trim
// keeps the entries in use.
func TestCacheHitKeepsEntry(t *testing.T) {
	c := &cache{dir: t.TempDir(), scratch: &scratch{}}
	c.put("k", []byte("data"))
	long := time.Now().Add(-trimAge + time.Hour)
	if err := os.Chtimes(c.path("k"), long, long); err != nil {
		t.Fatal(err)
	}
	if data, ok := c.get("k"); !ok || string(data) != "data" {
		t.Fatalf("get = %q, %t", data, ok)
	}
	if fi, err := os.Stat(c.path("k")); err != nil || time.Since(fi.ModTime()) > touchAge {
		t.Errorf("a hit left the entry's time at %v", fi.ModTime())
	}
}
