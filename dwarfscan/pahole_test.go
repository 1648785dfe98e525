package dwarfscan

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/pahole"
	"github.com/cachelint/cachelint/layout"
)

// goldens pairs every DWARF fixture with pahole 1.24's output for it; paths
// are in ../testdata and ../testdata/pahole unless they start with
// "testdata/" (this package's own).
var goldens = []struct{ input, golden string }{
	{"kernel/linux-6.1/dummy.ko.debug", "dummy.ko.debug.golden"},
	{"kernel/linux-6.1/veth.ko.debug", "veth.ko.debug.golden"},
	{"c/bitfields.o", "c-bitfields.o.golden"},
	{"c/bitfields-dwarf4.o", "c-bitfields-dwarf4.o.golden"},
	{"c/bitfields-s390x.o", "c-bitfields-s390x.o.golden"},
	{"c/bitfields-s390x-dwarf4.o", "c-bitfields-s390x-dwarf4.o.golden"},
	{"c/packed.o", "c-packed.o.golden"},
	{"c/queues-split.dwo", "c-queues-split.dwo.golden"},
	{"c/queues-split4.dwo", "c-queues-split4.dwo.golden"},
	{"c/bpf.o", "c-bpf.o.golden"},
	{"c/pahole61.o", "c-pahole61.o.golden"},
	{"c/queues.o", "c-queues.o.golden"},
	{"c/queues-dwarf4.o", "c-queues-dwarf4.o.golden"},
	{"c/types.o", "c-types.o.golden"},
	{"c/types-gz.o", "c-types-gz.o.golden"},
	{"c/fixture", "c-fixture.golden"},
	{"gobin/gobin", "gobin.golden"},
	{"testdata/libqt.so", "testdata/libqt.so.golden"},
}

func testdata(p string) string {
	if strings.HasPrefix(p, "testdata/") {
		return p
	}
	return filepath.Join("..", "testdata", p)
}

func structsOf(t testing.TB, path string, names ...string) []*layout.Struct {
	t.Helper()
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := f.Structs(names...)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// TestPahole compares every struct and union pahole prints with ours:
// members, types, offsets, sizes, bit offsets and widths, struct sizes,
// packing and forced alignment. Where pahole 1.24 is wrong, the comparison
// says so in known and counts the struct apart; everything else must be
// equal.
func TestPahole(t *testing.T) {
	t.Parallel()
	for _, g := range goldens {
		t.Run(filepath.Base(g.input), func(t *testing.T) {
			golden := g.golden
			if !strings.HasPrefix(golden, "testdata/") {
				golden = "pahole/" + golden
			}
			want, err := pahole.ReadGolden(testdata(golden))
			if err != nil {
				t.Fatal(err)
			}
			got := structsOf(t, testdata(g.input))

			used := make([]bool, len(got))
			equal, withKnown := 0, 0
			var mismatches []string
			for i := range want {
				ps := &want[i]
				first := -1
				var firstDiff string
				var notes []string
				found := false
				for j, s := range got {
					if used[j] || s.Name != ps.Name || s.Kind.String() != ps.Kind {
						continue
					}
					diffs, known := pahole.Compare(ps, s)
					if len(diffs) == 0 {
						used[j], found, notes = true, true, known
						break
					}
					if first < 0 {
						first, firstDiff = j, strings.Join(diffs, "; ")
					}
				}
				switch {
				case found && len(notes) == 0:
					equal++
				case found:
					withKnown++
					t.Logf("%s %s: equal but for pahole defects: %s", ps.Kind, ps.Name, strings.Join(notes, "; "))
				case first < 0:
					mismatches = append(mismatches, fmt.Sprintf("%s %s (golden line %d): not found", ps.Kind, ps.Name, ps.Line))
				default:
					used[first] = true
					mismatches = append(mismatches, fmt.Sprintf("%s %s (golden line %d): %s", ps.Kind, ps.Name, ps.Line, firstDiff))
				}
			}
			for j, s := range got {
				if !used[j] {
					mismatches = append(mismatches, fmt.Sprintf("%s %s: not printed by pahole", s.Kind, s.Name))
				}
			}
			t.Logf("%d/%d structs equal to pahole (%d more equal but for pahole's defects), %d ours", equal, len(want), withKnown, len(got))
			for _, m := range mismatches {
				t.Error(m)
			}
		})
	}
}
