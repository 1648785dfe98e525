package addcheck_test

import (
	"fmt"

	"github.com/cachelint/cachelint/layout"
)

// bigField is a check added the way a new one is: its value, its rule as
// one predicate and its Run in a file of their own (this one), and one
// line in the list of checks (checks, in addcheck_test.go, standing for
// layout.Checks). It reports members bigger than a line.
var bigField = &layout.Check{
	Rule: layout.Rule{
		Name:      "bigfield",
		SARIFName: "FieldTooBig",
		Summary:   "A member is bigger than a cache line",
		Help:      "A member bigger than a line takes several whatever the order.\n\nSplit it.",
		Fix:       layout.FixNone,
		Severity:  "note",
	},
	Unannotated: true,
	Run:         runBigField,
}

// tooBig is bigfield's rule: member m takes more than a line.
func tooBig(m *layout.Member, line int64) bool { return m.Size > line }

func runBigField(pass *layout.Pass) []layout.Finding {
	var out []layout.Finding
	for i := range pass.Struct.Members {
		if m := &pass.Struct.Members[i]; tooBig(m, pass.Line) {
			out = append(out, pass.Finding(i, []string{m.Name}, m.Name,
				fmt.Sprintf("member %s (%d bytes) is bigger than a line", m.Name, m.Size), ""))
		}
	}
	return out
}
