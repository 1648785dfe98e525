package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/internal/sarifcheck"
	"github.com/cachelint/cachelint/report"
)

func td(p string) string { return filepath.Join("..", "..", "testdata", p) }

// run runs cachelint layout in-process.
func runCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	r := runShared(runLayout, "layout", args)
	return r.stdout, r.stderr, r.code
}

type doc struct {
	LineSize int64               `json:"line_size"`
	Structs  []report.JSONStruct `json:"structs"`
}

// runJSON runs with -format json and returns the one struct reported.
func runJSON(t *testing.T, args ...string) report.JSONStruct {
	t.Helper()
	out, errs, code := runCmd(t, append([]string{"-format", "json"}, args...)...)
	if code != 3 {
		t.Fatalf("%v: exit %d, want 3 (findings); stderr:\n%s", args, code, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if d.LineSize != 64 || len(d.Structs) != 1 {
		t.Fatalf("%v: line_size %d, %d structs", args, d.LineSize, len(d.Structs))
	}
	return d.Structs[0]
}

func findings(js report.JSONStruct, check string) []report.JSONFinding {
	var out []report.JSONFinding
	for _, f := range js.Findings {
		if f.Check == check {
			out = append(out, f)
		}
	}
	return out
}

var (
	rst     = td("kernel/net_cachelines/net_device.rst")
	linux61 = td("kernel/linux-6.1/dummy.ko.debug")
	// linux618gz is the 6.18 BTF as stored; linux618 the same inflated,
	// for the tests that do not test reading it.
	linux618gz = td("kernel/linux-6.18/vmlinux.btf.gz")
	linux618   = inflated(linux618gz, "vmlinux-6.18.btf")
)

// TestNetDevice61 checks 6.1's net_device against the kernel's table: the
// tx fields are spread, and the proposal needs no more lines on any path
// than the layout the kernel adopted in 6.18 for the same table.
func TestNetDevice61(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd(t, "-hot", rst, "-C", "net_device", "-reorg", linux61)
	if code != 3 {
		t.Fatalf("exit %d, want 3; stderr:\n%s", code, errs)
	}
	for _, want := range []string{
		"/* spread: hot fields of path tx occupy 13 lines where 4 would do (64-byte lines): ",
		"/* spread: hot fields of path rx occupy 7 lines where 2 would do (64-byte lines): ",
		"\t/* hot lines: rx 7, tx 13 */\n",
		"\t/* hot lines now -> proposed: rx 7 -> 2, tx 13 -> 4 */\n",
		"/* proposed order: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// Rows for fields 6.1 does not have yet are warnings, summed up in
	// one line; -v says each, -q none.
	if errs != "cachelint: warning: "+rst+": 5 lines disagree with the binary (11, 104, 108, 120, 154); the first, line 11: struct net_device has no field lltx (-v shows each)\n" {
		t.Errorf("stderr:\n%s", errs)
	}
	_, errs, _ = runCmd(t, "-hot", rst, "-C", "net_device", "-v", linux61)
	if !strings.HasPrefix(errs, "cachelint: warning: "+rst+":11: struct net_device has no field lltx\n") || strings.Count(errs, "\n") != 5 {
		t.Errorf("-v: stderr:\n%s", errs)
	}
	if _, errs, code := runCmd(t, "-hot", rst, "-C", "net_device", "-q", linux61); code != 3 || errs != "" {
		t.Errorf("-q: exit %d, stderr:\n%s", code, errs)
	}

	now := runJSON(t, "-hot", rst, "-C", "net_device", "-reorg", linux61)
	hand := runJSON(t, "-hot", rst, "-C", "net_device", linux618)
	if now.Proposal == nil {
		t.Fatal("no proposal")
	}
	for path, want := range map[string]int{"tx": 13, "rx": 7} {
		if now.HotLines[path] != want {
			t.Errorf("6.1 %s: %d lines, want %d", path, now.HotLines[path], want)
		}
		if p, h := now.Proposal.HotLines[path], hand.HotLines[path]; p > h {
			t.Errorf("%s: proposal needs %d lines, the 6.18 layout %d", path, p, h)
		}
	}
	if len(findings(now, "spread")) != 2 {
		t.Errorf("spread findings %+v", findings(now, "spread"))
	}
}

// TestNetDevice618 checks 6.18's hand layout, with the table and with only
// the kernel's cacheline group markers.
func TestNetDevice618(t *testing.T) {
	t.Parallel()
	outside := td("hot/net_device_outside.hot")
	for _, c := range []struct {
		args      []string
		now, best map[string]int
		moved     []string
	}{
		// The table's rows for fields outside the groups stay cold: the
		// groups alone mark the hot fields, as without the table. The
		// proposal moves 32 cold bytes, one member, in front of
		// net_device_read_tx, so that txrx and rx start a line.
		{[]string{"-hot", rst}, map[string]int{"rx": 3, "tx": 4}, map[string]int{"rx": 2, "tx": 4}, []string{"adj_list"}},
		{nil, map[string]int{"rx": 3, "tx": 4}, map[string]int{"rx": 2, "tx": 4}, []string{"adj_list"}},
		// A hot file of the user's own marks them: they move next to the
		// groups, with the cold nf_hooks_ingress, declared after
		// ingress_queue, as the 8 bytes that start the tx group on a
		// line, not a 4-byte field and a hole.
		{[]string{"-hot", rst, "-hot", outside}, map[string]int{"rx": 5, "tx": 7}, map[string]int{"rx": 3, "tx": 4},
			[]string{"ingress_queue", "nf_hooks_ingress", "ptype_all", "ip_ptr"}},
	} {
		args := append(c.args, "-C", "net_device", "-reorg", linux618)
		js := runJSON(t, args...)
		for path, want := range c.now {
			if js.HotLines[path] != want {
				t.Errorf("%v: %s on %d lines, want %d", c.args, path, js.HotLines[path], want)
			}
			if js.Proposal == nil || js.Proposal.HotLines[path] != c.best[path] {
				t.Fatalf("%v: proposal %+v, want %s on %d", c.args, js.Proposal, path, c.best[path])
			}
		}
		if !slices.Equal(js.Proposal.Moved, c.moved) {
			t.Errorf("%v: moves %v, want %v", c.args, js.Proposal.Moved, c.moved)
		}
		if h, p := holes(js.Members), holes(js.Proposal.Members); p > h {
			t.Errorf("%v: %d holes, the struct %d", c.args, p, h)
		}
		// The groups mark the members between their markers.
		var grouped int
		for _, m := range js.Members {
			if m.Group == "net_device_read_tx" {
				grouped++
			}
		}
		if grouped == 0 {
			t.Errorf("%v: no member in group net_device_read_tx", c.args)
		}
	}
}

// holes counts the gaps between the top-level members ms, in order of
// offset, as pahole counts holes (bit-fields aside).
func holes(ms []report.JSONMember) int {
	n := 0
	var end int64
	for _, m := range ms {
		if m.Size == 0 {
			continue
		}
		if m.Offset > end {
			n++
		}
		end = max(end, m.Offset+m.Size)
	}
	return n
}

// TestPerCPUQueues checks the DPDK-like queues: 64 bytes at 8-byte
// alignment lets neighbouring cores' counters share a line; aligned(64)
// does not.
func TestPerCPUQueues(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd(t, "-format", "json", "-hot", td("hot/pkt_rx_queue.hot"), "-C", "pkt_rx_queue,pkt_rx_queue_aligned", td("c/queues.o"))
	if code != 3 {
		t.Fatalf("exit %d, want 3; stderr:\n%s", code, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, s := range d.Structs {
		got[s.Name] = len(findings(s, "falseshare"))
	}
	if got["pkt_rx_queue"] != 1 || got["pkt_rx_queue_aligned"] != 0 || len(d.Structs) != 2 {
		t.Errorf("falseshare findings %v", got)
	}
	// Alone, the aligned queue has nothing to report.
	if _, errs, code := runCmd(t, "-hot", td("hot/pkt_rx_queue.hot"), "-C", "pkt_rx_queue_aligned", td("c/queues.o")); code != 0 {
		t.Errorf("aligned queue: exit %d; stderr:\n%s", code, errs)
	}
}

func TestLayoutErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{td("hot/pkt_rx_queue.hot")}, "cachelint: " + td("hot/pkt_rx_queue.hot") + ": not an ELF file or BTF\n"},
		{[]string{td("hot/queues-nodebug.o")}, "cachelint: " + td("hot/queues-nodebug.o") + ": no DWARF or BTF type information; build with -g\n"},
		{[]string{"-hot", td("hot/bad.hot"), td("c/queues.o")}, "cachelint: " + td("hot/bad.hot") + ":1: unknown directive \"hott\"\n"},
		{[]string{"-C", "nosuch", td("c/queues.o")}, "cachelint: " + td("c/queues.o") + ": struct nosuch not found\n"},
		{[]string{"-C", "nosuch", linux618}, "cachelint: " + linux618 + ": struct nosuch not found\n"},
		{[]string{"-line", "63", td("c/queues.o")}, "cachelint: -line=63: line size 63: want a power of two from 8 to 4096 (cachelint layout -h lists the flags)\n"},
		{[]string{td("c/queues.o"), "-x"}, "cachelint: -x: no such flag (cachelint layout -h lists the flags)\n"},
		{[]string{"-q=maybe", td("c/queues.o")}, "cachelint: -q=maybe: parse error (cachelint layout -h lists the flags)\n"},
		{[]string{td("c/queues.o"), "-C"}, "cachelint: -C: needs a value (cachelint layout -h lists the flags)\n"},
		{nil, "cachelint: layout: no FILE (cachelint layout -h for usage)\n"},
		{[]string{"-format", "xml", td("c/queues.o")}, "cachelint: -format=xml: want text, json, sarif or svg\n"},
		{[]string{td("nonexistent")}, "cachelint: " + td("nonexistent") + ": no such file or directory\n"},
		{[]string{td("c")}, "cachelint: " + td("c") + ": a directory, not an ELF file or BTF\n"},
		{[]string{"-C", "nosuch,fake_netdev,other", td("c/queues.o")}, "cachelint: " + td("c/queues.o") + ": structs nosuch, other not found\n"},
		{[]string{"-C", "nosuch,net_device,other", linux618}, "cachelint: " + linux618 + ": structs nosuch, other not found\n"},
	} {
		out, errs, code := runCmd(t, c.args...)
		if code != 1 || errs != c.msg || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and %q", c.args, code, out, errs, c.msg)
		}
	}
}

// TestGzipByContent checks that a gzipped ELF file is read as one
// whatever its name.
func TestGzipByContent(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(td("c/queues.o"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	zw.Close()
	path := filepath.Join(t.TempDir(), "queues.o")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _, _ := runCmd(t, "-C", "fake_netdev", td("c/queues.o"))
	if got, errs, code := runCmd(t, "-C", "fake_netdev", path); code != 0 || got != want {
		t.Errorf("exit %d, stderr %q, output\n%s\nwant\n%s", code, errs, got, want)
	}
}

// TestLayoutText checks that a struct with no annotations prints as pahole
// prints it, and exits 0.
func TestLayoutText(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd(t, "-C", "fake_netdev", td("c/queues.o"))
	want := `struct fake_netdev {
	char                       name[16];             /*     0    16 */
	uint64_t                   tx_packets;           /*    16     8 */
	void *                     rx_handler;           /*    24     8 */
	uint32_t                   mtu;                  /*    32     4 */
	uint32_t                   flags;                /*    36     4 */
	char                       rx_stats[48];         /*    40    48 */
	/* --- cacheline 1 boundary (64 bytes) was 24 bytes ago --- */
	uint64_t                   tx_bytes;             /*    88     8 */
	void *                     priv;                 /*    96     8 */
	char                       misc[64];             /*   104    64 */
	/* --- cacheline 2 boundary (128 bytes) was 40 bytes ago --- */
	uint32_t                   tx_queue_len;         /*   168     4 */
	int                        ifindex;              /*   172     4 */
	char                       more[80];             /*   176    80 */
	/* --- cacheline 4 boundary (256 bytes) --- */
	uint64_t                   tx_dropped;           /*   256     8 */
	void                       (*tx_timeout)(struct fake_netdev *, unsigned int); /*   264     8 */

	/* size: 272, cachelines: 5, members: 14 */
	/* last cacheline: 16 bytes */
};
`
	if code != 0 || out != want || errs != "" {
		t.Errorf("exit %d, stderr %q, output:\n%s", code, errs, out)
	}
	// -q leaves out structs without findings.
	if out, _, code := runCmd(t, "-q", td("c/queues.o")); code != 0 || out != "" {
		t.Errorf("-q: exit %d, output:\n%s", code, out)
	}
}

// sarifLog checks a SARIF log as code scanning would and decodes what the
// tests look at.
func sarifLog(t *testing.T, out string) (bases map[string]string, results []sarifResult) {
	t.Helper()
	if p := sarifcheck.Check([]byte(out)); p != nil {
		t.Fatalf("SARIF problems:\n%s", strings.Join(p, "\n"))
	}
	var log struct {
		Runs []struct {
			Bases map[string]struct {
				URI string `json:"uri"`
			} `json:"originalUriBaseIds"`
			Results []sarifResult `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	bases = map[string]string{}
	for id, b := range log.Runs[0].Bases {
		bases[id] = b.URI
	}
	return bases, log.Runs[0].Results
}

type sarifResult struct {
	RuleID    string `json:"ruleId"`
	Locations []struct {
		Physical struct {
			Artifact struct {
				URI       string `json:"uri"`
				URIBaseID string `json:"uriBaseId"`
			} `json:"artifactLocation"`
			Region *struct {
				StartLine int `json:"startLine"`
			} `json:"region"`
		} `json:"physicalLocation"`
		Logical []struct {
			FullyQualifiedName string `json:"fullyQualifiedName"`
			Kind               string `json:"kind"`
		} `json:"logicalLocations"`
	} `json:"locations"`
}

func TestLayoutSARIF(t *testing.T) {
	t.Parallel()
	out, _, code := runCmd(t, "-format", "sarif", "-srcroot", td("c"), "-hot", td("hot/pkt_rx_queue.hot"), td("c/queues.o"))
	if code != 3 {
		t.Fatalf("exit %d", code)
	}
	bases, results := sarifLog(t, out)
	root, _ := filepath.Abs(td("c"))
	if bases["%SRCROOT%"] != "file://"+filepath.ToSlash(root)+"/" {
		t.Errorf("bases %v", bases)
	}
	if len(results) != 1 {
		t.Fatalf("%d results", len(results))
	}
	// rx_pkts is declared at queues.c:32, which the compiler recorded
	// relative to testdata/c.
	r := results[0]
	if loc := r.Locations[0]; r.RuleID != "falseshare" || loc.Physical.Artifact.URI != "queues.c" || loc.Physical.Artifact.URIBaseID != "%SRCROOT%" ||
		loc.Physical.Region == nil || loc.Physical.Region.StartLine != 32 ||
		len(loc.Logical) != 1 || loc.Logical[0].FullyQualifiedName != "pkt_rx_queue.rx_pkts" || loc.Logical[0].Kind != "member" {
		t.Errorf("result %+v", r)
	}

	// BTF has no source positions: results are located in the BTF file.
	out, _, code = runCmd(t, "-format", "sarif", "-srcroot", "../..", "-q", "-C", "net_device", "-hot", rst, linux618gz)
	if code != 3 {
		t.Fatalf("BTF: exit %d", code)
	}
	_, results = sarifLog(t, out)
	if len(results) == 0 {
		t.Error("BTF: no results")
	}
	for _, r := range results {
		// At line 1: code scanning shows a result only at a line.
		if p := r.Locations[0].Physical; p.Artifact.URI != "testdata/kernel/linux-6.18/vmlinux.btf.gz" || p.Artifact.URIBaseID != "%SRCROOT%" ||
			p.Region == nil || p.Region.StartLine != 1 {
			t.Errorf("BTF result at %+v", p)
		}
	}

	if _, errs, code := runCmd(t, "-format", "sarif", "-srcroot", td("c/queues.c"), td("c/queues.o")); code != 1 || errs != "cachelint: -srcroot="+td("c/queues.c")+": not a directory\n" {
		t.Errorf("-srcroot FILE: exit %d, stderr %q", code, errs)
	}
}

// TestFirstDefinition checks that -C prints the first definition of a
// name, as pahole -C does, where the 6.18 BTF has two layouts of struct
// console and every struct lists both.
func TestFirstDefinition(t *testing.T) {
	t.Parallel()
	all, _, _ := runCmd(t, wholeKernel(linux618)...)
	if n := strings.Count(all, `{"name":"console","kind":"struct"`); n != 2 {
		t.Fatalf("every struct: %d layouts of console, want 2", n)
	}
	out, _, _ := runCmd(t, "-C", "console", linux618gz)
	if n := strings.Count(out, "struct console {"); n != 1 {
		t.Errorf("-C console: %d layouts, want 1", n)
	}
}

// Flags may follow the files, as pahole takes them; "--" ends them.
func TestLayoutFlagsAfterFiles(t *testing.T) {
	t.Parallel()
	before, _, code := runCmd(t, "-C", "net_device", "-format", "json", linux618)
	if code != 3 {
		t.Fatalf("exit %d", code)
	}
	after, errs, code := runCmd(t, linux618, "-C", "net_device", "-format", "json")
	if code != 3 || after != before {
		t.Errorf("flags after the file: exit %d, stderr %q, output differs: %v", code, errs, after != before)
	}
	_, errs, code = runCmd(t, "--", "-C")
	if code != 1 || errs != "cachelint: -C: no such file or directory\n" {
		t.Errorf("after --: exit %d, stderr %q", code, errs)
	}
}

func TestLayoutHelp(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"-h", "-help", "--help"} {
		out, errs, code := runCmd(t, linux618, arg)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: cachelint layout ") || !strings.Contains(out, "-reorg") {
			t.Errorf("%s: exit %d, stderr %q, stdout\n%s", arg, code, errs, out)
		}
	}
}

// -hot DIR reads every table of a net_cachelines folder; index.rst and
// snmp.rst (enum constants) are skipped with a note, and tables of structs
// not selected with -C are left out.
func TestHotDir(t *testing.T) {
	t.Parallel()
	dir := td("kernel/net_cachelines")
	one := runJSON(t, "-hot", rst, "-C", "net_device", linux61)
	out, errs, code := runCmd(t, "-hot", dir, "-C", "net_device", "-format", "json", "-v", linux61)
	if code != 3 {
		t.Fatalf("exit %d; stderr:\n%s", code, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Structs) != 1 || !reflect.DeepEqual(d.Structs[0], one) {
		t.Errorf("-hot %s differs from -hot %s", dir, rst)
	}
	for _, want := range []string{
		"cachelint: note: skipped " + filepath.Join(dir, "index.rst") + ": no fastpath_tx_access or fastpath_rx_access column header",
		"cachelint: note: skipped " + filepath.Join(dir, "snmp.rst") + ":5: ",
		"cachelint: warning: " + rst + ":11: struct net_device has no field lltx\n",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, "tcp_sock") {
		t.Errorf("stderr mentions a struct not selected:\n%s", errs)
	}
	_, errs, code = runCmd(t, "-hot", td("c"), linux61)
	if code != 1 || errs != "cachelint: "+td("c")+": no .rst files (net_cachelines tables)\n" {
		t.Errorf("folder without tables: exit %d, stderr %q", code, errs)
	}
}

// TestDocumentWhole checks that JSON and SARIF are written whole or not at
// all: an input that fails after others were read leaves no document cut
// off mid-object.
func TestDocumentWhole(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"json", "sarif"} {
		out, errs, code := runCmd(t, "-format", format, td("c/queues.o"), td("kernel/README.md"))
		if code != 1 || out != "" || !strings.Contains(errs, "not an ELF file or BTF") {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q", format, code, len(out), errs)
		}
		out, _, _ = runCmd(t, "-format", format, td("c/queues.o"))
		if !json.Valid([]byte(out)) {
			t.Errorf("%s: not JSON:\n%s", format, out)
		}
	}
}

// TestNamesFilterHotFile checks that -C keeps the rows of a hot file for
// structs it leaves out from warning that they are missing.
func TestNamesFilterHotFile(t *testing.T) {
	t.Parallel()
	_, errs, code := runCmd(t, "-hot", td("hot/pkt_rx_queue.hot"), "-C", "pkt_rx_queue", td("c/queues.o"))
	if errs != "" || code != 3 {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestLayoutCXXProposal reorders a C++ class with a base and a vtable
// pointer (testdata/c/cxxtypes.cc's Conn): the compiler puts both first
// whatever the declaration says, so the proposal moves the data members
// only, and brings the hot counters onto one line by moving one of them.
func TestLayoutCXXProposal(t *testing.T) {
	t.Parallel()
	hot := filepath.Join(t.TempDir(), "conn.hot")
	if err := os.WriteFile(hot, []byte("Conn.rx_bytes hot write\nConn.tx_bytes hot write\nConn.rx_packets hot write\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := runLayout([]string{"-C", "Conn", "-hot", hot, "-reorg", td("c/cxxtypes.o")}, testEnv(&out, &errs))
	if code != 3 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs.String())
	}
	for _, want := range []string{
		"/* spread: hot fields occupy 2 lines where 1 would do (64-byte lines): rx_bytes, tx_bytes, rx_packets */\n",
		"/* proposed order: <ancestor>, _vptr.Conn, state, label, tx_bytes, rx_bytes, flags, rx_packets */\n",
		"/* the proposal moves 1 member: rx_bytes */\n",
		"\t/* struct Peer                <ancestor>; */     /*     8    16 */\n",
		"\tint ()(void) * *           _vptr.Conn;           /*     0     8 */\n",
		"\tlong int                   rx_packets;           /*    96     8 */ /* hot: write */\n",
		"\t/* hot lines now -> proposed: hot 2 -> 1 */\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestLayoutCXXTemplateNames names C++ template instances in -C and in a
// hot file, whose names hold commas and spaces between the arguments.
func TestLayoutCXXTemplateNames(t *testing.T) {
	t.Parallel()
	hot := filepath.Join(t.TempDir(), "two.hot")
	if err := os.WriteFile(hot, []byte("Two<int, char>.a hot write\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := runLayout([]string{"-C", "Two<int, char>,Box<int>", "-hot", hot, td("c/cxxtypes.o")}, testEnv(&out, &errs)); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs.String())
	}
	for _, want := range []string{
		"class Two<int, char> {\n\tint                        a;                    /*     0     4 */ /* hot: write */\n",
		"struct Box<int> {\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestLayoutCXXJSON checks that JSON says of a C++ class what the text
// does: the class keyword, the bases of the header, each member's access.
func TestLayoutCXXJSON(t *testing.T) {
	t.Parallel()
	var out, errs bytes.Buffer
	if code := runLayout([]string{"-format", "json", "-C", "Derived2", td("c/cxxtypes.o")}, testEnv(&out, &errs)); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs.String())
	}
	var doc struct {
		Structs []struct {
			Kind    string   `json:"kind"`
			Bases   []string `json:"bases"`
			Members []struct {
				Name   string `json:"name"`
				Access string `json:"access"`
			} `json:"members"`
		} `json:"structs"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(doc.Structs) != 1 {
		t.Fatalf("%d structs:\n%s", len(doc.Structs), out.String())
	}
	s := doc.Structs[0]
	if s.Kind != "class" || !slices.Equal(s.Bases, []string{"public Point"}) || len(s.Members) != 2 ||
		s.Members[0].Access != "public" || s.Members[1].Name != "z" || s.Members[1].Access != "private" {
		t.Errorf("JSON: %+v", s)
	}
}

// TestLayoutMachineLine checks that without -line the structs of a binary
// are checked at the line size of its machine: the Go runtime's structs,
// padded with cpu.CacheLinePad for s390x's 256-byte lines, are right
// there, and wasteful only at 64-byte lines.
func TestLayoutMachineLine(t *testing.T) {
	t.Parallel()
	bin := td("gobin/goarch/goarch-s390x.debug")
	out, errs, code := runCmd(t, "-q", bin)
	if code != 0 || out != "" || errs != "" {
		t.Errorf("s390x Go binary at its own lines: exit %d, %d bytes out, stderr %q", code, len(out), errs)
	}
	out, _, code = runCmd(t, "-format", "json", "-C", "runtime.workType", bin)
	if code != 0 || !strings.Contains(out, `"line_size": 256`) {
		t.Errorf("runtime.workType: exit %d, not checked at 256-byte lines:\n%.300s", code, out)
	}
	out, _, code = runCmd(t, "-q", "-line", "64", bin)
	if code != 3 || !strings.Contains(out, "internal/cpu.CacheLinePad (256 bytes) wastes") {
		t.Errorf("-line 64: exit %d, no padding finding:\n%.300s", code, out)
	}
}

// TestExpandLimit checks the bound on what -E prints: what passes it is
// cut there and fails with the limit named.
func TestExpandLimit(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	w := &limitWriter{w: &b, left: 10}
	if n, err := w.Write([]byte("0123456")); n != 7 || err != nil {
		t.Fatalf("%d, %v", n, err)
	}
	n, err := w.Write([]byte("789abc"))
	if n != 3 || !errors.Is(err, input.ErrLimit) || b.String() != "0123456789" ||
		err.Error() != "-E: output past 10 bytes (64 times the size of the input, 64 MiB at least)" {
		t.Errorf("%d, %v, %q", n, err, b.String())
	}
	if got := expandLimit([]string{td("c/typedefs.o")}); got != 64<<20 {
		t.Errorf("limit for a small file %d", got)
	}
	if got, want := expandLimit([]string{td("gobin/gobin")}), int64(64*2128573); got != want {
		t.Errorf("limit for the Go binary %d, want %d", got, want)
	}
}

// TestGenericNames asks -C for Go generic instances, whose names hold
// commas between their type arguments as C++ templates do: each is one
// name, not cut at its commas into names not found.
func TestGenericNames(t *testing.T) {
	t.Parallel()
	bin := td("gobin/gobin")
	name := "internal/sync.HashTrieMap[go.shape.interface {},go.shape.interface {}]"
	out, errs, code := runCmd(t, "--sizes", "-C", name+",internal/runtime/atomic.Pointer[go.shape.func(string, string)]", bin)
	// In the order of the file, as pahole -C prints them.
	want := "internal/runtime/atomic.Pointer[go.shape.func(string, string)]\t8\t0\n" + name + "\t48\t1\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stdout %q, want %q; stderr %s", code, out, want, errs)
	}
}

// TestEmbeddedFalseShareOnce: at 128-byte lines, sock's tx writes share a
// line with its rx reads. inet_sock and inet_connection_sock, which embed
// a sock at offset 0, share that line only as sock does: the finding is
// sock's, whose order fixes it, not once more in each struct embedding
// it, where no order of their own members can.
func TestEmbeddedFalseShareOnce(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd(t, "-format", "json", "-line", "64,128", "-hot", td("kernel/net_cachelines"), "-C", "sock,inet_sock,inet_connection_sock", linux618)
	if code != 3 {
		t.Fatalf("exit %d, want 3; stderr:\n%s", code, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	var in []string
	for _, s := range d.Structs {
		for _, f := range s.Findings {
			if f.Check == "falseshare" {
				in = append(in, s.Name)
			}
		}
	}
	if !slices.Equal(in, []string{"sock"}) {
		t.Errorf("falseshare findings in %v, want sock's alone", in)
	}
}
