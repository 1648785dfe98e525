package analyzer

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// fixBlockers finds the struct types of the package whose field order the
// program depends on, with the reason: unkeyed composite literals in any
// file of the package's directory, a structs.HostLayout field (the layout
// is the platform's), or cgo.
//
// A pass sees one variant of a package: the package alone, with its
// _test.go files, or its external test package. A fix one variant offers
// is applied to the files every variant shares, so each pass also reads
// the files of the directory it was not given (tests, files of other
// build tags) and blocks what an unkeyed literal there depends on.
//
// Code that depends on the order otherwise (see orderUses) blocks it too;
// an unsafe.Offsetof of a field only while the field is not pinned, so
// those come back apart, by type.
func fixBlockers(pass *analysis.Pass) (map[*types.TypeName]string, map[*types.TypeName][]offsetUse) {
	blocks := map[*types.TypeName]string{}
	structs := map[string]*types.TypeName{}
	for _, name := range pass.Pkg.Scope().Names() {
		obj, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || obj.IsAlias() {
			continue
		}
		st, ok := obj.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		structs[name] = obj
		for f := range st.Fields() {
			if n, ok := types.Unalias(f.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "structs" && n.Obj().Name() == "HostLayout" {
				blocks[obj] = "it has a structs.HostLayout field, so its layout must stay the platform's"
			}
		}
	}
	if cgo := usesCgo(pass); cgo != "" {
		for _, obj := range structs {
			blocks[obj] = cgo
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !unkeyed(lit) {
				return true
			}
			t := pass.TypesInfo.TypeOf(lit)
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			named, ok := types.Unalias(t).(*types.Named)
			if !ok {
				return true
			}
			if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
				return true
			}
			obj := named.Origin().Obj()
			if _, seen := blocks[obj]; !seen {
				blocks[obj] = orderReason(pass.Fset.Position(lit.Pos()))
			}
			return true
		})
	}
	for obj, reason := range sizedArrays(pass) {
		if blocks[obj] == "" {
			blocks[obj] = reason
		}
	}
	for name, pos := range unkeyedElsewhere(pass, structs, otherFiles(pass)) {
		if obj := structs[name]; blocks[obj] == "" {
			blocks[obj] = orderReason(pos)
		}
	}
	offsets := orderUses(pass, blocks)
	outsideLiterals(pass, structs, blocks)
	return blocks, offsets
}

// outsideLiterals blocks the struct types that code outside the packages
// analyzed may build with an unkeyed literal: those with an exported name
// and only exported fields (another package cannot list an unexported
// one). go vet's composites check reports such literals, but they compile,
// and a new order would change their values without a word. A main
// package has no importers. An internal package has them only in the tree
// above its internal directory, whose files are searched as the package's
// own directory is. Any other package may be imported by modules nobody
// here can see.
func outsideLiterals(pass *analysis.Pass, structs map[string]*types.TypeName, blocks map[*types.TypeName]string) {
	if pass.Pkg.Name() == "main" {
		return
	}
	open := map[string]*types.TypeName{} // by the exported name others write
	byType := make(map[*types.Struct][]*types.TypeName, len(structs))
	for _, obj := range structs {
		st := obj.Type().Underlying().(*types.Struct)
		byType[st] = append(byType[st], obj)
	}
	for _, name := range pass.Pkg.Scope().Names() {
		tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok || st.NumFields() == 0 {
			continue
		}
		exported := true
		for f := range st.Fields() {
			exported = exported && f.Exported()
		}
		for _, obj := range byType[st] {
			if exported && blocks[obj] == "" {
				open[name] = obj
			}
		}
	}
	if len(open) == 0 {
		return
	}
	root := internalRoot(pass)
	if root == "" {
		for name, obj := range open {
			if blocks[obj] == "" {
				blocks[obj] = fmt.Sprintf("%s and all its fields are exported, so code importing %s that cachelint does not see may build it with an unkeyed literal, whose values a new order would change (go vet's composites check reports such literals, but they compile)", name, pass.Pkg.Path())
			}
		}
		return
	}
	for name, pos := range unkeyedElsewhere(pass, open, importers(pass, root)) {
		if obj := open[name]; blocks[obj] == "" {
			blocks[obj] = orderReason(pos)
		}
	}
}

