// Package profile maps the samples of pprof CPU profiles onto the fields of
// Go struct types, statically: a source of hotness for cachelint, as hot
// files are for binaries.
//
// Each frame of a sample (inlined frames included) names a line of a
// function. A sample counts once for a field it shows ran: the field
// selectors on the line, in that function (a function literal's body is
// its own function), but for the operands of && and || that an earlier
// operand on the line may leave unevaluated, unless the frame nearer the
// leaf is a function only such an operand calls. With them, the accesses
// that certainly ran in the same call for the line to run (the statements
// before it, the headers around it, the statements after it up to one
// that may leave) and what small functions called on the line always
// access. And with them, the straight line of the function, or of the
// loop body the line is in: what every call or iteration runs, past the
// guards (if ... { return }) no sample of the profile went into, so cheap
// reads next to costly calls get the function's weight. These stop at the
// innermost enclosing loop, and count only when no frame nearer the leaf
// is in a loop of its own function, nor in the runtime's waiting, waking
// or allocating (shared): then the call runs them once for many samples,
// or for samples that show it ran but not how often. Writing to a local
// copy of a struct writes nothing shared.
//
// A field's share is the fraction of a profile's samples that touch it; it
// is written when the samples of lines writing it reach the same share. A
// field the sampled code touches only while holding a lock of its struct
// exclusively is guarded by it (lockGuards). docs/profile.md says it all
// with examples.
package profile

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/goload"
)

// Program is a set of loaded packages whose lines profiles are mapped to.
type Program struct {
	fset *token.FileSet
	pkgs []*packages.Package
	// files maps the absolute and the -trimpath name of each file of the
	// load to the file.
	files map[string]*srcFile
	// manyStarts are the functions many goroutines run, on what they
	// share (findManyStarts), found when a profile first needs them.
	manyStarts map[funcKey]bool
	// onePackage says the load is one package of a program (a go vet
	// pass), whose exported types code out of sight may hold.
	onePackage bool
	// benchReach are the functions benchmark functions reach
	// (benchmarksReaching), found when a profile of benchmarks first
	// needs them.
	benchReach map[string][]string
	// modules are the directories and paths of the modules of the load,
	// to tell a profile of another program from one of this program with
	// no sample in the packages loaded.
	modules []*packages.Module

	structs map[string]*structType
	fields  []fieldRef

	// funcs are the function declarations of the load by
	// types.Func.FullName, built on first use; entries memoizes what
	// calling each always accesses.
	funcs   map[string]funcDecl
	entries map[string][]access
	// funcWrites are the fields each function a profile names writes on
	// its own lines (writesField), memoized.
	funcWrites map[string]map[int32]bool
	// byFrame are the function declarations of the load by the names
	// profiles give them, built on first use (declsByFrame).
	byFrame map[string]funcDecl
	// Memos of the syntax rules, by node: whether a function body loops,
	// whether a statement may leave, what a statement certainly accesses.
	loopy  map[*ast.BlockStmt]bool
	leaves map[ast.Stmt]bool
	musts  map[ast.Stmt][]access
}

// structType is a named struct type some code of the load accesses.
type structType struct {
	key    string
	fields []int32 // ids by field index; -1 until accessed
	// parts are the ids of the parts of its struct-typed fields
	// (partID), by field index and path.
	parts map[int]map[string]int32
}

// fieldRef names one field of a struct type, or a part of one.
type fieldRef struct {
	key   string // the struct type's golayout.TypeKey
	index int
	name  string
	// part, for a field whose type is a struct, names what code selects
	// in it: the path of the fields selected ("a.b"), "" for the whole
	// field. isPart says the ref is such a part.
	part   string
	isPart bool
}

