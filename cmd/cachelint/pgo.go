package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/goload"
	"github.com/cachelint/cachelint/profile"
)

// pgoProfiled gives the hot marks of -pgo over the packages loaded, as go
// build applies profiles: with auto, each main package among pkgs that
// has a default.pgo gives its profile to every package it builds, and a
// package several of them build gets their profiles merged; with a
// file, that profile is every package's. It says on stderr, in a line
// each, how much of a profile matched when it is stale or matches
// nothing.
func pgoProfiled(mode string, pkgs []*packages.Package, e env) (map[string]map[string]*golayout.Profiled, error) {
	if mode == "off" || mode == "" || len(pkgs) == 0 {
		return nil, nil
	}
	// The profiles of each package, by path: a package and its test
	// variants hold the same files and get the same marks.
	byPkg := map[string][]string{}
	if mode == "auto" {
		for _, p := range pkgs {
			// A main package's test variant stands for it where the
			// load checks the package as its variant alone.
			if p.Name != "main" || strings.HasSuffix(p.PkgPath, ".test") || len(p.GoFiles) == 0 || p.ID != p.PkgPath && p.ID != goload.TestVariantID(p) {
				continue
			}
			file := e.rel(filepath.Join(filepath.Dir(p.GoFiles[0]), profile.DefaultPGO))
			if st, err := os.Stat(file); err != nil || !st.Mode().IsRegular() {
				continue
			}
			packages.Visit([]*packages.Package{p}, nil, func(dep *packages.Package) {
				if !slices.Contains(byPkg[dep.PkgPath], file) {
					byPkg[dep.PkgPath] = append(byPkg[dep.PkgPath], file)
				}
			})
		}
	} else {
		for _, p := range pkgs {
			byPkg[p.PkgPath] = []string{mode}
		}
	}
	// The packages of each set of profiles.
	groups := map[string]map[string]bool{}
	var keys []string
	for path, files := range byPkg {
		slices.Sort(files)
		key := strings.Join(files, "\x00")
		if groups[key] == nil {
			groups[key] = map[string]bool{}
			keys = append(keys, key)
		}
		groups[key][path] = true
	}
	if len(keys) == 0 {
		return nil, nil
	}
	slices.Sort(keys)
	prog := profile.FromPackages(pkgs)
	out := map[string]map[string]*golayout.Profiled{}
	noted := map[string]bool{}
	for _, key := range keys {
		files := strings.Split(key, "\x00")
		r, err := prog.MapPGO(files, mode == "auto")
		if err != nil {
			return nil, fmt.Errorf("-pgo: %v", err)
		}
		for _, st := range r.Profiles {
			if !noted[st.File] && (st.Matched == 0 || st.Moved > 0 || st.Missing > 0) {
				fmt.Fprintf(e.Stderr, "cachelint: note: -pgo: %s\n", profile.PGONote(e.rel(st.File), st))
			}
			noted[st.File] = true
		}
		if len(r.Paths) == 0 {
			continue // no profile matched
		}
		var names []string
		for _, f := range files {
			names = append(names, e.rel(f))
		}
		hot, err := prog.Profiled(r, profile.DefaultMin, names, groups[key])
		if err != nil {
			return nil, fmt.Errorf("-pgo: %v", err)
		}
		for k, v := range hot {
			out[k] = v
		}
	}
	return out, nil
}
