package layout

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The words after a directive's verb, shared by Go annotations
// (//cachelint:hot write path=tx) and hot files (S.f hot write path=tx), so
// that both accept and reject exactly the same things.

// IsIdent reports whether s is an identifier as Go spells one, a letter or
// _ and then letters, digits and _, Unicode letters and digits included
// (as in Go, and in C since C99 and gcc 10): the shape of path, field and
// struct names.
func IsIdent(s string) bool {
	for i, c := range s {
		if c != '_' && !unicode.IsLetter(c) && (i == 0 || !unicode.IsDigit(c)) {
			return false
		}
	}
	return s != ""
}

// ParseHot reads `[write] [path=NAME[,NAME]] [guard=FIELD]`.
func ParseHot(args []string) (Hot, error) {
	var h Hot
	var sawWrite, sawPath, sawGuard bool
	for _, a := range args {
		switch {
		case a == "write":
			if sawWrite {
				return h, errors.New("hot: write given twice")
			}
			sawWrite, h.Write = true, true
		case strings.HasPrefix(a, "path="):
			if sawPath {
				return h, errors.New("hot: path= given twice")
			}
			sawPath = true
			paths, err := parsePaths(strings.TrimPrefix(a, "path="))
			if err != nil {
				return h, err
			}
			h.Paths = paths
		case strings.HasPrefix(a, "guard="):
			if sawGuard {
				return h, errors.New("hot: guard= given twice")
			}
			sawGuard = true
			h.Guard = strings.TrimPrefix(a, "guard=")
			if !IsIdent(h.Guard) {
				return h, fmt.Errorf("bad guard field name %q", h.Guard)
			}
		default:
			return h, fmt.Errorf("hot: unknown option %q (want write, path=NAME[,NAME] or guard=FIELD)", a)
		}
	}
	return h, nil
}

// parsePaths reads NAME[,NAME], sorted and without repeats.
func parsePaths(list string) ([]string, error) {
	paths := strings.Split(list, ",")
	for _, p := range paths {
		if !IsIdent(p) {
			return nil, fmt.Errorf("bad path name %q", p)
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths), nil
}

// ParsePin checks that pin has no arguments.
func ParsePin(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("pin takes no arguments, got %q", strings.Join(args, " "))
	}
	return nil
}

// ParsePerCPU checks that percpu has no arguments.
func ParsePerCPU(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("percpu takes no arguments, got %q", strings.Join(args, " "))
	}
	return nil
}

// ParseBudget reads `[path=NAME] lines=N`.
func ParseBudget(args []string) (Budget, error) {
	var b Budget
	var sawPath bool
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "path="):
			p := strings.TrimPrefix(a, "path=")
			if sawPath {
				return b, errors.New("budget: path= given twice")
			}
			sawPath = true
			if !IsIdent(p) {
				return b, fmt.Errorf("bad path name %q", p)
			}
			b.Path = p
		case strings.HasPrefix(a, "lines="):
			if b.Lines != 0 {
				return b, errors.New("budget: lines= given twice")
			}
			n, err := positive(strings.TrimPrefix(a, "lines="))
			if err != nil {
				return b, err
			}
			b.Lines = n
		default:
			return b, fmt.Errorf("budget: unknown option %q (want [path=NAME] lines=N)", a)
		}
	}
	if b.Lines == 0 {
		return b, errors.New("budget needs lines=N")
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

// ParseIgnore reads `[check[,check]] reason`. The first word is a check
// list only if every comma-separated word in it is the name or a kind
// (Check.Kinds) of one of checks, so a reason may start with any word; a
// comma list holding an unknown name is a typo.
func ParseIgnore(args []string, checks []*Check) (Ignore, error) {
	var ig Ignore
	if len(args) > 0 {
		words := strings.Split(args[0], ",")
		switch {
		case !slices.ContainsFunc(words, func(w string) bool { return !ignoreWord(checks, w) }):
			slices.Sort(words)
			ig.Checks = slices.Compact(words)
			args = args[1:]
		case len(words) > 1:
			for _, w := range words {
				if !ignoreWord(checks, w) {
					return ig, fmt.Errorf("ignore: unknown check %q in %q (checks: %s)", w, args[0], strings.Join(CheckNames(checks), ", "))
				}
			}
		}
	}
	if len(args) == 0 {
		return ig, errors.New("ignore needs a reason")
	}
	ig.Reason = strings.Join(args, " ")
	return ig, nil
}
