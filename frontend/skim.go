package frontend

import (
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/alecthomas/participle/v2/lexer"
)

// The skim (stream.go) is the one part of a streamed compile that runs
// before any function can be compiled, alone on the machine: every other
// part overlaps the compile of the functions. So a large file is skimmed
// in two halves at once, speculatively: the second half is skimmed from a
// guessed declaration start near the middle (a line that begins with
// func, extern or var) while the first half is skimmed up to it, and the
// second half's result is kept only when the first half's skim arrives
// there exactly, at the top level, with nothing open — then the skim of
// the rest from there is what the second half did, since a skim at the
// top level carries nothing from one declaration to the next but the
// line number, which the guess counts. Otherwise (the line is inside a
// body or a declaration) the first half goes on alone, as if there had
// been no guess. Either way the declarations and facts are those of the
// skim in one piece; only the cuts between chunks differ, which parse the
// same whichever they are (parse.go).

// skimSplitMin is the smallest text skimmed in two halves: below it, the
// second goroutine would cost more than it saves. A variable for tests.
var skimSplitMin = 1 << 16

// skimDeclarations hands the tokens of text's declarations to each, every
// function body cut down to its two braces, in chunks of whole
// declarations of at least chunkTokens tokens each (as parse cuts them),
// with the position of the token after the chunk; so the skim's tokens,
// and participle's copy of them, are never those of the whole file at
// once. It reports false when each does, when a token does not lex or
// nesting (which follows every token) finds it too deep, or when the top
// level is not a sequence of func, extern func and var declarations,
// braces and brackets balanced. facts, when not nil, reads every token.
// It returns too the number of tokens of each function body (braces
// included), in order: parse sizes a body's chunk with it.
func skimDeclarations(file string, text string, nesting *nestingCheck, facts *factScanner, each func(toks []lexer.Token, end lexer.Position) bool) (bodySizes []int32, ok bool) {
	first := &skimmer{sc: newScanner(file, text), nesting: nesting, facts: facts, each: each}
	at := -1
	if len(text) >= skimSplitMin && runtime.GOMAXPROCS(0) > 1 {
		at = declarationLineAfter(text, len(text)/2)
	}
	if at < 0 {
		ok := first.run(len(text)+1) == skimDone
		return first.sizes, ok
	}
	// The second half keeps its chunks for each, which must see them
	// after the first half's, and its facts for after the first's.
	type chunk struct {
		toks []lexer.Token
		end  lexer.Position
	}
	var chunks []chunk
	second := &skimmer{sc: newScannerAt(file, text, at, 1+strings.Count(text[:at], "\n")),
		nesting: newNestingCheck(nesting.file, nesting.lines), abandon: new(atomic.Bool),
		each: func(toks []lexer.Token, end lexer.Position) bool {
			chunks = append(chunks, chunk{toks, end})
			return true
		}}
	if facts != nil {
		second.facts = &factScanner{}
	}
	result := make(chan skimEnd, 1)
	go func() { result <- second.run(len(text) + 1) }()
	switch first.run(at) {
	case skimFailed:
		second.abandon.Store(true)
		return nil, false
	case skimDone: // the text ended before at: cannot be, at begins a token
		second.abandon.Store(true)
		return first.sizes, true
	}
	if first.pending.Pos.Offset != at || !first.clean() {
		// The guess was inside a declaration: the first half goes on.
		second.abandon.Store(true)
		ok := first.run(len(text)+1) == skimDone
		return first.sizes, ok
	}
	if len(first.chunk) > 0 && !each(first.chunk, first.pending.Pos) {
		second.abandon.Store(true)
		return nil, false
	}
	if <-result != skimDone {
		return nil, false
	}
	for _, c := range chunks {
		if !each(c.toks, c.end) {
			return nil, false
		}
	}
	if facts != nil {
		facts.bodies = append(facts.bodies, second.facts.bodies...)
	}
	return append(first.sizes, second.sizes...), true
}

