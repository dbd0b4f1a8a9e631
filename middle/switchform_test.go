package middle

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// testChainIR is an else-if chain of n tests of %x, the k-th against
// consts[k] with predicate preds[k] ("eq" or "ne"), each case returning
// its index, the last else returning -1.
func testChainIR(consts []int64, preds []string) string {
	var b strings.Builder
	b.WriteString("define i64 @f(i64 %x) {\nentry:\n  br label %t0\n")
	for k, c := range consts {
		eq, ne := fmt.Sprintf("%%case%d", k), fmt.Sprintf("%%t%d", k+1)
		if k == len(consts)-1 {
			ne = "%none"
		}
		then, els := eq, ne
		if preds[k] == "ne" {
			then, els = ne, eq
		}
		fmt.Fprintf(&b, "\nt%d:\n  %%c%d = icmp %s i64 %%x, %d\n  br i1 %%c%d, label %s, label %s\n", k, k, preds[k], c, k, then, els)
	}
	for k := range consts {
		fmt.Fprintf(&b, "\ncase%d:\n  ret i64 %d\n", k, k)
	}
	b.WriteString("\nnone:\n  ret i64 -1\n}\n")
	return b.String()
}

func TestFormSwitchesChain(t *testing.T) {
	in := testChainIR([]int64{3, 1, 3, 7, 0, 5}, []string{"eq", "ne", "eq", "eq", "ne", "eq"})
	// The first test stays; the switch drops t2's 3, which t0 catches,
	// and case2, which only t2 reached, goes.
	checkPass(t, FormSwitches, in, `define i64 @f(i64 %x) {
entry:
  br label %t0
t0:
  %c0 = icmp eq i64 %x, 3
  br i1 %c0, label %case0, label %t1
t1:
  %c1 = icmp ne i64 %x, 1
  switch i64 %x, label %none [
  i64 1, label %case1
  i64 7, label %case3
  i64 0, label %case4
  i64 5, label %case5
  ]
case0:
  ret i64 0
case1:
  ret i64 1
case3:
  ret i64 3
case4:
  ret i64 4
case5:
  ret i64 5
none:
  ret i64 -1
}`)
	m := mustParse(t, "chain.ll", in)
	var inputs [][]int64
	for x := int64(-2); x < 10; x++ {
		inputs = append(inputs, []int64{x})
	}
	compareRuns(t, m, "f", inputs, 1000, FormSwitches)
}

// Four tests (three after the first) are left as they are; so is a chain
// whose third test's block computes something besides its test, which
// then ends the chain.
func TestFormSwitchesLeavesShortChains(t *testing.T) {
	short := testChainIR([]int64{1, 2, 3, 4}, []string{"eq", "eq", "eq", "eq"})
	checkPass(t, FormSwitches, short, short)
	busy := strings.Replace(testChainIR([]int64{1, 2, 3, 4, 5}, []string{"eq", "eq", "eq", "eq", "eq"}),
		"t2:\n", "t2:\n  %y = add i64 %x, 1\n", 1)
	checkPass(t, FormSwitches, busy, busy)
}

