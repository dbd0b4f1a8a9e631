package tests

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"toyc/tests/gen"
)

var (
	debugDiffPrograms = flag.Int("debugdiff", 6, "TestDebugDifferential: how many generated programs to check")
	debugDiffSeed     = flag.Int64("debugdiffseed", 1, "TestDebugDifferential: the first generated program's seed")
	debugDiffLevels   = flag.String("debugdifflevels", "-O1,-O2", "TestDebugDifferential: the levels checked against -O0")
)

// gdbTimeout bounds one gdb session of TestDebugDifferential (200 stops
// of a generated program take a few seconds); a session that does not
// finish in time is run once more with gdbRetryTimeout (a loaded machine),
// and fails the test if it does not finish then either, so that a program
// is never passed with no values compared.
const (
	gdbTimeout      = 60 * time.Second
	gdbRetryTimeout = 240 * time.Second
)

// A debugStop is what gdb showed at one stop: the variables' values by
// name and declaration line ("x:12"), innermost first for a shadowed name.
type debugStop struct {
	vars map[string]string
}

// debugStops runs exe under gdb with tests/debug/stops.py, stopping at
// every line of src, and returns the stops by
// "function line #depth@site/path n" (the n-th stop at that line of that
// function with depth frames on the stack, inlined calls counted: an
// invocation of a recursive function is told from another by its depth;
// called from the caller's line site: a call is told from one made
// elsewhere; in the invocation path numbers: the stops of one call are
// told from the next's), and their order. A gdb that does not finish, or
// stops nowhere, fails the test.
func debugStops(t *testing.T, dir, exe, src string) (map[string]debugStop, []string) {
	t.Helper()
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb not found")
	}
	script, err := filepath.Abs(filepath.Join("debug", "stops.py"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-nx", "-batch", "-ex", "set $toysrc = \"" + src + "\"", "-x", script, exe}
	r, err := execute(dir, gdbTimeout, gdb, args...)
	if errors.Is(err, errTimeout) {
		t.Logf("gdb did not finish in %v: once more, for %v", gdbTimeout, gdbRetryTimeout)
		r, err = execute(dir, gdbRetryTimeout, gdb, args...)
	}
	if err != nil {
		t.Errorf("gdb did not finish: %v", err)
		return nil, nil
	}
	stops := map[string]debugStop{}
	var order []string
	var cur debugStop
	for _, line := range strings.Split(string(r.stdout), "\n") {
		switch {
		case strings.HasPrefix(line, "STOP "):
			key := strings.TrimPrefix(line, "STOP ")
			cur = debugStop{vars: map[string]string{}}
			stops[key] = cur
			order = append(order, key)
		case strings.HasPrefix(line, "VAR ") && cur.vars != nil:
			f := strings.SplitN(strings.TrimPrefix(line, "VAR "), " ", 3)
			if len(f) == 3 {
				k := f[0] + ":" + f[1]
				if _, seen := cur.vars[k]; !seen { // the innermost of a shadowed name
					cur.vars[k] = f[2]
				}
			}
		}
	}
	if len(order) == 0 {
		t.Errorf("%s: gdb stopped at no line of %s\n%s", exe, src, r.stderr)
	}
	return stops, order
}

