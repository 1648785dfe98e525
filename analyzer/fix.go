package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/layout"
)

// fixBlockers finds the struct types of the package whose field order the
// program depends on, with the reason: unkeyed composite literals, a
// structs.HostLayout field (the layout is the platform's), or cgo.
func fixBlockers(pass *analysis.Pass) map[*types.TypeName]string {
	blocks := map[*types.TypeName]string{}
	cgo := ""
	for _, f := range pass.Files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				cgo = fmt.Sprintf("the package uses cgo (%s), whose C side may rely on the field order", pass.Fset.Position(imp.Pos()))
			}
		}
	}
	for _, name := range pass.Pkg.Scope().Names() {
		obj, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := obj.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		if cgo != "" {
			blocks[obj] = cgo
		}
		for f := range st.Fields() {
			if n, ok := types.Unalias(f.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "structs" && n.Obj().Name() == "HostLayout" {
				blocks[obj] = "it has a structs.HostLayout field, so its layout must stay the platform's"
			}
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) == 0 {
				return true
			}
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
				return true
			}
			t := pass.TypesInfo.TypeOf(lit)
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			named, ok := types.Unalias(t).(*types.Named)
			if !ok {
				return true
			}
			if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
				return true
			}
			obj := named.Origin().Obj()
			if _, seen := blocks[obj]; !seen {
				blocks[obj] = fmt.Sprintf("an unkeyed composite literal at %s depends on the field order", pass.Fset.Position(lit.Pos()))
			}
			return true
		})
	}
	return blocks
}

// reorderFix rewrites the field list of st in the proposed order. Each
// field keeps its doc comment, line comment, tag and embedded form byte for
// byte; comments standing alone between fields move with the field after
// them. The source comes from readFile. It returns no fix and a reason when
// the source cannot be read.
func reorderFix(pass *analysis.Pass, readFile func(string) ([]byte, error), st *ast.StructType, s *layout.Struct, p *layout.Proposal, fieldOf []int) ([]analysis.SuggestedFix, string) {
	tf := pass.Fset.File(st.Pos())
	src, err := readFile(tf.Name())
	if err != nil {
		return nil, fmt.Sprintf("cannot read %s: %v", tf.Name(), err)
	}
	text := func(from, to token.Pos) string { return string(src[tf.Offset(from):tf.Offset(to)]) }

	fields := st.Fields.List
	own := map[*ast.CommentGroup]bool{}
	for _, f := range fields {
		own[f.Doc], own[f.Comment] = true, true
	}
	// Free-standing comments inside the braces, attached to the next field.
	loose := make([][]string, len(fields)+1)
	file := fileOf(pass, st)
	for _, g := range file.Comments {
		if g.Pos() <= st.Fields.Opening || g.End() >= st.Fields.Closing || own[g] {
			continue
		}
		i := 0
		for i < len(fields) && fields[i].Pos() < g.Pos() {
			i++
		}
		loose[i] = append(loose[i], text(g.Pos(), g.End()))
	}

	var b strings.Builder
	b.WriteString("package p\ntype T struct {\n")
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
		f := fields[i]
		for _, c := range loose[i] {
			b.WriteString(c + "\n")
		}
		start, end := f.Pos(), f.End()
		if f.Doc != nil {
			start = f.Doc.Pos()
		}
		if f.Comment != nil {
			end = f.Comment.End()
		}
		b.WriteString(text(start, end) + "\n")
	}
	for i, f := range fields {
		if done[i] {
			continue
		}
		// Padding the proposal dropped: keep its comments.
		for _, c := range loose[i] {
			b.WriteString(c + "\n")
		}
		for _, g := range []*ast.CommentGroup{f.Doc, f.Comment} {
			if g != nil {
				b.WriteString(text(g.Pos(), g.End()) + "\n")
			}
		}
	}
	for _, c := range loose[len(fields)] {
		b.WriteString(c + "\n")
	}
	b.WriteString("}\n")
	out, err := format.Source([]byte(b.String()))
	if err != nil {
		return nil, fmt.Sprintf("the reordered fields do not format: %v", err)
	}
	body := out[bytes.IndexByte(out, '{')+1 : bytes.LastIndexByte(out, '}')]
	// Indent as deep as the line holding the opening brace.
	line := src[tf.Offset(tf.LineStart(tf.Line(st.Fields.Opening))):]
	indent := line[:len(line)-len(bytes.TrimLeft(line, " \t"))]
	var nb bytes.Buffer
	for l := range bytes.Lines(body) {
		if len(bytes.TrimSpace(l)) > 0 && l[0] != '\n' {
			nb.Write(indent)
		}
		nb.Write(l)
	}
	nb.Write(indent)
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("reorder the fields of %s for cache lines", s.Name),
		TextEdits: []analysis.TextEdit{{Pos: st.Fields.Opening + 1, End: st.Fields.Closing, NewText: nb.Bytes()}},
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
