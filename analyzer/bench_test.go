package analyzer

import (
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/fieldalignment"
	gopackages "golang.org/x/tools/go/packages"
)

// Shape of the generated benchmark package: benchFiles files of
// benchTypes struct types each.
const (
	benchFiles = 20
	benchTypes = 200
)

// fieldKinds are the field types the generated structs draw from: scalars
// of every size, pointers, strings, slices, maps, interfaces, functions,
// arrays, nested and embedded structs; annotated structs have atomics too.
var (
	fieldKinds = []string{
		"bool", "uint8", "int16", "uint32", "int64", "float64", "complex128",
		"uintptr", "*node", "string", "[]byte", "map[string]int", "any",
		"func(int) error", "[3]uint16", "[4]*node", "struct{ a, b int32 }",
		"node", "error", "chan int",
	}
	hotKinds = append(fieldKinds[:len(fieldKinds):len(fieldKinds)],
		"atomic.Int64", "atomic.Uint32", "atomic.Pointer[node]")
)

// genFile writes one file of the benchmark package: struct types of varied
// shapes, one in ten of them padded, one in ten generic, one in ten declared
// in a function and built with an unkeyed literal and, when annotate is set,
// one in ten annotated as docs/annotations.md describes (most of those with
// findings and a fix).
func genFile(f int, annotate bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package big\n\nimport \"sync/atomic\"\n\n")
	if f == 0 {
		b.WriteString("type node struct{ next *node }\n\n// CacheLinePad separates fields.\ntype CacheLinePad struct{ _ [64]byte }\n\n")
	}
	for t := range benchTypes {
		name := fmt.Sprintf("T%d_%d", f, t)
		n := 3 + (f*benchTypes+t)%14
		kinds := fieldKinds
		kind := func(i int) string { return kinds[(f*7+t*5+i*3)%len(kinds)] }
		switch {
		case annotate && t%10 == 0:
			kinds = hotKinds
			// Annotated: hot fields on two paths, written and read-mostly
			// mixed, so that most get falseshare or spread findings and a fix.
			fmt.Fprintf(&b, "// %s is annotated.\n//\n", name)
			if t%30 == 0 {
				b.WriteString("//cachelint:percpu\n")
			}
			if t%20 == 0 {
				b.WriteString("//cachelint:budget path=rx lines=1\n")
			}
			fmt.Fprintf(&b, "type %s struct {\n", name)
			for i := range n + 6 {
				fmt.Fprintf(&b, "\tf%d %s", i, kind(i))
				switch i % 4 {
				case 0:
					b.WriteString(" //cachelint:hot path=rx")
				case 1:
					if i > 4 {
						b.WriteString(" //cachelint:hot write path=tx")
					}
				case 2:
					b.WriteString(" // cold")
				}
				b.WriteString("\n")
			}
			b.WriteString("}\n\n")
		case t%10 == 3:
			// Counters kept apart by pads, one of them too short.
			fmt.Fprintf(&b, "type %s struct {\n\ta atomic.Uint64\n\t_ [56]byte\n\tb atomic.Uint64\n\t// keep b and c off one cache line\n\t_ [40]byte\n\tc uint64\n\t_ CacheLinePad\n\td int\n}\n\n", name)
		case t%10 == 5:
			fmt.Fprintf(&b, "type %s[T any] struct {\n\tv T\n\tn int\n}\n\n", name)
		case t%10 == 7:
			// A struct type declared inside a function, and an unkeyed
			// literal of it.
			fmt.Fprintf(&b, "func f%s() any {\n\ttype local struct {\n\t\tx int8\n\t\ty int64\n\t}\n\treturn local{1, 2}\n}\n\n", name)
		default:
			fmt.Fprintf(&b, "// %s is a plain struct.\ntype %s struct {\n", name, name)
			for i := range n {
				fmt.Fprintf(&b, "\tf%d %s\n", i, kind(i))
			}
			b.WriteString("}\n\n")
			if t%3 == 0 {
				// Code for the type checker and the analyzer's walks.
				fmt.Fprintf(&b, "func (x *%s) get(i int) int {\n\tif i > 0 {\n\t\treturn i * 2\n\t}\n\tfor j := range i {\n\t\ti += j\n\t}\n\treturn i\n}\n\n", name)
			}
		}
	}
	return b.String()
}

// loadBig writes the generated package to a temporary module and loads it
// with syntax and types, as the cachelint command does.
func loadBig(b *testing.B, annotate bool) []*gopackages.Package {
	b.Helper()
	dir := b.TempDir()
	write := func(name string, text []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("go.mod", []byte("module big\n\ngo 1.26\n"))
	for f := range benchFiles {
		src, err := format.Source([]byte(genFile(f, annotate)))
		if err != nil {
			b.Fatal(err)
		}
		write(fmt.Sprintf("f%d.go", f), src)
	}
	cfg := &gopackages.Config{Mode: gopackages.LoadSyntax, Dir: dir}
	pkgs, err := gopackages.Load(cfg, ".")
	if err != nil {
		b.Fatal(err)
	}
	if gopackages.PrintErrors(pkgs) > 0 {
		b.Fatal("the generated package does not type-check")
	}
	return pkgs
}

// benchAnalyze runs a on the loaded packages in a loop: the analysis alone,
// without loading and type checking.
func benchAnalyze(b *testing.B, a *analysis.Analyzer, annotate bool) {
	pkgs := loadBig(b, annotate)
	var diags int
	b.ReportAllocs()
	for b.Loop() {
		g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		diags = 0
		for _, act := range g.Roots {
			if act.Err != nil {
				b.Fatal(act.Err)
			}
			diags += len(act.Diagnostics)
		}
	}
	b.ReportMetric(float64(diags), "diagnostics")
}

// BenchmarkAnalyzer is cachelint on a generated package of 4000 struct
// types in 20 files: plain, with no annotations (like most code, and the
// standard library), and annotated, with 400 annotated types, most of them
// with findings and a fix.
func BenchmarkAnalyzer(b *testing.B) {
	b.Run("plain", func(b *testing.B) { benchAnalyze(b, New(Config{}), false) })
	b.Run("annotated", func(b *testing.B) { benchAnalyze(b, New(Config{}), true) })
}

// BenchmarkFieldalignment is fieldalignment (with the inspector it needs)
// on the same packages, for scale.
func BenchmarkFieldalignment(b *testing.B) {
	b.Run("plain", func(b *testing.B) { benchAnalyze(b, fieldalignment.Analyzer, false) })
	b.Run("annotated", func(b *testing.B) { benchAnalyze(b, fieldalignment.Analyzer, true) })
}