// compareDebugStops compares -O2's stops with -O0's at the same dynamic
// stop: every variable -O2 shows must have -O0's value. Variables declared
// on the stop's line or later are left out (at -O0 they show whatever is
// in their slot before the declaration runs). It returns the number of
// values compared and a description of each wrong one.
//
// The n-th stop at a line is the same dynamic stop in both runs only if
// optimization left the line reached as often, in the same places: a test
// the optimizer decided for the first iteration stops once less, and every
// later stop at that line would be compared with the one an iteration
// before. Such a line is found by its stops' predecessors: where the n-th
// stop at the line follows a stop at another line in one run than in the
// other (the first after the loop's start at -O0, the one after the first
// iteration's last line at -O2), no stop at that line is compared. A line
// whose code the optimizer deleted on one path only (a statement whose
// result an inlined copy does not use) is reached as often up to that
// path, and one stop fewer after it, with the same line before: so the
// two runs' stops are also aligned, as diff aligns lines, on the longest
// common subsequence of their lines, and the n-th stop at a line is
// compared only where the alignment pairs it with the other run's n-th
// stop at that line. A "line" is a line at a depth of the call stack and
// from a call site in one invocation (debugStops), so that the stops of
// one invocation of a recursive function are never paired with another's,
// nor those of calls from different places or of different calls: a copy
// of the function inlined into itself may stop at fewer lines than a call
// does (debug/recursive.toy), and so may an inlined call whose code for a
// line was folded (debug/callsite.toy), or a fully unrolled loop.
//
// gdb keeps one breakpoint location per lexical block and line (its
// linespec.c), so a line's code in two places of one block stops only at
// the first: a for statement's increment and test are two stops at -O0,
// the increment tail-duplicated into a block of its own, and one at -O2,
// where the latch's increment and test follow the body in the loop's
// block and gdb stops at the header's test alone (seed 5501712). Where the
// stops at a line come in runs (with no other line between) of different
// lengths in the two runs, which of -O0's stops the -O2 one is, is not
// known: it is compared with each of them, and is wrong only when it has
// none of their values. A line stopped at more often between two stops of
// another line in one run than in the other (an unrolled loop's body) is
// not compared at all (unevenLines), nor is one stopped at more often
// before a later line in one run than in the other (unevenCounts), nor a
// call from a line that made more calls in one run than in the other
// (unevenCalls).
func compareDebugStops(ref, opt map[string]debugStop, refOrder, optOrder []string) (compared int, wrong []string) {
	lineOf := func(key string) string { return key[:strings.LastIndex(key, " ")] } // "function line #depth@site/path"
	before := func(order []string) map[string]string {
		m := make(map[string]string, len(order))
		for i, k := range order {
			if i > 0 {
				m[k] = lineOf(order[i-1])
			}
		}
		return m
	}
	refBefore, optBefore := before(refOrder), before(optOrder)
	unreliable := map[string]bool{}
	for k, p := range optBefore {
		if q, ok := refBefore[k]; ok && q != p {
			unreliable[lineOf(k)] = true
		}
	}
	for l := range unevenLines(refOrder, optOrder, lineOf) {
		unreliable[l] = true
	}
	for l := range unevenCounts(refOrder, optOrder, lineOf) {
		unreliable[l] = true
	}
	calls := unevenCalls(refOrder, optOrder)
	aligned := alignStops(refOrder, optOrder, lineOf)
	// runs maps each stop to its run: the stops at its line, consecutive.
	runs := func(order []string) map[string][]string {
		m := make(map[string][]string, len(order))
		for i := 0; i < len(order); {
			j := i
			for j < len(order) && lineOf(order[j]) == lineOf(order[i]) {
				j++
			}
			for _, k := range order[i:j] {
				m[k] = order[i:j]
			}
			i = j
		}
		return m
	}
	refRuns, optRuns := runs(refOrder), runs(optOrder)
	inRun := func(key, name, v string) bool {
		for _, k := range refRuns[key] {
			if ref[k].vars[name] == v {
				return true
			}
		}
		return false
	}
	for key, o := range opt {
		r, ok := ref[key]
		if !ok || unreliable[lineOf(key)] || !aligned[key] || calls[key] {
			continue
		}
		line, _ := strconv.Atoi(strings.Fields(key)[1])
		for name, v := range o.vars {
			decl, _ := strconv.Atoi(name[strings.LastIndex(name, ":")+1:])
			rv, ok := r.vars[name]
			if !ok || decl >= line || v == "<optimized out>" || v == "<error>" || rv == "<error>" || strings.Contains(rv, "0x") {
				// Addresses (an array of arrays prints its elements'
				// addresses) differ between builds anyway.
				continue
			}
			compared++
			if v != rv && !(len(refRuns[key]) != len(optRuns[key]) && inRun(key, name, v)) {
				wrong = append(wrong, fmt.Sprintf("at %s: %s = %s, -O0 shows %s", key, name, v, rv))
			}
		}
	}
	return compared, wrong
}

