package goload

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"
)

// env is the go command's environment for the fixture module: its own
// go.mod, whatever the caller's GOFLAGS and go.work say.
func env(extra ...string) []string {
	return append(os.Environ(), append([]string{"GOFLAGS=-mod=readonly", "GOWORK=off"}, extra...)...)
}

// TestLoadAgreesWithPackages compares Load with packages.Load in
// LoadSyntax mode, the loader it replaces, package by package: the same
// packages from source with the same files, errors, types, sizes and
// type information; dependencies from export data with the same errors.
// The one difference is by design: packages.Load's go list compiles the
// packages from source, so a package that does not type-check also has
// the compiler's report of it ("# PKG"), which Load does not make.
func TestLoadAgreesWithPackages(t *testing.T) {
	t.Parallel()
	dir, err := filepath.Abs("testdata/mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		dir      string
		env      []string
		tests    bool
		patterns []string
	}{
		{"module", dir, env(), true, []string{"./typed", "./generic", "./broken", "./missing", "./cycle/...", "./arch"}},
		{"no tests", dir, env(), false, []string{"./typed", "./generic", "./broken", "./missing", "./cycle/...", "./arch"}},
		// broken is a dependency here, from export data it has not.
		{"broken dependency", dir, env(), true, []string{"./usesbroken"}},
		{"arm64", dir, env("GOARCH=arm64", "CGO_ENABLED=0"), true, []string{"./arch", "./cycle/..."}},
		// cgo's files, where a C compiler is at hand.
		{"cgo", dir, env(), false, []string{"os/user", "net"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := Load(Config{Dir: c.dir, Env: c.env, Tests: c.tests}, c.patterns...)
			if err != nil {
				t.Fatal(err)
			}
			want, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Dir: c.dir, Env: c.env, Tests: c.tests}, c.patterns...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(describe(want), describe(got)); diff != "" {
				t.Errorf("Load differs from packages.Load (-want +got):\n%s", diff)
			}
			checkIdentity(t, got)
		})
	}
}

// describe says what a load holds, package by package: IDs, the files,
// errors, types and type information of the packages with syntax, the
// errors of the others; not the compiler's reports of the roots.
func describe(roots []*packages.Package) map[string][]string {
	out := map[string][]string{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		var d []string
		for _, e := range p.Errors {
			if slices.Contains(roots, p) && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
				continue
			}
			d = append(d, fmt.Sprintf("error %v %s: %s", e.Kind, e.Pos, e.Msg))
		}
		if p.Syntax == nil {
			if len(d) > 0 {
				out[p.ID] = d
			}
			return
		}
		d = append(d, fmt.Sprintf("illtyped %v", p.IllTyped))
		for _, f := range p.Syntax {
			d = append(d, "file "+filepath.Base(p.Fset.File(f.Pos()).Name()))
		}
		var imports []string
		for _, imp := range p.Types.Imports() {
			imports = append(imports, imp.Path())
		}
		slices.Sort(imports)
		d = append(d, "imports "+strings.Join(imports, " "))
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			d = append(d, types.ObjectString(obj, nil))
			if _, ok := obj.(*types.TypeName); ok && !generic(obj.Type()) {
				d = append(d, fmt.Sprintf("sizeof %s %d", name, p.TypesSizes.Sizeof(obj.Type())))
			}
		}
		d = append(d, info(p.Fset, p.TypesInfo)...)
		out[p.ID] = d
	})
	return out
}

// generic reports whether t is a generic type or alias, which has no size.
func generic(t types.Type) bool {
	switch t := t.(type) {
	case *types.Named:
		return t.TypeParams() != nil
	case *types.Alias:
		return t.TypeParams() != nil
	}
	return false
}

// info is what the type checker recorded, by position.
func info(fset *token.FileSet, in *types.Info) []string {
	pos := func(n ast.Node) string {
		p := fset.Position(n.Pos())
		return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
	}
	var out []string
	for e, tv := range in.Types {
		out = append(out, fmt.Sprintf("type %s %s %v", pos(e), tv.Type, tv.Value))
	}
	for id, obj := range in.Defs {
		if obj != nil {
			out = append(out, fmt.Sprintf("def %s %s", pos(id), types.ObjectString(obj, nil)))
		}
	}
	for id, obj := range in.Uses {
		out = append(out, fmt.Sprintf("use %s %s", pos(id), types.ObjectString(obj, nil)))
	}
	for n, obj := range in.Implicits {
		out = append(out, fmt.Sprintf("implicit %s %s", pos(n), types.ObjectString(obj, nil)))
	}
	for id, inst := range in.Instances {
		out = append(out, fmt.Sprintf("instance %s %s", pos(id), inst.Type))
	}
	for e, sel := range in.Selections {
		out = append(out, fmt.Sprintf("selection %s %s", pos(e), sel))
	}
	for f, v := range in.FileVersions {
		out = append(out, fmt.Sprintf("version %s %s", pos(f), v))
	}
	out = append(out, fmt.Sprintf("scopes %d", len(in.Scopes)))
	sort.Strings(out)
	return out
}

