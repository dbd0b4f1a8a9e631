package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"toyc/runtime"
)

// --emit=runtime: the Toy runtime as a static library (libtoyrt.a by
// default), so that a make-based build links Toy objects with plain gcc:
// gcc driver.c lib.o libtoyrt.a. It holds two members, runtime.o (what
// Toy code calls) and main.o (the C main that calls Toy's main): a linker
// takes an archive's member only for a symbol still undefined, so main.o
// comes along only when nothing else defines main (a Toy program,
// gcc prog.o libtoyrt.a), never beside a C driver's main. Both are
// compiled by the C compiler toyc links with (--cc, $CC, gcc, clang) with
// -O2 -fPIC, so that they go into position-independent executables (gcc's
// default on most systems) as well as into -no-pie ones and shared
// libraries, and archived with ar (binutils', else llvm-ar). It takes no
// input files.

// defaultRuntimeLibrary is the output without -o.
const defaultRuntimeLibrary = "libtoyrt.a"

// archivers are the programs tried, in order, to make the archive.
var archivers = []string{"ar", "gcc-ar", "llvm-ar"}

func (d *driver) writeRuntimeLibrary() error {
	o := d.opts
	if len(o.inputs) > 0 {
		return usagef("--emit=runtime takes no input files (it writes the runtime alone)")
	}
	out := o.output
	switch out {
	case "":
		out = defaultRuntimeLibrary
	case "-":
		return usagef("cannot write a static library to standard output")
	}
	cc, err := runtime.FindCompiler(o.cc)
	if err != nil {
		return failure{2, err.Error()}
	}
	ar := ""
	for _, name := range archivers {
		if path, err := exec.LookPath(name); err == nil {
			ar = path
			break
		}
	}
	if ar == "" {
		return failf("cannot make a static library: none of %s is installed", strings.Join(archivers, ", "))
	}
	tmp, err := d.tempDir()
	if err != nil {
		return err
	}
	d.activity = "compiling the runtime"
	var objects []string
	for _, src := range runtime.Sources(true) {
		c := filepath.Join(tmp, src.Name)
		if err := os.WriteFile(c, src.Text, 0o644); err != nil {
			return failf("cannot write the runtime: %v", err)
		}
		obj := strings.TrimSuffix(c, ".c") + ".o"
		args := append(append([]string{}, cc[1:]...), "-O2", "-fPIC", "-c", "-o", obj, c)
		if err := d.runCompiler(cc[0], args); err != nil {
			return err
		}
		objects = append(objects, obj)
	}
	lib := filepath.Join(tmp, defaultRuntimeLibrary)
	if err := d.runCompiler(ar, append([]string{"rcs", lib}, objects...)); err != nil {
		return err
	}
	data, err := os.ReadFile(lib)
	if err != nil {
		return failf("cannot read the archive: %v", err)
	}
	d.activity = "writing " + out
	target, err := d.reserveOutput(out)
	if err != nil {
		return err
	}
	if err := os.WriteFile(target, data, 0o644); err != nil {
		return failf("cannot write %s: %v", out, unwrapPath(err))
	}
	return d.commitOutput(target, out)
}