// invocationOf parses a stop's key ("function line #depth@site/path n")
// into its depth, call site and path ("1.2.1": at each level of the stack,
// the call from that level's site it is, debug/stops.py); ok is false for
// a key without them.
func invocationOf(key string) (depth int, site, path string, ok bool) {
	f := strings.Fields(key)
	if len(f) < 3 || !strings.HasPrefix(f[2], "#") {
		return 0, "", "", false
	}
	d, rest, ok1 := strings.Cut(f[2][1:], "@")
	site, path, ok2 := strings.Cut(rest, "/")
	depth, err := strconv.Atoi(d)
	return depth, site, path, ok1 && ok2 && err == nil
}

// unevenCalls returns the stops (by key) in a call, or under one, made
// from a line that made a different number of calls at that depth in the
// two runs in the same invocation of the caller, where both runs went on
// in the caller afterwards. Calls from one line are numbered in the order
// they come (debug/stops.py's path), and two on one line (f(x, f(y, z)))
// are told apart only by that order: where the optimizer deleted one
// whose result was not needed, the other is the first call at -O2 and the
// second at -O0, and their stops would be compared with each other (seed
// 5508649: f5's depth was 1 in the outer call at -O2 and 3 in the inner
// one, which -O2 had deleted). Which of them is left is not known, so
// none of the line's calls there is compared.
func unevenCalls(refOrder, optOrder []string) map[string]bool {
	// A line's calls at a depth from one invocation of the caller: the
	// caller's function, call site and path (paths alone repeat: the
	// same numbers at a level, reached through other sites).
	type calls struct {
		depth                          int
		line, callerFn, callerSite, at string
	}
	type frame struct {
		fn, site, path string
		group          calls // the calls it is one of (depth 0: none)
	}
	// walk gives each stop's group of calls, or that of the call it is
	// under, to stop.
	walk := func(order []string, stop func(i int, key string, g calls, under bool)) {
		var stack []frame // by depth - 1: the last stop's frame there
		for i, k := range order {
			d, line, path, ok := invocationOf(k)
			if !ok || d < 1 {
				continue
			}
			fr := frame{fn: strings.Fields(k)[0], site: line, path: path}
			if j := strings.LastIndex(path, "."); j >= 0 && d >= 2 && len(stack) >= d-1 {
				if c := stack[d-2]; c.path == path[:j] {
					fr.group = calls{d, line, c.fn, c.site, c.path}
				}
			}
			for len(stack) < d-1 {
				stack = append(stack, frame{}) // a depth not stopped at yet
			}
			stack = append(stack[:d-1], fr)
			for e := range d - 1 {
				if g := stack[e].group; g.depth > 0 && strings.HasPrefix(path, stack[e].path+".") {
					stop(i, k, g, true)
				}
			}
			if fr.group.depth > 0 {
				stop(i, k, fr.group, false)
			}
		}
	}
	// counts gives, for each group in a run, how many calls it made,
	// where the caller stopped again after the last of them (else -1:
	// not known).
	counts := func(order []string) map[calls]int {
		n := map[calls]int{}
		last := map[calls]int{}
		walk(order, func(i int, key string, g calls, under bool) {
			if !under {
				_, _, path, _ := invocationOf(key)
				c, _ := strconv.Atoi(path[strings.LastIndex(path, ".")+1:])
				n[g] = max(n[g], c)
			}
			last[g] = i
		})
		for g, at := range last {
			resumed := false
			for _, k := range order[at+1:] {
				if d, site, path, ok := invocationOf(k); ok && d == g.depth-1 && path == g.at && site == g.callerSite && strings.Fields(k)[0] == g.callerFn {
					resumed = true
					break
				}
			}
			if !resumed {
				n[g] = -1
			}
		}
		return n
	}
	ref, opt := counts(refOrder), counts(optOrder)
	uneven := map[calls]bool{}
	for g, n := range ref {
		if m, ok := opt[g]; ok && n >= 0 && m >= 0 && n != m {
			uneven[g] = true
		}
	}
	skip := map[string]bool{}
	for _, order := range [][]string{refOrder, optOrder} {
		walk(order, func(_ int, key string, g calls, _ bool) {
			if uneven[g] {
				skip[key] = true
			}
		})
	}
	return skip
}

