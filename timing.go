package main

import (
	"fmt"
	"io"
	"time"
)

// stageTimes records how long each stage of the driver takes (reading and
// front end per file, passes per file, the C compiler), for --time-passes.
// The passes' own times are printed by runPasses. A nil *stageTimes records
// nothing, so that the stages need not ask whether timing is on.
type stageTimes struct {
	names     []string
	durations []time.Duration
}

// start begins timing the stage name; calling the result ends it.
func (t *stageTimes) start(name string) (stop func()) {
	if t == nil {
		return func() {}
	}
	begin := time.Now()
	return func() {
		t.names = append(t.names, name)
		t.durations = append(t.durations, time.Since(begin))
	}
}

func (t *stageTimes) print(w io.Writer) {
	if t == nil {
		return
	}
	var total time.Duration
	fmt.Fprintln(w, "toyc: time per stage:")
	for i, name := range t.names {
		fmt.Fprintf(w, "  %10.3fms  %s\n", t.durations[i].Seconds()*1e3, name)
		total += t.durations[i]
	}
	fmt.Fprintf(w, "  %10.3fms  total\n", total.Seconds()*1e3)
}
