package layout

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Separators says whether member i of s is a separator pad, meant to keep
// the members around it on different lines (Member.Padding): each source
// has its own evidence (Go comments and pad lengths, BinarySeparators).
// Prepare asks it of each top-level member in order, once the hot marks
// are known, so that it may weigh them and the members before i as
// decided.
type Separators func(s *Struct, i int) bool

// Prepare makes s ready for reorg.Analyze once its source has laid it out and
// applied what people say of it (Go comments, hot files, net_cachelines
// tables, profiles: hot marks, pins, percpu, budgets, ignores). It is the
// one step every source takes, in one order:
//  1. Annotate: the kernel's cacheline groups, paths resolved, budgets
//     checked;
//  2. the separator pads of a struct marked, as separators says;
//  3. the runs of members between them numbered (MarkApart).
//
// It returns Annotate's errors; s is usable either way.
func Prepare(s *Struct, separators Separators) error {
	err := Annotate(s)
	if s.Kind != KindStruct {
		return err
	}
	for i := range s.Members {
		s.Members[i].Padding = separators(s, i)
	}
	MarkApart(s)
	return err
}

// Annotate finishes the annotation of s: Prepare's first step. Callers
// first apply what people wrote: Go comments, hot files, net_cachelines
// tables, profiles. Then Annotate
//  1. applies the kernel's __cacheline_group_begin/end markers
//     (applyCachelineGroups), which mark only members nothing marked yet:
//     a hot file naming a field in a group overrides the group for it (a
//     net_cachelines table does not: hotfile.Set.Apply leaves it unmarked);
//  2. gives every hot member that names no path every path the others
//     name (ResolvePaths);
//  3. checks each budget against the paths that result, dropping those
//     that name a path no hot member is on;
//  4. checks that each hot member's guard names another member of s,
//     dropping the guards that do not.
//
// It returns the errors of steps 1, 3 and 4; the struct is then usable,
// with no group marks (step 1), without the bad budgets (step 3) or
// guards (step 4).
func Annotate(s *Struct) error {
	var errs []error
	if err := applyCachelineGroups(s); err != nil {
		errs = append(errs, err)
	}
	s.ResolvePaths()
	if err := s.checkBudgets(); err != nil {
		errs = append(errs, err)
	}
	if err := s.checkGuards(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// checkGuards drops, and reports, the guards of hot members that name no
// other top-level member of s.
func (s *Struct) checkGuards() error {
	var errs []error
	for i := range s.Members {
		h := s.Members[i].Hot
		if h == nil || h.Guard == "" {
			continue
		}
		if g := h.Guard; g == s.Members[i].Name || !slices.ContainsFunc(s.Members, func(m Member) bool { return m.Name == g }) {
			errs = append(errs, fmt.Errorf("%s.%s: guard=%s names no other field of %s", s.Name, s.Members[i].Name, g, s.Name))
			h.Guard = ""
		}
	}
	return errors.Join(errs...)
}

// checkBudgets drops, and reports, budgets that name a path no hot member
// of s is on, or that s has no hot member for.
func (s *Struct) checkBudgets() error {
	paths := s.Paths()
	var errs []error
	s.Budgets = slices.DeleteFunc(s.Budgets, func(b Budget) bool {
		switch {
		case len(paths) == 0:
			errs = append(errs, fmt.Errorf("budget on %s, which has no hot fields", s.Name))
		case b.Path != "" && !slices.Contains(paths, b.Path):
			errs = append(errs, fmt.Errorf("budget names path %s, which no hot field of %s is on (paths: %s)", b.Path, s.Name, strings.Join(paths, ", ")))
		default:
			return false
		}
		return true
	})
	return errors.Join(errs...)
}