// linesByInvocation returns the lines (as lineOf gives them) of each
// invocation's stops ("function #depth@site/path"), in order: one per
// stop, or with runs true one per run of stops at a line.
func linesByInvocation(order []string, lineOf func(string) string, runs bool) map[string][]string {
	m := map[string][]string{}
	for _, k := range order {
		l := lineOf(k)
		f := strings.Fields(l)
		inv := f[0]
		if len(f) > 2 {
			inv += " " + f[2]
		}
		if n := len(m[inv]); !runs || n == 0 || m[inv][n-1] != l {
			m[inv] = append(m[inv], l)
		}
	}
	return m
}

// unevenCounts returns the lines (as lineOf gives them) stopped at more
// often in one run than in the other before the same later line: where
// one run, done with a line, goes on to a line it had not stopped at
// before in that invocation, the other cannot have stopped at the first
// line more often before it reaches the second, unless its stops there
// are not the same dynamic stops (one of them several in the first run).
// That is how a loop unrolled inside another shows when no other line
// marks the outer loop's passes in both runs, which unevenLines needs
// (seed 5508772: -O2 stops at the unrolled body's line once per pass of
// the outer loop, -O0 three times, and only that line and the one before
// it stop in both). Fewer stops in the other run are no sign: the later
// line's code may be gone on the first path that reaches it there, whose
// stops the alignment pairs (TestCompareDebugStopsAlignment). A run cut
// short at MAXSTOPS before the later line counts all its stops.
func unevenCounts(refOrder, optOrder []string, lineOf func(string) string) map[string]bool {
	uneven := map[string]bool{}
	// check looks at a's lines that a is done with before a line new to
	// it, against b.
	check := func(a, b []string) {
		last := map[string]int{}
		for i, l := range a {
			last[l] = i
		}
		for l, at := range last {
			seen := map[string]bool{}
			for _, x := range a[:at] {
				seen[x] = true
			}
			next := ""
			for _, x := range a[at+1:] {
				if !seen[x] && x != l {
					next = x
					break
				}
			}
			if next == "" {
				continue
			}
			na := 0
			for _, x := range a[:at+1] {
				if x == l {
					na++
				}
			}
			nb := 0
			for _, x := range b {
				if x == next {
					break
				}
				if x == l {
					nb++
				}
			}
			if nb > na {
				uneven[l] = true
			}
		}
	}
	ref, opt := linesByInvocation(refOrder, lineOf, false), linesByInvocation(optOrder, lineOf, false)
	for inv, a := range ref {
		if b, ok := opt[inv]; ok {
			check(a, b)
			check(b, a)
		}
	}
	return uneven
}

