package report

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/internal/pahole"
	"github.com/cachelint/cachelint/layout"
)

func testdata(p string) string { return filepath.Join("..", "testdata", p) }

var blockStart = regexp.MustCompile(`^(struct|union) (.*) \{$`)

// goldenBlocks splits pahole output into its top-level struct and union
// texts, keyed by "kind name", in order.
func goldenBlocks(t *testing.T, path string) map[string][]string {
	t.Helper()
	lines, err := pahole.GoldenLines(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	var key string
	var cur strings.Builder
	for _, l := range lines {
		if key == "" {
			if m := blockStart.FindStringSubmatch(l); m != nil {
				name, _, _ := strings.Cut(m[2], " : ") // a C++ class's bases
				key = m[1] + " " + name
				cur.Reset()
			}
		}
		if key != "" {
			cur.WriteString(l + "\n")
			if strings.HasPrefix(l, "}") {
				out[key] = append(out[key], cur.String())
				key = ""
			}
		}
	}
	return out
}

type opener func(string) ([]*layout.Struct, error)

func openDWARF(path string) ([]*layout.Struct, error) {
	f, err := dwarfscan.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Structs()
}

func openBTF(path string) ([]*layout.Struct, error) {
	f, err := btfscan.Open(path)
	if err != nil {
		return nil, err
	}
	return f.Structs()
}

// paholeWrong are the structs of the C fixtures whose pahole 1.24 text is
// wrong, by golden and name, with what is wrong; the readers' layouts of
// them are checked against g++ in dwarfscan's tests.
var paholeWrong = map[string]map[string]string{
	"c-cxx.o.golden": {
		"struct Empty": "cachelines: 0 for a 1-byte struct",
		"struct Derived": "a virtual base at offset 4294967295 (it cannot evaluate the vtable expression), " +
			"the implicit constructors printed as members, the tail padding as :32 bit-fields",
		"struct Both": "as Derived",
		"struct Indirect": "the base class Derived as 24 bytes where it takes its 12 non-virtual ones, " +
			"a 65524-byte hole, no virtual Base",
		"struct Hidden": "a BRAIN FART ALERT for the bytes of its commented-out base; " +
			"it also prints private: before the base and not public: after it, and cachelint prints no access labels",
	},
}

// agreement renders every struct of binary that the golden holds and
// counts those whose text equals pahole's, returning the first mismatches.
func agreement(t *testing.T, binary, golden string, open opener) (same, total int, diffs []string) {
	t.Helper()
	want := goldenBlocks(t, golden)
	wrong := paholeWrong[strings.TrimSuffix(filepath.Base(golden), ".gz")]
	for key := range wrong {
		if len(want[key]) == 0 {
			t.Errorf("%s: no %s", golden, key)
		}
	}
	structs, err := open(binary)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Lines: []int64{64}, Lookup: Lookup(structs)}
	seen := map[string]int{}
	for _, s := range structs {
		key := s.Kind.String() + " " + s.Name
		blocks := want[key]
		i := seen[key]
		seen[key]++
		if i >= len(blocks) {
			continue
		}
		if strings.Contains(blocks[i], "<ERROR(") {
			// pahole 1.24 cannot print _Atomic members.
			continue
		}
		if why := wrong[key]; why != "" {
			t.Logf("%s: pahole 1.24 is wrong: %s", key, why)
			continue
		}
		total++
		var b bytes.Buffer
		if err := Text(&b, s, nil, opts); err != nil {
			t.Fatal(err)
		}
		if b.String() == blocks[i] {
			same++
		} else {
			diffs = append(diffs, "got:\n"+b.String()+"want:\n"+blocks[i])
		}
	}
	return same, total, diffs
}

// TestPaholeText checks that the text of the C fixtures' structs, which
// have no annotations, is pahole's byte for byte.
func TestPaholeText(t *testing.T) {
	goldens, _ := filepath.Glob(testdata("pahole/c-*.golden"))
	gzipped, _ := filepath.Glob(testdata("pahole/c-*.golden.gz")) // deep.o's: 1,500 levels of indentation
	goldens = append(goldens, gzipped...)
	var same, total int
	for _, g := range goldens {
		bin := strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(g), "c-"), ".gz"), ".golden")
		s, n, diffs := agreement(t, testdata("c/"+bin), g, openDWARF)
		t.Logf("%s: %d of %d structs as pahole prints them", filepath.Base(g), s, n)
		for _, d := range diffs {
			t.Logf("%s: %s", bin, d)
		}
		same += s
		total += n
	}
	t.Logf("C fixtures: %d of %d structs as pahole prints them", same, total)
	if testing.Short() {
		return
	}
	if total < 55 || same < total {
		t.Errorf("C fixtures: %d of %d structs as pahole prints them", same, total)
	}
}

// TestPaholeTextKernel measures the agreement on the kernel goldens, where
// pahole's bit-field and alignment quirks are many.
func TestPaholeTextKernel(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the kernel type information")
	}
	for _, c := range []struct {
		bin, golden string
		open        opener
		min         float64
	}{
		{"kernel/linux-6.1/dummy.ko.debug", "pahole/dummy.ko.debug.golden", openDWARF, 0.94},
		{"kernel/linux-6.1/veth.ko.debug", "pahole/veth.ko.debug.golden", openDWARF, 0.94},
		{"kernel/linux-6.18/vmlinux.btf.gz", "pahole/vmlinux-6.18.btf.golden.gz", openBTF, 0.97},
		// Go types keep their brackets: "struct []string F", "map[string]int G".
		{"gobin/gobin", "pahole/gobin.golden", openDWARF, 0.94},
	} {
		same, total, diffs := agreement(t, testdata(c.bin), testdata(c.golden), c.open)
		t.Logf("%s: %d of %d structs as pahole prints them (%.1f%%)", c.bin, same, total, 100*float64(same)/float64(total))
		for i, d := range diffs {
			if i < 3 {
				t.Logf("%s", d)
			}
		}
		if float64(same) < c.min*float64(total) {
			t.Errorf("%s: %d of %d structs as pahole prints them, want %.0f%%", c.bin, same, total, 100*c.min)
		}
	}
}
