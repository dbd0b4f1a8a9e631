package main

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// scratch tracks what a compile has created but not finished: the private
// temporary directory, temporary outputs not yet renamed into place, and the
// running C compiler. All of it goes on every way out: a normal return, an
// error, a panic, and SIGINT or SIGTERM, so that an interrupted compile leaves
// nothing behind.
type scratch struct {
	mu    sync.Mutex
	paths []string
	cc    int // process group of the running C compiler, or 0
}

func (s *scratch) add(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.paths = append(s.paths, path)
}

// mkdirTemp makes a new temporary directory, registered: under the lock,
// so that none is made once an interrupt has cleared the scratch (the
// compile goes on on other goroutines until toyc ends).
func (s *scratch) mkdirTemp() (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	dir, err := os.MkdirTemp("", "toyc-")
	if err == nil {
		s.paths = append(s.paths, dir)
	}
	return dir, err
}

// forget drops path once it is complete (renamed into place).
func (s *scratch) forget(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, p := range s.paths {
		if p == path {
			s.paths = append(s.paths[:i], s.paths[i+1:]...)
			return
		}
	}
}

func (s *scratch) setCompiler(pgid int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cc = pgid
}

// removeAll kills the C compiler with all its subprocesses (it runs in a
// process group of its own) so that none writes a file after it is
// removed, then removes every path, newest first.
func (s *scratch) removeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.removeAllLocked()
}

func (s *scratch) removeAllLocked() {
	if s.cc != 0 {
		syscall.Kill(-s.cc, syscall.SIGKILL)
		s.cc = 0
	}
	for i := len(s.paths) - 1; i >= 0; i-- {
		os.RemoveAll(s.paths[i])
	}
	s.paths = nil
}

// catchSignals makes SIGINT and SIGTERM remove the scratch and then end
// toyc by the same signal, so that the shell or make that started it sees
// how it ended. A signal ignored when toyc started (SIGINT in a background
// job of a shell) stays ignored. The returned function stops catching them.
func (s *scratch) catchSignals() (stop func()) {
	signals := make(chan os.Signal, 1)
	done := make(chan struct{})
	for _, sig := range []os.Signal{syscall.SIGINT, syscall.SIGTERM} {
		if !signal.Ignored(sig) {
			signal.Notify(signals, sig)
		}
	}
	go func() {
		select {
		case sig := <-signals:
			// The lock stays held: the compile blocks at its next add
			// instead of creating a file that would outlive toyc.
			s.mu.Lock()
			s.removeAllLocked()
			signal.Reset(sig)
			syscall.Kill(os.Getpid(), sig.(syscall.Signal))
			// Only reached if the signal could not end toyc.
			os.Exit(128 + int(sig.(syscall.Signal)))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(signals)
		close(done)
	}
}
