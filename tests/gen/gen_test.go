package gen

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// Whether the programs compile and run the same everywhere is for
// TestDifferential (package tests) to find out, with toyc; these tests
// check what can be seen without a compiler: determinism, the variety of
// what is generated, the planted faults, and the shrinker.

func TestSameSeedSameProgram(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		a, b := Program(seed, DefaultConfig()), Program(seed, DefaultConfig())
		if a != b {
			t.Fatalf("seed %d gave two different programs", seed)
		}
		if c := Program(seed+1000, DefaultConfig()); c == a {
			t.Fatalf("seeds %d and %d gave the same program", seed, seed+1000)
		}
	}
}

// TestVariety checks that a hundred programs use every construct the
// generator is meant to cover, so that a change that loses one shows.
func TestVariety(t *testing.T) {
	var all strings.Builder
	for seed := int64(0); seed < 100; seed++ {
		all.WriteString(Program(seed, DefaultConfig()))
	}
	text := all.String()
	for _, want := range []string{
		// operators, at both widths (i32 ones appear with i32 operands)
		` + `, ` - `, ` * `, ` / `, ` % `, ` & `, ` | `, ` ^ `, ` << `, ` >> `,
		` == `, ` != `, ` < `, ` <= `, ` > `, ` >= `, ` && `, ` || `, `!`, `^`,
		` += `, ` -= `, ` *= `, ` /= `, ` %= `, ` &= `, ` |= `, ` ^= `, ` <<= `, ` >>= `,
		`-9223372036854775808`, `-2147483648`, `9223372036854775807`, `2147483647`,
		`0x`, `0X`, `'`,
		// conversions and builtins
		`int(`, `i32(`, `len(`, `new(int, `, `new(i32, `, `new(bool, `, `argc()`,
		// statements
		`while `, `for var `, `for ; `, `for ;; {`, `while true {`, `break;`, `continue;`,
		`} else if `, `} else {`, `return;`,
		// variables
		`: *int`, `: *i32`, `: *bool`, `: *[]int`, `= &`, `*p`, `[][]`, `[][][]int`,
		`var g`, `depth - 1`,
		// divisions and indexing checked by an if
		` != 0 {`, ` >= 0 && `,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no program of 100 contains %q", want)
		}
	}
	for _, re := range []string{
		`func f\d+\((p\d+: [^,)]+, ){9}p\d+: [^,)]+\)`, // ten parameters
		`var v\d+: (int|i32|bool|\[\]int);\n`,          // declared unassigned
		`var (v\d+) = [^;\n]*\b(v\d+)\b`,               // maybe reading what it shadows
	} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("no program of 100 matches %s", re)
		}
	}
}

func TestFaults(t *testing.T) {
	cfg := DefaultConfig()
	cfg.FaultRate = 1
	kinds := map[string]bool{}
	for seed := int64(0); seed < 50; seed++ {
		text, faults := Generate(seed, cfg).Text()
		if len(faults) != 1 {
			t.Fatalf("seed %d: %d faults, want 1", seed, len(faults))
		}
		f := faults[0]
		kinds[f.What] = true
		line := strings.Split(text, "\n")[f.Line-1]
		at := line[f.Col-1:]
		var want string
		switch f.What {
		case "index out of range":
			want = "["
		case "division by zero":
			want = "/"
			if !strings.HasPrefix(at, "/") {
				want = "%"
			}
		case "negative array length":
			want = "new("
		}
		if !strings.HasPrefix(at, want) {
			t.Errorf("seed %d: %s at %d:%d is not at a %q: %q", seed, f.What, f.Line, f.Col, want, line)
		}
	}
	if len(kinds) != 3 {
		t.Errorf("50 programs planted only %v", kinds)
	}
	cfg.FaultRate = 0
	for seed := int64(0); seed < 20; seed++ {
		if _, faults := Generate(seed, cfg).Text(); len(faults) != 0 {
			t.Fatalf("seed %d: a fault with FaultRate 0", seed)
		}
	}
}

