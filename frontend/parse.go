package frontend

import (
	"runtime"
	"slices"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle/diag"
)

// Parsing runs after a first pass over the whole file has found no lexical
// error and no nesting too deep (lexer.go, depth.go). The file is lexed
// again and cut into chunks of whole declarations, which participle parses
// on parseJobs workers at once; each chunk's parse tree is converted to
// the AST, in order, and dropped, and only a few chunks per worker are in
// flight at any time. (descent.go parses the chunks; participle only
// those it gives up on.) Parse trees and tokens are the bulk of
// the frontend's memory: keeping those of a 100,000-line program alive at
// once made the garbage collector's and the allocator's work per line
// several times that of a small program. (Participle also copies every
// token it parses into an array of its own, grown token by token.)
//
// A chunk ends before a declaration's keyword (`func`, `extern` or `var`
// outside any bracket) once it holds chunkTokens tokens. A valid file
// parses the same in chunks as a whole: a declaration ends with a required
// token (`}` or `;`), so its parse never looks past it. When a chunk does
// not parse (or the guess of where declarations begin was wrong), the file
// from that chunk on is read again by the recognizer of recover.go, which
// reports every syntax error in it and finds the declarations without
// one; those are parsed as before, and the others are represented by stubs.
var chunkTokens = 2000 // a variable for tests

// parseJobs is how many chunks participle parses at once: chunks are
// independent, so they are parsed concurrently and handed on in order.
var parseJobs = runtime.GOMAXPROCS(0)

// parse hands the parse trees of src, chunk by chunk, to each, with the
// chunk's tokens (which each must not keep). After a syntax error it hands
// the declarations that have none to each and the stubs of the others
// (*Func or *Var) to stub, in source order, and returns the syntax errors;
// fatal is set when only one error could be given, and nothing else is to
// be checked. Chunks are cut here, in order, parsed by parseJobs workers
// at once, and handed to each in order; at most a few chunks per worker
// are in flight, so that the tokens of the whole file never are.
// bodySizes, when known (the skim's, skimDeclarations), are the numbers of
// tokens of the function bodies in order, which size their chunks; they
// are a hint, and a wrong one costs only memory.
func parse(file string, text string, lines *lineIndex, bodySizes []int32, each func(*fileNode, []lexer.Token), stub func(any)) (diags diag.List, fatal bool) {
	type chunkJob struct {
		toks []lexer.Token
		end  lexer.Position
		tree *fileNode
		err  error
		done chan struct{}
	}
	jobs := max(parseJobs, 1)
	work := make(chan *chunkJob)
	inOrder := make(chan *chunkJob, 2*jobs)
	quit := make(chan struct{})
	// spent holds the token arrays of chunks already handed to each, for
	// the cutter to fill again (they were a twentieth of what a compile
	// allocates): each keeps neither the tokens nor the tree, which
	// refers to them.
	spent := make(chan []lexer.Token, 2*jobs+2)
	var workers sync.WaitGroup
	for range jobs {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for j := range work {
				j.tree, j.err = parseTokens(j.toks, j.end)
				close(j.done)
			}
		}()
	}
	go func() {
		defer close(inOrder)
		defer close(work)
		var chunk []lexer.Token
		depth := 0
		body := 0 // the function bodies begun
		for s := newScanner(file, text); ; {
			tok, _ := s.Next() // the first pass found no error
			if tok.EOF() || len(chunk) >= chunkTokens && depth == 0 && beginsDeclaration(tok, chunk[len(chunk)-1]) {
				if len(chunk) > 0 {
					j := &chunkJob{toks: chunk, end: tok.Pos, done: make(chan struct{})}
					select {
					case inOrder <- j:
					case <-quit:
						return
					}
					work <- j
					select {
					case chunk = <-spent:
						chunk = chunk[:0]
					default:
						chunk = make([]lexer.Token, 0, chunkTokens+chunkTokens/4)
					}
				}
				if tok.EOF() {
					return
				}
			}
			if depth == 0 && tok.Value == "{" {
				// A function body, whose tokens the skim counted (when
				// it ran): its chunk is made large enough for all of
				// them at once.
				if body < len(bodySizes) {
					chunk = slices.Grow(chunk, int(bodySizes[body]))
				}
				body++
			}
			switch tok.Value {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
			if len(chunk) == cap(chunk) && len(chunk) >= chunkTokens {
				// A declaration longer than a chunk (a function of
				// thousands of statements) and not counted doubles its
				// chunk rather than grow it by append's quarter: its
				// tokens were copied five times over, a seventh of
				// what the compile of one 40k-line function allocated.
				chunk = slices.Grow(chunk, len(chunk))
			}
			chunk = append(chunk, tok)
		}
	}()
	defer workers.Wait()
	baseCol := 0 // the first declaration's column
	for j := range inOrder {
		<-j.done
		if baseCol == 0 {
			baseCol = j.toks[0].Pos.Column
		}
		if j.err != nil {
			close(quit)
			for range inOrder { // let the cutter and the workers end
			}
			return recoverFrom(file, []byte(text), lines, j.toks[0].Pos.Offset, baseCol, each, stub)
		}
		each(j.tree, j.toks)
		select {
		case spent <- j.toks:
		default:
		}
	}
	return nil, false
}

