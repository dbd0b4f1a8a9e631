package frontend

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"toyc/tests/gen"
)

// deadStoresByNode is the brute-force oracle of the dead-store liveness
// (dsliveness.go): the analysis as it was first written, on the
// statement-level graph itself, with no blocks. For each variable, the
// path exploration runs from every node that reads it up the
// predecessors, until a node that stores it; a store whose node does not
// have the variable live on exit is dead. It costs each variable's live
// range in statements, which is quadratic on a function of many
// variables, and is kept here only to check the sparse one against.
func deadStoresByNode(f *Func) []deadStore {
	g := buildDSGraph(f)
	useAt := make([][]int32, len(g.vars))
	for n := range g.nodes {
		for _, v := range g.nodes[n].uses {
			useAt[v] = append(useAt[v], int32(n))
		}
	}
	liveIn := make([]int32, len(g.nodes))
	liveOut := make([]int32, len(g.nodes))
	var out []deadStore
	var work []int32
	for v := range g.vars {
		if len(g.stores[v]) == 0 {
			continue
		}
		stamp := int32(v + 1)
		for _, u := range useAt[v] {
			if liveIn[u] != stamp {
				liveIn[u] = stamp
				work = append(work, u)
			}
		}
		for len(work) > 0 {
			n := work[len(work)-1]
			work = work[:len(work)-1]
			for _, p := range g.nodes[n].preds {
				liveOut[p] = stamp
				if g.nodes[p].def == int32(v) || liveIn[p] == stamp {
					continue
				}
				liveIn[p] = stamp
				work = append(work, p)
			}
		}
		for _, st := range g.stores[v] {
			if liveOut[st.node] != stamp {
				out = append(out, deadStore{v: g.vars[v], pos: st.pos, init: st.init})
			}
		}
	}
	return out
}

// compareDeadStores checks, for each function of src that checks without
// error, that the sparse analysis finds the oracle's dead stores in the
// oracle's order, and that the blocks it builds are sound: each node in
// one block, and each successor of a block's last node the first node of
// a block. It returns the number of functions and of dead stores compared.
func compareDeadStores(t *testing.T, name string, src []byte) (funcs, stores int) {
	t.Helper()
	prog, errs := check(name, src)
	if prog == nil {
		return 0, 0
	}
	for _, f := range prog.Funcs {
		if f.Extern || f.broken || f.Body == nil || hasErrorIn(errs, f) {
			continue
		}
		funcs++
		checkBlocks(t, name, f)
		got, want := deadStores(f), deadStoresByNode(f)
		stores += len(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: func %s: the sparse liveness finds the dead stores\n%s\nthe oracle\n%s", name, f.Name, showStores(got), showStores(want))
		}
	}
	return funcs, stores
}

func checkBlocks(t *testing.T, name string, f *Func) {
	t.Helper()
	g := buildDSGraph(f)
	bb := g.basicBlocks()
	if len(bb.order) != len(g.nodes) {
		t.Fatalf("%s: func %s: %d nodes in blocks, %d in the graph", name, f.Name, len(bb.order), len(g.nodes))
	}
	seen := make([]bool, len(g.nodes))
	for b := 0; b+1 < len(bb.start); b++ {
		nodes := bb.order[bb.start[b]:bb.start[b+1]]
		if len(nodes) == 0 {
			t.Fatalf("%s: func %s: block %d is empty", name, f.Name, b)
		}
		for i, n := range nodes {
			if seen[n] || bb.of[n] != int32(b) {
				t.Fatalf("%s: func %s: node %d is in two blocks or misfiled", name, f.Name, n)
			}
			seen[n] = true
			if i+1 < len(nodes) && (len(g.nodes[n].succ) != 1 || g.nodes[n].succ[0] != nodes[i+1]) {
				t.Fatalf("%s: func %s: node %d in block %d does not lead to the next only", name, f.Name, n, b)
			}
			if i > 0 && len(g.nodes[n].preds) != 1 {
				t.Fatalf("%s: func %s: node %d inside block %d has %d predecessors", name, f.Name, n, b, len(g.nodes[n].preds))
			}
		}
		for _, s := range g.nodes[nodes[len(nodes)-1]].succ {
			if first := bb.order[bb.start[bb.of[s]]]; first != s {
				t.Fatalf("%s: func %s: block %d goes to node %d, inside block %d", name, f.Name, b, s, bb.of[s])
			}
		}
	}
}

