package runtime

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// FindCompiler returns the C compiler command that assembles and links Toy
// programs, as a program and its leading arguments: explicit (the --cc
// flag) when it is set, else $CC, else gcc, else clang. Like make, it splits
// the command at blanks so that CC="ccache gcc" or "gcc -m64" work.
func FindCompiler(explicit string) ([]string, error) {
	for _, choice := range []struct{ command, origin string }{
		{explicit, "--cc"},
		{os.Getenv("CC"), "$CC"},
	} {
		if strings.TrimSpace(choice.command) == "" {
			continue
		}
		fields := strings.Fields(choice.command)
		if _, err := exec.LookPath(fields[0]); err != nil {
			return nil, fmt.Errorf("C compiler %q (from %s) not found", fields[0], choice.origin)
		}
		return fields, nil
	}
	for _, name := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(name); err == nil {
			return []string{name}, nil
		}
	}
	return nil, errors.New("no C compiler found: install gcc or clang, or name one with --cc or $CC")
}
