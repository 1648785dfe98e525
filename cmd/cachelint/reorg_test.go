package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/report"
)

// TestKernelProposals checks -reorg on 6.18's hand-laid-out structs with
// the kernel's tables, at 64- and 128-byte lines, by the groups' sizes in
// the binary and by the kernel's CACHELINE_ASSERT_GROUP_SIZE lines: each
// is a patch a netdev maintainer could merge. It keeps what C and the
// kernel rely on, grows no group past its size (or its assert), grows no
// struct, moves at most 30 members, puts no path on more lines and one on
// fewer, and says what it moves and does to the groups. The markers win
// over the table: no member outside the groups is hot, so what a proposal
// moves outside them is cold bytes that make room. Where there is no
// proposal, there is no finding either: the hand layout puts each path on
// as few lines as any order that keeps the groups (net_device and
// netns_ipv4 at 128-byte lines, netns_ipv4 at 64).
func TestKernelProposals(t *testing.T) {
	t.Parallel()
	f, err := btfscan.Open(linux618)
	if err != nil {
		t.Fatal(err)
	}
	asserts := td("kernel/linux-6.18/asserts")
	for _, c := range []struct {
		name, table string
		first, last string
	}{
		{"net_device", "net_device.rst", "", "priv"},
		{"tcp_sock", "tcp_sock.rst", "inet_conn", ""},
		{"netns_ipv4", "netns_ipv4_sysctl.rst", "", ""},
	} {
		for _, line := range []string{"64", "128"} {
			for _, withAsserts := range []bool{false, true} {
				args := []string{"-line", line, "-hot", td("kernel/net_cachelines/" + c.table), "-C", c.name, "-reorg"}
				if withAsserts {
					args = append(args, "-asserts", asserts)
				}
				name := fmt.Sprintf("%s@%s asserts=%v", c.name, line, withAsserts)
				out, errs, code := runCmd(t, append([]string{"-format", "json"}, append(args, linux618)...)...)
				if code != 3 && code != 0 {
					t.Fatalf("%s: exit %d; stderr:\n%s", name, code, errs)
				}
				var d doc
				if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Structs) != 1 {
					t.Fatalf("%s: %v", name, err)
				}
				js := d.Structs[0]
				for _, m := range js.Members {
					if m.Hot != nil && m.Group == "" && m.Size > 0 {
						t.Errorf("%s: %s, outside the groups, is hot (%+v): the markers win over the table", name, m.Name, m.Hot)
					}
				}
				p := js.Proposal
				if p == nil {
					// The other outcomes: no proposal, and why; or
					// nothing to fix.
					if code == 0 && len(js.Findings) != 0 || code == 3 && js.NoFix == "" || c.name == "net_device" && line == "64" {
						t.Errorf("%s: exit %d, no proposal: %q, findings %+v", name, code, js.NoFix, js.Findings)
					}
					t.Logf("%s: hand %v, no proposal: %q", name, js.HotLines, js.NoFix)
					continue
				}
				if code != 3 {
					t.Errorf("%s: a proposal, but exit %d", name, code)
				}
				ss, err := f.Structs(c.name)
				if err != nil {
					t.Fatal(err)
				}
				if err := layout.Annotate(ss[0]); err != nil {
					t.Fatal(err)
				}
				checkProposal(t, ss[0], js)
				better := false
				for path, hand := range js.HotLines {
					if p.HotLines[path] > hand {
						t.Errorf("%s: %s on %d lines, the hand layout %d", name, path, p.HotLines[path], hand)
					}
					better = better || p.HotLines[path] < hand
				}
				if !better {
					t.Errorf("%s: no path on fewer lines: %v -> %v", name, js.HotLines, p.HotLines)
				}
				if p.Size > js.Size || p.Grown != "" {
					t.Errorf("%s: grows the struct from %d to %d bytes (%q)", name, js.Size, p.Size, p.Grown)
				}
				if len(p.Moved) > 30 {
					t.Errorf("%s: moves %d members: %v", name, len(p.Moved), p.Moved)
				}
				if len(p.Groups) == 0 {
					t.Errorf("%s: no group sizes", name)
				}
				for _, g := range p.Groups {
					if g.After > g.Limit || !withAsserts && g.Limit != g.Before {
						t.Errorf("%s: group %+v", name, g)
					}
					if withAsserts && c.name == "net_device" && !strings.HasPrefix(g.Where, "net/core/dev.c:") {
						t.Errorf("%s: group %s limited by %q, not its assert", name, g.Name, g.Where)
					}
				}
				if len(p.GroupChanges) != 0 {
					t.Errorf("%s: members enter or leave groups: %+v", name, p.GroupChanges)
				}
				for _, m := range p.Members {
					if m.Hot != nil && m.Group == "" && m.Size > 0 {
						t.Errorf("%s: the proposal marks %s, outside the groups, hot", name, m.Name)
					}
				}
				if c.first != "" && (p.Members[0].Name != c.first || p.Members[0].Offset != 0) {
					t.Errorf("%s: first member %+v, want %s", name, p.Members[0], c.first)
				}
				if n := len(p.Members); c.last != "" && p.Members[n-1].Name != c.last {
					t.Errorf("%s: last member %+v, want %s", name, p.Members[n-1], c.last)
				}
				t.Logf("%s: hand %v, proposed %v, %d moved, groups %+v", name, js.HotLines, p.HotLines, len(p.Moved), p.Groups)
			}
		}
	}
}

