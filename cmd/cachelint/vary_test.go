package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/report"
)

// relaid is members (in offset order, as JSON lists them) laid out again
// with d more bytes at the end of member at, as a C compiler would: what
// follows moves by d, up to a member whose alignment attribute takes the
// change up again; and the struct's size then.
func relaid(members []report.JSONMember, at string, d, align int64) ([]report.JSONMember, int64) {
	out := make([]report.JSONMember, len(members))
	var shift, end int64
	after := false
	for i, m := range members {
		if after && m.AlignAttr > 0 {
			shift = (end+m.AlignAttr-1)/m.AlignAttr*m.AlignAttr - m.Offset
		}
		m.Offset += shift
		m.BitOffset += shift * 8
		out[i] = m
		end = max(end, m.Offset+m.Size)
		if m.Name == at {
			after = true
			shift += d
			end += d
		}
	}
	return out, (end + align - 1) / align * align
}

// pathLines counts the lines of the given size each path's hot members
// touch.
func pathLines(members []report.JSONMember, line int64) map[string]int {
	on := map[string]map[int64]bool{}
	for _, m := range members {
		if m.Hot == nil || m.Size == 0 {
			continue
		}
		for _, p := range m.Hot.Paths {
			if on[p] == nil {
				on[p] = map[int64]bool{}
			}
			for l := m.Offset / line; l <= (m.Offset+m.Size-1)/line; l++ {
				on[p][l] = true
			}
		}
	}
	out := map[string]int{}
	for p, ls := range on {
		out[p] = len(ls)
	}
	return out
}

// TestKernelProposalsHoldInOtherConfigs runs tcp_sock's proposals at 64
// and 128 with inet_conn's size varying by every multiple of 8 within
// ±64 bytes, and then with read_tx 8 bytes bigger too (CONFIG_TLS_DEVICE's
// tcp_clean_acked), and lays each proposal and the struct out again in
// each of those builds, independently of the reorganizer (relaid): no
// path on more lines, no bigger struct. Where the builds leave no
// proposal, the output names the build that defeats the one for the
// binary alone; without -vary, it says the proposal was judged for the
// binary's build alone.
func TestKernelProposalsHoldInOtherConfigs(t *testing.T) {
	t.Parallel()
	type vary struct {
		at string
		d  int64
	}
	var conn []vary
	for d := int64(-64); d <= 64; d += 8 {
		conn = append(conn, vary{"inet_conn", d})
	}
	tls := vary{"__cacheline_group_end__tcp_sock_read_tx", 8}
	for _, line := range []int64{64, 128} {
		for _, withTLS := range []bool{false, true} {
			name := fmt.Sprintf("tcp_sock@%d tls=%v", line, withTLS)
			args := []string{"-format", "json", "-line", itoa(line), "-hot", td("kernel/net_cachelines/tcp_sock.rst"), "-C", "tcp_sock", "-reorg",
				"-vary", "tcp_sock.inet_conn=-64..64"}
			builds := [][]vary{}
			for _, c := range conn {
				builds = append(builds, []vary{c})
			}
			if withTLS {
				args = append(args, "-vary", "tcp_sock."+tls.at+"=8")
				builds = append(builds, []vary{tls})
				for _, c := range conn {
					builds = append(builds, []vary{c, tls})
				}
			}
			out, errs, code := runCmd(t, append(args, linux618)...)
			if code != 3 {
				t.Fatalf("%s: exit %d: %s", name, code, errs)
			}
			var d doc
			if err := json.Unmarshal([]byte(out), &d); err != nil || len(d.Structs) != 1 {
				t.Fatalf("%s: %v", name, err)
			}
			js := d.Structs[0]
			p := js.Proposal
			if p == nil {
				if !strings.Contains(js.NoFix, "does not hold in others: with ") {
					t.Errorf("%s: no proposal, and no build named that defeats it: %q", name, js.NoFix)
				}
				t.Logf("%s: %s", name, js.NoFix)
				continue
			}
			if !strings.HasPrefix(p.Configs, "checked at the binary's layout and ") {
				t.Errorf("%s: configs %q", name, p.Configs)
			}
			for _, b := range builds {
				before, after := js.Members, p.Members
				beforeSize, afterSize := js.Size, p.Size
				for _, v := range b {
					before, beforeSize = relaid(before, v.at, v.d, 64)
					after, afterSize = relaid(after, v.at, v.d, 64)
				}
				if afterSize > beforeSize {
					t.Errorf("%s, %v: the proposal is %d bytes, the struct %d", name, b, afterSize, beforeSize)
				}
				now, proposed := pathLines(before, line), pathLines(after, line)
				for path, n := range proposed {
					if n > now[path] {
						t.Errorf("%s, %v: path %s on %d lines, %d now", name, b, path, n, now[path])
					}
				}
			}
			t.Logf("%s: moves %v, aligns %v, %s", name, p.Moved, alignedMarkers(p.Members), p.Configs)
		}
	}
	// With inet_conn varying, the kernel's own move, and what it costs.
	out, errs, code := runCmd(t, "-line", "64", "-hot", td("kernel/net_cachelines/tcp_sock.rst"), "-C", "tcp_sock", "-reorg", "-vary", "tcp_sock.inet_conn=-64..64", linux618)
	if want := "/* the proposal aligns __cacheline_group_begin__tcp_sock_read_tx on a 64-byte line, for a hole of 8 bytes before it here */\n"; code != 3 || !strings.Contains(out, want) {
		t.Errorf("-vary inet_conn: exit %d, %s; want %q in\n%s", code, errs, want, out)
	}
	// Without -vary, the proposal says whose build it was judged for.
	out, errs, code = runCmd(t, "-line", "64", "-hot", td("kernel/net_cachelines/tcp_sock.rst"), "-C", "tcp_sock", "-reorg", linux618)
	if code != 3 || !strings.Contains(out, "/* the proposal was judged for this binary's configuration alone") {
		t.Errorf("without -vary: exit %d, %s\n%s", code, errs, out)
	}
}

