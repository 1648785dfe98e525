package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
	"github.com/cachelint/cachelint/report"
)

// The checks on real kernel layouts.

// splitLocks lists the split locks cachelint layout reports in path.
func splitLocks(t *testing.T, path string) []string {
	t.Helper()
	out, errs, code := runCmd(t, "-q", "-format", "json", path)
	if code == 1 {
		t.Fatalf("%s: exit 1; stderr:\n%s", path, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	var locks []string
	for _, s := range d.Structs {
		for _, f := range s.Findings {
			if strings.Contains(f.Message, "split lock") {
				locks = append(locks, s.Name+": "+f.Message)
			}
		}
	}
	return locks
}

// Every atomic of the 6.18 kernel is naturally aligned, arrays of atomic_t
// (zone.vm_stat) included: no split lock. The packed fixtures have two.
func TestSplitLocks(t *testing.T) {
	t.Parallel()
	if locks := splitLocks(t, linux618); len(locks) != 0 {
		t.Errorf("6.18 BTF: %d split locks:\n%s", len(locks), strings.Join(locks, "\n"))
	}
	want := []string{
		"split_lock: atomic counter (8 bytes at offset 60) crosses the line boundary at 64: a split lock (64-byte lines)",
		"split_lock_int: atomic refs (4 bytes at offset 62) crosses the line boundary at 64: a split lock (64-byte lines)",
	}
	if locks := splitLocks(t, td("c/packed.o")); !slices.Equal(locks, want) {
		t.Errorf("packed.o: split locks\n%s\nwant\n%s", strings.Join(locks, "\n"), strings.Join(want, "\n"))
	}
}

// net_device.tc_to_txq's first element crosses into a line the rest of the
// array fills anyway: no finding.
func TestStraddleAddingNoLine(t *testing.T) {
	t.Parallel()
	js := runJSON(t, "-hot", rst, "-C", "net_device", linux618)
	for _, f := range findings(js, "straddle") {
		t.Errorf("straddle: %s", f.Message)
	}
}

// 6.18 inet_connection_sock with the kernel's table: the fields written
// on tx share lines with fields read on tx (icsk_delack_timer) and on
// both paths, of one socket, whose tx path runs on one CPU at a time: no
// false sharing. Marked the same by hand, where nothing says which CPUs
// run a path, they are.
func TestFalseShareKernelPaths(t *testing.T) {
	t.Parallel()
	table := td("kernel/net_cachelines/inet_connection_sock.rst")
	js := runJSON(t, "-line", "64,128", "-hot", table, "-C", "inet_connection_sock", linux618)
	if fs := findings(js, "falseshare"); len(fs) != 0 {
		t.Errorf("%d falseshare findings, want none: %+v", len(fs), fs)
	}
	f, err := btfscan.Open(linux618)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs("inet_connection_sock")
	if err != nil {
		t.Fatal(err)
	}
	set, err := hotfile.Load(table)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := set.Apply(ss[:1]); err != nil {
		t.Fatal(err)
	}
	s := ss[0]
	if err := layout.Annotate(s); err != nil || !s.KernelPaths {
		t.Fatalf("KernelPaths %v: %v", s.KernelPaths, err)
	}
	s.KernelPaths = false
	var fs []layout.Finding
	for _, fd := range reorg.Analyze(s, []int64{64, 128}).Findings {
		if fd.Check == layout.CheckFalseShare {
			fs = append(fs, fd)
		}
	}
	if len(fs) != 2 || !slices.Equal(fs[0].LineSizes, []int64{64, 128}) ||
		!strings.HasPrefix(fs[0].Message, "icsk_rto, icsk_pmtu_cookie and icsk_ca_ops are written on path tx and share line 18 with icsk_delack_timer (read-mostly)") {
		t.Errorf("marked by hand: %+v", fs)
	}
}

// -reorg proposes nothing, and says nothing about reorganizing, for a
// struct with nothing to fix: hot fields on one line, nothing written.
func TestNoProposalWithoutFindings(t *testing.T) {
	t.Parallel()
	hot := filepath.Join(t.TempDir(), "q.hot")
	if err := os.WriteFile(hot, []byte("pkt_rx_queue.mp hot\npkt_rx_queue.rx_ring hot\npkt_rx_queue.rx_tail hot\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(t, "-reorg", "-hot", hot, "-C", "pkt_rx_queue", td("c/queues.o"))
	if code != 0 || strings.Contains(out, "propos") || strings.Contains(out, "reorganization") {
		t.Errorf("exit %d, stderr %q, output\n%s", code, errs, out)
	}
}

// JSON members carry the hotness hot_lines counts: 6.1 net_device's
// anonymous union of lstats, tstats and dstats is read on tx.
func TestJSONMemberHotWithin(t *testing.T) {
	t.Parallel()
	js := runJSON(t, "-hot", rst, "-C", "net_device", linux61)
	for _, m := range js.Members {
		if m.Name == "" && m.Offset == 1304 {
			if m.Hot == nil || !slices.Equal(m.Hot.Paths, []string{"tx"}) || m.Hot.Write {
				t.Errorf("union at 1304: hot %+v, want tx read", m.Hot)
			}
			return
		}
	}
	t.Error("no anonymous member at 1304")
}

// A hot file overrides the kernel group a field lies in, and budgets are
// checked against the paths that result.
func TestHotFileOverridesGroup(t *testing.T) {
	t.Parallel()
	hot := filepath.Join(t.TempDir(), "mtu.hot")
	if err := os.WriteFile(hot, []byte("net_device.mtu hot path=rx\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	js := runJSON(t, "-hot", hot, "-C", "net_device", linux618)
	for _, m := range js.Members {
		if m.Name == "mtu" && (m.Hot == nil || !slices.Equal(m.Hot.Paths, []string{"rx"}) || m.Group != "net_device_read_tx") {
			t.Errorf("mtu: hot %+v in group %q, want rx only in net_device_read_tx", m.Hot, m.Group)
		}
	}
	if err := os.WriteFile(hot, []byte("net_device.mtu hot path=rx\nnet_device budget path=fwd lines=2\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runCmd(t, "-hot", hot, "-C", "net_device", linux618)
	if code != 1 || !strings.Contains(errs, "budget names path fwd, which no hot field of net_device is on (paths: rx, tx)") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// The padding check runs on binaries: a named pad between two atomics is a
// separator, an on-disk record's pad is not.
func TestPaddingInBinaries(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd(t, "-q", "-line", "64,128", td("c/pads.o"))
	if code != 3 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "/* padding: ") {
			got = append(got, l)
		}
	}
	want := []string{
		"/* padding: padding hpad char[56] (56 bytes) leaves head and tail on one line (128-byte lines): it needs 64 more bytes */",
		"/* padding: padding pad char[4] (4 bytes) leaves a and b on one line (64-byte lines; also at 128-byte lines): it needs 56 more bytes */",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The kernel's net_device.rst lists _rx, rx_handler and rx_handler_data
// under tx, which 6.18 keeps in net_device_read_rx: each row is warned
// about, naming the group, and the group wins. The rows for fields the
// groups leave out are warned about and applied. 6.1, which has no
// groups, hears of neither.
func TestTableRowsAgainstMarkers(t *testing.T) {
	t.Parallel()
	js := runJSON(t, "-hot", rst, "-C", "net_device", linux618)
	_, errs, _ := runCmd(t, "-v", "-hot", rst, "-C", "net_device", linux618)
	for _, row := range []struct {
		line  int
		field string
	}{{97, "_rx"}, {105, "rx_handler"}, {106, "rx_handler_data"}} {
		want := fmt.Sprintf("cachelint: warning: %s:%d: the table has %s read_mostly on tx, but struct net_device keeps it in cacheline group net_device_read_rx, read_mostly on rx: the group wins\n", rst, row.line, row.field)
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
		for _, m := range js.Members {
			if m.Name == row.field && (m.Hot == nil || !slices.Equal(m.Hot.Paths, []string{"rx"})) {
				t.Errorf("%s: %+v, want the group's rx", m.Name, m.Hot)
			}
		}
	}
	// The rows for fields the kernel keeps outside its groups (stale ones:
	// 6.13 took gro_flush_timeout and napi_defer_hard_irqs off the rx
	// path) are not applied: the fields stay cold.
	for _, field := range []string{"ptype_all", "ip_ptr", "ingress_queue", "gro_flush_timeout", "napi_defer_hard_irqs"} {
		if !regexp.MustCompile(`warning: [^\n]*: the table has ` + field + ` read_mostly on [a-z,]+, but struct net_device keeps it outside its cacheline groups, on no fast path: the groups win, it stays cold\n`).MatchString(errs) {
			t.Errorf("no warning for %s:\n%s", field, errs)
		}
		for _, m := range js.Members {
			if m.Name == field && m.Hot != nil {
				t.Errorf("%s: %+v, want cold", m.Name, m.Hot)
			}
		}
	}
	if n := strings.Count(errs, "cachelint: warning: "); n != 9 {
		t.Errorf("%d warnings, want 9:\n%s", n, errs)
	}
	_, errs, _ = runCmd(t, "-v", "-hot", rst, "-C", "net_device", linux61)
	if strings.Contains(errs, "cacheline group") {
		t.Errorf("6.1 warns of groups it does not have:\n%s", errs)
	}
}

// The findings cachelint reports on the whole 6.18 BTF in the default
// mode, judged in docs/precision.md: no false sharing inside struct sock,
// whose rx path writes and reads its fields of one socket on one CPU. At
// 128-byte lines, sock_write_tx shares a line with what rx reads, which is.
// No straddle of tcp_sock's rcvq_space: whatever order tcp_sock_write_rx's
// members take, their 108 bytes from 24 bytes into a line reach a third
// line, so its crossing costs rx nothing, and no order within the groups'
// sizes saves that line. tcp_sock is spread on both paths: tx by the
// read groups' place, rx by where tcp_sock_write_txrx starts, which two
// cold members moved together save.
func TestWholeKernelDefault(t *testing.T) {
	t.Parallel()
	// No -line is the BTF's machine's, x86-64's 64 bytes: the run
	// splitLocks makes.
	got := func(line ...string) []string {
		args := []string{"-q", "-format", "json"}
		if len(line) > 0 {
			args = append(args, "-line", line[0])
		}
		out, errs, code := runCmd(t, append(args, linux618)...)
		if code != 3 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var d doc
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatal(err)
		}
		var fs []string
		for _, s := range d.Structs {
			for _, f := range s.Findings {
				fs = append(fs, s.Name+" "+f.Check+" "+fmt.Sprint(f.LineSizes))
			}
		}
		return fs
	}
	if fs, want := got(), []string{"net_device spread [64]", "tcp_sock spread [64]", "tcp_sock spread [64]"}; !slices.Equal(fs, want) {
		t.Errorf("64-byte lines: %q, want %q", fs, want)
	}
	fs := got("64,128")
	if !slices.Contains(fs, "sock falseshare [128]") || slices.ContainsFunc(fs, func(f string) bool { return strings.HasPrefix(f, "sock falseshare") && f != "sock falseshare [128]" }) {
		t.Errorf("64- and 128-byte lines: %q", fs)
	}
}

// A hot member whose type is a struct counts the lines of its type's hot
// fields: inet_sock's sk, hot on both paths in the table, is a whole
// 784-byte sock, of which the paths read what sock's groups mark. cork,
// whose type nothing marks, counts by its first line and keeps its place,
// with a note: the one order that put tx on 6 lines moved cork next to
// the tx fields, a saving only for its first byte, though ip_queue_xmit
// reads cork.fl, 48 bytes in. So nothing is reported.
func TestEmbeddedHot(t *testing.T) {
	t.Parallel()
	table := td("kernel/net_cachelines/inet_sock.rst")
	out, errs, code := runCmd(t, "-format", "json", "-reorg", "-hot", table, "-C", "inet_sock", linux618)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	js := d.Structs[0]
	// sk alone spans 13 lines; sock's rx fields take 4, its tx fields 5,
	// and inet_sock's own tx fields lie on 2 more.
	if js.HotLines["rx"] != 4 || js.HotLines["tx"] != 7 {
		t.Errorf("hot lines %v, want rx 4, tx 7", js.HotLines)
	}
	if want := "cachelint: note: struct inet_sock: cork (struct inet_cork_full, 152 bytes) is hot on tx: counted by the line of its first byte and kept where it is, since nothing marks which of its fields are hot\n"; !strings.Contains(errs, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errs)
	}
	if len(js.Findings) != 0 || js.Proposal != nil {
		t.Errorf("findings %+v, proposal %+v", js.Findings, js.Proposal)
	}
}

// Every proposal on the whole 6.18 BTF with the kernel's tables puts some
// path on fewer lines at its line size, or at as many fixes every line
// shared falsely: none is kept for a straddle it removes while the lines
// stay (icsk_mtup's straddle, fixed by moving icsk_accept_queue under it,
// cost bind_hash a line as mtup saved one).
// inet_connection_sock's is one member, icsk_ulp_ops, below icsk_mtup,
// which then ends on line 19: tx 11 -> 10.
func TestKernelProposalsSaveLines(t *testing.T) {
	t.Parallel()
	want := map[string][]string{"net_device": {"adj_list"}, "tcp_sock": {"ooo_last_skb", "tsq_node", "compressed_ack"}, "inet_connection_sock": {"icsk_ulp_ops"}}
	for _, line := range []string{"64", "128"} {
		// At 64 bytes, the BTF's machine's, the run of every struct:
		// those without findings have no proposal.
		args := wholeKernel(linux618)
		if line != "64" {
			args = []string{"-format", "json", "-q", "-reorg", "-line", line, "-hot", td("kernel/net_cachelines"), linux618}
		}
		out, errs, code := runCmd(t, args...)
		if code != 3 {
			t.Fatalf("-line %s: exit %d; stderr:\n%s", line, code, errs)
		}
		var d doc
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for _, s := range d.Structs {
			p := s.Proposal
			if p == nil {
				continue
			}
			got[s.Name] = p.Moved
			saved := false
			for path, n := range s.HotLines {
				if p.HotLines[path] > n {
					t.Errorf("-line %s: %s: %s on %d lines, proposed %d", line, s.Name, path, n, p.HotLines[path])
				}
				saved = saved || p.HotLines[path] < n
			}
			// Or, at as many lines, leaves none of the lines the
			// struct shares falsely (sock at 128, whose sock_write_tx
			// moves off rx's line).
			shares := slices.ContainsFunc(s.Findings, func(f report.JSONFinding) bool { return f.Check == "falseshare" })
			if !saved && (!shares || s.Remains != "") {
				t.Errorf("-line %s: %s: the proposal saves no line: %v -> %v", line, s.Name, s.HotLines, p.HotLines)
			}
		}
		if line == "64" && !maps.EqualFunc(got, want, slices.Equal) {
			t.Errorf("-line 64: proposals move %v, want %v", got, want)
		}
		if icsk := got["inet_connection_sock"]; line == "128" && icsk != nil && !slices.Equal(icsk, want["inet_connection_sock"]) {
			t.Errorf("-line 128: inet_connection_sock's proposal moves %v", icsk)
		}
	}
	js := runJSON(t, "-q", "-reorg", "-hot", td("kernel/net_cachelines"), "-C", "inet_sock,inet_connection_sock", linux618)
	if p := js.Proposal; p == nil || p.HotLines["tx"] != 10 || js.HotLines["tx"] != 11 {
		t.Errorf("inet_connection_sock: hot lines %v, proposed %+v", js.HotLines, p)
	}
}

// wholeKernel are the arguments of a run on every struct of file with the
// kernel's tables, -reorg, in JSON: several tests read it, and it runs
// once.
func wholeKernel(file string) []string {
	return []string{"-format", "json", "-reorg", "-hot", td("kernel/net_cachelines"), file}
}

// TestSelectedAsWhole: -C NAME counts, finds and proposes for NAME what
// the whole file does, whatever depth its hot struct-typed members' types
// nest to: with -C inet_connection_sock alone, icsk_inet's sk (a sock,
// inside inet_sock) counts sock's hot fields, not its first byte.
func TestSelectedAsWhole(t *testing.T) {
	t.Parallel()
	type result struct {
		Lines    map[string]int
		Findings []string
		Moved    []string
		NoFix    string
	}
	of := func(s report.JSONStruct) result {
		r := result{Lines: s.HotLines, NoFix: s.NoFix}
		for _, f := range s.Findings {
			r.Findings = append(r.Findings, f.Message)
		}
		if s.Proposal != nil {
			r.Moved = s.Proposal.Moved
		}
		return r
	}
	for _, file := range []string{linux618, linux61} {
		out, errs, _ := runCmd(t, wholeKernel(file)...)
		var whole doc
		if err := json.Unmarshal([]byte(out), &whole); err != nil {
			t.Fatalf("%s: %v\n%s", file, err, errs)
		}
		n := 0
		for _, s := range whole.Structs {
			if len(s.HotLines) == 0 {
				continue
			}
			n++
			out, errs, _ := runCmd(t, "-format", "json", "-reorg", "-hot", td("kernel/net_cachelines"), "-C", s.Name, file)
			var one doc
			if err := json.Unmarshal([]byte(out), &one); err != nil || len(one.Structs) != 1 {
				t.Fatalf("%s -C %s: %v\n%s", file, s.Name, err, errs)
			}
			if got, want := of(one.Structs[0]), of(s); !reflect.DeepEqual(got, want) {
				t.Errorf("%s -C %s:\n%+v\nthe whole file:\n%+v", file, s.Name, got, want)
			}
		}
		if n < 2 {
			t.Errorf("%s: %d structs with hot lines", file, n)
		}
	}
}
