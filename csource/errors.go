package csource

import (
	"fmt"
	"strings"
)

// Error is C source a patch cannot rewrite, or a proposal it cannot
// carry out there: the file, the line and the member it is about, and
// why. The struct it is for gets no patch.
type Error struct {
	File   string // the source file, "" when none was found
	Line   int    // 1-based, 0 when the error is about no one line
	Struct string // the struct the patch was for, "" when not yet known
	Member string // the member concerned, "" when none
	Msg    string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Struct != "" {
		b.WriteString("struct " + e.Struct + ": ")
	}
	if e.Member != "" {
		b.WriteString("member " + e.Member + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}
