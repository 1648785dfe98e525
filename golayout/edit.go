package golayout

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strings"
)

// LineComments returns, for each field of st (in file tf), the comments
// after it on the line where it ends, and on the line where each of those
// ends, before the next field: `x int /* two\n lines */ // and more`
// holds both. Go's parser takes a line comment only on the line where the
// field's last token starts, and ends it at a comment that spans lines:
// after a multi-line tag it leaves the comment to no field, and a comment
// after a multi-line block comment it gives to the next field's doc; the
// author wrote each after this field, and it is this field's.
func LineComments(tf *token.File, file *ast.File, st *ast.StructType) [][]*ast.Comment {
	fields := st.Fields.List
	out := make([][]*ast.Comment, len(fields))
	line := func(p token.Pos) int { return tf.PositionFor(p, false).Line }
	// last is the line where field i's text ends: the field's, or its
	// last comment's.
	last := func(i int) int {
		if n := len(out[i]); n > 0 {
			return line(out[i][n-1].End())
		}
		return line(fields[i].End())
	}
	i := 0
	for _, g := range file.Comments {
		if g.End() <= st.Fields.Opening || g.Pos() >= st.Fields.Closing {
			continue
		}
		for _, c := range g.List {
			for i+1 < len(fields) && fields[i+1].Pos() <= c.Pos() {
				i++
			}
			if i < len(fields) && c.Pos() >= fields[i].End() && line(c.Pos()) == last(i) {
				out[i] = append(out[i], c)
			}
		}
	}
	return out
}

// FormatFieldList formats the top-level declaration of file (src, of tf)
// that holds st, with list in place of the field list of st, so that
// indentation, alignment and multi-line literals come out as gofmt has
// them there, and returns the field list taken back out of it. gofmt lays
// out each top-level declaration on its own, and formatting only this one
// keeps a fix per struct from costing a format of the whole file.
func FormatFieldList(src []byte, tf *token.File, file *ast.File, st *ast.StructType, list []byte) ([]byte, error) {
	var decl ast.Node = file
	start, end, head := 0, len(src), []byte(nil)
	for _, d := range file.Decls {
		if d.Pos() <= st.Pos() && st.End() <= d.End() {
			decl, start, end, head = d, tf.Offset(d.Pos()), tf.Offset(d.End()), []byte("package p\n\n")
			break
		}
	}
	open, close := tf.Offset(st.Fields.Opening), tf.Offset(st.Fields.Closing)
	out, err := format.Source(slices.Concat(head, src[start:open+1], list, src[close:end]))
	if err != nil {
		return nil, err
	}
	return structBody(out, structIndex(decl, st))
}

// FieldListEdit rewrites the field list of st, in src (of file tf, parsed
// as file), with comments[i], a directive, added to field i, as the
// analyzer's fixes rewrite it (cachelint profile -annotate uses it): it
// keeps every byte of the fields and their comments and formats only the
// field list. The directive goes on the field's line: as its line
// comment, or in front of the // comment already there, which it keeps
// behind " //" (`//cachelint:hot // *entry`), or after its /* */ comments.
// On its line, it moves no other line: a comment line of its own would end
// gofmt's alignment of the fields above. It returns the offsets of the
// text between the braces and the text to put there.
func FieldListEdit(src []byte, tf *token.File, file *ast.File, st *ast.StructType, comments map[int]string) (start, end int, text []byte, err error) {
	start, end = tf.Offset(st.Fields.Opening)+1, tf.Offset(st.Fields.Closing)
	var b bytes.Buffer
	at := start
	after := LineComments(tf, file, st)
	for i, f := range st.Fields.List {
		c, ok := comments[i]
		if !ok {
			continue
		}
		line := after[i]
		switch j := slices.IndexFunc(line, func(c *ast.Comment) bool { return strings.HasPrefix(c.Text, "//") }); {
		case j >= 0:
			// "// text" becomes "//cachelint:hot // text".
			b.Write(src[at:tf.Offset(line[j].Pos())])
			b.WriteString(c + " ")
			at = tf.Offset(line[j].Pos())
		default:
			to := tf.Offset(f.End())
			if len(line) > 0 {
				to = tf.Offset(line[len(line)-1].End())
			}
			// Code after it on the line (the next field, after a
			// semicolon or a block comment that ends the line for
			// Go) goes on the next line, behind the directive.
			rest := src[to:]
			if n := bytes.IndexByte(rest, '\n'); n >= 0 {
				rest = rest[:n]
			}
			if t := bytes.TrimLeft(rest, " \t"); len(t) > 0 && t[0] == ';' {
				to += len(rest) - len(t) + 1
				rest = t[1:]
			}
			b.Write(src[at:to])
			b.WriteString(" " + c)
			if len(bytes.TrimSpace(rest)) > 0 {
				b.WriteString("\n")
			}
			at = to
		}
	}
	b.Write(src[at:end])
	text, err = FormatFieldList(src, tf, file, st, b.Bytes())
	return start, end, text, err
}

// structIndex is the number of struct types before st in n, in the
// order ast.Inspect visits them.
func structIndex(node ast.Node, st *ast.StructType) int {
	n, at := 0, -1
	ast.Inspect(node, func(x ast.Node) bool {
		if at >= 0 {
			return false
		}
		if x, ok := x.(*ast.StructType); ok {
			if x == st {
				at = n
				return false
			}
			n++
		}
		return true
	})
	return at
}

// structBody returns what lies between the braces of the n-th struct type
// of the Go source src.
func structBody(src []byte, n int) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var st *ast.StructType
	ast.Inspect(f, func(x ast.Node) bool {
		if st != nil {
			return false
		}
		if x, ok := x.(*ast.StructType); ok {
			if n == 0 {
				st = x
				return false
			}
			n--
		}
		return true
	})
	if st == nil {
		return nil, fmt.Errorf("struct type lost")
	}
	tf := fset.File(st.Pos())
	return src[tf.Offset(st.Fields.Opening)+1 : tf.Offset(st.Fields.Closing)], nil
}
