package profile

import (
	"cmp"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// DefaultMin is the share of a profile's samples that makes a field hot.
// At the 100 Hz of runtime/pprof a 10-second profile has 1,000 samples per
// busy core, so 1% is 10 samples: above the noise of a line sampled by
// chance, and below the share of any field a hot loop reads.
const DefaultMin = 0.01

// Hot is the mark the profiles give f: hot on each path whose samples
// touching it reach the share min of that path's samples, written when the
// samples of lines writing it reach that share on one of them; nil when f
// is cold on every path. A profile with the default path gives no path
// names.
func (r *Result) Hot(f *Field, min float64) *layout.Hot {
	var h *layout.Hot
	for _, path := range r.Paths {
		n := f.Samples[path]
		if n == 0 || float64(n) < min*float64(r.Total[path]) {
			continue
		}
		if h == nil {
			h = &layout.Hot{}
		}
		if path != "" {
			h.Paths = append(h.Paths, path)
		}
		if w := f.Writes[path]; w > 0 && float64(w) >= min*float64(r.Total[path]) {
			h.Write = true
		}
	}
	if h != nil {
		h.Guard, h.OuterGuard = f.Guard, f.OuterGuard
		h.Profiled = true
		var all int64
		for _, n := range r.Total {
			all += n
		}
		h.Goroutines, h.Writers = busy(f.Goroutines, min, all), busy(f.Writers, min, all)
	}
	return h
}

// busy are the goroutines of samples whose samples reach the share min of
// all, sorted.
func busy(samples map[layout.Goroutine]int64, min float64, all int64) []layout.Goroutine {
	out := []layout.Goroutine{}
	for g, n := range samples {
		if float64(n) >= min*float64(all) {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, compareGoroutines)
	return out
}

func compareGoroutines(a, b layout.Goroutine) int {
	return cmp.Or(strings.Compare(a.Func, b.Func), compareBool(a.Many, b.Many), strings.Compare(a.Phases, b.Phases))
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Struct returns the struct type key, or nil when no sample touches it.
func (r *Result) Struct(key string) *Struct {
	for _, s := range r.Structs {
		if s.Key == key {
			return s
		}
	}
	return nil
}

// Field returns the field named name, or nil.
func (s *Struct) Field(name string) *Field {
	for i := range s.Fields {
		if s.Fields[i].Name == name {
			return &s.Fields[i]
		}
	}
	return nil
}

// wrote are the fields of the struct type key written wherever f is,
// sorted: those every sample touching f writes (the same code under the
// same conditions: limit, read right after each worker's hits.Add), and
// for a written f, those that every busy function writing f writes as
// well, on some line of its own, sampled or not: whoever writes f writes
// them too (xsync's bucket.Store writes meta under mu, seldom: when it
// adds a key). The busy functions are those crediting a write of f with
// the share min of all samples; with none, f is read-mostly, and has
// only the first kind.
func (p *Program) wrote(r *Result, key string, f *Field, min float64) []string {
	out := slices.Clone(f.WrittenWith)
	s, st := r.Struct(key), p.structs[key]
	if s == nil || len(f.WriteFuncs) == 0 {
		return out
	}
	var all int64
	for _, n := range r.Total {
		all += n
	}
	var funcs []string
	for fn, n := range f.WriteFuncs {
		if float64(n) >= min*float64(all) {
			funcs = append(funcs, fn)
		}
	}
	if len(funcs) == 0 {
		return out // no function writes f much: f is read-mostly
	}
	for i := range s.Fields {
		g := &s.Fields[i]
		if g.Name == "" || g.Name == "_" || g.Name == f.Name {
			continue
		}
		id := int32(-1) // a field no code of the load selects
		if st != nil && i < len(st.fields) {
			id = st.fields[i]
		}
		if !slices.ContainsFunc(funcs, func(fn string) bool { return g.WriteFuncs[fn] == 0 && (id < 0 || !p.writesField(fn, id)) }) {
			out = append(out, g.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// writesField reports whether a line of the function a profile names fn
// writes the field id, outside the function literals in it.
func (p *Program) writesField(fn string, id int32) bool {
	if w, ok := p.funcWrites[fn]; ok {
		return w[id]
	}
	if p.funcWrites == nil {
		p.funcWrites = map[string]map[int32]bool{}
	}
	w := map[int32]bool{}
	p.funcWrites[fn] = w
	d := p.declsByFrame()[fn]
	if d.decl == nil {
		return false
	}
	if d.file.index == nil {
		d.file.index = p.indexFile(d.file)
	}
	start := p.line(d.decl.Type.Func)
	for k, li := range d.file.index.lines {
		if k.fn != start {
			continue
		}
		for _, a := range li.own {
			if a.write {
				w[a.field] = true
			}
		}
	}
	return w[id]
}
