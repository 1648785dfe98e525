// Package hotfile reads the sources of hot-field annotations for binaries,
// which carry no source comments: cachelint's own hot file and the Linux
// kernel's net_cachelines tables (Documentation/networking/net_cachelines).
//
// A cachelint hot file has one directive a line; "#" starts a comment:
//
//	STRUCT.FIELD hot [write] [path=NAME[,NAME]]
//	STRUCT.FIELD pin
//	STRUCT.FIELD join GROUP
//	STRUCT percpu
//	STRUCT budget [path=NAME] lines=N
//	STRUCT ignore [check[,check]] reason
//	STRUCT group GROUP size=N
//
// STRUCT.FIELD splits at the last dot, so that Go type names such as
// net/http.Transport work; FIELD may name a member of an anonymous member.
// pin keeps the field (or the anonymous member holding it) at its offset
// in any proposed reorganization, for code that depends on where it is; a
// pin naming a field the struct lacks is an error, as for hot. join lets a
// proposal move a field into the kernel cacheline group GROUP; group
// says the group may take N bytes, as the kernel's
// CACHELINE_ASSERT_GROUP_SIZE does (LoadAsserts reads those).
//
// A file with a fastpath_tx_access column header is read as a net_cachelines
// table instead: read_mostly on a path makes the field hot on it,
// read_write or write_mostly makes it written, and a blank or "-" cell
// leaves it cold on that path. Where a struct has cacheline groups, its
// markers are what the kernel builds and asserts: a row for a member of a
// read or write group is checked against the group's name and otherwise
// ignored (Apply warns where they disagree), and a row marking hot a
// member outside every group is applied with a warning.
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

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

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
	return parse(path, data)
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
		if hf.Table || hf.Pin || hf.Join != "" {
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

// parse reads data, named name in errors, as a net_cachelines table if it
// has a fastpath_*_access column header and as a hot file otherwise.
func parse(name string, data []byte) (*Set, error) {
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
		out.Groups = append(out.Groups, s.Groups...)
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
	for _, g := range s.Groups {
		names = append(names, g.Struct)
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
	for _, g := range s.Groups {
		if slices.Contains(names, g.Struct) {
			out.Groups = append(out.Groups, g)
		}
	}
	return out
}

// Apply sets hot marks, pins, joins, percpu, budgets, ignores and group
// sizes on the structs they name (every struct of that name, when a binary
// holds several). A hot mark goes on the member Struct.Lookup finds,
// inside anonymous members if need be, and merges with a mark already
// there: paths join (no path, that is every path, wins), written wins,
// and a guard stays (two different guards are an error). A budget
// replaces one for the same path.
//
// A table row is checked against the struct's cacheline groups (see the
// package comment): one the markers contradict is a warning naming the
// row and the group, and the group wins. A struct marked from a table has
// KernelPaths set.
//
// A hot-file directive naming a field the struct lacks, or a kernel
// cacheline group's marker (which is not a field), is an error, and then
// nothing is changed; a table row naming one is a warning. A struct
// missing from structs is a warning, since a binary need not hold every
// struct a file names; so is a group size for a group the struct lacks.
func (s *Set) Apply(structs []*layout.Struct) (warnings []input.Warning, err error) {
	a := &applier{byName: map[string][]*layout.Struct{}, warned: map[string]bool{}}
	for _, st := range structs {
		a.byName[st.Name] = append(a.byName[st.Name], st)
	}
	h := a.readHot(s.Hot, structs)
	if len(a.errs) > 0 {
		return a.warnings, errors.Join(a.errs...)
	}
	h.apply()
	a.directives(s.Directives)
	a.groupSizes(s.Groups)
	return a.warnings, nil
}

// applier applies a Set's lines to the structs of one binary, gathering
// its warnings and errors, each once.
type applier struct {
	byName   map[string][]*layout.Struct
	warned   map[string]bool
	warnings []input.Warning
	errs     []error
}

func (a *applier) warn(at Pos, msg string) {
	w := input.Warning{File: at.File, Line: at.Line, Msg: msg}
	if key := w.String(); !a.warned[key] {
		a.warned[key] = true
		a.warnings = append(a.warnings, w)
	}
}

// fail records msg, a hot file's line that cannot apply, once.
func (a *applier) fail(msg string) {
	if !a.warned[msg] {
		a.warned[msg] = true
		a.errs = append(a.errs, errors.New(msg))
	}
}

// missingStruct warns of a struct name no struct has, once per file, at
// the first line naming it.
func (a *applier) missingStruct(p Pos, name string, table bool) {
	key := p.File + "\x00" + name
	if !a.warned[key] {
		a.warned[key] = true
		msg := "struct " + name + " not found"
		if !table {
			msg += didYouMean(name, maps.Keys(a.byName))
		}
		a.warnings = append(a.warnings, input.Warning{File: p.File, Line: p.Line, Msg: msg})
	}
}

// hotMarks are what the hot lines say of members. Marks on one member are
// merged once, after every line is read: a file naming a field on many
// lines costs no more than one line naming it with every path.
type hotMarks struct {
	marks       map[*layout.Member]*mark
	order, pins []*layout.Member
	joins       map[*layout.Member]string
	// groups are each struct's cacheline groups.
	groups map[*layout.Struct][]string
	// userSays are the members a hot file's own line marks or lets join
	// a group: for them a table row applies even outside the groups
	// (checkRow).
	userSays map[*layout.Member]bool
}

type mark struct {
	paths  []string
	noPath bool // some mark names no path, which means every path
	write  bool
	guard  string
}

// readHot reads the hot lines against the structs.
func (a *applier) readHot(lines []HotField, structs []*layout.Struct) *hotMarks {
	h := &hotMarks{
		marks:    map[*layout.Member]*mark{},
		joins:    map[*layout.Member]string{},
		groups:   map[*layout.Struct][]string{},
		userSays: map[*layout.Member]bool{},
	}
	for _, st := range structs {
		// Annotate reports markers that do not pair up.
		h.groups[st], _ = layout.GroupsOf(st)
	}
	for i := range lines {
		hf := &lines[i]
		if hf.Table || hf.Pin {
			continue
		}
		for _, st := range a.byName[hf.Struct] {
			if m := find(st, hf); m != nil {
				h.userSays[m] = true
			}
		}
	}
	for i := range lines {
		hf := &lines[i]
		sts := a.byName[hf.Struct]
		if len(sts) == 0 {
			a.missingStruct(hf.Pos, hf.Struct, hf.Table)
			continue
		}
		for _, st := range sts {
			a.hotLine(h, hf, st)
		}
	}
	return h
}

// hotLine reads hf, a hot line, against st, a struct of its name.
func (a *applier) hotLine(h *hotMarks, hf *HotField, st *layout.Struct) {
	m := find(st, hf)
	if m == nil && hf.Cold {
		return // it marks nothing
	}
	// A table row's problems are warnings: a table names a real field
	// the build may lack. A hot file's own line's are errors.
	refuse := func(msg string) {
		if hf.Table {
			a.warn(hf.Pos, msg)
		} else {
			a.fail(hf.Pos.String() + ": " + msg)
		}
	}
	switch {
	case m == nil:
		msg := fmt.Sprintf("%s %s has no field %s", st.Kind, st.Name, hf.Field)
		if !hf.Table {
			// A table's field one letter away is another field
			// (inet_daddr, inet_saddr); a hot file's may be a typo.
			msg += didYouMean(hf.Field, memberNames(st))
		}
		refuse(msg)
		return
	case layout.IsGroupMarker(m.Name):
		msg := fmt.Sprintf("%s is a cacheline group marker of %s %s, not a field: mark the group's members (pinning one keeps the group where it is)", hf.Field, st.Kind, st.Name)
		if hf.Table {
			msg += "; row ignored"
		}
		refuse(msg)
		return
	case hf.Pin:
		h.pins = append(h.pins, m)
		return
	case hf.Join != "":
		if _, g := st.Lookup(groupBegin + hf.Join); g == nil {
			a.fail(fmt.Sprintf("%s: %s %s has no cacheline group %s", hf.Pos, st.Kind, st.Name, hf.Join))
			return
		}
		h.joins[m] = hf.Join
		return
	case hf.Table:
		st.KernelPaths = true
		msg, apply := checkRow(st, hf, m, h.groups[st], h.userSays[m])
		if msg != "" {
			a.warn(hf.Pos, msg)
		}
		if !apply {
			return
		}
	}
	mk := h.marks[m]
	if mk == nil {
		mk = &mark{}
		if m.Hot != nil {
			mk.paths, mk.noPath, mk.write, mk.guard = slices.Clone(m.Hot.Paths), len(m.Hot.Paths) == 0, m.Hot.Write, m.Hot.Guard
		}
		h.marks[m] = mk
		h.order = append(h.order, m)
	}
	mk.paths = append(mk.paths, hf.Hot.Paths...)
	mk.noPath = mk.noPath || len(hf.Hot.Paths) == 0
	mk.write = mk.write || hf.Hot.Write
	if g := hf.Hot.Guard; g != "" && mk.guard != "" && g != mk.guard {
		a.errs = append(a.errs, fmt.Errorf("%s: %s.%s has guard=%s already, not guard=%s: a field has one lock", hf.Pos, st.Name, hf.Field, mk.guard, g))
	} else if g != "" {
		mk.guard = g
	}
}

// apply sets the members' marks, pins and joins.
func (h *hotMarks) apply() {
	for _, m := range h.pins {
		m.Pinned = true
	}
	for m, g := range h.joins {
		m.Join = g
	}
	for _, m := range h.order {
		mk := h.marks[m]
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
}

// directives applies the percpu, budget and ignore directives.
func (a *applier) directives(ds []Directive) {
	for _, d := range ds {
		sts := a.byName[d.Struct]
		if len(sts) == 0 {
			a.missingStruct(d.Pos, d.Struct, false)
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
}

// groupSizes sets the structs' group limits from group sizes and the
// kernel's asserts.
func (a *applier) groupSizes(gs []GroupLimit) {
	for _, g := range gs {
		sts := a.byName[g.Struct]
		if len(sts) == 0 {
			a.missingStruct(g.Pos, g.Struct, g.Assert != "")
			continue
		}
		for _, st := range sts {
			if _, m := st.Lookup(groupBegin + g.Group); m == nil {
				a.warn(g.Pos, fmt.Sprintf("%s %s has no cacheline group %s", st.Kind, st.Name, g.Group))
				continue
			}
			lim := layout.GroupLimit{Group: g.Group, Size: g.Size, Where: g.Pos.String(), Assert: g.Assert}
			if size, _ := layout.GroupSizeOf(st, g.Group); size > g.Size {
				a.warn(g.Pos, fmt.Sprintf("%s %s's group %s takes %d bytes, more than the %d asserted: not from the kernel this binary was built from?", st.Kind, st.Name, g.Group, size, g.Size))
			}
			i := slices.IndexFunc(st.GroupLimits, func(l layout.GroupLimit) bool { return l.Group == g.Group })
			if i >= 0 {
				st.GroupLimits[i] = lim
			} else {
				st.GroupLimits = append(st.GroupLimits, lim)
			}
		}
	}
}

// groupBegin prefixes the name of a kernel cacheline group's begin marker.
const groupBegin = "__cacheline_group_begin__"

// checkRow checks table row hf, for member m of st, against st's
// cacheline groups, the group of each top-level member (GroupsOf). It
// returns a warning ("" for none) and whether to apply the row. In a
// struct with read or write groups the groups decide, since they are what
// the kernel builds and asserts: a row that says what its member's group
// says marks its field, one that says otherwise is not applied, and
// neither is one marking hot a member outside every group, which the
// kernel keeps off its fast paths, unless the user's own hot file marks
// the member or lets it join a group (user).
func checkRow(st *layout.Struct, hf *HotField, m *layout.Member, groups []string, user bool) (string, bool) {
	group := ""
	for i := range groups {
		if holds(&st.Members[i], m) {
			group = groups[i]
		}
	}
	grouped := slices.ContainsFunc(groups, func(g string) bool { return layout.GroupHot(g) != nil })
	gh := layout.GroupHot(group)
	says := rowWords(&hf.Hot, hf.Cold)
	if gh == nil {
		if grouped && group == "" && !hf.Cold && !user {
			return fmt.Sprintf("the table has %s %s, but %s %s keeps it outside its cacheline groups, on no fast path: the groups win, it stays cold",
				hf.Field, says, st.Kind, st.Name), false
		}
		return "", !hf.Cold
	}
	switch {
	case hf.Cold && !isTop(st, m):
		// A union's member shares its bytes with the hot ones.
		return "", false
	case hf.Cold:
	case len(gh.Paths) > 0 && slices.ContainsFunc(hf.Hot.Paths, func(p string) bool { return !slices.Contains(gh.Paths, p) }):
	case hf.Hot.Write != gh.Write:
	default:
		// A row that says what the group says marks a field inside an
		// anonymous member as precisely as the group marks the member.
		return "", slices.Equal(hf.Hot.Paths, gh.Paths)
	}
	return fmt.Sprintf("the table has %s %s, but %s %s keeps it in cacheline group %s, %s: the group wins",
		hf.Field, says, st.Kind, st.Name, group, rowWords(gh, false)), false
}

// isTop reports whether m is a top-level member of st.
func isTop(st *layout.Struct, m *layout.Member) bool {
	for i := range st.Members {
		if &st.Members[i] == m {
			return true
		}
	}
	return false
}

// holds reports whether x is m or holds it.
func holds(x, m *layout.Member) bool {
	return x == m || holdsInner(x.Inner, m)
}

func holdsInner(ms []layout.Member, m *layout.Member) bool {
	for i := range ms {
		if holds(&ms[i], m) {
			return true
		}
	}
	return false
}

// rowWords says what a row or a group's name says of a field: "read_mostly
// on tx", "read_write on rx,tx", "on no fast path".
func rowWords(h *layout.Hot, cold bool) string {
	if cold {
		return "on no fast path"
	}
	access := "read_mostly"
	if h.Write {
		access = "read_write"
	}
	if len(h.Paths) == 0 {
		return access
	}
	return access + " on " + strings.Join(h.Paths, ",")
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
