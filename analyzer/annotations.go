package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

const prefix = "//cachelint:"

// directive is one //cachelint: comment.
type directive struct {
	c    *ast.Comment
	verb string
	args []string
}

// badDirective is an annotation error, reported with category "annotation".
type badDirective struct {
	pos token.Pos
	msg string
}

// looseDirective matches a directive someone wrote with a space after //,
// which Go treats as an ordinary comment.
var looseDirective = regexp.MustCompile(`^//\s+cachelint:`)

// directives returns the //cachelint: comments of a file (nil when it has
// none), and an error for each that was written like one but is not.
func directives(f *ast.File) (map[*ast.Comment]*directive, []badDirective) {
	var ds map[*ast.Comment]*directive
	var bad []badDirective
	for _, g := range f.Comments {
		for _, c := range g.List {
			if !strings.Contains(c.Text, "cachelint:") {
				continue // neither a directive nor a loose one
			}
			if looseDirective.MatchString(c.Text) {
				bad = append(bad, badDirective{c.Pos(), "write //cachelint: with no space after //: as written it is an ordinary comment"})
				continue
			}
			if !strings.HasPrefix(c.Text, prefix) {
				continue
			}
			words := strings.Fields(strings.TrimPrefix(c.Text, prefix))
			d := &directive{c: c}
			if len(words) > 0 {
				d.verb, d.args = words[0], words[1:]
			}
			if ds == nil {
				ds = map[*ast.Comment]*directive{}
			}
			ds[c] = d
		}
	}
	return ds, bad
}

// in returns the directives in comment group g, in order.
func in(ds map[*ast.Comment]*directive, g *ast.CommentGroup) []*directive {
	if g == nil {
		return nil
	}
	var out []*directive
	for _, c := range g.List {
		if d := ds[c]; d != nil {
			out = append(out, d)
		}
	}
	return out
}

// lineComments returns, for each field of st (in file tf), the comments
// after it on the line where it ends, before the next field. Go's parser
// takes a line comment only on the line where the field's last token
// starts, so after a multi-line tag it leaves the comment to no field, or
// to the next field's doc when it is part of a group running into it; the
// author wrote it after this field, and it is this field's.
func lineComments(tf *token.File, file *ast.File, st *ast.StructType) [][]*ast.Comment {
	fields := st.Fields.List
	out := make([][]*ast.Comment, len(fields))
	line := func(p token.Pos) int { return tf.PositionFor(p, false).Line }
	i := 0
	for _, g := range file.Comments {
		if g.End() <= st.Fields.Opening || g.Pos() >= st.Fields.Closing {
			continue
		}
		for _, c := range g.List {
			for i+1 < len(fields) && fields[i+1].Pos() <= c.Pos() {
				i++
			}
			if i < len(fields) && c.Pos() >= fields[i].End() && line(c.Pos()) == line(fields[i].End()) {
				out[i] = append(out[i], c)
			}
		}
	}
	return out
}

// fieldDirectives returns the directives of each field of st: those in its
// doc comment and those after it on the line where it ends.
func fieldDirectives(ds map[*ast.Comment]*directive, tf *token.File, file *ast.File, st *ast.StructType) [][]*directive {
	after := lineComments(tf, file, st)
	taken := map[*ast.Comment]bool{}
	for _, cs := range after {
		for _, c := range cs {
			taken[c] = true
		}
	}
	out := make([][]*directive, len(st.Fields.List))
	for i, fld := range st.Fields.List {
		if fld.Doc != nil {
			for _, c := range fld.Doc.List {
				if d := ds[c]; d != nil && !taken[c] {
					out[i] = append(out[i], d)
				}
			}
		}
		for _, c := range after[i] {
			if d := ds[c]; d != nil {
				out[i] = append(out[i], d)
			}
		}
	}
	return out
}

// fieldHot parses the hot directive of a field.
func fieldHot(d *directive) (*layout.Hot, error) {
	switch d.verb {
	case "hot":
		h, err := layout.ParseHot(d.args)
		return &h, err
	case "percpu", "budget", "ignore":
		return nil, fmt.Errorf("//cachelint:%s belongs in the doc comment of a struct type, not on a field", d.verb)
	}
	return nil, unknownVerb(d.verb)
}

func unknownVerb(verb string) error {
	if verb == "" {
		return fmt.Errorf("empty directive: want hot, pin, percpu, budget or ignore")
	}
	return fmt.Errorf("unknown directive //cachelint:%s: want hot, pin, percpu, budget or ignore", verb)
}

// typeDirective applies a directive from a struct type's doc comment to s.
func typeDirective(s *layout.Struct, d *directive) error {
	switch d.verb {
	case "percpu":
		if err := layout.ParsePerCPU(d.args); err != nil {
			return err
		}
		if s.PerCPU {
			return fmt.Errorf("duplicate percpu")
		}
		s.PerCPU = true
	case "budget":
		b, err := layout.ParseBudget(d.args)
		if err != nil {
			return err
		}
		s.Budgets = append(s.Budgets, b)
	case "ignore":
		ig, err := layout.ParseIgnore(d.args, layout.Checks)
		if err != nil {
			return err
		}
		s.Ignores = append(s.Ignores, ig)
	case "hot", "pin":
		return fmt.Errorf("//cachelint:%s belongs on a field, not on a type", d.verb)
	default:
		return unknownVerb(d.verb)
	}
	return nil
}
