package golayout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// FieldListEdit, as cachelint profile -annotate uses it, on a field whose
// tag spans lines and has a comment after it: the directive must not run
// into that comment, and must read back as the field's.
func TestFieldListEditAfterMultiLineTag(t *testing.T) {
	t.Parallel()
	src := []byte("package p\n\ntype T struct {\n\ttag string `a:\"1\"\n\tb:\"2\"` // the tag\n\tx int\n}\n")
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	st := file.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	start, end, text, err := FieldListEdit(src, fset.File(st.Pos()), file, st, map[int]string{0: "//cachelint:hot write"})
	if err != nil {
		t.Fatal(err)
	}
	out := slices.Concat(src[:start], text, src[end:])
	file, err = parser.ParseFile(fset, "b.go", out, parser.ParseComments)
	if err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	st = file.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	got := ReadDirectives(fset, file).fields(st)
	if len(got[0]) != 1 || got[0][0].verb != "hot" || !slices.Equal(got[0][0].args, []string{"write"}) || len(got[1]) != 0 {
		t.Errorf("directives %v in\n%s", got, out)
	}
	if !strings.Contains(string(out), "// the tag\n") {
		t.Errorf("the tag's comment changed:\n%s", out)
	}
}

// A directive may carry a comment for people behind " //", as
// FieldListEdit writes one in front of a field's comment; a reason
// holding "//" without a space before it (a URL) is the reason's.
func TestDirectiveTrailingComment(t *testing.T) {
	t.Parallel()
	src := "package p\n\n//cachelint:ignore spread see https://example.com/x // why\ntype T struct {\n\tx int //cachelint:hot write path=tx // the x\n\ty int /* y */ //cachelint:hot\n}\n"
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	ds := ReadDirectives(fset, file)
	gd := file.Decls[0].(*ast.GenDecl)
	st := gd.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	typeDirs := ds.in(gd.Doc)
	if len(typeDirs) != 1 || !slices.Equal(typeDirs[0].args, []string{"spread", "see", "https://example.com/x"}) {
		t.Errorf("ignore: %+v", typeDirs)
	}
	fields := ds.fields(st)
	if len(fields[0]) != 1 || !slices.Equal(fields[0][0].args, []string{"write", "path=tx"}) || len(fields[1]) != 1 || fields[1][0].verb != "hot" {
		t.Errorf("fields: %+v %+v", fields[0], fields[1])
	}
}
