package explorer

import (
	"bytes"
	"fmt"
	"strings"

	"toyc/backend"
	"toyc/middle"
	"toyc/middle/diag"
)

// Options says what page to make.
type Options struct {
	File   string // the input's name, as given
	Source []byte // its text
	Level  int
	Funcs  []string // only these functions (all when empty)
	// Verify runs the IR verifier after every IR pass and the allocation
	// checker after every allocated stage (--verify-each).
	Verify bool
	// Trace, when set, is the call to interpret and tabulate the φ
	// arrivals of: "count_to(2)", or "main" with TraceArgs as the
	// program's arguments.
	Trace     string
	TraceArgs []string
}

// Collect takes m through the whole pass table at o.Level, native stages
// included, and gathers the page. An input that does not verify is not
// compiled: the page then shows it with each verifier error marked, and
// the errors are returned with it, so that the command writes the page
// and still exits 1.
func Collect(m *middle.Module, o Options) (*Page, diag.List, error) {
	c := &collector{
		o:     o,
		page:  &Page{File: o.File, Level: o.Level, Source: splitLines(o.Source)},
		funcs: map[string]*funcState{},
	}
	for _, f := range m.Funcs {
		if f.IsDecl() || !c.wanted(f.Name) {
			continue
		}
		fs := &funcState{page: &FuncPage{Name: f.Name}, strings: map[string]int{}}
		c.funcs[f.Name] = fs
		c.order = append(c.order, fs)
		c.page.Funcs = append(c.page.Funcs, fs.page)
	}
	if len(o.Funcs) > 0 {
		for _, name := range o.Funcs {
			if c.funcs[name] == nil {
				return nil, nil, fmt.Errorf("--func=%s: no function %s is defined in %s", name, name, o.File)
			}
		}
	}
	pl := &backend.Pipeline{Level: o.Level, Native: true, Verify: o.Verify, Check: o.Verify}
	for _, p := range backend.Passes {
		c.page.Passes = append(c.page.Passes, PassInfo{Name: p.Name, Level: p.Level, Native: p.Native, Doc: p.Doc, Ran: pl.Runs(&p)})
	}

	diags := middle.VerifyModule(m)
	c.irStage(m, "input")
	for _, fs := range c.order {
		fs.page.Verified = len(diags) == 0
	}
	if len(diags) > 0 {
		c.page.Errors = errorMarks(m, diags)
		c.finish()
		return c.page, diags, nil
	}

	var call traceCall
	if o.Trace != "" {
		var err error
		if call, err = parseTrace(m, o.Trace); err != nil {
			return nil, nil, err
		}
	}
	pl.Instead = c.explained
	pl.Barrier = func(next *backend.Pass, m *middle.Module) {
		if next.Native && o.Trace != "" {
			// The IR as the middle leaves it, before the first native
			// pass: the code the native stages compile.
			label := o.Trace
			if call.main && len(o.TraceArgs) > 0 {
				label += " " + strings.Join(o.TraceArgs, " ")
			}
			c.page.Trace = trace(m, label, call, o.TraceArgs)
		}
	}
	pl.After = func(p *backend.Pass, f *middle.Func, mf *backend.Func) {
		fs := c.funcs[f.Name]
		switch {
		case fs == nil:
		case p.OnIR():
			c.funcStage(fs, f, p.Name)
		default:
			c.machStage(fs, mf, p)
		}
	}
	mach, err := pl.Run(m)
	if err != nil {
		return nil, nil, err
	}
	var asm bytes.Buffer
	if err := backend.EmitWithSource(&asm, m, mach, o.Source); err != nil {
		return nil, nil, err
	}
	c.asmStage(asm.String())
	c.finish()
	return c.page, nil, nil
}

// finish hands each function's string table to its page.
func (c *collector) finish() {
	for _, fs := range c.order {
		fs.page.Strings = fs.texts
	}
}

type collector struct {
	o     Options
	page  *Page
	funcs map[string]*funcState
	order []*funcState
}

// funcState is what the collector keeps per function between stages.
type funcState struct {
	page    *FuncPage
	texts   []string       // the page's Strings
	strings map[string]int // text → index in texts
	prev    []int          // the text indexes of the previous stage
	cfgKey  string         // the shape of the last CFG drawn
}

func (c *collector) wanted(name string) bool {
	if len(c.o.Funcs) == 0 {
		return true
	}
	for _, n := range c.o.Funcs {
		if n == name {
			return true
		}
	}
	return false
}

// intern returns the index of text in the function's string table.
func (fs *funcState) intern(text string) int {
	if i, ok := fs.strings[text]; ok {
		return i
	}
	fs.strings[text] = len(fs.texts)
	fs.texts = append(fs.texts, text)
	return len(fs.texts) - 1
}

