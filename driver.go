package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"toyc/backend"
	"toyc/frontend"
	"toyc/middle"
	"toyc/middle/diag"
)

// The driver takes the inputs through the pipeline (README.md): each .toy
// or .ll file becomes a module (frontend or the .ll parser), the module goes
// through the middle's passes, and is written out as the requested kind;
// for an executable, the C compiler links everything with the runtime.

// frontends turns a source file, by its kind, into a module.
var frontends = map[string]func(file string, src []byte) (*middle.Module, diag.List){
	"toy": frontend.CompileWithWarnings,
	"ll":  middle.ParseModule,
}

// kindsByExtension are the kinds of input each file extension makes,
// unless -x says otherwise: toyc's sources, and the files handed to the C
// compiler as they are (C, assembly, objects).
var kindsByExtension = map[string]string{".toy": "toy", ".ll": "ll", ".c": "c", ".s": "asm", ".o": "obj"}

// stdinName is the name of standard input ("-") in diagnostics.
const stdinName = "<stdin>"

// outputExtensions are the default output suffixes of the emit kinds that
// write one file per source.
var outputExtensions = map[string]string{"asm": ".s", "obj": ".o", "llvm": ".ll", "dot": ".dot", "html": ".html", "header": ".h"}

type driver struct {
	opts    *options
	stdin   io.Reader
	stdout  io.Writer
	stderr  io.Writer
	scratch scratch
	tmp     string                 // private temporary directory, once made
	sources map[string][]byte      // the text of each source read, for diagnostics
	lines   map[string]*diag.Lines // their line indexes, once made (linesOf)
	kinds   map[string]string      // each input's kind (toy, ll, c, asm, obj)
	times   *stageTimes            // nil unless --time-passes
	// pending are the streams whose diagnostics are still to be reported
	// (reportStream).
	pending []*frontend.Stream
	// activity says what the driver is doing ("compiling x.toy"), for the
	// report of an internal compiler error.
	activity string
}

// compiled is one source file read: its module.
type compiled struct {
	input  string
	module *middle.Module
	// stream, when set, is still checking the module's bodies while they
	// are compiled (frontend/stream.go): its diagnostics come after.
	stream *frontend.Stream
}

func (d *driver) compile() error {
	err := d.compileInputs()
	// A stream's diagnostics come before any other failure, as the
	// file's would have come before the output was even begun: an
	// executable without main, an output that cannot be written.
	for _, s := range d.pending {
		if derr := d.reportStream(s); derr != nil {
			return derr
		}
	}
	return err
}

// reportStream waits for the stream s and prints its diagnostics, once;
// the error is that of the errors among them.
func (d *driver) reportStream(s *frontend.Stream) error {
	i := slices.Index(d.pending, s)
	if i < 0 {
		return nil
	}
	d.pending = slices.Delete(d.pending, i, i+1)
	return d.diagnose(s.Wait())
}

func (d *driver) compileInputs() error {
	if d.opts.emit == "runtime" {
		return d.writeRuntimeLibrary() // runtimelib.go
	}
	sources, others, err := d.classifyInputs()
	if err != nil {
		return err
	}
	outputs, err := d.outputNames(sources)
	if err != nil {
		return err
	}
	for _, in := range others {
		if _, err := os.Stat(in); err != nil {
			return failf("%s: %v", in, unwrapPath(err))
		}
	}
	if d.opts.emit == "header" {
		return d.writeHeaders(sources, outputs) // header.go
	}

	var modules []compiled
	var diags diag.List
	for _, in := range sources {
		m, s, errs, err := d.front(in, len(sources) == 1)
		if err != nil {
			return err
		}
		diags = append(diags, errs...)
		d.debugUnit(m)
		modules = append(modules, compiled{input: in, module: m, stream: s})
	}
	if err := d.diagnose(diags); err != nil {
		return err
	}
	if d.opts.emit == "html" {
		// The explorer runs the pass table itself, watching each pass.
		return d.writeHTML(modules, outputs)
	}
	switch d.opts.emit {
	case "llvm", "dot":
		for i := range modules {
			if err := d.middle(&modules[i], nil); err != nil {
				return err
			}
		}
		if d.opts.emit == "llvm" {
			return d.writeIR(modules, outputs)
		}
		return d.writeDot(modules, outputs)
	case "asm":
		return d.writeAssembly(modules, outputs)
	case "obj":
		return d.writeObjects(modules, outputs)
	}
	if err := needMain(modules, others); err != nil {
		return err
	}
	asm, err := d.assemblyFiles(modules)
	if err != nil {
		return err
	}
	return d.linkExecutable(append(asm, others...), outputs[0])
}

