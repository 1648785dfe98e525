package reorg_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// The reorganizer's promises (FuzzPropose's) hold on every struct of the
// Linux 6.18 BTF with random hot members, writes and pins: real layouts
// have the unions, bit-fields, groups, aligned members and flexible arrays
// that generated ones only approximate. The structs are marked in order,
// then proposed for on every core: for every struct under -tags e2e
// (.ci/run), one in eight in go test ./..., one in 32 with -short.
func TestProposalsHoldOnKernel(t *testing.T) {
	t.Parallel()
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
	type job struct {
		s     *layout.Struct
		lines []int64
	}
	var jobs []job
	for _, s := range structs {
		if s.Kind != layout.KindStruct || len(s.Members) < 2 {
			continue
		}
		if err := layout.Annotate(s); err != nil {
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
		jobs = append(jobs, job{s, lineSets[rng.IntN(len(lineSets))]})
	}
	step := kernelSweepStep
	if testing.Short() {
		step = 32
	}
	shards := runtime.GOMAXPROCS(0)
	var proposed, checked atomic.Int64
	t.Run("propose", func(t *testing.T) {
		for k := range shards {
			t.Run(fmt.Sprint(k), func(t *testing.T) {
				t.Parallel()
				for i := k * step; i < len(jobs); i += shards * step {
					s, lines := jobs[i].s, jobs[i].lines
					p, why := reorg.Propose(s, lines)
					checked.Add(1)
					if p == nil {
						if why == "" {
							t.Errorf("%s: no proposal and no reason", s.Name)
						}
						continue
					}
					proposed.Add(1)
					if msg := reorg.Broken(s, p, lines); msg != "" {
						t.Errorf("%s at %v-byte lines: %s\nstruct:\n%s\nproposal:\n%s", s.Name, lines, msg, reorg.Describe(s), reorg.Describe(p.Struct))
					}
				}
			})
		}
	})
	t.Logf("%d structs, %d proposals", checked.Load(), proposed.Load())
	if proposed.Load() < checked.Load()/2 {
		t.Errorf("only %d proposals for %d structs", proposed.Load(), checked.Load())
	}
}

// kernelStruct reads one of the structs the kernel keeps a net_cachelines
// table for, as cachelint layout -hot does: 6.1 from DWARF, 6.18 from BTF.
func kernelStruct(t *testing.T, name, table, kernel string) *layout.Struct {
	t.Helper()
	td := filepath.Join("..", "testdata")
	var ss []*layout.Struct
	var err error
	switch {
	case kernel == "6.18":
		var f *btfscan.File
		if f, err = btfscan.Open(filepath.Join(td, "kernel", "linux-6.18", "vmlinux.btf.gz")); err == nil {
			ss, err = f.Structs(name)
		}
	default:
		path := filepath.Join(td, "kernel", "linux-6.1", "veth.ko.debug")
		if name == "tcp_sock" {
			path = filepath.Join(td, "c", "tcp_sock61.o")
		}
		var f *dwarfscan.File
		if f, err = dwarfscan.Open(path); err == nil {
			ss, err = f.Structs(name)
		}
	}
	if err != nil || len(ss) == 0 {
		t.Fatalf("%s %s: %v", name, kernel, err)
	}
	set, _, err := hotfile.LoadPaths([]string{filepath.Join(td, "kernel", "net_cachelines", table)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := set.Apply(ss[:1]); err != nil {
		t.Fatal(err)
	}
	if err := layout.Prepare(ss[0], layout.BinarySeparators); err != nil {
		t.Fatal(err)
	}
	return ss[0]
}

// without lays out proposal p's struct as the compiler would with the
// alignment p gives its i-th member dropped: each later member at the
// first offset its alignment allows after those before it, members that
// share storage (bit-fields) moving together.
func without(s *layout.Struct, p *layout.Proposal, i int) *layout.Struct {
	ps := p.Struct
	out := *ps
	out.Members = slices.Clone(ps.Members)
	o := &s.Members[p.From[i]]
	out.Members[i].Align, out.Members[i].AlignAttr = o.Align, o.AlignAttr
	var end, oldEnd, shift int64
	for k := range i {
		end = max(end, ps.Members[k].End())
	}
	oldEnd = end
	for k := i; k < len(out.Members); k++ {
		m := &out.Members[k]
		if k == i || m.Offset >= oldEnd {
			shift = alignUp(end, max(m.Align, m.AlignAttr, 1)) - m.Offset
		}
		oldEnd = max(oldEnd, m.End())
		shiftMember(m, shift)
		end = max(end, m.End())
	}
	out.Size = alignUp(end, out.Align)
	return &out
}

func shiftMember(m *layout.Member, d int64) {
	m.Offset += d
	m.BitOffset += d * 8
	m.Inner = slices.Clone(m.Inner)
	for k := range m.Inner {
		shiftMember(&m.Inner[k], d)
	}
}

func alignUp(x, a int64) int64 { return (x + a - 1) / a * a }

// The kernel structs' proposals start a member on a line only where that
// buys something, and grow the struct only where it says what for: each
// alignment the proposal adds, dropped, puts some path on more lines or
// leaves more members sharing lines falsely; a proposal a line bigger than the
// kernel's struct at some line size says what that buys, and buys it.
func TestKernelProposalsBreakOnlyForGain(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, table string }{
		{"net_device", "net_device.rst"}, {"tcp_sock", "tcp_sock.rst"}, {"netns_ipv4", "netns_ipv4_sysctl.rst"},
	}
	for _, c := range cases {
		for _, kernel := range []string{"6.1", "6.18"} {
			s := kernelStruct(t, c.name, c.table, kernel)
			for _, line := range []int64{64, 128} {
				lines := []int64{line}
				p := reorg.Analyze(s, lines).Proposal
				if p == nil {
					continue
				}
				worse := func(q *layout.Struct) bool {
					for _, path := range s.Paths() {
						if q.HotLines(path, line) > p.Struct.HotLines(path, line) {
							return true
						}
					}
					return reorg.FalselyShared(q, line) > reorg.FalselyShared(p.Struct, line)
				}
				for _, i := range p.Aligned {
					if q := without(s, p, i); !worse(q) {
						t.Errorf("%s %s at %d-byte lines: %s aligned to %d at %d buys nothing\n%s", c.name, kernel, line,
							p.Struct.Members[i].Label(), p.Struct.Members[i].AlignAttr, p.Struct.Members[i].Offset, reorg.Describe(q))
					}
				}
				if more := p.Struct.Lines(line) - s.Lines(line); more > 0 {
					saved := 0
					for _, path := range s.Paths() {
						saved += s.HotLines(path, line) - p.Struct.HotLines(path, line)
					}
					if p.Grown == "" || int64(saved) < more && reorg.FalselyShared(p.Struct, line) >= reorg.FalselyShared(s, line) {
						t.Errorf("%s %s at %d-byte lines: %d bytes -> %d for %d fewer hot lines; it says %q", c.name, kernel, line, s.Size, p.Struct.Size, saved, p.Grown)
					}
				}
			}
		}
	}
}
