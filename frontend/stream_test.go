package frontend

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"toyc/tests/gen"
)

// A streamed compile reports what the ordinary one reports, error for
// error and warning for warning in the same order, and, without errors,
// makes the same module: on every test program, every file of the error
// and warning suites, and generated programs, with small chunks and a
// window of one body so that the checker and the builds take turns.
// (Facts are not part of the module's text: bodyfacts_test.go checks them.)
func TestStreamSameAsDeferred(t *testing.T) {
	defer func(c, w, m int) { chunkTokens, streamWindow, skimSplitMin = c, w, m }(chunkTokens, streamWindow, skimSplitMin)
	chunkTokens, streamWindow, skimSplitMin = 60, 1, 0 // every skim split
	var files []string
	for _, dir := range []string{"programs", "errors", "warnings"} {
		fs, err := filepath.Glob(filepath.Join("..", "tests", dir, "*.toy"))
		if err != nil || len(fs) == 0 {
			t.Fatalf("no test files in tests/%s: %v", dir, err)
		}
		files = append(files, fs...)
	}
	sources := map[string][]byte{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sources[file] = src
	}
	for seed := range 20 {
		sources["gen"+string(rune('A'+seed))+".toy"] = []byte(gen.Program(int64(7100+seed), gen.DefaultConfig()))
	}
	streamed, errored, i := 0, 0, 0
	for file, src := range sources {
		want, wantDiags := CompileDeferred(file, src)
		// With the bodies' facts and without (as -O0 streams): the
		// skim that leaves them unread takes the same files.
		i++
		got, s := CompileStreamed(file, src, nil, i%2 == 0)
		if got == nil {
			if wantDiags.Errors() == 0 {
				t.Errorf("%s: a file without errors was not streamed", file)
			}
			continue
		}
		streamed++
		buildErr := got.MaterializeAll()
		gotDiags := s.Wait()
		if g, w := gotDiags.Error(), wantDiags.Error(); g != w {
			t.Errorf("%s: streamed diagnostics differ:\n%s\nwant:\n%s", file, g, w)
			continue
		}
		if wantDiags.Errors() > 0 {
			errored++
			if buildErr == nil {
				t.Errorf("%s: every body was built, but the file has errors", file)
			}
			continue
		}
		if buildErr != nil {
			t.Errorf("%s: a body was refused in a file without errors: %v", file, buildErr)
			continue
		}
		// The collector's floor follows the largest body (gctuning.go).
		if want := slices.Max(append(bodySizesOf(string(src)), 0)); s.LargestBody() != int(want) {
			t.Errorf("%s: the largest body has %d tokens, not %d", file, want, s.LargestBody())
		}
		if err := want.MaterializeAll(); err != nil {
			t.Fatal(err)
		}
		var w, g bytes.Buffer
		want.WriteTo(&w)
		got.WriteTo(&g)
		if !bytes.Equal(w.Bytes(), g.Bytes()) {
			t.Errorf("%s: the streamed module differs:\n%s\nwant:\n%s", file, g.String(), w.String())
		}
	}
	// The suites have errors in bodies, which fail a stream, as well as
	// errors the skim sees.
	if streamed < 100 || errored < 10 {
		t.Errorf("only %d files streamed, %d of them with errors", streamed, errored)
	}
}

// Once a body is lowered, its function's parameters go with it, as its
// statements do: calls of it are checked against the types kept apart
// (paramTypes), and the declarations a compile keeps to its end hold no
// Var per parameter.
func TestStreamDropsLoweredParams(t *testing.T) {
	defer func(w int) { streamWindow = w }(streamWindow)
	streamWindow = 1
	src := []byte("func f(n: int, a: []int) int {\n    return n + len(a);\n}\n\n" +
		"func main() {\n    var a = new(int, 2);\n    print(f(1, a));\n}\n")
	m, s := CompileStreamed("p.toy", src, nil, true)
	if m == nil {
		t.Fatal("not streamed")
	}
	buildErr := m.MaterializeAll()
	if diags := s.Wait(); diags.Errors() > 0 || buildErr != nil {
		t.Fatalf("unexpected errors: %v %v", diags, buildErr)
	}
	for _, fn := range s.funcs {
		if fn.Params != nil {
			t.Errorf("%s keeps its parameters after its body was lowered", fn.Name)
		}
	}
	if got := paramTypesOf(s.funcs[0]); len(got) != 2 || got[0] != IntType || got[1].Kind != Array {
		t.Errorf("f's parameter types are %v", got)
	}
}

