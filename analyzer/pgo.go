package analyzer

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	gopackages "golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/profile"
)

// pgoFlag is -pgo: auto, off or a profile's file.
type pgoFlag string

func (f *pgoFlag) String() string { return string(*f) }

func (f *pgoFlag) Set(s string) error {
	if s != "auto" && s != "off" {
		if s == "" {
			return errors.New("want auto, off or a profile's file")
		}
		st, err := os.Stat(s)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !filepath.IsAbs(s):
			return errors.New("no such file (go vet runs cachelint in each package's directory: give an absolute path)")
		case err != nil:
			return unwrapPath(err)
		case st.IsDir():
			return errors.New("a directory, not a profile")
		}
	}
	*f = pgoFlag(s)
	return nil
}

// SetPGO sets c.PGO to v, auto, off or a profile's file that exists, as
// the -pgo flag does.
func (c *Config) SetPGO(v string) error {
	return (*pgoFlag)(&c.PGO).Set(v)
}

// unwrapPath drops the path and operation from an os error.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// pgoProfiles finds the profiles of a module once, for passes that see
// one package at a time (go vet, golangci-lint, nogo).
type pgoProfiles struct {
	sync.Mutex
	found map[string][]string // profiles by module root, for auto
}

// profiled maps the profiles -pgo names onto the pass's own package:
// with auto, every default.pgo of a main package of the module the
// package is in (moduleProfiles). A program's samples in the package's
// files are there only when the program builds it, so the profiles with
// samples in them are those of the main packages that build it, as go
// build applies them; those are merged. What code of other packages does
// to the package's types is out of a pass's sight, as it is for go build's
// per-package compilation.
func (pp *pgoProfiles) profiled(pass *analysis.Pass, mode string) (map[string]map[string]*golayout.Profiled, error) {
	if len(pass.Files) == 0 {
		return nil, nil
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	root, modPath := moduleOf(dir)
	var files []string
	if mode == "auto" {
		if root == "" {
			return nil, nil
		}
		pp.Lock()
		if pp.found == nil {
			pp.found = map[string][]string{}
		}
		found, ok := pp.found[root]
		if !ok {
			found = moduleProfiles(root)
			pp.found[root] = found
		}
		pp.Unlock()
		files = found
	} else {
		files = []string{mode}
	}
	if len(files) == 0 {
		return nil, nil
	}
	pkg := &gopackages.Package{ID: pass.Pkg.Path(), Name: pass.Pkg.Name(), PkgPath: pass.Pkg.Path(), Fset: pass.Fset,
		Syntax: pass.Files, Types: pass.Pkg, TypesInfo: pass.TypesInfo, TypesSizes: pass.TypesSizes}
	for _, f := range pass.Files {
		pkg.CompiledGoFiles = append(pkg.CompiledGoFiles, pass.Fset.File(f.Pos()).Name())
	}
	if root != "" {
		pkg.Module = &gopackages.Module{Path: modPath, Dir: root}
	}
	prog := profile.FromPackage(pkg)
	if len(files) > 1 {
		// Only the programs that build the package have samples in it.
		r, err := prog.MapPGO(files, mode == "auto")
		if err != nil {
			return nil, fmt.Errorf("-pgo: %v", err)
		}
		files = files[:0]
		for _, st := range r.Profiles {
			if st.Matched > 0 {
				files = append(files, st.File)
			}
		}
		if len(files) == 0 {
			return nil, nil
		}
		prog = profile.FromPackage(pkg)
	}
	r, err := prog.MapPGO(files, mode == "auto")
	if err != nil {
		return nil, fmt.Errorf("-pgo: %v", err)
	}
	var names []string
	for _, f := range files {
		if rel, err := filepath.Rel(root, f); root != "" && err == nil && !strings.HasPrefix(rel, "..") {
			f = filepath.ToSlash(rel)
		}
		names = append(names, f)
	}
	out, err := prog.Profiled(r, profile.DefaultMin, names, map[string]bool{pass.Pkg.Path(): true})
	if err != nil {
		return nil, fmt.Errorf("-pgo: %v", err)
	}
	return out, nil
}

// moduleOf finds the module dir is in: its root directory and path; ""
// for none.
func moduleOf(dir string) (root, path string) {
	for d := dir; ; {
		if f, err := os.Open(filepath.Join(d, "go.mod")); err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if p, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return d, strings.Trim(strings.TrimSpace(p), `"`)
				}
			}
			return d, ""
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}

// moduleProfiles are the default.pgo files of the main packages of the
// module rooted at root, as go build -pgo=auto finds them for each main
// package it builds: in the main package's directory. Nested modules,
// vendor, testdata and directories named with . or _ first are not the
// module's, as for go's ./... pattern.
func moduleProfiles(root string) []string {
	var out []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if d.Name() == profile.DefaultPGO && d.Type().IsRegular() && isMainDir(filepath.Dir(path)) {
			out = append(out, path)
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// isMainDir reports whether dir holds a main package: a Go file, not a
// test, whose package clause says main.
func isMainDir(dir string) bool {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), n, nil, parser.PackageClauseOnly)
		if err == nil && f.Name.Name == "main" {
			return true
		}
	}
	return false
}
