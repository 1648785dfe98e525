package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/csource"
	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// patchCase is a C source, the configuration it is compiled with and the
// hot fields that give its structs proposals.
type patchCase struct {
	name    string
	dir     string   // the folder of the sources, from the repository's root; testdata/c when ""
	src     string   // under dir
	extra   []string // other files it includes, under dir
	defines []string
	hot     string // a hot file's text, or @ and its path under dir
	structs []string
	// note is what the note on keeping a block whole says, "" when
	// none is expected.
	note string
	// grow is the -grow the proposal needs to isolate written fields.
	grow int64
}

// needTools skips a test that compiles C and applies patches when gcc
// or git is absent.
func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"gcc", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
}

// execOK runs a command in dir ("" for the package's folder) and
// returns its output; it must succeed.
func execOK(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// compileC compiles src with gcc -g into obj, keeping every type's DWARF,
// in dir ("" for the package's folder), which relative names are in.
func compileC(t *testing.T, dir, src, obj string, defines []string) {
	t.Helper()
	args := append([]string{"-g", "-O0", "-fno-eliminate-unused-debug-types", "-w"}, defines...)
	execOK(t, dir, "gcc", append(args, "-c", "-x", "c", src, "-o", obj)...)
}

// runLayoutIn runs the built cachelint layout in dir, as someone working
// there would: the files named in args and in what it prints are
// relative to dir.
func runLayoutIn(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runSplit(t, dir, bin, append([]string{"layout"}, args...)...)
}

// prepared reads the structs of obj as cachelint layout does before
// analysing them: the hot file applied, annotations resolved.
func prepared(t *testing.T, obj, hot string, names []string, grow int64) []*layout.Struct {
	t.Helper()
	structs, _, err := readStructs(obj, names, nil, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if hot != "" {
		set, _, err := hotfile.LoadPaths([]string{hot})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := set.Select(names).Apply(structs); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range structs {
		if err := layout.Prepare(s, layout.BinarySeparators); err != nil {
			t.Fatal(err)
		}
		s.Grow = grow
	}
	return structs
}

// TestPatchCompiles is the proof of -patch: for each case, the source is
// compiled, -reorg -patch rewrites it, git applies the diff (and refuses
// it a second time), the rewritten source compiles, and its DWARF lays
// every struct out exactly as the proposal does; the two sources differ
// only by moved lines and what the proposal adds or drops.
func TestPatchCompiles(t *testing.T) {
	t.Parallel()
	needTools(t)
	kernel := []string{"-DCONFIG_SMP"}
	all := append(kernel, "-DCONFIG_XPS", "-DCONFIG_NETFILTER_EGRESS", "-DCONFIG_NET_XGRESS", "-DCONFIG_NETPOLL")
	k := []string{"patch/kernel.h"}
	cases := []patchCase{
		{name: "netdev-all", src: "patch/netdev.h", extra: k, defines: all, hot: "@patch/netdev.hot", structs: []string{"fix_net_device"}},
		{name: "netdev-smp", src: "patch/netdev.h", extra: k, defines: kernel, hot: "@patch/netdev.hot", structs: []string{"fix_net_device"}},
		{name: "netns-all", src: "patch/netns_ipv4.h", extra: k, hot: "@patch/netns_ipv4.hot", structs: []string{"fix_netns_ipv4"},
			defines: append(kernel, "-DCONFIG_SYSCTL", "-DCONFIG_IP_MULTIPLE_TABLES", "-DCONFIG_NET_L3_MASTER_DEV", "-DCONFIG_IP_MROUTE", "-DCONFIG_IP_MROUTE_MULTIPLE_TABLES")},
		{name: "netns-few", src: "patch/netns_ipv4.h", extra: k, hot: "@patch/netns_ipv4.hot", structs: []string{"fix_netns_ipv4"},
			defines: append(kernel, "-DCONFIG_IP_MROUTE")},
		{name: "queue", src: "patch/queue.h", extra: k, defines: kernel, hot: "@patch/queue.hot", structs: []string{"fix_txq", "fix_ring"}, grow: 128},
		{name: "block cost", src: "patch/queue.h", extra: k, defines: append(kernel, "-DCONFIG_FIX_TRACE"), hot: "@patch/queue.hot", structs: []string{"fix_stats"},
			note: "patch/queue.h:79: struct fix_stats: keeping the #ifdef CONFIG_FIX_TRACE block on line 79 whole costs path tx on 2 64-byte lines, not 1"},
		{name: "ring", src: "patch/ring.h", extra: k, defines: append(kernel, "-DCONFIG_DRV_PTP"), structs: []string{"drv_rx_ring"}},
		{name: "ring-frags", src: "patch/ring.h", extra: k, defines: append(kernel, "-DCONFIG_DRV_XDP_FRAGS"), structs: []string{"drv_tx_ring"}},
		{name: "groups", src: "groups.c", hot: "@../hot/grp_sock.hot", structs: []string{"grp_sock"}},
		{name: "queues", src: "queues.c", structs: []string{"pkt_rx_queue", "fake_netdev"}, hot: `
pkt_rx_queue percpu
pkt_rx_queue.rx_pkts hot write
pkt_rx_queue.rx_bytes hot write
pkt_rx_queue.rx_nombuf hot write
fake_netdev.tx_packets hot write path=tx
fake_netdev.tx_bytes hot write path=tx
fake_netdev.rx_handler hot path=rx
fake_netdev.mtu hot path=tx,rx
fake_netdev.priv hot path=rx
fake_netdev.tx_dropped hot write path=tx
fake_netdev.tx_queue_len hot path=tx
`},
		{name: "bitfields", src: "bitfields.c", structs: []string{"bits"}, grow: 40, hot: `
bits.i hot path=a
bits.h hot path=a
bits.a hot path=a
bits.flag hot write path=b
zero_width.e hot write path=b
zero_width.c hot write path=a
`},
		{name: "afpacket", dir: "examples/afpacket", src: "queues.h", hot: "@afpacket.hot", structs: []string{"pkt_rx_queue", "pkt_tx_queue"}},
		{name: "tcp_sock61", src: "tcp_sock61.c", hot: "@../kernel/net_cachelines/tcp_sock.rst", structs: []string{"tcp_sock"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			provePatch(t, c)
		})
	}
}

func provePatch(t *testing.T, c patchCase) {
	dir := filepath.Join("..", "..", "testdata", "c")
	if c.dir != "" {
		dir = filepath.Join("..", "..", c.dir)
	}
	hot, hotFile := []byte(c.hot), "fixture.hot"
	if name, ok := strings.CutPrefix(c.hot, "@"); ok {
		hotFile = "fixture" + filepath.Ext(name)
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		hot = b
	}
	from := make(map[string]string)
	for _, p := range append([]string{c.src}, c.extra...) {
		abs, err := filepath.Abs(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		from[p] = abs
	}
	tmp := t.TempDir()
	in := func(name string) string { return filepath.Join(tmp, name) }
	for p, abs := range from {
		b, err := os.ReadFile(abs)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(in(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(in(p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(in(hotFile), hot, 0o644); err != nil {
		t.Fatal(err)
	}
	original, err := os.ReadFile(in(c.src))
	if err != nil {
		t.Fatal(err)
	}
	compileC(t, tmp, c.src, "before.o", c.defines)
	lines := []int64{64}

	// The plans, as -patch makes them in tmp; the notes name the source
	// as given there.
	src, err := csource.Open([]string{in(c.src)}, tmp)
	if err != nil {
		t.Fatal(err)
	}
	var plans []*csource.Plan
	for _, s := range prepared(t, in("before.o"), in(hotFile), c.structs, c.grow) {
		if r := reorg.Analyze(s, lines); r.Proposal == nil {
			t.Fatalf("%s: no proposal: %s", s.Name, r.NoFix)
		}
		pl, err := src.Plan(s, lines)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.ReplaceAll(strings.Join(pl.Notes, "\n"), tmp+string(filepath.Separator), ""); got != c.note {
			t.Errorf("notes %q, want %q", got, c.note)
		}
		plans = append(plans, pl)
	}
	var want bytes.Buffer
	if err := csource.WriteDiff(&want, plans); err != nil {
		t.Fatal(err)
	}

	args := []string{"-reorg", "-grow", fmt.Sprint(c.grow), "-patch", c.src, "-hot", hotFile, "-C", strings.Join(c.structs, ","), "before.o"}
	patch, errs, code := runLayoutIn(t, tmp, args...)
	if code != 3 || c.note != "" && !strings.Contains(errs, "cachelint: note: "+c.note) {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if patch != want.String() {
		t.Fatalf("-patch printed\n%s\nthe plans give\n%s", patch, want.String())
	}
	t.Logf("%s", patch)
	applyOnce(t, tmp, patch)
	patched, err := os.ReadFile(in(c.src))
	if err != nil {
		t.Fatal(err)
	}
	compileC(t, tmp, c.src, "after.o", c.defines)
	f, err := dwarfscan.Open(in("after.o"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var dropped []string
	for _, pl := range plans {
		got, err := f.Structs(pl.Struct.Name)
		if err != nil {
			t.Fatal(err)
		}
		sameLayout(t, pl.Result.Proposal, got[0])
		kept := map[int]bool{}
		for _, k := range pl.Result.Proposal.From {
			kept[k] = true
		}
		for k, m := range pl.Struct.Members {
			if !kept[k] {
				dropped = append(dropped, m.Name)
			}
		}
	}
	sameLines(t, string(original), string(patched), dropped)
}

// sameLayout checks that got, compiled from the patched source, is p's
// struct member by member: names (pads by size), offsets, sizes,
// bit-fields, alignment attributes; and the struct's size and alignment.
func sameLayout(t *testing.T, p *layout.Proposal, got *layout.Struct) {
	t.Helper()
	want := p.Struct
	if got.Size != want.Size || got.Align != want.Align {
		t.Errorf("%s: size %d align %d, proposed %d and %d", got.Name, got.Size, got.Align, want.Size, want.Align)
	}
	if len(got.Members) != len(want.Members) {
		t.Fatalf("%s: %d members, proposed %d", got.Name, len(got.Members), len(want.Members))
	}
	for i, g := range got.Members {
		w := want.Members[i]
		name := w.Name
		if p.Inserted(i) && strings.HasPrefix(g.Name, "__pad_") && g.End() == w.End() {
			// A pad after a bit-field starts where C puts it, after
			// the bit-field's last bit: it ends where proposed.
			name, w.Offset, w.Size, w.BitOffset = g.Name, g.Offset, g.Size, g.BitOffset
		}
		if g.Name != name || g.Offset != w.Offset || g.Size != w.Size || g.BitOffset != w.BitOffset || g.BitSize != w.BitSize || g.AlignAttr != w.AlignAttr {
			t.Errorf("%s member %d: %s at %d size %d bits %d:%d aligned %d; proposed %s at %d size %d bits %d:%d aligned %d",
				got.Name, i, g.Label(), g.Offset, g.Size, g.BitOffset, g.BitSize, g.AlignAttr,
				w.Label(), w.Offset, w.Size, w.BitOffset, w.BitSize, w.AlignAttr)
		}
	}
}

var (
	// addedAttr is what a patch adds to a line to align a member or the
	// struct.
	addedAttr = regexp.MustCompile(` (____cacheline_aligned_in_smp|____cacheline_aligned|__aligned\(\d+\)|__attribute__\(\(aligned\(\d+\)\)\))`)
	padLine   = regexp.MustCompile(`^\s*(u8|unsigned char) __pad_\d+\[\d+\];$`)
)

// sameLines checks that patched holds the lines of original, moved, and
// no others, but for the alignment attributes and pad arrays a patch
// adds, the comments on holes it updates or drops (csource's
// TestHoleComments), the declarations of the members it drops (names in dropped), and
// declarations of several names split one to a line. Blank lines are
// paragraph breaks, which a move may bring together or make: the patch
// may add or remove some, but never writes two in a row, one after an
// opening brace or one before a closing brace where the original has
// none.
// holeLine is a comment line giving the hole before a member.
var holeLine = regexp.MustCompile(`^\s*/\*\s*(XXX\s+)?\d+ bytes? hole\b.*\*/\s*$`)

func sameLines(t *testing.T, original, patched string, dropped []string) {
	t.Helper()
	for _, seq := range []string{"\n\n\n", "{\n\n", "\n\n}"} {
		if n, m := strings.Count(patched, seq), strings.Count(original, seq); n > m {
			t.Errorf("the patched source has %q %d times, the original %d", seq, n, m)
		}
	}
	count := map[string]int{}
	for _, l := range strings.Split(original, "\n") {
		if strings.TrimSpace(l) != "" && !holeLine.MatchString(l) {
			count[addedAttr.ReplaceAllString(l, "")]++
		}
	}
	var added []string
	for _, l := range strings.Split(patched, "\n") {
		if padLine.MatchString(l) || strings.TrimSpace(l) == "" || holeLine.MatchString(l) {
			continue
		}
		l = addedAttr.ReplaceAllString(l, "")
		if count[l] > 0 {
			count[l]--
			continue
		}
		added = append(added, l)
	}
	var removed []string
	for l, n := range count {
		for range n {
			removed = append(removed, l)
		}
	}
	// A declaration of several names split: its parts are the added lines.
	for _, l := range slices.Clone(removed) {
		parts := splitDecl(l)
		if parts == nil {
			continue
		}
		if slices.ContainsFunc(parts, func(p string) bool { return !slices.Contains(added, p) }) {
			continue
		}
		for _, p := range parts {
			i := slices.Index(added, p)
			added = slices.Delete(added, i, i+1)
		}
		i := slices.Index(removed, l)
		removed = slices.Delete(removed, i, i+1)
	}
	removed = slices.DeleteFunc(removed, func(l string) bool {
		return slices.ContainsFunc(dropped, func(name string) bool {
			return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(l)
		})
	})
	if len(added) > 0 || len(removed) > 0 {
		t.Errorf("the patched source has lines the original has not:\n%q\nand lacks:\n%q", added, removed)
	}
}

// splitDecl is what -patch writes of a line declaring several names, when
// the proposal separates them: "\tu32 a, *b; /* c */" is "\tu32 a; /* c */"
// and "\tu32 *b;". nil when the line is no such declaration.
func splitDecl(l string) []string {
	m := regexp.MustCompile(`^(\s*)([^,;]*?)(\s+)(\**\w+(?:\[\w*\])?(?:\s*,\s*\**\w+(?:\[\w*\])?)+);(.*)$`).FindStringSubmatch(l)
	if m == nil {
		return nil
	}
	var out []string
	for i, d := range strings.Split(m[4], ",") {
		line := m[1] + m[2] + m[3] + strings.TrimSpace(d) + ";"
		if i == 0 {
			line += m[5]
		}
		out = append(out, line)
	}
	return out
}

// TestPatchErrors checks that what -patch cannot rewrite is an error
// naming the file, the line and the member, with exit status 1 and no
// hunk for that struct, while the structs it can rewrite get theirs. The
// binaries are the committed ones: no compiler needed.
func TestPatchErrors(t *testing.T) {
	t.Parallel()
	groups, err := os.ReadFile(td("c/groups.c"))
	if err != nil {
		t.Fatal(err)
	}
	obj, _ := filepath.Abs(td("c/groups.o"))
	hot, _ := filepath.Abs(td("hot/grp_sock.hot"))
	bitsObj, _ := filepath.Abs(td("c/bitfields.o"))
	bitsSrc, _ := filepath.Abs(td("c/bitfields.c"))
	queuesObj, _ := filepath.Abs(td("c/queues.o"))
	queuesSrc, _ := filepath.Abs(td("c/queues.c"))
	queuesHot, _ := filepath.Abs(td("hot/pkt_rx_queue.hot"))
	dir := t.TempDir()
	write := func(name, text string) string {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	bitsHot := write("bits.hot", "zero_width.c hot write path=a\nzero_width.e hot write path=b\n")
	src := string(groups)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"macro", []string{"-patch", write("macro.c", strings.Replace(src, "long cold1[6];", "COLD_FIELDS(cold1);", 1)), "-hot", hot, "-C", "grp_sock", obj},
			"macro.c:31: struct grp_sock: COLD_FIELDS(...) is a macro: which members it declares cannot be told without expanding it"},
		{"missing member", []string{"-patch", write("missing.c", strings.Replace(src, "long tx_c;", "", 1)), "-hot", hot, "-C", "grp_sock", obj},
			"missing.c:31: struct grp_sock: member tx_c: not declared in the struct's definition here; the binary has it after cold1"},
		{"extra member", []string{"-patch", write("extra.c", strings.Replace(src, "long cold3;", "long cold3;\n\tlong cold5;", 1)), "-hot", hot, "-C", "grp_sock", obj},
			"extra.c:39: struct grp_sock: member cold5: not a member of the binary's struct grp_sock"},
		{"other order", []string{"-patch", write("order.c", strings.NewReplacer("long cold3;", "long cold4;", "long cold4;", "long cold3;").Replace(src)), "-hot", hot, "-C", "grp_sock", obj},
			"order.c:38: struct grp_sock: member cold4: the binary has cold3 where this source has cold4: it was built from other source"},
		{"no definition", []string{"-patch", write("none.c", "struct other { int a; };\n"), "-hot", hot, "-C", "grp_sock", obj},
			"struct grp_sock: no definition in none.c"},
		{"not C's layout", []string{"-grow", "64", "-patch", bitsSrc, "-hot", bitsHot, "-C", "zero_width", bitsObj},
			"bitfields.c:43: struct zero_width: member d: the proposal puts it at bit 8, where C puts it in that order at bit 32: no patch"},
		{"unclosed block", []string{"-patch", write("block.c", strings.Replace(src, "long cold0;", "#ifdef X\n\tlong cold0;", 1)), "-hot", hot, "-C", "grp_sock", obj},
			"block.c:26: struct grp_sock: no #endif closes this block before the struct ends"},
	} {
		out, errs, code := runLayoutIn(t, dir, append([]string{"-reorg"}, c.args...)...)
		if code != 1 || out != "" || !strings.Contains(errs, "cachelint: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1, no output, %q", c.name, code, out, errs, c.want)
		}
	}

	// One struct rewritten, one refused: the hunk of the first only,
	// exit 1.
	out, errs, code := runLayoutIn(t, dir, "-reorg", "-patch", queuesSrc, "-patch", "macro.c", "-hot", queuesHot, "-hot", hot,
		queuesObj, obj)
	if code != 1 || !strings.Contains(out, "+} __attribute__((aligned(64)));") || strings.Contains(out, "grp_sock") || !strings.Contains(errs, "COLD_FIELDS") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}

	for _, args := range [][]string{{"-patch", "macro.c", obj}, {"-reorg", "-format", "json", "-patch", "macro.c", obj}} {
		if _, errs, code := runLayoutIn(t, dir, args...); code != 1 || !strings.Contains(errs, "-patch: needs -reorg") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
	if _, errs, code := runLayoutIn(t, dir, "-reorg", "-patch", "absent.h", obj); code != 1 || !strings.Contains(errs, "absent.h") {
		t.Errorf("absent source: exit %d, %s", code, errs)
	}
}

// TestPatchDocs checks that the patch docs/binaries.md shows is what
// -patch prints.
func TestPatchDocs(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "binaries.md"))
	if err != nil {
		t.Fatal(err)
	}
	const cmd = "$ cachelint layout -reorg -patch c/groups.c -hot hot/grp_sock.hot -C grp_sock c/groups.o\n"
	_, block, ok := strings.Cut(string(doc), cmd)
	if !ok {
		t.Fatalf("docs/binaries.md does not show %q", cmd)
	}
	block, _, _ = strings.Cut(block, "```")
	out, errs, code := runLayoutIn(t, filepath.Join("..", "..", "testdata"), strings.Fields(cmd)[3:]...)
	if code != 3 || out != block {
		t.Errorf("exit %d, %s; -patch prints\n%s\ndocs/binaries.md shows\n%s", code, errs, out, block)
	}
}

// TestPatchCaseStudy: the af_packet patch docs/case-studies.md shows is
// what -patch prints for examples/afpacket, hunk for hunk.
func TestPatchCaseStudy(t *testing.T) {
	t.Parallel()
	needTools(t)
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "case-studies.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## C: DPDK's af_packet queues")
	if !ok {
		t.Fatal("docs/case-studies.md has no af_packet section")
	}
	_, block, ok := strings.Cut(section, "```\n@@ ")
	if !ok {
		t.Fatal("docs/case-studies.md's af_packet section shows no patch")
	}
	block, _, _ = strings.Cut("@@ "+block, "```")
	obj := filepath.Join(t.TempDir(), "bench.o")
	compileC(t, "", filepath.Join("..", "..", "examples", "afpacket", "bench.c"), obj, nil)
	out, errs, code := runLayoutIn(t, filepath.Join("..", "..", "examples", "afpacket"), "-reorg", "-patch", "queues.h", "-hot", "afpacket.hot", "-C", "pkt_rx_queue,pkt_tx_queue", obj)
	_, hunks, _ := strings.Cut(out, "\n@@ ")
	if code != 3 || "@@ "+hunks != block {
		t.Errorf("exit %d, %s; -patch prints\n%q\ndocs/case-studies.md shows\n%q", code, errs, "@@ "+hunks, block)
	}
}

// applyOnce applies patch in dir, a git work tree, as a developer
// would: git apply --check accepts it, it applies, and git refuses it a
// second time.
func applyOnce(t *testing.T, dir, patch string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "cachelint.patch"), []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	execOK(t, dir, "git", "apply", "--check", "cachelint.patch")
	execOK(t, dir, "git", "apply", "cachelint.patch")
	again := exec.Command("git", "apply", "--check", "cachelint.patch")
	again.Dir = dir
	if out, err := again.CombinedOutput(); err == nil {
		t.Errorf("git applies the patch a second time:\n%s", out)
	}
}
