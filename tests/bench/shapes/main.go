// Command shapes writes a Toy program of one shape that stresses a single
// function, for the scaling benchmark of compile time (tests/bench/shapes.sh):
//
//	elseif  an if/else if chain of N arms comparing one value with constants
//	         (a generated state machine or dispatcher)
//	loops   N loops one after the other
//	live    a block defining N values that all stay live to its end
//	nest    loops nested N deep
//	calls   N calls of one small function in one block, which the inliner
//	         copies in, splitting the block at each
//	exits   a loop left by N breaks, each below the last (a search that
//	         stops at the first of many conditions)
//	globals a loop of N statements updating N/10 globals (a simulation's
//	         or an interpreter's state), which promotion carries through
//	         the loop in registers
//
// Each program reads its input with argi and prints one number, so that a
// compile that goes wrong shows when it is run. With -c it also writes the
// program's C twin, the same statements with long for int, so that the
// benchmark can set toyc's growth beside gcc's and clang's on one shape.
//
//	go run ./tests/bench/shapes -shape elseif -n 1000 > p.toy
//	go run ./tests/bench/shapes -shape loops -n 1000 -c p.c > p.toy
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	shape := flag.String("shape", "elseif", "elseif, loops, live, nest, calls, exits or globals")
	n := flag.Int("n", 1000, "the size of the shape")
	twin := flag.String("c", "", "also write the program's C twin to this file")
	flag.Parse()
	if *n < 1 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: shapes -shape elseif|loops|live|nest|calls|exits|globals -n N [-c FILE]")
		os.Exit(2)
	}
	write, ok := shapes[*shape]
	if !ok {
		fmt.Fprintf(os.Stderr, "shapes: unknown shape %q\n", *shape)
		os.Exit(2)
	}
	toy := &writer{Writer: bufio.NewWriter(os.Stdout)}
	write(toy, *n)
	check(toy.Flush())
	if *twin != "" {
		f, err := os.Create(*twin)
		check(err)
		c := &writer{Writer: bufio.NewWriter(f), c: true}
		c.printf("%s", cPrelude)
		write(c, *n)
		check(c.Flush())
		check(f.Close())
	}
}

// check ends the command on an error writing a program.
func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "shapes:", err)
		os.Exit(1)
	}
}

// cPrelude begins every C twin.
const cPrelude = "#include <stdio.h>\n#include <stdlib.h>\n\n"

// shapes are the programs, by name.
var shapes = map[string]func(*writer, int){"elseif": elseIf, "loops": loops, "live": live, "nest": nest, "calls": calls, "exits": exits, "globals": globals}

// writer writes a shape's statements in Toy, or in C when c is set: the
// few constructs the shapes use, spelled for each language.
type writer struct {
	*bufio.Writer
	c bool
}

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(w, format, args...) }

// spell returns toy or c, as w writes.
func (w *writer) spell(toy, c string) string {
	if w.c {
		return c
	}
	return toy
}

// openMain begins main.
func (w *writer) openMain() {
	w.printf("%s {\n", w.spell("func main()", "int main(int argc, char **argv)"))
}

func (w *writer) closeMain(result string) {
	w.printf("    %s;\n%s}\n", w.spell("print("+result+")", `printf("%ld\n", `+result+")"), w.spell("", "    return 0;\n"))
}

// argument is the program's input: its first argument, 0 without one.
func (w *writer) argument() string { return w.spell("argi(0)", "(argc > 1 ? atol(argv[1]) : 0)") }

// declare writes a variable's declaration, indented by indent spaces.
func (w *writer) declare(indent int, name, value string) {
	w.printf("%*s%s %s = %s;\n", indent, "", w.spell("var", "long"), name, value)
}

// openFor begins `for k = 0; k < bound; k += 1`, indented by indent spaces.
func (w *writer) openFor(indent int, k, bound string) {
	if w.c {
		w.printf("%*sfor (long %s = 0; %s < %s; %s += 1) {\n", indent, "", k, k, bound, k)
		return
	}
	w.printf("%*sfor var %s = 0; %s < %s; %s += 1 {\n", indent, "", k, k, bound, k)
}

