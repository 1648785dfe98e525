// Package hotfile reads the sources of hot-field annotations for binaries,
// which carry no source comments: cachelint's own hot file and the Linux
// kernel's net_cachelines tables (Documentation/networking/net_cachelines).
//
// A cachelint hot file has one directive a line; "#" starts a comment:
//
//	STRUCT.FIELD hot [write] [path=NAME[,NAME]]
//	STRUCT.FIELD pin
//	STRUCT percpu
//	STRUCT budget [path=NAME] lines=N
//	STRUCT ignore [check[,check]] reason
//
// STRUCT.FIELD splits at the last dot, so that Go type names such as
// net/http.Transport work; FIELD may name a member of an anonymous member.
// pin keeps the field (or the anonymous member holding it) at its offset
// in any proposed reorganization, for code that depends on where it is; a
// pin naming a field the struct lacks is an error, as for hot.
//
// A file with a fastpath_tx_access column header is read as a net_cachelines
// table instead: read_mostly on a path makes the field hot on it,
// read_write or write_mostly makes it written.
//
// A file may start with a UTF-8 byte order mark and end its lines in CRLF.
// Files are limited to MaxFileSize bytes and lines to MaxLineLength bytes,
// so that a wrong path (a device, a binary) fails at once; the error names
// the limit and wraps ErrTooLarge.
//
// Apply marks members but leaves hot members that name no path as they are:
// the caller then runs layout.Annotate on each struct, which applies the
// kernel's cacheline groups to the members the files left unmarked,
// resolves paths and checks budgets.
package hotfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Pos is where a directive or table row is.
type Pos struct {
	File string
	Line int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d", p.File, p.Line) }

// HotField marks one field hot.
type HotField struct {
	Pos
	Struct string
	Field  string
	Hot    layout.Hot
	// Pin is set for a pin line, which keeps the field where it is in a
	// reorganization; Hot is then unused.
	Pin bool
	// Table is set for a net_cachelines row: a field missing from the
	// struct is then a warning, since tables and binaries drift.
	Table bool
	// Type is the table's Type cell. For fields of a named inner struct
	// the kernel spells it struct_HOLDER_TYPE (struct_icsk_ack_u8 for
	// inet_connection_sock's icsk_ack.pending), which lets Apply mark the
	// holding member.
	Type string
}

// Directive is a percpu, budget or ignore directive; exactly one of PerCPU,
// Budget and Ignore is set.
type Directive struct {
	Pos
	Struct string
	PerCPU bool
	Budget *layout.Budget
	Ignore *layout.Ignore
}

// Set is what one or more hot files and tables say.
type Set struct {
	Hot        []HotField
	Directives []Directive
}

// ErrNotStructTable is wrapped by the error Load returns for a
// net_cachelines table whose rows are not struct members (snmp.rst lists
// LINUX_MIB_* enum constants), so a caller given a folder of tables can
// skip it.
var ErrNotStructTable = errors.New("not a table of struct members")

// ErrNoTableHeader is wrapped by the error Load returns for an .rst file
// (or one with table rows) that lacks the header of a net_cachelines table:
// in a folder of tables, index.rst.
var ErrNoTableHeader = errors.New("no fastpath_tx_access or fastpath_rx_access column header, so not a net_cachelines table")

// Limits on what Load and Parse read. The kernel's largest net_cachelines
// table is 10 KB and a hot file names a few hundred fields; these leave
// room for generated files many times that size.
const (
	MaxFileSize   = 16 << 20
	MaxLineLength = 1 << 20
)

// ErrTooLarge is wrapped by the errors for a file or a line over its limit.
var ErrTooLarge = errors.New("over the size limit")

// Load reads a hot file or a net_cachelines table.
func Load(path string) (*Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Read one byte past the limit to tell a file at the limit from one
	// over it, without reading the rest.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return Parse(path, data)
}

// LoadPaths loads hot files, tables and folders of tables, in order, into
// one Set (the repeatable -hot flag). A folder stands for every .rst file
// in it, in name order; those that are not tables of struct members
// (index.rst, snmp.rst) are skipped, each with a note.
func LoadPaths(paths []string) (set *Set, notes []string, err error) {
	var files []string
	skippable := map[string]bool{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			files = append(files, p)
			continue
		}
		rst, err := filepath.Glob(filepath.Join(p, "*.rst"))
		if err != nil {
			return nil, nil, err
		}
		if len(rst) == 0 {
			return nil, nil, fmt.Errorf("%s: no .rst files (net_cachelines tables)", p)
		}
		for _, f := range rst {
			skippable[f] = true
		}
		files = append(files, rst...)
	}
	var sets []*Set
	for _, p := range files {
		s, err := Load(p)
		switch {
		case err == nil:
			sets = append(sets, s)
		case skippable[p] && (errors.Is(err, ErrNoTableHeader) || errors.Is(err, ErrNotStructTable)):
			notes = append(notes, "skipped "+err.Error())
		default:
			return nil, nil, err
		}
	}
	set = Merge(sets...)
	return set, notes, set.contradictions()
}

// contradictions reports the lines of hot files (and of the files given
// together) that say two things of one thing, which Apply would settle by
// order or by merging without a word: a field hot on every path on one
// line and on named paths on another (merged, the named paths were lost
// from the struct's paths), and two budgets of one struct and path.
// Table rows are merged as the tables mean them.
func (s *Set) contradictions() error {
	var errs []error
	hot := map[string]*HotField{}
	for i := range s.Hot {
		hf := &s.Hot[i]
		if hf.Table || hf.Pin {
			continue
		}
		key := hf.Struct + "." + hf.Field
		first, ok := hot[key]
		if !ok {
			hot[key] = hf
			continue
		}
		if (len(first.Hot.Paths) == 0) != (len(hf.Hot.Paths) == 0) {
			errs = append(errs, fmt.Errorf("%s: %s marked hot %s, but %s at %s: say one", hf.Pos, key, pathsOf(hf.Hot), pathsOf(first.Hot), first.Pos))
		}
	}
	budgets := map[string]*Directive{}
	for i := range s.Directives {
		d := &s.Directives[i]
		if d.Budget == nil {
			continue
		}
		key := d.Struct + " " + d.Budget.Path
		if first, ok := budgets[key]; ok && first.Budget.Lines != d.Budget.Lines {
			where := "every path"
			if d.Budget.Path != "" {
				where = "path " + d.Budget.Path
			}
			errs = append(errs, fmt.Errorf("%s: %s budget of %d lines on %s, but %d at %s: say one", d.Pos, d.Struct, d.Budget.Lines, where, first.Budget.Lines, first.Pos))
			continue
		}
		budgets[key] = d
	}
	return errors.Join(errs...)
}

// pathsOf says which paths h is hot on.
func pathsOf(h layout.Hot) string {
	if len(h.Paths) == 0 {
		return "on every path"
	}
	return "on path " + strings.Join(h.Paths, ",")
}

// Parse reads data, named name in errors, as a net_cachelines table if it
// has a fastpath_*_access column header and as a hot file otherwise.
func Parse(name string, data []byte) (*Set, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: file larger than the %d MiB limit for hot files: %w", name, MaxFileSize>>20, ErrTooLarge)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	lines := strings.Split(string(data), "\n")
	for i := range lines {
		if len(lines[i]) > MaxLineLength {
			return nil, fmt.Errorf("%s: line longer than the %d MiB limit for hot files: %w", Pos{name, i + 1}, MaxLineLength>>20, ErrTooLarge)
		}
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	if tableHeader(lines) >= 0 {
		return parseTable(name, lines)
	}
	if strings.HasSuffix(name, ".rst") || slices.ContainsFunc(lines, isStructLine) {
		return nil, fmt.Errorf("%s: %w", name, ErrNoTableHeader)
	}
	s, err := parseHotFile(name, lines)
	if err != nil {
		return nil, err
	}
	return s, s.contradictions()
}

// Merge joins sets in order; later directives are applied after earlier
// ones.
func Merge(sets ...*Set) *Set {
	out := &Set{}
	for _, s := range sets {
		out.Hot = append(out.Hot, s.Hot...)
		out.Directives = append(out.Directives, s.Directives...)
	}
	return out
}

// StructNames lists the structs s names, sorted: the default -C selection.
func (s *Set) StructNames() []string {
	var names []string
	for _, h := range s.Hot {
		names = append(names, h.Struct)
	}
	for _, d := range s.Directives {
		names = append(names, d.Struct)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Select returns what s says about the structs named in names only.
func (s *Set) Select(names []string) *Set {
	out := &Set{}
	for _, h := range s.Hot {
		if slices.Contains(names, h.Struct) {
			out.Hot = append(out.Hot, h)
		}
	}
	for _, d := range s.Directives {
		if slices.Contains(names, d.Struct) {
			out.Directives = append(out.Directives, d)
		}
	}
	return out
}

// Apply sets hot marks, percpu, budgets and ignores on the structs they
// name (every struct of that name, when a binary holds several). A hot
// mark goes on the member Struct.Lookup finds, inside anonymous members if
// need be, and merges with a mark already there: paths join (no path, that
// is every path, wins), written wins, and a guard stays (two different
// guards are an error). A budget replaces one for the same
// path.
//
// A hot-file directive naming a field the struct lacks, or a kernel
// cacheline group's marker (which is not a field), is an error, and then
// nothing is changed; a table row naming one is a warning. A struct
// missing from structs is a warning, since a binary need not hold every
// struct a file names.
func (s *Set) Apply(structs []*layout.Struct) (warnings []string, err error) {
	byName := map[string][]*layout.Struct{}
	for _, st := range structs {
		byName[st.Name] = append(byName[st.Name], st)
	}
	warned := map[string]bool{}
	warn := func(msg string) {
		if !warned[msg] {
			warned[msg] = true
			warnings = append(warnings, msg)
		}
	}
	missingStruct := func(p Pos, name string, table bool) {
		// Once per file, at the first line naming it.
		key := p.File + "\x00" + name
		if !warned[key] {
			warned[key] = true
			msg := fmt.Sprintf("%s: struct %s not found", p, name)
			if !table {
				msg += didYouMean(name, maps.Keys(byName))
			}
			warnings = append(warnings, msg)
		}
	}

	// Marks on one member are merged once, after every line is read: a
	// file naming a field on many lines costs no more than one line naming
	// it with every path.
	type mark struct {
		paths  []string
		noPath bool // some mark names no path, which means every path
		write  bool
		guard  string
	}
	marks := map[*layout.Member]*mark{}
	var order, pins []*layout.Member
	var errs []error
	for _, hf := range s.Hot {
		sts := byName[hf.Struct]
		if len(sts) == 0 {
			missingStruct(hf.Pos, hf.Struct, hf.Table)
			continue
		}
		for _, st := range sts {
			m := find(st, &hf)
			if m == nil {
				msg := fmt.Sprintf("%s: %s %s has no field %s", hf.Pos, st.Kind, st.Name, hf.Field)
				if !hf.Table {
					// A table names a real field the build lacks: one a
					// letter away is another field (inet_daddr,
					// inet_saddr). A hot file's name may be a typo.
					msg += didYouMean(hf.Field, memberNames(st))
				}
				if hf.Table {
					warn(msg)
				} else if !warned[msg] {
					warned[msg] = true
					errs = append(errs, errors.New(msg))
				}
				continue
			}
			if layout.IsGroupMarker(m.Name) {
				msg := fmt.Sprintf("%s: %s is a cacheline group marker of %s %s, not a field: mark the group's members (pinning one keeps the group where it is)", hf.Pos, hf.Field, st.Kind, st.Name)
				if hf.Table {
					warn(msg + "; row ignored")
				} else if !warned[msg] {
					warned[msg] = true
					errs = append(errs, errors.New(msg))
				}
				continue
			}
			if hf.Pin {
				pins = append(pins, m)
				continue
			}
			mk := marks[m]
			if mk == nil {
				mk = &mark{}
				if m.Hot != nil {
					mk.paths, mk.noPath, mk.write, mk.guard = slices.Clone(m.Hot.Paths), len(m.Hot.Paths) == 0, m.Hot.Write, m.Hot.Guard
				}
				marks[m] = mk
				order = append(order, m)
			}
			mk.paths = append(mk.paths, hf.Hot.Paths...)
			mk.noPath = mk.noPath || len(hf.Hot.Paths) == 0
			mk.write = mk.write || hf.Hot.Write
			if g := hf.Hot.Guard; g != "" && mk.guard != "" && g != mk.guard {
				errs = append(errs, fmt.Errorf("%s: %s.%s has guard=%s already, not guard=%s: a field has one lock", hf.Pos, st.Name, hf.Field, mk.guard, g))
			} else if g != "" {
				mk.guard = g
			}
		}
	}
	if len(errs) > 0 {
		return warnings, errors.Join(errs...)
	}
	for _, m := range pins {
		m.Pinned = true
	}
	for _, m := range order {
		mk := marks[m]
		var paths []string
		if !mk.noPath {
			paths = mk.paths
			slices.Sort(paths)
			paths = slices.Compact(paths)
		}
		// A new Hot rather than a change in place: another member may
		// share the old one.
		m.Hot = &layout.Hot{Paths: paths, Write: mk.write, Guard: mk.guard}
	}

	for _, d := range s.Directives {
		sts := byName[d.Struct]
		if len(sts) == 0 {
			missingStruct(d.Pos, d.Struct, false)
			continue
		}
		for _, st := range sts {
			switch {
			case d.PerCPU:
				st.PerCPU = true
			case d.Budget != nil:
				i := slices.IndexFunc(st.Budgets, func(b layout.Budget) bool { return b.Path == d.Budget.Path })
				if i >= 0 {
					st.Budgets[i] = *d.Budget
				} else {
					st.Budgets = append(st.Budgets, *d.Budget)
				}
			case d.Ignore != nil:
				st.Ignores = append(st.Ignores, layout.Ignore{Checks: slices.Clone(d.Ignore.Checks), Reason: d.Ignore.Reason})
			}
		}
	}
	return warnings, nil
}

// find returns the member hf marks in st, or nil.
func find(st *layout.Struct, hf *HotField) *layout.Member {
	if _, m := st.Lookup(hf.Field); m != nil {
		return m
	}
	if !hf.Table {
		return nil
	}
	// A field of a named inner struct: mark the holder, which the table
	// names in the type (struct_icsk_ack_u8 pending -> icsk_ack).
	var holder *layout.Member
	for i := range st.Members {
		m := &st.Members[i]
		if m.Name != "" && strings.HasPrefix(hf.Type, "struct_"+m.Name+"_") &&
			(holder == nil || len(m.Name) > len(holder.Name)) {
			holder = m
		}
	}
	return holder
}
