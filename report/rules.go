package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// RuleText writes r as `cachelint help CHECK` prints it.
func RuleText(w io.Writer, r layout.Rule) error {
	_, err := fmt.Fprintf(w, "%s (%s; fix: %s): %s.\n\n%s\n", r.Name, r.Severity, r.Fix, r.Summary, wrap(r.Help, 76))
	return err
}

// wrap fills each paragraph of s to width columns.
func wrap(s string, width int) string {
	var out []string
	for _, para := range strings.Split(s, "\n\n") {
		var lines []string
		line := ""
		for _, word := range strings.Fields(para) {
			if line != "" && len(line)+1+len(word) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += word
		}
		out = append(out, strings.Join(append(lines, line), "\n"))
	}
	return strings.Join(out, "\n\n")
}
