package main

import (
	"fmt"
	"io"
	"runtime"
	"syscall"
	"time"
)

// stageTimes records how long each stage of the driver takes (reading and
// front end per file, passes per file, the C compiler), for --time-passes.
// Each stage gets its wall-clock time and the CPU time the process spent in
// it (getrusage: user+system, the garbage collector's background work
// included), because on a shared machine the wall clock also counts the
// time other processes held the cores. The passes' own times are printed by
// runPasses. After the stages, print says what the garbage collector had
// to do. A nil *stageTimes records nothing, so that the stages need not
// ask whether timing is on.
type stageTimes struct {
	names     []string
	durations []time.Duration
	cpu       []time.Duration
}

// start begins timing the stage name; calling the result ends it.
func (t *stageTimes) start(name string) (stop func()) {
	if t == nil {
		return func() {}
	}
	begin, beginCPU := time.Now(), processCPU()
	return func() {
		t.names = append(t.names, name)
		t.durations = append(t.durations, time.Since(begin))
		t.cpu = append(t.cpu, processCPU()-beginCPU)
	}
}

// processCPU is the user and system time the process has used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func (t *stageTimes) print(w io.Writer) {
	if t == nil {
		return
	}
	var total, totalCPU time.Duration
	fmt.Fprintln(w, "toyc: time per stage (wall-clock, then CPU):")
	for i, name := range t.names {
		fmt.Fprintf(w, "  %10.3fms %10.3fms  %s\n", t.durations[i].Seconds()*1e3, t.cpu[i].Seconds()*1e3, name)
		total += t.durations[i]
		totalCPU += t.cpu[i]
	}
	fmt.Fprintf(w, "  %10.3fms %10.3fms  total\n", total.Seconds()*1e3, totalCPU.Seconds()*1e3)
	// What the garbage collector had to do: the bytes and objects
	// allocated over the whole run, and its share of the CPU.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(w, "toyc: memory: %.1f MB allocated in %d objects, %d collections, %.1f%% of the CPU in the collector\n",
		float64(ms.TotalAlloc)/1e6, ms.Mallocs, ms.NumGC, 100*ms.GCCPUFraction)
}
