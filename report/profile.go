package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// Profile is what cachelint profile found: how much of each profile the
// packages explain, and the struct types the samples touch.
type Profile struct {
	Profiles []ProfileInput
	// Min is the share of a path's samples that makes a field hot.
	Min float64
	// Total are the samples of each path ("" is the default path).
	Total   map[string]int64
	Structs []ProfileStruct
}

// ProfileInput is one profile.
type ProfileInput struct {
	File, Path string
	// Samples in the profile, Matched those with a frame in the packages
	// loaded, Mapped those touching a struct field.
	Samples, Matched, Mapped int64
}

// ProfileStruct is one struct type with its fields' samples.
type ProfileStruct struct {
	Type     string // PKGPATH.NAME
	DeclFile string
	DeclLine int
	// Samples are those of each path touching any field.
	Samples map[string]int64
	// Layout is the gc layout with the marks the analyzer will see once
	// annotated; nil for a generic type, with NoLayout saying why.
	Layout   *layout.Struct
	NoLayout string
	Fields   []ProfileField // by field index
	// Notes are disagreements with the source's annotations.
	Notes []string
}

// ProfileField is one field's samples.
type ProfileField struct {
	Name           string
	Samples        map[string]int64
	Writes         map[string]int64
	Hot, Annotated *layout.Hot
}

// pathName names path p in reports: the default path is "hot", as in
// the layout model.
func pathName(p string) string {
	if p == "" {
		return layout.DefaultPath
	}
	return p
}

func pct(n, total int64) string {
	if total == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}

// lineSpan renders the lines of size line that m occupies.
func lineSpan(m *layout.Member, line int64) string {
	if m.Size == 0 {
		return fmt.Sprintf("line %d", m.Offset/line)
	}
	a, b := m.Offset/line, (m.End()-1)/line
	if a == b {
		return fmt.Sprintf("line %d", a)
	}
	return fmt.Sprintf("lines %d-%d", a, b)
}

// ProfileText writes the report as text: a summary of the profiles, then
// each struct type, most sampled first, in pahole's layout with Go's
// syntax and a samples column, its findings once annotated and its notes.
// results[i] is what reorg.Analyze found in pr.Structs[i].Layout (nil
// without a layout).
func ProfileText(w io.Writer, pr *Profile, results []*reorg.Result, o Options) error {
	bw := bufio.NewWriter(w)
	line := o.line()
	paths := sortedPaths(pr.Total)
	for _, in := range pr.Profiles {
		name := in.File
		if in.Path != "" {
			name = in.Path + "=" + in.File
		}
		fmt.Fprintf(bw, "/* %s: %d samples, %s in the packages loaded, %s touching struct fields */\n",
			name, in.Samples, pct(in.Matched, in.Samples), pct(in.Mapped, in.Samples))
	}
	fmt.Fprintf(bw, "/* hot: at least %.3g%% of a path's samples */\n", 100*pr.Min)
	for i, s := range pr.Structs {
		bw.WriteString("\n")
		var shares []string
		for _, p := range paths {
			if n := s.Samples[p]; n > 0 {
				sh := pct(n, pr.Total[p])
				if p != "" {
					sh = p + " " + sh
				}
				shares = append(shares, sh)
			}
		}
		fmt.Fprintf(bw, "/* %s (%s:%d): %s of the samples */\n", s.Type, s.DeclFile, s.DeclLine, strings.Join(shares, ", "))
		if s.Layout == nil {
			profileFieldsOnly(bw, pr, &s, paths)
		} else {
			var r *reorg.Result
			if i < len(results) {
				r = results[i]
			}
			profileStruct(bw, pr, &s, r, paths, line)
		}
		for _, n := range s.Notes {
			fmt.Fprintf(bw, "/* note: %s */\n", n)
		}
	}
	return bw.Flush()
}

