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

// RulesMarkdown writes the rules as docs/checks.md lists them: a table of
// summaries, then each rule's help.
func RulesMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| check | reports | fix | level |\n|---|---|---|---|\n")
	for _, r := range layout.Rules {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.Name, r.Summary, r.Fix, r.Severity)
	}
	for _, r := range layout.Rules {
		fmt.Fprintf(&b, "\n### %s\n\n%s\n", r.Name, wrap(r.Help, 76))
	}
	_, err := io.WriteString(w, b.String())
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
