package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestColorOnTerminal runs toyc in process with its standard error on a
// pseudo-terminal: -fdiagnostics-color=auto (the default) colours there,
// in gcc's colours, unless NO_COLOR is set; never turns it off. (The
// testscript colour.txtar covers the outputs that are not terminals.)
func TestColorOnTerminal(t *testing.T) {
	src := filepath.Join(t.TempDir(), "bad.toy")
	if err := os.WriteFile(src, []byte("func f() {\n    var u = 1;\n}\nfunc main() {\n    print(x);\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		noColor string
		args    []string
		color   bool
	}{
		{"auto", "", nil, true},
		{"auto with NO_COLOR", "1", nil, false},
		{"always with NO_COLOR", "1", []string{"-fdiagnostics-color=always"}, true},
		{"never", "", []string{"-fdiagnostics-color=never"}, false},
		{"bare flag", "1", []string{"-fdiagnostics-color"}, true},
		{"no-flag", "", []string{"-fno-diagnostics-color"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("NO_COLOR", c.noColor)
			out := onTerminal(t, append(c.args, "-S", src, "-o", filepath.Join(t.TempDir(), "bad.s")))
			const (
				locus   = "\x1b[01m\x1b[K" + "%s:5:11:\x1b[m\x1b[K "
				errWord = "\x1b[01;31m\x1b[Kerror:\x1b[m\x1b[K undefined: x"
				warning = "\x1b[01;35m\x1b[Kwarning:\x1b[m\x1b[K variable 'u' is declared but never used [\x1b[01;35m\x1b[K-Wunused-variable\x1b[m\x1b[K]"
				caret   = "\x1b[01;32m\x1b[K^\x1b[m\x1b[K"
			)
			colored := strings.Contains(out, "\x1b[")
			if colored != c.color {
				t.Fatalf("colour %v, want %v; output:\n%q", colored, c.color, out)
			}
			if c.color {
				for _, want := range []string{strings.Replace(locus, "%s", src, 1) + errWord, warning, caret} {
					if !strings.Contains(out, want) {
						t.Errorf("no %q in\n%q", want, out)
					}
				}
			} else if !strings.Contains(out, src+":5:11: error: undefined: x") {
				t.Errorf("no plain error in\n%q", out)
			}
		})
	}
}

// onTerminal runs toyc with args, its standard error a pseudo-terminal,
// and returns what the terminal received (with \r\n as \n).
func onTerminal(t *testing.T, args []string) string {
	t.Helper()
	master, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(master) // ends with EIO once the tty is closed
		done <- b
	}()
	status := run(args, io.Discard, tty)
	tty.Close()
	out := <-done
	if status != 1 {
		t.Errorf("exit status %d, want 1", status)
	}
	return string(bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n")))
}