// internalRoot is the directory of the tree that may import the package
// when its path has an internal element (the last one rules), "" when it
// has none.
func internalRoot(pass *analysis.Pass) string {
	elems := strings.Split(pass.Pkg.Path(), "/")
	i := slices.Index(elems, "internal")
	for j := i + 1; i >= 0 && j < len(elems); j++ {
		if elems[j] == "internal" {
			i = j
		}
	}
	if i < 0 || len(pass.Files) == 0 {
		return ""
	}
	dir := filepath.Dir(pass.Fset.Position(pass.Files[0].Package).Filename)
	for range len(elems) - i {
		dir = filepath.Dir(dir)
	}
	return dir
}

// importers lists the Go files under root, outside the pass, that import
// the package: those that may hold its literals.
func importers(pass *analysis.Pass, root string) []string {
	given := givenFiles(pass)
	var out []string
	fset := token.NewFileSet()
	filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable directory holds nothing to search
		}
		if e.IsDir() {
			if n := e.Name(); path != root && (n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || given[path] {
			return nil
		}
		f, _ := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if f == nil {
			return nil
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == pass.Pkg.Path() {
				out = append(out, path)
				break
			}
		}
		return nil
	})
	return out
}

// givenFiles are the names of the files of the pass, as written and as
// compiled (cgo's).
func givenFiles(pass *analysis.Pass) map[string]bool {
	given := map[string]bool{}
	for _, f := range pass.Files {
		given[pass.Fset.Position(f.Package).Filename] = true
		given[pass.Fset.File(f.Package).Name()] = true
	}
	return given
}

// otherFiles lists the Go files of the package's directories that the
// pass was not given: tests, external tests, files of other build tags.
func otherFiles(pass *analysis.Pass) []string {
	given := givenFiles(pass)
	dirs := map[string]bool{}
	for _, f := range pass.Files {
		dirs[filepath.Dir(pass.Fset.Position(f.Package).Filename)] = true
	}
	var out []string
	for dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			path := filepath.Join(dir, e.Name())
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") && !given[path] {
				out = append(out, path)
			}
		}
	}
	return out
}

func orderReason(pos token.Position) string {
	return fmt.Sprintf("an unkeyed composite literal at %s depends on the field order", pos)
}

func unkeyed(lit *ast.CompositeLit) bool {
	if len(lit.Elts) == 0 {
		return false
	}
	_, keyed := lit.Elts[0].(*ast.KeyValueExpr)
	return !keyed
}

// usesCgo says why the package's field orders must stay when it uses cgo,
// "" when it does not. The go command hands analyzers the files cgo wrote,
// in which import "C" is gone and //line comments point back at the
// originals, so the generated declarations tell as well as the import.
func usesCgo(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return fmt.Sprintf("the package uses cgo (%s), whose C side may rely on the field order", pass.Fset.Position(imp.Pos()))
			}
		}
	}
	scope := pass.Pkg.Scope()
	if scope.Lookup("_cgo_runtime_cgocall") == nil && scope.Lookup("_Cgo_use") == nil {
		return ""
	}
	for _, f := range pass.Files {
		if orig := pass.Fset.Position(f.Package).Filename; orig != pass.Fset.File(f.Package).Name() {
			return fmt.Sprintf("the package uses cgo (%s), whose C side may rely on the field order", orig)
		}
	}
	return "the package uses cgo, whose C side may rely on the field order"
}

