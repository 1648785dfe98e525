// Command funclen lists the functions of the main module longer than
// the project allows (120 lines, from func to the closing brace), tests
// included, and exits 1 when there are any. .ci/run runs it.
//
//	go run ./funclen -root ../..
//
// It reads the module's Go files as they are, without building them:
// every folder under the root but testdata, hidden ones, and those of
// other modules (a go.mod of their own, as this one's).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLines is the longest a function may be.
const maxLines = 120

func main() {
	root := flag.String("root", ".", "the module's `DIR`")
	max := flag.Int("max", maxLines, "the most lines a function may have")
	flag.Parse()
	long, err := longFuncs(*root, *max)
	if err != nil {
		fmt.Fprintln(os.Stderr, "funclen:", err)
		os.Exit(2)
	}
	report(os.Stdout, long, *max)
	if len(long) > 0 {
		os.Exit(1)
	}
}

// longFunc is a function over the limit.
type longFunc struct {
	file  string // relative to the root
	line  int
	name  string // Recv.Name for a method
	lines int
}

// longFuncs walks the module at root, in lexical order, and returns its
// functions of more than max lines.
func longFuncs(root string, max int) ([]longFunc, error) {
	var out []longFunc
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == root {
				return nil
			}
			name := d.Name()
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start, end := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
			if n := end - start + 1; n > max {
				out = append(out, longFunc{file: filepath.ToSlash(rel), line: start, name: funcName(fd), lines: n})
			}
		}
		return nil
	})
	return out, err
}

// funcName is a function's name, a method's with its receiver's type.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// report writes a line for each function in long.
func report(w io.Writer, long []longFunc, max int) {
	for _, f := range long {
		fmt.Fprintf(w, "%s:%d: %s is %d lines, over %d\n", f.file, f.line, f.name, f.lines, max)
	}
}