// unevenLines returns the lines (as lineOf gives them) stopped at more
// often, between two consecutive stops at another line of the same
// invocation, in one run than in the other, within the stops both runs
// have. A loop that -O2 unrolled stops at a line of its body once per pass
// through the enclosing loop, where -O0 stops there once per iteration:
// gdb keeps one breakpoint location per block and line, and the copies are
// in one block. The n-th stops at that line are then different dynamic
// stops, and the alignment does not keep them apart: where -O0's run ends
// at MAXSTOPS inside the enclosing loop, the optimized run's later passes,
// which -O0 never reached, let the longest common subsequence match two of
// them against each pass of -O0's (seeds 5502357 and 5502437: a loop
// counter compared with its value two passes on). Only a line that comes
// twice or more between two stops of the other in one run is taken: the
// enclosing loop's lines come once between two of its stops in one run and
// once between every other pair in the other, yet each of their n-th stops
// is the same in both. Counting between the stops of another line keeps a
// line whose stops only moved (code motion, a loop's test rotated to its
// end) in, and a run of stops at one line counts once (the runs' rule of
// compareDebugStops covers those).
func unevenLines(refOrder, optOrder []string, lineOf func(string) string) map[string]bool {
	// between returns, for each line of seq other than x, how many of its
	// stops come between each two consecutive stops at x (0 in those
	// before its first stop), so that both runs' counts start at x's
	// first stop.
	between := func(seq []string, x string) map[string][]int {
		counts, out := map[string]int{}, map[string][]int{}
		segments := -1 // segments ended, once x is seen
		for _, l := range seq {
			if l != x {
				if _, ok := counts[l]; !ok && segments > 0 {
					out[l] = make([]int, segments)
				}
				counts[l]++
				continue
			}
			if segments >= 0 {
				for m, c := range counts {
					out[m] = append(out[m], c)
				}
			}
			segments++
			for m := range counts {
				counts[m] = 0
			}
		}
		return out
	}
	most := func(counts []int) int {
		m := 0
		for _, n := range counts {
			m = max(m, n)
		}
		return m
	}
	uneven := map[string]bool{}
	ref, opt := linesByInvocation(refOrder, lineOf, true), linesByInvocation(optOrder, lineOf, true)
	for inv, a := range ref {
		b, ok := opt[inv]
		if !ok {
			continue
		}
		inB := map[string]bool{}
		for _, l := range b {
			inB[l] = true
		}
		done := map[string]bool{}
		for _, x := range a {
			if !inB[x] || done[x] {
				continue
			}
			done[x] = true
			cb := between(b, x)
			for l, na := range between(a, x) {
				nb := cb[l]
				k := min(len(na), len(nb))
				if !slices.Equal(na[:k], nb[:k]) && max(most(na[:k]), most(nb[:k])) > 1 {
					uneven[l] = true
				}
			}
		}
	}
	return uneven
}

// alignStops aligns two runs' stops on the longest common subsequence of
// their lines (Hunt–McIlroy's measure, computed by dynamic programming:
// at most 200 stops a run), and returns the keys ("function line n") that
// it pairs with the same key in the other run.
func alignStops(a, b []string, lineOf func(string) string) map[string]bool {
	n, m := len(a), len(b)
	la, lb := make([]string, n), make([]string, m)
	for i, k := range a {
		la[i] = lineOf(k)
	}
	for j, k := range b {
		lb[j] = lineOf(k)
	}
	// lcs[i][j]: the length of the longest common subsequence of
	// la[i:] and lb[j:].
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if la[i] == lb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	same := make(map[string]bool)
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case la[i] == lb[j]:
			if a[i] == b[j] {
				same[a[i]] = true
			}
			i++
			j++
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return same
}

