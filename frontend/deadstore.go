package frontend

import (
	"sync"

	"toyc/middle"
	"toyc/middle/diag"
)

// Dead stores (the -Wdead-store warning, warn.go): a value stored to a
// local or parameter that no path from the store reads before the
// variable is stored again or the function returns. This is liveness,
// computed backward on the checked AST. The AST is its own IR level, with
// no liveness of its own before this one: the middle's liveness
// (middle/liveness.go) answers for SSA values and slots of the lowered IR,
// where a source store is an instruction among bounds checks and
// conversions and knows no variable names, while the warning is about
// source statements. The analysis follows the statement structure of
// Toy (whose expressions cannot assign): each simple statement and each
// condition is a node of a statement-level flow graph built from the AST
// (if, while, for, break, continue and return as the completion rules of
// reach.go say; a loop whose condition is absent or the literal true has
// no exit but its breaks). A store whose node does not have the variable
// live on exit is dead.
//
// The liveness (dsliveness.go) is sparse and by variable, as SSA
// liveness by variable is: the nodes are gathered into basic blocks, each
// variable's reads and stores are listed in block order, and a store is
// decided by the next mention of its variable in its block, or when there
// is none by the variable's liveness at the block's end, asked of
// middle.LiveQuery over the blocks only: a search forward from the
// block's successors, through blocks that do not mention the variable,
// for one whose first mention is a read. The cost is the number of reads
// and stores plus the blocks the searches visit, counted in blocks, not
// in statements: a straight line of 10,000 declarations each read at its
// end is one block, and each of its variables costs its own mentions.
//
// Variables whose address is taken are left out: a store through the
// pointer, or a read through it, is invisible here. A declaration without
// an initializer kills the variable: definite assignment forbids reading
// the value of an earlier run of it. A declaration whose initializer is a
// literal is never reported (`var best = 0;` before a loop that always
// assigns it is a habit, not a mistake; clang's dead-store check makes the
// same exception).

// deadStore is a store whose value is never read.
type deadStore struct {
	v    *Var
	pos  diag.Pos
	init bool // the declaration's initializer
}

type dsNode struct {
	succ, preds []int32
	uses        []int32 // variables read (indexes into dsGraph.vars)
	def         int32   // the variable stored or killed, or -1
}

type dsStore struct {
	node int32
	pos  diag.Pos
	init bool
}

type dsGraph struct {
	nodes  []dsNode
	ids    map[*Var]int32
	vars   []*Var
	stores [][]dsStore // by variable
	loops  []dsLoop
}

type dsLoop struct {
	loop      Stmt
	brk, cont int32
}

// exitNode is the end of the function: no successor reads anything.
const exitNode = -1

// deadStores lists f's dead stores: by variable (the parameters, then
// the locals, in their order), and for each variable in the order its
// stores were added to the graph (the statements from last to first).
func deadStores(f *Func) []deadStore {
	g := buildDSGraph(f)
	out := g.deadStores()
	nodes := middle.Released(g.nodes)
	dsNodes.Put(&nodes)
	return out
}

// dsNodes keeps a node array from one function's graph to the next
// (middle/scratch.go): grown from nothing for every function, the nodes
// were most of what the warnings' analysis allocated.
var dsNodes = sync.Pool{New: func() any { return new([]dsNode) }}

// buildDSGraph builds the statement-level flow graph of f's body, with
// each node's predecessors.
func buildDSGraph(f *Func) *dsGraph {
	g := &dsGraph{ids: map[*Var]int32{}, nodes: *dsNodes.Get().(*[]dsNode)}
	for _, v := range append(append([]*Var(nil), f.Params...), f.Locals...) {
		if !v.AddrTaken {
			g.ids[v] = int32(len(g.vars))
			g.vars = append(g.vars, v)
		}
	}
	g.stores = make([][]dsStore, len(g.vars))
	g.block(f.Body, exitNode)
	for i := range g.nodes {
		for _, s := range g.nodes[i].succ {
			g.nodes[s].preds = append(g.nodes[s].preds, int32(i))
		}
	}
	return g
}

func (g *dsGraph) node(succ ...int32) int32 {
	n := dsNode{def: -1}
	for _, s := range succ {
		if s != exitNode {
			n.succ = append(n.succ, s)
		}
	}
	g.nodes = append(g.nodes, n)
	return int32(len(g.nodes) - 1)
}

