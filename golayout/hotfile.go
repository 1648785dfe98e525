package golayout

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/cachelint/cachelint/hotfile"
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
