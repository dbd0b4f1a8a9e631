package frontend

import (
	"errors"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle"
	"toyc/middle/diag"
)

// Checking bodies while the pipeline compiles the functions before them,
// so that a compile's memory follows the functions in flight rather than
// the program: CompileDeferred parses and checks the whole file before the
// first function is lowered, and the bodies' syntax trees, the bulk of the
// frontend's memory, are all alive at once until each is lowered.
//
// A body can be checked once the declarations it may name are: a call may
// name a function declared further on. So the file is first skimmed: its
// declarations are read with every function body left empty (a few
// percent of the tokens), and the top-level names, globals and signatures
// are checked and lowered to the module's declarations. The module goes to
// the pipeline at once, each body deferred; meanwhile one goroutine parses
// the file in chunks as parse does, and checks each body, and finds its
// warnings, in source order, handing it on when done. Building a deferred
// body waits for its check. At most streamWindow bodies are checked and
// not yet lowered, so the checker stays a little ahead of the pipeline and
// no further; once that many wait, the checker stops until half of them
// are taken. (Resumed at every body taken, it checked one and stopped
// again: a wakeup of its goroutine, a futex call, for each function of a
// program that compiles slower than it is checked. With -j1, the 100k-line
// program made 9,000 context switches at -O2, now 1,500, and its CPU time
// fell by a tenth.)
//
// Streaming is an optimistic path: diagnostics must be those of the
// ordinary one, whatever the file. A file whose skim finds anything amiss
// (a lexical or syntax error at the top level, an error in a declaration)
// is compiled the ordinary way from the start (CompileStreamed returns
// nil). An error found in a body fails the stream: the bodies after it
// are not built, and Wait returns the diagnostics of the ordinary path,
// computed again from the source, so that every error and warning, and
// their order, are exactly what CompileDeferred reports.

// streamWindow is how many checked bodies may wait to be lowered.
var streamWindow = 16 // a variable for tests

// resumeAt is how many bodies may still wait to be lowered when a
// checker stopped for room goes on.
func resumeAt() int { return streamWindow / 2 }

// errStreamFailed is the build error of a body the stream did not check
// through; Wait has the diagnostics.
var errStreamFailed = errors.New("the source has errors")

// Stream is a source file whose bodies are checked while its module is
// compiled.
type Stream struct {
	file string
	src  []byte
	text string // src, as the scanners read it
	// bodySizes are the number of tokens of each function body, in
	// order, which parse sizes the bodies' chunks with.
	bodySizes []int32
	// funcs are the program's functions with bodies, in source order
	// (Func.order is the index); those before checked are checked. Both
	// counts and failed change under mu, and each change is broadcast.
	funcs   []*Func
	mu      sync.Mutex
	changed *sync.Cond
	checked int
	failed  atomic.Bool
	// taken counts the bodies handed to the pipeline (await), so that
	// checked - taken wait to be lowered; the checker waits on room for
	// them to be taken (stalled, stalls times so far). stopped, set by
	// Wait, lets it go on without waiting. All under mu.
	taken    int
	room     *sync.Cond
	stalled  bool
	stalls   int
	stopped  bool
	done     chan struct{} // closed when the whole file is checked
	diags    diag.List     // valid once done
	mismatch bool          // the stream failed on a file without errors
	panicked any           // what the checker panicked with
}

// CompileStreamed skims file and returns its module, each body deferred
// until the stream has checked it, and the stream; or nil, nil when the
// file is to be compiled the ordinary way (CompileDeferred). The module
// may only be used to build its bodies in the module's order; whatever
// the pipeline did, the caller must then call Wait, and use the module's
// code only when Wait reports no error. lines, when not nil, is src's
// line index (the driver's, which its dumps and the emitter share). With
// facts, each deferred body comes with its facts (bodyfacts.go), which
// only the module passes read (the summarized ones, middle/summary.go):
// without, the skim reads no more of a body than its braces, and it is
// the one part of the frontend that runs before any function can be
// compiled (reading the facts was a third of it).
func CompileStreamed(file string, src []byte, shared *diag.Lines, facts bool) (*middle.Module, *Stream) {
	if shared == nil {
		shared = diag.NewLines(src)
	}
	lines := &lineIndex{shared}
	// The skim checks what scan would (lexical errors and nesting, which
	// must be known before anything is parsed), so that the file is lexed
	// once less before the pipeline starts; a file scan would reject is
	// skimmed no further.
	if invalidUTF8(src) >= 0 {
		return nil, nil
	}
	text := sourceText(src) // which the skim's names and the bodies' share
	conv := &converter{file: file, lines: lines}
	decls := &convertedDecls{}
	var scanner *factScanner
	if facts {
		scanner = &factScanner{}
	}
	bodySizes, skimmed := skimDeclarations(file, text, newNestingCheck(file, lines), scanner, func(toks []lexer.Token, end lexer.Position) bool {
		tree, err := parseTokens(toks, end)
		if err != nil {
			return false
		}
		conv.toks = toks
		conv.decls(tree, decls)
		return !conv.tooDeep && len(conv.diags) == 0
	})
	if !skimmed {
		return nil, nil
	}
	c := newChecker(file)
	prog := c.declarations(decls)
	if c.diags.Errors() > 0 {
		return nil, nil
	}
	s := &Stream{file: file, src: src, text: text, bodySizes: bodySizes, done: make(chan struct{})}
	s.changed, s.room = sync.NewCond(&s.mu), sync.NewCond(&s.mu)
	for _, f := range prog.Funcs {
		if !f.Extern {
			f.Body = nil // the skim's empty stand-in
			f.order = len(s.funcs)
			s.funcs = append(s.funcs, f)
		}
	}
	if facts && !scanner.resolve(prog, s.funcs) {
		return nil, nil
	}
	m := lower(prog, true, s.await)
	go s.check(c, lines)
	return m, s
}

