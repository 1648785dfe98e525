// Package goload loads Go packages for cachelint: the packages that
// patterns name, and their test variants, parsed and type-checked from
// source; their dependencies from the export data go build leaves in its
// cache.
//
// packages.Load in LoadSyntax mode type-checks the same packages from
// source, but asks `go list -export` for the export data of every package
// it lists, and the go command compiles the named packages themselves to
// make theirs, which nobody reads: on a package of many types that compile
// costs more than type-checking it. Load asks go list for the metadata
// alone, then for the export data of the dependencies only.
package goload

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Config says where and how to run the go command.
type Config struct {
	Dir   string   // the directory to run it in; "" for the current one
	Env   []string // its environment; nil for this process's
	Tests bool     // load the packages' test variants and tests too
	// VariantBodies type-checks the function bodies of a package whose
	// test variant is loaded too (Tests) in the variant alone: the
	// variant holds all the package's files, and go vet checks only it.
	// The package itself is checked as a dependency is, without them.
	VariantBodies bool
	// Files are the files parsed by other loads the packages of this
	// one are checked with, as for other GOARCHes: a file they parsed
	// is not parsed again, and the packages share its syntax and
	// FileSet. Nil for none.
	Files *Files
}

// Files are the files that loads sharing it have parsed, by name, in
// one FileSet. Parsing a file does not depend on the build, and the
// syntax is only read. Loads sharing it may run at once: they also
// share a token per core, so that together they parse and type-check no
// more at a time than there are cores.
type Files struct {
	fset   *token.FileSet
	mu     sync.Mutex
	parsed map[string]*parsedFile
	cpu    chan struct{}
}

// NewFiles returns an empty Files.
func NewFiles() *Files {
	return &Files{fset: token.NewFileSet(), parsed: map[string]*parsedFile{}, cpu: make(chan struct{}, runtime.GOMAXPROCS(0))}
}

// Load loads the packages that patterns name as packages.Load does with
// packages.LoadSyntax|packages.NeedModule: the returned packages, and the
// packages that import any of them (the test variants of packages their
// tests import), have syntax and are type-checked from source, function
// bodies only in the returned ones; every other dependency comes from its
// export data, or where it has none (it does not compile), from source
// too, with its errors. A package's errors are in its Errors, as
// packages.Load has them; the error returned is the go command's, when it
// could not list the packages at all.
func Load(cfg Config, patterns ...string) ([]*packages.Package, error) {
	roots, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes,
		Dir: cfg.Dir, Env: cfg.Env, Tests: cfg.Tests,
	}, patterns...)
	if err != nil {
		return nil, err
	}
	var all []*packages.Package // dependencies first
	packages.Visit(roots, nil, func(p *packages.Package) { all = append(all, p) })
	files := cfg.Files
	if files == nil {
		files = NewFiles()
	}
	l := &loader{
		fset:   files.fset,
		files:  files,
		roots:  map[*packages.Package]bool{},
		source: map[*packages.Package]bool{},
		view:   map[string]*types.Package{},
		cpu:    files.cpu,
	}
	seeds := map[*packages.Package]bool{}
	for _, p := range roots {
		l.roots[p] = true
		seeds[p] = true
	}
	if cfg.VariantBodies {
		ids := map[string]bool{}
		for _, p := range roots {
			ids[p.ID] = true
		}
		for _, p := range roots {
			if p.ID == p.PkgPath && ids[TestVariantID(p)] {
				l.roots[p] = false
			}
		}
	}
	l.markSource(all, seeds)
	// The files of the packages from source are parsed while go list
	// finds the export data.
	var parsing sync.WaitGroup
	for _, p := range all {
		if l.source[p] {
			for _, name := range p.CompiledGoFiles {
				parsing.Go(func() { l.parseFile(name) })
			}
		}
	}
	err = l.exportFiles(cfg, all, seeds)
	parsing.Wait()
	if err != nil {
		return nil, err
	}
	l.markSource(all, seeds)
	l.check(all)
	return roots, nil
}

// TestVariantID is the ID go list gives the test variant of p, the
// package with its in-package tests ("p [p.test]").
func TestVariantID(p *packages.Package) string { return p.PkgPath + " [" + p.PkgPath + ".test]" }