// checkProposal checks that js's proposal for s has no overlap, keeps
// every member at its alignment and every group's members between its
// markers.
func checkProposal(t *testing.T, s *layout.Struct, js report.JSONStruct) {
	t.Helper()
	align := map[string]int64{}
	group := map[string]string{}
	for _, m := range s.Members {
		align[m.Name] = max(m.Align, m.AlignAttr)
		group[m.Name] = m.Group
	}
	// Overlap is judged in bits: a bit-field's storage unit may reach over
	// the members before it and the bit-fields sharing it.
	var end, endBit int64
	var open string
	for _, m := range js.Proposal.Members {
		lo, hi := m.Offset*8, (m.Offset+m.Size)*8
		if m.BitSize > 0 {
			lo, hi = m.BitOffset, m.BitOffset+m.BitSize
		}
		if lo < endBit {
			t.Errorf("%s: %s at bit %d overlaps what ends at bit %d", s.Name, m.Name, lo, endBit)
		}
		end, endBit = max(end, m.Offset+m.Size), max(endBit, hi)
		if a := align[m.Name]; a > 0 && m.Offset%a != 0 {
			t.Errorf("%s: %s at %d, off its %d-byte alignment", s.Name, m.Name, m.Offset, a)
		}
		if g, ok := strings.CutPrefix(m.Name, "__cacheline_group_begin__"); ok {
			open = g
			continue
		}
		if g, ok := strings.CutPrefix(m.Name, "__cacheline_group_end__"); ok {
			if open != g {
				t.Errorf("%s: %s closes group %q", s.Name, m.Name, open)
			}
			open = ""
			continue
		}
		if g := group[m.Name]; g != "" && g != open && m.Name != "" {
			t.Errorf("%s: %s of group %s lies in %q", s.Name, m.Name, g, open)
		}
		if g := group[m.Name]; g == "" && open != "" && (m.Hot == nil) && !strings.HasPrefix(m.Name, "__pad_") {
			t.Errorf("%s: cold %s moved into group %s", s.Name, m.Name, open)
		}
	}
	if end > js.Proposal.Size {
		t.Errorf("%s: members end at %d, past %d", s.Name, end, js.Proposal.Size)
	}
	if !slices.ContainsFunc(js.Proposal.Members, func(m report.JSONMember) bool { return m.Name != "" }) {
		t.Errorf("%s: empty proposal", s.Name)
	}
}

// TestTCPSock61 checks that 6.1's tcp_sock, where a read bit shares a byte
// with written bits, gets a proposal that says what it leaves.
func TestTCPSock61(t *testing.T) {
	t.Parallel()
	// The arguments of kernelJSON's run at 64-byte lines, which is then
	// shared.
	js := runJSON(t, "-line", "64", "-hot", td("kernel/net_cachelines/tcp_sock.rst"), "-C", "tcp_sock", "-reorg", td("c/tcp_sock61.o"))
	if js.Proposal == nil {
		t.Fatalf("no proposal: %s", js.NoFix)
	}
	for path, now := range js.HotLines {
		if p := js.Proposal.HotLines[path]; p >= now {
			t.Errorf("%s: %d lines -> %d", path, now, p)
		}
	}
	if !strings.Contains(js.Remains, "read-mostly is_sack_reneg shares a storage unit with written chrono_type") {
		t.Errorf("remains: %q", js.Remains)
	}
	if m := js.Proposal.Members[0]; m.Name != "inet_conn" || m.Offset != 0 {
		t.Errorf("first member %+v", m)
	}
	t.Logf("6.1 tcp_sock: %v -> %v", js.HotLines, js.Proposal.HotLines)
}

