package main

import "fmt"

// failure is an error that ends the compile with a message and an exit
// status of its own: 1 for bad input (a missing file, a C compiler that
// rejects a C input), 2 for a usage error or a request toyc cannot serve.
// Diagnostics with a source position are a diag.List instead.
type failure struct {
	status int
	msg    string
}

func (f failure) Error() string { return f.msg }

func usagef(format string, args ...any) error {
	return failure{2, fmt.Sprintf(format, args...)}
}

func failf(format string, args ...any) error {
	return failure{1, fmt.Sprintf(format, args...)}
}
