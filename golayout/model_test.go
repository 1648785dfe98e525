package golayout

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cachelint/cachelint/layout"
)

// typecheckMain type-checks src as one file of package main, importing the
// standard library from source so that no export data is needed.
func typecheckMain(t *testing.T, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "src.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{
		Importer: importer.ForCompiler(fset, "source", nil),
		Sizes:    types.SizesFor("gc", runtime.GOARCH),
	}
	pkg, err := conf.Check("main", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func lookupStruct(t *testing.T, pkg *types.Package, name string) *types.Struct {
	t.Helper()
	obj := pkg.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("no type %s", name)
	}
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		t.Fatalf("%s is %s, not a struct", name, obj.Type().Underlying())
	}
	return st
}

// fieldRec and structRec are the numbers both the compiled program and
// structLayout report, so that cmp can diff them.
type fieldRec struct {
	Name  string `json:"name"`
	Off   int64  `json:"off"`
	Size  int64  `json:"size"`
	Align int64  `json:"align"`
}

type structRec struct {
	Name   string     `json:"name"`
	Size   int64      `json:"size"`
	Align  int64      `json:"align"`
	Fields []fieldRec `json:"fields"`
}

func layoutRec(s *layout.Struct) structRec {
	r := structRec{Name: s.Name, Size: s.Size, Align: s.Align, Fields: []fieldRec{}}
	for _, m := range s.Members {
		r.Fields = append(r.Fields, fieldRec{Name: m.Name, Off: m.Offset, Size: m.Size, Align: m.Align})
	}
	return r
}

// genField is one field of a generated struct.
type genField struct {
	name     string // "_" for a blank field, the type's name for an embedded one
	typ      string
	embedded bool
}

// genDecl is a generated struct type (generic when tparams is set) or, when
// base is set, an alias to an instantiation base[args].
type genDecl struct {
	name, tparams string
	fields        []genField
	base, args    string
}

// corpus is a generated package of struct types. A struct with blank fields
// gets a twin, named name+"_named", whose blank fields have names: the
// program measures the blank fields' offsets in the twin, since
// unsafe.Offsetof cannot name a blank field.
type corpus struct {
	raw     []string // non-struct type declarations
	decls   []*genDecl
	byName  map[string]*genDecl
	checked []string // the struct types compared, in order
}

func (c *corpus) add(d *genDecl, checked bool) {
	c.decls = append(c.decls, d)
	c.byName[d.name] = d
	if checked {
		c.checked = append(c.checked, d.name)
	}
}

// addSrc adds a struct declared by its field list in Go syntax.
func (c *corpus) addSrc(name, tparams, fields string, checked bool) {
	d := &genDecl{name: name, tparams: tparams}
	for _, f := range splitTop(fields, ';') {
		f = strings.TrimSpace(f)
		if n, typ, ok := strings.Cut(f, " "); ok {
			d.fields = append(d.fields, genField{name: n, typ: strings.TrimSpace(typ)})
		} else {
			d.fields = append(d.fields, genField{name: embeddedName(f), typ: f, embedded: true})
		}
	}
	c.add(d, checked)
}

// splitTop splits s at the seps that are not inside brackets.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
		case sep:
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		parts = append(parts, s[start:])
	}
	return parts
}

// embeddedName is the field name the spec gives an embedded type: its type
// name without pointer, package or type arguments.
func embeddedName(typ string) string {
	typ = strings.TrimPrefix(typ, "*")
	typ, _, _ = strings.Cut(typ, "[")
	if i := strings.LastIndexByte(typ, '.'); i >= 0 {
		typ = typ[i+1:]
	}
	return typ
}

func (c *corpus) fieldsOf(d *genDecl) []genField {
	if d.base != "" {
		return c.byName[d.base].fields
	}
	return d.fields
}

func (c *corpus) hasBlank(d *genDecl) bool {
	for _, f := range c.fieldsOf(d) {
		if f.name == "_" {
			return true
		}
	}
	return false
}

func (c *corpus) writeDecl(b *strings.Builder, d *genDecl, twin bool) {
	name, base := d.name, d.base
	if twin {
		name += "_named"
		base += "_named"
	}
	if d.base != "" {
		fmt.Fprintf(b, "type %s = %s[%s]\n\n", name, base, d.args)
		return
	}
	fmt.Fprintf(b, "type %s%s struct {\n", name, d.tparams)
	for i, f := range d.fields {
		switch {
		case f.embedded:
			fmt.Fprintf(b, "\t%s\n", f.typ)
		case twin && f.name == "_":
			fmt.Fprintf(b, "\tblank%d %s\n", i, f.typ)
		default:
			fmt.Fprintf(b, "\t%s %s\n", f.name, f.typ)
		}
	}
	b.WriteString("}\n\n")
}

