package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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

// 6.18 inet_connection_sock with the kernel's table: two lines mix written
// and read-mostly tx fields, and each is one finding at both line sizes.
func TestFalseSharePerLineKernel(t *testing.T) {
	t.Parallel()
	js := runJSON(t, "-line", "64,128", "-hot", td("kernel/net_cachelines/inet_connection_sock.rst"), "-C", "inet_connection_sock", linux618)
	fs := findings(js, "falseshare")
	if len(fs) != 2 {
		t.Fatalf("%d falseshare findings, want 2: %+v", len(fs), fs)
	}
	if !slices.Equal(fs[0].LineSizes, []int64{64, 128}) || !strings.HasPrefix(fs[0].Message, "icsk_rto, icsk_pmtu_cookie and icsk_ca_ops are written on path tx and share line 18 with icsk_delack_timer (read-mostly)") {
		t.Errorf("first finding %+v", fs[0])
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
