package layout

import (
	"go/ast"
	"go/build"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The line size of each GOARCH is the running toolchain's own
// internal/cpu.CacheLinePadSize, for every GOARCH it can build for, and
// each size a GOARCH stands for is that GOARCH's.
func TestGOARCHLinesAreTheRuntimes(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "tool", "dist", "list").Output()
	if err != nil {
		t.Fatalf("go tool dist list: %v", err)
	}
	seen := map[string]bool{}
	for _, pair := range strings.Fields(string(out)) {
		goos, goarch, _ := strings.Cut(pair, "/")
		if seen[goarch] {
			continue
		}
		seen[goarch] = true
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = goos, goarch, false
		pkg, err := ctx.Import("internal/cpu", "", 0)
		if err != nil {
			t.Fatalf("%s: internal/cpu: %v", pair, err)
		}
		if got, want := DefaultLineSize(goarch), cacheLinePadSize(t, pkg); got != want {
			t.Errorf("DefaultLineSize(%q) = %d, internal/cpu.CacheLinePadSize = %d", goarch, got, want)
		}
	}
	for _, size := range []int64{32, 64, 128, 256} {
		a, ok := LineGOARCH(size)
		if !ok || DefaultLineSize(a) != size || !seen[a] {
			t.Errorf("LineGOARCH(%d) = %q, %v: want a GOARCH of the toolchain with %d-byte lines", size, a, ok, size)
		}
	}
}

// cacheLinePadSize is the value of the constant CacheLinePadSize among
// pkg's Go files.
func cacheLinePadSize(t *testing.T, pkg *build.Package) int64 {
	t.Helper()
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if n.Name != "CacheLinePadSize" || i >= len(vs.Values) {
						continue
					}
					tv, err := types.Eval(fset, nil, token.NoPos, types.ExprString(vs.Values[i]))
					if err != nil {
						t.Fatalf("%s: CacheLinePadSize: %v", name, err)
					}
					v, _ := constant.Int64Val(tv.Value)
					return v
				}
			}
		}
	}
	t.Fatalf("%s: no CacheLinePadSize in %v", pkg.Dir, pkg.GoFiles)
	return 0
}

// -line takes comma-separated sizes, each once in the order given, and
// refuses what the line arithmetic cannot use.
func TestLineSizesFlag(t *testing.T) {
	t.Parallel()
	var l LineSizes
	if err := l.Set("128, 64,128"); err != nil || l.String() != "128,64" {
		t.Errorf("Set(\"128, 64,128\") = %v, %q; want nil, \"128,64\"", err, l.String())
	}
	for v, want := range map[string]string{
		"96":     "line size 96: want a power of two from 8 to 4096",
		"64,x":   `"x": not a number`,
		"":       `"": not a number`,
		"8192":   "line size 8192: want a power of two from 8 to 4096",
		"64,-64": "line size -64: want a power of two from 8 to 4096",
	} {
		l := LineSizes{64}
		if err := l.Set(v); err == nil || err.Error() != want || l.String() != "64" {
			t.Errorf("Set(%q) = %v leaving %q; want %q leaving 64", v, err, l.String(), want)
		}
	}
}