// needMain refuses an executable made only of sources none of which
// defines main: toyc can say so about the files, where the linker would
// only report an undefined reference. With C, assembly or object inputs,
// one of them may define main, and the linker decides.
func needMain(modules []compiled, others []string) error {
	if len(others) > 0 {
		return nil
	}
	var names []string
	for _, c := range modules {
		// A .ll input may define the C entry point itself.
		for _, name := range []string{"toy_main", "main"} {
			if f := c.module.Func(name); f != nil && !f.IsDecl() {
				return nil
			}
		}
		names = append(names, c.input)
	}
	return failf("%s: no main function: an executable needs func main (build a library with -c or -S, or link it with a C file that defines main)",
		strings.Join(names, ", "))
}

// native reports whether the output needs machine code.
func (d *driver) native() bool {
	switch d.opts.emit {
	case "llvm", "dot", "html":
		return false
	}
	return true
}

// classifyInputs splits the inputs into sources, which toyc compiles, and
// the files handed to the C compiler as they are, each of the kind its
// extension or the -x before it says.
func (d *driver) classifyInputs() (sources, others []string, err error) {
	o := d.opts
	d.kinds = map[string]string{}
	for i, in := range o.inputs {
		kind := o.langs[i]
		if kind == "" {
			kind = kindsByExtension[filepath.Ext(in)]
			if in == "-" {
				kind = "toy"
			}
		}
		d.kinds[in] = kind
		switch {
		case frontends[kind] != nil:
			sources = append(sources, in)
		case kind == "":
			return nil, nil, usagef("%s: unknown kind of file (want .toy, .ll, .c, .s or .o, or say which with -x)", in)
		case in == "-":
			return nil, nil, usagef("standard input (-) can be read only as Toy or LLVM IR (-x toy or -x ll)")
		case o.emit != "exe":
			return nil, nil, usagef("%s: --emit=%s applies only to .toy and .ll files", in, o.emit)
		default:
			others = append(others, in)
		}
	}
	return sources, others, nil
}

// kindOf is the kind of the file in: as classifyInputs found it for an
// input, else (toyc's own assembly files) by its extension.
func (d *driver) kindOf(in string) string {
	if k, ok := d.kinds[in]; ok {
		return k
	}
	return kindsByExtension[filepath.Ext(in)]
}

// writeIR writes each module as LLVM text to its output.
func (d *driver) writeIR(modules []compiled, outputs []string) error {
	for i, c := range modules {
		d.activity = "writing " + outputs[i]
		if err := d.writeOutput(outputs[i], func(w io.Writer) error {
			_, err := c.module.WriteTo(w)
			return err
		}); err != nil {
			return err
		}
	}
	return nil
}

// writeDot writes each module's CFGs and dominator trees for Graphviz.
func (d *driver) writeDot(modules []compiled, outputs []string) error {
	for i, c := range modules {
		d.activity = "writing " + outputs[i]
		if err := d.writeOutput(outputs[i], func(w io.Writer) error {
			return middle.WriteDot(w, c.module)
		}); err != nil {
			return err
		}
	}
	return nil
}

// emitAssembly takes one module through the pass table and writes its
// assembly to w a function at a time, as each is compiled: the machine
// code and IR of a function are dropped once written, so that memory
// follows the functions in flight rather than the program.
func (d *driver) emitAssembly(c compiled, w io.Writer) error {
	em := backend.NewEmitterLines(w, c.module, d.linesOf(c.input))
	err := d.middle(&c, em)
	if c.stream != nil {
		// The file's errors and warnings, all known now; with an error,
		// what was written is dropped (writeOutput).
		if derr := d.reportStream(c.stream); derr != nil {
			return derr
		}
	}
	if err != nil {
		return err
	}
	return em.Close()
}

