package hotfile

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// The kernel's net_cachelines tables come in two shapes: whitespace-aligned
// columns under a "Type Name fastpath_tx_access fastpath_rx_access
// Comments" header with a "..struct ..NAME" row (net_device, tcp_sock,
// inet_sock, inet_connection_sock), and RST simple tables between "=" rules
// with the struct named only in the title (netns_ipv4_sysctl, snmp). Cells
// may be blank in both, so rows are cut into columns by the offset at which
// each header word starts.

// accessColumn matches a fast-path column header; the middle names the path.
var accessColumn = regexp.MustCompile(`^fastpath_([A-Za-z0-9]+)_access$`)

// titleRE matches a table's title, "net_device struct fast path usage
// breakdown"; snmp.rst says "enum" there.
var titleRE = regexp.MustCompile(`^(\S+) (struct|enum) fast path usage breakdown$`)

// column is one header word and the offset at which it starts.
type column struct {
	name  string
	start int
	path  string // for a fast-path column
}

// tableHeader returns the index of the first line with a fast-path column
// header, or -1.
func tableHeader(lines []string) int {
	return slices.IndexFunc(lines, func(l string) bool { return headerColumns(l) != nil })
}

// headerColumns returns the columns of a header line: one with a Name word
// and at least one fast-path column. Otherwise it returns nil.
func headerColumns(line string) []column {
	var cols []column
	var name, access bool
	for start, word := range words(line) {
		c := column{name: word, start: start}
		if m := accessColumn.FindStringSubmatch(word); m != nil {
			c.path, access = m[1], true
		}
		name = name || word == "Name"
		cols = append(cols, c)
	}
	if !name || !access {
		return nil
	}
	return cols
}

// words yields each whitespace-separated word of line with its byte offset.
func words(line string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i := 0; i < len(line); {
			if isSpace(line[i]) {
				i++
				continue
			}
			j := i
			for j < len(line) && !isSpace(line[j]) {
				j++
			}
			if !yield(i, line[i:j]) {
				return
			}
			i = j
		}
	}
}

// expandTabs replaces each tab of line by the spaces up to the next
// multiple of 8 columns.
func expandTabs(line string) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, r := range line {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' }

// isRule reports whether line is an RST rule: a table border such as
// "==== ====" or a title's over- or underline.
func isRule(line string) bool {
	t := strings.TrimSpace(line)
	if len(t) < 2 {
		return false
	}
	c := t[0]
	if !strings.ContainsRune("=-~^*+#", rune(c)) {
		return false
	}
	return strings.Trim(t, string(c)+" \t") == ""
}

// isUnderline reports whether line underlines a heading: a rule with no
// gaps, unlike a table border.
func isUnderline(line string) bool {
	t := strings.TrimSpace(line)
	return isRule(t) && !strings.ContainsAny(t, " \t")
}

// isHeading reports whether lines[i] is a section title: underlined by a
// rule at least as long, where that rule is not the overline of a title
// below it.
func isHeading(lines []string, i int) bool {
	if i+1 >= len(lines) || !isUnderline(lines[i+1]) ||
		len(strings.TrimSpace(lines[i+1])) < len(strings.TrimSpace(lines[i])) {
		return false
	}
	overline := i+3 < len(lines) && isUnderline(lines[i+3]) && strings.TrimSpace(lines[i+2]) != ""
	return !overline
}

func isStructLine(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), "..struct")
}

