package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/csource"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
)

// linuxSrcEnv names the root of a Linux 6.18 source tree the kernel
// -patch tests run on (scripts/kernel-patch-check fetches the headers
// they need); the repository holds no kernel source.
const linuxSrcEnv = "CACHELINT_LINUX_SRC"

// kernelHeaders are the headers of the structs the kernel -patch tests
// rewrite or read.
var kernelHeaders = []string{
	"include/linux/netdevice.h",
	"include/linux/tcp.h",
	"include/net/inet_connection_sock.h",
	"include/net/netns/ipv4.h",
	"include/net/sock.h",
}

// stableMembers are the members the BTF's 6.18.44 has that earlier 6.18
// trees lack, by struct, in the BTF's order: net_device's
// mangleid_features and those of the 6.18.40 watchdog fix,
// inet_connection_sock's unhashed_state. On a tree without them -patch
// refuses the struct, naming the first missing one and the member the
// binary has it after.
var stableMembers = map[string][]struct{ name, after string }{
	"net_device":           {{"mangleid_features", "mpls_features"}, {"watchdog_lock", "watchdog_timeo"}, {"watchdog_ref_held", "watchdog_lock"}},
	"inet_connection_sock": {{"unhashed_state", "icsk_pmtu_cookie"}},
}

// kernelTree copies kernelHeaders from the Linux tree $CACHELINT_LINUX_SRC
// names, as they are, into a git work tree in a temporary folder, and
// returns the folder and the paths of the BTF and the net_cachelines
// folder. It skips the test when the variable is unset.
func kernelTree(t *testing.T) (tree, btf, tables string) {
	t.Helper()
	linux := os.Getenv(linuxSrcEnv)
	if linux == "" {
		t.Skip(linuxSrcEnv + " unset: set it to the root of a Linux 6.18 source tree to run -patch on the kernel's headers (scripts/kernel-patch-check fetches them)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root, err := filepath.Abs(td("kernel"))
	if err != nil {
		t.Fatal(err)
	}
	linux, err = filepath.Abs(linux)
	if err != nil {
		t.Fatal(err)
	}
	tree = t.TempDir()
	for _, h := range kernelHeaders {
		b, err := os.ReadFile(filepath.Join(linux, h))
		if err != nil {
			t.Fatalf("%s: %v", linuxSrcEnv, err)
		}
		if err := os.MkdirAll(filepath.Join(tree, filepath.Dir(h)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tree, h), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	execOK(t, tree, "git", "init", "-q")
	execOK(t, tree, "git", "add", "-A")
	return tree, filepath.Join(root, "linux-6.18", "vmlinux.btf.gz"), filepath.Join(root, "net_cachelines")
}

// missingStable returns the refusal -patch gives on header (in dir) for
// struct name if the header predates a stable fix the BTF has (lacks one of the
// struct's stableMembers or netns_ipv4's icmp cacheline group, or has
// tcp_sock's chrono_type in its old place), as a pattern, or nil.
func missingStable(t *testing.T, dir, header, name string) *regexp.Regexp {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, header))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range stableMembers[name] {
		if !memberDecl(m.name).Match(b) {
			return regexp.MustCompile(`cachelint: ` + regexp.QuoteMeta(header) + `:[0-9]+: struct ` + name + `: member ` + m.name +
				`: not declared in the struct's definition here; the binary has it after ` + m.after + `\b`)
		}
	}
	// netns_ipv4's icmp group, from 6.18.14.
	if name == "netns_ipv4" && !regexp.MustCompile(`__cacheline_group_begin(_aligned)?\(icmp\)`).Match(b) {
		return regexp.MustCompile(`cachelint: ` + regexp.QuoteMeta(header) + `:[0-9]+: struct netns_ipv4: member __cacheline_group_begin__icmp: ` +
			`not declared in the struct's definition here; the binary has it after __cacheline_group_end__netns_ipv4_read_rx\b`)
	}
	// tcp_sock's chrono_type (a bit-field), last of the read_txrx group before the
	// stable backport of 4b78c9cbd8f1 moved it next to chrono_stat[].
	end := bytes.Index(b, []byte("__cacheline_group_end(tcp_sock_read_txrx)"))
	if decl := regexp.MustCompile(`\bchrono_type\s*:`).FindIndex(b); name == "tcp_sock" && decl != nil && end > decl[0] {
		return regexp.MustCompile(`cachelint: ` + regexp.QuoteMeta(header) + `:[0-9]+: struct tcp_sock: member chrono_type: ` +
			`the binary has __cacheline_group_end__tcp_sock_read_txrx where this source has chrono_type\b`)
	}
	return nil
}

// memberDecl matches the line declaring a member name, as the kernel
// writes one: types and stars, the name, perhaps a bit-field width.
func memberDecl(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]*[A-Za-z_][\w \t*]*[ \t*]` + name + `[ \t]*(:[ \t]*\d+[ \t]*)?;.*\n`)
}

// TestPatchKernel runs -patch on Linux 6.18's own headers (the tree
// $CACHELINT_LINUX_SRC names) against the 6.18.44 BTF, as a kernel
// developer would in the tree: the proposals move one member each, and the patch moves that
// member's declaration and nothing else, its comment with it, the
// struct's head comment and the group markers in place; git applies it
// once and refuses it a second time; the patched header declares the
// binary's members in the proposal's order (csource's own reading of
// the patched file). No kernel build is possible here, so the patched
// header is not compiled; Plan has laid the proposal out by C's rules
// before printing it. Where the tree lacks a member the BTF has (a 6.18
// release before the stable fixes), -patch refuses the struct instead,
// naming the member.
func TestPatchKernel(t *testing.T) {
	t.Parallel()
	for _, c := range []kernelPatch{
		{name: "net_device", header: "include/linux/netdevice.h", table: "net_device.rst", line: 64, moved: []string{"adj_list"}},
		{name: "tcp_sock", header: "include/linux/tcp.h", table: "tcp_sock.rst", line: 64, moved: []string{"ooo_last_skb"}},
		{name: "tcp_sock", header: "include/linux/tcp.h", table: "tcp_sock.rst", line: 128, moved: []string{"ooo_last_skb"}},
		{name: "inet_connection_sock", header: "include/net/inet_connection_sock.h", table: "inet_connection_sock.rst", line: 64, moved: []string{"icsk_ulp_ops"}},
		{name: "inet_connection_sock", header: "include/net/inet_connection_sock.h", table: "inet_connection_sock.rst", line: 128, moved: []string{"icsk_ulp_ops"}},
		// Not the kernel's table: members of CONFIG_ blocks (one with
		// #else, one DECLARE_HASHTABLE) made hot, so that the proposal
		// moves blocks, and a run of members with their comment and
		// blank lines, into and ahead of the groups.
		{name: "net_device", header: "include/linux/netdevice.h", table: "net_device.rst", line: 64, sub: "net_device-blocks@64", extra: `
net_device.l3mdev_ops hot path=rx
net_device.nf_hooks_ingress hot path=rx
net_device.pcpu_refcnt hot write path=tx
net_device.qdisc_hash hot path=tx
net_device.rx_cpu_rmap hot path=rx
`, moved: []string{"qdisc_hash", "watchdog_timer", "watchdog_timeo", "watchdog_lock", "watchdog_ref_held", "proto_down_reason", "todo_list", "pcpu_refcnt", "rx_cpu_rmap", "nf_hooks_ingress", "l3mdev_ops"}},
		// netns_ipv4's sysctls, one in a CONFIG_ block, made hot: the
		// proposal moves them next to the groups, each joining the
		// paragraph it goes to; the CONFIG_IP_MULTIPLE_TABLES block
		// stays whole (a note says what that costs).
		{name: "netns_ipv4", header: "include/net/netns/ipv4.h", table: "netns_ipv4_sysctl.rst", line: 64, sub: "netns_ipv4-blocks@64",
			note: "include/net/netns/ipv4.h:115: struct netns_ipv4: keeping the #ifdef CONFIG_IP_MULTIPLE_TABLES block on line 115 whole costs path rx on 2 64-byte lines, not 1", extra: `
netns_ipv4.sysctl_tcp_ecn hot path=tx
netns_ipv4.sysctl_ip_dynaddr hot path=rx
netns_ipv4.sysctl_raw_l3mdev_accept hot path=rx
netns_ipv4.fib_has_custom_rules hot path=rx
netns_ipv4.sysctl_tcp_syn_retries hot path=tx
`, moved: []string{"sysctl_tcp_ecn", "sysctl_tcp_syn_retries", "sysctl_ip_dynaddr", "sysctl_raw_l3mdev_accept"}},
	} {
		if c.sub == "" {
			c.sub = c.name + "@" + itoa(c.line)
		}
		t.Run(c.sub, func(t *testing.T) {
			t.Parallel()
			patchKernel(t, c)
		})
	}
}

// kernelPatch is a case of TestPatchKernel.
type kernelPatch struct {
	name, header, table string
	line                int64
	// extra are hot file lines added to the table's, sub the
	// subtest's name.
	extra, sub string
	// note is the note -patch writes on keeping a block whole, if any.
	note  string
	moved []string
}

// patchKernel is TestPatchKernel's case c.
func patchKernel(t *testing.T, c kernelPatch) {
	tree, btf, tables := kernelTree(t)
	header := filepath.Join(tree, c.header)
	// The hot files as named in the tree, and in-process.
	hot := []string{filepath.Join(tables, c.table)}
	hotIn := slices.Clone(hot)
	if c.extra != "" {
		if err := os.WriteFile(filepath.Join(tree, "extra.hot"), []byte(c.extra), 0o644); err != nil {
			t.Fatal(err)
		}
		hot = append(hot, "extra.hot")
		hotIn = append(hotIn, filepath.Join(tree, "extra.hot"))
	}
	original, err := os.ReadFile(header)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-reorg", "-line", itoa(c.line)}
	for _, h := range hot {
		args = append(args, "-hot", h)
	}
	patch, errs, code := runLayoutIn(t, tree, append(args, "-patch", c.header, "-C", c.name, btf)...)
	if refusal := missingStable(t, tree, c.header, c.name); refusal != nil {
		if code != 1 || patch != "" || !refusal.MatchString(errs) {
			t.Errorf("a tree without the stable members: exit %d, stdout %q, stderr %s; want exit 1, no patch, %s", code, patch, errs, refusal)
		}
		return
	}
	if code != 3 || strings.Contains(errs, "cachelint: include/") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if c.name == "tcp_sock" && patch == "" {
		// tcp.h's #if blocks are builds the proposal must hold
		// in: CONFIG_TLS_DEVICE's tcp_clean_acked, which the BTF
		// lacks, makes tcp_sock_read_tx 8 bytes bigger, and the
		// one-member move then grows the struct (docs/case-studies.md).
		if !strings.Contains(errs, "cachelint: note: struct tcp_sock: no patch: the proposal for this build alone") ||
			!strings.Contains(errs, "does not hold in others: with ") {
			t.Errorf("no patch, and no note naming the build that defeats it: %s", errs)
		}
		return
	}
	if c.note == "" && strings.Contains(errs, "cachelint: note: include/") || c.note != "" && !strings.Contains(errs, "cachelint: note: "+c.note+"\n") {
		t.Errorf("stderr %s, want the note %q", errs, c.note)
	}
	if head := "--- a/" + c.header + "\n+++ b/" + c.header + "\n@@ "; !strings.HasPrefix(patch, head) {
		t.Errorf("-patch printed\n%s\nwant a diff of %s only, starting %q", patch, c.header, head)
	}
	if c.name == "net_device" && c.extra == "" {
		// With the kernel's CACHELINE_ASSERT_GROUP_SIZE lines:
		// the groups keep their sizes, the patch is the same.
		asserts := filepath.Join(filepath.Dir(btf), "asserts")
		with, errs, code := runLayoutIn(t, tree, append(args, "-asserts", asserts, "-patch", c.header, "-C", c.name, btf)...)
		if code != 3 || with != patch {
			t.Errorf("with -asserts: exit %d, %s\n%s", code, errs, with)
		}
	}

	// The plan: the proposal and the members it moves.
	structs := preparedHot(t, btf, hotIn, c.name)
	src, err := csource.Open([]string{header}, tree)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := src.Plan(structs[0], []int64{c.line})
	if err != nil {
		t.Fatal(err)
	}
	p := pl.Result.Proposal
	if p != nil && c.name == "tcp_sock" && !slices.Equal(p.Moved, c.moved) {
		// What holds in tcp.h's configurations depends on the
		// tree's #if blocks: the patch is checked as it is.
		t.Logf("tcp_sock@%d: the proposal that holds in the header's configurations moves %v", c.line, p.Moved)
		c.moved = p.Moved
	}
	if p == nil || !slices.Equal(p.Moved, c.moved) {
		t.Fatalf("proposal %v, want one moving %v", p, c.moved)
	}

	onlyMoved(t, patch, p, c.moved)

	applyOnce(t, tree, patch)
	patched, err := os.ReadFile(header)
	if err != nil {
		t.Fatal(err)
	}
	sameLines(t, string(original), string(patched), nil)

	// The patched header declares the members in the proposal's
	// order: csource matches it against the proposed struct.
	after, err := csource.Open([]string{header}, tree)
	if err != nil {
		t.Fatal(err)
	}
	proposed := *p.Struct
	if _, err := after.Plan(&proposed, []int64{c.line}); err != nil {
		t.Errorf("the patched header against the proposal: %v", err)
	}
	if _, err := after.Plan(structs[0], []int64{c.line}); err == nil {
		t.Errorf("the patched header matches the binary's order too")
	}
}

// onlyMoved checks that patch, of proposal p, moves only the lines
// declaring the members moved: what the diff removes it adds, and the
// removed lines declare those members.
func onlyMoved(t *testing.T, patch string, p *layout.Proposal, moved []string) {
	t.Helper()
	var minus, plus []string
	for _, l := range strings.Split(patch, "\n") {
		switch {
		case strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++") || strings.TrimSpace(l[min(1, len(l)):]) == "":
		case l[0] == '-':
			minus = append(minus, l[1:])
		case l[0] == '+':
			plus = append(plus, l[1:])
		}
	}
	removed := slices.Clone(minus)
	if len(p.Aligned) > 0 {
		// A group's begin marker aligned: the same line with
		// the attribute.
		for i := range plus {
			plus[i] = addedAttr.ReplaceAllString(plus[i], "")
		}
	}
	slices.Sort(minus)
	slices.Sort(plus)
	if !slices.Equal(minus, plus) || len(minus) == 0 {
		t.Errorf("the patch removes\n%s\nand adds\n%s", strings.Join(minus, "\n"), strings.Join(plus, "\n"))
	}
	for _, m := range moved {
		decl := regexp.MustCompile(`\b` + m + `\b[^/]*;`)
		if !slices.ContainsFunc(minus, decl.MatchString) {
			t.Errorf("the patch does not move %s's declaration", m)
		}
	}
	// and every declaration it moves is one of theirs: those of
	// the struct's own level, not a nested struct's members or
	// an #else branch's, which move with the member or block.
	comment := regexp.MustCompile(`/\*.*?(\*/|$)|//.*`)
	inElse := false
	for _, l := range removed {
		code := strings.TrimSpace(comment.ReplaceAllString(l, ""))
		switch {
		case strings.HasPrefix(code, "#else"):
			inElse = true
		case strings.HasPrefix(code, "#endif"):
			inElse = false
		}
		if inElse || strings.HasPrefix(l, "\t\t") || !strings.HasSuffix(code, ";") || strings.HasPrefix(code, "*") ||
			len(p.Aligned) > 0 && strings.HasPrefix(code, "__cacheline_group_begin(") {
			continue
		}
		if !slices.ContainsFunc(moved, func(m string) bool { return regexp.MustCompile(`\b` + m + `\b`).MatchString(code) }) {
			t.Errorf("the patch moves %q, not one of %v", l, moved)
		}
	}
}

// TestPatchKernelRefusals runs -patch where the kernel's headers and the
// BTF disagree, and on the structs with no proposal: a struct the header
// declares otherwise than the binary is refused on the line where the
// binary's member should be, by name; the others are read and matched
// member by member, and get no patch. The disagreement is the tree's own
// where it predates the stable fixes the BTF has; otherwise the test
// removes the first of those members' declarations from its copy.
func TestPatchKernelRefusals(t *testing.T) {
	t.Parallel()
	tree, btf, tables := kernelTree(t)
	for _, c := range []struct{ name, header, table string }{
		{"net_device", "include/linux/netdevice.h", "net_device.rst"},
		{"inet_connection_sock", "include/net/inet_connection_sock.h", "inet_connection_sock.rst"},
	} {
		header := filepath.Join(tree, c.header)
		b, err := os.ReadFile(header)
		if err != nil {
			t.Fatal(err)
		}
		refusal := missingStable(t, tree, c.header, c.name)
		if refusal == nil {
			decl := memberDecl(stableMembers[c.name][0].name)
			loc := decl.FindIndex(b)
			if err := os.WriteFile(header, append(b[:loc[0]:loc[0]], b[loc[1]:]...), 0o644); err != nil {
				t.Fatal(err)
			}
			if refusal = missingStable(t, tree, c.header, c.name); refusal == nil {
				t.Fatalf("%s still declares %s", c.header, stableMembers[c.name][0].name)
			}
		}
		out, errs, code := runLayoutIn(t, tree, "-reorg", "-hot", filepath.Join(tables, c.table), "-patch", c.header, "-C", c.name, btf)
		if code != 1 || out != "" || !refusal.MatchString(errs) {
			t.Errorf("%s: exit %d, stdout %q, stderr %s; want exit 1, no patch, %s", c.name, code, out, errs, refusal)
		}
		if err := os.WriteFile(header, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// netns_ipv4 and sock: no proposal at either line size but sock's at
	// 128-byte lines (the exhaustive search's); the headers still read
	// and match the BTF.
	for _, c := range []struct{ name, header, table string }{
		{"netns_ipv4", "include/net/netns/ipv4.h", "netns_ipv4_sysctl.rst"},
		{"sock", "include/net/sock.h", ""},
		{"tcp_sock", "include/linux/tcp.h", "tcp_sock.rst"},
	} {
		hot := ""
		if c.table != "" {
			hot = filepath.Join(tables, c.table)
		}
		// In-process, the source is named by its full path.
		header := filepath.Join(tree, c.header)
		src, err := csource.Open([]string{header}, tree)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range []int64{64, 128} {
			var hots []string
			if hot != "" {
				hots = []string{hot}
			}
			s := preparedHot(t, btf, hots, c.name)[0]
			pl, err := src.Plan(s, []int64{line})
			if refusal := missingStable(t, "", header, c.name); refusal != nil {
				if err == nil || !refusal.MatchString("cachelint: "+err.Error()) {
					t.Errorf("%s@%d: %v, want %s", c.name, line, err, refusal)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s@%d: %v", c.name, line, err)
				continue
			}
			if c.name != "tcp_sock" && !(c.name == "sock" && line == 128) && pl.Result.Proposal != nil {
				t.Errorf("%s@%d: a proposal moving %v", c.name, line, pl.Result.Proposal.Moved)
			}
		}
	}
	// sock at 128-byte lines gets its patch: sock_write_tx off rx's line.
	out, errs, code := runLayoutIn(t, tree, "-reorg", "-line", "128", "-patch", "include/net/sock.h", "-C", "sock", btf)
	if code != 3 || out == "" || strings.Contains(errs, "no patch") {
		t.Errorf("sock@128: exit %d, stdout %q, stderr %s", code, out, errs)
	}
}

// preparedHot reads the structs names of obj with the hot files hot as
// cachelint layout -C names does: the members' types take the tables too.
func preparedHot(t *testing.T, obj string, hot []string, names ...string) []*layout.Struct {
	t.Helper()
	structs, types, err := readStructs(obj, names, nil, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	say := &notices{w: io.Discard, quiet: true}
	var set *hotfile.Set
	if len(hot) > 0 {
		if set, err = loadHot(hot, names, say); err != nil {
			t.Fatal(err)
		}
	}
	if err := prepareStructs(structs, types, set, true, obj, "", say); err != nil {
		t.Fatal(err)
	}
	return structs
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestPatchKernelStructs reads every struct the tree's headers define
// and the BTF has, and matches it member by member against the BTF, as
// -patch does before rewriting one: the kernel's own idioms (anonymous
// unions of named structs, NET_DEV_STAT, rcu_head, DECLARE_BITMAP,
// CONFIG_ blocks, bit-fields, function pointers) are all understood.
func TestPatchKernelStructs(t *testing.T) {
	t.Parallel()
	tree, btf, _ := kernelTree(t)
	def := regexp.MustCompile(`(?m)^struct (\w+) \{`)
	var names []string
	where := map[string]string{}
	err := filepath.WalkDir(filepath.Join(tree, "include"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		for _, m := range def.FindAllStringSubmatch(string(b), -1) {
			// Configurations the BTF's kernel was not built with.
			if m[1] != "netdev_fcoe_hbainfo" && m[1] != "xfrmdev_ops" {
				names = append(names, m[1])
				where[m[1]] = p
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	structs := preparedHot(t, btf, nil, names...)
	for _, s := range structs {
		src, err := csource.Open([]string{where[s.Name]}, tree)
		if err != nil {
			t.Fatal(err)
		}
		_, err = src.Plan(s, []int64{64})
		if refusal := missingStable(t, "", where[s.Name], s.Name); refusal != nil {
			if err == nil || !refusal.MatchString("cachelint: "+err.Error()) {
				t.Errorf("%s: %v, want %s", s.Name, err, refusal)
			}
		} else if err != nil {
			t.Error(err)
		}
	}
	if len(structs) != len(names) || len(names) == 0 {
		t.Errorf("%d of the %d structs the headers define read from the BTF", len(structs), len(names))
	}
	t.Logf("%d structs read and matched", len(structs))
}
