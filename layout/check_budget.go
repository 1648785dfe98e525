package layout

import (
	"fmt"
)

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

func runBudget(pass *Pass) []Finding { return budget(pass.Struct, pass.Line) }

// budget finds paths whose hot members occupy more lines than declared.
func budget(s *Struct, line int64) []Finding {
	var out []Finding
	for _, b := range s.Budgets {
		paths := []string{b.Path}
		if b.Path == "" {
			paths = s.Paths()
		}
		for _, p := range paths {
			if n, at := s.HotLinesAtBases(p, line, false); n > b.Lines {
				f := newFinding(line, -1, nil, fmt.Sprint(p, " ", b.Lines),
					fmt.Sprintf("%s occupy %d lines, over the budget of %d", PathWords(p), n, b.Lines), s.heapNote(line, at))
				f.detail = fmt.Sprintf("%d lines", n)
				if at.objects != at.of {
					f.detail += " " + s.objectsWord(at, "in ")
				}
				out = append(out, f)
			}
		}
	}
	return out
}
