package layout

import (
	"fmt"
	"slices"
	"strings"
)

// Finding is one problem a check found in a struct.
type Finding struct {
	Check *Check
	// Kind is the kind of problem, the check's name or one of its Kinds.
	Kind string
	// Key says which problem of its check the finding is, the same at
	// every line size, at every base of a heap object, in every order of
	// the members and in another build of the struct: it names members by
	// name, a path by name. A diff matches findings by it.
	Key string
	// LineSize is the first line size the problem holds at; LineSizes
	// lists every one, in the order checked. The message gives the details
	// at LineSize and names every size.
	LineSize  int64
	LineSizes []int64
	// Member is the index of the top-level member the finding points at, or
	// -1 when it is about the struct as a whole.
	Member int
	// Members names the members involved.
	Members []string
	// Message is head, the line sizes in parentheses, and tail.
	Message string
	// Left says, when the proposal leaves this problem, what of it remains
	// and why no order fixes it; "" when the proposal fixes it or there is
	// none.
	Left string
	// NoFix says, when there is no proposal because the best order is
	// no better than the struct's own, what that order does to this
	// finding; "" otherwise (Result.NoFix then says why).
	NoFix string

	// head and tail are the message either side of the line sizes.
	head, tail string
	// detail is what the message says at LineSize that may differ at
	// another size, in a few words ("3 lines where 2 would do"), for
	// merging; "" when the check has no short form.
	detail string
	// waste is, for a pad a line or more longer than it needs to be, the
	// bytes it wastes; 0 for every other finding.
	waste int64
	// need is, for a pad too short, the bytes it lacks; 0 for every
	// other finding.
	need int64
}

// newFinding is a finding at one line size, its message head, the line
// size and tail. Check and Kind are the running check's unless set.
func newFinding(line int64, member int, members []string, key, head, tail string) Finding {
	f := Finding{LineSize: line, LineSizes: []int64{line}, Member: member, Members: members,
		Key: key, head: head, tail: tail}
	f.setMessage(atLines(line))
	return f
}

// setMessage writes the message with sizes, the line sizes it names.
func (f *Finding) setMessage(sizes string) { f.Message = f.head + " " + sizes + f.tail }

// addTail adds to what the message says after the line sizes.
func (f *Finding) addTail(s string) {
	f.tail += s
	f.Message += s
}

// same reports whether f and g are the same problem.
func (f *Finding) same(g *Finding) bool { return f.Check == g.Check && f.Key == g.Key }

