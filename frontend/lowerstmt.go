package frontend

import "toyc/middle"

// Lowering of statements. Loops keep their continue and break targets;
// the break target is made on first use, so a loop nothing leaves has no
// end block.

type loopTargets struct {
	stmt  Stmt
	cont  *middle.Block
	end   *middle.Block
	label string // "while" or "for": the prefix of the end block's name
}

func (t *loopTargets) exit(l *lowerer) *middle.Block {
	if t.end == nil {
		t.end = l.newBlock(t.label + ".end")
	}
	return t.end
}

func (l *lowerer) block(b *Block) {
	for _, s := range b.Stmts {
		if l.b.Block == nil {
			return // unreachable: the checker allows it, nothing runs it
		}
		l.stmt(s)
	}
}

func (l *lowerer) stmt(s Stmt) {
	switch s := s.(type) {
	case *Block:
		l.block(s)
	case *VarStmt:
		if s.Init != nil {
			v := l.expr(s.Init)
			l.at(s.Pos)
			l.storeVar(s.Var, v)
		}
	case *AssignStmt:
		l.assign(s)
	case *ExprStmt:
		l.call(s.Call)
	case *IfStmt:
		l.ifStmt(s)
	case *WhileStmt:
		l.whileStmt(s)
	case *ForStmt:
		l.forStmt(s)
	case *BranchStmt:
		l.at(s.Pos)
		t := l.loopOf(s.Loop)
		if s.Continue {
			l.br(t.cont)
		} else {
			l.br(t.exit(l))
		}
	case *ReturnStmt:
		l.ret(s)
	}
}

func (l *lowerer) loopOf(s Stmt) *loopTargets {
	for i := len(l.loops) - 1; i >= 0; i-- {
		if l.loops[i].stmt == s {
			return l.loops[i]
		}
	}
	panic("frontend: break or continue outside its loop survived the checker")
}

func (l *lowerer) ret(s *ReturnStmt) {
	var v *middle.Value
	if s.Value != nil {
		v = l.expr(s.Value)
	}
	l.at(s.Pos)
	if v == nil && l.f.Result != middle.Void { // return in main without result
		v = l.f.Const(middle.I64, 0)
	}
	l.b.Ret(v)
	l.b.SetBlock(nil)
}

// assign follows docs/reference.md §8's order: the target's operands, then the
// value, then the bounds check and the store; a compound assignment reads
// the target (with its bounds check) before evaluating the value.
func (l *lowerer) assign(s *AssignStmt) {
	var addr *middle.Value
	var mt middle.Type
	var pendingIndex func() *middle.Value // the bounds check of a plain element store
	switch t := s.Target.(type) {
	case *Ident:
		addr, mt = l.addr(t.Var), slotType(t.Var)
	case *Unary: // *p
		addr, mt = l.expr(t.X), memType(t.Type())
	case *Index:
		arr, idx := l.expr(t.X), l.index(l.expr(t.Index))
		mt = memType(t.Type())
		check := func() *middle.Value {
			l.at(t.Pos)
			return l.element(arr, idx, mt)
		}
		if s.Op == "" {
			pendingIndex = check
		} else {
			addr = check()
		}
	}
	var val *middle.Value
	if s.Op == "" {
		val = l.expr(s.Value)
	} else {
		l.at(s.OpPos)
		cur := l.loadFrom(mt, addr, targetName(s.Target))
		rhs := l.expr(s.Value)
		l.at(s.OpPos)
		val = l.arith(s.Op, cur, rhs)
	}
	if pendingIndex != nil {
		addr = pendingIndex()
	}
	l.at(s.OpPos)
	l.storeTo(mt, val, addr)
}

// targetName names the load of an assignment target after its variable.
func targetName(e Expr) string {
	if id, ok := e.(*Ident); ok {
		return id.Name
	}
	return "elem"
}

// ifStmt lowers an if / else-if chain: each condition branches to its
// clause or to the next test.
func (l *lowerer) ifStmt(s *IfStmt) {
	end := l.newBlock("if.end")
	for i, cl := range s.Clauses {
		then, next := l.newBlock("if.then"), end
		if i+1 < len(s.Clauses) || s.Else != nil {
			next = l.newBlock("if.else")
		}
		l.cond(cl.Cond, then, next)
		l.enter(then)
		l.block(cl.Then)
		l.br(end)
		if next == end {
			break
		}
		l.enter(next)
		if l.b.Block == nil {
			break
		}
		if i+1 == len(s.Clauses) {
			l.block(s.Else)
			l.br(end)
		}
	}
	l.enter(end)
}

func (l *lowerer) whileStmt(s *WhileStmt) {
	l.at(s.Pos)
	t := &loopTargets{stmt: s, cont: l.newBlock("while.cond"), label: "while"}
	l.br(t.cont)
	l.enter(t.cont)
	body := l.newBlock("while.body")
	l.loopCond(s.Cond, body, t)
	l.enter(body)
	l.loopBody(t, s.Body)
	l.br(t.cont)
	l.after(t)
}

func (l *lowerer) forStmt(s *ForStmt) {
	if s.Init != nil {
		l.stmt(s.Init)
	}
	l.at(s.Pos)
	condBlk := l.newBlock("for.cond")
	l.br(condBlk)
	l.enter(condBlk)
	body := l.newBlock("for.body")
	t := &loopTargets{stmt: s, cont: condBlk, label: "for"}
	if s.Post != nil {
		t.cont = l.newBlock("for.post")
	}
	l.loopCond(s.Cond, body, t)
	l.enter(body)
	l.loopBody(t, s.Body)
	if s.Post != nil {
		l.br(t.cont)
		l.enter(t.cont)
		if l.b.Block != nil {
			l.stmt(s.Post)
			l.at(s.Pos)
		}
	}
	l.br(condBlk)
	l.after(t)
}

// loopCond branches on a loop's condition; an absent or literal-true
// condition always enters the body, so the loop has no exit through it.
func (l *lowerer) loopCond(cond Expr, body *middle.Block, t *loopTargets) {
	if cond == nil || isTrueLiteral(cond) {
		l.br(body)
		return
	}
	l.cond(cond, body, t.exit(l))
}

func (l *lowerer) loopBody(t *loopTargets, body *Block) {
	l.loops = append(l.loops, t)
	l.block(body)
	l.loops = l.loops[:len(l.loops)-1]
}

// after continues after a loop: at its end block, or nowhere when nothing
// leaves the loop.
func (l *lowerer) after(t *loopTargets) {
	if t.end == nil {
		l.b.SetBlock(nil)
		return
	}
	l.enter(t.end)
}
