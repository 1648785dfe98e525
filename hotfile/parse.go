package hotfile

import (
	"errors"
	"fmt"
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
	// A C++ template's name holds spaces between its arguments
	// ("Two<int, char>.a hot"): the target runs to its closing bracket.
	for len(f) > 1 && strings.Count(f[0], "<") > strings.Count(f[0], ">") {
		f = append([]string{f[0] + " " + f[1]}, f[2:]...)
	}
	if len(f) == 0 {
		return nil
	}
	if len(f) == 1 {
		return fmt.Errorf("%q needs a directive: hot, pin, join, percpu, budget, ignore or group", f[0])
	}
	target, args := f[0], f[2:]
	switch f[1] {
	case "hot":
		return parseHot(s, pos, target, args)
	case "pin":
		if err := layout.ParsePin(args); err != nil {
			return err
		}
		st, field, err := structField("pin", target)
		if err != nil {
			return err
		}
		s.Hot = append(s.Hot, HotField{Pos: pos, Struct: st, Field: field, Pin: true})
	case "join":
		st, field, err := structField("join", target)
		if err != nil {
			return err
		}
		if len(args) != 1 || !layout.IsIdent(args[0]) {
			return fmt.Errorf("join takes the name of a cacheline group, got %q", strings.Join(args, " "))
		}
		s.Hot = append(s.Hot, HotField{Pos: pos, Struct: st, Field: field, Join: args[0]})
	case "group":
		g, err := parseGroup(args)
		if err != nil {
			return err
		}
		g.Pos, g.Struct = pos, target
		s.Groups = append(s.Groups, g)
	case "percpu":
		if err := layout.ParsePerCPU(args); err != nil {
			return err
		}
		s.Directives = append(s.Directives, Directive{Pos: pos, Struct: target, PerCPU: true})
	case "budget":
		b, err := layout.ParseBudget(args)
		if err != nil {
			return err
		}
		s.Directives = append(s.Directives, Directive{Pos: pos, Struct: target, Budget: &b})
	case "ignore":
		ig, err := layout.ParseIgnore(args, layout.Checks)
		if err != nil {
			return err
		}
		s.Directives = append(s.Directives, Directive{Pos: pos, Struct: target, Ignore: &ig})
	default:
		return fmt.Errorf("unknown directive %q", f[1])
	}
	return nil
}

// structField splits the STRUCT.FIELD that verb names.
func structField(verb, target string) (string, string, error) {
	// The last dot: Go struct names hold dots, field names never do.
	dot := strings.LastIndexByte(target, '.')
	if dot <= 0 {
		return "", "", fmt.Errorf("%s needs STRUCT.FIELD, got %q", verb, target)
	}
	st, field := target[:dot], target[dot+1:]
	if !layout.IsIdent(field) {
		return "", "", fmt.Errorf("bad field name %q", field)
	}
	return st, field, nil
}

func parseHot(s *Set, pos Pos, target string, args []string) error {
	st, field, err := structField("hot", target)
	if err != nil {
		return err
	}
	h, err := layout.ParseHot(args)
	if err != nil {
		return err
	}
	s.Hot = append(s.Hot, HotField{Pos: pos, Struct: st, Field: field, Hot: h})
	return nil
}

// parseGroup reads "GROUP size=N".
func parseGroup(args []string) (GroupLimit, error) {
	if len(args) != 2 || !layout.IsIdent(args[0]) || !strings.HasPrefix(args[1], "size=") {
		return GroupLimit{}, fmt.Errorf("group takes GROUP size=N, got %q", strings.Join(args, " "))
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(args[1], "size="), 10, 64)
	if err != nil || n < 0 {
		return GroupLimit{}, fmt.Errorf("group %s: bad size %q: want bytes, a number from 0", args[0], strings.TrimPrefix(args[1], "size="))
	}
	return GroupLimit{Group: args[0], Size: n}, nil
}
