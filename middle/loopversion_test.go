package middle

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// versionLoopIR is a loop `for i = init; i < n; i += 1` (or <=) that reads
// element x for x = c ± i, checked against len; a failing check calls @sink(-1)
// and returns x. Each iteration sends x to @sink, and the sum of the
// iterations' values is used after the loop, so a wrong copy or a lost
// value shows in the trace or the result.
func versionLoopIR(init int64, pred, index string) string {
	return fmt.Sprintf(`
declare void @sink(i64)

define i64 @main(i64 %%a, i64 %%b) {
entry:
  %%len = and i64 %%a, 31
  %%c = srem i64 %%b, 40
  %%n = srem i64 %%a, 37
  %%step = srem i64 %%b, 4
  br label %%head
head:
  %%i = phi i64 [ %d, %%entry ], [ %%next, %%latch ]
  %%sum = phi i64 [ 0, %%entry ], [ %%sum.next, %%latch ]
  %%more = icmp %s i64 %%i, %%n
  br i1 %%more, label %%body, label %%done
body:
  %s
  %%ok = icmp ult i64 %%x, %%len
  br i1 %%ok, label %%latch, label %%fail
latch:
  call void @sink(i64 %%x)
  %%sum.next = add i64 %%sum, %%x
  %%next = add i64 %%i, 1
  br label %%head
fail:
  call void @sink(i64 -1)
  ret i64 %%x
done:
  %%r = mul i64 %%sum, 3
  ret i64 %%r
}`, init, pred, index)
}

// The loop gets a fast copy without the check, chosen by the tests before
// it; the original keeps its check, and the sum after the loop comes from
// whichever copy ran.
func TestVersionLoopsCopiesWithoutCheck(t *testing.T) {
	m, f := versionChecked(t, versionLoopIR(-2, "slt", "%x = add i64 %c, %i"), 1)
	for _, want := range []string{"%firstok = icmp ult i64 %first, %len", "%lastok = icmp ult i64 %span.1, %room", "br label %head.fast"} {
		if !strings.Contains(f.String(), want) {
			t.Errorf("no %q in:\n%s", want, f)
		}
	}
	checkLLVMAccepts(t, "out.ll", m.String())
}

// Loops of other shapes keep their single copy: a counter that counts
// down while it is below n, an index that is the counter's square, an exit
// test by != of a counter that steps by 2 (it may step over n), and a
// length that changes in the loop.
func TestVersionLoopsLeavesOtherShapes(t *testing.T) {
	for _, src := range []string{
		strings.Replace(versionLoopIR(0, "slt", "%x = add i64 %c, %i"), "%next = add i64 %i, 1", "%next = add i64 %i, -1", 1),
		versionLoopIR(0, "slt", "%x = mul i64 %i, %i"),
		strings.Replace(versionLoopIR(0, "ne", "%x = add i64 %c, %i"), "%next = add i64 %i, 1", "%next = add i64 %i, 2", 1),
		strings.Replace(versionLoopIR(0, "slt", "%x = add i64 %c, %i"), "icmp ult i64 %x, %len", "icmp ult i64 %x, %sum", 1),
	} {
		checkUnchanged(t, VersionLoops, src)
	}
}