// TestGroupsFixture checks what DWARF says of a kernel-style struct
// (testdata/c/groups.c): DW_AT_alignment on the markers keeps the aligned
// groups aligned, the hot field left outside stays outside its group but
// on its line, or joins it when the hot file says join, the pinned field
// stays, the first member stays first and the flexible array last.
func TestGroupsFixture(t *testing.T) {
	t.Parallel()
	for _, join := range []bool{false, true} {
		t.Run(fmt.Sprint("join=", join), func(t *testing.T) {
			t.Parallel()
			groupsFixture(t, join)
		})
	}
}

func groupsFixture(t *testing.T, join bool) {
	obj := td("c/groups.o")
	hot := td("hot/grp_sock.hot")
	if join {
		src, err := os.ReadFile(hot)
		if err != nil {
			t.Fatal(err)
		}
		hot = filepath.Join(t.TempDir(), "join.hot")
		if err := os.WriteFile(hot, append(src, "grp_sock.tx_c join grp_sock_read_tx\n"...), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	js := runJSON(t, "-reorg", "-hot", hot, "-C", "grp_sock", obj)
	if js.Proposal == nil {
		t.Fatalf("no proposal: %s", js.NoFix)
	}
	f, err := dwarfscan.Open(obj)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ss, err := f.Structs("grp_sock")
	if err != nil || len(ss) != 1 {
		t.Fatalf("%v, %d structs", err, len(ss))
	}
	s := ss[0]
	if err := layout.Annotate(s); err != nil {
		t.Fatal(err)
	}
	if _, m := s.Lookup("__cacheline_group_begin__grp_sock_write_rx"); m.AlignAttr != 64 {
		t.Errorf("aligned begin marker: AlignAttr %d", m.AlignAttr)
	}
	checkProposal(t, s, js)
	at := map[string]report.JSONMember{}
	for _, m := range js.Proposal.Members {
		at[m.Name] = m
	}
	for name, want := range map[string]func(m report.JSONMember) bool{
		"base":  func(m report.JSONMember) bool { return m.Offset == 0 },
		"cold2": func(m report.JSONMember) bool { return m.Offset == 96 },
		"tx_c": func(m report.JSONMember) bool {
			if join {
				return m.Group == "grp_sock_read_tx"
			}
			return m.Group == "" && m.Offset/64 == at["tx_a"].Offset/64
		},
		"__cacheline_group_begin__grp_sock_write_rx": func(m report.JSONMember) bool { return m.Offset%64 == 0 },
		"__cacheline_group_begin__icmp":              func(m report.JSONMember) bool { return m.Offset%64 == 0 },
		"__cacheline_group_pad__icmp":                func(m report.JSONMember) bool { return m.Offset%64 == 0 && m.Offset >= at["stamp"].Offset+4 },
		"priv": func(m report.JSONMember) bool {
			return m.Offset%64 == 0 && m.Name == js.Proposal.Members[len(js.Proposal.Members)-1].Name
		},
	} {
		if m, ok := at[name]; !ok || !want(m) {
			t.Errorf("%s: %+v", name, m)
		}
	}
	if js.HotLines["tx"] != 2 || js.Proposal.HotLines["tx"] != 1 {
		t.Errorf("tx lines %d -> %d, want 2 -> 1", js.HotLines["tx"], js.Proposal.HotLines["tx"])
	}
	var changes []report.JSONGroupChange
	if join {
		changes = []report.JSONGroupChange{{Member: "tx_c", To: "grp_sock_read_tx"}}
	}
	if !slices.Equal(js.Proposal.GroupChanges, changes) {
		t.Errorf("group changes %+v, want %+v", js.Proposal.GroupChanges, changes)
	}
}

// TestPerCPUAlignProposal checks that the 64-byte, 8-byte aligned percpu
// queue gets aligned(64), not 56 bytes of padding, in text and JSON.
func TestPerCPUAlignProposal(t *testing.T) {
	t.Parallel()
	args := []string{"-reorg", "-hot", td("hot/pkt_rx_queue.hot"), "-C", "pkt_rx_queue", td("c/queues.o")}
	js := runJSON(t, args...)
	if p := js.Proposal; p == nil || p.Align != 64 || p.Size != 64 {
		t.Fatalf("proposal %+v, want aligned(64) at 64 bytes", p)
	}
	out, _, _ := runCmd(t, args...)
	if !strings.Contains(out, "/* proposed alignment: __attribute__((aligned(64))) on struct pkt_rx_queue */\n") {
		t.Errorf("text output:\n%s", out)
	}
}

// TestHotFileNamesGroupMarker: a hot file that marks or pins a cacheline
// group's marker in 6.18's page_pool fails, naming the file, the line and
// the marker; the markers are not fields.
func TestHotFileNamesGroupMarker(t *testing.T) {
	t.Parallel()
	hot := filepath.Join(t.TempDir(), "pool.hot")
	src := "page_pool.frag_users hot\npage_pool.__cacheline_group_begin__frag hot\npage_pool.__cacheline_group_end__frag pin\n"
	if err := os.WriteFile(hot, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, "-hot", hot, "-C", "page_pool", "-reorg", linux618)
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %q; want 1 and nothing", code, out)
	}
	for _, want := range []string{
		hot + ":2: __cacheline_group_begin__frag is a cacheline group marker of struct page_pool, not a field",
		hot + ":3: __cacheline_group_end__frag is a cacheline group marker of struct page_pool, not a field",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

// kernelCase is one of the kernel structs with the table the kernel keeps
// for it, in a 6.1 binary (before the maintainers grouped its fields) or
// in 6.18's BTF.
type kernelCase struct{ name, table, kernel, file string }

var kernelCases = []kernelCase{
	{"net_device", "net_device.rst", "6.1", td("kernel/linux-6.1/veth.ko.debug")},
	{"net_device", "net_device.rst", "6.18", linux618},
	{"tcp_sock", "tcp_sock.rst", "6.1", td("c/tcp_sock61.o")},
	{"tcp_sock", "tcp_sock.rst", "6.18", linux618},
	{"netns_ipv4", "netns_ipv4_sysctl.rst", "6.1", td("kernel/linux-6.1/veth.ko.debug")},
	{"netns_ipv4", "netns_ipv4_sysctl.rst", "6.18", linux618},
}

// kernelJSON runs -reorg on c at one line size: findings, or none
// (6.18's netns_ipv4, whose paths take a line each).
func kernelJSON(t *testing.T, c kernelCase, line string) report.JSONStruct {
	t.Helper()
	out, errs, code := runCmd(t, "-format", "json", "-line", line, "-hot", td("kernel/net_cachelines/"+c.table), "-C", c.name, "-reorg", c.file)
	if code != 3 && code != 0 {
		t.Fatalf("%s %s: exit %d, want 3 (findings) or 0; stderr:\n%s", c.name, c.kernel, code, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Structs) != 1 {
		t.Fatalf("%s %s: %v", c.name, c.kernel, err)
	}
	return d.Structs[0]
}

// A kernel proposal starts a member on a line as its maintainers would,
// with ____cacheline_aligned_in_smp on it, never with a pad array before
// it.
func TestKernelProposalsAlignNotPad(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"64", "128"} {
		for _, c := range kernelCases {
			js := kernelJSON(t, c, line)
			if js.Proposal == nil {
				continue
			}
			for _, m := range js.Proposal.Members {
				if strings.HasPrefix(m.Name, "__pad_") {
					t.Errorf("%s %s at %s-byte lines: pad array %s %s at %d", c.name, c.kernel, line, m.Type, m.Name, m.Offset)
				}
				if m.AlignAttr > 0 && m.Offset%m.AlignAttr != 0 {
					t.Errorf("%s %s at %s-byte lines: %s at %d, aligned(%d)", c.name, c.kernel, line, m.Name, m.Offset, m.AlignAttr)
				}
			}
		}
	}
}

// A kernel proposal moves the hot fields and what fills the holes among
// them; the cold fields after them keep their order where sorting them
// saves no line (6.18 net_device and tcp_sock: sorting saves no line of
// either; netns_ipv4 at 64-byte lines, whose cold sysctls sorted save one,
// is not asserted).
func TestKernelProposalsKeepColdOrder(t *testing.T) {
	t.Parallel()
	for _, c := range kernelCases {
		if c.kernel != "6.18" || c.name == "netns_ipv4" {
			continue
		}
		js := kernelJSON(t, c, "64")
		if js.Proposal == nil {
			t.Fatalf("%s: no proposal: %s", c.name, js.NoFix)
		}
		index := map[string]int{}
		for i, m := range js.Members {
			index[m.Name] = i
		}
		ms := js.Proposal.Members
		lastHot := slices.IndexFunc(ms, func(m report.JSONMember) bool { return m.Name == "__cacheline_group_end__"+lastGroup(ms) })
		prev := -1
		for _, m := range ms[lastHot+1:] {
			i, ok := index[m.Name]
			if m.Name == "" || !ok || m.Hot != nil {
				continue
			}
			if i < prev {
				t.Errorf("%s: cold %s (member %d) after member %d", c.name, m.Name, i, prev)
			}
			prev = max(prev, i)
		}
	}
}

// lastGroup names the last kernel cacheline group among ms.
func lastGroup(ms []report.JSONMember) string {
	g := ""
	for _, m := range ms {
		if name, ok := strings.CutPrefix(m.Name, "__cacheline_group_end__"); ok {
			g = name
		}
	}
	return g
}

// 6.18 sock at 128-byte lines (and 64), by its groups alone: sock_write_tx shares a
// line with what sock_read_rx and sock_read_rxtx read, and no order that
// keeps the struct its size and no path worse parts them; there is no
// proposal, and the reason says so.
func TestKernelNoFixSaysWhy(t *testing.T) {
	t.Parallel()
	js := runJSON(t, "-C", "sock", "-line", "64,128", "-reorg", linux618)
	if len(findings(js, "falseshare")) != 1 {
		t.Errorf("findings %+v", js.Findings)
	}
	if js.Proposal != nil {
		t.Fatalf("a proposal now (%v): this test needs another case", js.Proposal.HotLines)
	}
	if want := "reordering would put hot fields of path rx on "; !strings.Contains(js.NoFix, want) {
		t.Errorf("no_fix %q, want it to say %q", js.NoFix, want)
	}
}

// The 6.1 kernel's structs, before the maintainers grouped them, with the
// same tables: no groups to keep, so the proposals lay the hot fields out
// afresh; they still grow no struct, put no path on more lines, and their
// rows, with no groups to contradict, draw no warning about groups.
func TestKernelProposals61(t *testing.T) {
	t.Parallel()
	for _, c := range kernelCases {
		if c.kernel != "6.1" {
			continue
		}
		for _, line := range []string{"64", "128"} {
			js := kernelJSON(t, c, line)
			p := js.Proposal
			if p == nil {
				t.Errorf("%s 6.1 at %s: no proposal: %s", c.name, line, js.NoFix)
				continue
			}
			if p.Size > js.Size || p.Grown != "" || len(p.Groups) != 0 || len(p.GroupChanges) != 0 {
				t.Errorf("%s 6.1 at %s: size %d -> %d, grown %q, groups %+v", c.name, line, js.Size, p.Size, p.Grown, p.Groups)
			}
			for path, now := range js.HotLines {
				if p.HotLines[path] > now {
					t.Errorf("%s 6.1 at %s: %s %d -> %d lines", c.name, line, path, now, p.HotLines[path])
				}
			}
			if len(p.Moved) == 0 {
				t.Errorf("%s 6.1 at %s: moves nothing", c.name, line)
			}
			// The bound beside moved is one: no more than it moves.
			if p.MovedAtLeast > len(p.Moved) {
				t.Errorf("%s 6.1 at %s: moves %d, at least %d", c.name, line, len(p.Moved), p.MovedAtLeast)
			}
			t.Logf("%s 6.1 at %s: moves %d, any order at least %d", c.name, line, len(p.Moved), p.MovedAtLeast)
		}
	}
}
