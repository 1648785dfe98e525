package golayout

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
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

// After a multi-line block comment, a comment that starts on the line
// where it ends follows the same field: Go's parser makes it the next
// field's doc, but a directive there is the field's it follows, and
// FieldListEdit (profile -annotate) writes one there that reads back as
// that field's. A comment on a line of its own is the next field's.
func TestDirectiveAfterMultiLineBlock(t *testing.T) {
	t.Parallel()
	parse := func(src []byte) (*token.FileSet, *ast.File, *ast.StructType) {
		t.Helper()
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
		if err != nil {
			t.Fatalf("%v in\n%s", err, src)
		}
		return fset, file, file.Decls[0].(*ast.GenDecl).Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	}
	verbs := func(src []byte) [][]string {
		fset, file, st := parse(src)
		var out [][]string
		for _, ds := range ReadDirectives(fset, file).fields(st) {
			var vs []string
			for _, d := range ds {
				vs = append(vs, strings.Join(append([]string{d.verb}, d.args...), " "))
			}
			out = append(out, vs)
		}
		return out
	}
	src := []byte("package p\n\ntype T struct {\n" +
		"\ta int /* one\n\ttwo */ //cachelint:hot write\n" +
		"\tb int /* one\n\ttwo */ /* three\n\tfour */ //cachelint:pin\n" +
		"\tc int /* of c\n\t*/\n\t//cachelint:hot\n" +
		"\td int\n" +
		"\te int /* of e\n\t*/ f int //cachelint:hot path=f\n" +
		"}\n")
	want := [][]string{{"hot write"}, {"pin"}, nil, {"hot"}, nil, {"hot path=f"}}
	if got := verbs(src); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("directives %q, want %q", got, want)
	}
	// profile -annotate on e, whose block comment spans lines, and on c,
	// after whose comment a directive of d's stands.
	fset, file, st := parse(src)
	start, end, text, err := FieldListEdit(src, fset.File(st.Pos()), file, st, map[int]string{2: "//cachelint:hot path=c", 4: "//cachelint:hot path=e"})
	if err != nil {
		t.Fatal(err)
	}
	out := slices.Concat(src[:start], text, src[end:])
	want = [][]string{{"hot write"}, {"pin"}, {"hot path=c"}, {"hot"}, {"hot path=e"}, {"hot path=f"}}
	if got := verbs(out); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("after FieldListEdit, directives %q, want %q in\n%s", got, want, out)
	}
	// Fields on one line, split by a semicolon, in a struct on one line.
	src = []byte("package p\n\ntype T struct { a int; b int /* of b */ }")
	fset, file, st = parse(src)
	start, end, text, err = FieldListEdit(src, fset.File(st.Pos()), file, st, map[int]string{0: "//cachelint:hot", 1: "//cachelint:pin"})
	if err != nil {
		t.Fatal(err)
	}
	out = slices.Concat(src[:start], text, src[end:])
	want = [][]string{{"hot"}, {"pin"}}
	if got := verbs(out); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("after FieldListEdit, directives %q, want %q in\n%s", got, want, out)
	}
}

// The pads a fix writes carry no comment: a run after the fix takes one
// for a separator on its size and place, or on the constant or pad type
// it is written in, as it would take a pad a person wrote so.
func TestFixPads(t *testing.T) {
	t.Parallel()
	member := func(name string, off, size int64, hot string) layout.Member {
		m := layout.Member{Name: name, Type: "uint64", Offset: off, Size: size, Align: 8, BitOffset: off * 8}
		if name == "_" {
			m.Type, m.Align, m.ElemSize, m.Padding = fmt.Sprintf("[%d]byte", size), 1, 1, true
		}
		if hot != "" {
			m.Hot = &layout.Hot{Write: hot == "w"}
		}
		return m
	}
	// a, _ (8), b, _ (40), w, _ (24): a cold pad, one beside a writer,
	// one that ends the struct.
	s := &layout.Struct{Name: "s", Lang: layout.LangGo, Kind: layout.KindStruct, Align: 8, Size: 112, Members: []layout.Member{
		member("a", 0, 8, "r"), member("_", 8, 8, ""), member("b", 16, 8, ""), member("_", 24, 40, ""),
		member("w", 64, 8, "w"), member("_", 72, 40, ""),
	}}
	for _, c := range []struct {
		unit  string
		value int64
		typed bool
		want  []bool // of members 1, 3 and 5
	}{
		{"", 0, false, []bool{false, true, false}},
		{"cacheLineSize", 64, false, []bool{true, true, true}},
		{"padSize", 64, false, []bool{false, true, false}},
		// Whole pads of the type where they fit, [N]byte elsewhere.
		{"cpu.CacheLinePad", 8, true, []bool{true, true, true}},
		{"cpu.CacheLinePad", 64, true, []bool{false, true, false}},
	} {
		sep := FixPads(c.unit, c.value, c.typed)
		var got []bool
		for _, i := range []int{1, 3, 5} {
			got = append(got, sep(s, i))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("FixPads(%q, %d, %v): %v, want %v", c.unit, c.value, c.typed, got, c.want)
		}
	}
}
