package report

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// warningAt splits a warning that starts with the place it is about,
// "FILE:LINE: message", as hotfile words what a line of a hot file or a
// row of a table cannot do.
var warningAt = regexp.MustCompile(`^(.+?):(\d+): (.*)$`)

// maxLines is how many line numbers a summary lists.
const maxLines = 8

// Warnings writes warnings to w, one line each as "cachelint: warning:
// WHERE: WARNING" (without "WHERE: " when where is ""). Unless verbose,
// the warnings about one file that has several (a net_cachelines table
// and a build it does not match line for line, a hot file naming structs
// the build lacks) are summed up in one line, in the place of the first:
// how many, on which lines, and the first one's message. Warnings that
// name no place are written as they are.
func Warnings(w io.Writer, where string, warnings []string, verbose bool) error {
	if where != "" {
		where += ": "
	}
	type file struct {
		lines []int
		first string
	}
	files := map[string]*file{}
	var order []string // files, and warnings that name none, in order
	for _, wn := range warnings {
		m := warningAt.FindStringSubmatch(wn)
		if m == nil || verbose {
			order = append(order, "\x00"+wn)
			continue
		}
		line, _ := strconv.Atoi(m[2])
		f := files[m[1]]
		if f == nil {
			f = &file{first: m[3]}
			files[m[1]] = f
			order = append(order, m[1])
		}
		f.lines = append(f.lines, line)
	}
	bw := bufio.NewWriter(w)
	for _, key := range order {
		if wn, ok := strings.CutPrefix(key, "\x00"); ok {
			fmt.Fprintf(bw, "cachelint: warning: %s%s\n", where, wn)
			continue
		}
		f := files[key]
		if len(f.lines) == 1 {
			fmt.Fprintf(bw, "cachelint: warning: %s%s:%d: %s\n", where, key, f.lines[0], f.first)
			continue
		}
		var nums []string
		for i, l := range f.lines {
			if i == maxLines {
				nums = append(nums, "...")
				break
			}
			nums = append(nums, strconv.Itoa(l))
		}
		fmt.Fprintf(bw, "cachelint: warning: %s%s: %d lines disagree with the binary (%s); the first, line %d: %s (-v shows each)\n",
			where, key, len(f.lines), strings.Join(nums, ", "), f.lines[0], f.first)
	}
	return bw.Flush()
}
