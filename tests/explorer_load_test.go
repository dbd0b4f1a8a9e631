package tests

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// TestExplorerLoadTime is a measurement, not a check: it runs only when
// $EXPLORER_PAGE names a page (tests/bench/explorer.sh, from ./build.sh
// bench, makes one of a generated 1,000-line program) and prints the
// median of three loads of it in headless Chromium, from navigation to the
// viewer's <body data-ready>, that is, until the page answers clicks.
func TestExplorerLoadTime(t *testing.T) {
	page := os.Getenv("EXPLORER_PAGE")
	if page == "" {
		t.Skip("set EXPLORER_PAGE to a page made by toyc --emit=html (tests/bench/explorer.sh does)")
	}
	chrome := findChromium()
	if chrome == "" {
		t.Skip("no chromium")
	}
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, chrome)
	var loads []time.Duration
	for range 3 {
		loads = append(loads, b.open(t, abs))
	}
	sort.Slice(loads, func(i, j int) bool { return loads[i] < loads[j] })
	t.Logf("%s: interactive after %.2f s (median), %.2f to %.2f s over 3 loads", page, loads[1].Seconds(), loads[0].Seconds(), loads[2].Seconds())
}
