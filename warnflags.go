package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/pflag"

	"toyc/frontend"
	"toyc/middle/diag"
)

// The warning flags, as gcc spells them: -Wall (the frontend's "all"
// group, on by default as Go's vet checks are), -Wextra (the "extra"
// group), -WNAME and -Wno-NAME for one warning (or a group: -Wno-all),
// -Werror (every warning shown is an error), -Werror=NAME and
// -Wno-error=NAME for one, and -w (no warnings at all). As in gcc, a
// setting of one warning by name wins over its group's, whatever their
// order, and among settings of the same name the last wins. As in gcc, an
// unknown -Wno-NAME is accepted (it can only turn off, so a build that
// names a warning of another compiler still works) and mentioned only
// when other diagnostics are printed, since it may have been meant to
// silence them (gcc's print_ignored_options, opts-global.cc); an unknown
// -WNAME, -Werror=NAME or -Wno-error=NAME is a usage error.

// warnOptions are the warning flags as given, in order.
type warnOptions struct {
	settings []warnSetting // -WNAME, -Wno-NAME, -Wall, -Wextra
	errors   []warnSetting // -Werror=NAME, -Wno-error=NAME
	werror   bool
	none     bool     // -w
	ignored  []string // the unknown -Wno-NAME flags, each once
}

type warnSetting struct {
	name string
	on   bool
}

// warnGroups are the group flags and the frontend's group names. -Wunused
// is a group across them: the unused-* warnings (as gcc's, whose -Wunused
// turns the parameter ones on only with -Wextra).
var warnGroups = map[string]string{"all": "all", "extra": "extra", "unused": "unused"}

// inUnused reports whether the warning named name belongs to -Wunused.
func inUnused(name string) bool { return strings.HasPrefix(name, "unused-") }

// isWarnFlag reports whether a is one of the flags warnArgs takes.
func isWarnFlag(a string) bool {
	return a == "-w" || strings.HasPrefix(a, "-W") && len(a) > 2
}

// diagnosticArgs takes the warning flags (into w) and the presentation
// flags (into p, presentation.go) out of args, before a "--"; fs says
// which other flags take a value, so that a value is not read as a flag.
func diagnosticArgs(fs *pflag.FlagSet, args []string, w *warnOptions, p *presentation) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if ok, err := p.add(a); ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		if !isWarnFlag(a) {
			rest = append(rest, a)
			if strings.HasPrefix(a, "-") && takesValue(fs, a) && i+1 < len(args) {
				i++
				rest = append(rest, args[i])
			}
			continue
		}
		if err := w.add(a); err != nil {
			return nil, err
		}
	}
	return rest, nil
}

// add reads one warning flag.
func (w *warnOptions) add(a string) error {
	if a == "-w" {
		w.none = true
		return nil
	}
	name := a[2:]
	switch {
	case name == "error":
		w.werror = true
		return nil
	case name == "no-error":
		w.werror = false
		return nil
	case strings.HasPrefix(name, "error="), strings.HasPrefix(name, "no-error="):
		on := strings.HasPrefix(name, "error=")
		_, n, _ := strings.Cut(name, "=")
		if !knownWarning(n) {
			return unknownWarning("-Werror=" + n)
		}
		w.errors = append(w.errors, warnSetting{n, on})
		if on {
			// gcc: -Werror=NAME also turns NAME on.
			w.settings = append(w.settings, warnSetting{n, true})
		}
		return nil
	}
	on := true
	if n, ok := strings.CutPrefix(name, "no-"); ok {
		name, on = n, false
	}
	if !knownWarning(name) {
		if on {
			return unknownWarning(a)
		}
		if !slices.Contains(w.ignored, a) {
			w.ignored = append(w.ignored, a)
		}
		return nil
	}
	w.settings = append(w.settings, warnSetting{name, on})
	return nil
}

func knownWarning(name string) bool {
	if warnGroups[name] != "" {
		return true
	}
	for _, k := range frontend.WarningKinds {
		if k.Name == name {
			return true
		}
	}
	return false
}

// warningFlags are the spellings of every warning flag, for suggestions.
func warningFlags() []string {
	out := []string{"-w", "-Werror"}
	for g := range warnGroups {
		out = append(out, "-W"+g)
	}
	for _, k := range frontend.WarningKinds {
		out = append(out, "-W"+k.Name, "-Wno-"+k.Name)
	}
	sort.Strings(out)
	return out
}

// unknownWarning is the usage error for a warning flag toyc does not have,
// with the nearest one it has.
func unknownWarning(a string) error {
	best, bestDist := "", 3
	for _, k := range warningFlags() {
		if d := editDistance(a, k); d < bestDist {
			best, bestDist = k, d
		}
	}
	if best != "" {
		return usagef("unknown flag %s, did you mean %s?", a, best)
	}
	return usagef("unknown flag %s (toyc --help lists the warnings)", a)
}

// ignoredNotes are gcc's notes on the unknown -Wno-NAME flags, printed
// after other diagnostics.
func (w warnOptions) ignoredNotes() []string {
	var out []string
	for _, a := range w.ignored {
		out = append(out, fmt.Sprintf("unrecognized command-line option '%s' may have been intended to silence earlier diagnostics", a))
	}
	return out
}

// warnPolicy is what the flags decide for each warning: shown or not, and
// if shown whether it is an error.
type warnPolicy struct {
	shown, isError map[string]bool
}

func (w warnOptions) policy() warnPolicy {
	p := warnPolicy{shown: map[string]bool{}, isError: map[string]bool{}}
	groups := map[string]bool{"all": true}
	unused, unusedSet := false, false
	named := map[string]bool{}
	for _, s := range w.settings {
		if g := warnGroups[s.name]; g == "unused" {
			unused, unusedSet = s.on, true
		} else if g != "" {
			groups[g] = s.on
		} else {
			named[s.name] = s.on
		}
	}
	for _, k := range frontend.WarningKinds {
		on, set := named[k.Name]
		switch {
		case set:
		case unusedSet && inUnused(k.Name):
			on = unused && (k.Group != "extra" || groups["extra"])
		default:
			on = k.Group != "" && groups[k.Group]
		}
		p.shown[k.Name] = on && !w.none
		p.isError[k.Name] = w.werror
	}
	for _, s := range w.errors {
		for _, k := range frontend.WarningKinds {
			if k.Name == s.name || k.Group != "" && k.Group == warnGroups[s.name] || s.name == "unused" && inUnused(k.Name) {
				p.isError[k.Name] = s.on
			}
		}
	}
	return p
}

// apply keeps the diagnostics that the policy shows, with the warnings it
// makes errors turned into errors (still named by their flag).
func (p warnPolicy) apply(l diag.List) diag.List {
	out := l[:0:0]
	for _, d := range l {
		if d.Severity == diag.Warning {
			if !p.shown[d.Flag] {
				continue
			}
			if p.isError[d.Flag] {
				d.Severity = diag.Error
			}
		}
		out = append(out, d)
	}
	return out
}
