package golayout

import (
	"cmp"
	"errors"
	"fmt"
	"go/types"
	"io/fs"
	"iter"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// LoadHotFile reads a hot file naming struct types as PKGPATH.TYPE, as
// cachelint profile -o writes it, and returns its directives by the type
// they name, for Package.HotFile.
func LoadHotFile(path string) (map[string]*hotfile.Set, error) {
	set, err := hotfile.Load(path)
	if errors.Is(err, fs.ErrNotExist) && !filepath.IsAbs(path) {
		err = fmt.Errorf("%w (go vet runs cachelint in each package's directory: give an absolute path)", err)
	}
	if err != nil {
		return nil, err
	}
	byType := map[string]*hotfile.Set{}
	get := func(name string) *hotfile.Set {
		if byType[name] == nil {
			byType[name] = &hotfile.Set{}
		}
		return byType[name]
	}
	for _, h := range set.Hot {
		get(h.Struct).Hot = append(get(h.Struct).Hot, h)
	}
	for _, d := range set.Directives {
		get(d.Struct).Directives = append(get(d.Struct).Directives, d)
	}
	return byType, nil
}

// applyHotFile applies set, the directives naming the struct type
// qualified (PKGPATH.TYPE), to s. A hot mark joins the one the source
// gives the field.
func applyHotFile(set *hotfile.Set, s *layout.Struct, qualified string) error {
	name := s.Name
	s.Name = qualified
	defer func() { s.Name = name }()
	_, err := set.Apply([]*layout.Struct{s})
	return err
}

// splitType splits the name of a struct type in a hot file, PKGPATH.TYPE
// (TYPE[ARGS] for an instance), into the package path and the type's
// name; the path is "" when the name has none.
func splitType(qualified string) (pkgPath, name string) {
	base := qualified
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	dot := strings.LastIndexByte(base, '.')
	if dot < 0 {
		return "", base
	}
	return base[:dot], base[dot+1:]
}

// firstLine is the first line of a hot file naming a type, of those in set.
func firstLine(set *hotfile.Set) hotfile.Pos {
	var first hotfile.Pos
	at := func(p hotfile.Pos) {
		if first.Line == 0 || p.Line < first.Line {
			first = p
		}
	}
	for _, h := range set.Hot {
		at(h.Pos)
	}
	for _, d := range set.Directives {
		at(d.Pos)
	}
	return first
}

// UnknownHotFilePackages says which types the hot file hot names in no
// package of pkgs, the packages checked together (the standalone
// driver's): those whose package path is none of theirs, and those
// named with no package path that none of them declares. Each is said
// once, at the first line naming the type, with
// a did-you-mean from the struct types the packages declare at top level.
func UnknownHotFilePackages(hot map[string]*hotfile.Set, pkgs []*types.Package) []input.Warning {
	paths := map[string]bool{}
	var qualified []string
	byName := map[string][]string{}
	for _, pkg := range pkgs {
		paths[pkg.Path()] = true
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if _, ok := tn.Type().Underlying().(*types.Struct); ok {
				q := pkg.Path() + "." + name
				qualified = append(qualified, q)
				byName[name] = append(byName[name], q)
			}
		}
	}
	slices.Sort(qualified)
	qualified = slices.Compact(qualified)
	var out []lineProblem
	for _, key := range slices.Sorted(maps.Keys(hot)) {
		pkgPath, name := splitType(key)
		at := firstLine(hot[key])
		switch {
		case pkgPath == "" && len(byName[name]) > 0:
			// Each package declaring it says so.
		case pkgPath == "":
			msg := key + " names no package: a Go type is PKGPATH.TYPE"
			if s := hotfile.Suggest(name, sortedSeq(maps.Keys(byName))); s != "" {
				msg += "; did you mean " + byName[s][0] + "?"
			}
			out = append(out, lineProblem{at, msg})
		case !paths[pkgPath]:
			msg := "no package " + pkgPath + " among the packages checked"
			if s := hotfile.Suggest(pkgPath+"."+name, slices.Values(qualified)); s != "" {
				msg += "; did you mean " + s + "?"
			}
			out = append(out, lineProblem{at, msg})
		}
	}
	return sortedProblems(out)
}

// lineProblem is what is wrong with a line of a hot file.
type lineProblem struct {
	at  hotfile.Pos
	msg string
}

// sortedProblems are ps sorted by file and line.
func sortedProblems(ps []lineProblem) []input.Warning {
	slices.SortStableFunc(ps, func(a, b lineProblem) int {
		return cmp.Or(strings.Compare(a.at.File, b.at.File), cmp.Compare(a.at.Line, b.at.Line))
	})
	var out []input.Warning
	for _, p := range ps {
		out = append(out, input.Warning{File: p.at.File, Line: p.at.Line, Msg: p.msg})
	}
	return out
}

// sortedSeq is seq sorted, so that of suggestions equally close the
// first in order wins, whatever the order of a map.
func sortedSeq(seq iter.Seq[string]) iter.Seq[string] {
	return slices.Values(slices.Sorted(seq))
}
