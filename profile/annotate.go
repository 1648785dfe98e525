package profile

import (
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
)

// FieldMark is what the profiles and the source say of one field.
type FieldMark struct {
	Field *Field      // the samples; nil when no sample touches the field
	Hot   *layout.Hot // the profiles' mark at the share -min, nil when cold
	// Annotated is the field's //cachelint:hot annotation, nil when it has
	// none.
	Annotated *layout.Hot
}

// StructMarks is one struct type with its fields' marks.
type StructMarks struct {
	Key      string
	Name     string // the type's name in its package
	Pkg      string // its package path
	DeclFile string
	DeclLine int
	Struct   *Struct
	// Layout is the gc layout with the profiles' marks; nil for a type
	// whose layout depends on type arguments.
	Layout *layout.Struct
	Fields []FieldMark // by field index
	// Notes are the disagreements between the source's annotations and
	// the profiles, and why a type gets no annotations.
	Notes []string
	// marked are the profiles' marks in Layout, by member (Program.marked).
	marked []*golayout.Profiled

	spec *ast.TypeSpec
	file *srcFile
}

// Marks gives every struct type the profiles touch, most sampled first,
// the marks of its fields at share min, compared with its annotations.
func (p *Program) Marks(r *Result, min float64) ([]*StructMarks, error) {
	var out []*StructMarks
	for _, rs := range r.Structs {
		obj, spec, _ := p.declaredStruct(rs.Key)
		if obj == nil || spec == nil {
			continue // declared outside the load
		}
		sm := &StructMarks{Key: rs.Key, Name: obj.Name(), Pkg: obj.Pkg().Path(), Struct: rs, spec: spec}
		pos := p.fset.Position(spec.Pos())
		sm.DeclFile, sm.DeclLine = pos.Filename, pos.Line
		sm.file = p.files[pos.Filename]
		if sm.file != nil {
			// The spec as parsed in the file kept for the file name: a
			// package and its test variant parse it each.
			if ts := p.specAt(sm.file.syntax, pos); ts != nil {
				sm.spec = ts
			} else {
				sm.file = nil
			}
		}
		for i := range rs.Fields {
			f := &rs.Fields[i]
			fm := FieldMark{Hot: p.hot(r, rs.Key, f, min)}
			if len(f.Samples) > 0 {
				fm.Field = f
			}
			sm.Fields = append(sm.Fields, fm)
		}
		d, l, marked, err := p.layout(r, rs.Key, min)
		switch {
		case l != nil:
			sm.Layout, sm.marked = l, marked
			if err != nil {
				sm.Notes = append(sm.Notes, strings.Split(err.Error(), "\n")...)
			}
		case len(hotFields(sm)) > 0:
			sm.Notes = append(sm.Notes, fmt.Sprintf("%s: %v, so cachelint does not check it and -annotate leaves it alone", pos, err))
		}
		st, ok := spec.Type.(*ast.StructType)
		if !ok {
			continue
		}
		k := 0
		for i, fld := range st.Fields.List {
			if d == nil {
				break
			}
			n := max(1, len(fld.Names))
			for j := k; j < k+n && j < len(sm.Fields); j++ {
				sm.Fields[j].Annotated = d.Annotated[i]
				if note := disagreement(r, sm, j, min); note != "" {
					sm.Notes = append(sm.Notes, fmt.Sprintf("%s: %s", p.fset.Position(fld.Pos()), note))
				}
			}
			k += n
		}
		out = append(out, sm)
	}
	return out, nil
}

// specAt returns the type spec of f at pos.
func (p *Program) specAt(f *ast.File, pos token.Position) *ast.TypeSpec {
	var spec *ast.TypeSpec
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && p.fset.Position(ts.Pos()) == pos {
			spec = ts
		}
		return spec == nil
	})
	return spec
}

// hotFields are the indices of the fields the profiles make hot.
func hotFields(sm *StructMarks) []int {
	var out []int
	for i, f := range sm.Fields {
		if f.Hot != nil {
			out = append(out, i)
		}
	}
	return out
}

