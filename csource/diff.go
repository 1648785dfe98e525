package csource

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// edit replaces lines [from, to) of a file with lines.
type edit struct {
	from, to int
	lines    []string
}

// op is one line of a diff: ' ' kept, '-' removed, '+' added.
type op struct {
	kind byte
	text string
}

// diffOps is old with edits applied, as a list of ops: within each edit,
// the lines kept are those of a longest common subsequence, so that a
// moved declaration shows as its lines removed in one place and added in
// another, and the rest as context.
func diffOps(old []string, edits []edit) []op {
	slices.SortFunc(edits, func(a, b edit) int { return a.from - b.from })
	var ops []op
	at := 0
	for _, e := range edits {
		for ; at < e.from; at++ {
			ops = append(ops, op{' ', old[at]})
		}
		ops = append(ops, lcsOps(old[e.from:e.to], e.lines)...)
		at = e.to
	}
	for ; at < len(old); at++ {
		ops = append(ops, op{' ', old[at]})
	}
	return ops
}

func lcsOps(a, b []string) []op {
	// n[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	w := len(b) + 1
	n := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				n[i*w+j] = n[(i+1)*w+j+1] + 1
			} else {
				n[i*w+j] = max(n[(i+1)*w+j], n[i*w+j+1])
			}
		}
	}
	var ops []op
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, op{' ', a[i]})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || n[(i+1)*w+j] >= n[i*w+j+1]):
			ops = append(ops, op{'-', a[i]})
			i++
		default:
			ops = append(ops, op{'+', b[j]})
			j++
		}
	}
	return ops
}

// writeUnified writes ops as a unified diff of path with three lines of
// context, paths prefixed a/ and b/ as git apply expects. noEOL says the
// old file's last line has no newline (the new one's neither).
func writeUnified(w io.Writer, path string, ops []op, noEOL bool) error {
	const context = 3
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", path, path)
	// Old and new line numbers before each op.
	oldAt := make([]int, len(ops)+1)
	newAt := make([]int, len(ops)+1)
	for k, o := range ops {
		oldAt[k+1], newAt[k+1] = oldAt[k], newAt[k]
		if o.kind != '+' {
			oldAt[k+1]++
		}
		if o.kind != '-' {
			newAt[k+1]++
		}
	}
	var old []string
	for _, o := range ops {
		if o.kind != '+' {
			old = append(old, o.text)
		}
	}
	lastOld := oldAt[len(ops)] - 1
	lastNew := newAt[len(ops)] - 1
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := max(0, k-context)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			next := end
			for next < len(ops) && ops[next].kind == ' ' {
				next++
			}
			if next == len(ops) || next-end > 2*context {
				end = min(len(ops), end+context)
				break
			}
			end = next
		}
		no, nn := oldAt[end]-oldAt[start], newAt[end]-newAt[start]
		fmt.Fprintf(&b, "@@ -%s +%s @@%s\n", hunkRange(oldAt[start], no), hunkRange(newAt[start], nn), funcLine(old, oldAt[start]))
		for q := start; q < end; q++ {
			o := ops[q]
			b.WriteByte(o.kind)
			b.WriteString(o.text)
			b.WriteByte('\n')
			if noEOL && (o.kind != '+' && oldAt[q] == lastOld || o.kind != '-' && newAt[q] == lastNew) {
				b.WriteString("\\ No newline at end of file\n")
			}
		}
		k = end
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// funcLine is what git diff writes after a hunk's range by default: the
// last line before old line at that starts with a letter, '_' or '$'
// (as "struct net_device {"), at most 80 bytes, trailing blanks
// trimmed, after a space; "" when there is none.
func funcLine(old []string, at int) string {
	for i := min(at, len(old)) - 1; i >= 0; i-- {
		l := old[i]
		if l == "" || !(l[0] >= 'a' && l[0] <= 'z' || l[0] >= 'A' && l[0] <= 'Z' || l[0] == '_' || l[0] == '$') {
			continue
		}
		if len(l) > 80 {
			l = l[:80]
		}
		return " " + strings.TrimRight(l, " \t\r\f\v")
	}
	return ""
}

// hunkRange is a hunk's "start,count" for lines from 0-based start.
func hunkRange(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}