func showStores(l []deadStore) string {
	var b strings.Builder
	for _, d := range l {
		fmt.Fprintf(&b, "\t%s at %v (init %v)\n", d.v.Name, d.pos, d.init)
	}
	if len(l) == 0 {
		b.WriteString("\t(none)\n")
	}
	return b.String()
}

// dsCorners are flow graphs the random programs rarely make: loops with no
// entry after a return (cycles of single edges that no leader starts),
// a body that is one endless loop, empty loops, loop heads as their own
// successor, stores in loop headers and posts, branches to both sides.
var dsCorners = []string{
	`func f(a: int) int { return a; while true { a = a + 1; } }`,
	`func f(a: int) int { return a; for ;; a += 1 { a = 2; var b = a; a = b; } }`,
	`func f(a: int) { while true { a = a + 1; } }`,
	`func f(a: int) { while true { } }`,
	`func f(a: int) int { while a > 0 { } return a; }`,
	`func f(a: int) int { for var i = 0; i < a; i += 1 { } return a; }`,
	`func f(a: int) int { var x = a; for var i = x; i < a; i += 1 { x = i; } return x; }`,
	`func f(a: int) int { var x = a; if a > 0 { } else { } x = 2; return x; }`,
	`func f(a: int) int { var x = a; while true { x = x + 1; if x > 9 { break; } x = 3; continue; } return x; }`,
	`func f(a: int) int { var x = a; while a > 0 { x = a; a -= 1; if a == 2 { return x; } } x = 5; return a; }`,
	`func f(a: int) int { var x = a * 2; var y = x; x = y; y = x; return 0; }`,
	`func f(a: int) int { var x: int; x = a; x = x + a; { var x = 1; x = 2; } return x; }`,
	`func f(a: int) int { a = 1; return 0; a = 2; return a; }`,
	`func f(a: int) int { var x = a; for ;; { x = x + 1; if x > 3 { return x; } } }`,
	`func f(a: int) int { var x = a; if a > 1 { x = 1; } else if a > 2 { return 0; } else { x = 3; } return x; }`,
}

// TestDeadStoresMatchOracle: the sparse liveness gives the brute-force
// oracle's answer, in its order, on random programs (tests/gen, in three
// sizes), on the corner cases above, on the fuzz seeds, on the warning
// tests (tests/warnings) and on the scaling shapes, small.
func TestDeadStoresMatchOracle(t *testing.T) {
	seeds := 50
	if testing.Short() {
		seeds = 15
	}
	small := gen.DefaultConfig()
	small.Stmts, small.Nesting = 3, 2
	deep := gen.DefaultConfig()
	deep.Stmts, deep.Nesting = 7, 5
	funcs, stores := 0, 0
	add := func(f, s int) { funcs, stores = funcs+f, stores+s }
	for i, cfg := range []gen.Config{gen.DefaultConfig(), small, deep} {
		for seed := int64(0); seed < int64(seeds); seed++ {
			src := gen.Program(9100+seed+int64(i)*1000, cfg)
			add(compareDeadStores(t, fmt.Sprintf("gen%d-%d.toy", i, seed), []byte(src)))
		}
	}
	for i, src := range dsCorners {
		f, s := compareDeadStores(t, fmt.Sprintf("corner%d.toy", i), []byte(src))
		if f == 0 {
			t.Errorf("corner case %d does not check: %s", i, src)
		}
		add(f, s)
	}
	for i, src := range fuzzSeeds {
		add(compareDeadStores(t, fmt.Sprintf("seed%d.toy", i), []byte(src)))
	}
	files, _ := filepath.Glob("../tests/warnings/*.toy")
	if len(files) == 0 {
		t.Fatalf("no tests/warnings/*.toy")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		add(compareDeadStores(t, file, src))
	}
	for _, src := range scalingShapes(50) {
		add(compareDeadStores(t, "shape.toy", []byte(src)))
	}
	if stores < 1000 {
		t.Errorf("only %d dead stores in %d functions: the test compares too little", stores, funcs)
	}
	t.Logf("%d functions, %d dead stores compared", funcs, stores)
}

// FuzzDeadStoresMatchOracle: on any program, the sparse liveness gives
// the oracle's dead stores.
func FuzzDeadStoresMatchOracle(f *testing.F) {
	for _, s := range append(append([]string(nil), fuzzSeeds...), dsCorners...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		compareDeadStores(t, "fuzz.toy", src)
	})
}