// alignedMarkers names the group markers members give an alignment.
func alignedMarkers(members []report.JSONMember) []string {
	var out []string
	for _, m := range members {
		if m.Size == 0 && m.AlignAttr > 0 && strings.HasPrefix(m.Name, "__cacheline_group_begin__") {
			out = append(out, fmt.Sprintf("%s(%d)", m.Name, m.AlignAttr))
		}
	}
	return out
}

// ringConfigs are the configurations testdata/c/patch/ring.h is built
// with: its read group's PTP block, its embedded XDP buffer's fragments,
// the zero-copy block among its cold members; each with and without.
var ringConfigs = func() [][]string {
	var out [][]string
	for bits := range 8 {
		cfg := []string{}
		for k, opt := range []string{"-DCONFIG_DRV_PTP", "-DCONFIG_DRV_XDP_FRAGS", "-DCONFIG_DRV_XSK_ZC"} {
			if bits&(1<<k) != 0 {
				cfg = append(cfg, opt)
			}
		}
		out = append(out, cfg)
	}
	return out
}()

// TestPatchRingEveryConfig runs -patch on a driver's receive ring with
// cacheline groups (testdata/c/patch/ring.h, written after the ice
// driver's ring, not a struct the rules were written from), built in
// each of its configurations, and compiles the patched header in every
// configuration: the compiler's own layout of the patched struct puts the
// receive path on no more lines than the original's in the same
// configuration, and is no bigger, whichever build the patch came from.
func TestPatchRingEveryConfig(t *testing.T) {
	needTools(t)
	t.Parallel()
	for _, name := range []string{"drv_rx_ring", "drv_tx_ring"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ringEveryConfig(t, name)
		})
	}
}

