// Command patchsweep reads every struct a C source tree defines once
// (a line "struct NAME {") and a BTF file has, and plans -patch's
// rewrite of each at -line 64 with no hot data: the reading of the
// definition and its member-by-member match against the binary that
// every patch starts with. It prints how many it read and matched and,
// for the others, the refusal -patch would print, counted by kind.
// docs/binaries.md quotes it for Linux 6.18's include/.
//
//	go run ./internal/cmd/patchsweep -btf vmlinux.btf.gz -tree LINUX [-v] [DIR...]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/csource"
	"github.com/cachelint/cachelint/layout"
)

func main() {
	btfPath := flag.String("btf", "", "the BTF file (raw, or gzipped)")
	tree := flag.String("tree", ".", "the source tree; the folders named after the flags are searched under it (include when none)")
	verbose := flag.Bool("v", false, "print every refusal")
	flag.Parse()
	log.SetFlags(0)
	dirs := flag.Args()
	if len(dirs) == 0 {
		dirs = []string{"include"}
	}
	btf, err := filepath.Abs(*btfPath)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.Chdir(*tree); err != nil {
		log.Fatal(err)
	}
	def := regexp.MustCompile(`(?m)^struct (\w+) \{`)
	where := map[string][]string{}
	files := 0
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".h") && !strings.HasSuffix(p, ".c") {
				return err
			}
			b, err := os.ReadFile(p)
			files++
			for _, m := range def.FindAllSubmatch(b, -1) {
				where[string(m[1])] = append(where[string(m[1])], p)
			}
			return err
		})
		if err != nil {
			log.Fatal(err)
		}
	}
	f, err := btfscan.Open(btf)
	if err != nil {
		log.Fatal(err)
	}
	all, err := f.Structs()
	if err != nil {
		log.Fatal(err)
	}
	var structs []*layout.Struct
	seen := map[string]bool{}
	for _, s := range all {
		if len(where[s.Name]) == 1 && !seen[s.Name] {
			seen[s.Name] = true
			structs = append(structs, s)
		}
	}
	sort.Slice(structs, func(i, j int) bool { return structs[i].Name < structs[j].Name })
	ok := 0
	kinds := map[string]int{}
	for _, s := range structs {
		if err := layout.Prepare(s, layout.BinarySeparators); err != nil {
			log.Fatal(err)
		}
		src, err := csource.Open(where[s.Name], ".")
		if err != nil {
			log.Fatal(err)
		}
		if _, err := src.Plan(s, []int64{64}); err != nil {
			kinds[kind(err.Error())]++
			if *verbose {
				fmt.Println(err)
			}
			continue
		}
		ok++
	}
	fmt.Printf("%d files; %d structs defined once there and in the BTF; %d read and matched, %d refused\n", files, len(structs), ok, len(structs)-ok)
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		return kinds[ks[i]] > kinds[ks[j]] || kinds[ks[i]] == kinds[ks[j]] && ks[i] < ks[j]
	})
	for _, k := range ks {
		fmt.Printf("%5d %s\n", kinds[k], k)
	}
}

// kind is a refusal without its place and names: what kind of source
// it is.
var names = regexp.MustCompile(`^[^ ]*: struct \w+: (member [^:]*: )?|\S+\(\.\.\.\)|<anonymous at offset \d+>|lines? \d+( and \d+)?|it after \S+|#\w+ block on line \d+|struct \w+|has \S+ where this source has \S+`)

func kind(msg string) string {
	msg = names.ReplaceAllStringFunc(msg, func(m string) string {
		switch {
		case strings.Contains(m, ": struct "):
			return ""
		case strings.HasSuffix(m, "(...)"):
			return "M(...)"
		case strings.HasPrefix(m, "it after"):
			return "it after …"
		}
		return "…"
	})
	return msg
}
