// Command shapes writes a Toy program of one shape that stresses a single
// function, for the scaling benchmark of compile time (tests/bench/shapes.sh):
//
//	elseif  an if/else if chain of N arms comparing one value with constants
//	         (a generated state machine or dispatcher)
//	loops   N loops one after the other
//	live    a block defining N values that all stay live to its end
//	nest    loops nested N deep
//
// Each program reads its input with argi and prints one number, so that a
// compile that goes wrong shows when it is run.
//
//	go run ./tests/bench/shapes -shape elseif -n 1000 > p.toy
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	shape := flag.String("shape", "elseif", "elseif, loops, live or nest")
	n := flag.Int("n", 1000, "the size of the shape")
	flag.Parse()
	if *n < 1 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: shapes -shape elseif|loops|live|nest -n N")
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	switch *shape {
	case "elseif":
		elseIf(w, *n)
	case "loops":
		loops(w, *n)
	case "live":
		live(w, *n)
	case "nest":
		nest(w, *n)
	default:
		fmt.Fprintf(os.Stderr, "shapes: unknown shape %q\n", *shape)
		os.Exit(2)
	}
}

func elseIf(w *bufio.Writer, n int) {
	fmt.Fprintf(w, "func step(x: int) int {\n    var s = 0;\n")
	for i := range n {
		if i == 0 {
			fmt.Fprintf(w, "    if x == %d {\n", i*3)
		} else {
			fmt.Fprintf(w, "    } else if x == %d {\n", i*3)
		}
		fmt.Fprintf(w, "        s = x * %d + %d;\n", i%7+1, i)
	}
	fmt.Fprintf(w, "    } else {\n        s = -1;\n    }\n    return s;\n}\n\n")
	fmt.Fprintf(w, "func main() {\n    var t = 0;\n    for var i = 0; i < %d; i += 1 {\n        t += step(i);\n    }\n    print(t);\n}\n", 3*n)
}

func loops(w *bufio.Writer, n int) {
	fmt.Fprintf(w, "func main() {\n    var m = argi(0);\n    var a = new(int, 16);\n    var s = 0;\n")
	for i := range n {
		fmt.Fprintf(w, "    for var k%d = 0; k%d < m; k%d += 1 {\n        s += a[k%d %% 16] * %d + k%d;\n        a[(k%d + %d) %% 16] = s;\n    }\n", i, i, i, i, i%5+1, i, i, i%16)
	}
	fmt.Fprintf(w, "    print(s);\n}\n")
}

func live(w *bufio.Writer, n int) {
	fmt.Fprintf(w, "func main() {\n    var x = argi(0);\n")
	for i := range n {
		if i == 0 {
			fmt.Fprintf(w, "    var v0 = x * 3 + 1;\n")
		} else {
			fmt.Fprintf(w, "    var v%d = v%d * %d + x;\n", i, i-1, i%5+2)
		}
	}
	// every value is used at the end, so all are live at once
	fmt.Fprintf(w, "    var s = 0;\n")
	for i := range n {
		fmt.Fprintf(w, "    s = s ^ v%d;\n", i)
	}
	fmt.Fprintf(w, "    print(s);\n}\n")
}

func nest(w *bufio.Writer, n int) {
	fmt.Fprintf(w, "func main() {\n    var m = argi(0);\n    var s = 0;\n")
	for i := range n {
		// The outer eight loops run m times, the inner ones once: the
		// program must end.
		bound := "m"
		if i >= 8 {
			bound = "1"
		}
		fmt.Fprintf(w, "%*sfor var k%d = 0; k%d < %s; k%d += 1 {\n", 4+i%40, "", i, i, bound, i)
	}
	fmt.Fprintf(w, "%*ss += 1;\n", 4+n%40, "")
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(w, "%*s}\n", 4+i%40, "")
	}
	fmt.Fprintf(w, "    print(s);\n}\n")
}
