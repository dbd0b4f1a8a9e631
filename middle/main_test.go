package middle

import (
	"os"
	"testing"
)

// Every test of the package runs with the cached analyses checked at each
// use (analysis.go).
func TestMain(m *testing.M) {
	CheckAnalyses = true
	os.Exit(m.Run())
}
