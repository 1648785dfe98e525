package golayout

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Problem is an annotation that cannot be applied: malformed, misplaced,
// naming what does not exist.
type Problem struct {
	Pos token.Pos
	Msg string
}

const prefix = "//cachelint:"

// directive is one //cachelint: comment.
type directive struct {
	c    *ast.Comment
	verb string
	args []string
}

// looseDirective matches a directive someone wrote with a space after //,
// which Go treats as an ordinary comment.
var looseDirective = regexp.MustCompile(`^//\s+cachelint:`)

// Directives are the //cachelint: comments of one file, and which of them
// a declaration took.
type Directives struct {
	// Bad are the comments written like a directive that are none.
	Bad []Problem

	fset *token.FileSet
	file *ast.File
	all  map[*ast.Comment]*directive // nil when the file has none
	used map[*ast.Comment]bool
}

// ReadDirectives reads the //cachelint: comments of file f.
func ReadDirectives(fset *token.FileSet, f *ast.File) *Directives {
	ds := &Directives{fset: fset, file: f}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if !strings.Contains(c.Text, "cachelint:") {
				continue // neither a directive nor a loose one
			}
			if looseDirective.MatchString(c.Text) {
				ds.Bad = append(ds.Bad, Problem{c.Pos(), "write //cachelint: with no space after //: as written it is an ordinary comment"})
				continue
			}
			if !strings.HasPrefix(c.Text, prefix) {
				continue
			}
			// " // text" after the words is a comment for people, as
			// golangci-lint's nolint takes one: a field's own line
			// comment stays on its line behind the directive.
			body, _, _ := strings.Cut(strings.TrimPrefix(c.Text, prefix), " //")
			words := strings.Fields(body)
			d := &directive{c: c}
			if len(words) > 0 {
				d.verb, d.args = words[0], words[1:]
			}
			if ds.all == nil {
				ds.all, ds.used = map[*ast.Comment]*directive{}, map[*ast.Comment]bool{}
			}
			ds.all[c] = d
		}
	}
	return ds
}

// Misplaced are the directives no struct type declaration took: those not
// in the doc comment of one or on one of its fields.
func (ds *Directives) Misplaced() []Problem {
	var out []Problem
	for _, g := range ds.file.Comments {
		for _, c := range g.List {
			if d := ds.all[c]; d != nil && !ds.used[c] {
				out = append(out, Problem{c.Pos(), fmt.Sprintf("misplaced //cachelint:%s: directives go in the doc comment of a struct type or on a field of one", d.verb)})
			}
		}
	}
	return out
}

// use marks directives as taken.
func (ds *Directives) use(dirs []*directive) {
	for _, d := range dirs {
		ds.used[d.c] = true
	}
}

// in returns the directives in comment group g, in order.
func (ds *Directives) in(g *ast.CommentGroup) []*directive {
	if g == nil {
		return nil
	}
	var out []*directive
	for _, c := range g.List {
		if d := ds.all[c]; d != nil {
			out = append(out, d)
		}
	}
	return out
}

// fields returns the directives of each field of st: those in its doc
// comment and those after it on the line where it ends.
func (ds *Directives) fields(st *ast.StructType) [][]*directive {
	after := LineComments(ds.fset.File(st.Pos()), ds.file, st)
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
				if d := ds.all[c]; d != nil && !taken[c] {
					out[i] = append(out[i], d)
				}
			}
		}
		for _, c := range after[i] {
			if d := ds.all[c]; d != nil {
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

// typeDirective applies a directive from a struct type's doc comment to s;
// ignore accepts the names and kinds of checks.
func typeDirective(s *layout.Struct, d *directive, checks []*layout.Check) error {
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
		ig, err := layout.ParseIgnore(d.args, checks)
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
