package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/golayout"
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
	for i, after := range golayout.LineComments(tf, file, st) {
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
	body, err := golayout.FormatFieldList(src, tf, file, st, b.Bytes())
	if err != nil {
		return nil, fmt.Sprintf("the reordered fields do not format: %v", err)
	}
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("reorder the fields of %s for cache lines", s.Name),
		TextEdits: []analysis.TextEdit{{Pos: st.Fields.Opening + 1, End: st.Fields.Closing, NewText: body}},
	}}, ""
}

func fileOf(pass *analysis.Pass, n ast.Node) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}