// The oracle: every shape the pass versions — counting from a negative,
// zero or positive start, by 1, 3 or a step that may be zero or negative,
// with < and <=, indexes c + i, i + c, i, c - i, c + (i - 1) - 1, 2i,
// c*i + 3, c*(i + 2), 3i - c (c may be negative or zero) and c + 2 — over
// inputs whose checks pass throughout, fail at the
// first, a middle or the last iteration, or whose loop does not run,
// computes and calls the same after versioning.
func TestVersionLoopsOracle(t *testing.T) {
	var inputs [][]int64
	for _, a := range []int64{0, 5, 17, 31, 36, -3, 63} {
		for _, b := range []int64{0, 3, 14, 30, 39, -7, -40} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	indexes := []string{
		"%x = add i64 %c, %i",
		"%x = add i64 %i, %c",
		"%x = add i64 %i, 0",
		"%x = sub i64 %c, %i",
		"%y = sub i64 %i, 1\n  %z = add i64 %c, %y\n  %x = sub i64 %z, 1",
		"%x = add i64 %i, %i",
		"%y = mul i64 %i, %c\n  %x = add i64 %y, 3",
		"%y = add i64 %i, 2\n  %x = mul i64 %c, %y",
		"%y = mul i64 %i, 3\n  %x = sub i64 %y, %c",
		"%x = add i64 %c, 2",
	}
	steps := []string{"1", "3", "%step"} // %step = b % 4: also zero and negative
	compared, shape := 0, 0
	for _, init := range []int64{-2, 0, 3} {
		for _, pred := range []string{"slt", "sle"} {
			for _, index := range indexes {
				shape++
				src := versionLoopIR(init, pred, index)
				src = strings.Replace(src, "%next = add i64 %i, 1", "%next = add i64 %i, "+steps[shape%len(steps)], 1)
				m := mustParse(t, "in.ll", src)
				compared += compareRuns(t, m, "main", inputs, 20000, VersionLoops)
			}
		}
	}
	if compared < 1000 {
		t.Errorf("only %d runs compared", compared)
	}
}

// A loop that starts where an earlier versioned loop stopped reads a value
// that has two definitions once the earlier loop is copied: it stays as it
// is, and both loops still compute what they did.
func TestVersionLoopsChainedLoops(t *testing.T) {
	m := mustParse(t, "in.ll", `
declare void @sink(i64)

define i64 @main(i64 %a, i64 %b) {
entry:
  %len = and i64 %a, 31
  %n = srem i64 %a, 37
  %m = srem i64 %b, 40
  br label %h1
h1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %l1 ]
  %more = icmp slt i64 %i, %n
  br i1 %more, label %b1, label %mid
b1:
  %ok = icmp ult i64 %i, %len
  br i1 %ok, label %l1, label %fail
l1:
  call void @sink(i64 %i)
  %i.next = add i64 %i, 1
  br label %h1
mid:
  br label %h2
h2:
  %j = phi i64 [ %i, %mid ], [ %j.next, %l2 ]
  %more2 = icmp slt i64 %j, %m
  br i1 %more2, label %b2, label %done
b2:
  %ok2 = icmp ult i64 %j, %len
  br i1 %ok2, label %l2, label %fail
l2:
  call void @sink(i64 %j)
  %j.next = add i64 %j, 1
  br label %h2
fail:
  call void @sink(i64 -1)
  ret i64 0
done:
  ret i64 %j
}`)
	inputs := [][]int64{{0, 0}, {5, 30}, {17, 3}, {31, 39}, {36, 20}, {-3, 7}, {63, -40}}
	if n := compareRuns(t, m, "main", inputs, 20000, VersionLoops); n != len(inputs) {
		t.Errorf("only %d of %d runs compared", n, len(inputs))
	}
	if !strings.Contains(m.String(), "h1.fast") || strings.Contains(m.String(), "h2.fast") {
		t.Errorf("want the first loop versioned and the second not:\n%s", m)
	}
}

// A loop counting down, as knapsack's `for w = cap; w >= wi; w -= 1` over
// best[w - wi] and best[w], gets its copy too: the test bounds the indexes
// of the last iteration from below rather than from above.
func TestVersionLoopsCountingDown(t *testing.T) {
	src := strings.Replace(versionLoopIR(36, "sge", "%x = add i64 %c, %i"), "%next = add i64 %i, 1", "%next = sub i64 %i, 1", 1)
	m := mustParse(t, "in.ll", src)
	f := m.Func("main")
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	for _, want := range []string{"%span = sub i64 36, %n", "%first = add i64 %c, 36", "%lastok = icmp ule i64 %span, %first", "br label %head.fast"} {
		if !strings.Contains(f.String(), want) {
			t.Errorf("no %q in:\n%s", want, f)
		}
	}
	checkLLVMAccepts(t, "out.ll", m.String())
}

// The oracle for loops counting down: from a negative, small or large
// start, while i > n or i >= n, by 1, 3, -(-2) or a step that may be zero
// or negative, over the indexes of TestVersionLoopsOracle; most of the
// shapes are versioned, and all compute and call the same after it.
func TestVersionLoopsCountingDownOracle(t *testing.T) {
	var inputs [][]int64
	for _, a := range []int64{0, 5, 17, 31, 36, -3, -36, 63} {
		for _, b := range []int64{0, 3, 14, 30, 39, -7, -40} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	indexes := []string{
		"%x = add i64 %c, %i",
		"%x = sub i64 %c, %i",
		"%x = add i64 %i, 0",
		"%y = sub i64 %i, 1\n  %z = add i64 %c, %y\n  %x = sub i64 %z, 1",
		"%x = add i64 %i, %i",
		"%y = mul i64 %i, %c\n  %x = add i64 %y, 3",
		"%y = mul i64 %i, %c\n  %x = sub i64 40, %y",
		"%y = mul i64 %i, 3\n  %x = sub i64 %c, %y",
		"%x = add i64 %c, 2",
	}
	steps := []string{"sub i64 %i, 1", "sub i64 %i, 3", "add i64 %i, -2", "add i64 -1, %i", "sub i64 %i, %step"}
	var tally versionTally
	for _, init := range []int64{-2, 7, 45} {
		for _, pred := range []string{"sgt", "sge"} {
			for _, index := range indexes {
				src := versionLoopIR(init, pred, index)
				src = strings.Replace(src, "%next = add i64 %i, 1", "%next = "+steps[(tally.shapes+1)%len(steps)], 1)
				tally.run(t, src, inputs)
			}
		}
	}
	tally.check(t, 1000)
}

// Counting down by 3 from n + 5 while i >= n, i reaches n - 1, which wraps
// to MAX when n is near MIN, and the loop goes on where i - n fails its
// check: the copy must not be chosen then, though the first and last
// indexes, 5 and 0, pass the test.
func TestVersionLoopsCountingDownNoWrap(t *testing.T) {
	m := mustParse(t, "in.ll", `
declare void @sink(i64)

define i64 @main(i64 %n, i64 %b) {
entry:
  %init = add i64 %n, 5
  br label %head
head:
  %i = phi i64 [ %init, %entry ], [ %next, %latch ]
  %more = icmp sge i64 %i, %n
  br i1 %more, label %body, label %done
body:
  %x = sub i64 %i, %n
  %ok = icmp ult i64 %x, 8
  br i1 %ok, label %latch, label %fail
latch:
  call void @sink(i64 %x)
  %next = sub i64 %i, 3
  br label %head
fail:
  call void @sink(i64 -1)
  ret i64 %x
done:
  ret i64 %i
}`)
	inputs := [][]int64{{math.MinInt64, 0}, {math.MinInt64 + 1, 0}, {math.MinInt64 + 2, 0}, {math.MinInt64 + 3, 0}, {0, 0}, {-7, 0}, {math.MaxInt64 - 5, 0}}
	if n := compareRuns(t, m, "main", inputs, 20000, VersionLoops); n != len(inputs) {
		t.Errorf("only %d of %d runs compared", n, len(inputs))
	}
	if !strings.Contains(m.String(), "head.fast") {
		t.Errorf("not versioned:\n%s", m)
	}
}

// From index 0 upwards, the test that the last index is below len says
// that len is above 0 too: there is no separate test of the first index.
func TestVersionLoopsFromZeroTestsTheLastIndexOnly(t *testing.T) {
	m := mustParse(t, "in.ll", versionLoopIR(0, "slt", "%x = add i64 %i, 0"))
	f := m.Func("main")
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	text := f.String()
	if !strings.Contains(text, "%lastok = icmp ule i64 %n, %len") || strings.Contains(text, "firstok") {
		t.Errorf("want the last index tested alone:\n%s", text)
	}
}

// Counting up from a start known to be >= 0 — a constant, or a value that
// a check of the counter itself tests — the last index is tested itself:
// c + n <=u len for a[c + i] below n (c + n <u len to n inclusive), where
// the general test takes span = n - init - 1, room = len - x0 and their
// compare (and i + 2 below n: n + 1 <u len). From -2, the general test
// stays.
func TestVersionLoopsTestsTheLastIndexItself(t *testing.T) {
	for _, tc := range []struct {
		init          int64
		pred, index   string
		want, notWant string
	}{
		{0, "slt", "%x = add i64 %c, %i", "%end = add i64 %c, %n\n  %lastok = icmp ule i64 %end, %len", "%room"},
		{3, "sle", "%x = add i64 %i, %c", "%end = add i64 %n, %c\n  %lastok = icmp ult i64 %end, %len", "%room"},
		{-2, "slt", "%x = add i64 %c, %i", "%lastok = icmp ult i64 %span.1, %room", "%end"},
	} {
		_, f := versionChecked(t, versionLoopIR(tc.init, tc.pred, tc.index), 1)
		if text := f.String(); !strings.Contains(text, tc.want) || strings.Contains(text, tc.notWant) {
			t.Errorf("want %q and no %q in:\n%s", tc.want, tc.notWant, text)
		}
	}
	_, f := versionChecked(t, startAnywhereIR("%y = add i64 %i, 2"), 2)
	if text := f.String(); !strings.Contains(text, "%end = add i64 %n, 1\n  %lastok = icmp ult i64 %end, %len") || strings.Contains(text, "%room") {
		t.Errorf("want the last indexes tested themselves:\n%s", text)
	}
}

// An index rising from a constant >= 0 by the counter's step of 1 — a[i +
// 1] from i = 0, a closure over a set's successors — is below len at its
// first value when its last value is, which the test of the last index
// itself says when the loop runs: there is no test of the first index.
// The last, n + C - 1 below n, is tested <u len: n <u len for a[i + 1].
// The oracle runs such loops to bounds near MIN, 0, len and MAX.
func TestVersionLoopsConstantFirstIndexNeedsNoTest(t *testing.T) {
	constStart := func(init, y string) string {
		src := strings.Replace(startAnywhereIR(y), "[ %init, %entry ]", "[ "+init+", %entry ]", 1)
		return strings.Replace(src, "%ok1 = icmp ult i64 %i, %len", "%ok1 = icmp ne i64 %i, %l", 1)
	}
	f := mustParse(t, "in.ll", constStart("0", "%y = add i64 %i, 1")).Func("main")
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	if text := f.String(); !strings.Contains(text, "%lastok = icmp ult i64 %n, %len") || strings.Contains(text, "firstok") {
		t.Errorf("want the last index tested alone:\n%s", text)
	}
	var inputs [][]int64
	edges := []int64{math.MinInt64, math.MinInt64 + 1, -3, -1, 0, 1, 2, 3, 7, 30, 31, 32, 60, 63, 64, math.MaxInt64 - 3, math.MaxInt64 - 1, math.MaxInt64}
	for _, n := range edges {
		for _, l := range []int64{0, 1, 2, 3, 32, 63, -1, 37} {
			inputs = append(inputs, []int64{0, n, l})
		}
	}
	var tally versionTally
	for _, init := range []string{"0", "1", "5"} {
		for _, y := range []string{"%y = add i64 %i, 1", "%y = add i64 %i, 3", "%y = sub i64 %i, 1", "%y = add i64 %i, 0", "%y = add i64 2, %i"} {
			tally.run(t, constStart(init, y), inputs)
		}
	}
	tally.check(t, 2000)
}

// startAnywhereIR is a loop `for i = init; i < n; i += 1` (init and n
// arguments, any i64) that checks i itself and y against len = l & 63, each
// failing check to its own call; it sends i and y to @sink.
func startAnywhereIR(y string) string {
	return fmt.Sprintf(`
declare void @sink(i64)

define i64 @main(i64 %%init, i64 %%n, i64 %%l) {
entry:
  %%len = and i64 %%l, 63
  %%c = srem i64 %%l, 5
  br label %%head
head:
  %%i = phi i64 [ %%init, %%entry ], [ %%next, %%l2 ]
  %%more = icmp slt i64 %%i, %%n
  br i1 %%more, label %%body, label %%done
body:
  %%ok1 = icmp ult i64 %%i, %%len
  br i1 %%ok1, label %%l1, label %%f1
l1:
  call void @sink(i64 %%i)
  %s
  %%ok2 = icmp ult i64 %%y, %%len
  br i1 %%ok2, label %%l2, label %%f2
l2:
  call void @sink(i64 %%y)
  %%next = add i64 %%i, 1
  br label %%head
f1:
  call void @sink(i64 -1)
  ret i64 %%i
f2:
  call void @sink(i64 -2)
  ret i64 %%y
done:
  ret i64 %%i
}`, y)
}

// The oracle for last indexes tested themselves: a start anywhere, made
// non-negative only by the check of the counter, to bounds near MIN, 0,
// len and MAX, with a second index above, below or at an invariant
// distance from the counter; what the loop computes and calls is the same
// after versioning.
func TestVersionLoopsLastIndexItselfOracle(t *testing.T) {
	var inputs [][]int64
	edges := []int64{math.MinInt64, math.MinInt64 + 1, -3, -1, 0, 1, 2, 7, 30, 31, 32, 60, 63, 64, math.MaxInt64 - 1, math.MaxInt64}
	for _, init := range edges {
		for _, n := range edges {
			for _, l := range []int64{0, 1, 32, 63, -1, 37} {
				inputs = append(inputs, []int64{init, n, l})
			}
		}
	}
	var tally versionTally
	for _, y := range []string{"%y = add i64 %i, 2", "%y = sub i64 %i, 1", "%y = add i64 %i, %c", "%y = sub i64 %i, %c", "%y = add i64 %i, 0"} {
		tally.run(t, startAnywhereIR(y), inputs)
	}
	tally.check(t, 3000)
	// Without the check of the counter, a start near MIN, a bound near MAX
	// and y = i + u with u = MIN + 5 make y's first index 5 and its last,
	// 2^64 - 2 steps on, 3 modulo 2^64: both below len, though the loop
	// leaves [0, len) after len - 5 steps. The general test stays there.
	noSelf := strings.Replace(startAnywhereIR("%y = add i64 %i, %u"), "%ok1 = icmp ult i64 %i, %len", "%ok1 = icmp ne i64 %i, %l", 1)
	noSelf = strings.Replace(noSelf, "i64 %l) {", "i64 %l, i64 %u) {", 1)
	var wrapping [][]int64
	for _, in := range inputs {
		for _, u := range []int64{0, 5, math.MinInt64 + 5, math.MinInt64 + 3, -3} {
			wrapping = append(wrapping, append(in[:3:3], u))
		}
	}
	tally = versionTally{}
	tally.run(t, noSelf, wrapping)
	tally.check(t, 3000)
}

// reversalIR is a reversal's loop `while i < j` (or <=) with i counting up
// from init to the middle and j down from last: it checks index x, made
// from i, and y, made from j, against len, swapping elements as it goes
// (here: sending x and y to @sink), and a failing check calls @sink(-1).
// An empty x or y checks the cursor itself.
func reversalIR(init, last, pred, up, down, x, y string) string {
	xv, yv := "%x", "%y"
	if x == "" {
		xv = "%i"
	}
	if y == "" {
		yv = "%j"
	}
	return fmt.Sprintf(`
declare void @sink(i64)

define i64 @main(i64 %%a, i64 %%b) {
entry:
  %%len = and i64 %%a, 31
  %%c = srem i64 %%b, 7
  %%step = srem i64 %%b, 3
  br label %%head
head:
  %%i = phi i64 [ %s, %%entry ], [ %%i.next, %%latch ]
  %%j = phi i64 [ %s, %%entry ], [ %%j.next, %%latch ]
  %%more = icmp %s i64 %%i, %%j
  br i1 %%more, label %%body, label %%done
body:
  %s
  %%okx = icmp ult i64 %s, %%len
  br i1 %%okx, label %%body2, label %%fail
body2:
  %s
  %%oky = icmp ult i64 %s, %%len
  br i1 %%oky, label %%latch, label %%fail
latch:
  call void @sink(i64 %s)
  call void @sink(i64 %s)
  %%i.next = %s
  %%j.next = %s
  br label %%head
fail:
  call void @sink(i64 -1)
  ret i64 %%i
done:
  %%r = sub i64 %%j, %%i
  ret i64 %%r
}`, init, last, pred, x, xv, y, yv, xv, yv, up, down)
}

// Two cursors meeting (fannkuch's flips, a reversal): both checks leave the
// fast copy, and the test before it bounds i by j's start and j by i's.
func TestVersionLoopsTwoCursors(t *testing.T) {
	m, f := versionChecked(t, reversalIR("0", "%c", "slt", "add i64 %i, 1", "sub i64 %j, 1", "", ""), 2)
	for _, want := range []string{"%endok = icmp ult i64 %c, %len"} {
		if !strings.Contains(f.String(), want) {
			t.Errorf("no %q in:\n%s", want, f)
		}
	}
	if strings.Contains(f.String(), "startok") || strings.Contains(f.String(), "lastok") {
		t.Errorf("want the end tested alone:\n%s", f)
	}
	checkLLVMAccepts(t, "out.ll", m.String())
}

// The oracle for two cursors: starts inside, at and outside the array
// (negative, past the end, crossed), by steps of 1, 2 and one that may be
// zero or negative, while i < j, i <= j or j > i, with indexes at, beside
// and across the cursors; what the loop computes and calls is the same
// after versioning, and most shapes are versioned.
func TestVersionLoopsTwoCursorsOracle(t *testing.T) {
	var inputs [][]int64
	for _, a := range []int64{0, 1, 5, 17, 31, -3, 63} {
		for _, b := range []int64{0, 3, 6, -2, -6, 13, 20} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	starts := [][2]string{{"0", "%c"}, {"%c", "%len"}, {"0", "%len"}, {"-1", "%c"}, {"%c", "30"}, {"3", "%c"}, {"%len", "0"}}
	preds := []struct{ pred, a, b string }{{"slt", "%i", "%j"}, {"sle", "%i", "%j"}, {"sgt", "%j", "%i"}}
	steps := [][2]string{{"add i64 %i, 1", "sub i64 %j, 1"}, {"add i64 %i, 2", "add i64 %j, -1"}, {"add i64 1, %i", "sub i64 %j, %step"}, {"add i64 %i, %step", "sub i64 %j, 2"}}
	indexes := [][2]string{
		{"", ""},
		{"%x = add i64 %i, 0", "%y = add i64 %j, 0"},
		{"", "%y = sub i64 %j, 1"},
		{"%x = add i64 %i, 1", "%y = sub i64 %j, 1"},
		{"%x = add i64 %i, %c", "%y = sub i64 %j, %c"},
		{"%x = mul i64 %i, 2", "%y = sub i64 30, %j"},
	}
	var tally versionTally
	for _, st := range starts {
		for _, p := range preds {
			for k, ix := range indexes {
				step := steps[(tally.shapes+1+k)%len(steps)]
				src := reversalIR(st[0], st[1], p.pred, step[0], step[1], ix[0], ix[1])
				if p.a != "%i" {
					src = strings.Replace(src, "icmp sgt i64 %i, %j", "icmp sgt i64 %j, %i", 1)
				}
				tally.run(t, src, inputs)
			}
		}
	}
	tally.check(t, 3000)
}

// A loop to an inclusive bound by 1 that checks its counter itself needs no
// test that the counter cannot wrap: the check's tests pass only when
// n < len. Over bounds near MAX and MIN and lengths around them, the loop
// computes and calls the same after versioning, counting up and down.
func TestVersionLoopsInclusiveCheckOfCounter(t *testing.T) {
	for _, dir := range []struct{ init, pred, next string }{
		{"sub i64 %n, 5", "sle", "add i64 %i, 1"},
		{"add i64 %n, 5", "sge", "sub i64 %i, 1"},
		{"and i64 %b, 7", "sle", "add i64 %i, 1"},
	} {
		m := mustParse(t, "in.ll", fmt.Sprintf(`
declare void @sink(i64)

define i64 @main(i64 %%n, i64 %%b) {
entry:
  %%len = and i64 %%b, 63
  %%init = %s
  br label %%head
head:
  %%i = phi i64 [ %%init, %%entry ], [ %%next, %%latch ]
  %%more = icmp %s i64 %%i, %%n
  br i1 %%more, label %%body, label %%done
body:
  %%ok = icmp ult i64 %%i, %%len
  br i1 %%ok, label %%latch, label %%fail
latch:
  call void @sink(i64 %%i)
  %%next = %s
  br label %%head
fail:
  call void @sink(i64 -1)
  ret i64 %%i
done:
  ret i64 %%i
}`, dir.init, dir.pred, dir.next))
		var inputs [][]int64
		for _, n := range []int64{math.MaxInt64, math.MaxInt64 - 1, math.MinInt64, math.MinInt64 + 1, -1, 0, 3, 9, 40, 62, 63, 70} {
			for _, b := range []int64{0, 5, 40, 63, -1} {
				inputs = append(inputs, []int64{n, b})
			}
		}
		if n := compareRuns(t, m, "main", inputs, 20000, VersionLoops); n < len(inputs)*3/4 {
			t.Errorf("only %d of %d runs compared", n, len(inputs))
		}
		text := m.String()
		if !strings.Contains(text, "head.fast") || strings.Contains(text, "%ends") {
			t.Errorf("want a copy without a test of wrapping:\n%s", text)
		}
	}
}

// threeChecksIR is versionLoopIR's loop with three checks against one
// length, of x, y and z, each failing to its own call.
func threeChecksIR(init int64, pred, next, x, y, z string) string {
	return fmt.Sprintf(`
declare void @sink(i64)

define i64 @main(i64 %%a, i64 %%b) {
entry:
  %%len = and i64 %%a, 31
  %%c = srem i64 %%b, 9
  %%n = srem i64 %%a, 37
  br label %%head
head:
  %%i = phi i64 [ %d, %%entry ], [ %%next, %%l3 ]
  %%more = icmp %s i64 %%i, %%n
  br i1 %%more, label %%body, label %%done
body:
  %s
  %s
  %s
  %%ok1 = icmp ult i64 %%x, %%len
  br i1 %%ok1, label %%l1, label %%f1
l1:
  call void @sink(i64 %%x)
  %%ok2 = icmp ult i64 %%y, %%len
  br i1 %%ok2, label %%l2, label %%f2
l2:
  call void @sink(i64 %%y)
  %%ok3 = icmp ult i64 %%z, %%len
  br i1 %%ok3, label %%l3, label %%f3
l3:
  call void @sink(i64 %%z)
  %%next = %s
  br label %%head
f1:
  call void @sink(i64 -1)
  ret i64 %%x
f2:
  call void @sink(i64 -2)
  ret i64 %%y
f3:
  call void @sink(i64 -3)
  ret i64 %%z
done:
  ret i64 %%i
}`, init, pred, x, y, z, next)
}

// Checks of a[i], a[i + 1] and a[i - 1] need tests of the lowest first
// index and the highest index alone: i - 1's first and i + 1's first and
// last; a[i]'s are implied. From i = 1, i - 1's first index is 0 and i +
// 1's is 2, constants below the last index, which i + 1's last test
// bounds: that test is the only one.
func TestVersionLoopsNeighbourChecks(t *testing.T) {
	m := mustParse(t, "in.ll", threeChecksIR(1, "slt", "add i64 %i, 1", "%x = add i64 %i, 0", "%y = add i64 %i, 1", "%z = sub i64 %i, 1"))
	f := m.Func("main")
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	tests := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpICmp && (strings.HasPrefix(v.Name, "firstok") || strings.HasPrefix(v.Name, "lastok")) {
				tests++
			}
		}
	}
	if tests != 1 || !strings.Contains(f.String(), "head.fast") {
		t.Errorf("%d tests, want 1:\n%s", tests, f)
	}
}

// The oracle for checks of neighbouring indexes: offsets around the
// counter, with an invariant base or none, counting up and down, over
// inputs whose checks pass or fail at any iteration; what the loop
// computes and calls is the same after versioning.
func TestVersionLoopsNeighbourChecksOracle(t *testing.T) {
	var inputs [][]int64
	for _, a := range []int64{0, 1, 2, 5, 17, 31, 36, -3, 63} {
		for _, b := range []int64{0, 1, 3, -2, 8, -8} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	triples := [][3]string{
		{"%x = add i64 %i, 0", "%y = add i64 %i, 1", "%z = sub i64 %i, 1"},
		{"%x = add i64 %i, 2", "%y = add i64 %i, 1", "%z = add i64 %i, 0"},
		{"%x = add i64 %c, %i", "%y = add i64 %x, 1", "%z = sub i64 %x, 2"},
		{"%x = sub i64 %i, 3", "%y = add i64 3, %i", "%z = add i64 %i, 3"},
		{"%x = add i64 %i, %i", "%y = add i64 %x, 1", "%z = sub i64 %i, 1"},
		{"%x = sub i64 %c, %i", "%y = add i64 %x, 1", "%z = sub i64 %x, 1"},
	}
	loops := []struct {
		init       int64
		pred, next string
	}{{0, "slt", "add i64 %i, 1"}, {1, "sle", "add i64 %i, 2"}, {-1, "slt", "add i64 %i, 1"}, {30, "sge", "sub i64 %i, 1"}, {20, "sgt", "add i64 %i, -2"}}
	var tally versionTally
	for _, l := range loops {
		for _, tr := range triples {
			tally.run(t, threeChecksIR(l.init, l.pred, l.next, tr[0], tr[1], tr[2]), inputs)
		}
	}
	tally.check(t, 1000)
}

// versionTally runs oracles of VersionLoops over many shapes: how many
// runs compared, shapes tried and shapes versioned.
type versionTally struct{ compared, shapes, versioned int }

// run compares src's runs of main over inputs before and after
// VersionLoops, and counts the shape.
func (v *versionTally) run(t *testing.T, src string, inputs [][]int64) {
	t.Helper()
	m := mustParse(t, "in.ll", src)
	v.shapes++
	v.compared += compareRuns(t, m, "main", inputs, 20000, VersionLoops)
	if strings.Contains(m.String(), "head.fast") {
		v.versioned++
	}
}

// check fails t unless at least minRuns runs compared and three shapes in
// four were versioned.
func (v *versionTally) check(t *testing.T, minRuns int) {
	t.Helper()
	if v.compared < minRuns || v.versioned < v.shapes*3/4 {
		t.Errorf("only %d runs compared, %d of %d shapes versioned", v.compared, v.versioned, v.shapes)
	}
}

// versionChecked versions main of src and checks that the fast copy has no
// check (an icmp named ok...) and the original keeps want of them.
func versionChecked(t *testing.T, src string, want int) (*Module, *Func) {
	t.Helper()
	m := mustParse(t, "in.ll", src)
	f := m.Func("main")
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	checks := map[bool]int{}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if v.Op == OpICmp && strings.HasPrefix(v.Name, "ok") {
				checks[strings.HasSuffix(b.Name, ".fast")]++
			}
		}
	}
	if checks[true] != 0 || checks[false] != want {
		t.Errorf("checks in the fast copy %d (want 0), in the original %d (want %d):\n%s", checks[true], checks[false], want, f)
	}
	return m, f
}

