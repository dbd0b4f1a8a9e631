package diag

import (
	"bytes"
	"math/rand"
	"testing"
)

// sourceLine, on the file's line index, finds the line a scan from the
// top finds: on random texts of newlines, carriage returns and letters,
// with and without a last newline, empty, for every line number from 0
// to two past the last.
func TestSourceLineAgainstScan(t *testing.T) {
	scan := func(text []byte, n int) ([]byte, bool) {
		line, start := 1, 0
		for i := 0; i < len(text) && line < n; i++ {
			if text[i] == '\n' {
				line++
				start = i + 1
			}
		}
		if line != n {
			return nil, false
		}
		end := start
		for end < len(text) && text[end] != '\n' {
			end++
		}
		l := text[start:end]
		if len(l) > 0 && l[len(l)-1] == '\r' {
			l = l[:len(l)-1]
		}
		return l, true
	}
	rng := rand.New(rand.NewSource(5))
	for iter := range 2000 {
		text := make([]byte, rng.Intn(40))
		for i := range text {
			text[i] = "\n\n\rab"[rng.Intn(5)]
		}
		if iter%50 == 0 {
			text = nil
		}
		index := NewLines(text)
		for n := 0; n <= bytes.Count(text, []byte("\n"))+3; n++ {
			got, gotOK := sourceLine(index, n)
			want, wantOK := scan(text, n)
			if gotOK != wantOK || !bytes.Equal(got, want) {
				t.Fatalf("line %d of %q: got %q, %v; want %q, %v", n, text, got, gotOK, want, wantOK)
			}
		}
	}
}
