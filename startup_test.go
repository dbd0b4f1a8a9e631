package main

import (
	"os/exec"
	"strings"
	"testing"
)

// toyc starts for every small compile, so what runs before main counts
// (third_party/README.md): a package that links cgo makes toyc a dynamic
// binary, loaded with the C library by ld.so, which cost a small -S about
// a fifth of its time. net and os/user link cgo unless built with the
// netgo and osusergo tags, which a plain `go build` does not set.
func TestNoCgo(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages")
	}
	cmd := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}", ".")
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, cgoFiles, _ := strings.Cut(line, " ")
		if cgoFiles != "0" || path == "runtime/cgo" {
			t.Errorf("toyc imports %s, which links cgo (%s cgo files)", path, cgoFiles)
		}
	}
}
