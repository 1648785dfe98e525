package input

import (
	"unicode"
	"unicode/utf8"
)

// BadName says what is wrong with a name from a binary that no language
// spells so, and that would reach a terminal as control rather than text:
// a control character (a newline, an escape) or bytes that are not UTF-8.
// It is "" for a good name. Readers report a bad one as corrupt input.
func BadName(name string) string {
	for i, r := range name {
		switch {
		case r == utf8.RuneError && !validAt(name, i):
			return "bytes that are not UTF-8"
		case unicode.IsControl(r):
			return "a control character"
		}
	}
	return ""
}

// validAt reports whether the rune at name[i] is a real U+FFFD.
func validAt(name string, i int) bool {
	r, n := utf8.DecodeRuneInString(name[i:])
	return r == utf8.RuneError && n == 3
}