// TestDebugDifferential checks the debugging information of optimized code
// against -O0's, in the manner of Di Luna et al. ("Who's debugging the
// debuggers?", 2021) and Li et al. (PLDI 2020): gdb stops at every line of
// a program built with -g at -O0 and at -O2 (and -O1), and wherever the
// optimized build shows a variable's value (not <optimized out>), it must
// be the value -O0 shows at the same dynamic stop (the n-th stop at that
// line of that function, at the same depth of the call stack, in the same
// call). Programs: debug/, -debugdiff generated ones (tests/gen, as
// TestDifferential's) and generated ones that once failed.
func TestDebugDifferential(t *testing.T) {
	needToyc(t)
	type prog struct{ name, dir, file string }
	var progs []prog
	for _, f := range []string{"vars.toy", "steps.toy", "inlined.toy", "entry.toy", "versioned.toy", "unset.toy", "split.toy", "spilled.toy", "hoisted.toy", "recursive.toy", "tailcopy.toy", "overtaken.toy", "phislot.toy", "callsite.toy", "forwarded.toy", "invariantnext.toy", "inlinedvars.toy", "homedparam.toy", "onetrip.toy", "unrolledcalls.toy", "addressed.toy"} {
		progs = append(progs, prog{f, "debug", f})
	}
	root := t.TempDir()
	// Generated programs that once showed a wrong value, or whose compile
	// did not finish, are checked on every run (while the generator makes
	// the same program of the seed):
	// 5500549, a variable's assignment by MemOpt ordered after later
	// lines' in a block inlining had split (backend's orderPieces);
	// 5501671, a store SinkStores moved past a later line's code (the
	// middle's FuncDebug.sunk); 5501712, a for statement's increment and
	// test one stop at -O2 and two at -O0 (compareDebugStops' runs);
	// 5501802, two calls of one function on one line, the first inlined
	// and partly folded, counted as one invocation (debug/stops.py's
	// calls); 5502357 and 5502437, an unrolled inner loop's line stopped
	// at once per pass of the outer loop at -O2, twice at -O0, where
	// -O0's run ended inside the outer loop (unevenLines); 5503188, a
	// constant copied into a φ's register on an edge, in the line table
	// at the φ's position, its parameter's declaration, which stops.py
	// took for a new call (backend's placeCopy); 5503347, a variable of
	// f4 that the location data flow made unknown and a join by turns,
	// for ever, until -O2 -g ran out of memory (backend's settleRounds);
	// 5505910, a loop body's last assignment not seen at the stop for
	// the for statement's increment that tail duplication put after it
	// in its block (backend's nextTrip); 5507144, an assignment before a
	// call that inlining split its block at, placed by its first anchor
	// still there, in the continuation past the callee's loop: the next
	// line's stop showed the old value (middle's FuncDebug.anchors);
	// 5508775, loop versioning's test of a loop in an inlined call made
	// without the call's inline site: code on the callee's line outside
	// the call's DIE, where gdb showed the caller's frame, so the next
	// stop in the callee counted as another call and was compared with
	// -O0's next call (middle's Builder.Inlined); 5508772, an inner loop
	// unrolled at -O2, its body's line stopped at once per pass of the
	// outer loop, three times at -O0, with no other line of the outer
	// loop stopped at in both runs (unevenCounts); 5508649, two calls of
	// f5 on one line, f5(x, !f5(3, y)), the inner one deleted at -O2,
	// whose one call was numbered as -O0's first, the inner one
	// (unevenCalls); 5509080, a variable described by the slot of
	// another, whose address a call was given, after the call had
	// written it (backend's forgetAddressed); 5509848, a variable
	// assigned in an if of a loop that -O2 unrolled and if-converted: the
	// φ became a select, and the copies' assignments, their anchors
	// folded, were not placed, so it kept its value from before the loop
	// (backend's newVarTracker, the select's block); 5510018, an inlined
	// call's parameter, a loop's count passed after the loop, which
	// versioning had made the slow copy's value alone (middle's
	// FuncDebug.demoted); 5511242, an inlined call's parameter whose value
	// was its caller's parameter at the entry, described by
	// DW_OP_entry_value, which gdb evaluates in the wrong frame for an
	// inlined subroutine (backend's varTracker.visit); 5511889, an
	// assignment of a folded call's result whose anchors were all gone
	// but the terminator, which inlining had taken to the last part of
	// the block it split at three calls after it: the variable kept its
	// value from before through them (backend's newVarTracker, placed by
	// the terminator).
	seeds := []int64{5500549, 5501671, 5501712, 5501802, 5502357, 5502437, 5503188, 5503347, 5505910, 5507144, 5508775, 5508772, 5508649, 5509080, 5509848, 5510018, 5511242, 5511889}
	for i := 0; i < *debugDiffPrograms; i++ {
		if seed := *debugDiffSeed + int64(i); !slices.Contains(seeds, seed) {
			seeds = append(seeds, seed)
		}
	}
	for _, seed := range seeds {
		p := gen.Generate(seed, diffConfig())
		text, _ := p.Text()
		dir := filepath.Join(root, "seed"+strconv.FormatInt(seed, 10))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p.toy"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		progs = append(progs, prog{"seed" + strconv.FormatInt(seed, 10), dir, "p.toy"})
	}
	var mu sync.Mutex
	var total, totalWrong, shown int
	t.Cleanup(func() { t.Logf("%d programs: %d values compared, %d wrong", len(progs), total, totalWrong) })
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			tmp := t.TempDir()
			exe := func(level string) string {
				out := filepath.Join(tmp, "debug"+level)
				compileNative(t, p.dir, level, "-g", p.file, "-o", out)
				return out
			}
			ref, refOrder := debugStops(t, p.dir, exe("-O0"), p.file)
			for _, level := range strings.Split(*debugDiffLevels, ",") {
				opt, optOrder := debugStops(t, p.dir, exe(level), p.file)
				n, wrong := compareDebugStops(ref, opt, refOrder, optOrder)
				t.Logf("%s: %d values compared, %d wrong", level, n, len(wrong))
				mu.Lock()
				total += n
				totalWrong += len(wrong)
				for _, w := range wrong {
					shown++
					if shown <= 20 {
						t.Errorf("%s %s", level, w)
					}
				}
				mu.Unlock()
			}
		})
	}
}

