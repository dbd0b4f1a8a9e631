package backend

import (
	"os"
	"testing"

	"toyc/middle"
)

// Every test of the package runs with the middle's cached analyses checked
// at each use (middle/analysis.go).
func TestMain(m *testing.M) {
	middle.CheckAnalyses = true
	os.Exit(m.Run())
}
