package tests

// What TestDifferential does with a finding: it shrinks the program while
// the finding persists (gen.Shrink, with a test made for the finding's
// kind), and for a disagreement between builds writes the result to
// regress/ as a regression test whose expected output is the reference
// build's (see group).

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"toyc/tests/gen"
)

// shrinkRunTimeout bounds a run while shrinking, where a candidate may
// loop for longer than the original did.
const shrinkRunTimeout = 3 * time.Second

// reduce shrinks f's program and returns an account of the result for the
// log; a disagreement also becomes regress/seedN.toy.
func reduce(root string, f *finding, vs []variant) string {
	dir := filepath.Join(root, fmt.Sprintf("reduce%d", f.seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err.Error()
	}
	defer os.RemoveAll(dir)
	var test func(*gen.Prog) bool
	switch f.kind {
	case "disagreement":
		_, built := splitCrashed(f.outcomes)
		groups := group(built)
		ref, wit := groups[0][0], groups[1][0]
		test = func(p *gen.Prog) bool { return disagree(dir, p, ref, wit) != nil }
		small := gen.Shrink(f.prog, test, time.Now().Add(*diffReduce))
		name, err := writeRegression(dir, small, f.seed, ref, wit)
		if err != nil {
			return fmt.Sprintf("reduced program (not written: %v):\n%s", err, small)
		}
		return fmt.Sprintf("reduced to regress/%s.toy (expected output: %s's):\n%s", name, ref.variant.name, small)
	case "rejected":
		msg := diagnosticMessage(f.outcomes[0].failed)
		test = func(p *gen.Prog) bool {
			o := buildOnce(dir, p, f.outcomes[0].variant)
			return o.failed != "" && diagnosticMessage(o.failed) == msg
		}
	case "unplanted runtime error", "wrong runtime error":
		msg := runtimeErrorMessage(f.outcomes[0].r.stderr)
		test = func(p *gen.Prog) bool {
			o := buildOnce(dir, p, f.outcomes[0].variant)
			_, faults := p.Text()
			again := judge([]outcome{o}, faults, "p.toy")
			return again != nil && again.kind == f.kind && runtimeErrorMessage(o.r.stderr) == msg
		}
	default:
		return "not shrunk"
	}
	return fmt.Sprintf("reduced program:\n%s", gen.Shrink(f.prog, test, time.Now().Add(*diffReduce)))
}

// buildOnce writes p to dir/p.toy and builds and runs it as v.
func buildOnce(dir string, p *gen.Prog, v variant) outcome {
	if err := os.WriteFile(filepath.Join(dir, "p.toy"), []byte(p.String()), 0o644); err != nil {
		return outcome{variant: v, failed: err.Error()}
	}
	return buildAndRun(dir, "p.toy", v, shrinkRunTimeout)
}

// disagree builds and runs p as ref's and wit's variants and returns their
// outcomes when they still disagree in the way ref and wit did: ref's
// build works and ends, wit's fails to build if it did, hangs if it did,
// and neither overflows the stack (whose output depends on frame sizes).
func disagree(dir string, p *gen.Prog, ref, wit outcome) []outcome {
	if err := os.WriteFile(filepath.Join(dir, "p.toy"), []byte(p.String()), 0o644); err != nil {
		return nil
	}
	// The two builds run at once (each in its own directory).
	var b outcome
	done := make(chan bool)
	go func() {
		b = buildAndRun(dir, "p.toy", wit.variant, shrinkRunTimeout)
		close(done)
	}()
	a := buildAndRun(dir, "p.toy", ref.variant, shrinkRunTimeout)
	<-done
	if a.failed != "" || a.hung || a.stackOverflow() {
		return nil
	}
	if b.stackOverflow() || b.hung != wit.hung || (wit.failed != "") != (b.failed != "") || a.key() == b.key() {
		return nil
	}
	return []outcome{a, b}
}

var (
	diagnosticLine = regexp.MustCompile(`(?m)^[^:\n]*:\d+:\d+: error: (.*)$`)
	runtimeLine    = regexp.MustCompile(`runtime error: ([a-z ]*)`)
)

// diagnosticMessage is the first diagnostic in a build's error without its
// position, or the error's first line.
func diagnosticMessage(failed string) string {
	if m := diagnosticLine.FindStringSubmatch(failed); m != nil {
		return m[1]
	}
	return firstLine([]byte(failed))
}

// runtimeErrorMessage is the kind of a runtime error ("index out of range").
func runtimeErrorMessage(stderr []byte) string {
	if m := runtimeLine.FindSubmatch(stderr); m != nil {
		return strings.TrimSpace(string(m[1]))
	}
	return ""
}

// writeRegression writes p as regress/seedN.toy with the directives and
// the output (NAME.out) of ref's build, after checking that wit's build
// still disagrees with the file as written. It returns the test's name.
func writeRegression(dir string, p *gen.Prog, seed int64, ref, wit outcome) (string, error) {
	name := fmt.Sprintf("seed%d", seed)
	file := name + ".toy"
	first := disagree(dir, p, ref, wit)
	if first == nil {
		return "", fmt.Errorf("the reduced program no longer shows the disagreement")
	}
	header := func(o outcome) string {
		h := fmt.Sprintf("// Reduced by TestDifferential from seed %d of toyc/tests/gen. Expected output:\n", seed)
		h += fmt.Sprintf("// %s's; %s differed (%s).\n", ref.variant.name, wit.variant.name, oneLine(difference(first[1], first[0])))
		h += fmt.Sprintf("// exit: %d\n", o.r.status)
		if len(o.r.stderr) > 0 {
			h += "// stderr: " + oneLine(firstLine(o.r.stderr)) + "\n"
		}
		return h
	}
	// The header moves every line, so the program runs again as written,
	// to give the runtime error its final position.
	src := header(first[0]) + p.String()
	if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
		return "", err
	}
	final := buildAndRun(dir, file, ref.variant, diffRunTimeout)
	again := buildAndRun(dir, file, wit.variant, diffRunTimeout)
	if final.failed != "" || final.hung || final.key() == again.key() {
		return "", fmt.Errorf("the program with its directives no longer shows the disagreement")
	}
	src = header(final) + p.String()
	if err := os.MkdirAll("regress", 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join("regress", file), []byte(src), 0o644); err != nil {
		return "", err
	}
	return name, os.WriteFile(filepath.Join("regress", name+".out"), final.r.stdout, 0o644)
}

// oneLine squeezes s into one short line for a comment.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
