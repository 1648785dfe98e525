package layout

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