// Result is what Analyze found in a struct and what it proposes.
type Result struct {
	Findings []Finding
	// Proposal is the reorganized layout, nil when the struct needs none or
	// none is possible.
	Proposal *Proposal
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
func Analyze(s *Struct, lines []int64) Result { return AnalyzeWith(s, lines, Checks) }

// AnalyzeWith is Analyze with checks instead of Checks.
func AnalyzeWith(s *Struct, lines []int64, checks []*Check) Result {
	var r Result
	// grown is growToLine's answer for the proposal grownFrom, kept for
	// when that proposal still leaves findings below.
	var grown, grownFrom *Proposal
	var growWhy string
	needsOrder := s.Kind == KindStruct && (s.PerCPU || len(s.hotMembers()) > 0)
	// The checks judge s against the best order for this build: one that
	// other builds defeat still shows what this one loses, and NoFix says
	// why it is not proposed.
	var judge *Proposal
	if needsOrder {
		r.Proposal, r.NoFix = propose(checks, s, lines)
		r.Needs = groupsNeed(checks, s, lines, r.Proposal)
		// The best order at s's size may still leave hot members on more
		// lines at some heap bases than at others; a size class that
		// starts every object at one place is then the better layout, and
		// the checks judge s against it, when the hot bytes it saves an
		// object on average are at least the bytes it adds.
		if r.Proposal != nil && r.Proposal.Struct.baseDependent(lines) {
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
		r.Findings = append(r.Findings, check(checks, s, judge, line, slices.Max(lines))...)
	}
	r.Findings = merge(slices.DeleteFunc(r.Findings, func(f Finding) bool { return s.silenced(&f) }))
	if !slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Check.Reorders() }) {
		r.Proposal, r.NoFix = nil, ""
	}
	if r.Proposal == nil {
		return r
	}
	defer describeProposal(s, r.Proposal)
	// What the proposal leaves for these checks to report, it says; a
	// proposal that fixes nothing is none.
	again, _ := propose(checks, r.Proposal.Struct, lines)
	var left []Finding
	for _, line := range lines {
		for _, f := range check(checks, r.Proposal.Struct, again, line, slices.Max(lines)) {
			if f.Check.Reorders() && !s.silenced(&f) {
				left = append(left, f)
			}
		}
	}
	left = merge(left)
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
			if j := slices.IndexFunc(left, func(l Finding) bool { return l.same(f) }); j >= 0 {
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

// sameFindings are the findings of left that are f, found again after a
// proposal.
func sameFindings(left []Finding, f *Finding) []Finding {
	var same []Finding
	for _, l := range left {
		if l.same(f) {
			same = append(same, l)
		}
	}
	return same
}

// merge makes one finding of each problem found at several line sizes. The
// message names every size; when the details differ between sizes it gives
// those of the first, and each other size's in a few words where the check
// has them.
func merge(fs []Finding) []Finding {
	var out []Finding
	var same []bool
	// details are the other sizes' details, in the order of LineSizes.
	var details [][]string
	type problem struct {
		check *Check
		key   string
	}
	at := map[problem]int{}
	for _, f := range fs {
		i, ok := at[problem{f.Check, f.Key}]
		if !ok {
			at[problem{f.Check, f.Key}] = len(out)
			out = append(out, f)
			same = append(same, true)
			details = append(details, nil)
			continue
		}
		o := &out[i]
		if slices.Contains(o.LineSizes, f.LineSize) {
			continue // two budgets saying the same
		}
		o.LineSizes = append(o.LineSizes, f.LineSize)
		details[i] = append(details[i], f.detail)
		same[i] = same[i] && f.head == o.head && f.tail == o.tail
	}
	for i := range out {
		f := &out[i]
		if len(f.LineSizes) == 1 {
			continue
		}
		sizes := make([]string, len(f.LineSizes))
		for j, n := range f.LineSizes {
			sizes[j] = fmt.Sprint(n)
		}
		list := "(" + sizeList(sizes) + ")"
		switch {
		case same[i]:
		case f.detail != "" && !slices.Contains(details[i], ""):
			// The details differ: each size says its own.
			var at []string
			for j, d := range details[i] {
				at = append(at, fmt.Sprintf("at %s-byte lines, %s", sizes[j+1], d))
			}
			list = fmt.Sprintf("(%d-byte lines; %s)", f.LineSize, strings.Join(at, "; "))
		default:
			list = fmt.Sprintf("(%d-byte lines; also at %s)", f.LineSize, sizeList(sizes[1:]))
		}
		f.setMessage(list)
	}
	return out
}

// sizeList names line sizes: "64-byte lines", "64- and 128-byte lines".
func sizeList(sizes []string) string {
	if len(sizes) == 1 {
		return sizes[0] + "-byte lines"
	}
	return strings.Join(sizes[:len(sizes)-1], "-, ") + "- and " + sizes[len(sizes)-1] + "-byte lines"
}

// check runs checks on s at one line size; prop is s's proposal, which
// spread compares against, and maxLine the largest size checked.
func check(checks []*Check, s *Struct, prop *Proposal, line, maxLine int64) []Finding {
	pass := &Pass{Struct: s, Proposal: prop, Line: line, MaxLine: maxLine}
	var out []Finding
	for _, c := range checks {
		for _, f := range c.Run(pass) {
			if f.Check == nil {
				f.Check = c
			}
			if f.Kind == "" {
				f.Kind = c.Name
			}
			out = append(out, f)
		}
	}
	return out
}

func atLines(line int64) string { return fmt.Sprintf("(%d-byte lines)", line) }

func pathWords(p string) string {
	if p == DefaultPath {
		return "hot fields"
	}
	return "hot fields of path " + p
}

// nameList joins names, eliding the middle of a long list.
func nameList(names []string) string {
	const max = 12
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + fmt.Sprintf(" and %d more", len(names)-max)
}

// andList joins a few names as a sentence does, many as nameList does.
func andList(names []string) string {
	if n := len(names); n > 1 && n <= 12 {
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return nameList(names)
}
