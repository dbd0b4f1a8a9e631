package middle

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseVerify feeds arbitrary text to the reader and the verifier: they
// must never panic, a rejected input gets diagnostics and no module, and a
// module that verifies prints to text that reads back, verifies again and
// prints the same.
func FuzzParseVerify(f *testing.F) {
	for _, dir := range []string{"roundtrip", "valid"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*.ll"))
		for _, p := range paths {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte(countTo))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, errs := ParseModule("fuzz.ll", src)
		if len(errs) > 0 {
			if m != nil {
				t.Fatalf("a module and errors:\n%v", errs)
			}
			return
		}
		if m == nil {
			t.Fatal("neither a module nor errors")
		}
		if errs := VerifyModule(m); len(errs) > 0 {
			return
		}
		text := m.String()
		again, errs := ParseModule("fuzz.ll", []byte(text))
		if len(errs) > 0 {
			t.Fatalf("the printed module does not read back:\n%v\n%s", errs, text)
		}
		if errs := VerifyModule(again); len(errs) > 0 {
			t.Fatalf("the printed module reads back but does not verify:\n%v\n%s", errs, text)
		}
		if got := again.String(); got != text {
			t.Fatalf("printing the read-back module changes it:\n%s", lineDiff(text, got))
		}
	})
}