// source renders the corpus as a program that prints, one JSON object a
// line on standard error, the compiler's layout of every checked struct.
func (c *corpus) source() string {
	var b strings.Builder
	b.WriteString("// Code generated by TestStructLayoutMatchesCompiler. DO NOT EDIT.\n\npackage main\n\n")
	b.WriteString("import (\n\t\"sync/atomic\"\n\t\"unsafe\"\n)\n\n")
	for _, r := range c.raw {
		b.WriteString(r + "\n")
	}
	b.WriteString("\n")
	for _, d := range c.decls {
		c.writeDecl(&b, d, false)
		if c.hasBlank(d) {
			c.writeDecl(&b, d, true)
		}
	}
	b.WriteString("func main() {\n")
	for i := range c.checked {
		fmt.Fprintf(&b, "\tprint%d()\n", i)
	}
	b.WriteString("}\n")
	for i, name := range c.checked {
		d := c.byName[name]
		fmt.Fprintf(&b, "\nfunc print%d() {\n\tvar v %s\n", i, name)
		if c.hasBlank(d) {
			fmt.Fprintf(&b, "\tvar w %s_named\n", name)
		}
		fmt.Fprintf(&b, "\tprint(`{\"name\":%q,\"size\":`, unsafe.Sizeof(v), `,\"align\":`, unsafe.Alignof(v), `,\"fields\":[`)\n", name)
		for j, f := range c.fieldsOf(d) {
			sel := "v." + f.name
			if f.name == "_" {
				sel = fmt.Sprintf("w.blank%d", j)
			}
			sep := ""
			if j > 0 {
				sep = ","
			}
			fmt.Fprintf(&b, "\tprint(`%s{\"name\":%q,\"off\":`, unsafe.Offsetof(%s), `,\"size\":`, unsafe.Sizeof(%s), `,\"align\":`, unsafe.Alignof(%s), `}`)\n",
				sep, f.name, sel, sel, sel)
		}
		b.WriteString("\tprint(\"]}\\n\")\n}\n")
	}
	return b.String()
}

// Type pools for the generator.
var (
	leafTypes = []string{
		"bool", "int8", "uint8", "byte", "int16", "uint16", "int32", "rune", "uint32",
		"float32", "int64", "uint64", "float64", "int", "uint", "uintptr",
		"complex64", "complex128", "string", "[]int", "[]byte", "map[string]int",
		"map[int64][2]byte", "chan int", "<-chan string", "chan<- struct{}", "func()",
		"func(int) string", "*int", "*string", "unsafe.Pointer", "any",
		"interface{ M() }", "error",
	}
	zeroTypes = []string{
		"struct{}", "[0]int64", "[0]byte", "[0]struct{}", "[3][0]int32", "[2]struct{}",
		"[0]string", "[0]func()", "Empty", "[0]complex128",
	}
	atomicTypeNames = []string{
		"atomic.Int32", "atomic.Int64", "atomic.Uint32", "atomic.Uint64",
		"atomic.Uintptr", "atomic.Bool", "atomic.Pointer[int]", "atomic.Pointer[Small]",
		"atomic.Value",
	}
	namedTypes = []string{
		"MyInt", "MyStr", "MyArr", "MySlice", "MyMap", "MyChan", "MyFunc", "MyPtr",
		"MyIface", "MyComplex", "Small", "Tail", "TailArr", "CacheLinePad",
	}
	comparableTypes = []string{"int", "string", "[2]int8", "MyInt", "bool", "complex64", "Small", "*int", "struct{}"}
	typeArgs        = []string{
		"int8", "int64", "string", "complex128", "struct{}", "[0]int64", "[3]byte", "Small",
		"Tail", "atomic.Int64", "*int", "any", "G1[int16]", "[2]Small", "MyIface", "bool",
		"uint32", "[]string", "complex64", "float32",
	}
	blankTypes = []string{
		"[0]int64", "struct{}", "[3]byte", "[7]byte", "int32", "[2]uint64", "CacheLinePad",
		"[0]func()", "byte", "[5]int16",
	}
	embeddable = []string{
		"MyInt", "MyStr", "MyIface", "error", "atomic.Int32", "atomic.Uint64", "G1[int8]",
		"G3[string]", "Small", "*Small", "Empty", "Tail",
	}
)