// loader holds what a Load shares between its packages.
type loader struct {
	fset   *token.FileSet
	roots  map[*packages.Package]bool
	source map[*packages.Package]bool // type-checked from source

	files *Files // a package and its test variant share files, and so may loads

	// exportMu guards view and the packages in it: reading export data
	// adds to the packages it mentions.
	exportMu sync.Mutex
	view     map[string]*types.Package // the packages not from source, by path
	loaded   map[*packages.Package]error

	cpu chan struct{} // the Files' token per core, held while parsing or type-checking
}

// parsedFile is one file parsed, once.
type parsedFile struct {
	once sync.Once
	file *ast.File
	err  error
}

// markSource marks as from source the seeds and every package that
// imports one: a package built on a package type-checked from source must
// be type-checked against those types, not against its export data's.
// all lists dependencies before the packages that import them.
func (l *loader) markSource(all []*packages.Package, seeds map[*packages.Package]bool) {
	for _, p := range all {
		if p.PkgPath == "unsafe" {
			continue
		}
		src := seeds[p]
		for _, imp := range p.Imports {
			src = src || l.source[imp]
		}
		l.source[p] = src
	}
}

// exportFiles asks go list for the export data of every package not from
// source, building it where the build cache lacks it. A package without
// export data (one that does not compile) joins seeds, with the go
// command's errors for it.
func (l *loader) exportFiles(cfg Config, all []*packages.Package, seeds map[*packages.Package]bool) error {
	// Every package is named: go list -deps would list the packages
	// that cgo's code imports, such as runtime/cgo, only when asked for
	// the files cgo writes, at some cost. A package go list could not
	// make sense of has no export data to ask for: it has its errors.
	var ids []string
	for _, p := range all {
		switch {
		case l.source[p] || p.PkgPath == "unsafe":
		case len(p.Errors) > 0:
			seeds[p] = true
		default:
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	deps, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedExportFile,
		Dir:  cfg.Dir, Env: cfg.Env,
	}, ids...)
	if err != nil {
		return err
	}
	listed := map[string]*packages.Package{}
	for _, d := range deps {
		listed[d.ID] = d
	}
	for _, p := range all {
		d := listed[p.ID]
		if d == nil {
			continue
		}
		p.ExportFile = d.ExportFile
		p.Errors = append(p.Errors, d.Errors...) // why it has none
		if p.ExportFile == "" {
			seeds[p] = true
		}
	}
	return nil
}

// check parses and type-checks the packages from source, each once the
// packages it imports are, in parallel; the others get the types of their
// export data when a package from source imports them.
func (l *loader) check(all []*packages.Package) {
	l.loaded = map[*packages.Package]error{}
	for _, p := range all {
		p.Fset = l.fset
		switch {
		case p.PkgPath == "unsafe":
			p.Types = types.Unsafe
			p.Syntax = []*ast.File{}
			p.TypesInfo = newInfo(0, false)
		case l.source[p]:
			p.Types = types.NewPackage(p.PkgPath, p.Name)
		default:
			// Created before any export data is read, so that reading
			// fills these rather than creating packages of its own.
			p.Types = types.NewPackage(p.PkgPath, p.Name)
			l.view[p.PkgPath] = p.Types
		}
	}
	done := map[*packages.Package]chan struct{}{}
	for _, p := range all {
		if l.source[p] {
			done[p] = make(chan struct{})
		}
	}
	var wg sync.WaitGroup
	for p, ch := range done {
		wg.Go(func() {
			defer close(ch)
			files := l.parse(p)
			for _, imp := range p.Imports {
				if c := done[imp]; c != nil {
					<-c
				}
			}
			l.typeCheck(p, files)
		})
	}
	wg.Wait()
}