// An exit test by != of a counter stepping up by 1 runs as < once the
// start is at most n, which the test before the loop checks; and the
// counter's test may follow another exit test (queens' `while !*q && j !=
// n`, here a test of the sum). Over starts below, at and above n (where
// the original runs until a check fails), the versioned loops compute and
// call the same.
func TestVersionLoopsUnequalAndChainedExit(t *testing.T) {
	ne := versionLoopIR(0, "ne", "%x = add i64 %c, %i")
	m, f := versionChecked(t, ne, 1)
	if !strings.Contains(f.String(), "%startok = icmp sle i64 0, %n") {
		t.Errorf("no test of the start against n in:\n%s", f)
	}
	checkLLVMAccepts(t, "out.ll", m.String())
	chained := strings.Replace(ne, `  %more = icmp ne i64 %i, %n
  br i1 %more, label %body, label %done
body:`, `  %small = icmp slt i64 %sum, 1000
  br i1 %small, label %test, label %done
test:
  %more = icmp ne i64 %i, %n
  br i1 %more, label %body, label %done
body:`, 1)
	if chained == ne {
		t.Fatal("the chained loop's text did not change")
	}
	if _, f := versionChecked(t, chained, 1); !strings.Contains(f.String(), "%startok = icmp sle i64 0, %n") {
		t.Errorf("the chained loop is not versioned:\n%s", f)
	}
	var inputs [][]int64
	for _, a := range []int64{0, 2, 5, 17, 31, 36, -3, 63} {
		for _, b := range []int64{0, 3, 14, 30, 39, -7, -40} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	compared := 0
	for _, init := range []int64{-2, 0, 3, 40} {
		for _, src := range []string{ne, chained} {
			src = strings.Replace(src, "[ 0, %entry ]", fmt.Sprintf("[ %d, %%entry ]", init), 1)
			compared += compareRuns(t, mustParse(t, "in.ll", src), "main", inputs, 20000, VersionLoops)
		}
	}
	if compared < 400 {
		t.Errorf("only %d runs compared", compared)
	}
}

// An index u ± (i >> k) (knapsack's take[row + (w >> 6)]) moves
// monotonically with a counter stepping by 1, up or down: the copy drops
// its check after tests of the first and last index, and over starts,
// bounds and offsets that pass, fail in the middle or never run, the
// versioned loops compute and call the same.
func TestVersionLoopsShiftedIndex(t *testing.T) {
	versionChecked(t, versionLoopIR(0, "slt", "%y = ashr i64 %i, 2\n  %x = add i64 %c, %y"), 1)
	var inputs [][]int64
	for _, a := range []int64{0, 5, 17, 31, 36, -3, -36, 63} {
		for _, b := range []int64{0, 3, 14, 30, 39, -7, -40} {
			inputs = append(inputs, []int64{a, b})
		}
	}
	indexes := []string{
		"%y = ashr i64 %i, 2\n  %x = add i64 %c, %y",
		"%y = ashr i64 %i, 1\n  %x = add i64 %y, %c",
		"%y = ashr i64 %i, 3\n  %x = sub i64 %c, %y",
		"%y = ashr i64 %i, 1\n  %x = sub i64 %y, %c",
		"%x = ashr i64 %i, 1",
	}
	var tally versionTally
	for _, init := range []int64{-9, 0, 7, 45} {
		for _, pred := range []string{"slt", "sle", "ne", "sgt", "sge"} {
			for _, index := range indexes {
				src := versionLoopIR(init, pred, index)
				if pred == "sgt" || pred == "sge" {
					src = strings.Replace(src, "%next = add i64 %i, 1", "%next = sub i64 %i, 1", 1)
				}
				tally.run(t, src, inputs)
			}
		}
	}
	tally.check(t, 1000)
}

// manyVersionedLoops is a function of n loops one after the other, each
// reading an element past its counter (a check BCE cannot prove).
func manyVersionedLoops(n int) string {
	var src strings.Builder
	src.WriteString("declare void @sink(i64)\n\ndefine i64 @main(i64 %a, i64 %b) {\nentry:\n  %len = and i64 %a, 31\n  %n = srem i64 %b, 40\n  br label %h0\n")
	for k := range n {
		next := fmt.Sprintf("h%d", k+1)
		if k == n-1 {
			next = "done"
		}
		fmt.Fprintf(&src, `h%[1]d:
  %%i%[1]d = phi i64 [ 0, %%%[3]s ], [ %%i%[1]d.next, %%l%[1]d ]
  %%more%[1]d = icmp slt i64 %%i%[1]d, %%n
  br i1 %%more%[1]d, label %%b%[1]d, label %%%[2]s
b%[1]d:
  %%x%[1]d = add i64 %%i%[1]d, %[4]d
  %%ok%[1]d = icmp ult i64 %%x%[1]d, %%len
  br i1 %%ok%[1]d, label %%l%[1]d, label %%fail
l%[1]d:
  call void @sink(i64 %%x%[1]d)
  %%i%[1]d.next = add i64 %%i%[1]d, 1
  br label %%h%[1]d
`, k, next, map[bool]string{true: "entry", false: fmt.Sprintf("h%d", k-1)}[k == 0], k%32)
	}
	src.WriteString("fail:\n  call void @sink(i64 -1)\n  ret i64 0\ndone:\n  ret i64 %len\n}\n")
	return src.String()
}

// Many loops of one function versioned in one pass, which shares the
// block order, the cloner and the -g index among them: each loop gets its
// copy, and the function computes what it did.
func TestVersionLoopsManyLoops(t *testing.T) {
	const loops = 24
	m := mustParse(t, "many.ll", manyVersionedLoops(loops))
	inputs := [][]int64{{0, 0}, {5, 30}, {31, 7}, {31, 39}, {20, 3}, {-3, 7}}
	if n := compareRuns(t, m, "main", inputs, 100000, VersionLoops); n != len(inputs) {
		t.Errorf("only %d of %d runs compared", n, len(inputs))
	}
	if got := strings.Count(m.String(), ".fast.preheader:"); got != loops {
		t.Errorf("%d loops versioned, want %d:\n%s", got, loops, m)
	}
}

// Versioning allocates about as much per loop in a function of 2,000
// loops as in one of 200: a plan's work is its loop's, not the
// function's (a table of the function's size for each made 10,000 loops
// take 50 s).
func TestVersionLoopsLinear(t *testing.T) {
	checkLinearAllocation(t, "loop versioned", 200, 2000, 1.5, func(n int) float64 {
		m := mustParse(t, "many.ll", manyVersionedLoops(n))
		bytes := allocatedPer(n, func() { VersionLoops(m.Func("main")) })
		if got := strings.Count(m.String(), ".fast.preheader:"); got != n {
			t.Fatalf("%d of %d loops versioned", got, n)
		}
		return bytes
	})
}

// manyLengthsLoopIR is a loop over i < n checking i against k lengths,
// one block each, that sums the indexes the checks let through.
func manyLengthsLoopIR(k int) string {
	var b strings.Builder
	b.WriteString("declare void @sink(i64)\n\ndefine i64 @main(i64 %a, i64 %n) {\nentry:\n")
	for j := range k {
		fmt.Fprintf(&b, "  %%len.%d = add i64 %%a, %d\n", j, j)
	}
	b.WriteString("  br label %head\nhead:\n  %i = phi i64 [ 0, %entry ], [ %next, %latch ]\n")
	b.WriteString("  %sum = phi i64 [ 0, %entry ], [ %sum.next, %latch ]\n")
	b.WriteString("  %more = icmp slt i64 %i, %n\n  br i1 %more, label %check.0, label %done\n")
	for j := range k {
		next := fmt.Sprintf("check.%d", j+1)
		if j == k-1 {
			next = "latch"
		}
		fmt.Fprintf(&b, "check.%d:\n  %%ok.%d = icmp ult i64 %%i, %%len.%d\n  br i1 %%ok.%d, label %%%s, label %%fail\n", j, j, j, j, next)
	}
	b.WriteString("latch:\n  %sum.next = add i64 %sum, %i\n  %next = add i64 %i, 1\n  br label %head\n")
	b.WriteString("fail:\n  call void @sink(i64 -1)\n  ret i64 %i\ndone:\n  ret i64 %sum\n}\n")
	return b.String()
}

// A loop whose checks compare with more than maxVersionArrays lengths is
// not versioned: its test before the loop would be as long (a loop over
// 10,000 arrays made a chain of 10,000 tests, and 7 GB of register
// allocation); one with maxVersionArrays is.
func TestVersionLoopsCapsTheLengths(t *testing.T) {
	for _, k := range []int{maxVersionArrays, maxVersionArrays + 1} {
		m := mustParse(t, "lengths.ll", manyLengthsLoopIR(k))
		VersionLoops(m.Func("main"))
		if got, want := strings.Contains(m.String(), "head.fast"), k <= maxVersionArrays; got != want {
			t.Errorf("%d lengths: versioned %v, want %v:\n%s", k, got, want, m)
		}
	}
}

// A loop that came from an inlined call is versioned inside that call:
// every instruction the pass makes (the tests before the loop, the copy,
// the jump to it) has the call's inline site, so that the debugging
// information keeps them in the callee's frame (tests/debugdiff_test.go,
// seed 5508775: the test, left in the caller, was a stop in the caller's
// frame on the callee's line).
func TestVersionLoopsKeepsTheInlineSite(t *testing.T) {
	m := mustParse(t, "in.ll", versionLoopIR(-2, "slt", "%x = add i64 %c, %i"))
	f := m.Func("main")
	site := f.addInlineSite(InlineSite{Callee: "inlined"})
	before := map[*Value]bool{}
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			v.Inlined = site
			before[v] = true
		}
	}
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	made := 0
	for _, b := range f.Blocks {
		for _, v := range b.Instrs {
			if before[v] {
				continue
			}
			made++
			if v.Inlined != site {
				t.Errorf("%s in %s: inline site %d, want %d", v.LongString(), b.Name, v.Inlined, site)
			}
		}
	}
	if made == 0 {
		t.Fatalf("the loop was not versioned:\n%s", f)
	}
}

