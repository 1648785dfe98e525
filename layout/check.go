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
// need to know of it are one value. Adding a check is its value, its Run
// and its unit tests in files of their own (check_NAME.go and
// check_NAME_test.go), and its place in Checks.
type Check struct {
	// Rule documents the check; Rule.Name is the diagnostic category and
	// the word ignore directives accept, and Rule.Fix says whether the
	// reorganizer addresses its findings.
	Rule
	// Run finds the check's problems in pass.Struct at pass.Line. A
	// finding says which problem it is with its Key, the same at every
	// line size and every base, so that Analyze reports it once.
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
// path on fewer lines: the reorganizer's scoring counts the members in
// the findings of such checks (apartFindings).
func (c *Check) Isolates() bool { return c.Fix == FixReorderPadding }

// CostsAlone reports whether a finding of c of the given kind costs by
// itself, not by the lines a path takes: a proposal that fixes it gains
// though no path takes fewer lines (see Hazards).
func (c *Check) CostsAlone(kind string) bool {
	return c.Reorders() && (c.Isolates() || slices.Contains(c.Hazards, kind))
}

// apartIn reports whether written hot member w of s and hot member x, on
// sides ws and xs, may not share a line by the rule of one of checks
// (Check.Apart): with none that Isolates, they may.
func apartIn(checks []*Check, s *Struct, w, x *Member, ws, xs int) bool {
	return slices.ContainsFunc(checks, func(c *Check) bool { return c.Isolates() && c.Apart(s, w, x, ws, xs) })
}

// neighboursIn reports whether elements of an array of percpu struct s
// share a line at line by the rule of one of checks (Check.Neighbours).
func neighboursIn(checks []*Check, s *Struct, line int64) bool {
	return slices.ContainsFunc(checks, func(c *Check) bool { return c.Isolates() && c.Neighbours != nil && c.Neighbours(s, line) })
}

// isolates reports whether one of checks Isolates: the reorganizer then
// keeps members apart as the checks' rules say.
func isolates(checks []*Check) bool { return slices.ContainsFunc(checks, (*Check).Isolates) }

// Checks are cachelint's checks, in report order: a new check's one
// registration.
var Checks = []*Check{CheckStraddle, CheckSpread, CheckFalseShare, CheckPadding, CheckBudget}

// Rules lists the rules of Checks, then AnnotationRule's.
var Rules = RulesOf(Checks)

// RulesOf lists the rules of checks, then AnnotationRule's.
func RulesOf(checks []*Check) []Rule {
	out := make([]Rule, 0, len(checks)+1)
	for _, c := range checks {
		out = append(out, c.Rule)
	}
	return append(out, annotationRule)
}

// RuleOf returns the rule named name, of a check or AnnotationRule.
func RuleOf(name string) (Rule, bool) {
	i := slices.IndexFunc(Rules, func(r Rule) bool { return r.Name == name })
	if i < 0 {
		return Rule{}, false
	}
	return Rules[i], true
}

// CheckNames lists the names of checks, in their order.
func CheckNames(checks []*Check) []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.Name
	}
	return out
}

// IsCheck reports whether name names one of Checks.
func IsCheck(name string) bool {
	return slices.ContainsFunc(Checks, func(c *Check) bool { return c.Name == name })
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
// summary, help, a severity, a SARIF name), and names or kinds that are
// not single lower-case words, or that two checks share.
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
	// Line is the line size to check at, MaxLine the largest that Analyze
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
// of the line size, which Analyze writes between them in parentheses
// ("(64-byte lines)", or every size the problem holds at); member is the
// index of the top-level member it points at, -1 for the struct.
func (p *Pass) Finding(member int, members []string, key, head, tail string) Finding {
	return newFinding(p.Line, member, members, key, head, tail)
}

// crossings runs the straddle check once per pass: spread leaves to it
// the lines that its findings account for.
func (p *Pass) crossings() ([]Finding, map[*Member]bool) {
	if !p.straddled {
		p.straddles, p.straddling = p.Struct.straddleAtBases(p.Line)
		p.straddled = true
	}
	return p.straddles, p.straddling
}
