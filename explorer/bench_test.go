package explorer

import (
	"math/rand"
	"testing"

	"toyc/middle"
)

// The cost of a layout by go-graphviz (Graphviz's dot as WebAssembly),
// which a page pays twice per distinct CFG: the graph and its dominator
// tree. BenchmarkGraphvizStart is the engine's start, paid once per page.

func BenchmarkLayoutCFG20(b *testing.B) {
	m, _ := middle.ParseModule("r.ll", []byte(randomCFG(rand.New(rand.NewSource(3)), 20)))
	g := buildCFG(m.Func("f"))
	b.ResetTimer()
	for range b.N {
		layoutCFG(g)
	}
}

func BenchmarkGraphvizStart(b *testing.B) {
	for range b.N {
		engine.Lock()
		if engine.gv != nil {
			engine.gv.Close()
		}
		engine.gv, engine.err = nil, nil
		engine.Unlock()
		if _, err := runDot("digraph g { a -> b }"); err != nil {
			b.Fatal(err)
		}
	}
}