// writeAssembly writes each module's assembly to its output (-S).
func (d *driver) writeAssembly(modules []compiled, outputs []string) error {
	for i, c := range modules {
		d.activity = "writing " + outputs[i]
		if err := d.writeOutput(outputs[i], func(w io.Writer) error {
			return d.emitAssembly(c, w)
		}); err != nil {
			return err
		}
	}
	return nil
}

// assemblyFiles writes each module's assembly to the private temporary
// directory, for the C compiler.
func (d *driver) assemblyFiles(modules []compiled) ([]string, error) {
	tmp, err := d.tempDir()
	if err != nil {
		return nil, err
	}
	var files []string
	for i, c := range modules {
		base := strings.TrimSuffix(filepath.Base(c.input), filepath.Ext(c.input))
		path := filepath.Join(tmp, fmt.Sprintf("%d-%s.s", i, base))
		if err := d.writeOutput(path, func(w io.Writer) error { return d.emitAssembly(c, w) }); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}

// writeObjects assembles each module into its object file (-c).
func (d *driver) writeObjects(modules []compiled, outputs []string) error {
	asm, err := d.assemblyFiles(modules)
	if err != nil {
		return err
	}
	for i, s := range asm {
		d.activity = "assembling " + outputs[i]
		if err := d.assemble(s, outputs[i]); err != nil {
			return err
		}
	}
	return nil
}

// linkExecutable links the assembly, C and object files inputs with the
// runtime into exe.
func (d *driver) linkExecutable(inputs []string, exe string) error {
	withMain := false
	for _, in := range inputs {
		defines, err := fileDefinesToyMain(in, d.kindOf(in))
		if err != nil {
			return failf("%s: %v", in, unwrapPath(err))
		}
		withMain = withMain || defines
	}
	d.activity = "linking " + exe
	defer d.times.start("cc")()
	return d.link(inputs, withMain, exe)
}

// outputNames returns the output file of each source (one file, outputs[0],
// for an executable) and refuses an output that is also an input.
func (d *driver) outputNames(sources []string) ([]string, error) {
	o := d.opts
	var outputs []string
	switch {
	case o.emit == "exe":
		if o.output == "-" {
			return nil, usagef("cannot write an executable to standard output")
		}
		outputs = []string{o.output}
		if o.output == "" {
			outputs[0] = "a.out"
		}
	case o.output != "":
		if len(sources) > 1 {
			return nil, usagef("-o with several input files needs an executable output")
		}
		if o.output == "-" && o.emit == "obj" {
			return nil, usagef("cannot write an object file to standard output")
		}
		outputs = []string{o.output}
	default:
		// Like gcc, in the current directory.
		for _, in := range sources {
			base := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
			outputs = append(outputs, base+outputExtensions[o.emit])
		}
	}
	for _, out := range outputs {
		for _, in := range o.inputs {
			if sameFile(out, in) {
				return nil, usagef("the output %s would overwrite the input %s", out, in)
			}
		}
	}
	return outputs, nil
}

// sameFile reports whether the paths a and b name the same file: the same
// inode when both exist, else the same absolute path.
func sameFile(a, b string) bool {
	if a == "-" || b == "-" {
		return false
	}
	ai, aerr := os.Stat(a)
	bi, berr := os.Stat(b)
	if aerr == nil && berr == nil {
		return os.SameFile(ai, bi)
	}
	aa, aerr := filepath.Abs(a)
	ba, berr := filepath.Abs(b)
	return aerr == nil && berr == nil && aa == ba
}

// front reads the source file in and turns it into a module. Diagnostics
// are returned apart from the error that stops the driver. With alone (the
// only source), the module may come with a stream still checking its
// bodies (streams).
func (d *driver) front(in string, alone bool) (*middle.Module, *frontend.Stream, diag.List, error) {
	d.activity = "compiling " + in
	name, src, err := d.readSource(in)
	if err != nil {
		return nil, nil, nil, err
	}
	defer d.times.start("frontend " + name)()
	compile := frontends[d.kinds[in]]
	if d.kinds[in] == "toy" && d.native() {
		if alone && d.streams() {
			if m, s := frontend.CompileStreamed(name, src, d.linesOf(in), d.pipeline().ReadsFacts()); m != nil {
				if heapBound != nil {
					heapBound(s.LargestBody()) // little is live from now on (gctuning.go)
				}
				d.pending = append(d.pending, s)
				return m, s, nil, nil
			}
		}
		// The native outputs compile and write a function at a time.
		compile = frontend.CompileDeferred
	}
	m, diags := compile(name, src)
	return m, nil, diags, nil
}

// readSource reads the source file in ("-" is standard input), keeping
// its text for diagnostics; it returns the name diagnostics give it.
func (d *driver) readSource(in string) (string, []byte, error) {
	name, src, err := in, []byte(nil), error(nil)
	if in == "-" {
		name = stdinName
		src, err = io.ReadAll(d.stdin)
	} else {
		src, err = readSourceFile(in) // mapsource.go
	}
	if err != nil {
		return "", nil, failf("%s: %v", name, unwrapPath(err))
	}
	d.sources[in], d.sources[name] = src, src
	return name, src, nil
}

// middle runs the pass table on one module; with em (native outputs),
// each function's assembly is written as soon as it is compiled, and the
// function dropped.
func (d *driver) middle(c *compiled, em *backend.Emitter) error {
	d.activity = "compiling " + c.input
	o := d.opts
	po := &passOptions{
		level:        o.level,
		native:       d.native(),
		printAfter:   setOf(o.printAfter),
		printBefore:  setOf(o.printBefore),
		printAll:     o.printAll,
		printChanged: o.printChanged,
		verifyEach:   o.verifyEach,
		jobs:         o.jobs,
		timePasses:   o.timePasses,
		log:          d.stderr,
	}
	if em != nil {
		po.finish = func(_ *middle.Func, mf *backend.Func) error {
			em.Function(mf)
			return nil
		}
		po.ready = func(_ *middle.Func, mf *backend.Func) { em.Prepare(mf) }
	}
	if po.jobs == 0 {
		po.jobs = runtime.NumCPU()
	}
	if len(o.filterFunc) > 0 {
		po.filterFunc = setOf(o.filterFunc)
	}
	if d.kinds[c.input] == "toy" {
		po.lines = d.linesOf(c.input)
	}
	stage := "passes "
	if em != nil {
		stage = "passes and emission "
	}
	defer d.times.start(stage + c.input)()
	if err := runPasses(c.module, po); err != nil {
		switch err.(type) {
		case diag.List, failure:
			return err
		}
		return failf("%s: %v", c.input, err)
	}
	return nil
}

// linesOf is the line index of the source read from input, made once.
func (d *driver) linesOf(input string) *diag.Lines {
	l := d.lines[input]
	if l == nil && d.sources[input] != nil {
		if d.lines == nil {
			d.lines = map[string]*diag.Lines{}
		}
		l = diag.NewLines(d.sources[input])
		d.lines[input] = l
	}
	return l
}

// streams reports whether the bodies of a source may be checked while its
// functions are compiled, their errors and warnings reported after them:
// not when what is written could not be taken back (standard output), nor
// when dumps on standard error would come before the warnings that a
// compile of the checked file prints first; and only when no module pass
// at this level (globalconst, inline) needs every body before the first
// function is compiled: each has a form that runs a function at a time
// from the facts the stream's skim reads off each body
// (backend/bottomup.go, middle/summary.go).
func (d *driver) streams() bool {
	o := d.opts
	return d.pipeline().Streams() && o.output != "-" &&
		len(o.printAfter) == 0 && len(o.printBefore) == 0 && !o.printAll && !o.printChanged
}

// pipeline is the pass table at the compile's level, as streams asks it
// what the passes need of a streamed frontend (runPasses builds the one
// that runs).
func (d *driver) pipeline() *backend.Pipeline {
	return &backend.Pipeline{Level: d.opts.level, Native: d.native(), Finish: func(*middle.Func, *backend.Func) error { return nil }}
}

func setOf(names []string) map[string]bool {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	return set
}

// report prints err and returns the exit status for it.
func (d *driver) report(err error) int {
	switch e := err.(type) {
	case nil:
		return 0
	case diag.List:
		d.printDiagnostics(e)
		return 1
	case failure:
		fmt.Fprintf(d.stderr, "toyc: %s\n", e.msg)
		return e.status
	default:
		fmt.Fprintf(d.stderr, "toyc: %v\n", err)
		return 1
	}
}
