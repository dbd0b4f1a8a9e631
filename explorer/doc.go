// Package explorer makes the SSA explorer: one self-contained HTML page
// (toyc --emit=html) that shows every stage of each function's compilation
// side by side — the source, the IR after each pass of the pass table, the
// machine code after each backend stage, the final assembly — with the SSA
// concepts computed from the user's own program: the CFG and the dominator
// tree drawn apart, dominance and dominance frontiers, where mem2reg put
// its φs and why, the renaming, critical edges split, each edge's parallel
// copy and the order chosen, live intervals, and the φ arrivals of a traced
// run. It is Go's GOSSAFUNC ssa.html (one column per pass, click a value to
// highlight it everywhere) crossed with the figures of the SSA lesson the
// project grew from.
//
// The page is data plus a viewer: Collect runs the pipeline with hooks and
// gathers a Page (page.go: plain structs, marshalled as JSON into the
// page); the viewer in assets/ (HTML, CSS, JavaScript, embedded in the
// binary) draws it, with no network and no external files. Graphs are laid
// out by Graphviz's dot (github.com/goccy/go-graphviz, Graphviz compiled to
// WebAssembly, run in process; started only when a page is made), whose
// positions the viewer draws as SVG: a layout is a few hundred bytes where
// the SVG would be kilobytes. The same input gives the same bytes.
package explorer