// TestShrinkToWhatMatters shrinks programs while they still divide by a
// literal -1: what remains is small and still does.
func TestShrinkToWhatMatters(t *testing.T) {
	minusOne := regexp.MustCompile(` / -1\b`)
	shrunk := 0
	for seed := int64(0); seed < 40 && shrunk < 3; seed++ {
		p := Generate(seed, DefaultConfig())
		if !minusOne.MatchString(p.String()) {
			continue
		}
		shrunk++
		small := Shrink(p, func(c *Prog) bool { return minusOne.MatchString(c.String()) }, time.Now().Add(time.Minute))
		text := small.String()
		if !minusOne.MatchString(text) {
			t.Fatalf("seed %d: the shrunk program lost what made it interesting:\n%s", seed, text)
		}
		if lines := strings.Count(text, "\n"); lines > 12 {
			t.Errorf("seed %d: shrunk from %d to %d lines, want at most 12:\n%s", seed, strings.Count(p.String(), "\n"), lines, text)
		}
		if p.String() == text {
			t.Errorf("seed %d: the original changed while shrinking", seed)
		}
	}
	if shrunk == 0 {
		t.Fatal("no program of 40 divides by -1")
	}
}

// TestShrinkKeepsPinned shrinks with a test that accepts everything: the
// loops that remain still have their bounds, and recursions their depth.
func TestShrinkKeepsPinned(t *testing.T) {
	for seed := int64(0); seed < 10; seed++ {
		small := Shrink(Generate(seed, DefaultConfig()), func(*Prog) bool { return true }, time.Now().Add(time.Minute))
		walk(small, func(_ *Node, _ int, n *Node) {
			switch {
			case n.Op == OpWhile && n.Kids[0].Op == OpBinary && !n.Kids[0].Pinned:
				t.Errorf("seed %d: a fuel loop lost its bound", seed)
			case n.Op == OpFor && n.Kids[1] != nil && !n.Kids[1].Pinned:
				t.Errorf("seed %d: a counted loop lost its bound", seed)
			}
		})
		if text := small.String(); strings.Contains(text, "fuel") && !strings.Contains(text, " -= 1;") {
			t.Errorf("seed %d: fuel is no longer spent:\n%s", seed, text)
		}
	}
}

// TestDivisorTestedAtItsType: the if before a division that may be by
// zero compares the divisor at the type of the division. Toy gives an
// expression of literals alone the type of its context, an int beside
// another one (docs/reference.md §3): i32 divisors of literals alone, such as
// -2147483648 << 1 (zero as an i32, not as an int), must meet a typed zero.
func TestDivisorTestedAtItsType(t *testing.T) {
	flexibleI32 := 0
	for seed := int64(0); seed < 400; seed++ {
		walk(Generate(seed, DefaultConfig()), func(_ *Node, _ int, n *Node) {
			if n.Op != OpIf || n.Kids[0].Op != OpBinary || n.Kids[0].Name != "!=" {
				return
			}
			x, zero := n.Kids[0].Kids[0], n.Kids[0].Kids[1]
			if !x.Type.IsInteger() || x.Type.Kind == Int || !x.flexible() || !dividesBy(n.Kids[1], x) {
				return
			}
			flexibleI32++
			if zero.flexible() {
				t.Errorf("seed %d: an i32 divisor of literals alone is tested beside a bare literal, as an int", seed)
			}
		})
	}
	if flexibleI32 == 0 {
		t.Error("400 programs test no i32 divisor made of literals alone")
	}
}

// dividesBy reports whether the block b is one assignment of a division by
// an expression written as d.
func dividesBy(b *Node, d *Node) bool {
	if len(b.Kids) != 1 || b.Kids[0].Op != OpAssign {
		return false
	}
	div := b.Kids[0].Kids[1]
	return div.Op == OpBinary && (div.Name == "/" || div.Name == "%") && sameTree(div.Kids[1], d)
}

func sameTree(a, b *Node) bool {
	if a.Op != b.Op || a.Name != b.Name || len(a.Kids) != len(b.Kids) {
		return false
	}
	for i := range a.Kids {
		if !sameTree(a.Kids[i], b.Kids[i]) {
			return false
		}
	}
	return true
}
