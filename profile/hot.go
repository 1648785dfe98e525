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
		h.Guard = f.Guard
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
