package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// Worse names, the words -fail-on takes: what a change can make worse.
const (
	WorseHotLines = "hot-lines"
	WorseSize     = "size"
	WorseBudget   = "budget"
	WorseFindings = "findings"
)

// WorseKinds lists every kind of worsening, in report order.
var WorseKinds = []string{WorseHotLines, WorseSize, WorseBudget, WorseFindings}

// Diff is what changed in one struct between two builds. Members are
// matched by name, looking through anonymous struct and union members (C
// code moves fields in and out of them), so that a field that moved into an
// anonymous union is moved, not removed and added.
type Diff struct {
	Name string
	Kind string // "struct", "union" or "class"
	// Line is the line size cachelines and hot lines are counted at.
	Line     int64
	Old, New DiffSide
	Added    []DiffMember
	Removed  []DiffMember
	// Moved are the members present in both whose offset, size or type
	// changed, in the new order.
	Moved []Move
	// GoneFindings are in the old build only, NewFindings in the new only.
	GoneFindings, NewFindings []layout.Finding
	// Worse says what got worse, among WorseKinds, and how.
	Worse []Worsening
}

// DiffSide sums up the struct in one build.
type DiffSide struct {
	// Bases are a C++ class's base classes (layout.Struct.BaseClasses).
	Bases      []string `json:"bases,omitempty"`
	Size       int64    `json:"size"`
	Cachelines int64    `json:"cachelines"`
	// Members counts the named members, anonymous members looked through.
	Members  int   `json:"members"`
	Holes    int   `json:"holes"`
	SumHoles int64 `json:"sum_holes"`
	Padding  int64 `json:"padding"`
	// HotLines lists, per fast path, the lines holding a byte of a member
	// hot on it.
	HotLines map[string][]int64 `json:"hot_lines"`
}

// DiffMember is a member on one side.
type DiffMember struct {
	Name      string   `json:"name"`
	Type      string   `json:"type"`
	Offset    int64    `json:"offset"`
	Size      int64    `json:"size"`
	BitOffset int64    `json:"bit_offset"`
	BitSize   int64    `json:"bit_size"`
	Hot       *JSONHot `json:"hot"`
}

// Move is a member present on both sides that changed.
type Move struct {
	Old DiffMember `json:"old"`
	New DiffMember `json:"new"`
}

// Worsening is one way the new build is worse.
type Worsening struct {
	Kind   string `json:"kind"`
	Reason string `json:"reason"`
}

