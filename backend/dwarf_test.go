package backend

import (
	"strconv"
	"testing"
)

// TestAppendHexByte checks the expression writer's hexadecimal bytes
// against strconv's, for every byte.
func TestAppendHexByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		got := string(appendHexByte([]byte("x"), byte(c)))
		want := "x" + strconv.FormatUint(uint64(c), 16)
		if got != want {
			t.Errorf("appendHexByte(%d) = %q, want %q", c, got, want)
		}
	}
}
