package frontend

import (
	"github.com/alecthomas/participle/v2/lexer"

	"toyc/middle"
)

// The facts of each body (middle.BodyFacts), read off its tokens while the
// skim goes by them (stream.go), so that the module passes can run a
// function at a time from the module's summary (middle/summary.go) without
// any body built: the functions each body calls, once per call site, and
// the globals it may assign or take the address of.
//
// A name is resolved as the checker would, as far as the tokens tell:
// parameters and locals hide the top-level names from their declaration
// (the `;` that ends it) to the end of their block, a `for` header's from
// there to the end of the loop's body. `f(` calls f; `g =` and `g op=`
// assign g (not `*g =`, which stores through it); `&g`, or `&(g)`, takes
// g's address (not `&g[i]`, an element's). The lowering drops the rest of
// a block after a return, break or continue, and so do the facts; other
// code that is never lowered (after an if whose arms all return) counts,
// which the facts may: they may say more than the body does, never less.
// (A body that does more than its facts say is caught by globalconst and
// the inliner, which fail the compile rather than make wrong code.)

// rawFacts are a body's facts by source name, unresolved.
type rawFacts struct {
	name                       string // the function's
	calls, assigned, addressed []string
	allocs                     []rawAlloc // allocfacts.go
	uses                       []string   // every name it reads or writes
	tokens                     int        // between its braces
}

// factScanner reads the facts of every body the skim goes by, in order.
type factScanner struct {
	bodies []rawFacts

	// In a function's header: its parameters, the parenthesis depth and
	// the last name at depth 1 (a parameter when a `:` follows).
	params []string
	paren  int
	last   string
	name   string // the function's: the first name of its declaration

	// In a body.
	cur    rawFacts
	locals []string     // the names in scope, innermost last
	scopes []scopeStart // where each open scope's names begin in locals
	// inScope counts each name's entries in locals, so that a name is
	// resolved in constant time however many locals a body declares.
	inScope map[string]int
	// declared are the names of a var declaration, in scope at its `;`.
	declared   []string
	declaring  bool   // the next name is declared
	depth      int    // of braces, 1 in the body's own block
	ending     int    // the depth of a return, break or continue until its `;`
	dead       int    // the depth from whose block's rest nothing is lowered, 0: none
	addr       bool   // after a unary `&`, and any `(` since
	held       string // a name whose role the next token tells, when holding
	holding    bool
	heldAddr   bool
	heldAfter  lexer.Token // the token before the held name
	prev       lexer.Token
	heldIsDead bool
	alloc      allocScan
}

type scopeStart struct {
	at    int
	isFor bool // a for header's scope, which ends with the loop's body
}

// declStart begins a top-level declaration.
func (s *factScanner) declStart() { s.params, s.paren, s.last, s.name = s.params[:0], 0, "", "" }

// header takes a token of a declaration before any body.
func (s *factScanner) header(tok lexer.Token) {
	switch {
	case tok.Value == "(":
		s.paren++
	case tok.Value == ")":
		s.paren--
	case tok.Value == ":" && s.paren == 1 && s.last != "":
		s.params = append(s.params, s.last)
	}
	s.last = ""
	if tok.Type == tokIdent {
		s.last = tok.Value
		if s.name == "" {
			s.name = tok.Value
		}
	}
}

// bodyStart begins a body, after its `{`.
func (s *factScanner) bodyStart() {
	s.cur = rawFacts{name: s.name}
	s.popLocals(0)
	s.pushLocals(s.params)
	s.scopes = append(s.scopes[:0], scopeStart{at: 0})
	s.declared, s.declaring = s.declared[:0], false
	s.depth, s.ending, s.dead, s.addr = 1, 0, 0, false
	s.held, s.holding = "", false
	s.prev = lexer.Token{}
	s.allocStart()
}

// bodyEnd ends the body, at its `}`.
func (s *factScanner) bodyEnd() {
	s.release(lexer.Token{})
	s.bodies = append(s.bodies, s.cur)
}

// body takes a token of a body between its braces.
func (s *factScanner) body(tok lexer.Token) {
	s.cur.tokens++
	s.release(tok)
	s.allocToken(tok)
	addr := false
	switch {
	case tok.Type == tokIdent:
		if s.declaring {
			s.declared = append(s.declared, tok.Value)
			s.declaring = false
			break
		}
		s.held, s.holding, s.heldAddr, s.heldAfter, s.heldIsDead = tok.Value, true, s.addr, s.prev, s.dead != 0
	case tok.Type == tokKeyword:
		switch tok.Value {
		case "var":
			s.declaring = true
		case "for":
			s.scopes = append(s.scopes, scopeStart{at: len(s.locals), isFor: true})
		case "return", "break", "continue":
			s.ending = s.depth
		}
	case tok.Value == "{":
		s.depth++
		s.scopes = append(s.scopes, scopeStart{at: len(s.locals)})
	case tok.Value == "}":
		s.closeScope()
		if n := len(s.scopes); n > 0 && s.scopes[n-1].isFor {
			s.closeScope()
		}
		s.depth--
		if s.depth < s.dead {
			s.dead = 0
		}
	case tok.Value == ";":
		s.pushLocals(s.declared)
		s.declared = s.declared[:0]
		if s.ending == s.depth {
			if s.dead == 0 {
				s.dead = s.depth
			}
			s.ending = 0
		}
	case tok.Value == "&" && tok.Type == tokUnaryOp:
		addr = true
	case tok.Value == "(":
		addr = s.addr
	}
	s.addr = addr
	s.prev = tok
}

