package reorg

import (
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// The tests here judge proposals by layout's checks as Analyze does,
// through RunChecks: a check's internals are layout's own.

// run is what check c finds in s at one line size, with no proposal.
func run(c *layout.Check, s *layout.Struct, line int64) []layout.Finding {
	return layout.RunChecks([]*layout.Check{c}, s, nil, line, line)
}

// falseShare is what falseshare finds between members of one element.
func falseShare(s *layout.Struct, line int64) []layout.Finding {
	return slices.DeleteFunc(run(layout.CheckFalseShare, s, line), func(f layout.Finding) bool { return f.Key == "percpu" })
}

// neighbourShare is what falseshare finds between neighbouring elements
// of a percpu struct.
func neighbourShare(s *layout.Struct, line int64) []layout.Finding {
	return slices.DeleteFunc(run(layout.CheckFalseShare, s, line), func(f layout.Finding) bool { return f.Key != "percpu" })
}

func straddles(s *layout.Struct, line int64) []layout.Finding {
	return run(layout.CheckStraddle, s, line)
}