// parse parses p's files, in parallel, and records their errors in p.
func (l *loader) parse(p *packages.Package) []*ast.File {
	files := make([]*ast.File, len(p.CompiledGoFiles))
	errs := make([]error, len(p.CompiledGoFiles))
	var wg sync.WaitGroup
	for i, name := range p.CompiledGoFiles {
		wg.Go(func() { files[i], errs[i] = l.parseFile(name) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			addError(p, err)
		}
	}
	return slices.DeleteFunc(files, func(f *ast.File) bool { return f == nil })
}

// parseFile parses the file name, once for the load.
func (l *loader) parseFile(name string) (*ast.File, error) {
	l.files.mu.Lock()
	pf := l.files.parsed[name]
	if pf == nil {
		pf = &parsedFile{}
		l.files.parsed[name] = pf
	}
	l.files.mu.Unlock()
	pf.once.Do(func() {
		l.cpu <- struct{}{} // also bounds the files open at once
		defer func() { <-l.cpu }()
		src, err := os.ReadFile(name)
		if err != nil {
			pf.err = err
			return
		}
		// The type checker resolves identifiers itself; nothing reads
		// the parser's ast.Objects.
		pf.file, pf.err = parser.ParseFile(l.fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	})
	return pf.file, pf.err
}

// typeCheck type-checks p from its files, once the packages from source it
// imports are.
func (l *loader) typeCheck(p *packages.Package, files []*ast.File) {
	p.Syntax = files
	size := 0
	for _, f := range files {
		size += l.fset.File(f.Pos()).Size()
	}
	p.TypesInfo = newInfo(size, l.roots[p])
	conf := &types.Config{
		Importer:         importer(func(path string) (*types.Package, error) { return l.imported(p, path) }),
		IgnoreFuncBodies: !l.roots[p],
		Error:            func(err error) { addError(p, err) },
		Sizes:            p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	l.cpu <- struct{}{}
	err := types.NewChecker(conf, l.fset, p.Types, p.TypesInfo).Files(files)
	<-l.cpu
	if err != nil && len(p.Errors) == 0 {
		addError(p, err) // a failure the checker did not report
	}
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		p.IllTyped = p.IllTyped || l.illTyped(imp)
	}
}

// illTyped reports whether imp, which a package from source imports, has
// errors or imports a package that has.
func (l *loader) illTyped(imp *packages.Package) bool {
	if l.source[imp] {
		return imp.IllTyped // set before its importers are checked
	}
	l.exportMu.Lock()
	defer l.exportMu.Unlock()
	return imp.IllTyped
}

// imported is the package p imports as path: from source, already
// type-checked, or read from its export data.
func (l *loader) imported(p *packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	imp := p.Imports[path]
	if imp == nil {
		return nil, fmt.Errorf("no package for import %q: the go command did not list it", path)
	}
	if l.source[imp] {
		return imp.Types, nil
	}
	l.exportMu.Lock()
	defer l.exportMu.Unlock()
	err, ok := l.loaded[imp]
	if !ok {
		err = l.readExport(imp)
		l.loaded[imp] = err
		if err != nil {
			imp.IllTyped = true
			imp.Errors = append(imp.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}
	if err != nil {
		return nil, err
	}
	return imp.Types, nil
}

// readExport reads p's types from its export data into p.Types. The
// caller holds exportMu.
func (l *loader) readExport(p *packages.Package) error {
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return err
	}
	defer f.Close()
	//lint:ignore SA1019 go list -export names the compiler's archives, which only NewReader opens
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	t, err := gcexportdata.Read(r, l.fset, l.view, p.PkgPath)
	if err != nil {
		return fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	if t != p.Types {
		return fmt.Errorf("reading %s: export data for %s, not %s", p.ExportFile, t.Path(), p.PkgPath)
	}
	return nil
}

// addError records err in p's Errors, as packages.Load does: one Error
// per parse error, a type error also in TypeErrors.
func addError(p *packages.Package, err error) {
	var list scanner.ErrorList
	var pathErr *os.PathError
	var typeErr types.Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
	case errors.As(err, &typeErr):
		p.TypeErrors = append(p.TypeErrors, typeErr)
		p.Errors = append(p.Errors, packages.Error{Pos: typeErr.Fset.Position(typeErr.Pos).String(), Msg: typeErr.Msg, Kind: packages.TypeError})
	case errors.As(err, &pathErr):
		p.Errors = append(p.Errors, packages.Error{Pos: pathErr.Path + ":1", Msg: pathErr.Err.Error(), Kind: packages.ParseError})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}

// newInfo is a types.Info with every map the analyzers read, sized for
// size bytes of source, type-checked with function bodies or without.
// The maps hold an entry for most identifiers and expressions: grown from
// empty, they copy their tables again and again. The sizes are about
// what Go source of ordinary density needs (docs/performance.md) or less,
// so that a package of long comments holds little more than it needs.
func newInfo(size int, bodies bool) *types.Info {
	nTypes, nUses, nDefs, nOther := size/128, size/192, size/256, 0
	if bodies {
		nTypes, nUses, nDefs, nOther = size/16, size/24, size/128, size/128
	}
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, nTypes),
		Defs:         make(map[*ast.Ident]types.Object, nDefs),
		Uses:         make(map[*ast.Ident]types.Object, nUses),
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       make(map[ast.Node]*types.Scope, nOther),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, nOther),
		FileVersions: map[*ast.File]string{},
	}
}

// importer is a types.Importer from a function.
type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }
