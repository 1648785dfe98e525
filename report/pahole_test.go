package report

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/internal/pahole"
	"github.com/cachelint/cachelint/layout"
)

func testdata(p string) string { return filepath.Join("..", "testdata", p) }

var blockStart = regexp.MustCompile(`^(struct|union|class) (.*) \{$`)

// goldenBlocks splits pahole output into its top-level struct, union and
// class texts, keyed by "keyword name", in order.
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
	"c-cxx.o.datamembers": {
		"struct Empty": "cachelines: 0 for a 1-byte struct",
		"struct Derived": "a virtual base at offset 4294967295 (it cannot evaluate the vtable expression), " +
			"the tail padding as :32 bit-fields",
		"struct Both": "as Derived",
		"struct Indirect": "the base class Derived as 24 bytes where it takes its 12 non-virtual ones, " +
			"a 65524-byte hole, no virtual Base",
		"struct Hidden": "a BRAIN FART ALERT for the bytes of its commented-out base; " + accessDefault + ": h under private:",
	},
	"c-cxxtypes.o.datamembers": cxxtypesWrong,
	// DWARF 4 gives static data members as DW_TAG_member, which pahole -M
	// prints among the data, at offset 0 after a "Bitfield combined"
	// comment.
	"c-cxxtypes-dwarf4.o.datamembers": withWrong(cxxtypesWrong, "class Account", "static int count printed as a member at offset 0"),
}

var cxxtypesWrong = map[string]string{
	"class Account":  accessDefault + ": balance under public:",
	"class Mixed":    accessDefault + ": b under public:",
	"struct Guarded": accessDefault + ": open, next and m under private:",
	"struct RRef":    "an rvalue reference with no type and 4 bytes, where it takes 8, and a 4-byte hole after it",
	"struct PM": "pointers to members as 4 bytes where a data member's takes 8 and a member function's 16, " +
		"and holes between them",
	"class Nothing": "cachelines: 0 for a 1-byte class",
	"class Conn": "holes of 8, 65512 and 16 bytes counted from offsets that go back (its base lies after the vtable pointer), " +
		"and a BRAIN FART ALERT",
	"class Derived2": "a BRAIN FART ALERT for the bytes of its commented-out base; " + accessDefault + ": z under public:",
}

// withWrong returns wrong with one more reason for key.
func withWrong(wrong map[string]string, key, why string) map[string]string {
	out := maps.Clone(wrong)
	out[key] += "; " + why
	return out
}

// accessDefault is pahole's C++ access labels' defect: it prints the
// access DW_AT_accessibility gives, which compilers leave out where it is
// the default of the kind (private in a class, public in a struct), so a
// member of the default access after one of another shows under the
// other's label. cachelint prints every change.
const accessDefault = "labels only where DWARF gives the access"

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
		key := s.Keyword() + " " + s.Name
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
	t.Parallel()
	goldens, _ := filepath.Glob(testdata("pahole/c-*.golden"))
	gzipped, _ := filepath.Glob(testdata("pahole/c-*.golden.gz")) // deep.o's: 1,500 levels of indentation
	goldens = append(goldens, gzipped...)
	var same, total int
	for _, g := range goldens {
		bin := strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(g), "c-"), ".gz"), ".golden")
		// pahole prints a C++ class's member functions, static members
		// and nested types among its members; cachelint prints what
		// takes room in the layout, as pahole -M does.
		if dm := strings.TrimSuffix(g, ".golden") + ".datamembers"; fileExists(dm) {
			g = dm
		}
		s, n, diffs := agreement(t, testdata("c/"+bin), g, openDWARF)
		t.Logf("%s: %d of %d structs as pahole prints them", filepath.Base(g), s, n)
		for _, d := range diffs {
			t.Logf("%s: %s", bin, d)
		}
		same += s
		total += n
	}
	t.Logf("C fixtures: %d of %d structs as pahole prints them", same, total)
	if total < 55 || same < total {
		t.Errorf("C fixtures: %d of %d structs as pahole prints them", same, total)
	}
}

// linux61Differ are the structs of the 6.1 modules that cachelint prints
// otherwise than pahole, and why.
var linux61Differ = map[string]string{
	// The model keeps members inside their struct.
	"struct orc_entry": "by design: pahole prints the whole 4-byte storage unit of a bit-field that the end of a packed struct cuts to 2",
}

// TestPaholeTextKernel measures the agreement on the kernel goldens, where
// pahole's bit-field and alignment quirks are many; on the 6.1 modules,
// every struct but those named in linux61Differ prints as pahole prints
// it.
func TestPaholeTextKernel(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("reads the kernel type information")
	}
	for _, c := range []struct {
		bin, golden string
		open        opener
		min         float64
		differ      map[string]string // nil: any struct may differ
	}{
		{"kernel/linux-6.1/dummy.ko.debug", "pahole/dummy.ko.debug.golden", openDWARF, 0.99, linux61Differ},
		{"kernel/linux-6.1/veth.ko.debug", "pahole/veth.ko.debug.golden", openDWARF, 0.99, linux61Differ},
		{"kernel/linux-6.18/vmlinux.btf.gz", "pahole/vmlinux-6.18.btf.golden.gz", openBTF, 0.99, nil},
		// Go types keep their brackets: "struct []string F", "map[string]int G".
		{"gobin/gobin", "pahole/gobin.golden", openDWARF, 0.94, nil},
	} {
		same, total, diffs := agreement(t, testdata(c.bin), testdata(c.golden), c.open)
		t.Logf("%s: %d of %d structs as pahole prints them (%.1f%%)", c.bin, same, total, 100*float64(same)/float64(total))
		for i, d := range diffs {
			header, _, _ := strings.Cut(strings.TrimPrefix(d, "got:\n"), " {")
			why, named := c.differ[header]
			switch {
			case c.differ != nil && !named:
				t.Errorf("%s: %s", c.bin, d)
			case named:
				t.Logf("%s: %s: %s", c.bin, header, why)
			case i < 3:
				t.Logf("%s", d)
			}
		}
		if float64(same) < c.min*float64(total) {
			t.Errorf("%s: %d of %d structs as pahole prints them, want %.0f%%", c.bin, same, total, 100*c.min)
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestAccessLabels checks the C++ access labels where cachelint's text
// differs from pahole's by design (accessDefault): a label at every
// change of access, the default of the kind included.
func TestAccessLabels(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"Account":  {"public:", "private:", "protected:", "public:"},
		"Mixed":    {"public:", "private:", "protected:", "public:"},
		"Guarded":  {"private:", "public:"},
		"Derived2": {"public:", "private:"},
		"Hidden":   {"private:", "public:"},
		"U":        nil,
	}
	structs, err := openDWARF(testdata("c/cxxtypes.o"))
	if err != nil {
		t.Fatal(err)
	}
	more, err := openDWARF(testdata("c/cxx.o"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(structs, more...) {
		labels, ok := want[s.Name]
		if !ok {
			continue
		}
		delete(want, s.Name)
		var b bytes.Buffer
		if err := Text(&b, s, nil, Options{Lines: []int64{64}}); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(b.String(), "\n") {
			switch l {
			case "public:", "protected:", "private:":
				got = append(got, l)
			}
		}
		if !slices.Equal(got, labels) {
			t.Errorf("%s: labels %q, want %q in\n%s", s.Name, got, labels, b.String())
		}
	}
	if len(want) > 0 {
		t.Errorf("not found: %v", want)
	}
}
