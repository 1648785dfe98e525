package layout

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Check is one of cachelint's checks, as an analysis.Analyzer is one of
// x/tools' passes: its documentation, how it runs and what the reports
// need to know of it are one value. Adding a check is its value, its rule,
// its Run and its unit tests in files of their own (check_NAME.go and
// check_NAME_test.go), and its place in Checks (rules.go).
type Check struct {
	// Rule documents the check; Rule.Name is the diagnostic category and
	// the word ignore directives accept, and Rule.Fix says whether the
	// reorganizer addresses its findings.
	Rule
	// Run finds the check's problems in pass.Struct at pass.Line. A
	// finding says which problem it is with its Key, the same at every
	// line size and every base, so that reorg.Analyze reports it once.
	Run func(pass *Pass) []Finding
	// Apart is, for a check that Isolates, its rule as one predicate:
	// whether written hot member w of s and hot member x, on sides ws and
	// xs of the declaration's separators (Member.Side), may not share a
	// line. Run reports the lines where such members do; the reorganizer
	// lays orders out and scores them by it, for the checks it is handed.
	// While it lays out a run of fields it asks it of members that stand
	// for the run: their Hot (paths, written or not) and nothing more.
	Apart func(s *Struct, w, x *Member, ws, xs int) bool
	// Neighbours is, for a check that Isolates and has a rule between the
	// elements of an array of percpu struct s, that rule: whether some
	// base puts members of two elements that may not share a line on one
	// line of line bytes. The reorganizer pads or aligns a percpu struct
	// until no check's Neighbours holds; nil for none.
	Neighbours func(s *Struct, line int64) bool
	// Kinds are the kinds of problem the check reports apart, each a word
	// ignore directives accept besides the check's name ("splitlock" of
	// straddle); a finding of none of them has the check's name as Kind.
	Kinds []string
	// Hazards are the kinds of problem (the check's name or some of its
	// Kinds) that cost by themselves, whatever lines the paths take: a
	// split lock stalls every core. A proposal gains by fixing one of
	// them, or a finding of a check that Isolates; the other findings of
	// a check that Reorders cost a path the lines it takes (a hot field
	// crossing into a line), and a proposal gains by them only where it
	// puts a path on fewer lines.
	Hazards []string
	// AboutPath says that the findings are about a fast path as a whole
	// (the lines its hot fields take), not about the members they name:
	// a picture shows them in its rows, and a finding's Key is its path.
	AboutPath bool
	// Unannotated says that the check may find problems in a struct no
	// annotation marks, in more than its atomic words and pads (where
	// straddle and padding look): the analyzer then lays out every struct
	// type, not only those with annotations, atomics or pads.
	Unannotated bool
}

// String is the check's name.
func (c *Check) String() string { return c.Name }

// Reorders reports whether the reorganizer addresses the check's
// findings; those of the others need the programmer.
func (c *Check) Reorders() bool { return c.Fix != FixNone }

// Isolates reports whether an order fixes the check's findings by putting
// members on lines apart (FixReorderPadding), rather than by putting a
// path on fewer lines: the reorganizer keeps members apart by such a
// check's Apart, and its scoring counts the members in its findings
// (apartFindings).
func (c *Check) Isolates() bool { return c.Fix == FixReorderPadding }

// CostsAlone reports whether a finding of c of the given kind costs by
// itself, not by the lines a path takes: a proposal that fixes it gains
// though no path takes fewer lines (see Hazards).
func (c *Check) CostsAlone(kind string) bool {
	return c.Reorders() && (c.Isolates() || slices.Contains(c.Hazards, kind))
}

// ignoreWord reports whether ignore directives accept w among checks: a
// check's name or one of its kinds.
func ignoreWord(checks []*Check, w string) bool {
	return slices.ContainsFunc(checks, func(c *Check) bool { return c.Name == w || slices.Contains(c.Kinds, w) })
}

var (
	checkName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	sarifName = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
)

// Validate reports a list of checks the reports cannot use: a check
// without a run function or without what the reports need of its rule (a
// summary, help, a severity, a SARIF name), one that isolates without its
// rule as Apart (or one that does not with one), and names or kinds that
// are not single lower-case words, or that two checks share.
func Validate(checks []*Check) error {
	var errs []error
	seen := map[string]bool{AnnotationRule: true}
	for _, c := range checks {
		bad := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("check %q: "+format, append([]any{c.Name}, args...)...))
		}
		if !checkName.MatchString(c.Name) {
			bad("the name must be one lower-case word")
		}
		if !sarifName.MatchString(c.SARIFName) {
			bad("SARIFName %q: want one PascalCase word", c.SARIFName)
		}
		if strings.EqualFold(c.SARIFName, c.Name) {
			bad("SARIFName %q: the name but for case; SARIF viewers want words for people (SARIF1001)", c.SARIFName)
		}
		if c.Summary == "" || c.Help == "" {
			bad("no summary or help")
		}
		if !slices.Contains([]string{"error", "warning", "note"}, c.Severity) {
			bad("severity %q: want error, warning or note", c.Severity)
		}
		if c.Run == nil {
			bad("no Run")
		}
		if c.Isolates() != (c.Apart != nil) {
			bad("a check that isolates (FixReorderPadding) has its rule as Apart, and only such a check")
		}
		if c.Neighbours != nil && !c.Isolates() {
			bad("Neighbours is for a check that isolates (FixReorderPadding)")
		}
		for _, w := range append([]string{c.Name}, c.Kinds...) {
			if !checkName.MatchString(w) {
				bad("kind %q must be one lower-case word", w)
			}
			if seen[w] {
				bad("%q names another check or kind", w)
			}
			seen[w] = true
		}
		for _, h := range c.Hazards {
			if h != c.Name && !slices.Contains(c.Kinds, h) {
				bad("hazard %q is neither its name nor one of its kinds", h)
			}
		}
	}
	return errors.Join(errs...)
}

