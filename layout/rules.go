package layout

// Rule is what cachelint says about one kind of diagnostic wherever it
// describes it: the SARIF rule, `cachelint help`, docs/checks.md and the
// analyzer's documentation all read Rules, so they cannot disagree.
type Rule struct {
	// Name is the check name (the diagnostic category, the word ignore
	// directives accept) or "annotation".
	Name string
	// Summary is one line, without a final period.
	Summary string
	// Help says what is reported, why it costs and what to do, in
	// paragraphs separated by blank lines; `code` spans are the only
	// markup.
	Help string
	// Fix says how a proposal fixes it: "reorder", "reorder, padding" or
	// "none".
	Fix string
	// Severity is the SARIF level: "error", "warning" or "note".
	Severity string
}

// AnnotationRule names diagnostics about the annotations themselves: it is
// not a check, and ignore directives cannot silence it.
const AnnotationRule = "annotation"

// Rules lists every check in report order, then AnnotationRule.
var Rules = []Rule{
	{
		Name:    CheckStraddle,
		Summary: "A hot field or an atomic word crosses a cache-line boundary",
		Help: "A hot field no bigger than a line that crosses a line boundary costs two line fetches where one would do; " +
			"an array crosses only where one of its elements does, and a crossing into a line the path touches anyway " +
			"costs nothing and is not reported. In any struct, an atomic word that crosses a line is a split lock, which " +
			"stalls every core, always reported (only packed C layouts can make one).\n\n" +
			"Move the field so that it starts on a boundary or fits before the next one; the proposed order does.",
		Fix:      "reorder",
		Severity: "warning",
	},
	{
		Name:    CheckSpread,
		Summary: "The hot fields of a path occupy more cache lines than a reordering needs",
		Help: "The hot fields of one path (a fast path, named with `path=`) sit on more lines than the proposed order " +
			"needs, so the path fetches more lines than it must. The message names the path, the lines now and possible, " +
			"and the fields. A path whose extra lines are all straddles of its fields is reported as those straddles only.\n\n" +
			"Group the path's fields together; the proposed order does.",
		Fix:      "reorder",
		Severity: "warning",
	},
	{
		Name:    CheckFalseShare,
		Summary: "A written hot field shares a cache line with fields that other paths or cores use",
		Help: "A written hot field shares a line with a read-mostly hot field, with a field written only on other " +
			"paths, or with a written field the declaration puts on the other side of a separator pad (a queue's head " +
			"and tail, which one profile of producers and consumers marks written on one path): every write " +
			"invalidates the line in the caches of the cores reading the other fields. For `percpu` " +
			"types, a base offset at which a written field of one element shares a line with a field of a neighbour. " +
			"One finding per line: it names the fields written there and everything they share it with.\n\n" +
			"Put written fields on lines of their own, or pad `percpu` elements to a line; the proposed order does.",
		Fix:      "reorder, padding",
		Severity: "warning",
	},
	{
		Name:    CheckPadding,
		Summary: "Separator padding fails to separate fields, or wastes a whole line",
		Help: "A separator pad (a blank or pad-named array, or a cache-line pad type, evidently meant to keep fields on " +
			"different lines: see docs/annotations.md; in binaries too) leaves " +
			"the fields around it on one line, or is a whole line longer than keeping them a pair of lines apart needs " +
			"(pairs, for x86's adjacent-line prefetcher).\n\n" +
			"Size the pad from the line size, or remove the extra line.",
		Fix:      "none",
		Severity: "warning",
	},
	{
		Name:    CheckBudget,
		Summary: "The hot fields of a path occupy more cache lines than their budget",
		Help: "The hot fields of a path occupy more lines than `//cachelint:budget` (or a hot file's budget) allows.\n\n" +
			"Reorder the fields (the proposed order does when it can), move cold fields out, or raise the budget.",
		Fix:      "reorder",
		Severity: "error",
	},
	{
		Name:    AnnotationRule,
		Summary: "An annotation is malformed, misplaced or names what does not exist",
		Help: "A `//cachelint:` directive that cachelint cannot read, that is not on a struct type or one of its " +
			"fields, that names a field or path the struct lacks, or that is on a type cachelint cannot lay out " +
			"(a generic one). The checks run as if it were absent.\n\n" +
			"Fix the directive; `cachelint help` lists the forms.",
		Fix:      "none",
		Severity: "error",
	},
}

// RuleOf returns the rule named name.
func RuleOf(name string) (Rule, bool) {
	for _, r := range Rules {
		if r.Name == name {
			return r, true
		}
	}
	return Rule{}, false
}
