package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cachelint/cachelint/input"
)

// maxLines is how many line numbers a summary lists.
const maxLines = 8

// Warnings writes warnings to w, one line each as "cachelint: warning:
// WHERE: WARNING" (without "WHERE: " when where is ""). Unless verbose,
// the warnings about lines of one file that has several (a net_cachelines
// table and a build it does not match line for line, a hot file naming
// structs the build lacks) are summed up in one line, in the place of the
// first: how many, on which lines, and the first one's message.
func Warnings(w io.Writer, where string, warnings []input.Warning, verbose bool) error {
	if where != "" {
		where += ": "
	}
	byFile := map[string][]input.Warning{}
	var order []input.Warning // a file's first warning, and warnings of no line
	for _, wn := range warnings {
		if verbose || wn.Line == 0 {
			order = append(order, wn)
			continue
		}
		if len(byFile[wn.File]) == 0 {
			order = append(order, wn)
		}
		byFile[wn.File] = append(byFile[wn.File], wn)
	}
	bw := bufio.NewWriter(w)
	for _, wn := range order {
		all := byFile[wn.File]
		if verbose || wn.Line == 0 || len(all) == 1 {
			fmt.Fprintf(bw, "cachelint: warning: %s%s\n", where, wn)
			continue
		}
		var nums []string
		for i, o := range all {
			if i == maxLines {
				nums = append(nums, "...")
				break
			}
			nums = append(nums, strconv.Itoa(o.Line))
		}
		fmt.Fprintf(bw, "cachelint: warning: %s%s: %d lines disagree with the binary (%s); the first, line %d: %s (-v shows each)\n",
			where, wn.File, len(all), strings.Join(nums, ", "), wn.Line, wn.Msg)
	}
	return bw.Flush()
}
