package diag

import (
	"strings"
	"testing"
)

// TestRenderSourceLine: the echoed line keeps UTF-8 and tabs, turns
// control bytes and invalid UTF-8 into '?', and the caret line has a tab
// for each tab and a space for each other character before the column
// (counted in characters, the column itself in bytes).
func TestRenderSourceLine(t *testing.T) {
	for _, c := range []struct {
		name, line string
		col        int
		echo, pad  string
	}{
		{"ascii", "var x = y;", 9, "var x = y;", "        "},
		{"utf8 before", `print("héllo", z);`, 17, `print("héllo", z);`, "               "},
		{"tab", "\tx\t= y;", 6, "\tx\t= y;", "\t \t  "},
		{"control and bad bytes", "a\x01b\xffc d", 7, "a?b?c d", "      "},
		{"CJK", "// 日本 x", 11, "// 日本 x", "      "},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := map[string][]byte{"f.toy": []byte("first\n" + c.line + "\nlast\n")}
			got := Render(List{{File: "f.toy", Pos: Pos{2, c.col}, Msg: "m"}}, src)
			want := "f.toy:2:" + itoa(c.col) + ": error: m\n" + c.echo + "\n" + c.pad + "^\n"
			if got != want {
				t.Errorf("got\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// TestRenderLongLine: a long line is cut around the column, never inside
// a character.
func TestRenderLongLine(t *testing.T) {
	line := strings.Repeat("é", 300) + "x" + strings.Repeat("ü", 300)
	col := 600 + 1 // the x, in bytes
	got := Render(List{{File: "f", Pos: Pos{1, col}, Msg: "m"}}, map[string][]byte{"f": []byte(line)})
	lines := strings.Split(got, "\n")
	if strings.Contains(lines[1], "?") || !strings.Contains(lines[1], "x") {
		t.Fatalf("the cut split a character or lost the column: %q", lines[1])
	}
	before, _, _ := strings.Cut(lines[1], "x")
	if n := len([]rune(before)); n != len(lines[2])-1 || !strings.HasSuffix(lines[2], "^") {
		t.Errorf("caret at %d, want under the x after %d characters", len(lines[2])-1, n)
	}
}

// TestRenderSeverityAndColor: warnings say so with their flag, errors
// made from warnings name -Werror=, and colour uses gcc's sequences.
func TestRenderSeverityAndColor(t *testing.T) {
	l := List{
		{File: "f", Pos: Pos{1, 1}, Msg: "w", Severity: Warning, Flag: "shadow", Note: &Note{Pos: Pos{1, 2}, Msg: "n"}},
		{File: "f", Pos: Pos{1, 3}, Msg: "e", Flag: "dead-store"},
	}
	src := map[string][]byte{"f": []byte("abc\n")}
	plain := Render(l, src)
	for _, want := range []string{"f:1:1: warning: w [-Wshadow]\n", "f:1:2: note: n\n", "f:1:3: error: e [-Werror=dead-store]\n"} {
		if !strings.Contains(plain, want) {
			t.Errorf("no %q in\n%s", want, plain)
		}
	}
	if strings.Contains(plain, "\x1b") {
		t.Errorf("colour without Style.Color")
	}
	color := RenderStyled(l, src, Style{Color: true})
	for _, want := range []string{
		"\x1b[01m\x1b[Kf:1:1:\x1b[m\x1b[K \x1b[01;35m\x1b[Kwarning:\x1b[m\x1b[K w [\x1b[01;35m\x1b[K-Wshadow\x1b[m\x1b[K]\n",
		"\x1b[01;36m\x1b[Knote:\x1b[m\x1b[K n\n",
		"\x1b[01;31m\x1b[Kerror:\x1b[m\x1b[K e [\x1b[01;31m\x1b[K-Werror=dead-store\x1b[m\x1b[K]\n",
		"  \x1b[01;32m\x1b[K^\x1b[m\x1b[K\n",
	} {
		if !strings.Contains(color, want) {
			t.Errorf("no %q in\n%q", want, color)
		}
	}
	if l.Errors() != 1 {
		t.Errorf("Errors() = %d, want 1", l.Errors())
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