type generator struct {
	r *rand.Rand
	c *corpus
}

func pickRand[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

// prev is an earlier checked struct, so that types never refer to
// themselves.
func (g *generator) prev() string { return pickRand(g.r, g.c.checked) }

func (g *generator) typ(depth int) string {
	r := g.r
	k := r.IntN(20)
	if depth >= 2 && k >= 11 {
		k = r.IntN(11) // no deeper nesting
	}
	switch {
	case k < 6:
		return pickRand(r, leafTypes)
	case k < 8:
		return pickRand(r, zeroTypes)
	case k < 9:
		return pickRand(r, atomicTypeNames)
	case k < 11:
		return pickRand(r, namedTypes)
	case k < 13:
		return fmt.Sprintf("[%d]%s", r.IntN(5), g.typ(depth+1))
	case k < 14:
		return g.prev()
	case k < 15:
		return fmt.Sprintf("[%d]%s", r.IntN(3), g.prev())
	case k < 16:
		return "*" + g.prev()
	case k < 18:
		var fs []string
		for i := range r.IntN(5) {
			name := fmt.Sprintf("a%d", i)
			if r.IntN(6) == 0 {
				name = "_"
			}
			fs = append(fs, name+" "+g.typ(depth+1))
		}
		if len(fs) == 0 {
			return "struct{}"
		}
		return "struct{ " + strings.Join(fs, "; ") + " }"
	case k < 19:
		return fmt.Sprintf("%s[%s]", pickRand(r, []string{"G1", "G3", "G4", "G5"}), pickRand(r, typeArgs))
	default:
		return fmt.Sprintf("G2[%s, %s]", pickRand(r, comparableTypes), pickRand(r, typeArgs))
	}
}

func (g *generator) decl(name string) *genDecl {
	r := g.r
	d := &genDecl{name: name}
	used := map[string]bool{}
	for j := range r.IntN(9) {
		var f genField
		switch k := r.IntN(20); {
		case k < 2:
			f = genField{name: "_", typ: pickRand(r, blankTypes)}
		case k < 4:
			typ := pickRand(r, embeddable)
			switch r.IntN(3) {
			case 0:
				typ = g.prev()
			case 1:
				typ = "*" + g.prev()
			}
			f = genField{name: embeddedName(typ), typ: typ, embedded: true}
		case k < 5:
			name := pickRand(r, []string{"pad", "_pad", "padding", fmt.Sprintf("pad%d", j)})
			f = genField{name: name, typ: fmt.Sprintf("[%d]%s", r.IntN(64), pickRand(r, []string{"byte", "uint64"}))}
		default:
			f = genField{name: fmt.Sprintf("f%d", j), typ: g.typ(0)}
		}
		if f.name != "_" && used[f.name] {
			continue
		}
		used[f.name] = true
		d.fields = append(d.fields, f)
	}
	return d
}

// genCorpus builds a corpus of at least n checked structs: fixed ones that
// put zero-size fields in every position, instantiations of every generic
// type with several arguments, then random ones.
func genCorpus(seed uint64, n int) *corpus {
	c := &corpus{byName: map[string]*genDecl{}}
	c.raw = []string{
		"type MyInt int32", "type MyStr string", "type MyArr [4]uint16", "type MySlice []int",
		"type MyMap map[string]int", "type MyChan chan int", "type MyFunc func(int) error",
		"type MyPtr *int", "type MyIface interface{ M() }", "type MyComplex complex128",
	}
	for _, s := range []struct{ name, fields string }{
		{"Empty", ""},
		{"Small", "a byte; b int16"},
		{"Tail", "a int64; z struct{}"},
		{"TailArr", "a byte; z [0]int64"},
		{"CacheLinePad", "_ [64]byte"},
		{"ZFirst", "z struct{}; a int32; b byte"},
		{"ZFirstArr", "z [0]int64; a byte"},
		{"ZFirstBlank", "_ [0]func(); a int32"},
		{"ZMid", "a byte; z struct{}; b int64"},
		{"ZMidArr", "a byte; z [0]int64; b byte"},
		{"ZMidBlank", "a int16; _ struct{}; b int16"},
		{"ZLast", "a int32; z struct{}"},
		{"ZLastArr", "a byte; b int16; z [0]int64"},
		{"ZLastByte", "a byte; z [0]byte"},
		{"ZLastBlank", "a int32; _ struct{}"},
		{"ZLastBlankArr", "a int16; _ [0]int64"},
		{"ZLastEmbedded", "a byte; Empty"},
		{"ZLastNested", "a int64; e struct{ x struct{}; y [0]int32 }"},
		{"ZLastArrOfEmpty", "a int64; z [4]struct{}"},
		{"ZLastArrOfZeroArr", "a int32; z [3][0]int64"},
		{"ZLastString", "s string; z [0]string"},
		{"ZOnly", "z struct{}"},
		{"ZOnlyArr", "z [0]int64"},
		{"ZAll", "a struct{}; b [0]int64; c [0]string"},
		{"ZNestedTail", "t Tail; b byte"},
		{"ZArrOfTail", "a [2]Tail; b [0]TailArr"},
		{"Holes", "a bool; b int64; c bool; d int32; e bool; f int16; g bool; h complex128; i byte"},
		{"Refs", "s string; b []byte; m map[string]int; c chan int; f func(); p *int; i any; e error"},
		{"Atomics", "a byte; b atomic.Int64; c byte; d atomic.Uint64; e atomic.Bool; f atomic.Int32; g atomic.Pointer[Small]; h atomic.Value; i atomic.Uintptr; j atomic.Uint32"},
		{"AtomicTail", "a int32; b atomic.Int64"},
		{"Padded", "a atomic.Int64; _ CacheLinePad; b atomic.Int64; _ [56]byte; pad [8]byte; _pad [3]uint64; pad1 [0]byte; padding [7]byte"},
		{"Embeds", "Small; *Tail; MyInt; atomic.Int32; G1[int8]; error"},
	} {
		c.addSrc(s.name, "", s.fields, true)
	}
	for _, g := range []struct{ name, tparams, fields string }{
		{"G1", "[T any]", "a byte; v T; b int16"},
		{"G2", "[K comparable, V any]", "k K; m map[K]V; v [2]V; z [0]K"},
		{"G3", "[T any]", "v T; z struct{}"},
		{"G4", "[T any]", "_ [0]T; p *T; s []T; v T; _ byte"},
		{"G5", "[T any]", "in G1[T]; arr [3]T; f func(T) T"},
	} {
		c.addSrc(g.name, g.tparams, g.fields, false)
	}
	i := 0
	inst := func(base, args string) {
		c.add(&genDecl{name: fmt.Sprintf("I%d", i), base: base, args: args}, true)
		i++
	}
	for _, base := range []string{"G1", "G3", "G4", "G5"} {
		for _, arg := range typeArgs {
			inst(base, arg)
		}
	}
	for j, k := range comparableTypes {
		inst("G2", k+", "+typeArgs[j])
	}

	g := &generator{r: rand.New(rand.NewPCG(seed, 0)), c: c}
	for i := 0; len(c.checked) < n; i++ {
		c.add(g.decl(fmt.Sprintf("R%d", i)), true)
	}
	return c
}

// compiledLayouts builds the corpus program in dir for arch and runs it.
// It reports false when the host cannot run arch's binaries.
func compiledLayouts(t *testing.T, goTool, dir, arch string) ([]structRec, bool) {
	bin := filepath.Join(dir, "corpus-"+arch)
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOARCH="+arch, "CGO_ENABLED=0", "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the corpus for %s: %v\n%s", arch, err, out)
	}
	out, err := exec.Command(bin).CombinedOutput() // print writes to standard error
	if err != nil {
		if arch != runtime.GOARCH {
			return nil, false
		}
		t.Fatalf("running the corpus: %v\n%s", err, out)
	}
	var recs []structRec
	for line := range strings.Lines(string(out)) {
		var r structRec
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("corpus output %q: %v", line, err)
		}
		recs = append(recs, r)
	}
	return recs, true
}

