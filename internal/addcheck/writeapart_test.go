package addcheck_test

import (
	"fmt"

	"github.com/cachelint/cachelint/layout"
)

// writeApart is a check whose findings an order fixes by putting members
// on lines apart (FixReorderPadding), added the way a new one is: its rule
// is the one predicate, apartFromReads, that its Run reports by and that
// the reorganizer, handed the check, lays orders out and scores them by.
// It keeps every written hot field off the lines of read-mostly ones,
// whatever their paths.
var writeApart = &layout.Check{
	Rule: layout.Rule{
		Name:      "writeapart",
		SARIFName: "WrittenFieldBesideReads",
		Summary:   "A written hot field shares a cache line with a read-mostly hot field",
		Help:      "Every write invalidates the line in the caches that read the other field.\n\nPut written fields on lines of their own; the proposed order does.",
		Fix:       layout.FixReorderPadding,
		Severity:  "warning",
	},
	Run:   runWriteApart,
	Apart: apartFromReads,
}

// apartFromReads is writeapart's rule: written hot member w and read-mostly
// hot member x may not share a line.
func apartFromReads(_ *layout.Struct, w, x *layout.Member, _, _ int) bool {
	return w.Hot.Write && !x.Hot.Write
}

// shareLine reports whether members a and b have bytes on one line.
func shareLine(a, b *layout.Member, line int64) bool {
	return a.Offset/line <= (b.End()-1)/line && b.Offset/line <= (a.End()-1)/line
}

func runWriteApart(pass *layout.Pass) []layout.Finding {
	var out []layout.Finding
	ms := pass.Struct.Members
	for i := range ms {
		w := &ms[i]
		if w.Hot == nil || w.Size == 0 {
			continue
		}
		for j := range ms {
			x := &ms[j]
			if x.Hot != nil && x.Size > 0 && shareLine(w, x, pass.Line) && apartFromReads(pass.Struct, w, x, w.Side, x.Side) {
				out = append(out, pass.Finding(i, []string{w.Name, x.Name}, w.Name+" "+x.Name,
					fmt.Sprintf("written %s shares a line with read-mostly %s", w.Name, x.Name), ""))
			}
		}
	}
	return out
}
