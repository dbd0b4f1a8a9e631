package tests

import (
	"strings"
	"testing"

	"toyc/tests/gen"
)

// TestJudge checks TestDifferential's verdicts on made-up outcomes, since
// on a correct compiler it has nothing to find.
func TestJudge(t *testing.T) {
	ok := func(name, stdout, stderr string, status int) outcome {
		return outcome{variant: variant{name: name}, r: result{[]byte(stdout), []byte(stderr), status}}
	}
	fault := []gen.Fault{{What: "division by zero", Line: 3, Col: 7}}
	crash := outcome{variant: variant{name: "llvm-O2"}, failed: "llc: PLEASE submit a bug report", llvmCrashed: true}
	for _, c := range []struct {
		name     string
		outcomes []outcome
		faults   []gen.Fault
		want     string // the finding's kind, "" for none
		detail   string // in the finding's detail
	}{
		{"all agree", []outcome{ok("a", "1\n", "", 0), ok("b", "1\n", "", 0)}, nil, "", ""},
		{"stdout differs", []outcome{ok("a", "1\n", "", 0), ok("b", "1\n", "", 0), ok("c", "2\n", "", 0)}, nil,
			"disagreement", `c: stdout: line 1 is "2\n", want "1\n"`},
		{"exit status differs", []outcome{ok("a", "", "", 3), ok("b", "", "", 4)}, nil, "disagreement", "b: exit status 4"},
		{"one build fails", []outcome{ok("a", "", "", 0), {variant: variant{name: "b"}, failed: "toyc: internal compiler error"}}, nil,
			"disagreement", "b: build failed: toyc: internal compiler error"},
		{"all rejected", []outcome{{failed: "p.toy:1:1: error: x"}, {failed: "p.toy:1:1: error: x"}}, nil, "rejected", "error: x"},
		{"runtime error nobody planted", []outcome{ok("a", "", "p.toy:1:1: runtime error: index out of range [4] with length 4\n", 2)}, nil,
			"unplanted runtime error", "index out of range"},
		{"planted error where planted", []outcome{ok("a", "", "p.toy:3:7: runtime error: division by zero\n", 2)}, fault, "", ""},
		{"planted error elsewhere", []outcome{ok("a", "", "p.toy:3:8: runtime error: division by zero\n", 2)}, fault,
			"wrong runtime error", "p.toy:3:7"},
		{"planted error missing", []outcome{ok("a", "", "", 0)}, fault, "wrong runtime error", "exit status 0"},
		{"LLVM crash beside agreement", []outcome{ok("a", "1\n", "", 0), crash}, nil, "llvm crashed", "PLEASE"},
		{"LLVM crash beside disagreement", []outcome{ok("a", "1\n", "", 0), crash, ok("b", "2\n", "", 0)}, nil, "disagreement", "b: stdout"},
	} {
		f := judge(c.outcomes, c.faults, "p.toy")
		switch {
		case c.want == "" && f != nil:
			t.Errorf("%s: found %s: %s", c.name, f.kind, f.detail)
		case c.want != "" && f == nil:
			t.Errorf("%s: found nothing, want %s", c.name, c.want)
		case c.want != "" && (f.kind != c.want || !strings.Contains(f.detail, c.detail)):
			t.Errorf("%s: found %s: %q, want %s with %q", c.name, f.kind, f.detail, c.want, c.detail)
		}
	}
}

// TestReference checks that the reference of a disagreement is the first
// build that built and ended, even when outvoted.
func TestReference(t *testing.T) {
	o := func(name, stdout, failed string) outcome {
		return outcome{variant: variant{name: name}, failed: failed, r: result{stdout: []byte(stdout)}}
	}
	for _, c := range []struct {
		outcomes []outcome
		want     string
	}{
		{[]outcome{o("llvm-O0", "-3\n", ""), o("llvm-O1", "3\n", ""), o("llvm-O2", "3\n", ""), o("native-O0", "-3\n", ""), o("native-O1", "3\n", "")}, "llvm-O0"},
		{[]outcome{o("llvm-O0", "", "toyc: internal compiler error"), o("llvm-O1", "3\n", ""), o("llvm-O2", "4\n", "")}, "llvm-O1"},
		{[]outcome{{variant: variant{name: "llvm-O0"}, hung: true}, o("llvm-O1", "3\n", "")}, "llvm-O1"},
	} {
		if got := group(c.outcomes)[0][0].variant.name; got != c.want {
			t.Errorf("reference %s, want %s", got, c.want)
		}
	}
}
