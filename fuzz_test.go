package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/metrics"
	"strconv"
	"testing"
	"time"

	"toyc/tests/asmcode"
)

// FuzzPipeline fuzzes the whole compiler, source to assembly (issue 5, item
// 3): toyc -S on a Toy or .ll file at each optimization level, in process,
// so that the fuzzer's coverage guidance sees the frontend, the middle and
// the back end. The invariant is the driver's contract (README.md):
// either diagnostics (file:line:col: error:) and exit status 1, or
// assembly that the C compiler assembles (cc -c) without a word; never an
// internal compiler error, a crash, a hang (pipelineTimeout) or runaway
// memory (pipelineHeap). The seed corpus is every program of tests/: valid
// ones, ones that must be rejected, and SSA in LLVM syntax, good and bad.
// mode picks the level (mode % 3) and, in the upper half (mode % 6 >= 3),
// -g, whose location tracking follows the optimized code of whatever the
// fuzzer makes; as for every test program (tests/debuginfo_test.go), its
// code must then be the same as without -g, and its object must pass
// llvm-dwarfdump --verify.
//
//	go test -run '^$' -fuzz '^FuzzPipeline$' -fuzztime 10m -parallel 1 .

const (
	pipelineTimeout = 20 * time.Second
	pipelineHeap    = 1 << 30
)

// pipelineSeeds are the corpus files: the kind of input is the extension.
var pipelineSeeds = []string{"tests/programs/*.toy", "tests/errors/*.toy", "tests/ll/*.ll", "tests/ll-invalid/*.ll"}

// diagnosticLine is the first line of a diagnostic.
var diagnosticLine = regexp.MustCompile(`(?m)^[^\n]+:\d+:\d+: error: `)

func FuzzPipeline(f *testing.F) {
	cc := installedCC()
	dwarfdump, _ := exec.LookPath("llvm-dwarfdump")
	n := 0
	for _, pattern := range pipelineSeeds {
		names, _ := filepath.Glob(pattern)
		if len(names) == 0 {
			f.Fatalf("no seed files match %s", pattern)
		}
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src, filepath.Ext(name) == ".ll", uint8(n%6))
			n++
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, ll bool, mode uint8) {
		dir := t.TempDir()
		in := filepath.Join(dir, "fuzz.toy")
		if ll {
			in = filepath.Join(dir, "fuzz.ll")
		}
		if err := os.WriteFile(in, src, 0o644); err != nil {
			t.Fatal(err)
		}
		asm := filepath.Join(dir, "fuzz.s")
		level, debugInfo := "-O"+strconv.Itoa(int(mode%3)), mode%6 >= 3
		args := []string{"-S", "--verify-each", level, in, "-o", asm}
		if debugInfo {
			args = append(args, "-g")
		}
		status, stderr := runWatched(t, args)
		switch status {
		case 0:
			if debugInfo {
				// -g must not change the code (TestDebugInfo).
				plain := filepath.Join(dir, "plain.s")
				plainArgs := []string{"-S", "--verify-each", level, in, "-o", plain}
				if status, stderr := runWatched(t, plainArgs); status != 0 {
					t.Fatalf("toyc %v: exit status %d without -g, 0 with it:\n%s", plainArgs, status, stderr)
				}
				debug, _ := os.ReadFile(asm)
				code, _ := os.ReadFile(plain)
				if !bytes.Equal(asmcode.WithoutDebug(debug), asmcode.WithoutDebug(code)) {
					t.Fatalf("toyc %v: -g changes the code; without -g:\n%s\nwith -g:\n%s", args, code, debug)
				}
			}
			if cc == "" {
				return
			}
			obj := filepath.Join(dir, "fuzz.o")
			out, err := exec.Command(cc, "-c", asm, "-o", obj).CombinedOutput()
			if err != nil || len(out) > 0 {
				text, _ := os.ReadFile(asm)
				t.Fatalf("toyc %v wrote assembly that %s does not take (%v):\n%s\nthe assembly:\n%s", args, cc, err, out, text)
			}
			if debugInfo && dwarfdump != "" {
				out, err := exec.Command(dwarfdump, "--verify", obj).CombinedOutput()
				if err != nil || !bytes.Contains(out, []byte("No errors.")) || bytes.Contains(out, []byte("warning")) {
					t.Fatalf("toyc %v wrote debugging information that llvm-dwarfdump --verify rejects (%v):\n%s", args, err, out)
				}
			}
		case 1:
			if !diagnosticLine.Match(stderr) {
				t.Fatalf("toyc %v: exit status 1 without a diagnostic:\n%s", args, stderr)
			}
			if _, err := os.Stat(asm); err == nil {
				t.Fatalf("toyc %v: exit status 1 left the output behind", args)
			}
		default:
			t.Fatalf("toyc %v: exit status %d, want 0 or 1:\n%s", args, status, stderr)
		}
	})
}

// runWatched runs toyc with args in process and returns its exit status and
// standard error; a run that outlives pipelineTimeout or whose heap grows
// past pipelineHeap fails the test (the run is left behind: the fuzzer
// records the input as failing and the worker ends).
func runWatched(t *testing.T, args []string) (int, []byte) {
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, &bytes.Buffer{}, &stderr) }()
	ctx, cancel := context.WithTimeout(context.Background(), pipelineTimeout)
	defer cancel()
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case status := <-done:
			return status, stderr.Bytes()
		case <-ctx.Done():
			t.Fatalf("toyc %v hung: still compiling after %v", args, pipelineTimeout)
		case <-tick.C:
			metrics.Read(heap)
			if used := heap[0].Value.Uint64(); used > pipelineHeap {
				t.Fatalf("toyc %v: runaway memory: %s of heap", args, fmt.Sprintf("%d MB", used>>20))
			}
		}
	}
}
