package golayout

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// FormatFieldList formats only the declaration that holds the struct;
// gofmt of the whole file is the oracle. Every struct type of the
// analyzer's test packages, at any depth, gets its field list back with
// its alignment collapsed, and both must lay it out byte for byte alike.
func TestFormatFieldListAgainstWholeFile(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../analyzer/testdata/src/*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	blanks := regexp.MustCompile(`[ \t]+`)
	n := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			continue // a test package may hold source that does not parse
		}
		tf := fset.File(file.Pos())
		ast.Inspect(file, func(x ast.Node) bool {
			st, ok := x.(*ast.StructType)
			if !ok {
				return true
			}
			open, close := tf.Offset(st.Fields.Opening), tf.Offset(st.Fields.Closing)
			list := blanks.ReplaceAll(src[open+1:close], []byte(" "))
			whole, err := format.Source(slices.Concat(src[:open+1], list, src[close:]))
			if err != nil {
				return true
			}
			want, err := structBody(whole, structIndex(file, st))
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(st.Pos()), err)
			}
			got, err := FormatFieldList(src, tf, file, st, list)
			if err != nil {
				t.Errorf("%s: %v", fset.Position(st.Pos()), err)
			} else if string(got) != string(want) {
				t.Errorf("%s: got\n%s\nwant\n%s", fset.Position(st.Pos()), got, want)
			}
			n++
			return true
		})
	}
	if n < 50 {
		t.Errorf("%d struct types compared, want at least 50", n)
	}
	t.Logf("%d struct types format alike", n)
}