// TestCompareDebugStopsAlignment: a line an optimized build does not stop
// at in one call (its code deleted in one inlined copy, seeds 96198 and
// 402198) shifts the count of its later stops; those are not the same
// dynamic stops as -O0's n-th, and must not be compared, while a wrong
// value at a stop both runs reach in step still is.
func TestCompareDebugStopsAlignment(t *testing.T) {
	stop := func(kv ...string) debugStop {
		s := debugStop{vars: map[string]string{}}
		for i := 0; i+1 < len(kv); i += 2 {
			s.vars[kv[i]] = kv[i+1]
		}
		return s
	}
	ref := map[string]debugStop{
		"f 8 1": stop("x:3", "1"), "f 11 1": stop("x:3", "1"), "f 12 1": stop("x:3", "1"),
		"f 8 2": stop("x:3", "2"), "f 11 2": stop("x:3", "2"), "f 12 2": stop("x:3", "2"),
	}
	refOrder := []string{"f 8 1", "f 11 1", "f 12 1", "f 8 2", "f 11 2", "f 12 2"}
	// The first call does not stop at line 11: the optimized build's
	// first stop there is -O0's second, with the second call's value.
	opt := map[string]debugStop{
		"f 8 1": stop("x:3", "1"), "f 12 1": stop("x:3", "1"),
		"f 8 2": stop("x:3", "7"), "f 11 1": stop("x:3", "2"), "f 12 2": stop("x:3", "2"),
	}
	optOrder := []string{"f 8 1", "f 12 1", "f 8 2", "f 11 1", "f 12 2"}
	n, wrong := compareDebugStops(ref, opt, refOrder, optOrder)
	if len(wrong) != 1 || !strings.Contains(wrong[0], "f 8 2") {
		t.Errorf("wrong values %q, want only the one at f 8 2", wrong)
	}
	if n != 2 {
		// Line 12 follows line 11 at -O0 and line 8 in the optimized
		// build's first call: none of its stops is compared.
		t.Errorf("%d values compared, want 2 (at f 8 1 and f 8 2)", n)
	}
}

