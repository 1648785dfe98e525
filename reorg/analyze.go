package reorg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Result is what Analyze found in a struct and what it proposes.
type Result struct {
	Findings []layout.Finding
	// Proposal is the reorganized layout, nil when the struct needs none or
	// none is possible.
	Proposal *layout.Proposal
	// NoFix says why there is no proposal though one was sought, ""
	// otherwise.
	NoFix string
	// Needs says, for a C struct with kernel cacheline groups, what a
	// better order than the proposal (or than the struct, when there is
	// none) would need of the groups' sizes, and which assertion to
	// change for it; "" when no order that grows a group past its limit
	// is better.
	Needs string
	// Remains says what the proposal leaves for the checks to report and
	// why no order fixes it, "" when it fixes every finding an order can.
	Remains string
}

// Analyze runs Checks on s at each line size and, when s has hot
// members or is percpu, proposes a better order. s must have had
// ResolvePaths called. A struct with no annotations gets only the checks
// that need none: padding that fails its purpose and split locks. A problem
// found at several line sizes is one finding; a struct with nothing the
// reorganizer fixes gets no proposal.
func Analyze(s *layout.Struct, lines []int64) Result { return AnalyzeWith(s, lines, layout.Checks) }

// AnalyzeWith is Analyze with checks instead of Checks.
func AnalyzeWith(s *layout.Struct, lines []int64, checks []*layout.Check) Result {
	var r Result
	// grown is growToLine's answer for the proposal grownFrom, kept for
	// when that proposal still leaves findings below.
	var grown, grownFrom *layout.Proposal
	var growWhy string
	needsOrder := s.Kind == layout.KindStruct && (s.PerCPU || s.HasHotMembers())
	// The checks judge s against the best order for this build: one that
	// other builds defeat still shows what this one loses, and NoFix says
	// why it is not proposed.
	var judge *layout.Proposal
	if needsOrder {
		r.Proposal, r.NoFix = propose(checks, s, lines)
		r.Needs = groupsNeed(checks, s, lines, r.Proposal)
		// The best order at s's size may still leave hot members on more
		// lines at some heap bases than at others; a size class that
		// starts every object at one place is then the better layout, and
		// the checks judge s against it, when the hot bytes it saves an
		// object on average are at least the bytes it adds.
		if r.Proposal != nil && r.Proposal.Struct.BaseDependent(lines) {
			grownFrom = r.Proposal
			grown, growWhy = growToLine(checks, s, r.Proposal, lines)
			if grown != nil && worthGrowing(s, r.Proposal, grown, slices.Max(lines)) {
				r.Proposal = grown
			}
		}
	}
	judge = r.Proposal
	if needsOrder && judge == nil && len(s.Variations) > 0 {
		alone := *s
		alone.Variations = nil
		judge, _ = propose(checks, &alone, lines)
	}
	for _, line := range lines {
		r.Findings = append(r.Findings, layout.RunChecks(checks, s, judge, line, slices.Max(lines))...)
	}
	r.Findings = layout.MergeLineSizes(slices.DeleteFunc(r.Findings, func(f layout.Finding) bool { return s.Silenced(&f) }))
	if !slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Check.Reorders() }) {
		r.Proposal, r.NoFix = nil, ""
	}
	if r.Proposal == nil {
		return r
	}
	defer describeProposal(s, r.Proposal)
	// What the proposal leaves for these checks to report, it says; a
	// proposal that fixes nothing is none.
	again, _ := propose(checks, r.Proposal.Struct, lines)
	var left []layout.Finding
	for _, line := range lines {
		for _, f := range layout.RunChecks(checks, r.Proposal.Struct, again, line, slices.Max(lines)) {
			if f.Check.Reorders() && !s.Silenced(&f) {
				left = append(left, f)
			}
		}
	}
	left = layout.MergeLineSizes(left)
	if len(left) == 0 {
		if !improves(s, r.Proposal, r.Findings, nil, lines) {
			// The order fixes the findings, but what they cost stays:
			// a hot field off a boundary, another onto a line.
			r.Proposal, r.NoFix = nil, "the order that fixes it puts no path on fewer lines: hot lines "+sameLines(s, lines)+" either way"
			for i := range r.Findings {
				if f := &r.Findings[i]; f.Check.Reorders() {
					f.NoFix = "the order that fixes this puts no path on fewer lines, no better than now"
				}
			}
		}
		return r
	}
	g, grow := grown, growWhy
	if grownFrom != r.Proposal {
		g, grow = growToLine(checks, s, r.Proposal, lines)
	}
	if g != nil {
		r.Proposal = g
		return r
	}
	if !improves(s, r.Proposal, r.Findings, left, lines) {
		r.Proposal, r.NoFix = nil, "no order of the fields fixes it: the best one still has "+left[0].Message+grow
		// Each finding says what the best order does to it: leaves
		// it, or fixes it at the price of what it leaves.
		for i := range r.Findings {
			f := &r.Findings[i]
			if !f.Check.Reorders() {
				continue
			}
			f.NoFix = "the order that fixes this still has " + left[0].Message + ", no better than now" + grow
			if j := slices.IndexFunc(left, func(l layout.Finding) bool { return sameProblem(&l, f) }); j >= 0 {
				f.NoFix = "no order of the fields fixes it: the best one still has " + left[j].Message + grow
			}
		}
		return r
	}
	r.Remains = remains(r.Proposal, left) + grow
	for i := range r.Findings {
		f := &r.Findings[i]
		same := sameFindings(left, f)
		if len(same) > 0 {
			f.Left = remains(r.Proposal, same) + grow
		}
	}
	return r
}