// checkIdentity checks that every package from source is type-checked
// against the very packages the load has for its imports, so that a type
// is one type across the load: a test variant's importer against the
// variant.
func checkIdentity(t *testing.T, roots []*packages.Package) {
	t.Helper()
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Syntax == nil || p.IllTyped {
			return
		}
		for _, ti := range p.Types.Imports() {
			var imp *packages.Package
			for _, i := range p.Imports {
				if i.PkgPath == ti.Path() {
					imp = i
				}
			}
			if imp == nil || imp.Types != ti {
				t.Errorf("%s: its types import another %s than the load has", p.ID, ti.Path())
			}
		}
	})
}

// TestLoadDoesNotCompile checks that Load leaves the packages it
// type-checks from source to the type checker: a function declared
// without a body type-checks, as go vet sees it, where the compiler,
// which packages.Load runs on them, finds no assembly for it.
func TestLoadDoesNotCompile(t *testing.T) {
	t.Parallel()
	cfg := Config{Dir: "testdata/mod", Env: env(), Tests: true}
	pkgs, err := Load(cfg, "./nobody")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.IllTyped || p.Types.Scope().Lookup("V") == nil {
			t.Errorf("%s: errors %v, ill-typed %v, scope %v", p.ID, p.Errors, p.IllTyped, p.Types.Scope().Names())
		}
	}
	// What the fixture stands for: the compiler rejects the package.
	old, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax, Dir: cfg.Dir, Env: cfg.Env}, "./nobody")
	if err != nil {
		t.Fatal(err)
	}
	if len(old) != 1 || !slices.ContainsFunc(old[0].Errors, func(e packages.Error) bool { return strings.Contains(e.Msg, "missing function body") }) {
		t.Errorf("packages.Load compiled nobody without the compiler's error: %v", old[0].Errors)
	}
}

// TestLoadsShareFiles loads packages for amd64 and then arm64 with one
// Files, as cachelint -line=64,128 does: each load holds what it holds
// alone, and the files both builds have are parsed once, one syntax tree
// in both.
func TestLoadsShareFiles(t *testing.T) {
	t.Parallel()
	patterns := []string{"./arch", "./typed", "./broken", "./cycle/..."}
	builds := [][]string{env("GOARCH=amd64"), env("GOARCH=arm64", "CGO_ENABLED=0")}
	files := NewFiles()
	trees := map[string]*ast.File{}    // by file name, over both loads
	names := []map[string]bool{{}, {}} // the files of each load
	for i, e := range builds {
		got, err := Load(Config{Dir: "testdata/mod", Env: e, Tests: true, Files: files}, patterns...)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := Load(Config{Dir: "testdata/mod", Env: e, Tests: true}, patterns...)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(describe(alone), describe(got)); diff != "" {
			t.Errorf("%s: a load sharing files differs from one alone (-alone +shared):\n%s", e[len(e)-2], diff)
		}
		checkIdentity(t, got)
		packages.Visit(got, nil, func(p *packages.Package) {
			if p.Syntax != nil && p.Fset != files.fset {
				t.Errorf("%s: in a FileSet of its own", p.ID)
			}
			for _, f := range p.Syntax {
				name := p.Fset.File(f.Pos()).Name()
				names[i][filepath.Base(name)] = true
				if old, ok := trees[name]; ok && old != f {
					t.Errorf("%s: parsed again", name)
				}
				trees[name] = f
			}
		})
	}
	both := 0
	for name := range names[0] { // no two packages have a file of the same name
		if names[1][name] {
			both++
		}
	}
	if !names[0]["line_other.go"] || names[1]["line_other.go"] || !names[1]["line_arm64.go"] || names[0]["line_arm64.go"] ||
		both == 0 || len(files.parsed) != len(trees) {
		t.Errorf("amd64 has %v, arm64 %v: %d in both, %d parsed for %d files", names[0], names[1], both, len(files.parsed), len(trees))
	}
}

// With VariantBodies, a package whose test variant is loaded too is
// type-checked without function bodies, as a dependency is; its variant
// has them, and the package without tests (broken) keeps its own.
func TestVariantBodies(t *testing.T) {
	t.Parallel()
	got, err := Load(Config{Dir: "testdata/mod", Tests: true, VariantBodies: true}, "./typed", "./broken")
	if err != nil {
		t.Fatal(err)
	}
	// bodies reports whether p's Info holds what Send's body uses.
	bodies := func(p *packages.Package) bool {
		for id := range p.TypesInfo.Uses {
			if id.Name == "Add" || id.Name == "Fatal" {
				return true
			}
		}
		return false
	}
	ids := map[string]bool{}
	for _, p := range got {
		ids[p.ID] = true
		switch {
		case p.ID == "example.com/mod/typed":
			if bodies(p) {
				t.Errorf("%s: function bodies checked, though its variant has them", p.ID)
			}
		case p.ID == TestVariantID(p) && p.PkgPath == "example.com/mod/typed":
			if !bodies(p) {
				t.Errorf("%s: no function bodies", p.ID)
			}
		}
	}
	if !ids["example.com/mod/typed"] || !ids["example.com/mod/typed [example.com/mod/typed.test]"] {
		t.Errorf("loaded %v", ids)
	}
}
