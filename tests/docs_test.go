package tests

// TestDocs checks the examples in ../docs/*.md, by the convention that
// docs/README.md states at its top:
//
//	```toy           a whole program: compiled with --verify-each (and run)
//	```c             a C file, built together with the ```toy block before it
//	```output        right after a ```toy or ```c block (or after one ```sh
//	                 block of commands right after it): what the program prints
//	```toy-error     a program that must not compile; the ```output right
//	                 after it holds lines that stderr must each contain
//	```toy-fragment  statements, compiled as the body of func main()
//
// Every example is compiled as prog.toy (so runtime errors and diagnostics
// read prog.toy:LINE:COL), its C file as driver.c. In an output block, the
// lines from the first one containing "runtime error:" on are text that
// stderr must contain (the program must then exit with status 2); the lines
// before it are the whole of stdout. The program's leading "// args:" and "// exit:"
// comments are the directives of programs/ (directives.go).

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docBlock is one fenced block of a Markdown file.
type docBlock struct {
	lang       string // the info string's first word
	line       int    // the line of the opening fence, from 1
	end        int    // the line of the closing fence
	body       string // the lines between the fences, each ending in "\n"
	blankAfter bool   // set for a block whose next block follows after blank lines only
}

// docExample is one example to check: a program with, perhaps, a C file
// and the output it must print.
type docExample struct {
	kind   string // "toy", "toy-error" or "toy-fragment"
	line   int
	src    string
	c      string // the C file built with it, or ""
	output *string
}

var docFence = regexp.MustCompile("^```\\s*([A-Za-z0-9_-]*)")

// docBlocks splits a Markdown text into its fenced blocks.
func docBlocks(text string) ([]docBlock, error) {
	lines := strings.SplitAfter(text, "\n")
	var blocks []docBlock
	for i := 0; i < len(lines); i++ {
		m := docFence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		b := docBlock{lang: m[1], line: i + 1}
		var body strings.Builder
		for i++; ; i++ {
			if i == len(lines) {
				return nil, fmt.Errorf("line %d: block not closed", b.line)
			}
			if strings.HasPrefix(lines[i], "```") {
				break
			}
			body.WriteString(lines[i])
		}
		b.end, b.body = i+1, body.String()
		if len(blocks) > 0 {
			prev := &blocks[len(blocks)-1]
			prev.blankAfter = true
			for _, l := range lines[prev.end : b.line-1] {
				if strings.TrimSpace(l) != "" {
					prev.blankAfter = false
				}
			}
		}
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// docExamples groups a file's blocks into examples.
func docExamples(text string) ([]docExample, error) {
	blocks, err := docBlocks(text)
	if err != nil {
		return nil, err
	}
	var out []docExample
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		switch b.lang {
		case "toy", "toy-error", "toy-fragment":
		case "output":
			return nil, fmt.Errorf("line %d: an output block must follow a toy, toy-error or c block, with only blank lines between", b.line)
		case "c":
			return nil, fmt.Errorf("line %d: a c block must come after a toy block that has no output block of its own", b.line)
		default:
			if strings.HasPrefix(b.lang, "toy") {
				return nil, fmt.Errorf("line %d: unknown kind of block %q", b.line, b.lang)
			}
			continue
		}
		ex := docExample{kind: b.lang, line: b.line, src: b.body}
		last := b
		if b.lang == "toy" && i+1 < len(blocks) && blocks[i+1].lang == "c" {
			i++
			ex.c, last = blocks[i].body, blocks[i]
		}
		if last.blankAfter && i+2 < len(blocks) && blocks[i+1].lang == "sh" && blocks[i+1].blankAfter && blocks[i+2].lang == "output" {
			i++ // the commands that build and run it
			last = blocks[i]
		}
		if last.blankAfter && i+1 < len(blocks) && blocks[i+1].lang == "output" {
			if b.lang == "toy-fragment" {
				return nil, fmt.Errorf("line %d: a toy-fragment is not run, so it has no output", blocks[i+1].line)
			}
			i++
			o := blocks[i].body
			ex.output = &o
		}
		out = append(out, ex)
	}
	return out, nil
}

var docMain = regexp.MustCompile(`(?m)^func\s+main\s*\(`)

// TestDocs compiles every example of docs/*.md, runs those with an output
// block and compares what they print, as parallel subtests named FILE:LINE.
func TestDocs(t *testing.T) {
	needToyc(t)
	paths := files(t, "../docs/*.md")
	count := 0
	for _, path := range paths {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		examples, err := docExamples(string(text))
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(path), err)
			continue
		}
		for _, ex := range examples {
			count++
			t.Run(fmt.Sprintf("%s:%d", filepath.Base(path), ex.line), func(t *testing.T) {
				t.Parallel()
				checkDocExample(t, ex)
			})
		}
	}
	if count == 0 {
		t.Fatal("docs/ has no examples")
	}
	t.Logf("%d examples in %d files", count, len(paths))
}