// After the first test (tp), the edges into join carry 10 (x == 0), the
// second value (x == 3) and 50 (x not 0..4, t4's default): an edge whose
// value differs from the first edge's into the same block goes through
// a block of its own (t3.case, t4.case), one whose value agrees is a
// second edge of the switch.
func TestFormSwitchesPhis(t *testing.T) {
	in := func(second int) string {
		return fmt.Sprintf(`define i64 @f(i64 %%x) {
entry:
  br label %%tp

tp:
  %%cp = icmp eq i64 %%x, 9
  br i1 %%cp, label %%p9, label %%t0

p9:
  ret i64 9

t0:
  %%c0 = icmp eq i64 %%x, 0
  br i1 %%c0, label %%join, label %%t1

t1:
  %%c1 = icmp eq i64 %%x, 1
  br i1 %%c1, label %%a, label %%t2

t2:
  %%c2 = icmp eq i64 %%x, 2
  br i1 %%c2, label %%b, label %%t3

t3:
  %%c3 = icmp eq i64 %%x, 3
  br i1 %%c3, label %%join, label %%t4

t4:
  %%c4 = icmp eq i64 %%x, 4
  br i1 %%c4, label %%a, label %%join

a:
  br label %%join

b:
  br label %%join

join:
  %%r = phi i64 [ 10, %%t0 ], [ 20, %%a ], [ 30, %%b ], [ %d, %%t3 ], [ 50, %%t4 ]
  ret i64 %%r
}
`, second)
	}
	checkPass(t, FormSwitches, in(10), `define i64 @f(i64 %x) {
entry:
  br label %tp
tp:
  %cp = icmp eq i64 %x, 9
  br i1 %cp, label %p9, label %t0
p9:
  ret i64 9
t0:
  %c0 = icmp eq i64 %x, 0
  switch i64 %x, label %t4.case [
  i64 0, label %join
  i64 1, label %a
  i64 2, label %b
  i64 3, label %join
  i64 4, label %a
  ]
a:
  br label %join
b:
  br label %join
join:
  %r = phi i64 [ 50, %t4.case ], [ 20, %a ], [ 30, %b ], [ 10, %t0 ], [ 10, %t0 ]
  ret i64 %r
t4.case:
  br label %join
}`)
	checkPass(t, FormSwitches, in(40), `define i64 @f(i64 %x) {
entry:
  br label %tp
tp:
  %cp = icmp eq i64 %x, 9
  br i1 %cp, label %p9, label %t0
p9:
  ret i64 9
t0:
  %c0 = icmp eq i64 %x, 0
  switch i64 %x, label %t4.case [
  i64 0, label %join
  i64 1, label %a
  i64 2, label %b
  i64 3, label %t3.case
  i64 4, label %a
  ]
a:
  br label %join
b:
  br label %join
join:
  %r = phi i64 [ 40, %t3.case ], [ 20, %a ], [ 30, %b ], [ 50, %t4.case ], [ 10, %t0 ]
  ret i64 %r
t4.case:
  br label %join
t3.case:
  br label %join
}`)
	for _, second := range []int{10, 40} {
		m := mustParse(t, "phis.ll", in(second))
		var inputs [][]int64
		for x := int64(-1); x < 11; x++ {
			inputs = append(inputs, []int64{x})
		}
		compareRuns(t, m, "f", inputs, 1000, FormSwitches)
	}
}

// Random chains: random constants (repeats included), predicates and
// targets shared between the tests with random φ values, run in the
// interpreter before and after.
func TestFormSwitchesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	formed := 0
	for range 300 {
		n := 2 + rng.IntN(9)
		var b strings.Builder
		b.WriteString("define i64 @f(i64 %x) {\nentry:\n  br label %t0\n")
		var joinIn []string
		target := func(k int) string {
			switch r := rng.IntN(5); r {
			case 4:
				joinIn = append(joinIn, fmt.Sprintf("[ %d, %%t%d ]", rng.IntN(3), k))
				return "%join"
			default:
				return fmt.Sprintf("%%arm%d", r)
			}
		}
		for k := range n {
			c := rng.Int64N(12) - 2
			eq := target(k)
			ne := fmt.Sprintf("%%t%d", k+1)
			if k == n-1 {
				ne = target(k)
				if ne == eq {
					ne = "%arm3"
					if eq == "%arm3" {
						ne = "%arm2"
					}
				}
			}
			pred, then, els := "eq", eq, ne
			if rng.IntN(3) == 0 {
				pred, then, els = "ne", ne, eq
			}
			extra := ""
			if rng.IntN(10) == 0 {
				extra = fmt.Sprintf("  %%e%d = add i64 %%x, 1\n", k)
			}
			fmt.Fprintf(&b, "\nt%d:\n%s  %%c%d = icmp %s i64 %%x, %d\n  br i1 %%c%d, label %s, label %s\n", k, extra, k, pred, c, k, then, els)
		}
		for a := range 4 {
			fmt.Fprintf(&b, "\narm%d:\n  br label %%join\n", a)
			joinIn = append(joinIn, fmt.Sprintf("[ %d, %%arm%d ]", 10*(a+1), a))
		}
		fmt.Fprintf(&b, "\njoin:\n  %%r = phi i64 %s\n  ret i64 %%r\n}\n", strings.Join(joinIn, ", "))
		m, errs := ParseModule("rand.ll", []byte(b.String()))
		if len(errs) == 0 {
			errs = VerifyModule(m)
		}
		if len(errs) > 0 {
			continue // an arm no test reaches has a φ entry but no edge
		}
		var inputs [][]int64
		for x := int64(-3); x < 11; x++ {
			inputs = append(inputs, []int64{x})
		}
		compareRuns(t, m, "f", inputs, 1000, func(f *Func) {
			FormSwitches(f)
			if strings.Contains(f.String(), "switch") {
				formed++
			}
		})
		checkLLVMAcceptsQuietly(t, m)
	}
	if formed < 50 {
		t.Errorf("only %d of the random chains became switches", formed)
	}
}

// checkLLVMAcceptsQuietly runs LLVM's verifier on a few of the random
// modules only: opt takes tens of milliseconds a run.
var llvmChecks int

func checkLLVMAcceptsQuietly(t *testing.T, m *Module) {
	t.Helper()
	if llvmChecks++; llvmChecks%20 == 0 {
		checkLLVMAccepts(t, "rand.ll", m.String())
	}
}