// TestStructLayoutMatchesCompiler lays out a generated corpus with
// structLayout and compares every size, alignment and offset with what the
// gc compiler gives the same source, on the host and on 386.
func TestStructLayoutMatchesCompiler(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	c := genCorpus(1, 320)
	src := c.source()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module corpus\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := typecheckMain(t, src)

	arches := []string{runtime.GOARCH}
	if runtime.GOARCH != "386" {
		arches = append(arches, "386")
	}
	for _, arch := range arches {
		t.Run(arch, func(t *testing.T) {
			t.Parallel()
			want, ok := compiledLayouts(t, goTool, dir, arch)
			if !ok {
				t.Skipf("this %s host cannot run %s binaries", runtime.GOARCH, arch)
			}
			sizes := types.SizesFor("gc", arch)
			var got []structRec
			fields := 0
			for _, name := range c.checked {
				s := structLayout(name, lookupStruct(t, pkg, name), sizes, nil)
				if err := s.Validate(); err != nil {
					t.Error(err)
				}
				for _, m := range s.Members {
					if m.BitOffset != m.Offset*8 {
						t.Errorf("%s.%s: bit offset %d for byte offset %d", name, m.Name, m.BitOffset, m.Offset)
					}
				}
				got = append(got, layoutRec(s))
				fields += len(s.Members)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("structLayout differs from the gc compiler on %s (-compiler +structLayout):\n%s", arch, diff)
			}
			t.Logf("%s: compared %d structs, %d fields", arch, len(got), fields)
		})
	}
}