// cond is an if's condition.
func (w *writer) cond(c string) string { return w.spell(c, "("+c+")") }

func elseIf(w *writer, n int) {
	w.printf("%s {\n", w.spell("func step(x: int) int", "long step(long x)"))
	w.declare(4, "s", "0")
	for i := range n {
		if i == 0 {
			w.printf("    if %s {\n", w.cond(fmt.Sprintf("x == %d", i*3)))
		} else {
			w.printf("    } else if %s {\n", w.cond(fmt.Sprintf("x == %d", i*3)))
		}
		w.printf("        s = x * %d + %d;\n", i%7+1, i)
	}
	w.printf("    } else {\n        s = -1;\n    }\n    return s;\n}\n\n")
	w.openMain()
	w.declare(4, "t", "0")
	w.openFor(4, "i", fmt.Sprint(3*n))
	w.printf("        t += step(i);\n    }\n")
	w.closeMain("t")
}

func loops(w *writer, n int) {
	w.openMain()
	w.declare(4, "m", w.argument())
	if w.c {
		w.printf("    long *a = calloc(16, sizeof(long));\n")
	} else {
		w.declare(4, "a", "new(int, 16)")
	}
	w.declare(4, "s", "0")
	for i := range n {
		k := fmt.Sprintf("k%d", i)
		w.openFor(4, k, "m")
		w.printf("        s += a[%s %% 16] * %d + %s;\n        a[(%s + %d) %% 16] = s;\n    }\n", k, i%5+1, k, k, i%16)
	}
	w.closeMain("s")
}

func live(w *writer, n int) {
	w.openMain()
	w.declare(4, "x", w.argument())
	for i := range n {
		if i == 0 {
			w.declare(4, "v0", "x * 3 + 1")
		} else {
			w.declare(4, fmt.Sprintf("v%d", i), fmt.Sprintf("v%d * %d + x", i-1, i%5+2))
		}
	}
	// every value is used at the end, so all are live at once
	w.declare(4, "s", "0")
	for i := range n {
		w.printf("    s = s ^ v%d;\n", i)
	}
	w.closeMain("s")
}

func nest(w *writer, n int) {
	w.openMain()
	w.declare(4, "m", w.argument())
	w.declare(4, "s", "0")
	for i := range n {
		// The outer eight loops run m times, the inner ones once: the
		// program must end.
		bound := "m"
		if i >= 8 {
			bound = "1"
		}
		w.openFor(4+i%40, fmt.Sprintf("k%d", i), bound)
	}
	w.printf("%*ss += 1;\n", 4+n%40, "")
	for i := n - 1; i >= 0; i-- {
		w.printf("%*s}\n", 4+i%40, "")
	}
	w.closeMain("s")
}

func calls(w *writer, n int) {
	w.printf("%s {\n    return x * (x %% 7) + 1;\n}\n\n", w.spell("func f(x: int) int", "long f(long x)"))
	w.openMain()
	w.declare(4, "m", w.argument())
	w.declare(4, "s", "0")
	for i := range n {
		w.printf("    s += f(m + %d);\n", i)
	}
	w.closeMain("s")
}

func exits(w *writer, n int) {
	w.openMain()
	w.declare(4, "m", w.argument())
	w.declare(4, "s", "0")
	w.printf("    while %s {\n", w.spell("true", "(1)"))
	for i := range n {
		w.printf("        if %s {\n            break;\n        }\n        s += 1;\n", w.cond(fmt.Sprintf("s * %d > m * 1000", i+1)))
	}
	w.printf("    }\n")
	w.closeMain("s")
}

func globals(w *writer, n int) {
	k := max(n/10, 1)
	for i := range k {
		w.printf("%s = %d;\n", w.spell(fmt.Sprintf("var g%d: int", i), fmt.Sprintf("long g%d", i)), i)
	}
	w.printf("\n")
	w.openMain()
	w.declare(4, "m", w.argument())
	w.openFor(4, "j", "m")
	for i := range n {
		w.printf("        g%d += g%d + j;\n", i%k, i*7%k)
	}
	w.printf("    }\n")
	w.closeMain("g0")
}
