package golayout

import (
	"go/ast"
	"strings"
)

// Generated reports whether f is generated code that its own source does
// not hold: marked "Code generated ... DO NOT EDIT." by a generator other
// than cgo, whose output is the package's own files translated.
func Generated(f *ast.File) bool {
	if !ast.IsGenerated(f) {
		return false
	}
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		if strings.Contains(g.Text(), "by cmd/cgo") {
			return false
		}
	}
	return true
}