// disagreement says where field i's annotation contradicts the profiles,
// "" where it does not or the profiles say nothing of it: a path no
// profile stands for is not contradicted.
func disagreement(r *Result, sm *StructMarks, i int, min float64) string {
	fm := sm.Fields[i]
	a := fm.Annotated
	if a == nil {
		return ""
	}
	name := sm.Name + "." + sm.Struct.Fields[i].Name
	f := &sm.Struct.Fields[i]
	var notes []string
	for _, path := range r.Paths {
		if path != "" && len(a.Paths) > 0 && !slices.Contains(a.Paths, path) {
			if fm.Hot.On(path) {
				notes = append(notes, fmt.Sprintf("hot on path %s too (%s of its samples)", path, share(f.Samples[path], r.Total[path])))
			}
			continue
		}
		where := ""
		if path != "" {
			where = " on path " + path
		}
		hot := fm.Hot != nil && (path == "" || fm.Hot.On(path))
		written := f.Writes[path] > 0 && float64(f.Writes[path]) >= min*float64(r.Total[path])
		switch {
		case !hot:
			notes = append(notes, fmt.Sprintf("cold%s: %s of the samples, under -min %s", where, share(f.Samples[path], r.Total[path]), Percent(min)))
		case a.Write && !written:
			notes = append(notes, fmt.Sprintf("read-mostly%s: written in %s of the samples, under -min %s", where, share(f.Writes[path], r.Total[path]), Percent(min)))
		case !a.Write && written:
			notes = append(notes, fmt.Sprintf("written%s in %s of the samples", where, share(f.Writes[path], r.Total[path])))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return fmt.Sprintf("%s is annotated //cachelint:%s but the profile says %s", name, a, strings.Join(notes, "; "))
}

// share renders n of total as a percentage.
func share(n, total int64) string {
	if total == 0 {
		return "0%"
	}
	return Percent(float64(n) / float64(total))
}

// Percent renders a share as a percentage with at most one decimal.
func Percent(f float64) string {
	s := fmt.Sprintf("%.1f", f*100)
	return strings.TrimSuffix(s, ".0") + "%"
}

// Annotate writes the profiles' marks into the source as //cachelint:hot
// comments on the hot fields that have no annotation, through the
// rewriting -fix uses, and returns the files it changed. Fields with an
// annotation keep it. Types whose layout depends on type arguments are
// left alone.
func (p *Program) Annotate(marks []*StructMarks) ([]string, error) {
	type edit struct {
		start, end int
		text       []byte
	}
	edits := map[*srcFile][]edit{}
	srcs := map[*srcFile][]byte{}
	for _, sm := range marks {
		st, ok := sm.spec.Type.(*ast.StructType)
		if !ok || sm.Layout == nil || sm.file == nil {
			continue
		}
		comments := map[int]string{}
		k := 0
		for i, fld := range st.Fields.List {
			n := max(1, len(fld.Names))
			var h *layout.Hot
			annotated := false
			for j := k; j < k+n && j < len(sm.Fields); j++ {
				annotated = annotated || sm.Fields[j].Annotated != nil
				h = joinHot(h, sm.Fields[j].Hot)
			}
			k += n
			if h != nil && !annotated {
				comments[i] = "//cachelint:" + h.String()
			}
		}
		if len(comments) == 0 {
			continue
		}
		src, ok := srcs[sm.file]
		if !ok {
			var err error
			if src, err = os.ReadFile(sm.file.name); err != nil {
				return nil, err
			}
			srcs[sm.file] = src
		}
		tf := p.fset.File(st.Pos())
		if tf.Size() != len(src) {
			return nil, fmt.Errorf("%s changed since it was loaded", sm.file.name)
		}
		start, end, text, err := golayout.FieldListEdit(src, tf, sm.file.syntax, st, comments)
		if err != nil {
			return nil, fmt.Errorf("%s: annotating %s: %v", p.fset.Position(st.Pos()), sm.Name, err)
		}
		edits[sm.file] = append(edits[sm.file], edit{start, end, text})
	}
	var changed []string
	for f, es := range edits {
		src := srcs[f]
		slices.SortFunc(es, func(a, b edit) int { return b.start - a.start })
		out := slices.Clone(src)
		for _, e := range es {
			out = slices.Concat(out[:e.start], e.text, out[e.end:])
		}
		st, err := os.Stat(f.name)
		if err != nil {
			return changed, err
		}
		if err := os.WriteFile(f.name, out, st.Mode().Perm()); err != nil {
			return changed, err
		}
		changed = append(changed, f.name)
	}
	slices.Sort(changed)
	return changed, nil
}

// WriteHotFile writes the profiles' marks as a hot file, one line per hot
// field, naming types as PKGPATH.TYPE, which both the analyzer's -hotfile
// and cachelint layout -hot (on the DWARF of a Go binary) read. Types
// whose layout depends on type arguments are left out.
func WriteHotFile(w io.Writer, marks []*StructMarks, header string) error {
	var b strings.Builder
	for l := range strings.Lines(header) {
		b.WriteString("# " + l)
	}
	if header != "" && !strings.HasSuffix(header, "\n") {
		b.WriteString("\n")
	}
	for _, sm := range marks {
		if sm.Layout == nil || strings.Contains(sm.Key, "@") {
			continue // no layout of its own, or declared in a function
		}
		for i, f := range sm.Fields {
			if f.Hot != nil {
				fmt.Fprintf(&b, "%s.%s %s\n", sm.Key, sm.Struct.Fields[i].Name, f.Hot)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// AsAnnotated gives the marks the analyzer sees once -annotate has written
// those of marks, for it to check the types with (analyzer's
// Config.Profiled): by type, keyed as golayout.TypeKey keys it, and
// field, for the fields no annotation marks; names declared together
// share one mark.
func AsAnnotated(marks []*StructMarks) map[string]map[string]*golayout.Profiled {
	out := map[string]map[string]*golayout.Profiled{}
	for _, sm := range marks {
		for i, pr := range sm.marked {
			if pr == nil {
				continue
			}
			if out[sm.Key] == nil {
				out[sm.Key] = map[string]*golayout.Profiled{}
			}
			out[sm.Key][sm.Struct.Fields[i].Name] = pr
		}
	}
	return out
}
