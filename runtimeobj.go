package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"toyc/runtime"
)

// Compiling the C runtime is most of the time of a link (about 0.2 s of
// gcc -O2 for a program that takes 0.3 s), and its result changes only with
// the runtime's sources, the flags and the C compiler. So each runtime file
// is compiled once into an object file kept in the cache (cache.go), keyed
// by a hash of
//   - the file's name and text, and the flags (ccFlags and the leading
//     arguments of the compiler command, such as "gcc -m32");
//   - the compiler's identity: its resolved path with its size and
//     modification time (a reinstalled or upgraded binary), and the output
//     of "cc --version" (what a wrapper such as ccache runs behind an
//     unchanged binary of its own);
//   - the environment variables through which GCC and clang find headers
//     and their own programs.
// Like Go's build cache for cgo, the key leaves out the system headers the
// runtime includes (stdio.h, signal.h): an update of libc's headers that
// changes the meaning of the runtime without changing the compiler is not
// seen (TOYC_CACHE=off, or removing the cache directory, starts afresh).

// compilerEnv are the environment variables that change what the C
// compiler makes of the same file with the same flags (GCC's manual,
// "Environment Variables Affecting GCC"; clang reads the same).
var compilerEnv = []string{"CPATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH", "SOURCE_DATE_EPOCH"}

// compilerIdentity describes the C compiler cc for cache keys, or fails
// when it cannot be known (and then nothing is cached).
func (d *driver) compilerIdentity(cc []string) ([]byte, error) {
	path, err := exec.LookPath(cc[0])
	if err != nil {
		return nil, err
	}
	if path, err = filepath.EvalSymlinks(path); err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var version bytes.Buffer
	args := append(append([]string{}, cc[1:]...), "--version")
	if err := d.runCompilerTo(&version, cc[0], args); err != nil {
		return nil, err
	}
	var id bytes.Buffer
	fmt.Fprintf(&id, "%q %q %d %d\n%s", cc, path, fi.Size(), fi.ModTime().UnixNano(), version.Bytes())
	for _, name := range compilerEnv {
		value, set := os.LookupEnv(name)
		fmt.Fprintf(&id, "%s=%t:%q\n", name, set, value)
	}
	return id.Bytes(), nil
}

// runtimeObjects returns the runtime compiled for cc into object files in
// dir, taken from the cache or compiled and stored there, in the order of
// runtime.Sources(withMain). It returns false when the cache is off or
// cannot serve: the link then compiles the sources itself, as it would
// without a cache, and the C compiler's messages (if any) are seen there.
func (d *driver) runtimeObjects(cc []string, dir string, withMain bool) ([]string, bool) {
	c := openCache(&d.scratch)
	if c == nil {
		return nil, false
	}
	id, err := d.compilerIdentity(cc)
	if err != nil {
		return nil, false
	}
	flags := []byte(strings.Join(ccFlags, " "))
	var objects []string
	for _, src := range runtime.Sources(withMain) {
		obj := filepath.Join(dir, strings.TrimSuffix(src.Name, ".c")+".o")
		key := cacheKey([]byte(cacheMagic+" runtime object"), []byte(src.Name), src.Text, flags, id)
		if data, ok := c.get(key); ok {
			if os.WriteFile(obj, data, 0o644) != nil {
				return nil, false
			}
		} else {
			data, err := d.compileRuntime(cc, dir, src, obj)
			if err != nil {
				return nil, false
			}
			c.put(key, data)
		}
		objects = append(objects, obj)
	}
	return objects, true
}

// compileRuntime compiles the runtime file src, written into dir, into the
// object file obj, and returns the object's bytes. The C compiler's
// messages are dropped: on failure the link compiles the source again, and
// shows them.
func (d *driver) compileRuntime(cc []string, dir string, src runtime.Source, obj string) ([]byte, error) {
	if err := os.WriteFile(filepath.Join(dir, src.Name), src.Text, 0o644); err != nil {
		return nil, err
	}
	args := append(append(append([]string{}, cc[1:]...), ccFlags...), "-c", "-o", obj, filepath.Join(dir, src.Name))
	var messages bytes.Buffer
	if err := d.runCompilerTo(&messages, cc[0], args); err != nil {
		return nil, err
	}
	return os.ReadFile(obj)
}
