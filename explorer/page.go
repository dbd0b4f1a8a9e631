package explorer

// The page's data: what Collect gathers and the viewer draws, marshalled as
// JSON (field names are the viewer's). Block and value references inside a
// function are indexes or names as printed; every list is in a fixed
// order, so the page is deterministic.

// Page is one page: a source file taken through the pipeline.
type Page struct {
	File   string      `json:"file"`
	Level  int         `json:"level"`  // the -O level
	Source []string    `json:"source"` // the input's lines
	Passes []PassInfo  `json:"passes"` // the whole table, ran or not
	Funcs  []*FuncPage `json:"funcs"`
	// Errors are the verifier's findings on an invalid input, each marked
	// at its function, block and instruction in the "input" stage.
	Errors []ErrorMark `json:"errors,omitempty"`
	Trace  *Trace      `json:"trace,omitempty"`
}

// PassInfo is one entry of the pass table.
type PassInfo struct {
	Name   string `json:"name"`
	Level  int    `json:"level"`
	Native bool   `json:"native"`
	Doc    string `json:"doc"`
	Ran    bool   `json:"ran"` // at this level and output
}

// FuncPage is everything shown for one function.
type FuncPage struct {
	Name string `json:"name"`
	// Strings holds each distinct text of the function's stages once;
	// lines refer to it by index (the stages repeat most lines).
	Strings []string `json:"strings"`
	Stages  []*Stage `json:"stages"`
	CFGs    []*CFG   `json:"cfgs"` // distinct CFGs; Stage.CFG indexes them
	// VRegs names the IR value each virtual register was made for
	// ("v2" → "%x"), so a click on one highlights the other.
	VRegs    map[string]string `json:"vregs,omitempty"`
	Mem2Reg  *Mem2Reg          `json:"mem2reg,omitempty"`
	Splits   []Split           `json:"splits,omitempty"`
	Copies   []EdgeCopy        `json:"copies,omitempty"`
	Alloc    *Alloc            `json:"alloc,omitempty"`
	Verified bool              `json:"verified"` // the input passed the verifier
}

// Stage is the function after one pass (or the input, or the final
// assembly).
type Stage struct {
	Pass string `json:"pass"` // "input", a pass name, or "asm"
	Kind string `json:"kind"` // "ir", "mach" or "asm"
	// Changed is false when the pass left the function's text as the
	// previous stage had it (the viewer collapses such a column).
	Changed bool `json:"changed"`
	// Lines are [text, source line, block, changed]: an index into
	// FuncPage.Strings; the source line the instruction comes from (0:
	// none); the index into Strings of the name of the block the line is
	// in (-1: outside any block); 1 when the line is not in the previous
	// stage (a longest common subsequence), else 0.
	// A stage that changed nothing leaves Lines out (nil): they are the
	// previous stage's, none of them changed. A page is mostly such stages.
	Lines [][4]int `json:"lines,omitempty"`
	CFG   int      `json:"cfg"` // index into FuncPage.CFGs, -1 for none
}

// CFG is a control-flow graph with the analyses the compiler computed on
// it, and layouts of it and of its dominator tree.
type CFG struct {
	Blocks []CFGBlock `json:"blocks"` // in the function's block order; Blocks[0] is the entry
	Edges  []CFGEdge  `json:"edges"`
	Layout Layout     `json:"layout"` // the CFG: node i is Blocks[i], edge j is Edges[j]
	// DomLayout draws the dominator tree: node i is Blocks[i], edge j goes
	// from the idom of DomEdges[j] to DomEdges[j].
	DomLayout Layout `json:"domLayout"`
	DomEdges  []int  `json:"domEdges"`
}

// CFGBlock is one block and what dominance says of it.
type CFGBlock struct {
	Name      string `json:"name"`
	Reachable bool   `json:"reachable"`
	// Idom is the immediate dominator (-1 for the entry and unreachable
	// blocks): the tree whose subtrees are the sets of blocks each block
	// dominates.
	Idom  int   `json:"idom"`
	DF    []int `json:"df"`    // its dominance frontier
	Depth int   `json:"depth"` // loop nesting depth
}

// CFGEdge is one CFG edge (a block branching twice to the same target is
// one edge).
type CFGEdge struct {
	From     int  `json:"from"`
	To       int  `json:"to"`
	Back     bool `json:"back"`     // To dominates From: a natural loop's back edge
	Critical bool `json:"critical"` // From has several successors and To several predecessors
}

// Layout is a graph laid out by Graphviz's dot, in points, with y growing
// downwards (the viewer's SVG coordinates).
type Layout struct {
	Width  float64 `json:"w"`
	Height float64 `json:"h"`
	// Nodes are [centre x, centre y, width, height].
	Nodes [][4]float64 `json:"nodes"`
	// Edges are the control points of each edge's cubic Bézier spline,
	// flattened (x0, y0, x1, y1, ...; 1 + 3k points), from the source to
	// where the arrowhead begins.
	Edges [][]float64 `json:"edges"`
}

// Mem2Reg explains the promotion of one function's slots.
type Mem2Reg struct {
	Slots []SlotPromotion `json:"slots"`
}

