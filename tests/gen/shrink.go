package gen

import "time"

// Shrinking reduces a program that shows a bug to a small one that still
// shows it, in the manner of C-Reduce (Regehr et al., "Test-Case Reduction
// for C Compiler Bugs", PLDI 2012) but on the syntax tree: each kind of edit
// is tried at each place it applies, an edit is kept when the caller's test
// still holds, and the passes repeat until none of them changes anything.
// Statements go in chunks first, halving the chunk size as in Zeller's
// ddmin, then single statements, branches and loops give way to their
// bodies, declarations and parameters disappear, and expressions become
// zero or one of their operands. Pinned nodes (the code that keeps loops and
// recursions bounded) are never edited, so every candidate still
// terminates; whether it still compiles is for the test to find out.

// Shrink returns the smallest program it finds for which interesting holds,
// trying edits of p until none applies or the deadline passes. p itself
// must be interesting.
func Shrink(p *Prog, interesting func(*Prog) bool, deadline time.Time) *Prog {
	best := p.Clone()
	// Different edits often make the same program: each is tested once.
	tested := map[string]bool{best.String(): true}
	es := edits()
	// After an edit kind made progress, the kinds before it (which remove
	// more at a time) get another turn, since the program changed under
	// them; the passes end when no kind makes progress.
	for i := 0; i < len(es) && time.Now().Before(deadline); {
		changed := false
		for k := 0; time.Now().Before(deadline); {
			c := best.Clone()
			if !es[i](c, k) {
				break
			}
			text := c.String()
			if !tested[text] {
				tested[text] = true
				if interesting(c) {
					best, changed = c, true
					continue
				}
			}
			k++
		}
		if changed && i > 0 {
			i = 0
		} else {
			i++
		}
	}
	return best
}

// An edit applies the k-th change of its kind to p, in walk order, and
// reports false when p has fewer than k+1 places for it.
type edit func(p *Prog, k int) bool

func edits() []edit {
	var es []edit
	es = append(es, dropDecl)
	for _, size := range []int{32, 8, 2, 1} {
		es = append(es, dropStatements(size))
	}
	es = append(es, unwrapStatement, dropPrintArg, dropParam, simplifyExpr)
	return es
}

// site is a place in the tree: the k-th kid of parent.
type site struct {
	parent *Node
	k      int
}

func (s site) node() *Node { return s.parent.Kids[s.k] }

// walk visits every node under the declarations, parents first.
func walk(p *Prog, visit func(parent *Node, k int, n *Node)) {
	var rec func(parent *Node)
	rec = func(parent *Node) {
		for k, n := range parent.Kids {
			if n != nil {
				visit(parent, k, n)
				rec(n)
			}
		}
	}
	for _, d := range p.Decls {
		rec(d)
	}
}

// dropDecl deletes a function other than main, replacing its calls with
// zero values and dropping its call statements, or a global.
func dropDecl(p *Prog, k int) bool {
	for i, d := range p.Decls {
		if d.Name == "main" {
			continue
		}
		if k > 0 {
			k--
			continue
		}
		p.Decls = append(p.Decls[:i], p.Decls[i+1:]...)
		if d.Op == OpFunc {
			replaceCalls(p, d.Name)
		}
		return true
	}
	return false
}

// replaceCalls drops the statements that call fn and puts a zero value
// where a call of fn is an operand.
func replaceCalls(p *Prog, fn string) {
	calls := func(n *Node) bool { return n.Op == OpCall && n.Name == fn }
	var blocks []*Node
	walk(p, func(_ *Node, _ int, n *Node) {
		if n.Op == OpBlock {
			blocks = append(blocks, n)
		}
	})
	for _, b := range blocks {
		var kept []*Node
		for _, s := range b.Kids {
			if !(s.Op == OpCallStmt && calls(s.Kids[0])) {
				kept = append(kept, s)
			}
		}
		b.Kids = kept
	}
	walk(p, func(parent *Node, k int, n *Node) {
		if calls(n) {
			if z := zero(n.Type); z != nil {
				parent.Kids[k] = z
			}
		}
	})
}

// zero is the simplest value of type t, or nil for arrays of arrays and
// pointers.
func zero(t *Type) *Node {
	switch {
	case t == nil:
		return nil
	case t.IsInteger():
		return lit("0", t)
	case t.Kind == Bool:
		return &Node{Op: OpBool, Name: "false", Type: t}
	case t.Kind == Array && t.Elem.IsScalar():
		// Pinned, so that shrinking does not make it an empty array,
		// which no index fits.
		return &Node{Op: OpNew, Type: t, Kids: []*Node{pin(lit(itoa(minLength), IntType))}}
	}
	return nil
}

