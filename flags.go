package main

import (
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// options is the parsed command line (README.md, "The command line").
type options struct {
	inputs       []string
	output       string // "" when -o is not given
	emit         string // one of emitKinds
	level        int
	printAfter   []string
	printBefore  []string
	printAll     bool
	printChanged bool
	filterFunc   []string
	funcs        []string // --func, for --emit=html
	trace        string   // --trace
	traceArgs    []string // after "--", with --trace=main
	verifyEach   bool
	jobs         int // -j: functions compiled at once (0: one per CPU)
	cc           string
	link         []string // -l and -L, in order, for the link
	warn         warnOptions
	present      presentation
	langs        []string // -x: by input, the kind it is read as ("": by its extension)
	verbose      bool     // -v: print the commands toyc runs
	debug        bool     // -g: DWARF debugging information (-g0: none; the last one wins)
	timePasses   bool
	cpuProfile   string // --cpuprofile: where to write a CPU profile of toyc itself
	memProfile   string // --memprofile: where to write a heap profile at exit
	help         bool
	version      bool
}

// emitKinds are the values of --emit; -S is asm and -c is obj.
var emitKinds = []string{"exe", "asm", "obj", "llvm", "dot", "html", "header", "runtime"}

const usageText = `usage: toyc [flags] file...

Compiles Toy (.toy) and LLVM-syntax SSA (.ll) files, and links them with C
(.c), assembly (.s) and object (.o) files and the Toy runtime. "-" reads a
Toy program (or, after -x ll, IR) from standard input. Documentation:
docs/ in toyc's repository (reference.md, tour.md, how-toyc-works.md).

Output:
  -o FILE               output file ("-" is standard output for text outputs);
                        default a.out, or the input's base name with .s, .o,
                        .ll, .dot or .html in the current directory
  -S                    stop after assembly (--emit=asm)
  -c                    stop after the object file (--emit=obj)
  --emit=KIND           exe (default), asm, obj, llvm (the SSA IR as LLVM text),
                        dot (each function's CFG with its dominator tree),
                        html (the SSA explorer: every stage of every function,
                        the CFG, dominance, φ placement, parallel copies, live
                        intervals; one self-contained page),
                        header (a C header for a Toy library: its functions
                        and globals with C types, array helpers), runtime
                        (the runtime as a static library, libtoyrt.a)
  -x LANG               the inputs after it are LANG whatever their names say:
                        toy, ll, c, asm or obj (none: by the name again)

Optimization:
  -O0, -O1, -O2         -O0: slots stay in memory; -O1 (default, also -O):
                        mem2reg, cleanups, constant globals, inlining of
                        leaves about the size of their call, and the loop,
                        memory and bounds-check passes that copy no loops
                        (tail recursion to loops too); -O2: every
                        optimization
  -g, -g0               -g: DWARF debugging information for gdb (variables,
                        types, scopes, also at -O1/-O2; README, Debugging);
                        -g0: none (the default); the last one given wins
  -O3, -Os              the nearest toyc has: -O3 is -O2, -Os is -O1 (no
                        loop versioning, and inlining only of callees
                        about the size of their call: little growth)
  -j N, --jobs=N        compile N functions at once (default: one per CPU);
                        the output is the same whatever N is

Warnings (docs/reference.md, section 16):
  -Wall                 the default set, on unless turned off: unused-variable,
                        unused-but-set-variable, unreachable-code, dead-store
  -Wextra               also unused-parameter, unused-but-set-parameter
  -WNAME, -Wno-NAME     turn one warning (or a group: all, extra, unused) on
                        or off;
                        also -Wshadow, -Wunreachable-code-return and
                        -Wunreachable-code-break, off by default
  -Werror               make every warning an error; -Werror=NAME only NAME
                        (turning it on), -Wno-error=NAME keeps NAME a warning
  -w                    no warnings at all

Diagnostics:
  -fdiagnostics-color=WHEN  colour: auto (default: only on a terminal, and
                        never with NO_COLOR set), always or never
  -fmax-errors=N        stop after N errors (default 20; 0: no limit)

Linking:
  -lNAME, -LDIR         passed to the link in order, after the inputs
  --cc=CMD              C compiler that assembles and links (default $CC, else
                        gcc, else clang)
  -v                    print each command toyc runs

Looking inside:
  --print-after=PASS,...  print each function after these passes (the IR, or
                        the machine code from isel on) on standard error
  --print-before=PASS,... the same, before these passes
  --print-after-all     print each function after every pass
  --print-changed       print the input, then each function after every pass
                        that changed it (as LLVM's -print-changed)
  --filter-func=NAME,...  print only these functions in the dumps above
  --func=NAME,...       --emit=html: only these functions
  --trace=CALL          --emit=html: run CALL in the IR interpreter and show
                        each φ's arrivals: 'count_to(2)' (integer arguments),
                        or main, with the program's arguments after --
  --verify-each         run the IR verifier after every pass
  --time-passes         print the time spent in each stage and pass
  --cpuprofile=FILE     write a CPU profile of toyc itself (go tool pprof)
  --memprofile=FILE     write a profile of toyc's allocations (go tool pprof)

  --version             print toyc's version
  -h, --help            print this help

Exit status: 0 success, 1 errors in the input, 2 usage errors, 3 internal
compiler error.

The passes, in the order they run, with the levels that run them
(--print-after and friends take these names; the native ones run only for
assembly, objects and executables):
`

// parseFlags parses the command line, with gcc's spellings that pflag does
// not read taken out first (gccflags.go): like gcc, a bare -O means -O1.
func parseFlags(args []string) (*options, error) {
	var o options
	fs := pflag.NewFlagSet("toyc", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVarP(&o.output, "output", "o", "", "")
	asm := fs.BoolP("assembly", "S", false, "")
	obj := fs.BoolP("object", "c", false, "")
	fs.IntVarP(&o.level, "opt", "O", 1, "")
	fs.StringVar(&o.emit, "emit", "exe", "")
	fs.StringSliceVar(&o.printAfter, "print-after", nil, "")
	fs.StringSliceVar(&o.printBefore, "print-before", nil, "")
	fs.BoolVar(&o.printAll, "print-after-all", false, "")
	fs.BoolVar(&o.printChanged, "print-changed", false, "")
	fs.StringSliceVar(&o.filterFunc, "filter-func", nil, "")
	fs.StringSliceVar(&o.funcs, "func", nil, "")
	fs.StringVar(&o.trace, "trace", "", "")
	fs.BoolVar(&o.verifyEach, "verify-each", false, "")
	fs.IntVarP(&o.jobs, "jobs", "j", 0, "")
	fs.StringVar(&o.cc, "cc", "", "")
	fs.BoolVar(&o.timePasses, "time-passes", false, "")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "")
	fs.StringVar(&o.memProfile, "memprofile", "", "")
	fs.BoolVar(&o.version, "version", false, "")
	fs.BoolVarP(&o.verbose, "verbose", "v", false, "")
	fs.BoolVar(&o.debug, "debug", false, "")
	fs.BoolVarP(&o.help, "help", "h", false, "")

	args, err := diagnosticArgs(fs, args, &o.warn, &o.present)
	if err != nil {
		return nil, err
	}
	rest, link, langs, err := gccArgs(fs, args)
	if err != nil {
		return nil, err
	}
	o.link = link
	if err := fs.Parse(rest); err != nil {
		return nil, flagError(fs, err)
	}
	if o.help || o.version {
		return &o, nil
	}
	o.inputs = fs.Args()
	o.langs = langs[:len(o.inputs)]
	if dash := fs.ArgsLenAtDash(); dash >= 0 && o.trace != "" {
		// With --trace, what follows "--" is the traced program's
		// arguments.
		o.inputs, o.traceArgs = o.inputs[:dash], o.inputs[dash:]
		o.langs = o.langs[:dash]
	}
	if o.jobs < 0 {
		return nil, usagef("-j %d: the number of jobs must be positive", o.jobs)
	}
	if o.level < 0 || o.level > 2 {
		return nil, usagef("unknown optimization level -O%d (use -O0, -O1, -O2, -O3 or -Os)", o.level)
	}
	if err := chooseEmit(&o, fs.Changed("emit"), *asm, *obj); err != nil {
		return nil, err
	}
	if len(o.inputs) == 0 && o.emit != "runtime" {
		return nil, usagef("no input files")
	}
	if o.emit != "html" {
		for _, f := range []struct {
			name string
			set  bool
		}{{"--func", len(o.funcs) > 0}, {"--trace", o.trace != ""}} {
			if f.set {
				return nil, usagef("%s applies only to --emit=html", f.name)
			}
		}
	}
	return &o, nil
}

// chooseEmit settles the output kind from --emit, -S and -c, which must
// not ask for different kinds.
func chooseEmit(o *options, emitSet, asm, obj bool) error {
	if !slices.Contains(emitKinds, o.emit) {
		return usagef("unknown --emit=%s (use %s)", o.emit, strings.Join(emitKinds, ", "))
	}
	type request struct{ flag, kind string }
	var requests []request
	if emitSet {
		requests = append(requests, request{"--emit=" + o.emit, o.emit})
	}
	if asm {
		requests = append(requests, request{"-S", "asm"})
	}
	if obj {
		requests = append(requests, request{"-c", "obj"})
	}
	for _, r := range requests {
		if r.kind != requests[0].kind {
			return usagef("%s conflicts with %s", requests[0].flag, r.flag)
		}
	}
	if len(requests) > 0 {
		o.emit = requests[0].kind
	}
	return nil
}
