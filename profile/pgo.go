package profile

import (
	"cmp"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/golayout"
)

// DefaultPGO is the name go build gives the profile in a main package's
// directory that -pgo=auto uses.
const DefaultPGO = "default.pgo"

// MapPGO maps profiles as go build applies them (-pgo), all on
// the default path and merged: one layout serves every profile go build
// compiles a package with. Each is used where it matches the load, stale or
// not. A profile none of whose samples is in the load is no error: it is
// left out, with Matched 0 in its stats (PGONote says so). With auto,
// each is a main package's default.pgo, found beside it, and its main.*
// functions are that package's alone.
func (p *Program) MapPGO(files []string, auto bool) (*Result, error) {
	var inputs []Input
	for _, f := range files {
		in := Input{File: f}
		if auto {
			abs, err := filepath.Abs(f)
			if err != nil {
				return nil, err
			}
			in.owner = filepath.Dir(abs)
		}
		inputs = append(inputs, in)
	}
	return p.mapInputs(inputs, true)
}

// PGONote says in one line how much of a profile the load matched, named
// as name: its samples in the packages loaded and the functions found,
// moved since it was recorded and gone.
func PGONote(name string, st ProfileStats) string {
	if st.Matched == 0 {
		return fmt.Sprintf("%s: none of its %d samples is in the packages loaded: no hot fields from it", name, st.Samples)
	}
	s := fmt.Sprintf("%s: %d of %d samples (%s) in the packages loaded, %d in their struct fields; %d functions found",
		name, st.Matched, st.Samples, share(st.Matched, st.Samples), st.Mapped, st.Found)
	if st.Moved > 0 || st.Missing > 0 {
		s += fmt.Sprintf(", %d moved since it was recorded (matched by name), %d no longer declared (their samples unused)", st.Moved, st.Missing)
	}
	return s
}

// maxFuncs is how many of the functions crediting a field a finding names.
const maxFuncs = 3

// Profiled gives the hot fields of the struct types of the packages
// pkgs names (by path; every package of the load when nil), as the
// profiles of r mark them at share min, with where each mark comes from:
// the profiles, named as names, and the functions that credit the field.
// Types declared in functions and those whose layout depends on type
// arguments are left out, as a hot file leaves them, and so are types
// declared in _test.go files: only test binaries have their values,
// whose benchmarks are what marks them, and no program holds one.
func (p *Program) Profiled(r *Result, min float64, names []string, pkgs map[string]bool) (map[string]map[string]*golayout.Profiled, error) {
	marks, err := p.Marks(r, min)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]*golayout.Profiled{}
	for _, sm := range marks {
		if sm.Layout == nil || strings.Contains(sm.Key, "@") || (pkgs != nil && !pkgs[sm.Pkg]) || p.declaredInTest(sm.Key) {
			continue
		}
		for i, fm := range sm.Fields {
			if fm.Hot == nil || fm.Field == nil {
				continue
			}
			f := fm.Field
			n := f.Samples[""]
			if fm.Hot.Write {
				n = f.Writes[""]
			}
			pr := &golayout.Profiled{Hot: *fm.Hot, Profiles: names, Funcs: topFuncs(f.Funcs), Parts: p.partMarks(r, sm.Key, f, min)}
			if t := r.Total[""]; t > 0 {
				pr.Share = float64(n) / float64(t)
			}
			if out[sm.Key] == nil {
				out[sm.Key] = map[string]*golayout.Profiled{}
			}
			out[sm.Key][sm.Struct.Fields[i].Name] = pr
		}
	}
	return out, nil
}

// topFuncs are the functions of funcs with the most samples, named
// without their package's directory.
func topFuncs(funcs map[string]int64) []string {
	names := slices.SortedFunc(maps.Keys(funcs), func(a, b string) int {
		return cmp.Or(cmp.Compare(funcs[b], funcs[a]), cmp.Compare(a, b))
	})
	if len(names) > maxFuncs {
		names = names[:maxFuncs]
	}
	for i, n := range names {
		names[i] = n[strings.LastIndexByte(n, '/')+1:]
	}
	return names
}

// declaredInTest reports whether the struct type key is declared in a
// _test.go file.
func (p *Program) declaredInTest(key string) bool {
	tn, _, _ := p.declaredStruct(key)
	return tn != nil && strings.HasSuffix(p.fset.Position(tn.Pos()).Filename, "_test.go")
}
