package analyzer

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"

	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
)

// hotFilePath is the -hotfile flag: hot fields for code that carries no
// annotations, as cachelint profile -o writes them.
var hotFilePath string

func init() {
	Analyzer.Flags.StringVar(&hotFilePath, "hotfile", "", "hot file `FILE` naming struct types as PKGPATH.TYPE (cachelint profile -o writes one); use an absolute path under go vet")
}

// hotFiles caches the hot file by path: the analyzer runs on many packages
// at once.
var hotFiles struct {
	sync.Mutex
	path   string
	byType map[string]*hotfile.Set
	err    error
}

// hotFileSets returns the directives of the -hotfile file by the struct
// type they name, nil when there is no such flag.
func hotFileSets() (map[string]*hotfile.Set, error) {
	hotFiles.Lock()
	defer hotFiles.Unlock()
	if hotFilePath == "" {
		return nil, nil
	}
	if hotFiles.path == hotFilePath {
		return hotFiles.byType, hotFiles.err
	}
	hotFiles.path, hotFiles.byType = hotFilePath, nil
	set, err := hotfile.Load(hotFilePath)
	if errors.Is(err, fs.ErrNotExist) && !filepath.IsAbs(hotFilePath) {
		err = fmt.Errorf("-hotfile: %w (go vet runs cachelint in each package's directory: give an absolute path)", err)
	}
	hotFiles.err = err
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
	hotFiles.byType = byType
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
