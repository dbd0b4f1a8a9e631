package frontend

import (
	"fmt"
	"math"
	"strings"
)

// Literals (docs/reference.md §1, §3): decoding their text, and typing integer
// literals by context.
//
// An integer literal has no type of its own: it takes the integer type that
// its context requires, and int when there is none. The context reaches
// through operators, so the checker first asks whether an operand's type is
// fixed by something other than literals (isFlexible); a flexible operand is
// then checked with the type of the other operand, or with the type the
// enclosing context wants. Each literal is finally checked to fit its type:
// the magnitude of a negative literal may be one larger than that of a
// positive one, which is why `-` directly before digits is part of the
// literal.

// isFlexible reports whether e's type is still open: e is built only from
// integer literals and the unary and binary integer operators. The answer is
// computed once, bottom-up, when the tree is built (markFlexible), so that
// checking a long chain of operators stays linear.
func isFlexible(e Expr) bool { return e.base().flex }

// markFlexible computes e's flexibility from its operands' and returns e.
func markFlexible(e Expr) Expr {
	switch x := e.(type) {
	case *IntLit:
		x.flex = true
	case *Unary:
		x.flex = (x.Op == "-" || x.Op == "^") && isFlexible(x.X)
	case *Binary:
		x.flex = isArithmetic(x.Op) && isFlexible(x.X) && isFlexible(x.Y)
	}
	return e
}

// literalType is the type a flexible expression takes in a context that
// wants want (nil when the context wants nothing in particular).
func literalType(want *Type) *Type {
	if want != nil && want.Kind == I32 {
		return I32Type
	}
	return IntType
}

// literalValue checks that the literal's magnitude, with its sign, fits t,
// and returns the value, or an error message.
func literalValue(lit *IntLit, mag uint64, neg bool, t *Type) (int64, string) {
	limit := uint64(math.MaxInt64)
	if t.Kind == I32 {
		limit = math.MaxInt32
	}
	if neg {
		limit++
	}
	if mag > limit {
		return 0, fmt.Sprintf("integer literal %s does not fit in %s", shorten(lit.Text), t)
	}
	if neg {
		return -int64(mag-1) - 1, ""
	}
	return int64(mag), ""
}

// parseInt decodes the digits of a decimal or hexadecimal literal. A value
// of 2^64 or more is reported as too large for every type.
func parseInt(text string) (uint64, string) {
	digits, base := text, uint64(10)
	if len(text) > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') {
		digits, base = text[2:], 16
		if digits == "" {
			return 0, fmt.Sprintf("hexadecimal literal %s has no digits", text)
		}
	} else if len(text) > 1 && text[0] == '0' && isDigits(text) {
		return 0, fmt.Sprintf("integer literal %s has a leading zero (C would read it as octal)", shorten(text))
	}
	var v uint64
	overflow := false
	for _, c := range []byte(digits) {
		d := digitValue(c)
		if d >= base {
			return 0, fmt.Sprintf("invalid integer literal %s", shorten(text))
		}
		if v > (math.MaxUint64-d)/base {
			overflow = true
		}
		v = v*base + d
	}
	if overflow {
		return 0, fmt.Sprintf("integer literal %s is too large", shorten(text))
	}
	return v, ""
}

func isDigits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// digitValue is the value of c as a hexadecimal digit, or 99.
func digitValue(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}

// decodeChar returns the byte a character literal (with its quotes) stands
// for; for a bad escape, at is the offset in text of its backslash (else
// 0, the literal itself), where the error points.
func decodeChar(text string) (b byte, msg string, at int) {
	s, msg, at := unescape(text[1:len(text)-1], '\'')
	if msg != "" {
		return 0, msg, at + 1
	}
	if len(s) != 1 {
		return 0, fmt.Sprintf("character literal %s must hold exactly one byte", shorten(text)), 0
	}
	return s[0], "", 0
}

// decodeString returns the bytes a string literal (with its quotes) stands
// for; at is as decodeChar's.
func decodeString(text string) (string, string, int) {
	s, msg, at := unescape(text[1:len(text)-1], '"')
	if msg != "" {
		at++
	}
	return s, msg, at
}

// unescape decodes the escapes \n \t \r \0 \\ and \quote; for a bad
// one it returns the offset of its backslash in s.
func unescape(s string, quote byte) (string, string, int) {
	if !strings.Contains(s, `\`) {
		return s, "", 0
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++ // the lexer guarantees a character after the backslash
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '0':
			b.WriteByte(0)
		case '\\', quote:
			b.WriteByte(c)
		default:
			if c < 0x20 || c >= 0x7f {
				return "", "unknown escape sequence", i - 1
			}
			return "", fmt.Sprintf("unknown escape sequence \\%c", c), i - 1
		}
	}
	return b.String(), "", 0
}

// shorten keeps messages about a 100-digit literal readable.
func shorten(text string) string {
	if len(text) <= 24 {
		return text
	}
	return text[:10] + "..." + text[len(text)-10:]
}

// isArithmetic reports whether op is an integer operator whose result has
// the type of its operands.
func isArithmetic(op string) bool {
	switch op {
	case "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>":
		return true
	}
	return false
}
