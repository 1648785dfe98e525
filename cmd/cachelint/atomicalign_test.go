package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"
)

// runs386 reports whether this machine runs 386 executables; a kernel
// built without IA32 emulation refuses them with "exec format error".
var runs386 = sync.OnceValue(func() bool {
	dir, err := os.MkdirTemp("", "runs386")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module probe\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
	build := exec.Command("go", "build", "-o", "probe")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOARCH=386", "GOWORK=off", "GOFLAGS=", "CGO_ENABLED=0")
	if build.Run() != nil {
		return false
	}
	return exec.Command(filepath.Join(dir, "probe")).Run() == nil
})

// testFor runs the package tests of the module in dir for GOARCH arch,
// or, for 386 on a machine that cannot run its executables, builds them.
func testFor(t *testing.T, dir, arch string) {
	t.Helper()
	if arch == "386" && !runs386() {
		t.Logf("this machine does not run 386 executables: the 386 tests are built, not run; misalignedAtomics checks the 386 layout")
		goCmd(t, dir, arch, "test", "-c", "-o", t.TempDir()+string(filepath.Separator), "./...")
		return
	}
	goCmd(t, dir, arch, "test", "-count=1", "./...")
}

// atomic64 are sync/atomic's functions that need their operand 8-byte
// aligned on 32-bit GOARCHes.
var atomic64 = map[string]bool{
	"AddInt64": true, "AddUint64": true, "LoadInt64": true, "LoadUint64": true,
	"StoreInt64": true, "StoreUint64": true, "SwapInt64": true, "SwapUint64": true,
	"CompareAndSwapInt64": true, "CompareAndSwapUint64": true,
}

// misalignedAtomics lists the calls of sync/atomic's 64-bit functions
// on a struct field, through a value or a pointer, whose field is not
// 8-byte aligned in its struct when the module in dir is built for the
// 32-bit GOARCH arch: where sync/atomic panics with "unaligned 64-bit
// atomic operation". It reads the layout with go/types' sizes for arch,
// none of cachelint's code, so it checks what -fix does from outside.
func misalignedAtomics(t *testing.T, dir, arch string) []string {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:   dir,
		Env:   append(os.Environ(), "GOARCH="+arch, "GOWORK=off", "GOFLAGS=", "CGO_ENABLED=0"),
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatalf("loading %s for %s: %v", dir, arch, err)
	}
	sizes := types.SizesFor("gc", arch)
	seen := map[token.Position]bool{}
	var bad []string
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			t.Errorf("loading %s for %s: %v", pkg.PkgPath, arch, e)
		}
		for _, f := range pkg.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				fn, ok := typeutil.Callee(pkg.TypesInfo, call).(*types.Func)
				if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || !atomic64[fn.Name()] {
					return true
				}
				addr, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
				if !ok || addr.Op != token.AND {
					return true
				}
				sel, ok := ast.Unparen(addr.X).(*ast.SelectorExpr)
				if !ok {
					return true
				}
				selection := pkg.TypesInfo.Selections[sel]
				if selection == nil || selection.Kind() != types.FieldVal {
					return true
				}
				// The offset of the field from the start of the outermost
				// struct, through embedded fields too.
				var off int64
				typ := selection.Recv()
				for _, i := range selection.Index() {
					if p, ok := typ.Underlying().(*types.Pointer); ok {
						off, typ = 0, p.Elem()
					}
					st := typ.Underlying().(*types.Struct)
					fields := make([]*types.Var, st.NumFields())
					for j := range fields {
						fields[j] = st.Field(j)
					}
					off += sizes.Offsetsof(fields)[i]
					typ = st.Field(i).Type()
				}
				pos := pkg.Fset.Position(call.Pos())
				if off%8 != 0 && !seen[pos] {
					seen[pos] = true
					bad = append(bad, fmt.Sprintf("%s: %s(&%s) at offset %d on %s", pos, fn.Name(), types.ExprString(sel), off, arch))
				}
				return true
			})
		}
	}
	return bad
}

// The oracle of misalignedAtomics finds a 64-bit counter 4 bytes off an
// 8-byte boundary on 386 and arm, and not on amd64's layout.
func TestMisalignedAtomicsOracle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module probe\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "c.go"), []byte(`package probe

import "sync/atomic"

type inner struct {
	flag uint32
	n    uint64
}

type outer struct {
	ok   uint64
	in   inner
	pad  [48]byte
	late uint64
}

func Bump(o *outer, v outer) uint64 {
	atomic.AddUint64(&o.ok, 1)
	atomic.AddUint64(&o.in.n, 1)
	atomic.AddUint64(&o.late, 1)
	return atomic.LoadUint64(&v.in.n)
}
`), 0o644)
	for _, arch := range []string{"386", "arm"} {
		bad := misalignedAtomics(t, dir, arch)
		if len(bad) != 3 {
			t.Errorf("%s: %d misaligned, want 3 (o.in.n, o.late, v.in.n):\n%q", arch, len(bad), bad)
		}
	}
	if bad := misalignedAtomics(t, dir, "amd64"); len(bad) != 0 {
		t.Errorf("amd64: %q, want none", bad)
	}
}
