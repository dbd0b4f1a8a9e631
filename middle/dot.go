package middle

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// WriteDot writes every function defined in m as a Graphviz digraph (one
// cluster per function) for --emit=dot: the picture that makes dominance
// visible. CFG edges are solid; dominator tree edges (idom -> block) are
// dashed and blue, so a merge block shows several solid edges in but one
// dashed one. Each block's box lists its name, its instructions and its
// dominance frontier; an unreachable block says so instead, since dominance
// does not cover it.
//
// Node names are f<function index>_b<block ID>, so no IR name needs quoting
// there; labels are escaped for dot's quoted strings, with \l ending each
// left-justified line.
func WriteDot(w io.Writer, m *Module) error {
	out := bufio.NewWriter(w)
	out.WriteString("digraph " + dotQuote(m.Source) + " {\n")
	out.WriteString("  node [shape=box, fontname=\"monospace\"];\n")
	for i, f := range m.Funcs {
		if !f.IsDecl() {
			writeDotFunc(out, i, f)
		}
	}
	out.WriteString("}\n")
	return out.Flush()
}

func writeDotFunc(out *bufio.Writer, index int, f *Func) {
	dom := f.Dom()
	df := ComputeFrontiers(dom)
	node := func(b *Block) string {
		return "f" + strconv.Itoa(index) + "_b" + strconv.Itoa(b.ID)
	}
	out.WriteString("  subgraph " + dotQuote("cluster_"+strconv.Itoa(index)) + " {\n")
	out.WriteString("    label=" + dotQuote("@"+f.Name) + ";\n")
	for _, b := range f.Blocks {
		var label strings.Builder
		label.WriteString(b.Name + ":\n")
		for _, v := range b.Instrs {
			label.WriteString("  " + v.LongString() + "\n")
		}
		if dom.Reachable(b) {
			label.WriteString("DF: {")
			for i, x := range df.Of(b) {
				if i > 0 {
					label.WriteString(", ")
				}
				label.WriteString(x.String())
			}
			label.WriteString("}\n")
		} else {
			label.WriteString("(unreachable)\n")
		}
		out.WriteString("    " + node(b) + " [label=" + dotLabel(label.String()) + "];\n")
	}
	for _, b := range f.Blocks {
		uniqueSuccs(b, func(s *Block) {
			out.WriteString("    " + node(b) + " -> " + node(s) + ";\n")
		})
	}
	for _, b := range dom.RPO() {
		if idom := dom.Idom(b); idom != nil {
			out.WriteString("    " + node(idom) + " -> " + node(b) + " [style=dashed, color=blue];\n")
		}
	}
	out.WriteString("  }\n")
}

// dotQuote makes s a dot string literal: inside double quotes only " and
// the backslash need escaping.
func dotQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// dotLabel quotes a multi-line label with every line left-justified (\l).
func dotLabel(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\l`).Replace(s) + `"`
}
