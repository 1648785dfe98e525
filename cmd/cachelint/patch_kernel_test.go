package main

import (
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

// kernelTree copies Linux 6.18's headers from testdata/kernel/linux-6.18
// into a git work tree in a temporary folder, made the working
// directory, with the members the BTF's 6.18.44 has and the 6.18.26
// files not (net_device's watchdog fix, inet_connection_sock's
// unhashed_state) added when stable, and returns the paths of the BTF
// and the net_cachelines folder.
func kernelTree(t *testing.T, stable bool) (btf, tables string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root, err := filepath.Abs(td("kernel"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Chdir(tmp)
	src := filepath.Join(root, "linux-6.18", "include")
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(src), p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(rel), 0o755); err != nil {
			return err
		}
		return os.WriteFile(rel, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	execOK(t, "git", "init", "-q")
	if stable {
		for _, d := range []string{"watchdog-6.18.40.diff", "unhashed_state-6.18.diff"} {
			execOK(t, "git", "apply", filepath.Join(root, "linux-6.18", d))
		}
	}
	execOK(t, "git", "add", "-A")
	return filepath.Join(root, "linux-6.18", "vmlinux.btf.gz"), filepath.Join(root, "net_cachelines")
}

// TestPatchKernel runs -patch on Linux 6.18's own headers against the
// BTF of the kernel built from them, as a kernel developer would in the
// tree: the proposals move one member each, and the patch moves that
// member's declaration and nothing else, its comment with it, the
// struct's head comment and the group markers in place; git applies it
// once and refuses it a second time; the patched header declares the
// binary's members in the proposal's order (csource's own reading of
// the patched file). No kernel build is possible here, so the patched
// header is not compiled; Plan has laid the proposal out by C's rules
// before printing it.
func TestPatchKernel(t *testing.T) {
	for _, c := range []struct {
		name, header, table string
		line                int64
		// extra are hot file lines added to the table's, golden the
		// name of the patch under testdata/kernel/linux-6.18/patch.
		extra, golden string
		// note is the note -patch writes on keeping a block whole, if any.
		note  string
		moved []string
	}{
		{name: "net_device", header: "include/linux/netdevice.h", table: "net_device.rst", line: 64, moved: []string{"adj_list"}},
		{name: "tcp_sock", header: "include/linux/tcp.h", table: "tcp_sock.rst", line: 64, moved: []string{"ooo_last_skb"}},
		{name: "tcp_sock", header: "include/linux/tcp.h", table: "tcp_sock.rst", line: 128, moved: []string{"ooo_last_skb"}},
		{name: "inet_connection_sock", header: "include/net/inet_connection_sock.h", table: "inet_connection_sock.rst", line: 64, moved: []string{"icsk_ulp_ops"}},
		{name: "inet_connection_sock", header: "include/net/inet_connection_sock.h", table: "inet_connection_sock.rst", line: 128, moved: []string{"icsk_ulp_ops"}},
		// Not the kernel's table: members of CONFIG_ blocks (one with
		// #else, one DECLARE_HASHTABLE) made hot, so that the proposal
		// moves blocks, and a run of members with their comment and
		// blank lines, into and ahead of the groups.
		{name: "net_device", header: "include/linux/netdevice.h", table: "net_device.rst", line: 64, golden: "net_device-blocks@64", extra: `
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
		{name: "netns_ipv4", header: "include/net/netns/ipv4.h", table: "netns_ipv4_sysctl.rst", line: 64, golden: "netns_ipv4-blocks@64",
			note: "include/net/netns/ipv4.h:115: struct netns_ipv4: keeping the #ifdef CONFIG_IP_MULTIPLE_TABLES block on line 115 whole costs path rx on 2 64-byte lines, not 1", extra: `
netns_ipv4.sysctl_tcp_ecn hot path=tx
netns_ipv4.sysctl_ip_dynaddr hot path=rx
netns_ipv4.sysctl_raw_l3mdev_accept hot path=rx
netns_ipv4.fib_has_custom_rules hot path=rx
netns_ipv4.sysctl_tcp_syn_retries hot path=tx
`, moved: []string{"sysctl_tcp_ecn", "sysctl_tcp_syn_retries", "sysctl_ip_dynaddr", "sysctl_raw_l3mdev_accept"}},
	} {
		if c.golden == "" {
			c.golden = c.name + "@" + itoa(c.line)
		}
		t.Run(c.golden, func(t *testing.T) {
			golden, err := filepath.Abs(td("kernel/linux-6.18/patch/" + c.golden + ".patch"))
			if err != nil {
				t.Fatal(err)
			}
			btf, tables := kernelTree(t, true)
			hot := []string{filepath.Join(tables, c.table)}
			if c.extra != "" {
				if err := os.WriteFile("extra.hot", []byte(c.extra), 0o644); err != nil {
					t.Fatal(err)
				}
				hot = append(hot, "extra.hot")
			}
			original, err := os.ReadFile(c.header)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"-reorg", "-line", itoa(c.line)}
			for _, h := range hot {
				args = append(args, "-hot", h)
			}
			patch, errs, code := runCmd(t, append(args, "-patch", c.header, "-C", c.name, btf)...)
			if code != 3 || strings.Contains(errs, "cachelint: include/") {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if c.note == "" && strings.Contains(errs, "cachelint: note: include/") || c.note != "" && !strings.Contains(errs, "cachelint: note: "+c.note+"\n") {
				t.Errorf("stderr %s, want the note %q", errs, c.note)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if patch != string(want) {
				t.Errorf("-patch printed\n%s\n%s has\n%s", patch, golden, want)
			}
			if c.name == "net_device" && c.extra == "" {
				// With the kernel's CACHELINE_ASSERT_GROUP_SIZE lines:
				// the groups keep their sizes, the patch is the same.
				asserts := filepath.Join(filepath.Dir(btf), "asserts")
				with, errs, code := runCmd(t, append(args, "-asserts", asserts, "-patch", c.header, "-C", c.name, btf)...)
				if code != 3 || with != patch {
					t.Errorf("with -asserts: exit %d, %s\n%s", code, errs, with)
				}
			}

			// The plan: the proposal and the members it moves.
			structs := preparedHot(t, btf, hot, c.name)
			src, err := csource.Open([]string{c.header}, ".")
			if err != nil {
				t.Fatal(err)
			}
			pl, err := src.Plan(structs[0], []int64{c.line})
			if err != nil {
				t.Fatal(err)
			}
			p := pl.Result.Proposal
			if p == nil || !slices.Equal(p.Moved, c.moved) {
				t.Fatalf("proposal %v, want one moving %v", p, c.moved)
			}

			// Only the moved lines: what the diff removes it adds, and
			// the removed lines declare the moved members.
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
			slices.Sort(minus)
			slices.Sort(plus)
			if !slices.Equal(minus, plus) || len(minus) == 0 {
				t.Errorf("the patch removes\n%s\nand adds\n%s", strings.Join(minus, "\n"), strings.Join(plus, "\n"))
			}
			for _, m := range c.moved {
				decl := regexp.MustCompile(`\b` + m + `\b[^/]*;`)
				if !slices.ContainsFunc(minus, decl.MatchString) {
					t.Errorf("the patch does not move %s's declaration", m)
				}
			}

			if err := os.WriteFile("cachelint.patch", []byte(patch), 0o644); err != nil {
				t.Fatal(err)
			}
			execOK(t, "git", "apply", "--check", "cachelint.patch")
			execOK(t, "git", "apply", "cachelint.patch")
			if out, err := exec.Command("git", "apply", "--check", "cachelint.patch").CombinedOutput(); err == nil {
				t.Errorf("git applies the patch a second time:\n%s", out)
			}
			patched, err := os.ReadFile(c.header)
			if err != nil {
				t.Fatal(err)
			}
			sameLines(t, string(original), string(patched), nil)

			// The patched header declares the members in the proposal's
			// order: csource matches it against the proposed struct.
			after, err := csource.Open([]string{c.header}, ".")
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
		})
	}
}

// TestPatchKernelRefusals runs -patch where the kernel's headers and the
// BTF disagree, and on the structs with no proposal: a struct the header
// declares otherwise than the binary is refused on the line where the
// binary's member should be, by name; the others are read and matched
// member by member, and get no patch.
func TestPatchKernelRefusals(t *testing.T) {
	btf, tables := kernelTree(t, false)
	for _, c := range []struct {
		name, header, table, want string
	}{
		// 6.18.26's net_device lacks the watchdog fix the 6.18.44 BTF has.
		{"net_device", "include/linux/netdevice.h", "net_device.rst",
			"cachelint: include/linux/netdevice.h:2362: struct net_device: member watchdog_lock: not declared in the struct's definition here; the binary has it after watchdog_timeo"},
		{"inet_connection_sock", "include/net/inet_connection_sock.h", "inet_connection_sock.rst",
			"cachelint: include/net/inet_connection_sock.h:92: struct inet_connection_sock: member unhashed_state: not declared in the struct's definition here; the binary has it after icsk_pmtu_cookie"},
	} {
		out, errs, code := runCmd(t, "-reorg", "-hot", filepath.Join(tables, c.table), "-patch", c.header, "-C", c.name, btf)
		if code != 1 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %s; want exit 1, no patch, %q", c.name, code, out, errs, c.want)
		}
	}
	// netns_ipv4 and sock: no proposal at either line size; the headers
	// still read and match the BTF.
	for _, c := range []struct{ name, header, table string }{
		{"netns_ipv4", "include/net/netns/ipv4.h", "netns_ipv4_sysctl.rst"},
		{"sock", "include/net/sock.h", ""},
		{"tcp_sock", "include/linux/tcp.h", "tcp_sock.rst"},
	} {
		hot := ""
		if c.table != "" {
			hot = filepath.Join(tables, c.table)
		}
		src, err := csource.Open([]string{c.header}, ".")
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
			if err != nil {
				t.Errorf("%s@%d: %v", c.name, line, err)
				continue
			}
			if c.name != "tcp_sock" && pl.Result.Proposal != nil {
				t.Errorf("%s@%d: a proposal moving %v", c.name, line, pl.Result.Proposal.Moved)
			}
		}
	}
	// A struct with findings and no proposal says why it gets no patch.
	out, errs, code := runCmd(t, "-reorg", "-line", "128", "-patch", "include/net/sock.h", "-C", "sock", btf)
	if code != 3 || out != "" || !strings.Contains(errs, "cachelint: note: struct sock: no patch: ") {
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

// TestPatchKernelStructs reads every struct the committed headers define
// and the BTF has, and matches it member by member against the BTF, as
// -patch does before rewriting one: the kernel's own idioms (anonymous
// unions of named structs, NET_DEV_STAT, rcu_head, DECLARE_BITMAP,
// CONFIG_ blocks, bit-fields, function pointers) are all understood.
func TestPatchKernelStructs(t *testing.T) {
	btf, _ := kernelTree(t, true)
	def := regexp.MustCompile(`(?m)^struct (\w+) \{`)
	var names []string
	where := map[string]string{}
	err := filepath.WalkDir("include", func(p string, d os.DirEntry, err error) error {
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
		src, err := csource.Open([]string{where[s.Name]}, ".")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := src.Plan(s, []int64{64}); err != nil {
			t.Error(err)
		}
	}
	if len(structs) != len(names) || len(names) != 69 {
		t.Errorf("%d of the %d structs the headers define read from the BTF, want 69", len(structs), len(names))
	}
}