func checkDocExample(t *testing.T, ex docExample) {
	dir := t.TempDir()
	src := ex.src
	if ex.kind == "toy-fragment" {
		src = "func main() {\n" + src + "}\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "prog.toy"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	switch ex.kind {
	case "toy-fragment":
		mustRun(t, dir, tools.toyc, "--verify-each", "--emit=llvm", "prog.toy", "-o", "prog.ll")
		return
	case "toy-error":
		r := run(t, dir, compileTimeout, tools.toyc, "--verify-each", "--emit=llvm", "prog.toy", "-o", "prog.ll")
		if r.status != 1 {
			t.Fatalf("exit status %d, want 1 (a program that must not compile); stderr:\n%s", r.status, r.stderr)
		}
		if ex.output != nil {
			for _, line := range strings.Split(strings.TrimRight(*ex.output, "\n"), "\n") {
				if !bytes.Contains(r.stderr, []byte(line)) {
					t.Errorf("stderr does not contain %q:\n%s", line, r.stderr)
				}
			}
		}
		return
	}
	// Assembly at the other levels, then the executable at the default one.
	for _, level := range []string{"-O0", "-O2"} {
		mustRun(t, dir, tools.toyc, "--verify-each", level, "-S", "prog.toy", "-o", "prog"+level+".s")
	}
	args := []string{"--verify-each", "prog.toy"}
	if ex.c != "" {
		if err := os.WriteFile(filepath.Join(dir, "driver.c"), []byte(ex.c), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, "driver.c")
	} else if !docMain.MatchString(src) {
		if ex.output != nil {
			t.Fatal("a program without func main has an output block but no C block to run it")
		}
		mustRun(t, dir, tools.toyc, append(args, "-c", "-o", "prog.o")...)
		return
	}
	mustRun(t, dir, tools.toyc, append(args, "-o", "prog")...)
	if ex.output == nil {
		return
	}
	want, err := programExpectation(src)
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr := splitDocOutput(*ex.output)
	if stderr != "" {
		// As text, without the last newline: the runtime may go on after
		// the words shown, on the line (details) and below it (a trace).
		want.stderr = strings.TrimSuffix(stderr, "\n")
		if want.status == 0 {
			want.status = 2
		}
	}
	checkOutput(t, run(t, t.TempDir(), runTimeout, filepath.Join(dir, "prog"), want.args...), []byte(stdout), want)
}

// splitDocOutput splits an output block at its first line containing
// "runtime error:": the lines before it are stdout, the rest the start of
// stderr.
func splitDocOutput(out string) (stdout, stderr string) {
	lines := strings.SplitAfter(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, "runtime error:") {
			return strings.Join(lines[:i], ""), strings.Join(lines[i:], "")
		}
	}
	return out, ""
}

// TestDocsConvention checks the block grouping itself on a small text.
func TestDocsConvention(t *testing.T) {
	text := "# x\n```toy\nA\n```\n\n```output\n1\n```\n" +
		"```toy\nB\n```\ntext\n```c\nC\n```\n```output\n2\n```\n" +
		"```toy-error\nE\n```\n```output\ne\n```\n" +
		"```sh\nnot checked\n```\n```toy\nD\n```\ntext\n```output\nnot its output\n```\n"
	_, err := docExamples(text)
	if err == nil || !strings.Contains(err.Error(), "line 32") {
		t.Fatalf("an output block after prose was not refused at its line: %v", err)
	}
	examples, err := docExamples(strings.TrimSuffix(text, "text\n```output\nnot its output\n```\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ex := range examples {
		o := "-"
		if ex.output != nil {
			o = strings.TrimSpace(*ex.output)
		}
		got = append(got, fmt.Sprintf("%s@%d:%s|%s|%s", ex.kind, ex.line, strings.TrimSpace(ex.src), strings.TrimSpace(ex.c), o))
	}
	want := "toy@2:A||1 toy@9:B|C|2 toy-error@19:E||e toy@28:D||-"
	if strings.Join(got, " ") != want {
		t.Errorf("examples %q, want %q", strings.Join(got, " "), want)
	}
	examples, err = docExamples("```toy\nL\n```\n```c\nM\n```\n\n```sh\ncc\n```\n```output\n3\n```\n")
	if err != nil || len(examples) != 1 || examples[0].c != "M\n" || examples[0].output == nil || *examples[0].output != "3\n" {
		t.Errorf("a toy and a c block with their commands and output: %v %+v", err, examples)
	}
	if o, e := splitDocOutput("a\nb\nprog.toy:1:2: runtime error: x\n  trace\n"); o != "a\nb\n" || e != "prog.toy:1:2: runtime error: x\n  trace\n" {
		t.Errorf("splitDocOutput: %q, %q", o, e)
	}
}
