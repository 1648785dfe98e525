package hotfile

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// parseHotFile reads cachelint's own hot-file format. Every bad line is
// reported, not just the first.
func parseHotFile(name string, lines []string) (*Set, error) {
	s := &Set{}
	var errs []error
	for i, line := range lines {
		pos := Pos{name, i + 1}
		if err := parseDirective(s, pos, line); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", pos, err))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}

func parseDirective(s *Set, pos Pos, line string) error {
	line, _, _ = strings.Cut(line, "#")
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil
	}
	if len(f) == 1 {
		return fmt.Errorf("%q needs a directive: hot, percpu, budget or ignore", f[0])
	}
	target, args := f[0], f[2:]
	switch f[1] {
	case "hot":
		return parseHot(s, pos, target, args)
	case "percpu":
		if len(args) > 0 {
			return fmt.Errorf("percpu takes no arguments, got %q", strings.Join(args, " "))
		}
		s.Directives = append(s.Directives, Directive{Pos: pos, Struct: target, PerCPU: true})
	case "budget":
		b, err := parseBudget(args)
		if err != nil {
			return err
		}
		s.Directives = append(s.Directives, Directive{Pos: pos, Struct: target, Budget: b})
	case "ignore":
		ig, err := parseIgnore(args)
		if err != nil {
			return err
		}
		s.Directives = append(s.Directives, Directive{Pos: pos, Struct: target, Ignore: ig})
	default:
		return fmt.Errorf("unknown directive %q", f[1])
	}
	return nil
}

func parseHot(s *Set, pos Pos, target string, args []string) error {
	// The last dot: Go struct names hold dots, field names never do.
	dot := strings.LastIndexByte(target, '.')
	if dot <= 0 {
		return fmt.Errorf("hot needs STRUCT.FIELD, got %q", target)
	}
	st, field := target[:dot], target[dot+1:]
	if !isIdent(field) {
		return fmt.Errorf("bad field name %q", field)
	}
	hf := HotField{Pos: pos, Struct: st, Field: field}
	var sawWrite, sawPath bool
	for _, a := range args {
		switch {
		case a == "write":
			if sawWrite {
				return errors.New("hot: write given twice")
			}
			sawWrite, hf.Hot.Write = true, true
		case strings.HasPrefix(a, "path="):
			if sawPath {
				return errors.New("hot: path= given twice")
			}
			sawPath = true
			paths, err := parsePaths(strings.TrimPrefix(a, "path="))
			if err != nil {
				return err
			}
			hf.Hot.Paths = paths
		default:
			return fmt.Errorf("hot: unknown option %q", a)
		}
	}
	s.Hot = append(s.Hot, hf)
	return nil
}

// parsePaths reads NAME[,NAME], sorted and without repeats.
func parsePaths(list string) ([]string, error) {
	paths := strings.Split(list, ",")
	for _, p := range paths {
		if !isIdent(p) {
			return nil, fmt.Errorf("bad path name %q", p)
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths), nil
}

func parseBudget(args []string) (*layout.Budget, error) {
	b := &layout.Budget{}
	var sawPath bool
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "path="):
			p := strings.TrimPrefix(a, "path=")
			if sawPath {
				return nil, errors.New("budget: path= given twice")
			}
			sawPath = true
			if !isIdent(p) {
				return nil, fmt.Errorf("bad path name %q", p)
			}
			b.Path = p
		case strings.HasPrefix(a, "lines="):
			if b.Lines != 0 {
				return nil, errors.New("budget: lines= given twice")
			}
			n, err := positive(strings.TrimPrefix(a, "lines="))
			if err != nil {
				return nil, err
			}
			b.Lines = n
		default:
			return nil, fmt.Errorf("budget: unknown option %q", a)
		}
	}
	if b.Lines == 0 {
		return nil, errors.New("budget needs lines=N")
	}
	return b, nil
}

// positive reads a decimal positive integer, digits only.
func positive(v string) (int, error) {
	bad := fmt.Errorf("budget: lines=%s is not a positive integer", v)
	if v == "" || strings.Trim(v, "0123456789") != "" {
		return 0, bad
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, bad
	}
	return n, nil
}

// parseIgnore reads [check[,check]] reason. The first word is a check list
// only if every comma-separated word in it is a check name, so a reason may
// start with any word; a comma list holding an unknown name is a typo.
func parseIgnore(args []string) (*layout.Ignore, error) {
	ig := &layout.Ignore{}
	if len(args) > 0 {
		words := strings.Split(args[0], ",")
		switch {
		case !slices.ContainsFunc(words, func(w string) bool { return !layout.IsCheck(w) }):
			slices.Sort(words)
			ig.Checks = slices.Compact(words)
			args = args[1:]
		case len(words) > 1:
			for _, w := range words {
				if !layout.IsCheck(w) {
					return nil, fmt.Errorf("ignore: unknown check %q in %q (checks: %s)", w, args[0], strings.Join(layout.Checks, ", "))
				}
			}
		}
	}
	if len(args) == 0 {
		return nil, errors.New("ignore needs a reason")
	}
	ig.Reason = strings.Join(args, " ")
	return ig, nil
}