// line is one line of a stage before interning.
type line struct {
	text  string
	src   int    // source line, 0 for none
	block string // "" outside blocks
}

// addStage appends a stage made of lines to fs, marking what changed
// against the previous stage.
func (fs *funcState) addStage(pass, kind string, lines []line, cfg int) {
	st := &Stage{Pass: pass, Kind: kind, CFG: cfg, Lines: make([][4]int, len(lines))}
	ids := make([]int, len(lines))
	for i, l := range lines {
		ids[i] = fs.intern(l.text)
		block := -1
		if l.block != "" {
			block = fs.intern(l.block)
		}
		st.Lines[i] = [4]int{ids[i], l.src, block, 0}
	}
	if fs.prev == nil {
		st.Changed = true
	} else {
		kept := commonLines(fs.prev, ids)
		for i := range ids {
			if !kept[i] {
				st.Lines[i][3] = 1
				st.Changed = true
			}
		}
		st.Changed = st.Changed || len(ids) != len(fs.prev)
	}
	fs.prev = ids
	if !st.Changed {
		st.Lines = nil // the previous stage's (see Stage.Lines)
	}
	fs.page.Stages = append(fs.page.Stages, st)
}

// irStage records every wanted function's IR after pass.
func (c *collector) irStage(m *middle.Module, pass string) {
	for _, f := range m.Funcs {
		if fs := c.funcs[f.Name]; fs != nil && !f.IsDecl() {
			c.funcStage(fs, f, pass)
		}
	}
}

// funcStage records f's IR after pass.
func (c *collector) funcStage(fs *funcState, f *middle.Func, pass string) {
	var lines []line
	for _, tl := range f.TextLines() {
		l := line{text: tl.Text}
		if tl.Block != nil {
			l.block = tl.Block.Name
		}
		if tl.Instr != nil {
			l.src = tl.Instr.Pos.Line
		}
		lines = append(lines, l)
	}
	fs.addStage(pass, "ir", lines, c.cfgOf(fs, f))
}

// machStage records the machine function mf after pass p, and what the
// backend says of the stages the page explains.
func (c *collector) machStage(fs *funcState, mf *backend.Func, p *backend.Pass) {
	// Without the header line, which names the pass: the text compared
	// with the previous stage is the code.
	_, dump, _ := strings.Cut(mf.DumpAfter(p.Name), "\n")
	fs.addStage(p.Name, "mach", machLines(dump), -1)
	explainMachine(fs.page, p.Name, mf)
}

// machLines splits a machine dump into lines with their blocks: a label
// line starts a block.
func machLines(dump string) []line {
	var lines []line
	block := ""
	for _, text := range strings.Split(strings.TrimSuffix(dump, "\n"), "\n") {
		if name, ok := labelOf(text); ok {
			block = name
		}
		lines = append(lines, line{text: text, block: block})
	}
	return lines
}

// labelOf reports the block a dump line labels ("name:" at its start).
func labelOf(text string) (string, bool) {
	if text == "" || text[0] == '\t' || text[0] == ' ' || text[0] == '#' {
		return "", false
	}
	name, _, ok := strings.Cut(text, ":")
	if !ok || strings.ContainsAny(name, " \t") {
		return "", false
	}
	return name, true
}

// asmStage splits the module's assembly into its functions (from
// `.type NAME, @function` to `.size NAME, ...`) and records each wanted
// one, with the source line of each instruction from the .loc before it.
func (c *collector) asmStage(asm string) {
	var fs *funcState
	var lines []line
	src, block := 0, ""
	for _, text := range strings.Split(asm, "\n") {
		if name, ok := strings.CutPrefix(text, "\t.type\t"); ok && strings.HasSuffix(name, ", @function") {
			fs = c.funcs[strings.Trim(strings.TrimSuffix(name, ", @function"), `"`)]
			lines, src, block = nil, 0, ""
		}
		if fs == nil {
			continue
		}
		if loc, ok := strings.CutPrefix(text, "\t.loc\t1 "); ok {
			fmt.Sscanf(loc, "%d", &src)
		}
		if name, ok := labelOf(text); ok {
			block = asmBlockName(fs.page.Name, name)
		}
		lines = append(lines, line{text: text, src: src, block: block})
		if strings.HasPrefix(text, "\t.size\t") {
			fs.addStage("asm", "asm", lines, -1)
			fs = nil
		}
	}
}

// asmBlockName is the IR block a local assembly label stands for:
// .Lf.name is block name of f.
func asmBlockName(fn, label string) string {
	if b, ok := strings.CutPrefix(label, ".L"+fn+"."); ok {
		return b
	}
	return ""
}

func splitLines(src []byte) []string {
	if len(src) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
}
