// Command asmstat counts, in toyc's assembly, the instructions that
// register allocation is responsible for, so that work on the back end can
// report before and after (tests/bench/bench.sh prints them per benchmark).
// toyc's -S output does not mark spill code, but its frame dump
// (--print-after=frame, on standard error) lists each function's slots with
// their kind and %rsp offset; an access to a slot of kind "spill" is spill
// code, while "alloca" slots are variables whose address is taken and
// "argument" slots are incoming stack arguments. Counted per file:
//
//	instrs   instructions (lines that are not labels, directives or comments)
//	spills   mov from a register to a spill slot
//	reloads  mov from a spill slot to a register
//	slotops  other instructions with a spill slot operand (cmpq %rax, 48(%rsp))
//	movs     mov between two registers (mov, movq, movl, ...; not movzx/movsx) and xchg
//
//	toyc -O2 -S --print-after=frame x.toy -o x.s 2>x.dump && asmstat x.s x.dump
//
// Without a dump (or when no function's frame can be read from it), every
// %rsp operand counts as a spill slot (outgoing stack arguments too), and
// the output says so in its last field.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
)

// counts are the totals over one assembly file.
type counts struct {
	instrs, spills, reloads, slotops, movs int
}

var (
	funcHeader = regexp.MustCompile(`^machine function (\S+), after`)
	spillSlot  = regexp.MustCompile(`^#\s+slot \d+ spill\s+\S+\s+(\d*)\(%rsp\)`)
	rspOperand = regexp.MustCompile(`^(\d*)\(%rsp\)$`)
	register   = regexp.MustCompile(`^%[a-z0-9]+$`)
	plainMove  = regexp.MustCompile(`^mov[bwlq]?$`)
)

// frames maps each function to the %rsp offsets of its spill slots.
type frames map[string]map[string]bool

// readFrames collects the spill slots of every function in a frame dump.
func readFrames(r io.Reader) (frames, error) {
	fs := frames{}
	var cur map[string]bool
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := funcHeader.FindStringSubmatch(line); m != nil {
			cur = map[string]bool{}
			fs[m[1]] = cur
		} else if m := spillSlot.FindStringSubmatch(line); m != nil && cur != nil {
			cur[m[1]] = true
		}
	}
	return fs, sc.Err()
}

// splitOperands splits an AT&T operand list at the commas outside
// parentheses.
func splitOperands(s string) []string {
	var ops []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				ops = append(ops, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		ops = append(ops, rest)
	}
	return ops
}

// count reads assembly and tallies it; isSpill says whether an operand
// of the current function names one of its spill slots.
func count(r io.Reader, isSpill func(fn, operand string) bool) (counts, error) {
	var c counts
	fn := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			continue
		case strings.HasSuffix(trimmed, ":"):
			if line[0] != ' ' && line[0] != '\t' && !strings.HasPrefix(trimmed, ".") {
				fn = strings.TrimSuffix(trimmed, ":")
			}
			continue
		case strings.HasPrefix(trimmed, "."):
			continue
		}
		c.instrs++
		mnemonic, rest := trimmed, ""
		if i := strings.IndexAny(trimmed, " \t"); i >= 0 {
			mnemonic, rest = trimmed[:i], trimmed[i+1:]
		}
		ops := splitOperands(rest)
		slots := 0
		for _, op := range ops {
			if isSpill(fn, op) {
				slots++
			}
		}
		move := plainMove.MatchString(mnemonic) && len(ops) == 2
		switch {
		case move && register.MatchString(ops[0]) && isSpill(fn, ops[1]):
			c.spills++
		case move && isSpill(fn, ops[0]) && register.MatchString(ops[1]):
			c.reloads++
		case slots > 0:
			c.slotops++
		case (move || strings.HasPrefix(mnemonic, "xchg")) && len(ops) == 2 &&
			register.MatchString(ops[0]) && register.MatchString(ops[1]):
			c.movs++
		}
	}
	return c, sc.Err()
}

func run(asmPath, dumpPath string) (counts, bool, error) {
	var fs frames
	if dumpPath != "" {
		f, err := os.Open(dumpPath)
		if err != nil {
			return counts{}, false, err
		}
		fs, err = readFrames(f)
		f.Close()
		if err != nil {
			return counts{}, false, err
		}
	}
	exact := len(fs) > 0
	isSpill := func(fn, op string) bool {
		m := rspOperand.FindStringSubmatch(op)
		if m == nil {
			return false
		}
		if exact {
			return fs[fn][m[1]]
		}
		return true
	}
	f, err := os.Open(asmPath)
	if err != nil {
		return counts{}, false, err
	}
	defer f.Close()
	c, err := count(f, isSpill)
	return c, exact, err
}

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: asmstat FILE.s [FRAME-DUMP]\n"+
			"prints: instrs spills reloads slotops movs exact|guessed")
		os.Exit(2)
	}
	dump := ""
	if len(os.Args) == 3 {
		dump = os.Args[2]
	}
	c, exact, err := run(os.Args[1], dump)
	if err != nil {
		fmt.Fprintln(os.Stderr, "asmstat:", err)
		os.Exit(1)
	}
	how := "exact"
	if !exact {
		how = "guessed"
	}
	fmt.Printf("%d %d %d %d %d %s\n", c.instrs, c.spills, c.reloads, c.slotops, c.movs, how)
}
