package main

import (
	"regexp"
	"testing"
)

func TestProgramHasRequestedSize(t *testing.T) {
	for _, lines := range []int{1, 3000, 10000} {
		p := generate(lines)
		if lines > 1000 && (p.lines < lines || p.lines > lines+lines/100) {
			t.Errorf("asked for %d lines, got %d", lines, p.lines)
		}
		if !regexp.MustCompile(`(?m)^func f0\(`).MatchString(p.toy.String()) {
			t.Errorf("asked for %d lines, got no generated function", lines)
		}
	}
}

// The twins must declare the same functions in the same order, or the C
// one is no twin.
func TestTwinsDeclareTheSameFunctions(t *testing.T) {
	p := generate(3000)
	toyFuncs := regexp.MustCompile(`(?m)^func (\w+)\(`).FindAllStringSubmatch(p.toy.String(), -1)
	cFuncs := regexp.MustCompile(`(?m)^(?:int64_t|int|void) (\w+)\(`).FindAllStringSubmatch(p.c.String(), -1)
	var cNames []string
	for _, m := range cFuncs {
		if m[1] != "new_int" && m[1] != "new_bool" {
			cNames = append(cNames, m[1])
		}
	}
	if len(toyFuncs) != len(cNames) {
		t.Fatalf("%d Toy functions, %d C functions", len(toyFuncs), len(cNames))
	}
	for i, m := range toyFuncs {
		if m[1] != cNames[i] {
			t.Fatalf("function %d: Toy %s, C %s", i, m[1], cNames[i])
		}
	}
}

func TestDeterministic(t *testing.T) {
	a, b := generate(2000), generate(2000)
	if a.toy.String() != b.toy.String() || a.c.String() != b.c.String() {
		t.Error("two runs generated different programs")
	}
}
