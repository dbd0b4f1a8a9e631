package frontend

import (
	"fmt"
	"slices"
	"strings"
)

// "Did you mean": an unknown name, type, builtin or keyword is compared
// with the names that could stand there, and the closest is suggested when
// it is close enough to be a typo (clang's typo correction does the same,
// with Levenshtein distance). The distance here counts a transposition of
// two adjacent letters as one edit, as it is one slip of the fingers:
// `retrun` is one edit from `return`, `cuont` one from `count`.

// typoDistance is the optimal string alignment distance between a and b:
// the fewest insertions, deletions, substitutions and transpositions of
// adjacent bytes that turn a into b, each substring edited once.
func typoDistance(a, b string) int {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 2 || len(b) > 64 {
		return max(len(b), 3) // far apart (more than 2), or too long to be worth it
	}
	// rows i-2, i-1 and i of the table, over b
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// typoLimit is the largest distance at which name is taken for a typo of a
// candidate: one edit for names of up to four letters, two for longer ones,
// and always fewer edits than name has letters (`x` is no typo of `y`).
func typoLimit(name string) int {
	limit := 2
	if len(name) <= 4 {
		limit = 1
	}
	return min(limit, len(name)-1)
}

// closestName returns the candidate closest to name within typoLimit, the
// first of those at the least distance, or "".
func closestName(name string, candidates []string) string {
	best, bestDist := "", typoLimit(name)+1
	for _, c := range candidates {
		if c == name {
			continue
		}
		if d := typoDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// didYouMean is "; did you mean 'x'?" for the closest candidate, or "".
func didYouMean(name string, candidates []string) string {
	if s := closestName(name, candidates); s != "" {
		return "; did you mean '" + s + "'?"
	}
	return ""
}

// sortedKeys returns the keys of m in order, for suggestions that do not
// depend on map order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Fix-its: where the fix of a type error is certain, the message says it
// in source form (`convert with int(y)`, `write x != 0`).

// conversionHint is the fix for a value e of type got where want is
// needed, or "".
func conversionHint(got, want *Type, e Expr) string {
	switch {
	case got.IsInteger() && want.IsInteger(), got.Kind == Bool && want.IsInteger():
		return fmt.Sprintf("; convert with %s(%s)", want, exprText(e, 0))
	case got.IsInteger() && want.Kind == Bool:
		return notZeroHint(e)
	}
	return ""
}

// notZeroHint is the fix for an integer e where a bool is needed.
func notZeroHint(e Expr) string {
	return fmt.Sprintf("; write %s != 0", exprText(e, precedence["!="]+1))
}

// maxHintText is the longest expression written out in a hint; a longer
// one is "...".
const maxHintText = 40

// exprText writes e in source form, in parentheses if it is a binary
// expression binding less tightly than prec.
func exprText(e Expr, prec int) string {
	var b strings.Builder
	writeExpr(&b, e, prec)
	if b.Len() > maxHintText {
		return "..."
	}
	return b.String()
}

func writeExpr(b *strings.Builder, e Expr, prec int) {
	if b.Len() > maxHintText {
		return
	}
	switch e := e.(type) {
	case *Ident:
		b.WriteString(e.Name)
	case *IntLit:
		b.WriteString(e.Text)
	case *BoolLit:
		fmt.Fprint(b, e.Value)
	case *StringLit:
		b.WriteString(e.Text)
	case *Unary:
		b.WriteString(e.Op)
		writeExpr(b, e.X, 6)
	case *Binary:
		p := precedence[e.Op]
		if p < prec {
			b.WriteByte('(')
		}
		writeExpr(b, e.X, p)
		b.WriteString(" " + e.Op + " ")
		writeExpr(b, e.Y, p+1)
		if p < prec {
			b.WriteByte(')')
		}
	case *Index:
		writeExpr(b, e.X, 7)
		b.WriteByte('[')
		writeExpr(b, e.Index, 0)
		b.WriteByte(']')
	case *Call:
		writeExpr(b, e.Callee, 7)
		b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, a, 0)
		}
		b.WriteByte(')')
	case *New:
		fmt.Fprintf(b, "new(%s, ", e.Elem)
		writeExpr(b, e.Len, 0)
		b.WriteByte(')')
	default:
		b.WriteString("...")
	}
}
