package tests

// The two ways every Toy program is built, shared by the runners of
// programs/ and regress/ (which fail the test on an error) and by the
// differential test (which compares the errors too):
//
//	llvm:   toyc --verify-each --emit=llvm -ON, opt's verifier, llc (-O2
//	        for toyc's -O2, else -O1), then toyc links the assembly with the
//	        runtime
//	native: toyc --verify-each -ON
//
// opt's own -O2 is left out: LLVM 14 crashes on opaque pointers in its loop
// passes (LoopAccessAnalysis) on valid IR.

import (
	"fmt"
	"path/filepath"
	"strings"
)

// buildError says which step of a build failed and how.
type buildError struct {
	step string
	r    result
	err  error // the step did not run to its end (timeout, cannot start)
}

func (e *buildError) Error() string {
	if e.err != nil {
		return e.step + ": " + e.err.Error()
	}
	return fmt.Sprintf("%s: exit status %d\n%s", e.step, e.r.status, e.r.stderr)
}

// step runs one command of a build and turns a failure into a buildError.
func step(dir, name string, args ...string) error {
	r, err := execute(dir, compileTimeout, name, args...)
	switch {
	case err != nil:
		return &buildError{step: command(name, args), err: err}
	case r.status != 0:
		return &buildError{step: command(name, args), r: r}
	}
	return nil
}

// emitLLVM has toyc write dir/file's IR at level to ll, and LLVM's verifier
// check it when opt exists.
func emitLLVM(dir, file, level, ll string) error {
	if err := step(dir, tools.toyc, "--verify-each", "--emit=llvm", level, file, "-o", ll); err != nil {
		return err
	}
	if tools.opt == "" {
		return nil
	}
	return step(dir, tools.opt, "-opaque-pointers", "-passes=verify", "-disable-output", ll)
}

// buildLLVM builds dir/file through LLVM into an executable in out and
// returns its path; it needs llc.
func buildLLVM(dir, file, level, out string) (string, error) {
	base := filepath.Join(out, strings.TrimSuffix(file, ".toy"))
	ll, asm, exe := base+".ll", base+".s", base
	if err := emitLLVM(dir, file, level, ll); err != nil {
		return "", err
	}
	llcLevel := "-O1"
	if level == "-O2" {
		llcLevel = "-O2"
	}
	if err := step(out, tools.llc, "-opaque-pointers", llcLevel, ll, "-o", asm); err != nil {
		return "", err
	}
	if err := step(out, tools.toyc, asm, "-o", exe); err != nil {
		return "", err
	}
	return exe, nil
}

// errNoNative is buildNative's error while toyc has no back end of its own.
var errNoNative = fmt.Errorf("native backend not available")

// buildNative builds dir/file with toyc's own back end into an executable
// in out and returns its path.
func buildNative(dir, file, level, out string) (string, error) {
	exe := filepath.Join(out, strings.TrimSuffix(file, ".toy"))
	args := []string{level, "--verify-each", file, "-o", exe}
	r, err := execute(dir, compileTimeout, tools.toyc, args...)
	switch {
	case err != nil:
		return "", &buildError{step: command(tools.toyc, args), err: err}
	case nativeUnavailable(r):
		return "", fmt.Errorf("%w: %s", errNoNative, firstLine(r.stderr))
	case r.status != 0:
		return "", &buildError{step: command(tools.toyc, args), r: r}
	}
	return exe, nil
}