// TestStructLayoutArch checks layouts for architectures the host need not
// run against numbers worked out by hand from gc's rules: on arm64 words and
// the largest alignment are 8 bytes, on 386 they are 4, except that
// sync/atomic's 64-bit types are 8-aligned everywhere.
func TestStructLayoutArch(t *testing.T) {
	t.Parallel()
	pkg := typecheckMain(t, `package main

import "sync/atomic"

type A struct {
	a byte
	b int64
	z [0]int64
}

type B struct {
	a int32
	b atomic.Int64
	c complex64
	d complex128
	s string
}

type C struct {
	z struct{}
	a int16
	m map[int]int
	i any
	f func()
	e struct{}
}

type D struct {
	a byte
	z [0]byte
}

type E struct{ z [0]int64 }
`)
	f := func(name string, off, size, align int64) fieldRec {
		return fieldRec{Name: name, Off: off, Size: size, Align: align}
	}
	want := map[string][]structRec{
		"arm64": {
			// z lies at 16 and gets the trailing byte: 17, rounded to 24.
			{"A", 24, 8, []fieldRec{f("a", 0, 1, 1), f("b", 8, 8, 8), f("z", 16, 0, 8)}},
			{"B", 56, 8, []fieldRec{f("a", 0, 4, 4), f("b", 8, 8, 8), f("c", 16, 8, 4), f("d", 24, 16, 8), f("s", 40, 16, 8)}},
			{"C", 48, 8, []fieldRec{f("z", 0, 0, 1), f("a", 0, 2, 2), f("m", 8, 8, 8), f("i", 16, 16, 8), f("f", 32, 8, 8), f("e", 40, 0, 1)}},
			{"D", 2, 1, []fieldRec{f("a", 0, 1, 1), f("z", 1, 0, 1)}},
			// A zero-size tail at offset 0 adds nothing.
			{"E", 0, 8, []fieldRec{f("z", 0, 0, 8)}},
		},
		"386": {
			{"A", 16, 4, []fieldRec{f("a", 0, 1, 1), f("b", 4, 8, 4), f("z", 12, 0, 4)}},
			// atomic.Int64 keeps 8-byte alignment; complex128 drops to 4.
			{"B", 48, 8, []fieldRec{f("a", 0, 4, 4), f("b", 8, 8, 8), f("c", 16, 8, 4), f("d", 24, 16, 4), f("s", 40, 8, 4)}},
			{"C", 24, 4, []fieldRec{f("z", 0, 0, 1), f("a", 0, 2, 2), f("m", 4, 4, 4), f("i", 8, 8, 4), f("f", 16, 4, 4), f("e", 20, 0, 1)}},
			{"D", 2, 1, []fieldRec{f("a", 0, 1, 1), f("z", 1, 0, 1)}},
			{"E", 0, 4, []fieldRec{f("z", 0, 0, 4)}},
		},
	}
	for arch, want := range want {
		var got []structRec
		for _, r := range want {
			got = append(got, layoutRec(structLayout(r.Name, lookupStruct(t, pkg, r.Name), types.SizesFor("gc", arch), nil)))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s layouts (-hand +structLayout):\n%s", arch, diff)
		}
	}
}

func TestStructLayoutClassification(t *testing.T) {
	t.Parallel()
	pkg := typecheckMain(t, `package main

import "sync/atomic"

type CacheLinePad struct{ _ [64]byte }

type PadBytes [8]byte

type Inner struct{ x int }

type Counter = atomic.Int64

type S struct {
	_       [8]byte
	_       CacheLinePad
	_       int32
	pad     [4]uint32
	_pad    [2]uint64
	pad3    [3]byte
	padding [5]int16
	pad1    int64
	padx    [2]byte
	p       PadBytes
	arrs    [2]Inner
	z       [0]int64
	a32     atomic.Int32
	a64     atomic.Int64
	u32     atomic.Uint32
	u64     atomic.Uint64
	up      atomic.Uintptr
	b       atomic.Bool
	ptr     atomic.Pointer[Inner]
	v       atomic.Value
	c       Counter
	i64     int64
	Inner
	*CacheLinePad
}
`)
	type class struct {
		Name, Type        string
		ElemSize, Atomic  int64
		Padding, Embedded bool
	}
	want := []class{
		{"_", "[8]byte", 1, 0, true, false},
		{"_", "CacheLinePad", 0, 0, true, false},
		{"_", "int32", 0, 0, false, false}, // blank but no array
		{"pad", "[4]uint32", 4, 0, true, false},
		{"_pad", "[2]uint64", 8, 0, true, false},
		{"pad3", "[3]byte", 1, 0, true, false},
		{"padding", "[5]int16", 2, 0, true, false},
		{"pad1", "int64", 0, 0, false, false}, // pad name but no array
		{"padx", "[2]byte", 1, 0, false, false},
		{"p", "PadBytes", 1, 0, true, false},
		{"arrs", "[2]Inner", 8, 0, false, false},
		{"z", "[0]int64", 8, 0, false, false},
		{"a32", "atomic.Int32", 0, 4, false, false},
		{"a64", "atomic.Int64", 0, 8, false, false},
		{"u32", "atomic.Uint32", 0, 4, false, false},
		{"u64", "atomic.Uint64", 0, 8, false, false},
		{"up", "atomic.Uintptr", 0, 8, false, false},
		{"b", "atomic.Bool", 0, 4, false, false},
		{"ptr", "atomic.Pointer[Inner]", 0, 8, false, false},
		{"v", "atomic.Value", 0, 8, false, false},
		{"c", "Counter", 0, 8, false, false},
		{"i64", "int64", 0, 0, false, false},
		{"Inner", "Inner", 0, 0, false, true},
		{"CacheLinePad", "*CacheLinePad", 0, 0, false, true}, // a pointer to a pad is no padding
	}
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	s := structLayout("S", lookupStruct(t, pkg, "S"), types.SizesFor("gc", "amd64"), qual)
	var got []class
	for _, m := range s.Members {
		got = append(got, class{m.Name, m.Type, m.ElemSize, m.Atomic, m.Padding, m.Embedded})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("members of S (-want +got):\n%s", diff)
	}
	if s.Kind != layout.KindStruct || !s.PadZeroSizeTail {
		t.Errorf("S: kind %v, PadZeroSizeTail %v; want struct, true", s.Kind, s.PadZeroSizeTail)
	}
}

// A profile's parts of a struct-typed member lie where its fields do, on
// each GOARCH: a path through nested structs adds their offsets; a path
// that names no field is left out.
func TestHotParts(t *testing.T) {
	pkg := typecheckMain(t, `package main
type inner struct { a int32; b *int; c [3]int16 }
type outer struct { x bool; in inner; y uint64 }
func main() {}`)
	outer := pkg.Scope().Lookup("outer").Type().Underlying().(*types.Struct)
	parts := []ProfiledPart{{Path: "x"}, {Path: "in.b"}, {Path: "in.c"}, {Path: "in.nosuch"}, {Path: "y.z"}}
	for _, c := range []struct{ arch, want string }{
		{"amd64", "x@0+1 in.b@16+8 in.c@24+6"},
		{"386", "x@0+1 in.b@8+4 in.c@12+6"},
	} {
		var got []string
		for _, p := range HotParts(outer, parts, types.SizesFor("gc", c.arch)) {
			got = append(got, fmt.Sprintf("%s@%d+%d", p.Name, p.Offset, p.Size))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %s, want %s", c.arch, strings.Join(got, " "), c.want)
		}
	}
}