// Paths lists the fast paths of either side, sorted.
func (d *Diff) Paths() []string {
	var out []string
	for p := range d.Old.HotLines {
		out = append(out, p)
	}
	for p := range d.New.HotLines {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// Changed reports whether anything differs.
func (d *Diff) Changed() bool {
	if len(d.Added)+len(d.Removed)+len(d.Moved)+len(d.GoneFindings)+len(d.NewFindings) > 0 {
		return true
	}
	o, n := d.Old, d.New
	if o.Size != n.Size || o.Holes != n.Holes || o.SumHoles != n.SumHoles || o.Padding != n.Padding {
		return true
	}
	for _, p := range d.Paths() {
		if !slices.Equal(o.HotLines[p], n.HotLines[p]) {
			return true
		}
	}
	return false
}

// Compare compares the same struct in two builds, each with what Analyze
// found in it (nil when not analyzed). Hot lines and cachelines are counted
// at the first of o.Lines.
func Compare(old, new *layout.Struct, oldR, newR *reorg.Result, o Options) *Diff {
	line := o.line()
	d := &Diff{Name: new.Name, Kind: new.Keyword(), Line: line, Old: side(old, line), New: side(new, line)}
	om, nm := leaves(old), leaves(new)
	d.Old.Members, d.New.Members = len(om), len(nm)
	// A name can repeat (Go's blank fields, C's unnamed bit-fields): the
	// k-th member of a name matches the k-th of that name.
	byKey := make(map[memberKey]DiffMember, len(om))
	for _, m := range om {
		byKey[m.key] = m.DiffMember
	}
	inNew := make(map[memberKey]bool, len(nm))
	for _, m := range nm {
		inNew[m.key] = true
		was, ok := byKey[m.key]
		switch {
		case !ok:
			d.Added = append(d.Added, m.DiffMember)
		case was.Offset != m.Offset || was.Size != m.Size || was.Type != m.Type ||
			was.BitOffset != m.BitOffset || was.BitSize != m.BitSize:
			d.Moved = append(d.Moved, Move{was, m.DiffMember})
		}
	}
	for _, m := range om {
		if !inNew[m.key] {
			d.Removed = append(d.Removed, m.DiffMember)
		}
	}

	for _, p := range d.Paths() {
		if n, o := len(d.New.HotLines[p]), len(d.Old.HotLines[p]); n > o {
			d.worse(WorseHotLines, "hot fields of path %s occupy %d lines, %d before", p, n, o)
		}
	}
	if d.New.Size > d.Old.Size {
		d.worse(WorseSize, "size %d bytes, %d before", d.New.Size, d.Old.Size)
	}
	if oldR != nil && newR != nil {
		d.GoneFindings = findingsOnlyIn(oldR.Findings, newR.Findings)
		d.NewFindings = findingsOnlyIn(newR.Findings, oldR.Findings)
		for _, f := range d.NewFindings {
			if f.Check == layout.CheckBudget {
				d.worse(WorseBudget, "%s", f.Message)
			}
		}
		for _, f := range d.NewFindings {
			d.worse(WorseFindings, "%s: %s", f.Check, f.Message)
		}
	}
	return d
}

func side(s *layout.Struct, line int64) DiffSide {
	sd := DiffSide{Bases: s.BaseClasses, Size: s.Size, Cachelines: s.Lines(line), HotLines: map[string][]int64{}}
	for _, x := range Holes(s) {
		sd.Holes++
		sd.SumHoles += x.Size
	}
	if s.Kind == layout.KindStruct {
		sd.Padding = findHoles(s.Members, 0, s.Size).padding
	}
	for _, p := range s.Paths() {
		sd.HotLines[p] = hotLineList(s, p, line)
	}
	return sd
}

func (d *Diff) worse(kind, format string, args ...any) {
	d.Worse = append(d.Worse, Worsening{kind, fmt.Sprintf(format, args...)})
}

type memberKey struct {
	name string
	k    int
}

type leaf struct {
	DiffMember
	key memberKey
}

// leaves lists the named members of s in declaration order, looking
// through anonymous members.
func leaves(s *layout.Struct) []leaf {
	var out []leaf
	seen := map[string]int{}
	var walk func(ms []layout.Member)
	walk = func(ms []layout.Member) {
		for i := range ms {
			m := &ms[i]
			if m.Name == "" && len(m.Inner) > 0 {
				walk(m.Inner)
				continue
			}
			dm := DiffMember{Name: m.Name, Type: m.Type, Offset: m.Offset, Size: m.Size,
				BitOffset: m.BitOffset, BitSize: m.BitSize}
			if m.Hot != nil {
				dm.Hot = &JSONHot{Paths: m.Hot.Paths, Write: m.Hot.Write, Guard: m.Hot.Guard}
			}
			out = append(out, leaf{dm, memberKey{m.Name, seen[m.Name]}})
			seen[m.Name]++
		}
	}
	walk(s.Members)
	return out
}

// hotLineList lists the lines holding a byte of a member hot on path, in
// order; its length is s.HotLines(path, line).
func hotLineList(s *layout.Struct, path string, line int64) []int64 {
	var out []int64
	var walk func(ms []layout.Member)
	walk = func(ms []layout.Member) {
		for i := range ms {
			m := &ms[i]
			if m.Hot.On(path) {
				lo, hi := m.Offset, m.End()
				if m.BitSize > 0 {
					lo, hi = m.BitOffset/8, (m.BitOffset+m.BitSize-1)/8+1
				}
				add := func(lo, hi int64) {
					for l := lo / line; hi > lo && l <= (hi-1)/line; l++ {
						out = append(out, l)
					}
				}
				if len(m.Parts) == 0 {
					add(lo, hi)
				}
				// A struct-typed member counts the lines of its hot
				// fields (layout.EmbedHot), as the checks do.
				for _, p := range m.Parts {
					if p.Hot.On(path) {
						add(m.Offset+p.Offset, m.Offset+p.Offset+p.Size)
					}
				}
			}
			walk(m.Inner)
		}
	}
	walk(s.Members)
	slices.Sort(out)
	return slices.Compact(out)
}

// findingKey identifies a finding across builds, where offsets and hence
// messages change: the check, the line size and the finding's Key, which
// names members and paths, not places.
func findingKey(f layout.Finding) string {
	return fmt.Sprintf("%s/%d/%s", f.Check.Name, f.LineSize, f.Key)
}

// findingsOnlyIn lists the findings of a that b lacks.
func findingsOnlyIn(a, b []layout.Finding) []layout.Finding {
	have := map[string]bool{}
	for _, f := range b {
		have[findingKey(f)] = true
	}
	var out []layout.Finding
	for _, f := range a {
		if !have[findingKey(f)] {
			out = append(out, f)
		}
	}
	return out
}

// DiffText writes d as text: a C-like block with the summary as comments
// and one line per member added (+), removed (-) and changed (~), then the
// findings that went (-) and appeared (+).
func DiffText(w io.Writer, d *Diff) error {
	p := &printer{w: w}
	o, n := d.Old, d.New
	name := d.Name
	if len(n.Bases) > 0 {
		name += " : " + strings.Join(n.Bases, ", ")
	}
	p.printf("%s %s {\n", d.Kind, name)
	if !slices.Equal(o.Bases, n.Bases) {
		p.printf("\t/* bases: %s -> %s */\n", baseList(o.Bases), baseList(n.Bases))
	}
	p.printf("\t/* size: %d -> %d%s, cachelines: %d -> %d%s, members: %d -> %d%s */\n",
		o.Size, n.Size, delta(n.Size-o.Size), o.Cachelines, n.Cachelines, delta(n.Cachelines-o.Cachelines),
		o.Members, n.Members, delta(int64(n.Members-o.Members)))
	if len(d.Added)+len(d.Removed)+len(d.Moved) > 0 {
		p.printf("\t/* members added: %d, removed: %d, moved or changed: %d */\n", len(d.Added), len(d.Removed), len(d.Moved))
	}
	if o.Holes != n.Holes || o.SumHoles != n.SumHoles || o.Padding != n.Padding {
		p.printf("\t/* holes: %d -> %d, sum holes: %d -> %d%s, padding: %d -> %d */\n",
			o.Holes, n.Holes, o.SumHoles, n.SumHoles, delta(n.SumHoles-o.SumHoles), o.Padding, n.Padding)
	}
	for _, path := range d.Paths() {
		ol, nl := o.HotLines[path], n.HotLines[path]
		p.printf("\t/* hot lines %s: %d -> %d%s: %s -> %s */\n", path, len(ol), len(nl),
			delta(int64(len(nl)-len(ol))), lineList(ol), lineList(nl))
	}
	member := func(sign string, m DiffMember, note string) {
		p.printf("%s\t%-*s /* %s%s */\n", sign, typeSpacing+nameSpacing, decl(m), note, hotNote(m.Hot))
	}
	for _, m := range d.Added {
		member("+", m, place(m, d.Line))
	}
	for _, m := range d.Removed {
		member("-", m, place(m, d.Line))
	}
	for _, mv := range d.Moved {
		note := place(mv.Old, d.Line) + " -> " + place(mv.New, d.Line)
		if mv.Old.Type != mv.New.Type {
			note += ", was " + mv.Old.Type
		}
		member("~", mv.New, note)
	}
	p.printf("};\n")
	for _, f := range d.GoneFindings {
		p.printf("- /* %s: %s */\n", f.Check, f.Message)
	}
	for _, f := range d.NewFindings {
		p.printf("+ /* %s: %s */\n", f.Check, f.Message)
	}
	return p.err
}

func delta(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%+d)", n)
}

func lineList(ls []int64) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = fmt.Sprint(l)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// decl spells m as a C declaration.
func decl(m DiffMember) string {
	typ, name := split(m.Type, m.Name)
	if kw, dims, ok := block(m.Type); ok {
		typ, name = kw+" {...}", m.Name+dims
	}
	if m.BitSize > 0 {
		name += fmt.Sprintf(":%d", m.BitSize)
	}
	if m.Name == "<ancestor>" {
		// A C++ base class, commented out as in the layout.
		return fmt.Sprintf("/* %s %s; */", column(typ, typeSpacing), name)
	}
	return fmt.Sprintf("%-*s %s;", typeSpacing, typ, name)
}

// place is where m lies: offset (with the bit of a bit-field), size and
// cacheline.
func place(m DiffMember, line int64) string {
	if m.BitSize > 0 {
		return fmt.Sprintf("%d:%d %d line %d", m.Offset, m.BitOffset-m.Offset*8, m.Size, m.BitOffset/8/line)
	}
	return fmt.Sprintf("%d %d line %d", m.Offset, m.Size, m.Offset/line)
}

func hotNote(h *JSONHot) string {
	if h == nil {
		return ""
	}
	return ", " + memberNote(&layout.Member{Hot: &layout.Hot{Paths: h.Paths, Write: h.Write}})
}

// DiffJSON writes the diffs of two builds as the JSON document docs/json.md
// describes, with the names of structs that only one build has.
func DiffJSON(w io.Writer, oldFile, newFile string, diffs []*Diff, onlyOld, onlyNew []string, o Options) error {
	findings := func(fs []layout.Finding) []JSONFinding {
		out := []JSONFinding{}
		for _, f := range fs {
			out = append(out, JSONFinding{f.Check.Name, f.LineSize, f.Message, nonNil(f.Members), f.LineSizes})
		}
		return out
	}
	type jsonDiff struct {
		Name         string        `json:"name"`
		Kind         string        `json:"kind"`
		Old          DiffSide      `json:"old"`
		New          DiffSide      `json:"new"`
		Added        []DiffMember  `json:"added"`
		Removed      []DiffMember  `json:"removed"`
		Moved        []Move        `json:"moved"`
		GoneFindings []JSONFinding `json:"findings_gone"`
		NewFindings  []JSONFinding `json:"findings_new"`
		Worse        []Worsening   `json:"worse"`
	}
	doc := struct {
		LineSize int64      `json:"line_size"`
		Old      string     `json:"old"`
		New      string     `json:"new"`
		OnlyOld  []string   `json:"only_old"`
		OnlyNew  []string   `json:"only_new"`
		Structs  []jsonDiff `json:"structs"`
	}{o.line(), oldFile, newFile, nonNil(onlyOld), nonNil(onlyNew), []jsonDiff{}}
	for _, d := range diffs {
		doc.Structs = append(doc.Structs, jsonDiff{d.Name, d.Kind, d.Old, d.New,
			nonNil(d.Added), nonNil(d.Removed), nonNil(d.Moved),
			findings(d.GoneFindings), findings(d.NewFindings), nonNil(d.Worse)})
	}
	enc := json.NewEncoder(w)
	return enc.Encode(doc)
}

// nonNil makes a nil slice encode as [], so that readers need no null case.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// baseList spells base classes as a declaration lists them, "none" for
// none.
func baseList(bases []string) string {
	if len(bases) == 0 {
		return "none"
	}
	return strings.Join(bases, ", ")
}