// ringEveryConfig is TestPatchRingEveryConfig for struct name, in a
// folder of its own.
func ringEveryConfig(t *testing.T, name string) {
	dir := t.TempDir()
	for _, f := range []string{"ring.h", "kernel.h"} {
		b, err := os.ReadFile(td(filepath.Join("c", "patch", f)))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ring := filepath.Join(dir, "ring.h")
	original, err := os.ReadFile(ring)
	if err != nil {
		t.Fatal(err)
	}
	layoutOf := func(obj string) report.JSONStruct {
		out, errs, code := runLayoutIn(t, dir, "-format", "json", "-line", "64", "-C", name, obj)
		var d doc
		if code != 0 && code != 3 || json.Unmarshal([]byte(out), &d) != nil || len(d.Structs) != 1 {
			t.Fatalf("%s: exit %d: %s", obj, code, errs)
		}
		return d.Structs[0]
	}
	// The original's layout in each configuration.
	var before []report.JSONStruct
	for i, cfg := range ringConfigs {
		obj := fmt.Sprintf("orig%d.o", i)
		compileC(t, dir, "ring.h", obj, cfg)
		before = append(before, layoutOf(obj))
	}
	patches := 0
	for i, cfg := range ringConfigs {
		if err := os.WriteFile(ring, original, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
			t.Fatal(err)
		}
		execOK(t, dir, "git", "init", "-q")
		execOK(t, dir, "git", "add", "-A")
		patch, errs, code := runLayoutIn(t, dir, "-reorg", "-line", "64", "-patch", "ring.h", "-C", name, fmt.Sprintf("orig%d.o", i))
		if code != 3 && code != 0 || strings.Contains(errs, "cachelint: ring.h") {
			t.Fatalf("built with %v: exit %d: %s", cfg, code, errs)
		}
		if patch == "" {
			// With the fragments, moving qstats before the groups
			// starts them on a line; without, it puts them across one.
			if name == "drv_rx_ring" && slices.Contains(cfg, "-DCONFIG_DRV_XDP_FRAGS") &&
				!strings.Contains(errs, "no patch: the proposal for this build alone (moving qstats) does not hold in others: with ") {
				t.Errorf("built with %v: no patch, and no note naming xdp: %s", cfg, errs)
			}
			t.Logf("built with %v: no patch: %s", cfg, errs)
			continue
		}
		patches++
		// The transmit ring's patch, from the build with the fragments,
		// aligns its read group's begin marker, and moves nothing.
		if want := "-\t__cacheline_group_begin(drv_tx_ring_read_tx);\n+\t__cacheline_group_begin(drv_tx_ring_read_tx) ____cacheline_aligned;\n"; name == "drv_tx_ring" && !strings.Contains(patch, want) {
			t.Errorf("built with %v: the patch\n%s\ndoes not align the read group's marker", cfg, patch)
		}
		applyOnce(t, dir, patch)
		patched, err := os.ReadFile(ring)
		if err != nil {
			t.Fatal(err)
		}
		// The zero-copy block, which a build without it cannot place,
		// stays beside xsk_pool, after the groups, in such a build's
		// patch.
		if zc := "\tstruct drv_xsk_pool *xsk_pool;\n#ifdef CONFIG_DRV_XSK_ZC\n"; name == "drv_rx_ring" && !slices.Contains(cfg, "-DCONFIG_DRV_XSK_ZC") &&
			(!strings.Contains(string(patched), zc) || strings.Index(string(patched), zc) < strings.Index(string(patched), "__cacheline_group_end(drv_rx_ring_write_rx)")) {
			t.Errorf("patch from %v moves the zero-copy block:\n%s", cfg, patch)
		}
		for j, other := range ringConfigs {
			obj := fmt.Sprintf("patched%d-%d.o", i, j)
			compileC(t, dir, "ring.h", obj, other)
			after := layoutOf(obj)
			if after.Size > before[j].Size {
				t.Errorf("patch from %v, built with %v: %d bytes, %d unpatched", cfg, other, after.Size, before[j].Size)
			}
			for path, n := range after.HotLines {
				if n > before[j].HotLines[path] {
					t.Errorf("patch from %v, built with %v: path %s on %d lines, %d unpatched", cfg, other, path, n, before[j].HotLines[path])
				}
			}
			if i == j && slices.Equal(mapsSorted(after.HotLines), mapsSorted(before[j].HotLines)) {
				t.Errorf("patch from %v saves no line in its own build: %v", cfg, after.HotLines)
			}
		}
	}
	if patches == 0 {
		t.Errorf("no build got a patch")
	}
}

// mapsSorted is m's values in the order of its keys.
func mapsSorted(m map[string]int) []int {
	var out []int
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k])
	}
	return out
}

// TestVaryErrors: a -vary that cannot hold is an error naming what is
// wrong, exit 1.
func TestVaryErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ arg, want, structs string }{
		{"tcp_sock.inet_conn", "want STRUCT.MEMBER=DELTAS", "tcp_sock"},
		{"tcp_sock.inet_conn=abc", `"abc" is not a number of bytes`, "tcp_sock"},
		{"tcp_sock.inet_conn=64..-64", "LO <= HI", "tcp_sock"},
		{"tcp_sock.inet_conn=0..100000/1", "more than 1024 deltas", "tcp_sock"},
		{"tcp_sock.nosuch=8", "struct tcp_sock has no top-level member nosuch", "tcp_sock"},
		{"tcp_sock.inet_conn=-1401", "tcp_sock.inet_conn -1401 bytes: a member of 1400 bytes changes by at most -1400", "tcp_sock"},
		// Said after every input is analyzed: console's analysis is
		// quick, tcp_sock's is not.
		{"nosuch.x=8", "-vary: no input has struct nosuch", "console"},
	} {
		_, errs, code := runCmd(t, "-reorg", "-vary", c.arg, "-C", c.structs, linux618)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("-vary %s: exit %d, %s; want exit 1 and %q", c.arg, code, errs, c.want)
		}
	}
}

// TestJoinMovesOnlyTheJoined: netns_ipv4 with sysctl_tcp_shrink_window
// let join netns_ipv4_read_txrx (as netdev later moved it): the proposal
// moves that member and nothing else, where the read_rx group's members
// in their order still fit its size and its line.
func TestJoinMovesOnlyTheJoined(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	join := filepath.Join(dir, "join.hot")
	if err := os.WriteFile(join, []byte("netns_ipv4.sysctl_tcp_shrink_window join netns_ipv4_read_txrx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, "-format", "json", "-line", "64", "-hot", td("kernel/net_cachelines/netns_ipv4_sysctl.rst"), "-hot", join, "-C", "netns_ipv4", "-reorg", linux618)
	var d doc
	if code != 3 || json.Unmarshal([]byte(out), &d) != nil || len(d.Structs) != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	p := d.Structs[0].Proposal
	if p == nil || !slices.Equal(p.Moved, []string{"sysctl_tcp_shrink_window"}) {
		t.Fatalf("proposal %+v, want one moving sysctl_tcp_shrink_window", p)
	}
	if p.HotLines["rx"] != 1 || p.HotLines["tx"] != 1 {
		t.Errorf("hot lines %v, want rx 1, tx 1", p.HotLines)
	}
}