// sampleNote is the samples column of field f: its share of each path
// and whether it is read or written there.
func sampleNote(pr *Profile, f *ProfileField, paths []string) string {
	var parts []string
	for _, p := range paths {
		n := f.Samples[p]
		if n == 0 {
			continue
		}
		mode := "read"
		if w := f.Writes[p]; w > 0 && float64(w) >= pr.Min*float64(pr.Total[p]) {
			mode = "write"
		}
		part := pct(n, pr.Total[p]) + " " + mode
		if len(paths) > 1 || p != "" {
			part = pathName(p) + " " + part
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// profileStruct prints one laid-out struct.
func profileStruct(w *bufio.Writer, pr *Profile, s *ProfileStruct, r *reorg.Result, paths []string, line int64) {
	l := s.Layout
	name := l.Name
	fmt.Fprintf(w, "type %s struct {\n", name)
	nameWidth, typeWidth := 0, 0
	for i := range l.Members {
		nameWidth = max(nameWidth, len(l.Members[i].Name))
		typeWidth = max(typeWidth, len(l.Members[i].Type))
	}
	holes := findHoles(l.Members, 0, l.Size)
	cl := int64(0)
	for i := range l.Members {
		m := &l.Members[i]
		if c := m.Offset / line; c > cl {
			if pos := m.Offset % line; pos == 0 {
				fmt.Fprintf(w, "\t/* --- cacheline %d boundary (%d bytes) --- */\n", c, m.Offset)
			} else {
				fmt.Fprintf(w, "\t/* --- cacheline %d boundary (%d bytes) was %d bytes ago --- */\n", c, m.Offset-pos, pos)
			}
			cl = c
		}
		fmt.Fprintf(w, "\t%-*s %-*s /* %5d %5d */", nameWidth, m.Name, typeWidth, m.Type, m.Offset, m.Size)
		if i < len(s.Fields) {
			if note := sampleNote(pr, &s.Fields[i], paths); note != "" {
				fmt.Fprintf(w, " /* %s, %s */", note, lineSpan(m, line))
			}
		}
		if m.Hot != nil {
			fmt.Fprintf(w, " /* %s */", memberNote(m))
		}
		w.WriteString("\n")
		if h := holes.hole[i]; h > 0 {
			fmt.Fprintf(w, "\n\t/* XXX %d byte%s hole, try to pack */\n\n", h, plural(h))
		}
	}
	fmt.Fprintf(w, "\n\t/* size: %d, cachelines: %d, members: %d */\n", l.Size, l.Lines(line), len(l.Members))
	if holes.padding > 0 {
		fmt.Fprintf(w, "\t/* padding: %d */\n", holes.padding)
	}
	var hl []string
	for _, p := range l.Paths() {
		hl = append(hl, fmt.Sprintf("%s %d", p, l.HotLines(p, line)))
	}
	if len(hl) > 0 {
		fmt.Fprintf(w, "\t/* hot lines: %s */\n", strings.Join(hl, ", "))
	}
	w.WriteString("}\n")
	if r != nil {
		for _, f := range r.Findings {
			fmt.Fprintf(w, "/* %s: %s */\n", f.Check, f.Message)
		}
	}
}

// profileFieldsOnly prints the sampled fields of a type with no layout.
func profileFieldsOnly(w *bufio.Writer, pr *Profile, s *ProfileStruct, paths []string) {
	fmt.Fprintf(w, "/* no layout: %s */\n", s.NoLayout)
	for i := range s.Fields {
		f := &s.Fields[i]
		if note := sampleNote(pr, f, paths); note != "" {
			fmt.Fprintf(w, "\t%s /* %s */\n", f.Name, note)
		}
	}
}

func sortedPaths(m map[string]int64) []string {
	var out []string
	for p := range m {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// ProfileJSON is the JSON document of cachelint profile -format=json
// (docs/json.md).
type ProfileJSON struct {
	LineSize int64               `json:"line_size"`
	Min      float64             `json:"min"`
	Profiles []ProfileJSONInput  `json:"profiles"`
	Samples  map[string]int64    `json:"samples"`
	Structs  []ProfileJSONStruct `json:"structs"`
}

// ProfileJSONInput is one profile.
type ProfileJSONInput struct {
	File    string `json:"file"`
	Path    string `json:"path"`
	Samples int64  `json:"samples"`
	Matched int64  `json:"matched"`
	Mapped  int64  `json:"mapped"`
}

// ProfileJSONStruct is one struct type.
type ProfileJSONStruct struct {
	Type     string             `json:"type"`
	DeclFile string             `json:"decl_file"`
	DeclLine int                `json:"decl_line"`
	Samples  map[string]int64   `json:"samples"`
	Layout   *JSONStruct        `json:"layout"`
	NoLayout string             `json:"no_layout,omitempty"`
	Fields   []ProfileJSONField `json:"fields"`
	Notes    []string           `json:"notes"`
}

// ProfileJSONField is one field.
type ProfileJSONField struct {
	Name      string           `json:"name"`
	Samples   map[string]int64 `json:"samples"`
	Writes    map[string]int64 `json:"writes"`
	Lines     []int64          `json:"lines"`
	Hot       *JSONHot         `json:"hot"`
	Annotated *JSONHot         `json:"annotated"`
}

// WriteProfileJSON writes the report as JSON.
func WriteProfileJSON(w io.Writer, pr *Profile, results []*reorg.Result, o Options) error {
	line := o.line()
	doc := ProfileJSON{LineSize: line, Min: pr.Min, Samples: named(pr.Total), Profiles: []ProfileJSONInput{}, Structs: []ProfileJSONStruct{}}
	for _, in := range pr.Profiles {
		doc.Profiles = append(doc.Profiles, ProfileJSONInput{in.File, pathName(in.Path), in.Samples, in.Matched, in.Mapped})
	}
	for i, s := range pr.Structs {
		js := ProfileJSONStruct{Type: s.Type, DeclFile: s.DeclFile, DeclLine: s.DeclLine, Samples: named(s.Samples),
			NoLayout: s.NoLayout, Fields: []ProfileJSONField{}, Notes: s.Notes}
		if js.Notes == nil {
			js.Notes = []string{}
		}
		if s.Layout != nil {
			var r *reorg.Result
			if i < len(results) {
				r = results[i]
			}
			l := jsonStructOf(s.Layout, r, o)
			js.Layout = &l
		}
		for j, f := range s.Fields {
			jf := ProfileJSONField{Name: f.Name, Samples: named(f.Samples), Writes: named(f.Writes),
				Lines: []int64{}, Hot: jsonHot(f.Hot), Annotated: jsonHot(f.Annotated)}
			if s.Layout != nil && j < len(s.Layout.Members) {
				m := &s.Layout.Members[j]
				for c := m.Offset / line; c <= max(m.End()-1, m.Offset)/line; c++ {
					jf.Lines = append(jf.Lines, c)
				}
			}
			js.Fields = append(js.Fields, jf)
		}
		doc.Structs = append(doc.Structs, js)
	}
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// named renames the default path "" to "hot" in m.
func named(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for p, n := range m {
		out[pathName(p)] = n
	}
	return out
}

func jsonHot(h *layout.Hot) *JSONHot {
	if h == nil {
		return nil
	}
	paths := h.Paths
	if paths == nil {
		paths = []string{}
	}
	return &JSONHot{Paths: paths, Write: h.Write, Guard: h.Guard}
}
