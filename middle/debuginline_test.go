package middle

import (
	"fmt"
	"strings"
	"testing"

	"toyc/middle/diag"
)

// Inlining a call copies the callee's variables into the caller under the
// call's inline site, with their assignments: the parameter's is the
// argument, the local's the copy of its value, placed in the copied
// block and anchored to the copied instructions; a constant the copied
// code does not hold is assigned as such; a value the callee's passes
// deleted leaves the variable without one. A frozen copy of the callee
// (a streamed compile) carries the same facts.
func TestInlineCarriesDebugVars(t *testing.T) {
	src := `define i64 @g(i64 %x) {
entry:
  %m = mul i64 %x, %x
  %r = add i64 %m, 1
  ret i64 %r
}

define i64 @f(i64 %a) {
entry:
  %b = add i64 %a, 2
  %c = call i64 @g(i64 %b)
  ret i64 %c
}
`
	describe := func(frozen bool) string {
		m := mustParse(t, "inl.ll", src)
		m.DebugUnit = &DebugUnit{}
		f, g := m.Func("f"), m.Func("g")
		f.Debug = &FuncDebug{Vars: []*DebugVar{{Name: "a", Type: "int", Param: true}}}
		in := g.Blocks[0].Instrs
		gone := g.NewValue(OpAdd, I64, "gone", in[0], in[0]) // deleted by g's passes
		g.Debug = &FuncDebug{Vars: []*DebugVar{{Name: "x", Type: "int", Param: true}, {Name: "y", Type: "int"}}}
		g.Debug.Assigns = []DebugAssign{
			{Var: 0, Value: g.Params[0], Block: g.Blocks[0], Pos: diag.Pos{Line: 4, Col: 8}, Anchors: []*Value{in[0]}},
			{Var: 1, Value: in[0], Block: g.Blocks[0], Pos: diag.Pos{Line: 5, Col: 5}, Anchors: []*Value{in[1], in[2]}},
			{Var: 1, Value: g.Const(I64, 7), Block: g.Blocks[0], Pos: diag.Pos{Line: 6, Col: 5}, Anchors: []*Value{in[2]}},
			{Var: 1, Value: gone, Block: g.Blocks[0], Pos: diag.Pos{Line: 7, Col: 5}},
		}
		var bodies *calleeBodies
		if frozen {
			bodies = frozenBodies(g)
		}
		inlineInto(f, &InlineDefault, map[*Func]int{g: 1}, nil, bodies)
		var sb strings.Builder
		for _, v := range f.Debug.Vars {
			fmt.Fprintf(&sb, "var %s param=%v site=%d origin=%d\n", v.Name, v.Param, v.Site, v.Origin)
		}
		for _, a := range f.Debug.Assigns {
			var anchors []string
			for _, w := range a.Anchors {
				anchors = append(anchors, w.Op.String())
			}
			fmt.Fprintf(&sb, "%s = %s in %s at %d:%d dead=%v anchors=%v\n", f.Debug.Vars[a.Var].Name, a.Value, a.Block.Name, a.Pos.Line, a.Pos.Col, a.Dead, anchors)
		}
		return sb.String()
	}
	want := `var a param=true site=0 origin=0
var x param=true site=1 origin=0
var y param=false site=1 origin=1
x = %b in entry.1 at 4:8 dead=false anchors=[mul]
y = %m in entry.1 at 5:5 dead=false anchors=[add br]
y = 7 in entry.1 at 6:5 dead=false anchors=[br]
y = undef in entry.1 at 7:5 dead=true anchors=[]
`
	if got := describe(false); got != want {
		t.Errorf("inlined:\n%s\nwant:\n%s", got, want)
	}
	if got := describe(true); got != want {
		t.Errorf("inlined from a frozen copy:\n%s\nwant:\n%s", got, want)
	}
}
