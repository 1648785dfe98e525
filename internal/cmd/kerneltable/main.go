// Command kerneltable prints, for net_device, tcp_sock and netns_ipv4, the
// cache lines each fast path of the kernel's net_cachelines tables touches
// in Linux 6.1 (before the maintainers grouped the fields) and in 6.18
// (after), and in cachelint's proposal for each, at 64- and 128-byte
// lines, with the members the proposal moves and what it does to the
// cacheline groups' sizes (6.18's net_device under its
// CACHELINE_ASSERT_GROUP_SIZE lines), as a Markdown table. Where a
// struct has no finding, it says so.
// docs/case-studies.md quotes it.
//
//	go run ./internal/cmd/kerneltable -cachelint BINARY -root REPO
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/report"
)

func main() {
	bin := flag.String("cachelint", "cachelint", "the cachelint binary")
	root := flag.String("root", ".", "the repository, for its testdata")
	flag.Parse()
	log.SetFlags(0)
	td := func(p string) string { return filepath.Join(*root, "testdata", p) }
	v61, v618 := td("kernel/linux-6.1/veth.ko.debug"), td("kernel/linux-6.18/vmlinux.btf.gz")
	rows := []struct{ name, table, kernel, file string }{
		{"net_device", "net_device.rst", "6.1", v61},
		{"net_device", "net_device.rst", "6.18", v618},
		{"tcp_sock", "tcp_sock.rst", "6.1", td("c/tcp_sock61.o")},
		{"tcp_sock", "tcp_sock.rst", "6.18", v618},
		{"netns_ipv4", "netns_ipv4_sysctl.rst", "6.1", v61},
		{"netns_ipv4", "netns_ipv4_sysctl.rst", "6.18", v618},
	}
	fmt.Println("| struct | kernel | line | size | lines per path | proposed size | proposed lines per path | members moved | groups, bytes now -> proposed (at most) |")
	fmt.Println("|---|---|--:|--:|---|--:|---|--:|---|")
	for _, line := range []string{"64", "128"} {
		for _, r := range rows {
			args := []string{"layout", "-format", "json", "-line", line, "-hot", td("kernel/net_cachelines/" + r.table), "-C", r.name, "-reorg"}
			if r.name == "net_device" && r.kernel == "6.18" {
				args = append(args, "-asserts", td("kernel/linux-6.18/asserts"))
			}
			out, err := exec.Command(*bin, append(args, r.file)...).Output()
			// Exit status 3 says there are findings; the JSON is whole.
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() != 3 {
				log.Fatalf("%s in %s: %v\n%s", r.name, r.file, err, ee.Stderr)
			} else if err != nil && !ok {
				log.Fatal(err)
			}
			var js struct{ Structs []report.JSONStruct }
			if err := json.Unmarshal(out, &js); err != nil || len(js.Structs) != 1 {
				log.Fatalf("%s in %s: %v", r.name, r.file, err)
			}
			s := js.Structs[0]
			prop, size, moved, groups := "no proposal: "+s.NoFix, "", "", ""
			if s.NoFix == "" && len(s.Findings) == 0 {
				// No finding: no order the reorganizer may propose puts
				// a path on fewer lines.
				prop = "no finding: no order that keeps the groups puts a path on fewer lines"
			}
			if p := s.Proposal; p != nil {
				prop, size, moved = perPath(p.HotLines), fmt.Sprint(p.Size), fmt.Sprint(len(p.Moved))
				var gs []string
				for _, g := range p.Groups {
					gs = append(gs, fmt.Sprintf("%s %d -> %d (%d)", strings.TrimPrefix(g.Name, r.name+"_"), g.Before, g.After, g.Limit))
				}
				groups = strings.Join(gs, ", ")
			}
			fmt.Printf("| %s | %s | %s | %d | %s | %s | %s | %s | %s |\n", r.name, r.kernel, line, s.Size, perPath(s.HotLines), size, prop, moved, groups)
		}
	}
}

func perPath(lines map[string]int) string {
	var out []string
	for p, n := range lines {
		out = append(out, fmt.Sprintf("%s %d", p, n))
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}
