package diag

import (
	"bytes"
	"testing"
)

// TestLines checks the index against bytes.Split, which it replaces.
func TestLines(t *testing.T) {
	for _, src := range []string{"", "\n", "a", "a\n", "a\nbc\n\nd", "\n\nx\r\ny\n"} {
		want := bytes.Split([]byte(src), []byte("\n"))
		l := NewLines([]byte(src))
		if l.Len() != len(want) {
			t.Errorf("%q: Len = %d, want %d", src, l.Len(), len(want))
			continue
		}
		for i, w := range want {
			if got := l.Text(i + 1); !bytes.Equal(got, w) {
				t.Errorf("%q: Text(%d) = %q, want %q", src, i+1, got, w)
			}
		}
		if l.Text(0) != nil || l.Text(len(want)+1) != nil {
			t.Errorf("%q: lines outside the file are not nil", src)
		}
	}
	var none *Lines
	if none.Len() != 0 || none.Text(1) != nil {
		t.Error("a nil index has lines")
	}
}

// TestLinesPos checks Pos against a count of the newlines before each
// offset.
func TestLinesPos(t *testing.T) {
	src := []byte("ab\n\ncd\ne")
	l := NewLines(src)
	line, col := 1, 1
	for off := range len(src) + 1 {
		if got := l.Pos(off); got != (Pos{Line: line, Col: col}) {
			t.Errorf("Pos(%d) = %v, want %d:%d", off, got, line, col)
		}
		if off < len(src) && src[off] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
}

// TestLinesPosOnLine checks that PosOnLine is Pos whatever line it is
// told, right or wrong.
func TestLinesPosOnLine(t *testing.T) {
	src := []byte("ab\n\ncd\ne")
	l := NewLines(src)
	for off := range len(src) + 1 {
		for line := -1; line <= l.Len()+1; line++ {
			if got, want := l.PosOnLine(off, line), l.Pos(off); got != want {
				t.Errorf("PosOnLine(%d, %d) = %v, want %v", off, line, got, want)
			}
		}
	}
}
