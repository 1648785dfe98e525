package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/layout"
)

// reorderFix rewrites the field list of st in the proposed order. Each
// field keeps its text byte for byte: doc comment, names, type, tag, line
// comment and every comment in between; comments standing alone between
// fields move with the field after them. The new field list is formatted
// as gofmt would format it in place, and the edit covers the field list
// only. The source comes from readFile. It returns no fix and a reason
// when the source cannot be read or is generated.
func reorderFix(pass *analysis.Pass, readFile func(string) ([]byte, error), st *ast.StructType, s *layout.Struct, p *layout.Proposal, fieldOf []int) ([]analysis.SuggestedFix, string) {
	tf := pass.Fset.File(st.Pos())
	file := fileOf(pass, st)
	if orig := pass.Fset.Position(st.Pos()).Filename; orig != tf.Name() {
		return nil, fmt.Sprintf("%s is generated from %s: change the source it comes from", tf.Name(), orig)
	}
	if ast.IsGenerated(file) {
		return nil, fmt.Sprintf("%s is generated: change the source it comes from", tf.Name())
	}
	src, err := readFile(tf.Name())
	if err != nil {
		return nil, fmt.Sprintf("cannot read %s: %v", tf.Name(), err)
	}
	if tf.Size() != len(src) {
		return nil, fmt.Sprintf("%s changed while it was analyzed", tf.Name())
	}
	text := func(from, to token.Pos) string { return string(src[tf.Offset(from):tf.Offset(to)]) }

	// Each field's extent, from its doc comment to the comments on the
	// line it ends on.
	fields := st.Fields.List
	var comments []*ast.Comment // inside the braces, in order
	for _, g := range file.Comments {
		if g.Pos() > st.Fields.Opening && g.End() < st.Fields.Closing {
			comments = append(comments, g.List...)
		}
	}
	type extent struct{ start, end token.Pos }
	ext := make([]extent, len(fields))
	trailing := map[*ast.Comment]bool{}
	for i, after := range lineComments(tf, file, st) {
		ext[i] = extent{fields[i].Pos(), fields[i].End()}
		for _, c := range after {
			ext[i].end = c.End()
			trailing[c] = true
		}
	}
	for i, f := range fields {
		if f.Doc == nil {
			continue
		}
		if k := slices.IndexFunc(f.Doc.List, func(c *ast.Comment) bool { return !trailing[c] }); k >= 0 {
			ext[i].start = f.Doc.List[k].Pos()
		}
	}
	// Comments within a field's extent are part of its text; the others
	// stand alone and go with the next field.
	within := make([][]*ast.Comment, len(fields))
	loose := make([][]string, len(fields)+1)
	for _, c := range comments {
		i := slices.IndexFunc(ext, func(e extent) bool { return e.start <= c.Pos() && c.End() <= e.end })
		if i >= 0 {
			within[i] = append(within[i], c)
			continue
		}
		i = 0
		for i < len(fields) && ext[i].start < c.Pos() {
			i++
		}
		loose[i] = append(loose[i], c.Text)
	}

	var b bytes.Buffer
	b.WriteString("\n")
	done := map[int]bool{}
	for j, from := range p.From {
		if from < 0 {
			fmt.Fprintf(&b, "%s %s\n", p.Struct.Members[j].Name, p.Struct.Members[j].Type)
			continue
		}
		i := fieldOf[from]
		if done[i] {
			continue // names declared together move as one
		}
		done[i] = true
		for _, c := range loose[i] {
			b.WriteString(c + "\n")
		}
		b.WriteString(text(ext[i].start, ext[i].end) + "\n")
	}
	for i := range fields {
		if done[i] {
			continue
		}
		// Padding the proposal dropped: keep its comments.
		for _, c := range loose[i] {
			b.WriteString(c + "\n")
		}
		for _, c := range within[i] {
			b.WriteString(c.Text + "\n")
		}
	}
	for _, c := range loose[len(fields)] {
		b.WriteString(c + "\n")
	}

	// Format the file with the new field list in place, so that
	// indentation, alignment and multi-line literals come out as gofmt
	// has them there, and take the field list back out of it.
	body, err := formatFieldList(src, tf, file, st, b.Bytes())
	if err != nil {
		return nil, fmt.Sprintf("the reordered fields do not format: %v", err)
	}
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("reorder the fields of %s for cache lines", s.Name),
		TextEdits: []analysis.TextEdit{{Pos: st.Fields.Opening + 1, End: st.Fields.Closing, NewText: body}},
	}}, ""
}

// formatFieldList formats the top-level declaration of file (src, of tf)
// that holds st, with list in place of the field list of st, so that
// indentation, alignment and multi-line literals come out as gofmt has
// them there, and returns the field list taken back out of it. gofmt lays
// out each top-level declaration on its own, and formatting only this one
// keeps a fix per struct from costing a format of the whole file.
func formatFieldList(src []byte, tf *token.File, file *ast.File, st *ast.StructType, list []byte) ([]byte, error) {
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
// as file), with comments[i] added to field i, through the rewriting of
// -fix, which keeps every byte of the fields and their comments and
// formats only the field list. A field with a line comment gets the new
// comment as the last line of its doc comment, others as their line
// comment. It returns the offsets of the text between the braces and the
// text to put there.
func FieldListEdit(src []byte, tf *token.File, file *ast.File, st *ast.StructType, comments map[int]string) (start, end int, text []byte, err error) {
	start, end = tf.Offset(st.Fields.Opening)+1, tf.Offset(st.Fields.Closing)
	var b bytes.Buffer
	at := start
	after := lineComments(tf, file, st)
	for i, f := range st.Fields.List {
		c, ok := comments[i]
		if !ok {
			continue
		}
		if len(after[i]) > 0 {
			b.Write(src[at:tf.Offset(f.Pos())])
			b.WriteString(c + "\n")
			at = tf.Offset(f.Pos())
		} else {
			b.Write(src[at:tf.Offset(f.End())])
			b.WriteString(" " + c)
			at = tf.Offset(f.End())
		}
	}
	b.Write(src[at:end])
	text, err = formatFieldList(src, tf, file, st, b.Bytes())
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

func fileOf(pass *analysis.Pass, n ast.Node) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}
