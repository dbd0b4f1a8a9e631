package main

import (
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// The flags gcc users type that pflag cannot read as they are: -l and -L,
// which belong to the link in their order among themselves; -x LANG, which
// applies to the inputs after it; -O with a letter or beyond 2; and the
// message for a flag toyc does not know, in toyc's words with the nearest
// flag it does know.

// languages are -x's values and the kinds of input they make a file.
var languages = map[string]string{
	"toy": "toy", "ll": "ll", "c": "c", "asm": "asm", "assembler": "asm", "obj": "obj", "none": "",
}

// optLevels maps the -O spellings beyond pflag's integers to toyc's
// levels: -O3 is -O2 (toyc has nothing beyond it), -Os is -O1 (no
// loop versioning, and inlining only of callees about the size of their
// call: little growth).
var optLevels = map[string]string{"-O3": "-O2", "-Os": "-O1", "-O": "-O1"}

// gccArgs takes out of args, before a "--", what pflag cannot read: -l and
// -L (returned in order, as -lNAME and -LDIR), and -x LANG, which sets the
// language of the inputs after it (returned as langs, one per input in the
// order pflag will list them, "" for "by the file's extension"). fs says
// which flags take a value, so that a value is not taken for an input.
func gccArgs(fs *pflag.FlagSet, args []string) (rest, link, langs []string, err error) {
	lang := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			for range args[i+1:] {
				langs = append(langs, lang)
			}
			break
		}
		switch {
		case a == "-l" || a == "-L" || a == "-x":
			if i+1 == len(args) {
				return nil, nil, nil, usagef("%s needs a value", a)
			}
			i++
			a += args[i]
		}
		switch {
		case strings.HasPrefix(a, "-l") || strings.HasPrefix(a, "-L"):
			if len(a) == 2 {
				return nil, nil, nil, usagef("%s needs a value", a)
			}
			link = append(link, a)
			continue
		case strings.HasPrefix(a, "-x"):
			l, ok := languages[a[2:]]
			if !ok {
				return nil, nil, nil, usagef("unknown language -x %s (use toy, ll, c, asm, obj or none)", a[2:])
			}
			lang = l
			continue
		case optLevels[a] != "":
			a = optLevels[a]
		case debugLevels[a] != "":
			a = debugLevels[a]
		case len(a) > 2 && a[1] != '-' && fs.Lookup(strings.SplitN(a[1:], "=", 2)[0]) != nil:
			// A long flag with one dash, which pflag would read as a run
			// of short ones (-verify-each as -v -e ...).
			name, _, _ := strings.Cut(a, "=")
			return nil, nil, nil, usagef("unknown flag %s, did you mean -%s?", name, name)
		}
		rest = append(rest, a)
		switch {
		case a == "-" || !strings.HasPrefix(a, "-"):
			langs = append(langs, lang)
		case takesValue(fs, a) && i+1 < len(args):
			i++
			rest = append(rest, args[i])
		}
	}
	return rest, link, langs, nil
}

// takesValue reports whether the flag spelled a (without an attached
// value) reads the next argument as its value.
func takesValue(fs *pflag.FlagSet, a string) bool {
	var f *pflag.Flag
	switch {
	case strings.HasPrefix(a, "--"):
		if strings.Contains(a, "=") {
			return false
		}
		f = fs.Lookup(a[2:])
	case len(a) == 2:
		f = fs.ShorthandLookup(a[1:])
	}
	return f != nil && f.NoOptDefVal == ""
}

// flagError puts pflag's complaint about args in toyc's words, with the
// nearest known flag when one is close.
func flagError(fs *pflag.FlagSet, err error) error {
	msg := err.Error()
	var bad string
	switch {
	case strings.HasPrefix(msg, "unknown flag: "):
		bad = strings.TrimPrefix(msg, "unknown flag: ")
	case strings.HasPrefix(msg, "unknown shorthand flag: "):
		// "unknown shorthand flag: 'W' in -Wall"
		if _, arg, ok := strings.Cut(msg, " in "); ok {
			bad = arg
		}
	case strings.Contains(msg, `for "-O, --opt" flag`):
		// invalid argument "fast" for "-O, --opt" flag: ...
		level, _, _ := strings.Cut(strings.TrimPrefix(msg, `invalid argument "`), `"`)
		return usagef("unknown optimization level -O%s (use -O0, -O1, -O2, -O3 or -Os)", level)
	default:
		return usagef("%s", msg)
	}
	name, _, _ := strings.Cut(bad, "=")
	if near := nearestFlag(fs, name); near != "" {
		return usagef("unknown flag %s, did you mean %s?", name, near)
	}
	return usagef("unknown flag %s (toyc --help lists the flags)", name)
}

// nearestFlag is the known spelling closest to bad, if it is close
// enough to be a slip: an edit distance of at most 1 for short flags and 2
// for long ones.
func nearestFlag(fs *pflag.FlagSet, bad string) string {
	known := []string{"-O0", "-O1", "-O2", "-O3", "-Os", "-l", "-L", "-x"}
	fs.VisitAll(func(f *pflag.Flag) {
		known = append(known, "--"+f.Name)
		if f.Shorthand != "" {
			known = append(known, "-"+f.Shorthand)
		}
	})
	sort.Strings(known)
	best, bestDist := "", 3
	limit := 1
	if len(strings.TrimLeft(bad, "-")) > 4 {
		limit = 2
	}
	for _, k := range known {
		// A long flag typed with one dash is still that flag.
		for _, spelling := range []string{bad, "-" + bad} {
			if d := editDistance(spelling, k); d <= limit && d < bestDist {
				best, bestDist = k, d
			}
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// Levenshtein's, with a swap of two neighbours as one edit (--emti for
// --emit).
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
