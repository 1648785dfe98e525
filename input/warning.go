package input

import "fmt"

// Warning is a problem with a place in an input file that does not stop
// the run: a table row the binary contradicts, a struct a hot file names
// that the build lacks. Reports group warnings by File, so the place is
// kept apart from the words.
type Warning struct {
	File string // "" when the warning is about no file
	Line int    // 0 when it is about the whole file
	Msg  string
}

func (w Warning) String() string {
	switch {
	case w.File == "":
		return w.Msg
	case w.Line == 0:
		return w.File + ": " + w.Msg
	}
	return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Msg)
}