// The checker stays at most streamWindow bodies ahead of the builds, and
// once stopped there goes on only when half of them are taken, not at
// every body taken: a build that takes a body only while the checker is
// stopped (the pipeline slower than the checker) finds it stopped about
// once per half window of bodies.
func TestStreamWindow(t *testing.T) {
	defer func(w int) { streamWindow = w }(streamWindow)
	streamWindow = 8
	var src bytes.Buffer
	const n = 64
	for i := range n {
		fmt.Fprintf(&src, "func f%d(x: int) int {\n    return x + %d;\n}\n\n", i, i)
	}
	src.WriteString("func main() {\n    print(f0(1));\n}\n")
	m, s := CompileStreamed("p.toy", src.Bytes(), nil, true)
	if m == nil {
		t.Fatal("not streamed")
	}
	checkerDone := func() bool {
		select {
		case <-s.done:
			return true
		default:
			return false
		}
	}
	for _, f := range m.Funcs {
		for {
			s.mu.Lock()
			ahead, stalled := s.checked-s.taken, s.stalled
			s.mu.Unlock()
			if ahead > streamWindow {
				t.Fatalf("%d bodies checked and not taken; the window is %d", ahead, streamWindow)
			}
			// Stopped, and not about to go on: the checker is as far
			// ahead as it goes before this build.
			if stalled && ahead > resumeAt() || checkerDone() {
				break
			}
			runtime.Gosched()
		}
		if err := f.Build(); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	if diags := s.Wait(); diags.Errors() > 0 {
		t.Fatalf("unexpected errors: %v", diags)
	}
	// n+1 bodies, the first streamWindow+1 checked before the first
	// stop, then a stop per streamWindow/2 taken.
	t.Logf("%d stops for room", s.stalls)
	if most := (n+1-streamWindow)/(streamWindow/2) + 1; s.stalls > most || s.stalls == 0 {
		t.Errorf("the checker stopped %d times for room; want 1 to %d", s.stalls, most)
	}
}

// A stream whose bodies are never built (the pipeline stopped first) still
// ends: Wait does not wait for room the builds would have made.
func TestStreamWaitWithoutBuilds(t *testing.T) {
	defer func(w int) { streamWindow = w }(streamWindow)
	streamWindow = 1
	src := []byte(gen.Program(7200, gen.DefaultConfig()))
	m, s := CompileStreamed("p.toy", src, nil, true)
	if m == nil {
		t.Fatal("not streamed")
	}
	if diags := s.Wait(); diags.Errors() > 0 {
		t.Fatalf("unexpected errors: %v", diags)
	}
}

// Mutated programs (a brace, bracket or semicolon added or a span cut out
// somewhere) stream with the ordinary path's diagnostics, whatever the
// skim makes of their top level.
func TestStreamMutations(t *testing.T) {
	defer func(c, w, m int) { chunkTokens, streamWindow, skimSplitMin = c, w, m }(chunkTokens, streamWindow, skimSplitMin)
	chunkTokens, streamWindow, skimSplitMin = 40, 2, 0 // every skim split
	rng := rand.New(rand.NewPCG(7300, 1))
	inserts := []string{"{", "}", "(", ")", "[", "]", ";", "func ", "var ", "\n}\nfunc f() {\n"}
	streamed, failed := 0, 0
	for seed := range 6 {
		src := gen.Program(int64(7300+seed), gen.DefaultConfig())
		for range 25 {
			i := rng.IntN(len(src))
			var mutated string
			if rng.IntN(2) == 0 {
				mutated = src[:i] + inserts[rng.IntN(len(inserts))] + src[i:]
			} else {
				mutated = src[:i] + src[min(len(src), i+1+rng.IntN(40)):]
			}
			want, wantDiags := CompileDeferred("m.toy", []byte(mutated))
			got, s := CompileStreamed("m.toy", []byte(mutated), nil, seed%2 == 0)
			if got == nil {
				continue
			}
			streamed++
			buildErr := got.MaterializeAll()
			if buildErr != nil {
				failed++
			}
			gotDiags := s.Wait()
			if g, w := gotDiags.Error(), wantDiags.Error(); g != w {
				t.Fatalf("streamed diagnostics differ:\n%s\nwant:\n%s\nsource:\n%s", g, w, mutated)
			}
			if (buildErr != nil) != (want == nil) {
				t.Fatalf("built with error %v, but the ordinary path's module is %v", buildErr, want)
			}
		}
	}
	if streamed < 50 || failed < 10 {
		t.Errorf("of 150 mutations, %d streamed, %d of those failed: too few to test the stream", streamed, failed)
	}
}