// SlotPromotion is one slot: promoted, with where its φs went and why, or
// kept in memory with the reason.
type SlotPromotion struct {
	Slot     string `json:"slot"` // the alloca's name, "%i"
	Var      string `json:"var"`  // the source variable
	Round    int    `json:"round"`
	Promoted bool   `json:"promoted"`
	Reason   string `json:"reason,omitempty"` // why not
	// Blocks, by name: those that store the slot; the iterated dominance
	// frontier of those; those where the slot is live on entry; those of
	// the IDF where no φ went because the slot is dead there.
	Defs   []string    `json:"defs"`
	IDF    []string    `json:"idf"`
	LiveIn []string    `json:"liveIn"`
	Dead   []string    `json:"dead"`
	Phis   []PhiPlaced `json:"phis"`
	Loads  []Renamed   `json:"loads"`  // each load removed, and what replaced it
	Stores []Renamed   `json:"stores"` // each store removed, and the value it pushed
}

// PhiPlaced is a φ mem2reg placed: kept under Name, or removed as trivial
// and replaced by ReplacedBy.
type PhiPlaced struct {
	Block      string `json:"block"`
	Name       string `json:"name"`
	Kept       bool   `json:"kept"`
	ReplacedBy string `json:"replacedBy,omitempty"`
}

// Renamed is one access of a promoted slot: a load (Name is the load,
// Value what its uses now read) or a store (Value is what it pushed on the
// slot's version stack).
type Renamed struct {
	Block string `json:"block"`
	Name  string `json:"name,omitempty"`
	Value string `json:"value"`
}

// Split is a critical edge split by the critical pass (or folded away).
type Split struct {
	From string   `json:"from"`
	To   string   `json:"to"`
	New  string   `json:"new"`  // the block put on the edge ("" when Folded)
	Phis []string `json:"phis"` // the φs of To whose entry for From now names New
	// Folded: From branched to To both ways; the branch became a jump and
	// the φs of To (Phis) kept one entry for From, so no block was needed.
	Folded bool `json:"folded,omitempty"`
}

// EdgeCopy is the parallel copy of one edge, out of SSA.
type EdgeCopy struct {
	From       string   `json:"from"`
	To         string   `json:"to"`
	Parallel   []Move   `json:"parallel"`
	Sequential []Move   `json:"sequential"` // the order chosen, in execution order
	Temps      []string `json:"temps"`      // the temporaries used for cycles
	Constants  []Move   `json:"constants"`  // constant moves placed after the copies
}

// Move is dst ← src.
type Move struct {
	Dst string `json:"dst"`
	Src string `json:"src"`
}

// Alloc is register allocation's result: the intervals over the numbered
// instruction listing they refer to.
type Alloc struct {
	Listing   []NumberedInstr `json:"listing"`
	Intervals []Interval      `json:"intervals"`
	Coalesced [][2]string     `json:"coalesced"` // [merged, into]
}

// NumberedInstr is one line of the listing.
type NumberedInstr struct {
	Pos   int    `json:"pos"`
	Block string `json:"block"`
	Text  string `json:"text"`
	Note  string `json:"note,omitempty"` // "reload v3", "spill v29", "split v0 into v68 for a loop", ...
}

// Interval is one register's live interval.
type Interval struct {
	Reg     string   `json:"reg"`    // "v3", or a physical register for a fixed interval
	Origin  string   `json:"origin"` // the IR value it was made for
	Ranges  [][2]int `json:"ranges"` // half-open
	Loc     string   `json:"loc"`    // the register or stack slot it got
	Spilled bool     `json:"spilled"`
	Defs    []int    `json:"defs"`
	Uses    []int    `json:"uses"`
	SplitOf string   `json:"splitOf,omitempty"` // the register it was split from
	SplitAt string   `json:"splitAt,omitempty"` // where: "calls" or "loop"
	TempFor string   `json:"tempFor,omitempty"` // the spilled register a reload or store temporary stands for
	Spills  []int    `json:"spills,omitempty"`  // positions of its spill stores
	Reloads []int    `json:"reloads,omitempty"` // positions of its reloads
}

// ErrorMark is one verifier error on an invalid input.
type ErrorMark struct {
	Func    string `json:"func"`
	Block   string `json:"block,omitempty"`
	Value   string `json:"value,omitempty"` // the instruction's result name, or "" for one without
	Line    int    `json:"line"`            // in the input, 0 when unknown
	Message string `json:"message"`
}

// Trace is one interpreted run and the φ arrivals it made.
type Trace struct {
	Call     string       `json:"call"`              // what ran: "count_to(2)", or "main" with its arguments
	Result   string       `json:"result"`            // the result, the exit status, or the runtime error
	Output   string       `json:"output"`            // what it printed (cut at a bound)
	Steps    int          `json:"steps"`             // φ arrivals in the whole run (Arrivals may list fewer)
	Stopped  string       `json:"stopped,omitempty"` // why it stopped early (the step bound)
	Arrivals []PhiArrival `json:"arrivals"`          // cut at a bound, said in Stopped
}

// PhiArrival is one dynamic evaluation of a φ: which predecessor edge
// control came along and the value selected.
type PhiArrival struct {
	Func  string `json:"func"`
	Phi   string `json:"phi"`
	Block string `json:"block"`
	Visit int    `json:"visit"` // 1 for the φ's first evaluation in the run
	From  string `json:"from"`
	Value string `json:"value"` // in decimal (JavaScript's numbers hold 53 bits)
}