// TestCompareDebugStopsUnrolled: an inner loop of two iterations (its
// test, D and B) that the optimized build unrolled stops at D and B once
// per pass of the outer loop (H, A), where -O0 stops twice, and not at its
// test; -O0's run ends in its third pass (MAXSTOPS). Matching two of the
// optimized build's passes against each of -O0's makes the longer common
// subsequence, and pairs the second stops at D and at B, a pass apart
// (seed 5502437). D and B are not compared; H and A still are.
func TestCompareDebugStopsUnrolled(t *testing.T) {
	x := func(v int) debugStop { return debugStop{vars: map[string]string{"x:1": strconv.Itoa(v)}} }
	ref, opt := map[string]debugStop{}, map[string]debugStop{}
	var refOrder, optOrder []string
	add := func(stops map[string]debugStop, order *[]string, line string, v int) {
		n := 1
		for _, k := range *order {
			if strings.HasPrefix(k, "f "+line+" ") {
				n++
			}
		}
		k := fmt.Sprintf("f %s #2@9/1.1 %d", line, n)
		stops[k] = x(v)
		*order = append(*order, k)
	}
	for pass := 1; pass <= 3; pass++ {
		add(ref, &refOrder, "5", 11-pass) // H
		add(ref, &refOrder, "6", 11-pass) // A: x -= 1
		for i := range 2 {
			if pass == 3 && i == 1 {
				break // MAXSTOPS
			}
			add(ref, &refOrder, "7", 10-pass) // the inner loop's test
			add(ref, &refOrder, "8", 10-pass) // D
			add(ref, &refOrder, "9", 10-pass) // B
		}
		if pass < 3 {
			add(ref, &refOrder, "7", 10-pass)
		}
	}
	for pass := 1; pass <= 5; pass++ {
		add(opt, &optOrder, "5", 11-pass)
		add(opt, &optOrder, "6", 11-pass)
		add(opt, &optOrder, "8", 10-pass)
		add(opt, &optOrder, "9", 10-pass)
	}
	n, wrong := compareDebugStops(ref, opt, refOrder, optOrder)
	if len(wrong) != 0 {
		t.Errorf("wrong values %q, want none", wrong)
	}
	if n == 0 {
		t.Errorf("no values compared, want H's and A's")
	}
	if uneven := unevenLines(refOrder, optOrder, func(k string) string { return k[:strings.LastIndex(k, " ")] }); len(uneven) != 2 || !uneven["f 8 #2@9/1.1"] || !uneven["f 9 #2@9/1.1"] {
		t.Errorf("uneven lines %v, want f 8 and f 9", uneven)
	}
}

// TestCompareDebugStopsDeletedCall: main's line 20 calls g twice at -O0
// (g(1, g(3, 0)): the inner call first), once at -O2, which deleted the
// inner call; the calls are numbered in order, so -O2's first is -O0's
// second, and neither is compared. A call from another line that both
// runs make once each still is, with a wrong value found.
func TestCompareDebugStopsDeletedCall(t *testing.T) {
	stop := func(v string) debugStop { return debugStop{vars: map[string]string{"d:1": v}} }
	ref := map[string]debugStop{
		"main 20 #1@0/1 1": {vars: map[string]string{}}, "g 2 #2@20/1.1 1": stop("3"), "g 3 #2@20/1.1 1": stop("3"),
		"g 2 #2@20/1.2 1": stop("1"), "g 3 #2@20/1.2 1": stop("1"),
		"main 21 #1@0/1 1": {vars: map[string]string{}}, "g 2 #2@21/1.1 1": stop("5"),
		"main 22 #1@0/1 1": {vars: map[string]string{}},
	}
	refOrder := []string{"main 20 #1@0/1 1", "g 2 #2@20/1.1 1", "g 3 #2@20/1.1 1", "g 2 #2@20/1.2 1", "g 3 #2@20/1.2 1",
		"main 21 #1@0/1 1", "g 2 #2@21/1.1 1", "main 22 #1@0/1 1"}
	opt := map[string]debugStop{
		"main 20 #1@0/1 1": {vars: map[string]string{}}, "g 2 #2@20/1.1 1": stop("1"), "g 3 #2@20/1.1 1": stop("1"),
		"main 21 #1@0/1 1": {vars: map[string]string{}}, "g 2 #2@21/1.1 1": stop("6"),
		"main 22 #1@0/1 1": {vars: map[string]string{}},
	}
	optOrder := []string{"main 20 #1@0/1 1", "g 2 #2@20/1.1 1", "g 3 #2@20/1.1 1", "main 21 #1@0/1 1", "g 2 #2@21/1.1 1", "main 22 #1@0/1 1"}
	n, wrong := compareDebugStops(ref, opt, refOrder, optOrder)
	if len(wrong) != 1 || !strings.Contains(wrong[0], "g 2 #2@21/1.1 1") {
		t.Errorf("wrong values %q, want only the one at g 2 #2@21/1.1 1", wrong)
	}
	if n != 1 {
		t.Errorf("%d values compared, want 1 (line 21's call)", n)
	}
}
