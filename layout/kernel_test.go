package layout_test

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/layout"
)

// The reorganizer's promises (FuzzPropose's) hold on every struct of the
// Linux 6.18 BTF with random hot members, writes and pins: real layouts
// have the unions, bit-fields, groups, aligned members and flexible arrays
// that generated ones only approximate.
func TestProposalsHoldOnKernel(t *testing.T) {
	f, err := btfscan.Open(filepath.Join("..", "testdata", "kernel", "linux-6.18", "vmlinux.btf.gz"))
	if err != nil {
		t.Fatal(err)
	}
	structs, err := f.Structs()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(6, 18))
	paths := [][]string{{"rx"}, {"tx"}, {"rx", "tx"}, nil}
	lineSets := [][]int64{{64}, {128}, {64, 128}}
	var proposed, checked int
	for _, s := range structs {
		if s.Kind != layout.KindStruct || len(s.Members) < 2 {
			continue
		}
		if err := layout.ApplyCachelineGroups(s); err != nil {
			continue // markers the kernel itself would reject
		}
		for i := range s.Members {
			m := &s.Members[i]
			switch rng.IntN(4) {
			case 0:
				m.Hot = &layout.Hot{Paths: slices.Clone(paths[rng.IntN(len(paths))])}
			case 1:
				m.Hot = &layout.Hot{Paths: slices.Clone(paths[rng.IntN(len(paths))]), Write: true}
			}
			m.Pinned = rng.IntN(20) == 0
		}
		s.ResolvePaths()
		lines := lineSets[rng.IntN(len(lineSets))]
		p, why := layout.Propose(s, lines)
		checked++
		if p == nil {
			if why == "" {
				t.Errorf("%s: no proposal and no reason", s.Name)
			}
			continue
		}
		proposed++
		if msg := layout.Broken(s, p, lines); msg != "" {
			t.Errorf("%s at %v-byte lines: %s\nstruct:\n%s\nproposal:\n%s", s.Name, lines, msg, layout.Describe(s), layout.Describe(p.Struct))
		}
	}
	t.Logf("%d structs, %d proposals", checked, proposed)
	if proposed < checked/2 {
		t.Errorf("only %d proposals for %d structs", proposed, checked)
	}
}