// reads records the variables e reads at node n.
func (g *dsGraph) reads(n int32, e Expr) {
	forEachRead(e, func(v *Var) {
		if id, ok := g.ids[v]; ok {
			g.nodes[n].uses = append(g.nodes[n].uses, id)
		}
	})
}

// store records that node n sets v (report: as a store that may be dead).
func (g *dsGraph) store(n int32, v *Var, pos diag.Pos, report, init bool) {
	id, ok := g.ids[v]
	if !ok {
		return
	}
	g.nodes[n].def = id
	if report {
		g.stores[id] = append(g.stores[id], dsStore{node: n, pos: pos, init: init})
	}
}

// block builds b's statements, which continue to next; it returns the
// node where b begins (next itself for an empty block).
func (g *dsGraph) block(b *Block, next int32) int32 {
	for i := len(b.Stmts) - 1; i >= 0; i-- {
		next = g.stmt(b.Stmts[i], next)
	}
	return next
}

func (g *dsGraph) stmt(s Stmt, next int32) int32 {
	switch s := s.(type) {
	case *Block:
		return g.block(s, next)
	case *VarStmt:
		n := g.node(next)
		if s.Init != nil {
			g.reads(n, s.Init)
			g.store(n, s.Var, namePos(s.Var), !isLiteral(s.Init), true)
		} else {
			g.store(n, s.Var, namePos(s.Var), false, false)
		}
		return n
	case *AssignStmt:
		n := g.node(next)
		if id, ok := s.Target.(*Ident); ok && id.Var != nil {
			if s.Op != "" {
				g.reads(n, id)
			}
			g.reads(n, s.Value)
			g.store(n, id.Var, s.Pos, true, false)
		} else {
			g.reads(n, s.Target)
			g.reads(n, s.Value)
		}
		return n
	case *ExprStmt:
		n := g.node(next)
		g.reads(n, s.Call)
		return n
	case *ReturnStmt:
		n := g.node()
		if s.Value != nil {
			g.reads(n, s.Value)
		}
		return n
	case *BranchStmt:
		for i := len(g.loops) - 1; i >= 0; i-- {
			if l := g.loops[i]; l.loop == s.Loop {
				if s.Continue {
					return l.cont
				}
				return l.brk
			}
		}
		return next
	case *IfStmt:
		rest := next
		if s.Else != nil {
			rest = g.block(s.Else, next)
		}
		for i := len(s.Clauses) - 1; i >= 0; i-- {
			cl := s.Clauses[i]
			then := g.block(cl.Then, next)
			c := g.node(then, rest)
			g.reads(c, cl.Cond)
			rest = c
		}
		return rest
	case *WhileStmt:
		head := g.node()
		g.reads(head, s.Cond)
		g.loops = append(g.loops, dsLoop{s, next, head})
		body := g.block(s.Body, head)
		g.loops = g.loops[:len(g.loops)-1]
		g.link(head, body, !takenTrue(s.Cond), next)
		return head
	case *ForStmt:
		head := g.node()
		if s.Cond != nil {
			g.reads(head, s.Cond)
		}
		post := head
		if s.Post != nil {
			post = g.stmt(s.Post, head)
		}
		g.loops = append(g.loops, dsLoop{s, next, post})
		body := g.block(s.Body, post)
		g.loops = g.loops[:len(g.loops)-1]
		g.link(head, body, s.Cond != nil && !takenTrue(s.Cond), next)
		if s.Init != nil {
			return g.stmt(s.Init, head)
		}
		return head
	}
	return next
}

// link gives a loop's head its successors: the body, and the statement
// after the loop when the condition can be false.
func (g *dsGraph) link(head, body int32, exits bool, next int32) {
	if body != exitNode {
		g.nodes[head].succ = append(g.nodes[head].succ, body)
	}
	if exits && next != exitNode {
		g.nodes[head].succ = append(g.nodes[head].succ, next)
	}
}

// isLiteral reports whether e is a literal (a negative one included).
func isLiteral(e Expr) bool {
	switch e.(type) {
	case *IntLit, *BoolLit:
		return true
	}
	return false
}
