package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// profiles starts the CPU profile --cpuprofile asks for and returns what
// ends it and writes the heap profile of --memprofile, as the Go
// compiler's own -cpuprofile and -memprofile do: for finding where toyc
// spends its time and memory (go tool pprof toyc FILE). A profile that
// cannot be written is a failure of the run, reported as any other.
func (d *driver) profiles() (stop func() error, err error) {
	o := d.opts
	var cpu *os.File
	if o.cpuProfile != "" {
		if cpu, err = os.Create(o.cpuProfile); err != nil {
			return nil, failf("--cpuprofile %s: %v", o.cpuProfile, unwrapPath(err))
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, failf("--cpuprofile: %v", err)
		}
	}
	if o.memProfile != "" {
		// Every allocation sampled, not one per 512 KB: the profile
		// then counts allocations exactly, for allocations per line.
		runtime.MemProfileRate = 1
	} else {
		// None sampled: a sample records the allocating goroutine's
		// stack, and walking the deep stacks of the frontend's
		// recursion and the passes was 4-7% of a compile's
		// instructions, for a profile nobody writes.
		runtime.MemProfileRate = 0
	}
	return func() error {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				return failf("--cpuprofile: %v", err)
			}
		}
		if o.memProfile == "" {
			return nil
		}
		f, err := os.Create(o.memProfile)
		if err != nil {
			return failf("--memprofile %s: %v", o.memProfile, unwrapPath(err))
		}
		runtime.GC() // the heap profile is as of the last collection
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			f.Close()
			return failf("--memprofile: %v", err)
		}
		return f.Close()
	}, nil
}