// recoverFrom reads src from offset from on with the recognizer, and
// hands what it found whole to participle and each, the rest to stub.
func recoverFrom(file string, src []byte, lines *lineIndex, from, baseCol int, each func(*fileNode, []lexer.Token), stub func(any)) (diag.List, bool) {
	toks := tokensFrom(file, src, from)
	p := newSynParser(file, src, lines, toks, baseCol)
	p.parseFile()
	if len(p.diags) == 0 {
		// the recognizer accepts what participle rejects, which is a bug:
		// participle's own first error is the one left to report
		return diag.List{*parseRest(file, src, lines, from)}, true
	}
	diags := p.diags
	run := -1 // the first token of the declarations without error not yet parsed
	flush := func(end int) {
		if run < 0 {
			return
		}
		start := run
		run = -1
		tree, err := parseTokens(toks[start:end], toks[end].Pos)
		if err == nil {
			each(tree, toks[start:end])
			return
		}
		// participle rejects what the recognizer accepts, which is a bug:
		// participle's error is reported
		diags = append(diags, participleDiagnostic(file, lines, err, toks[start:end+1]))
	}
	for _, d := range p.decls {
		switch {
		case d.broken:
			flush(d.start)
			if d.stub != nil {
				stub(d.stub)
			}
		case run >= 0 && d.start-run >= chunkTokens:
			flush(d.start)
			run = d.start
		case run < 0:
			run = d.start
		}
	}
	flush(len(toks) - 1)
	return diags, false
}

// beginsDeclaration reports whether tok, after prev, is the keyword a
// declaration begins with.
func beginsDeclaration(tok, prev lexer.Token) bool {
	switch tok.Value {
	case "func":
		return tok.Type == tokKeyword && prev.Value != "extern"
	case "extern", "var":
		return tok.Type == tokKeyword
	}
	return false
}

// parseTokens parses toks, a sequence of declarations followed by a token
// at end: by descent.go's parser, and by participle when that gives up
// (on a syntax error, whose message is participle's).
func parseTokens(toks []lexer.Token, end lexer.Position) (*fileNode, error) {
	if tree := descend(toks); tree != nil {
		return tree, nil
	}
	return participleParse(toks, end)
}

// participleParse is parseTokens by participle alone.
func participleParse(toks []lexer.Token, end lexer.Position) (*fileNode, error) {
	peek, err := lexer.Upgrade(&tokenSlice{toks: toks, eof: lexer.EOFToken(end)})
	if err != nil {
		return nil, err
	}
	return parser().ParseFromLexer(peek)
}

// parseRest returns the diagnostic of the first syntax error in src from
// offset from on, parsed in one piece by participle.
func parseRest(file string, src []byte, lines *lineIndex, from int) *diag.Diagnostic {
	var toks []lexer.Token
	for s := newScanner(file, sourceText(src)); ; {
		tok, _ := s.Next()
		if tok.Pos.Offset >= from {
			toks = append(toks, tok)
		}
		if tok.EOF() {
			break
		}
	}
	eof := toks[len(toks)-1]
	_, err := parseTokens(toks[:len(toks)-1], eof.Pos)
	if err == nil {
		// in a valid file, each of those keywords begins a declaration
		panic("a chunk of declarations did not parse, but the rest of the file does")
	}
	d := participleDiagnostic(file, lines, err, toks)
	return &d
}

// participleDiagnostic is participle's error in toks (which end with the
// token after them), rephrased.
func participleDiagnostic(file string, lines *lineIndex, err error, toks []lexer.Token) diag.Diagnostic {
	pos := lines.at(toks[len(toks)-1].Pos)
	msg := err.Error()
	if perr, ok := err.(participle.Error); ok {
		pos = lines.at(perr.Position())
		msg = syntaxMessage(perr, toks)
	}
	return diag.Diagnostic{File: file, Pos: pos, Msg: msg}
}

// tokenSlice replays tokens to participle, then an EOF token.
type tokenSlice struct {
	toks []lexer.Token
	eof  lexer.Token
	next int
}

func (t *tokenSlice) Next() (lexer.Token, error) {
	if t.next == len(t.toks) {
		return t.eof, nil
	}
	t.next++
	return t.toks[t.next-1], nil
}
