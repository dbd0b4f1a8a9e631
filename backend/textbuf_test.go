package backend

import (
	"bytes"
	"math/rand"
	"slices"
	"testing"
)

// TestTextBufferAgainstBytes writes random pieces (some longer than a
// chunk) into a textBuffer and a bytes.Buffer side by side, across
// Resets: the lengths, the text written out and the pieces split at
// random holes must agree.
func TestTextBufferAgainstBytes(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var tb textBuffer
	for round := range 100 {
		tb.Reset()
		var want bytes.Buffer
		for range rng.Intn(400) {
			n := rng.Intn(300)
			if rng.Intn(50) == 0 {
				n = rng.Intn(3 * textChunk)
			}
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(rng.Intn(256))
			}
			switch rng.Intn(3) {
			case 0:
				tb.Write(p)
			case 1:
				tb.WriteString(string(p))
			default:
				for _, x := range p {
					tb.WriteByte(x)
				}
			}
			want.Write(p)
			if tb.Len() != want.Len() {
				t.Fatalf("round %d: Len %d, want %d", round, tb.Len(), want.Len())
			}
		}
		var out bytes.Buffer
		if err := tb.writeTo(&out); err != nil || !bytes.Equal(out.Bytes(), want.Bytes()) {
			t.Fatalf("round %d: writeTo gave %d bytes (err %v), want %d", round, out.Len(), err, want.Len())
		}
		holes := make([]int, rng.Intn(20))
		var ends []int // the chunks' ends
		for _, c := range tb.full {
			ends = append(ends, len(c))
			if k := len(ends); k > 1 {
				ends[k-1] += ends[k-2]
			}
		}
		for i := range holes {
			holes[i] = rng.Intn(want.Len() + 1)
			if len(ends) > 0 && rng.Intn(2) == 0 {
				// At a chunk's end, or next to it.
				holes[i] = min(want.Len(), max(0, ends[rng.Intn(len(ends))]+rng.Intn(3)-1))
			}
		}
		slices.Sort(holes)
		var got, expect []byte
		tb.split(holes, func(p []byte) { got = append(got, p...) }, func(i int) { got = append(got, '|', byte(i)) })
		at := 0
		for i, h := range holes {
			expect = append(append(expect, want.Bytes()[at:h]...), '|', byte(i))
			at = h
		}
		expect = append(expect, want.Bytes()[at:]...)
		if !bytes.Equal(got, expect) {
			t.Fatalf("round %d: split at %v differs from the text cut there", round, holes)
		}
	}
}