// declarationLineAfter returns the offset of the first line from offset
// from on that begins with a declaration's keyword, or -1.
func declarationLineAfter(text string, from int) int {
	for i := from; i < len(text); {
		nl := strings.IndexByte(text[i:], '\n')
		if nl < 0 {
			return -1
		}
		i += nl + 1
		rest := text[i:]
		for _, kw := range [...]string{"func", "extern", "var"} {
			if strings.HasPrefix(rest, kw) && len(rest) > len(kw) && (rest[len(kw)] == ' ' || rest[len(kw)] == '\t') {
				return i
			}
		}
	}
	return -1
}

// skimEnd is how a skimmer's run ended.
type skimEnd int

const (
	skimFailed  skimEnd = iota // see skimDeclarations
	skimDone                   // the text ended, well formed
	skimStopped                // at a top-level token at or past the stop; pending holds it
)

// skimmer is the skim's state between tokens.
type skimmer struct {
	sc      *scanner
	nesting *nestingCheck
	facts   *factScanner
	each    func(toks []lexer.Token, end lexer.Position) bool
	abandon *atomic.Bool // set when the skim's result is no longer wanted

	depth   int // of brackets within a declaration, or of braces within a body
	inBody  bool
	inDecl  bool
	chunk   []lexer.Token
	sizes   []int32     // the bodies' numbers of tokens
	bodyLen int32       // the tokens of the body being skimmed so far
	pending lexer.Token // the token a stop left unread
	held    bool        // pending is to be read first
}

// clean reports whether the skimmer is between declarations with nothing
// open, as at the start of a text.
func (k *skimmer) clean() bool {
	ops := k.nesting.operators
	return !k.inBody && !k.inDecl && k.depth == 0 && len(ops) == 1 && ops[0] == 0
}

// run skims until the text ends, or stops before the first token outside
// any declaration that starts at or after stop.
func (k *skimmer) run(stop int) skimEnd {
	for {
		var tok lexer.Token
		if k.held {
			tok, k.held = k.pending, false
		} else {
			var err error
			if tok, err = k.sc.Next(); err != nil {
				return skimFailed
			}
			if k.abandon != nil && k.abandon.Load() {
				return skimFailed
			}
		}
		if tok.EOF() {
			if !k.inDecl && !k.inBody && (len(k.chunk) == 0 || k.each(k.chunk, tok.Pos)) {
				return skimDone
			}
			return skimFailed
		}
		if !k.inDecl && !k.inBody && tok.Pos.Offset >= stop {
			k.pending, k.held = tok, true
			return skimStopped
		}
		if k.nesting.visit(tok) != nil {
			return skimFailed
		}
		switch {
		case k.inBody:
			k.bodyLen++
			switch tok.Value {
			case "{":
				k.depth++
			case "}":
				k.depth--
			}
			if k.depth == 0 {
				k.chunk = append(k.chunk, tok)
				k.inBody, k.inDecl = false, false
				k.sizes = append(k.sizes, k.bodyLen)
				if k.facts != nil {
					k.facts.bodyEnd()
				}
			} else if k.facts != nil {
				k.facts.body(tok)
			}
			continue
		case !k.inDecl:
			if tok.Type != tokKeyword || tok.Value != "func" && tok.Value != "extern" && tok.Value != "var" {
				return skimFailed
			}
			if len(k.chunk) >= chunkTokens {
				if !k.each(k.chunk, tok.Pos) {
					return skimFailed
				}
				// The next chunk is as long (parse.go sizes its chunks
				// so): grown from nothing, its tokens were copied five
				// times over, in the one part of a compile that runs
				// alone. The first chunk still grows, so that a small
				// file allocates little.
				k.chunk = make([]lexer.Token, 0, chunkTokens+chunkTokens/4)
			}
			k.inDecl = true
			if k.facts != nil {
				k.facts.declStart()
			}
		case k.depth == 0 && tok.Value == "{":
			k.chunk = append(k.chunk, tok)
			k.inBody, k.depth, k.bodyLen = true, 1, 1
			if k.facts != nil {
				k.facts.bodyStart()
			}
			continue
		case k.depth == 0 && tok.Value == ";":
			k.inDecl = false
		}
		switch tok.Value {
		case "(", "[", "{":
			k.depth++
		case ")", "]", "}":
			k.depth--
		}
		if k.facts != nil {
			k.facts.header(tok)
		}
		k.chunk = append(k.chunk, tok)
	}
}