// A variable assigned, after a versioned loop, a value the loop computed
// (its sum) has no value there: past the loop that value is the slow
// copy's alone, the fast copy's going with it through a slot (demote),
// and the assignment has no load of the slot to take instead (seed
// 5510018). The assignment inside the loop keeps its value.
func TestVersionLoopsKillsAssignmentsAfterTheLoop(t *testing.T) {
	m := mustParse(t, "in.ll", versionLoopIR(-2, "slt", "%x = add i64 %c, %i"))
	m.DebugUnit = &DebugUnit{}
	f := m.Func("main")
	sum, r := valueNamed(f, "sum"), valueNamed(f, "r")
	f.Debug = &FuncDebug{Vars: []*DebugVar{{Name: "s", Type: "int"}}, Assigns: []DebugAssign{
		{Var: 0, Value: sum, Block: sum.Block, Phi: true},
		{Var: 0, Value: sum, Block: r.Block, Anchors: []*Value{r}},
	}}
	VersionLoops(f)
	if err := Verify(f); err != nil {
		t.Fatalf("%s\n%v", f, err)
	}
	if !strings.Contains(f.String(), "head.fast") {
		t.Fatalf("the loop was not versioned:\n%s", f)
	}
	if a := f.Debug.Assigns[0]; a.Dead {
		t.Errorf("the assignment in the loop is dead")
	}
	if a := f.Debug.Assigns[1]; !a.Dead {
		t.Errorf("the assignment after the loop takes %s, the slow copy's value alone", a.Value)
	}
}
