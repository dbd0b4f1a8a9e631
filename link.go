package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"toyc/runtime"
)

// ccFlags are the C compiler's flags for every link. -O2: the runtime and
// C code linked with Toy should run at the speed their authors expect.
// -no-pie: assembly with absolute addresses, as llc writes it by default,
// links as well as position-independent code does.
var ccFlags = []string{"-O2", "-no-pie"}

// gccLanguage is the C compiler's -x for the kinds it is told of.
var gccLanguage = map[string]string{"c": "c", "asm": "assembler"}

// link has the C compiler assemble, compile and link inputs (.s, .c and .o
// files) with the runtime into the executable exe; main.c comes along when
// the program defines toy_main (see definesToyMain). The runtime comes as
// object files from the cache (runtimeobj.go) when it can, else as its C
// sources.
func (d *driver) link(inputs []string, withMain bool, exe string) error {
	cc, err := runtime.FindCompiler(d.opts.cc)
	if err != nil {
		return failure{2, err.Error()}
	}
	tmp, err := d.tempDir()
	if err != nil {
		return err
	}
	rt, cached := d.runtimeObjects(cc, tmp, withMain)
	if !cached {
		if rt, err = runtime.WriteSources(tmp, withMain); err != nil {
			return failf("cannot write the runtime: %v", err)
		}
	}
	target, err := d.reserveOutput(exe)
	if err != nil {
		return err
	}
	args := append(append(append([]string{}, cc[1:]...), ccFlags...), "-o", target)
	for _, in := range inputs {
		// A file name starting with '-' would read as an option.
		if strings.HasPrefix(in, "-") {
			in = "./" + in
		}
		// A file -x made C or assembly whatever its name says.
		if lang := gccLanguage[d.kindOf(in)]; lang != "" && kindsByExtension[filepath.Ext(in)] != d.kindOf(in) {
			args = append(args, "-x", lang, in, "-x", "none")
			continue
		}
		args = append(args, in)
	}
	args = append(args, rt...)
	args = append(args, d.opts.link...) // -l and -L, after what uses them
	if err := d.runCompiler(cc[0], args); err != nil {
		return err
	}
	return d.commitOutput(target, exe)
}

// assemble has the C compiler turn the assembly file asm into the object
// file obj.
func (d *driver) assemble(asm, obj string) error {
	cc, err := runtime.FindCompiler(d.opts.cc)
	if err != nil {
		return failure{2, err.Error()}
	}
	target, err := d.reserveOutput(obj)
	if err != nil {
		return err
	}
	args := append(append([]string{}, cc[1:]...), "-c", "-o", target, asm)
	if err := d.runCompiler(cc[0], args); err != nil {
		return err
	}
	return d.commitOutput(target, obj)
}

// runCompiler runs the C compiler in a process group of its own, so that
// an interrupt can stop it with all its subprocesses (cc1, as, ld), and
// with toyc's temporary directory as its TMPDIR, so that the files a
// stopped compiler cannot remove itself go with toyc's. Its messages, and
// any output it prints, go to toyc's standard error.
func (d *driver) runCompiler(name string, args []string) error {
	return d.runCompilerTo(d.stderr, name, args)
}

// runCompilerTo is runCompiler with the C compiler's output and messages
// going to out.
func (d *driver) runCompilerTo(out io.Writer, name string, args []string) error {
	tmp, err := d.tempDir()
	if err != nil {
		return err
	}
	if d.opts != nil && d.opts.verbose {
		fmt.Fprintf(d.stderr, "toyc: running %s %s\n", name, strings.Join(args, " "))
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return failure{2, "cannot run the C compiler " + name + ": " + unwrapPath(err).Error()}
	}
	d.scratch.setCompiler(cmd.Process.Pid)
	err = cmd.Wait()
	d.scratch.setCompiler(0)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return failf("the C compiler %s failed (%v)", name, exit.ProcessState)
	}
	return err
}

// tempDir returns toyc's private temporary directory, made on first use.
func (d *driver) tempDir() (string, error) {
	if d.tmp != "" {
		return d.tmp, nil
	}
	dir, err := d.scratch.mkdirTemp()
	if err != nil {
		return "", failf("cannot make a temporary directory: %v", err)
	}
	d.tmp = dir
	return dir, nil
}
