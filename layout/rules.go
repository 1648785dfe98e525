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

// The checks, in report order; each one's Run is in checks.go.
// CheckStraddle reports hot fields and atomic words that cross a line.
var CheckStraddle = &Check{
	Rule: Rule{
		Name:      "straddle",
		SARIFName: "HotFieldStraddlesLine",
		Summary:   "A hot field or an atomic word crosses a cache-line boundary",
		Help: "A hot field no bigger than a line that crosses a line boundary costs two line fetches where one would do; " +
			"an array crosses only where one of its elements does, and a crossing into a line the path touches anyway " +
			"costs nothing and is not reported. Nor is one into a line a kernel cacheline group's fields of the path reach " +
			"in any order of them (6.18's `tcp_sock_write_rx`: 112 bytes from 24 bytes into a line end on a third line, " +
			"where `rcvq_space` crosses): the line is the group's, and what would save it is the group's place, which " +
			"`spread` and the proposal's needs judge. Nor is one on a path already on as few lines as its fields' bytes need: " +
			"moving the field off the boundary would move another onto it. A Go heap object, which starts where its size class " +
			"puts it, is judged at every base the allocator gives it, and a hot field that crosses at some of them is reported " +
			"only where an order of the fields at the object's size saves the line, over all objects, and the message says " +
			"which move does (\"putting key first\"): a 24-byte slice header in a 48-byte object crosses a line at one base of " +
			"four wherever it sits, and only padding every object into the 64-byte class would save that line in a quarter of " +
			"them, which nobody pays for a plain crossing. The field still counts as crossing for `spread`, which does not " +
			"report the same line again. In any struct, an atomic word that crosses a line is a split lock, which " +
			"stalls every core, always reported (only packed C layouts can make one); its kind, `splitlock`, is a word " +
			"ignore directives accept to silence split locks alone.\n\n" +
			"Move the field so that it starts on a boundary or fits before the next one; the proposed order does.",
		Fix:      FixReorder,
		Severity: "warning",
	},
	Run:     runStraddle,
	Kinds:   []string{"splitlock"},
	Hazards: []string{"splitlock"},
}

// CheckSpread reports paths whose hot fields take more lines than an order needs.
var CheckSpread = &Check{
	Rule: Rule{
		Name:      "spread",
		SARIFName: "HotFieldsSpreadOverLines",
		Summary:   "The hot fields of a path occupy more cache lines than a reordering needs",
		Help: "The hot fields of one path (a fast path, named with `path=`) sit on more lines than the proposed order " +
			"needs, so the path fetches more lines than it must. The message names the path, the lines now and possible, " +
			"and the fields. A path whose extra lines are all straddles of its fields is reported as those straddles only.\n\n" +
			"Group the path's fields together; the proposed order does.",
		Fix:      FixReorder,
		Severity: "warning",
	},
	Run:       runSpread,
	AboutPath: true,
}

// CheckFalseShare reports written fields that share a line with what other paths or cores use.
var CheckFalseShare = &Check{
	Rule: Rule{
		Name:      "falseshare",
		SARIFName: "FalseSharing",
		Summary:   "A written hot field shares a cache line with fields that other paths or cores use",
		Help: "A written hot field shares a line with a read-mostly hot field, with a field written only on other " +
			"paths, or with a written field the declaration puts on the other side of a separator pad (a queue's head " +
			"and tail, which one profile of producers and consumers marks written on one path): every write " +
			"invalidates the line in the caches of the cores reading the other fields. For `percpu` " +
			"types, a base offset at which a written field of one element shares a line with a field of a neighbour. " +
			"One finding per line: it names the fields written there and everything they share it with. A lock and the " +
			"fields it guards (`guard=`, docs/annotations.md) share lines freely: each access follows the core's own " +
			"write of the lock. So do the fields of one kernel fast path in one object, where the paths come from the " +
			"kernel's cacheline groups or a net_cachelines table: a socket's rx path runs on one CPU at a time, so a " +
			"field it writes shares its line with the fields rx reads; a field written on one path conflicts there with " +
			"what another path uses, unless that is written on every path the first is. The same holds in one " +
			"element of a `percpu` type: its owner's reads and writes share a line with no other core; fields " +
			"that other cores read as well (a transmit queue's device pointer, read by every core that " +
			"enqueues) say so with a path of their own. Fields of a struct-typed " +
			"member that starts a line share lines as in their own type, whose finding it is (inet_sock's sk is " +
			"sock's).\n\n" +
			"Put written fields on lines of their own, or pad `percpu` elements to a line; the proposed order does.",
		Fix:      FixReorderPadding,
		Severity: "warning",
	},
	Run: runFalseShare,
}

// CheckPadding reports separator pads that fail to separate or waste a line.
var CheckPadding = &Check{
	Rule: Rule{
		Name:      "padding",
		SARIFName: "IneffectivePadding",
		Summary:   "Separator padding fails to separate fields, or wastes a whole line",
		Help: "A separator pad (a blank or pad-named array, or a cache-line pad type, evidently meant to keep fields on " +
			"different lines: see docs/annotations.md; in binaries too) leaves " +
			"the fields around it on one line, or is a whole line longer than keeping them a pair of lines apart needs " +
			"(pairs, for x86's adjacent-line prefetcher). A pad at the end keeps an element of an array from the next " +
			"one, for Go types the code writes as elements, and else a heap object from the next object of its size " +
			"class; the pads of a lone object are never waste.\n\n" +
			"Size the pad from the line size, or remove the extra line.",
		Fix:      FixNone,
		Severity: "warning",
	},
	Run: runPadding,
}

// CheckBudget reports paths whose hot fields take more lines than their budget.
var CheckBudget = &Check{
	Rule: Rule{
		Name:      "budget",
		SARIFName: "HotLinesOverBudget",
		Summary:   "The hot fields of a path occupy more cache lines than their budget",
		Help: "The hot fields of a path occupy more lines than `//cachelint:budget` (or a hot file's budget) allows.\n\n" +
			"Reorder the fields (the proposed order does when it can), move cold fields out, or raise the budget.",
		Fix:      FixReorder,
		Severity: "error",
	},
	Run:       runBudget,
	AboutPath: true,
}

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