// Load loads the packages matching patterns, tests included, with full
// type information, from directory dir ("" for the current one).
func Load(dir string, patterns ...string) (*Program, error) {
	pkgs, err := goload.Load(goload.Config{Dir: dir, Tests: true}, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	for _, p := range pkgs {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	}
	if len(errs) > 0 {
		slices.Sort(errs)
		return nil, fmt.Errorf("loading %s:\n\t%s", strings.Join(patterns, " "), strings.Join(slices.Compact(errs), "\n\t"))
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	return FromPackages(pkgs), nil
}

// FromPackages makes a Program of packages loaded with syntax and full
// type information, as Load loads them, none with errors.
func FromPackages(pkgs []*packages.Package) *Program {
	return fromPackages(pkgs, false)
}

// FromPackage is FromPackages for one package of a program, seen alone
// (a go vet pass): code out of sight may hold its exported types.
func FromPackage(pkg *packages.Package) *Program {
	return fromPackages([]*packages.Package{pkg}, true)
}

func fromPackages(pkgs []*packages.Package, onePackage bool) *Program {
	p := &Program{files: map[string]*srcFile{}, structs: map[string]*structType{}, onePackage: onePackage}
	goroot := filepath.Join(golayout.GOROOT(), "src")
	for _, pkg := range pkgs {
		if p.fset == nil {
			p.fset = pkg.Fset
		}
		p.pkgs = append(p.pkgs, pkg)
		if pkg.Module != nil && !slices.ContainsFunc(p.modules, func(m *packages.Module) bool { return m.Path == pkg.Module.Path }) {
			p.modules = append(p.modules, pkg.Module)
		}
		for i, name := range pkg.CompiledGoFiles {
			if i >= len(pkg.Syntax) {
				break
			}
			abs := filepath.Clean(name)
			if _, seen := p.files[abs]; seen {
				continue // a package and its test variant share files
			}
			f := &srcFile{name: abs, pkg: pkg, syntax: pkg.Syntax[i]}
			p.files[abs] = f
			for _, t := range trimmedNames(abs, pkg.Module, goroot) {
				if _, seen := p.files[t]; !seen {
					p.files[t] = f
				}
			}
		}
	}
	return p
}

// trimmedNames are the names -trimpath gives file abs: module path and
// version in place of the module directory, nothing in place of GOROOT/src.
func trimmedNames(abs string, m *packages.Module, goroot string) []string {
	var out []string
	if m != nil && m.Dir != "" {
		if rel, err := filepath.Rel(m.Dir, abs); err == nil && !strings.HasPrefix(rel, "..") {
			rel = filepath.ToSlash(rel)
			out = append(out, m.Path+"/"+rel)
			if m.Version != "" {
				out = append(out, m.Path+"@"+m.Version+"/"+rel)
			}
		}
	}
	if rel, err := filepath.Rel(goroot, abs); err == nil && !strings.HasPrefix(rel, "..") {
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

// lookup returns the file of the load a profile names, or nil.
func (p *Program) lookup(name string) *srcFile {
	if f := p.files[name]; f != nil {
		return f
	}
	if filepath.IsAbs(name) {
		return p.files[filepath.Clean(name)]
	}
	return nil
}

// inModule reports whether name, a file a profile names, is in a module of
// the load (the program the load belongs to).
func (p *Program) inModule(name string) bool {
	for _, m := range p.modules {
		if m.Dir != "" && strings.HasPrefix(name, m.Dir+string(os.PathSeparator)) {
			return true
		}
		if strings.HasPrefix(name, m.Path+"/") || strings.HasPrefix(name, m.Path+"@") {
			return true
		}
	}
	return false
}

// isClosure reports whether a function of a profile, named as the gc
// compiler names functions, is a function literal: outer.func1, nested
// outer.func1.2, inlined into another caller.outer.func1. A function
// declared as func1 is none: its name follows the package's.
func isClosure(name string) bool {
	segs := strings.Split(name[strings.LastIndexByte(name, '/')+1:], ".")
	i := len(segs) - 1
	for i > 0 && segs[i] != "" && strings.Trim(segs[i], "0123456789") == "" {
		i--
	}
	num, ok := strings.CutPrefix(segs[i], "func")
	return i >= 2 && ok && num != "" && strings.Trim(num, "0123456789") == ""
}

// fieldID returns the id of field i of the struct type key (st), or -1 for
// a field of an unnamed struct type.
func (p *Program) fieldID(key string, st *types.Struct, i int) int32 {
	if key == "" {
		return -1
	}
	s := p.structs[key]
	if s == nil {
		s = &structType{key: key, fields: make([]int32, st.NumFields())}
		for j := range s.fields {
			s.fields[j] = -1
		}
		p.structs[key] = s
	}
	if i >= len(s.fields) {
		return -1
	}
	if s.fields[i] < 0 {
		s.fields[i] = int32(len(p.fields))
		p.fields = append(p.fields, fieldRef{key: key, index: i, name: st.Field(i).Name()})
	}
	return s.fields[i]
}

// partID returns the id of part path ("" for the whole) of the field
// whose id is field, a field of struct type (fieldRef.part).
func (p *Program) partID(field int32, path string) int32 {
	f := p.fields[field]
	s := p.structs[f.key]
	if s.parts == nil {
		s.parts = map[int]map[string]int32{}
	}
	if s.parts[f.index] == nil {
		s.parts[f.index] = map[string]int32{}
	}
	id, ok := s.parts[f.index][path]
	if !ok {
		id = int32(len(p.fields))
		s.parts[f.index][path] = id
		p.fields = append(p.fields, fieldRef{key: f.key, index: f.index, name: f.name, part: path, isPart: true})
	}
	return id
}

// declaredStruct finds the declaration of the struct type key in the
// load: its object, type spec and package.
func (p *Program) declaredStruct(key string) (*types.TypeName, *ast.TypeSpec, *packages.Package) {
	for _, pkg := range p.pkgs {
		if pkg.Types == nil || !strings.HasPrefix(key, pkg.Types.Path()+".") {
			continue
		}
		for id, obj := range pkg.TypesInfo.Defs {
			tn, ok := obj.(*types.TypeName)
			if !ok || golayout.TypeKey(p.fset, tn) != key {
				continue
			}
			for _, f := range pkg.Syntax {
				if f.FileStart <= id.Pos() && id.Pos() < f.FileEnd {
					var spec *ast.TypeSpec
					ast.Inspect(f, func(n ast.Node) bool {
						if ts, ok := n.(*ast.TypeSpec); ok && ts.Name == id {
							spec = ts
						}
						return spec == nil
					})
					return tn, spec, pkg
				}
			}
		}
	}
	return nil, nil, nil
}

// funcKey names a function by the file and line of its func keyword.
type funcKey struct {
	file string
	line int
}
