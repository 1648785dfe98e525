// Command manytypes writes a Go module with one package of many struct
// types, for measuring cachelint against plain go vet on a package that
// size (scripts/bench-manytypes runs it):
//
//	go run ./internal/cmd/manytypes [-types 20000] [-files 20] [-annotated 10] DIR
//
// The types draw their fields from every kind of type (scalars, pointers,
// strings, slices, maps, interfaces, funcs, arrays, nested and embedded
// structs); one in -annotated carries //cachelint:hot annotations on two
// paths, written and read-mostly mixed, so that most of those have
// findings and a fix; one in 50 has a separator pad between two atomics.
package main

import (
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"strings"
)

var kinds = []string{
	"bool", "uint8", "int16", "uint32", "int64", "float64", "complex128",
	"uintptr", "*node", "string", "[]byte", "map[string]int", "any",
	"func(int) error", "[3]uint16", "[4]*node", "struct{ a, b int32 }",
	"node", "error", "chan int",
}

func main() {
	types := flag.Int("types", 20000, "struct types in the package")
	files := flag.Int("files", 20, "files they are spread over")
	annotated := flag.Int("annotated", 10, "one type in `N` is annotated (0: none)")
	flag.Parse()
	if flag.NArg() != 1 || *files < 1 {
		log.Fatal("usage: manytypes [-types N] [-files N] [-annotated N] DIR")
	}
	dir := flag.Arg(0)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	write := func(name, text string) {
		src, err := format.Source([]byte(text))
		if err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module many\n\ngo 1.26\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	per := (*types + *files - 1) / *files
	for f := range *files {
		var b strings.Builder
		b.WriteString("package many\n\nimport \"sync/atomic\"\n\n")
		if f == 0 {
			b.WriteString("type node struct{ next *node }\n\n")
		}
		for t := f * per; t < min((f+1)*per, *types); t++ {
			writeType(&b, t, *annotated)
		}
		b.WriteString("var _ atomic.Int64\n")
		write(fmt.Sprintf("f%d.go", f), b.String())
	}
}

func writeType(b *strings.Builder, t, annotated int) {
	n := 3 + t%14
	hot := annotated > 0 && t%annotated == 0
	if hot {
		b.WriteString("//cachelint:budget lines=1\n")
	}
	fmt.Fprintf(b, "type T%d struct {\n", t)
	for i := range n {
		kind := kinds[(t*5+i*3)%len(kinds)]
		fmt.Fprintf(b, "\tf%d %s", i, kind)
		if hot && i%2 == 0 {
			paths := []string{"rx", "tx"}[(t+i)%2]
			if i%4 == 0 {
				fmt.Fprintf(b, " //cachelint:hot write path=%s", paths)
			} else {
				fmt.Fprintf(b, " //cachelint:hot path=%s", paths)
			}
		}
		b.WriteString("\n")
		if t%50 == 1 && i == 1 {
			b.WriteString("\tc1 atomic.Int64\n\t_ [56]byte // keeps c1 and c2 on lines of their own\n\tc2 atomic.Int64\n")
		}
	}
	b.WriteString("}\n\n")
}
