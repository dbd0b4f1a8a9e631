package diag

import (
	"bytes"
	"sort"
)

// Lines indexes a source file by line: for the positions of the frontend's
// tokens, and for the dumps and assembly comments that quote the source
// line an instruction comes from. It keeps one
// offset per line into the file's text rather than a slice per line, as
// bytes.Split would: at 100,000 lines those slices were 2.4 MB live for
// the whole compile, once in the driver and once in the emitter.
type Lines struct {
	src   []byte
	start []int32 // start[i] is the offset of line i+1
}

// NewLines indexes src. Like bytes.Split(src, "\n"), it counts one line
// more than src has newlines: the text after the last one, maybe empty.
func NewLines(src []byte) *Lines {
	l := &Lines{src: src, start: make([]int32, 1, bytes.Count(src, []byte("\n"))+1)}
	for i, c := range src {
		if c == '\n' {
			l.start = append(l.start, int32(i+1))
		}
	}
	return l
}

// Pos returns the line and column (in bytes, both from 1) of offset.
func (l *Lines) Pos(offset int) Pos {
	i := sort.Search(len(l.start), func(i int) bool { return int(l.start[i]) > offset }) - 1
	return Pos{Line: i + 1, Col: offset - int(l.start[i]) + 1}
}

// PosOnLine is Pos for an offset said to be on line (from 1), as a
// lexer's token position says: checked in constant time, and searched for
// as Pos does when it is not so.
func (l *Lines) PosOnLine(offset, line int) Pos {
	if line >= 1 && line <= len(l.start) && int(l.start[line-1]) <= offset &&
		(line == len(l.start) || offset < int(l.start[line])) {
		return Pos{Line: line, Col: offset - int(l.start[line-1]) + 1}
	}
	return l.Pos(offset)
}

// Len is the number of lines; 0 for a nil index.
func (l *Lines) Len() int {
	if l == nil {
		return 0
	}
	return len(l.start)
}

// Text returns line n (from 1) without its newline, or nil when there is
// no such line.
func (l *Lines) Text(n int) []byte {
	if n < 1 || n > l.Len() {
		return nil
	}
	end := len(l.src)
	if n < len(l.start) {
		end = int(l.start[n]) - 1
	}
	return l.src[l.start[n-1]:end:end]
}