func parseTable(name string, lines []string) (*Set, error) {
	s := &Set{}
	var errs []error
	var (
		cols       []column
		nameCol    int    // index of the Name column in cols
		structName string // from the ..struct row or the title
		titleName  string
		titleKind  string // "struct" or "enum"
		titleLine  int
		seen       = map[string]int{} // struct.field -> index in s.Hot
	)
	for i, line := range lines {
		pos := Pos{name, i + 1}
		// As docutils reads RST: a tab to the next multiple of 8
		// columns, so that a row whose cells are separated by tabs is
		// cut where the header's words start.
		line = expandTabs(line)
		t := strings.TrimSpace(line)
		switch {
		case t == "" || isRule(t):
			continue
		case isHeading(lines, i):
			// A heading: a new table's title, or prose.
			titleName, titleKind, titleLine = "", "", i+1
			if m := titleRE.FindStringSubmatch(t); m != nil {
				titleName, titleKind = m[1], m[2]
			}
			cols, structName = nil, ""
			continue
		}
		if c := headerColumns(line); c != nil {
			cols = c
			nameCol = slices.IndexFunc(cols, func(c column) bool { return c.name == "Name" })
			structName = titleName
			if titleKind == "enum" {
				errs = append(errs, fmt.Errorf("%s:%d: %q: the table lists enum constants, not struct members, so there is no member to mark: %w",
					name, titleLine, lines[titleLine-1], ErrNotStructTable))
				cols = nil
			}
			continue
		}
		if cols == nil || strings.HasPrefix(t, ".. ") {
			// Prose before a table, or an RST comment.
			continue
		}
		if isStructLine(t) {
			f := strings.Fields(t)
			if len(f) < 2 || !layout.IsIdent(strings.TrimPrefix(f[1], "..")) {
				errs = append(errs, fmt.Errorf("%s: ..struct row names no struct", pos))
				continue
			}
			structName = strings.TrimPrefix(f[1], "..")
			continue
		}
		hf, err := parseRow(line, cols, nameCol)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", pos, err))
			continue
		}
		if hf == nil {
			continue
		}
		if structName == "" {
			errs = append(errs, fmt.Errorf("%s: row before any ..struct row or title naming the struct", pos))
			continue
		}
		hf.Pos, hf.Struct = pos, structName
		key := hf.Struct + "." + hf.Field
		if i, ok := seen[key]; ok {
			// A repeated row adds to the first.
			s.Hot[i].Cold = s.Hot[i].Cold && hf.Cold
			prev := &s.Hot[i].Hot
			prev.Write = prev.Write || hf.Hot.Write
			prev.Paths = append(prev.Paths, hf.Hot.Paths...)
			slices.Sort(prev.Paths)
			prev.Paths = slices.Compact(prev.Paths)
			continue
		}
		seen[key] = len(s.Hot)
		s.Hot = append(s.Hot, *hf)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}

// parseRow reads one table row. A row that marks no path hot is cold: it
// marks nothing, but Apply checks it against the struct's groups. It
// returns nil for a cold row that names no single field, whose cells then
// go unchecked (net_device.rst has "void*priv_destructor
// struct_net_device").
func parseRow(line string, cols []column, nameCol int) (*HotField, error) {
	cells := make([][]string, len(cols))
	for start, w := range words(line) {
		// A word belongs to the column it starts in.
		c := 0
		for c+1 < len(cols) && cols[c+1].start <= start {
			c++
		}
		cells[c] = append(cells[c], w)
	}
	hf := &HotField{Table: true}
	for i, c := range cols {
		if c.path == "" {
			continue
		}
		v := strings.Join(cells[i], " ")
		switch v {
		case "", "-":
		case "read_mostly":
			hf.Hot.Paths = append(hf.Hot.Paths, c.path)
		case "read_write", "write_mostly":
			hf.Hot.Paths = append(hf.Hot.Paths, c.path)
			hf.Hot.Write = true
		default:
			return nil, fmt.Errorf("bad %s value %q: want read_mostly, read_write, write_mostly or -", c.name, v)
		}
	}
	hf.Cold = len(hf.Hot.Paths) == 0
	slices.Sort(hf.Hot.Paths)
	hf.Hot.Paths = slices.Compact(hf.Hot.Paths)
	// Arrays carry their dimensions: name[16].
	var field string
	if len(cells[nameCol]) == 1 {
		field, _, _ = strings.Cut(cells[nameCol][0], "[")
	}
	switch {
	case hf.Cold && !layout.IsIdent(field):
		return nil, nil
	case len(cells[nameCol]) != 1:
		return nil, fmt.Errorf("row marks %s hot but has no single Name", strings.Join(hf.Hot.Paths, ","))
	case !layout.IsIdent(field):
		return nil, fmt.Errorf("bad field name %q", cells[nameCol][0])
	}
	hf.Field = field
	if ti := slices.IndexFunc(cols, func(c column) bool { return c.name == "Type" }); ti >= 0 {
		hf.Type = strings.Join(cells[ti], " ")
	}
	return hf, nil
}
