package gen

import (
	"math"
	"strconv"
)

// Literals favour the values where integer code goes wrong (as Csmith and
// YARPGen do): zero and one, the extremes and their neighbours, powers of two
// and their neighbours, shift counts around the operand's width. They are
// written in decimal, hexadecimal or as character literals, always fitting
// the type their context gives them (docs/reference.md §3).

func itoa(n int) string { return strconv.Itoa(n) }

// bounds are the least and greatest values of an integer type.
func bounds(t *Type) (int64, int64) {
	if t.Kind == I32 {
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

// width is the number of bits of an integer type.
func width(t *Type) int {
	if t.Kind == I32 {
		return 32
	}
	return 64
}

// interesting returns a value of t that often breaks arithmetic.
func (g *gen) interesting(t *Type) int64 {
	lo, hi := bounds(t)
	k := g.r.IntN(width(t) - 1)
	switch g.r.IntN(8) {
	case 0:
		return lo
	case 1:
		return hi
	case 2:
		return lo + 1
	case 3:
		return hi - 1
	case 4:
		return int64(1) << k
	case 5:
		return int64(1)<<k - 1
	case 6:
		return -(int64(1) << k)
	}
	return []int64{0, 1, -1, 2, -2, 3, 10, 255, 256, 65535, 65536}[g.r.IntN(11)]
}

// value returns a value of t for a literal.
func (g *gen) value(t *Type) int64 {
	lo, hi := bounds(t)
	switch g.r.IntN(5) {
	case 0, 1:
		return int64(g.r.IntN(25)) - 8
	case 2:
		return g.interesting(t)
	case 3:
		return int64(g.r.IntN(1000))
	}
	v := int64(g.r.Uint64())
	if v < lo || v > hi {
		v = int64(int32(v))
	}
	return v
}

// shiftCount returns a count for a shift of a t: inside and outside the
// width, negative, and with the bits above the mask set.
func (g *gen) shiftCount(t *Type) int64 {
	w := int64(width(t))
	return []int64{0, 1, 3, 7, 8, w/2 - 1, w / 2, w - 1, w, w + 1, 2*w - 1, 2 * w, -1, -w, -(w + 1), 100}[g.r.IntN(16)]
}

// divisor returns a nonzero literal divisor: -1 and the least value most
// of all, since `MIN / -1` is where hardware traps.
func (g *gen) divisor(t *Type) int64 {
	lo, hi := bounds(t)
	vs := []int64{-1, -1, 1, 2, -2, 3, 7, -7, 10, 16, 255, 1 << 12, lo, hi, lo + 1}
	v := vs[g.r.IntN(len(vs))]
	if g.r.IntN(4) == 0 {
		if w := g.value(t); w != 0 {
			v = w
		}
	}
	return v
}

// intLit is a literal of integer type t with value v.
func (g *gen) intLit(v int64, t *Type) *Node {
	return lit(g.literalText(v), t)
}

// literalText spells v: a negative literal is `-` and the magnitude, which
// for the least value only fits because it is negative.
func (g *gen) literalText(v int64) string {
	if v >= 0 {
		if c, ok := charLiteral(v); ok && g.r.IntN(6) == 0 {
			return c
		}
	}
	neg := v < 0
	mag := uint64(v)
	if neg {
		mag = -mag
	}
	text := strconv.FormatUint(mag, 10)
	switch g.r.IntN(8) {
	case 0:
		text = "0x" + strconv.FormatUint(mag, 16)
	case 1:
		text = "0X" + strconv.FormatUint(mag, 16)
		if g.r.IntN(2) == 0 {
			text = "0x" + upperHex(mag)
		}
	}
	if neg {
		return "-" + text
	}
	return text
}

func upperHex(v uint64) string {
	const digits = "0123456789ABCDEF"
	s := strconv.FormatUint(v, 16)
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' {
			b[i] = digits[c-'a'+10]
		}
	}
	return string(b)
}

// charLiteral spells v as a character literal when one stands for it.
func charLiteral(v int64) (string, bool) {
	switch v {
	case '\n':
		return `'\n'`, true
	case '\t':
		return `'\t'`, true
	case '\r':
		return `'\r'`, true
	case 0:
		return `'\0'`, true
	case '\\':
		return `'\\'`, true
	case '\'':
		return `'\''`, true
	}
	if v > ' ' && v < 127 {
		return "'" + string(rune(v)) + "'", true
	}
	return "", false
}