func (s *factScanner) closeScope() {
	n := len(s.scopes)
	if n == 0 {
		return
	}
	s.popLocals(s.scopes[n-1].at)
	s.scopes = s.scopes[:n-1]
}

func (s *factScanner) pushLocals(names []string) {
	if s.inScope == nil {
		s.inScope = make(map[string]int)
	}
	for _, name := range names {
		s.inScope[name]++
	}
	s.locals = append(s.locals, names...)
}

// popLocals takes the names from locals[at:] out of scope.
func (s *factScanner) popLocals(at int) {
	for _, name := range s.locals[at:] {
		if s.inScope[name]--; s.inScope[name] == 0 {
			delete(s.inScope, name)
		}
	}
	s.locals = s.locals[:at]
}

// release records what the held name does, now that next, the token
// after it, is known.
func (s *factScanner) release(next lexer.Token) {
	if !s.holding {
		return
	}
	h := s.held
	s.held, s.holding = "", false
	if s.heldIsDead {
		return
	}
	assigns := next.Type == tokAssignOp && !(s.heldAfter.Value == "*" && s.heldAfter.Type == tokUnaryOp)
	local := s.isLocal(h)
	if assigns {
		s.allocAssign(h, next, !local)
	}
	if next.Value == "(" {
		s.allocBreak()
	}
	if local {
		return
	}
	s.cur.uses = append(s.cur.uses, h)
	switch {
	case next.Value == "(":
		s.cur.calls = append(s.cur.calls, h)
	case assigns:
		s.cur.assigned = append(s.cur.assigned, h)
	}
	if s.heldAddr && next.Value != "[" {
		s.cur.addressed = append(s.cur.addressed, h)
	}
}

func (s *factScanner) isLocal(name string) bool { return s.inScope[name] > 0 }

// resolve turns the facts of the bodies of p's functions (in source order)
// into the symbols they name, and gives each function its facts; false,
// and none given, when the bodies do not match the functions.
func (s *factScanner) resolve(p *Program, funcs []*Func) bool {
	if len(s.bodies) != len(funcs) {
		return false
	}
	for i, f := range funcs {
		if f.Name != s.bodies[i].name {
			return false
		}
	}
	defined := make(map[string]string)
	declared := make(map[string]string) // with the externs, which may run Toy code
	for _, f := range p.Funcs {
		declared[f.Name] = symbol(f)
		if !f.Extern {
			defined[f.Name] = symbol(f)
		}
	}
	global := make(map[string]bool)
	for _, g := range p.Globals {
		global[g.Name] = true
	}
	for i, f := range funcs {
		raw := &s.bodies[i]
		facts := &middle.BodyFacts{Tokens: raw.tokens}
		for _, name := range raw.calls {
			if sym, ok := defined[name]; ok {
				facts.Calls = append(facts.Calls, sym)
			}
		}
		for _, name := range raw.assigned {
			if global[name] {
				facts.Assigned = append(facts.Assigned, name)
			}
		}
		for _, name := range raw.addressed {
			if global[name] {
				facts.Addressed = append(facts.Addressed, name)
			}
		}
		seen := make(map[string]bool)
		for _, name := range raw.uses {
			if global[name] && !seen[name] {
				seen[name] = true
				facts.Uses = append(facts.Uses, name)
			}
		}
		facts.Allocations = resolveAllocs(raw, defined, declared, global)
		f.facts = facts
	}
	return true
}

// declareFacts gives the functions of p, checked from src, the facts of
// their bodies, read off src's tokens as a stream's skim reads them, so
// that a compile of the whole file makes the code a streamed one makes.
// A file the skim would not take (CompileStreamed returns nil for it)
// gets none: the module passes then read the bodies.
func declareFacts(file string, src []byte, p *Program) {
	var funcs []*Func
	for _, f := range p.Funcs {
		if !f.Extern {
			funcs = append(funcs, f)
		}
	}
	facts := &factScanner{}
	lines := newLineIndex(src)
	if _, ok := skimDeclarations(file, sourceText(src), newNestingCheck(file, lines), facts, func([]lexer.Token, lexer.Position) bool { return true }); !ok {
		return
	}
	facts.resolve(p, funcs)
}