// unkeyedElsewhere finds unkeyed composite literals of the package's struct
// types (named in structs) in the Go files paths, which the pass was not
// given, by syntax alone: T{...}, &T{...}, pkg.T{...} in an importer,
// elements of []T{...} and map[K]T{...}, and types defined from T in
// those files. It returns the first position for each type name.
func unkeyedElsewhere(pass *analysis.Pass, structs map[string]*types.TypeName, paths []string) map[string]token.Position {
	if len(structs) == 0 {
		return nil
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		if f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution); f != nil {
			_ = err // a file with syntax errors is still searched
			files = append(files, f)
		}
	}
	found := map[string]token.Position{}
	for _, f := range files {
		// How the file names the package's types: bare in the package
		// itself (or imported with a dot), qualified in an importer.
		qual := ""
		bare := f.Name.Name == pass.Pkg.Name()
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == pass.Pkg.Path() {
				switch {
				case imp.Name == nil:
					qual = pass.Pkg.Name()
				case imp.Name.Name == ".":
					bare = true
				default:
					qual = imp.Name.Name
				}
			}
		}
		if !bare && qual == "" {
			continue
		}
		r := refs{bare: bare, qual: qual, names: structs, local: map[string]string{}}
		// Types the file defines from the package's: type L T, type L = T.
		for changed := true; changed; {
			changed = false
			ast.Inspect(f, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				if orig := r.structOf(ts.Type); orig != "" && r.local[ts.Name.Name] == "" {
					r.local[ts.Name.Name] = orig
					changed = true
				}
				return true
			})
		}
		var visit func(lit *ast.CompositeLit, typ ast.Expr)
		visit = func(lit *ast.CompositeLit, typ ast.Expr) {
			if lit.Type != nil {
				typ = lit.Type
			}
			if orig := r.structOf(typ); orig != "" && unkeyed(lit) {
				if _, seen := found[orig]; !seen {
					found[orig] = fset.Position(lit.Pos())
				}
			}
			elem := elemType(typ)
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.CompositeLit); ok && k.Type == nil {
						if m, ok := typ.(*ast.MapType); ok {
							visit(k, m.Key)
						}
					}
					e = kv.Value
				}
				if inner, ok := e.(*ast.CompositeLit); ok && inner.Type == nil && elem != nil {
					visit(inner, elem)
				}
				if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if inner, ok := u.X.(*ast.CompositeLit); ok && inner.Type == nil && elem != nil {
						visit(inner, elem)
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok && lit.Type != nil {
				visit(lit, nil)
			}
			return true
		})
	}
	return found
}

// refs says how one file names the package's struct types.
type refs struct {
	bare  bool   // as T: the file is in the package or dot-imports it
	qual  string // as qual.T: the file imports the package under this name
	names map[string]*types.TypeName
	local map[string]string // types the file defines from them, to the one
}

// structOf returns the package's struct type that type expression e names,
// through pointers, parentheses and type arguments, or "".
func (r *refs) structOf(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
			continue
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.IndexExpr: // an instance of a generic type
			e = x.X
			continue
		case *ast.IndexListExpr:
			e = x.X
			continue
		case *ast.Ident:
			if orig := r.local[x.Name]; orig != "" {
				return orig
			}
			if r.bare && r.names[x.Name] != nil {
				return x.Name
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && r.qual != "" && id.Name == r.qual && r.names[x.Sel.Name] != nil {
				return x.Sel.Name
			}
		}
		return ""
	}
}

// elemType is the type of the elements of an array, slice or map type
// expression, which unkeyed element literals leave out; nil for others.
func elemType(e ast.Expr) ast.Expr {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
			continue
		case *ast.ArrayType:
			return x.Elt
		case *ast.MapType:
			return x.Value
		}
		return nil
	}
}

// sizedArrays finds the struct types of the package whose size, offsets or
// alignment (unsafe.Sizeof, Offsetof, Alignof) an array length in the
// package is computed from, such as a pad that rounds the type up to a
// line (xsync's [cacheLineSize - unsafe.Sizeof(bucket{})]byte): a new
// layout changes the length, or makes it negative and stops the build.
func sizedArrays(pass *analysis.Pass) map[*types.TypeName]string {
	out := map[*types.TypeName]string{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			at, ok := n.(*ast.ArrayType)
			if !ok || at.Len == nil {
				return true
			}
			ast.Inspect(at.Len, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				fn, ok := callee(pass, call).(*types.Builtin)
				if !ok || (fn.Name() != "Sizeof" && fn.Name() != "Offsetof" && fn.Name() != "Alignof") {
					return true
				}
				arg := call.Args[0]
				if sel, ok := ast.Unparen(arg).(*ast.SelectorExpr); ok && fn.Name() == "Offsetof" {
					arg = sel.X
				}
				named, ok := types.Unalias(pass.TypesInfo.TypeOf(arg)).(*types.Named)
				if !ok || named.Obj().Pkg() != pass.Pkg {
					return true
				}
				if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
					return true
				}
				obj := named.Origin().Obj()
				if _, seen := out[obj]; !seen {
					out[obj] = fmt.Sprintf("unsafe.%s(%s) sizes an array at %s, so its layout must stay",
						fn.Name(), types.ExprString(call.Args[0]), pass.Fset.Position(at.Pos()))
				}
				return true
			})
			return true
		})
	}
	return out
}