// sameProblem reports whether f and g are the same problem.
func sameProblem(f, g *layout.Finding) bool { return f.Check == g.Check && f.Key == g.Key }

// sameFindings are the findings of left that are f, found again after a
// proposal.
func sameFindings(left []layout.Finding, f *layout.Finding) []layout.Finding {
	var same []layout.Finding
	for _, l := range left {
		if sameProblem(&l, f) {
			same = append(same, l)
		}
	}
	return same
}

// groupsNeed says what an order better than p (or than s, when p is nil)
// needs of s's cacheline groups, when the best order that may grow them
// past their limits is better by more than its moves cost: the groups it
// grows, and for each the assertion to raise. "" otherwise, and for a
// struct without groups.
func groupsNeed(checks []*layout.Check, s *layout.Struct, lines []int64, p *layout.Proposal) string {
	if s.Lang != layout.LangC || s.PerCPU || s.Kind != layout.KindStruct || len(groupNames(s)) == 0 {
		return ""
	}
	items, order := itemsOf(s)
	free, _ := proposeC(checks, s, items, order, lines, false)
	if free == nil {
		return ""
	}
	ref := p
	if ref == nil {
		ref = &layout.Proposal{Struct: s}
	}
	fl, rl := hotLinesEach(free.Struct, lines), hotLinesEach(ref.Struct, lines)
	if slices.Equal(fl, rl) || !better(free, fl, ref, rl, lines) {
		return ""
	}
	var over []string
	for _, g := range groupSizes(s, free) {
		switch {
		case g.After <= g.Limit:
		case g.Where != "":
			over = append(over, fmt.Sprintf("%s of %d bytes (raise %s at %s to %d)", g.Group, g.After, assertText(s, g), g.Where, g.After))
		default:
			over = append(over, fmt.Sprintf("%s of %d bytes, not %d", g.Group, g.After, g.Before))
		}
	}
	if len(over) == 0 {
		return ""
	}
	var parts []string
	per := len(fl) / len(lines)
	for k, line := range lines {
		var ps []string
		for i, path := range s.Paths() {
			ps = append(ps, fmt.Sprintf("%s %d", path, fl[k*per+i]))
		}
		parts = append(parts, fmt.Sprintf("%s at %d-byte lines", strings.Join(ps, ", "), line))
	}
	n := len(moved(s, free))
	return fmt.Sprintf("an order with hot lines %s (moving %d %s) needs %s", strings.Join(parts, "; "), n, plural(int64(n), "member"), strings.Join(over, ", "))
}

// assertText is the assertion that limits group g of s.
func assertText(s *layout.Struct, g layout.GroupSize) string {
	for _, l := range s.GroupLimits {
		if l.Group == g.Group && l.Assert != "" {
			return l.Assert
		}
	}
	return fmt.Sprintf("the size of %s (%d)", g.Group, g.Limit)
}
