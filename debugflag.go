package main

import (
	"fmt"
	"os"

	"toyc/middle"
)

// -g and -g0, as gcc spells them: -g (and -g1, -g2, -g3, -ggdb, -gdwarf,
// -gdwarf-5, which toyc takes for -g: it has one kind of debugging
// information) turns DWARF on, -g0 off, and the last one given wins.
var debugLevels = map[string]string{
	"-g": "--debug=true", "-g1": "--debug=true", "-g2": "--debug=true", "-g3": "--debug=true",
	"-ggdb": "--debug=true", "-gdwarf": "--debug=true", "-gdwarf-5": "--debug=true", "-g0": "--debug=false",
}

// debugUnit marks the module m (nil after errors) for debugging
// information when -g is given: the lowering then records variables and
// scopes (frontend/lowerdebug.go) and the emitter writes DWARF.
func (d *driver) debugUnit(m *middle.Module) {
	if m == nil || !d.opts.debug {
		return
	}
	dir, err := os.Getwd()
	if err != nil {
		dir = "."
	}
	m.DebugUnit = &middle.DebugUnit{CompDir: dir, Producer: fmt.Sprintf("%s -O%d -g", version, d.opts.level)}
}
