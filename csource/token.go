package csource

// kind is what a token is. The tokenizer knows only what a struct
// declaration needs: words, numbers, literals, punctuation, comments and
// preprocessor lines; it does not expand macros.
type kind uint8

const (
	tIdent kind = iota
	tNumber
	tString // a string or character literal
	tPunct  // one character of punctuation
	tComment
	tDirective // a preprocessor line, with its continuations and comments
)

// token is one token of a C source file.
type token struct {
	kind kind
	text string
	// off and end are byte offsets of the token in the file; line and
	// endLine are the 0-based lines of its first and last byte.
	off, end      int
	line, endLine int
}

// tokenize splits src into tokens. It fails only on a comment or literal
// that does not end, naming the line it starts on.
func tokenize(src []byte) ([]token, error) {
	var toks []token
	line := 0
	lineStart := true // only blanks since the last newline
	i := 0
	for i < len(src) {
		c := src[i]
		start, startLine := i, line
		switch {
		case c == '\n':
			line++
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			// A line continuation outside a directive joins two lines.
			i += 2
			line++
			continue
		case c == '#' && lineStart:
			for i < len(src) && src[i] != '\n' {
				switch {
				case src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n':
					i += 2
					line++
				case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
					j, n, ok := skipBlockComment(src, i)
					if !ok {
						return nil, &Error{Line: startLine + 1, Msg: "comment does not end"}
					}
					i, line = j, line+n
				default:
					i++
				}
			}
			toks = append(toks, token{kind: tDirective, text: string(src[start:i]), off: start, end: i, line: startLine, endLine: line})
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j, n, ok := skipBlockComment(src, i)
			if !ok {
				return nil, &Error{Line: startLine + 1, Msg: "comment does not end"}
			}
			i, line = j, line+n
			toks = append(toks, token{kind: tComment, text: string(src[start:i]), off: start, end: i, line: startLine, endLine: line})
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			toks = append(toks, token{kind: tComment, text: string(src[start:i]), off: start, end: i, line: startLine, endLine: line})
			continue
		}
		lineStart = false
		k := tPunct
		switch {
		case isIdentStart(c):
			k = tIdent
			for i < len(src) && isIdentPart(src[i]) {
				i++
			}
		case c >= '0' && c <= '9':
			k = tNumber
			for i < len(src) && (isIdentPart(src[i]) || src[i] == '.') {
				i++
			}
		case c == '"' || c == '\'':
			k = tString
			i++
			for i < len(src) && src[i] != c {
				if src[i] == '\\' {
					i++
				}
				if i < len(src) && src[i] == '\n' {
					return nil, &Error{Line: startLine + 1, Msg: "literal does not end on its line"}
				}
				i++
			}
			if i >= len(src) {
				return nil, &Error{Line: startLine + 1, Msg: "literal does not end"}
			}
			i++
		default:
			i++
		}
		toks = append(toks, token{kind: k, text: string(src[start:i]), off: start, end: i, line: startLine, endLine: line})
	}
	return toks, nil
}

// skipBlockComment returns the offset just past the comment starting at
// i, and the newlines in it.
func skipBlockComment(src []byte, i int) (end, newlines int, ok bool) {
	for j := i + 2; j+1 < len(src); j++ {
		if src[j] == '\n' {
			newlines++
		}
		if src[j] == '*' && src[j+1] == '/' {
			return j + 2, newlines, true
		}
	}
	return len(src), newlines, false
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }
