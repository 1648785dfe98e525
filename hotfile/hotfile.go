// Package hotfile reads the sources of hot-field annotations for binaries,
// which carry no source comments: cachelint's own hot file and the Linux
// kernel's net_cachelines tables (Documentation/networking/net_cachelines).
//
// A cachelint hot file has one directive a line; "#" starts a comment:
//
//	STRUCT.FIELD hot [write] [path=NAME[,NAME]]
//	STRUCT percpu
//	STRUCT budget [path=NAME] lines=N
//	STRUCT ignore [check[,check]] reason
//
// STRUCT.FIELD splits at the last dot, so that Go type names such as
// net/http.Transport work; FIELD may name a member of an anonymous member.
//
// A file with a fastpath_tx_access column header is read as a net_cachelines
// table instead: read_mostly on a path makes the field hot on it,
// read_write or write_mostly makes it written.
//
// Apply marks members but leaves hot members that name no path as they are:
// the caller applies kernel cacheline groups (layout.ApplyCachelineGroups,
// after Apply so that the files win) and then runs ResolvePaths on each
// struct.
package hotfile

import (
	"errors"
	"fmt"
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

// Load reads a hot file or a net_cachelines table.
func Load(path string) (*Set, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// LoadAll loads every file, in order, into one Set (the repeatable -hot
// flag).
func LoadAll(paths []string) (*Set, error) {
	var sets []*Set
	for _, p := range paths {
		s, err := Load(p)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	return Merge(sets...), nil
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
	return Merge(sets...), notes, nil
}

// Parse reads data, named name in errors, as a net_cachelines table if it
// has a fastpath_*_access column header and as a hot file otherwise.
func Parse(name string, data []byte) (*Set, error) {
	lines := strings.Split(string(data), "\n")
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	if tableHeader(lines) >= 0 {
		return parseTable(name, lines)
	}
	if strings.HasSuffix(name, ".rst") || slices.ContainsFunc(lines, isStructLine) {
		return nil, fmt.Errorf("%s: %w", name, ErrNoTableHeader)
	}
	return parseHotFile(name, lines)
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
// is every path, wins) and written wins. A budget replaces one for the same
// path.
//
// A hot-file directive naming a field the struct lacks is an error, and
// then nothing is changed; a table row naming one is a warning. A struct
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
	missingStruct := func(p Pos, name string) {
		// Once per file, at the first line naming it.
		key := p.File + "\x00" + name
		if !warned[key] {
			warned[key] = true
			warnings = append(warnings, fmt.Sprintf("%s: struct %s not found", p, name))
		}
	}

	type mark struct {
		m *layout.Member
		h layout.Hot
	}
	var marks []mark
	var errs []error
	for _, hf := range s.Hot {
		sts := byName[hf.Struct]
		if len(sts) == 0 {
			missingStruct(hf.Pos, hf.Struct)
			continue
		}
		for _, st := range sts {
			m := find(st, &hf)
			if m == nil {
				msg := fmt.Sprintf("%s: %s %s has no field %s", hf.Pos, st.Kind, st.Name, hf.Field)
				if hf.Table {
					warn(msg)
				} else if !warned[msg] {
					warned[msg] = true
					errs = append(errs, errors.New(msg))
				}
				continue
			}
			marks = append(marks, mark{m, hf.Hot})
		}
	}
	if len(errs) > 0 {
		return warnings, errors.Join(errs...)
	}
	for _, mk := range marks {
		mergeHot(mk.m, mk.h)
	}

	for _, d := range s.Directives {
		sts := byName[d.Struct]
		if len(sts) == 0 {
			missingStruct(d.Pos, d.Struct)
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

// mergeHot adds h to m's hot mark. It builds a new Hot rather than change
// the old one in place, which another member may share.
func mergeHot(m *layout.Member, h layout.Hot) {
	if m.Hot == nil {
		m.Hot = &layout.Hot{Paths: slices.Clone(h.Paths), Write: h.Write}
		return
	}
	var paths []string
	if len(m.Hot.Paths) > 0 && len(h.Paths) > 0 {
		paths = append(slices.Clone(m.Hot.Paths), h.Paths...)
		slices.Sort(paths)
		paths = slices.Compact(paths)
	}
	m.Hot = &layout.Hot{Paths: paths, Write: m.Hot.Write || h.Write}
}
