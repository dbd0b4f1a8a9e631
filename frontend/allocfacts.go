package frontend

import (
	"math"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle"
)

// The allocations among a body's facts (middle.Allocation, which the
// module's array lengths are made of, middle/arraylength.go): each
// assignment `g = new(T, n);` of a global, with n's text, read off the
// tokens as the rest of the facts are (bodyfacts.go). An allocation in
// main's own block (not in a nested one) runs once main gets there, after
// the functions main called before it in the text, which it lists. Runs
// of main's statements with no call, block or keyword other than var
// between them are numbered; an allocation is stable when no name n reads
// is assigned after it in its run, so that two stable allocations of one
// run with the same text make arrays of one length. An allocation is
// recorded only when n is built of names, literals, operators and
// parentheses.

// rawAlloc is an assignment g = new(T, n) of a global, by source names.
type rawAlloc struct {
	global  string
	length  string   // n's tokens, space-separated
	names   []string // the names n reads
	inMain  bool     // in main's own block
	run     int      // the run of main's statements it is in
	stable  bool     // n's names are not assigned after it in its run
	calls   int      // how many calls the body made before it
	literal bool     // n is an integer literal, of value value
	value   int64
}

// allocScan follows the assignments of globals through their right-hand
// side, and the runs of main's statements.
type allocScan struct {
	main    bool
	run     int
	global  string // the global whose assignment is being read, "" for none
	skip    bool   // the next token is the assignment's `=`
	rhs     []lexer.Token
	nesting int // of parentheses and brackets in rhs
}

// allocStart begins a body.
func (s *factScanner) allocStart() {
	s.alloc = allocScan{main: s.name == "main"}
}

// allocBreak ends the run of statements: a call, a block or a keyword.
func (s *factScanner) allocBreak() { s.alloc.run++ }

// allocAssign notes that the name is assigned by op (which follows it),
// and whether it is a global's plain assignment, whose right-hand side is
// read next.
func (s *factScanner) allocAssign(name string, op lexer.Token, global bool) {
	for i := range s.cur.allocs {
		if a := &s.cur.allocs[i]; a.run == s.alloc.run && slices.Contains(a.names, name) {
			a.stable = false
		}
	}
	if global && op.Value == "=" {
		s.alloc.global, s.alloc.skip, s.alloc.rhs, s.alloc.nesting = name, true, s.alloc.rhs[:0], 0
	}
}

// allocToken takes a token of the body, after release.
func (s *factScanner) allocToken(tok lexer.Token) {
	a := &s.alloc
	switch {
	case tok.Value == "{" || tok.Value == "}",
		tok.Type == tokKeyword && tok.Value != "var" && tok.Value != "new",
		tok.Type == tokUnaryOp && tok.Value == "*":
		s.allocBreak()
	}
	if a.global == "" {
		return
	}
	if a.skip {
		a.skip = false
		return
	}
	switch tok.Value {
	case "(", "[":
		a.nesting++
	case ")", "]":
		a.nesting--
	}
	if tok.Value != ";" || a.nesting > 0 {
		a.rhs = append(a.rhs, tok)
		return
	}
	if r, ok := allocation(a.rhs); ok {
		r.global, r.calls = a.global, len(s.cur.calls)
		r.inMain, r.run, r.stable = a.main && s.depth == 1, a.run, true
		s.cur.allocs = append(s.cur.allocs, r)
	}
	a.global = ""
}

// allocation reads toks as new(T, n), n of names, literals, operators and
// parentheses.
func allocation(toks []lexer.Token) (rawAlloc, bool) {
	n := len(toks)
	if n < 5 || toks[0].Value != "new" || toks[1].Value != "(" || toks[n-1].Value != ")" {
		return rawAlloc{}, false
	}
	comma, depth := -1, 0
	for i := 1; i < n-1 && comma < 0; i++ {
		switch toks[i].Value {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ",":
			if depth == 1 {
				comma = i
			}
		}
	}
	if comma < 0 || comma+1 >= n-1 {
		return rawAlloc{}, false
	}
	expr := toks[comma+1 : n-1]
	var r rawAlloc
	text := make([]string, len(expr))
	for i, t := range expr {
		switch {
		case t.Type == tokIdent:
			if i+1 < len(expr) && expr[i+1].Value == "(" {
				return rawAlloc{}, false // a call
			}
			r.names = append(r.names, t.Value)
		case t.Type == tokLiteral, t.Type == tokBinaryOp, t.Type == tokUnaryOp && t.Value != "*" && t.Value != "&",
			t.Value == "(", t.Value == ")":
		default:
			return rawAlloc{}, false
		}
		text[i] = t.Value
	}
	r.length = strings.Join(text, " ")
	if len(expr) == 1 && expr[0].Type == tokLiteral {
		if v, msg := parseInt(expr[0].Value); msg == "" && v <= math.MaxInt64 {
			r.literal, r.value = true, int64(v)
		}
	}
	return r, true
}

// resolveAllocs turns raw's allocations into the facts': one in main
// lists the defined functions called before it, and is not in main's
// block (InMain) when an external one was.
func resolveAllocs(raw *rawFacts, defined, declared map[string]string, global map[string]bool) []middle.Allocation {
	var out []middle.Allocation
	for _, a := range raw.allocs {
		if !global[a.global] {
			continue
		}
		r := middle.Allocation{Global: a.global, Length: a.length, Literal: a.literal, Value: a.value, InMain: a.inMain, Run: a.run, Stable: a.stable}
		if a.inMain {
			seen := make(map[string]bool)
			for _, c := range raw.calls[:a.calls] {
				sym, ok := declared[c]
				switch {
				case !ok || seen[sym]:
				case defined[c] == "":
					r.InMain = false
				default:
					seen[sym] = true
					r.After = append(r.After, sym)
				}
			}
		}
		out = append(out, r)
	}
	return out
}
