package tests

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoOutsideCitations: no source file, script or document of the
// repository cites a document that is not in it (the project's first
// specification lived beside the checkout, outside it): they point
// at docs/ and README.md instead. third_party is someone else's code.
func TestNoOutsideCitations(t *testing.T) {
	outside := []string{"LANGUAGE" + ".md", "DESIGN" + ".md", "PITFALLS" + ".md", "shared/" + "spec", "shared/" + "notes"}
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "third_party", ".git", "out":
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".sh", ".md", ".toy", ".c", ".h", ".txtar", ".ll":
		default:
			if d.Name() != "build.sh" && d.Name() != "Makefile" {
				return nil
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for i, line := range strings.Split(string(data), "\n") {
			for _, o := range outside {
				if strings.Contains(line, o) {
					t.Errorf("%s:%d cites %s, which is not in the repository: %s", path, i+1, o, strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("only %d files checked", checked)
	}
}