// await waits until fn's body is checked, and refuses it when the stream
// failed.
func (s *Stream) await(fn *Func) error {
	s.mu.Lock()
	for s.checked <= fn.order && !s.failed.Load() {
		s.changed.Wait()
	}
	s.taken++
	if s.checked-s.taken <= resumeAt() {
		s.room.Signal() // the checker may go on, if it waits
	}
	s.mu.Unlock()
	if s.failed.Load() {
		return errStreamFailed
	}
	return nil
}

// LargestBody is the number of tokens of the program's largest function
// body, which the skim counted before any body is parsed.
func (s *Stream) LargestBody() int {
	n := int32(0)
	for _, k := range s.bodySizes {
		n = max(n, k)
	}
	return int(n)
}

// Wait waits until the whole file is checked and returns its diagnostics,
// errors and warnings, sorted by position: those CompileDeferred reports.
// The module's code is valid only when there is no error among them.
func (s *Stream) Wait() diag.List {
	s.mu.Lock()
	s.stopped = true
	s.room.Signal()
	s.mu.Unlock()
	<-s.done
	if s.panicked != nil {
		panic(s.panicked)
	}
	if s.mismatch {
		// The ordinary path accepts the file: the skim or the stream
		// misread it, a compiler bug that must not pass for success.
		panic("frontend: the streamed check failed on a file without errors")
	}
	return s.diags
}

// check parses the file and checks its bodies in order, handing each on.
func (s *Stream) check(c *checker, lines *lineIndex) {
	k := 0 // the next body to check
	fail := func() {
		s.mu.Lock()
		s.failed.Store(true)
		s.changed.Broadcast()
		s.mu.Unlock()
	}
	defer func() {
		// A panic (a compiler bug) is raised again by Wait, on the
		// driver's goroutine, which reports it as an internal error.
		if r := recover(); r != nil {
			s.panicked = r
			fail()
		}
		close(s.done)
	}()
	w := &warner{file: s.file}
	conv := &converter{file: s.file, lines: lines}
	syntax, fatal := parse(s.file, s.text, lines, s.bodySizes, func(tree *fileNode, toks []lexer.Token) {
		if s.failed.Load() {
			return
		}
		conv.toks = toks
		var got convertedDecls
		conv.decls(tree, &got)
		if conv.tooDeep || len(conv.diags) > 0 {
			fail()
			return
		}
		for _, d := range got.funcs {
			if d.Extern {
				continue
			}
			if k >= len(s.funcs) || s.funcs[k].Name != d.Name || s.funcs[k].Pos != d.Pos {
				fail()
				return
			}
			f := s.funcs[k]
			f.Body = d.Body
			errs := c.diags.Errors()
			c.body(f)
			if c.diags.Errors() > errs {
				fail()
				return
			}
			w.function(f)
			k++
			s.mu.Lock()
			if k-s.taken > streamWindow && !s.stopped {
				s.stalled = true
				s.stalls++
				for k-1-s.taken > resumeAt() && !s.stopped {
					s.room.Wait()
				}
				s.stalled = false
			}
			s.checked = k
			s.changed.Broadcast()
			s.mu.Unlock()
		}
	}, func(any) { fail() })
	if len(syntax) > 0 || fatal || k != len(s.funcs) {
		fail()
	}
	if s.failed.Load() {
		_, s.diags = compileWithWarnings(s.file, s.src, func(*Program) *middle.Module { return nil })
		s.mismatch = s.diags.Errors() == 0
		return
	}
	s.diags = append(c.diags, w.diags...)
	s.diags.Sort()
}