// dropStatements deletes size consecutive statements of a block, none of
// them pinned, at the k-th such place (chunks do not overlap).
func dropStatements(size int) edit {
	return func(p *Prog, k int) bool {
		found := false
		walk(p, func(_ *Node, _ int, b *Node) {
			if found || b.Op != OpBlock {
				return
			}
			for start := 0; start+size <= len(b.Kids); start += size {
				if anyPinned(b.Kids[start : start+size]) {
					continue
				}
				if k > 0 {
					k--
					continue
				}
				b.Kids = append(b.Kids[:start:start], b.Kids[start+size:]...)
				found = true
				return
			}
		})
		return found
	}
}

func anyPinned(ns []*Node) bool {
	for _, n := range ns {
		if n.Pinned {
			return true
		}
	}
	return false
}

// unwrapStatement replaces a statement by a part of it: an if by its then
// or else block, or without its else; a loop by its body; a nested block by
// its statements.
func unwrapStatement(p *Prog, k int) bool {
	var sites []func()
	walk(p, func(parent *Node, i int, s *Node) {
		if parent.Op != OpBlock || s.Pinned {
			return
		}
		switch s.Op {
		case OpIf:
			sites = append(sites, func() { parent.Kids[i] = s.Kids[1] })
			if s.Kids[2] != nil {
				sites = append(sites, func() { parent.Kids[i] = s.Kids[2] })
				sites = append(sites, func() { s.Kids[2] = nil })
			}
		case OpWhile:
			sites = append(sites, func() { parent.Kids[i] = withoutControl(s.Kids[1]) })
		case OpFor:
			sites = append(sites, func() { parent.Kids[i] = withoutControl(s.Kids[3]) })
		case OpBlock:
			sites = append(sites, func() {
				parent.Kids = append(parent.Kids[:i:i], append(s.Kids, parent.Kids[i+1:]...)...)
			})
		}
	})
	if k >= len(sites) {
		return false
	}
	sites[k]()
	return true
}

// withoutControl is a loop's body without the pinned statements that
// bound the loop (they come first), for use outside the loop.
func withoutControl(body *Node) *Node {
	i := 0
	for i < len(body.Kids) && body.Kids[i].Pinned {
		i++
	}
	return block(body.Kids[i:]...)
}

// dropPrintArg deletes an argument of a print.
func dropPrintArg(p *Prog, k int) bool {
	found := false
	walk(p, func(_ *Node, _ int, n *Node) {
		if found || n.Op != OpCall || n.Name != "print" {
			return
		}
		if k < len(n.Kids) {
			n.Kids = append(n.Kids[:k:k], n.Kids[k+1:]...)
			found = true
			return
		}
		k -= len(n.Kids)
	})
	return found
}

// dropParam deletes a parameter of a function and the matching argument of
// every call of it.
func dropParam(p *Prog, k int) bool {
	for _, d := range p.Decls {
		if d.Op != OpFunc {
			continue
		}
		if k >= len(d.Params) {
			k -= len(d.Params)
			continue
		}
		d.Params = append(d.Params[:k:k], d.Params[k+1:]...)
		walk(p, func(_ *Node, _ int, n *Node) {
			if n.Op == OpCall && n.Name == d.Name && k < len(n.Kids) {
				n.Kids = append(n.Kids[:k:k], n.Kids[k+1:]...)
			}
		})
		return true
	}
	return false
}

// simplifyExpr replaces an expression by the zero of its type or by one of
// its operands of the same type. Assignment targets and the operands of &
// stay, since they must remain variables.
func simplifyExpr(p *Prog, k int) bool {
	var sites []func()
	walk(p, func(parent *Node, i int, e *Node) {
		if !e.isExpr() || e.Pinned || e.Op == OpString || isTarget(parent, i) {
			return
		}
		if z := zero(e.Type); z != nil && !sameLeaf(e, z) {
			sites = append(sites, func() { parent.Kids[i] = z })
		}
		for _, kid := range e.Kids {
			if kid != nil && kid.Type != nil && kid.Type.Equal(e.Type) {
				sites = append(sites, func() { parent.Kids[i] = kid })
			}
		}
	})
	if k >= len(sites) {
		return false
	}
	sites[k]()
	return true
}

// isTarget reports whether the k-th kid of parent must stay an lvalue or a
// variable.
func isTarget(parent *Node, k int) bool {
	return parent.Op == OpAssign && k == 0 || parent.Op == OpUnary && parent.Name == "&"
}

func sameLeaf(a, b *Node) bool {
	return a.Op == b.Op && a.Name == b.Name && len(a.Kids) == 0 && len(b.Kids) == 0
}
