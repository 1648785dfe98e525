package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
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

// directives returns the //cachelint: comments of a file, and an error for
// each that was written like one but is not.
func directives(f *ast.File) (map[*ast.Comment]*directive, []badDirective) {
	ds := map[*ast.Comment]*directive{}
	var bad []badDirective
	for _, g := range f.Comments {
		for _, c := range g.List {
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

var pathName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func parsePaths(arg string) ([]string, error) {
	list, ok := strings.CutPrefix(arg, "path=")
	if !ok {
		return nil, fmt.Errorf("unknown argument %q: want write or path=NAME[,NAME]", arg)
	}
	var paths []string
	for _, p := range strings.Split(list, ",") {
		if !pathName.MatchString(p) {
			return nil, fmt.Errorf("bad path name %q in %q: want a Go-style identifier", p, arg)
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// fieldHot parses the hot directive of a field.
func fieldHot(d *directive) (*layout.Hot, error) {
	switch d.verb {
	case "hot":
	case "percpu", "budget", "ignore":
		return nil, fmt.Errorf("//cachelint:%s belongs in the doc comment of a struct type, not on a field", d.verb)
	default:
		return nil, unknownVerb(d.verb)
	}
	h := &layout.Hot{}
	for i, a := range d.args {
		if a == "write" && i == 0 {
			h.Write = true
			continue
		}
		if h.Paths != nil {
			return nil, fmt.Errorf("unexpected %q after the path list", a)
		}
		paths, err := parsePaths(a)
		if err != nil {
			return nil, err
		}
		h.Paths = paths
	}
	return h, nil
}

func unknownVerb(verb string) error {
	if verb == "" {
		return fmt.Errorf("empty directive: want hot, percpu, budget or ignore")
	}
	return fmt.Errorf("unknown directive //cachelint:%s: want hot, percpu, budget or ignore", verb)
}

// typeDirective applies a directive from a struct type's doc comment to s.
func typeDirective(s *layout.Struct, d *directive) error {
	switch d.verb {
	case "percpu":
		if len(d.args) > 0 {
			return fmt.Errorf("percpu takes no arguments, got %q", strings.Join(d.args, " "))
		}
		if s.PerCPU {
			return fmt.Errorf("duplicate percpu")
		}
		s.PerCPU = true
	case "budget":
		b := layout.Budget{}
		for _, a := range d.args {
			switch k, v, _ := strings.Cut(a, "="); k {
			case "path":
				if !pathName.MatchString(v) || b.Path != "" {
					return fmt.Errorf("bad %q: want one path=NAME", a)
				}
				b.Path = v
			case "lines":
				n, err := strconv.Atoi(v)
				if err != nil || n <= 0 || b.Lines != 0 {
					return fmt.Errorf("bad %q: want lines=N with N a positive number", a)
				}
				b.Lines = n
			default:
				return fmt.Errorf("unknown argument %q: want [path=NAME] lines=N", a)
			}
		}
		if b.Lines == 0 {
			return fmt.Errorf("budget needs lines=N")
		}
		s.Budgets = append(s.Budgets, b)
	case "ignore":
		ig, err := parseIgnore(d.args)
		if err != nil {
			return err
		}
		s.Ignores = append(s.Ignores, ig)
	case "hot":
		return fmt.Errorf("//cachelint:hot belongs on a field, not on a type")
	default:
		return unknownVerb(d.verb)
	}
	return nil
}

// parseIgnore reads `[check[,check]] reason`: the first word is a check
// list when it names checks only.
func parseIgnore(args []string) (layout.Ignore, error) {
	var ig layout.Ignore
	if len(args) > 0 {
		names := strings.Split(args[0], ",")
		known := 0
		for _, n := range names {
			if layout.IsCheck(n) {
				known++
			}
		}
		switch {
		case known == len(names):
			ig.Checks, args = names, args[1:]
		case len(names) > 1:
			return ig, fmt.Errorf("unknown check in %q: checks are %s", args[0], strings.Join(layout.Checks, ", "))
		}
	}
	ig.Reason = strings.Join(args, " ")
	if ig.Reason == "" {
		return ig, fmt.Errorf("ignore needs a reason")
	}
	return ig, nil
}

// checkBudgets reports budgets naming paths no hot field of s is on.
func checkBudgets(s *layout.Struct) error {
	paths := s.Paths()
	for _, b := range s.Budgets {
		if len(paths) == 0 {
			return fmt.Errorf("budget on %s, which has no hot fields", s.Name)
		}
		if b.Path != "" && !slices.Contains(paths, b.Path) {
			return fmt.Errorf("budget names path %s, which no hot field of %s is on (paths: %s)", b.Path, s.Name, strings.Join(paths, ", "))
		}
	}
	return nil
}
