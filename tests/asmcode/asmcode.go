// Package asmcode reads toyc's assembly for the tests that compare the code
// of two compiles: with -g and without, the code must be the same.
package asmcode

import (
	"bytes"
	"regexp"
	"strings"
)

// sourceLine is the comment the emitter writes before a .loc of a new
// line: the line's number and text, or the file and the number of a line
// past its end.
var sourceLine = regexp.MustCompile(`^# ([0-9]+: |\S+:[0-9]+$)`)

// WithoutDebug drops from assembly what -g adds: the sections' fragments
// (.pushsection .debug_... up to .popsection), the labels of its address
// ranges, and the line table's file 0; and the line table's .loc
// directives, which -g puts on the declaration's line for the prologue,
// with the source lines written beside them as comments; and the symbol
// main that -g makes another name of toy_main. What is left is the code,
// which must not change.
func WithoutDebug(asm []byte) []byte {
	var out bytes.Buffer
	skipping := false
	for _, line := range strings.SplitAfter(string(asm), "\n") {
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, ".pushsection\t.debug_"):
			skipping = true
			continue
		case skipping && l == ".popsection":
			skipping = false
			continue
		case skipping, strings.HasPrefix(l, ".Ldebug"), strings.HasPrefix(l, ".file\t0 "), strings.HasPrefix(l, ".loc\t"), sourceLine.MatchString(l):
			continue
		case l == ".globl\tmain" || l == ".type\tmain, @function" || l == ".set\tmain, toy_main":
			continue // -g's other name for the Toy main (dwarffunc.go), a symbol, not code
		}
		out.WriteString(line)
	}
	return out.Bytes()
}