// Pass is what a check's Run is given: one struct at one line size.
type Pass struct {
	Struct *Struct
	// Proposal is the order the reorganizer proposes for Struct, nil when
	// there is none; a check may judge Struct against it.
	Proposal *Proposal
	// Line is the line size to check at, MaxLine the largest that reorg.Analyze
	// checks at.
	Line, MaxLine int64

	// straddles are the straddle findings and the hot members found
	// crossing, for straddle and spread.
	straddles  []Finding
	straddling map[*Member]bool
	straddled  bool
}

// Finding words a problem found at the pass's line size: key says which
// problem it is (Finding.Key); head and tail are the message either side
// of the line size, which reorg.Analyze writes between them in parentheses
// ("(64-byte lines)", or every size the problem holds at); member is the
// index of the top-level member it points at, -1 for the struct.
func (p *Pass) Finding(member int, members []string, key, head, tail string) Finding {
	return newFinding(p.Line, member, members, key, head, tail)
}

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
	f.setMessage(AtLines(line))
	return f
}

// setMessage writes the message with sizes, the line sizes it names.
func (f *Finding) setMessage(sizes string) { f.Message = f.head + " " + sizes + f.tail }

// addTail adds to what the message says after the line sizes.
func (f *Finding) addTail(s string) {
	f.tail += s
	f.Message += s
}

// PathWords names path's hot fields in a message.
func PathWords(p string) string {
	if p == DefaultPath {
		return "hot fields"
	}
	return "hot fields of path " + p
}

// NameList joins names, eliding the middle of a long list.
func NameList(names []string) string {
	const max = 12
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + fmt.Sprintf(" and %d more", len(names)-max)
}

// andList joins a few names as a sentence does, many as NameList does.
func andList(names []string) string {
	if n := len(names); n > 1 && n <= 12 {
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return NameList(names)
}

// Rule is what cachelint says about one kind of diagnostic wherever it
// describes it: the SARIF rule, `cachelint help`, docs/checks.md and the
// analyzer's documentation all read it, so they cannot disagree. Each
// check's rule is part of its Check value; AnnotationRule is the one rule
// that is no check.
type Rule struct {
	// Name is the check name (the diagnostic category, the word ignore
	// directives accept) or "annotation".
	Name string
	// SARIFName is the rule's name in PascalCase, as SARIF viewers show
	// it: words for people, never Name but for case (SARIF1001).
	SARIFName string
	// Summary is one line, without a final period.
	Summary string
	// Help says what is reported, why it costs and what to do, in
	// paragraphs separated by blank lines; `code` spans are the only
	// markup.
	Help string
	// Fix says how a proposal fixes it.
	Fix Fix
	// Severity is the SARIF level: "error", "warning" or "note".
	Severity string
}

// Fix is how a proposal addresses the findings of a check.
type Fix uint8

const (
	// FixNone: the programmer must; the reorganizer ignores them.
	FixNone Fix = iota
	// FixReorder: the proposed order fixes them.
	FixReorder
	// FixReorderPadding: the proposed order fixes them, padding the
	// struct where that takes it (a percpu element's neighbours).
	FixReorderPadding
)

func (f Fix) String() string {
	switch f {
	case FixReorder:
		return "reorder"
	case FixReorderPadding:
		return "reorder, padding"
	}
	return "none"
}

// AnnotationRule names diagnostics about the annotations themselves: it is
// not a check, and ignore directives cannot silence it.
const AnnotationRule = "annotation"

// annotationRule is AnnotationRule's rule.
var annotationRule = Rule{
	Name:      AnnotationRule,
	SARIFName: "InvalidAnnotation",
	Summary:   "An annotation is malformed, misplaced or names what does not exist",
	Help: "A `//cachelint:` directive that cachelint cannot read, that is not on a struct type or one of its " +
		"fields, that names a field or path the struct lacks, or that is on a type cachelint cannot lay out " +
		"(a generic one). The checks run as if it were absent.\n\n" +
		"Fix the directive; `cachelint help` lists the forms.",
	Fix:      FixNone,
	Severity: "error",
}

// MergeLineSizes makes one finding of each problem found at several line
// sizes. The message names every size; when the details differ between
// sizes it gives those of the first, and each other size's in a few words
// where the check has them.
func MergeLineSizes(fs []Finding) []Finding {
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

// RunChecks runs checks on s at one line size; prop is s's proposal, which
// spread compares against, and maxLine the largest size checked.
func RunChecks(checks []*Check, s *Struct, prop *Proposal, line, maxLine int64) []Finding {
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

// AtLines names a line size in a message, as every check does.
func AtLines(line int64) string { return fmt.Sprintf("(%d-byte lines)", line) }

// Silenced reports whether the ignore directives of s silence f, by its
// check's name or by its kind.
func (s *Struct) Silenced(f *Finding) bool {
	return s.Ignored(f.Check.Name) || f.Kind != f.Check.Name && s.Ignored(f.Kind)
}
