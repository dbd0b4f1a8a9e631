package middle

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readFixtures returns the .ll files of testdata/dir by base name, in
// directory order.
func readFixtures(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.ll"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures in testdata/%s: %v", dir, err)
	}
	files := make(map[string]string)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(src)
	}
	return files
}

// mustParse parses text that must be valid IR.
func mustParse(t *testing.T, name, text string) *Module {
	t.Helper()
	m, errs := ParseModule(name, []byte(text))
	if len(errs) > 0 {
		t.Fatalf("%s: unexpected parse errors:\n%v", name, errs)
	}
	if errs := VerifyModule(m); len(errs) > 0 {
		t.Fatalf("%s: unexpected verifier errors:\n%v", name, errs)
	}
	return m
}

// llvmVerdict runs LLVM's verifier on text. ran is false when opt is not
// installed.
func llvmVerdict(t *testing.T, name, text string) (accepted bool, output string, ran bool) {
	t.Helper()
	opt, err := exec.LookPath("opt")
	if err != nil {
		return false, "", false
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(opt, "-opaque-pointers", "-passes=verify", "-disable-output", path).CombinedOutput()
	return err == nil, string(out), true
}

// checkLLVMAccepts cross-checks text that toyc accepts.
func checkLLVMAccepts(t *testing.T, name, text string) {
	t.Helper()
	if ok, out, ran := llvmVerdict(t, name, text); ran && !ok {
		t.Errorf("%s: toyc accepts it but LLVM's verifier rejects it:\n%s", name, out)
	}
}

// The printer's output reads back to a module that prints the same text.
func TestRoundTripFixtures(t *testing.T) {
	for name, text := range readFixtures(t, "roundtrip") {
		t.Run(name, func(t *testing.T) {
			m := mustParse(t, name, text)
			if got := m.String(); got != text {
				t.Errorf("round trip changed the text:\n%s", lineDiff(text, got))
			}
			checkLLVMAccepts(t, name, text)
		})
	}
}

// Input in LLVM's wider syntax (numbered values, flags, attributes) reads
// into a valid module whose printed form is stable.
func TestReadValidFixtures(t *testing.T) {
	for name, text := range readFixtures(t, "valid") {
		t.Run(name, func(t *testing.T) {
			checkLLVMAccepts(t, name, text)
			printed := mustParse(t, name, text).String()
			checkLLVMAccepts(t, name, printed)
			again := mustParse(t, name, printed).String()
			if again != printed {
				t.Errorf("printing is not stable:\n%s", lineDiff(printed, again))
			}
		})
	}
}

// lineDiff shows the first line where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant: %s\ngot:  %s", i+1, wl, gl)
		}
	}
	return "(no difference)"
}
