package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/internal/sarifcheck"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// device is a hand-built struct: tx fields on lines 0 and 1, an rx counter
// written next to a read-mostly tx field.
func device() *layout.Struct {
	m := func(name, typ string, off, size int64, h *layout.Hot) layout.Member {
		return layout.Member{Name: name, Type: typ, Offset: off, Size: size, Align: size, BitOffset: off * 8, Hot: h,
			DeclFile: "dev.h", DeclLine: int(10 + off/8)}
	}
	tx := &layout.Hot{Paths: []string{"tx"}}
	rxw := &layout.Hot{Paths: []string{"rx"}, Write: true}
	s := &layout.Struct{Name: "dev", Size: 128, Align: 8, DeclFile: "dev.h", DeclLine: 9, Members: []layout.Member{
		m("ops", "void *", 0, 8, tx),
		m("rx_packets", "long unsigned int", 8, 8, rxw),
		m("cold", "char[104]", 16, 104, nil),
		m("queue", "void *", 120, 8, tx),
	}}
	s.Members[2].ElemSize, s.Members[2].Align = 1, 1
	s.ResolvePaths()
	return s
}

func TestText(t *testing.T) {
	t.Parallel()
	s := device()
	r := reorg.Analyze(s, []int64{64})
	var b bytes.Buffer
	if err := Text(&b, s, &r, Options{Lines: []int64{64}, Reorg: true}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"struct dev {\n\tvoid *                     ops;                  /*     0     8 */ /* hot: tx read */\n",
		"\tlong unsigned int          rx_packets;           /*     8     8 */ /* hot: rx write */\n",
		"\t/* --- cacheline 1 boundary (64 bytes) was 56 bytes ago --- */\n\tvoid *                     queue;",
		"\t/* size: 128, cachelines: 2, members: 4 */\n\t/* hot lines: rx 1, tx 2 */\n};\n",
		"/* spread: hot fields of path tx occupy 2 lines where 1 would do (64-byte lines): ops, queue */\n",
		"/* falseshare: rx_packets is written on path rx and shares line 0 with ops (read-mostly) (64-byte lines) */\n",
		"/* proposed order: rx_packets, cold, ops, queue */\n",
		"/* the proposal moves 1 member: ops */\n",
		"\tvoid *                     ops;                  /*   112     8 */ /* hot: tx read */\n",
		"\t/* hot lines now -> proposed: rx 1 -> 1, tx 2 -> 1 */\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	s := device()
	r := reorg.Analyze(s, []int64{64, 128})
	var b bytes.Buffer
	j := NewJSON(&b, Options{Lines: []int64{64, 128}, Reorg: true})
	if err := j.Struct(s, &r); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		LineSize int64        `json:"line_size"`
		Structs  []JSONStruct `json:"structs"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v:\n%s", err, b.String())
	}
	if doc.LineSize != 64 || len(doc.Structs) != 1 {
		t.Fatalf("line_size %d, %d structs", doc.LineSize, len(doc.Structs))
	}
	js := doc.Structs[0]
	if js.Name != "dev" || js.Size != 128 || js.Cachelines != 2 || js.DeclFile != "dev.h" || len(js.Members) != 4 {
		t.Errorf("struct %+v", js)
	}
	if h := js.Members[1].Hot; h == nil || !h.Write || h.Paths[0] != "rx" || js.Members[2].Hot != nil {
		t.Errorf("hot marks %+v %+v", js.Members[1].Hot, js.Members[2].Hot)
	}
	if js.HotLines["tx"] != 2 || js.HotLines["rx"] != 1 {
		t.Errorf("hot_lines %v", js.HotLines)
	}
	sizes := map[int64]int{}
	for _, f := range js.Findings {
		for _, n := range f.LineSizes {
			sizes[n]++
		}
	}
	if sizes[64] == 0 || sizes[128] == 0 {
		t.Errorf("findings per line size %v", sizes)
	}
	// The smallest patch: ops moves next to queue, away from rx_packets.
	if p := js.Proposal; p == nil || p.HotLines["tx"] != 1 || p.Size != 128 || p.Grown != "" || !slices.Equal(p.Moved, []string{"ops"}) {
		t.Errorf("proposal %+v", js.Proposal)
	}
}

type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name    string `json:"name"`
				Version string `json:"version"`
				Rules   []sarifRule
			} `json:"driver"`
		} `json:"tool"`
		Results []sarifResult `json:"results"`
	} `json:"runs"`
}

// writeSARIF writes the findings of structs as SARIF, checks the log as
// code scanning would and decodes it.
func writeSARIF(t *testing.T, o SARIFOptions, artifact string, structs ...*layout.Struct) (sarifLog, int) {
	t.Helper()
	var b bytes.Buffer
	x := NewSARIF(&b, o)
	x.Artifact = artifact
	n := 0
	for _, s := range structs {
		r := reorg.Analyze(s, []int64{64})
		n += len(r.Findings)
		if err := x.Struct(s, &r); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if p := sarifcheck.Check(b.Bytes()); p != nil {
		t.Fatalf("SARIF problems:\n%s\n%s", strings.Join(p, "\n"), b.String())
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatalf("%v:\n%s", err, b.String())
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != n || n == 0 {
		t.Fatalf("%d findings, log %+v", n, log)
	}
	return log, n
}

func TestSARIF(t *testing.T) {
	t.Parallel()
	s := device()
	for i := range s.Members {
		s.Members[i].DeclFile = "/src/include/dev.h"
	}
	log, _ := writeSARIF(t, SARIFOptions{ToolVersion: "v1.2.3", SrcRoot: "/src"}, "vmlinux", s)
	d := log.Runs[0].Tool.Driver
	if d.Name != "cachelint" || d.Version != "v1.2.3" || len(d.Rules) != len(layout.Rules) {
		t.Fatalf("driver %+v", d)
	}
	for i, r := range layout.Rules {
		if got := d.Rules[i]; got.ID != r.Name || got.ShortDescription.Text != r.Summary || got.Help.Text != r.Help || got.DefaultConfiguration.Level != r.Severity {
			t.Errorf("rule %d: %+v, want %+v", i, got, r)
		}
	}
	seen := false
	for _, x := range log.Runs[0].Results {
		if x.RuleID == layout.CheckFalseShare.Name {
			seen = true
			loc := x.Locations[0]
			want := sarifLocation{
				Physical: sarifPhysical{Artifact: sarifArtifact{URI: "include/dev.h", URIBaseID: SrcRoot}, Region: &sarifRegion{StartLine: 11}},
				Logical:  []sarifLogical{{"rx_packets", "dev.rx_packets", "member"}},
			}
			if diff := cmp.Diff(want, loc); diff != "" {
				t.Errorf("falseshare location (-want +got):\n%s", diff)
			}
		}
	}
	if !seen {
		t.Error("no falseshare result")
	}
}

// A struct read from BTF has no source position: its results are located
// in the file read, which is named by a file: URI outside the source root,
// at line 1, since code scanning shows a result only at a line (GH1003).
func TestSARIFWithoutSourcePositions(t *testing.T) {
	t.Parallel()
	s := device()
	s.DeclFile, s.DeclLine = "", 0
	for i := range s.Members {
		s.Members[i].DeclFile, s.Members[i].DeclLine = "", 0
	}
	for _, c := range []struct {
		root, artifact string
		want           sarifArtifact
	}{
		{"/src", "/src/build/vmlinux", sarifArtifact{URI: "build/vmlinux", URIBaseID: SrcRoot}},
		{"/src", "/boot/vmlinux 6.1", sarifArtifact{URI: "file:///boot/vmlinux%206.1"}},
		{"", "build/vmlinux", sarifArtifact{URI: "build/vmlinux"}},
	} {
		log, _ := writeSARIF(t, SARIFOptions{ToolVersion: "v1", SrcRoot: c.root}, c.artifact, s)
		for _, x := range log.Runs[0].Results {
			if p := x.Locations[0].Physical; p.Artifact != c.want || p.Region == nil || *p.Region != (sarifRegion{StartLine: 1}) {
				t.Errorf("root %q, artifact %q: located at %+v, want %+v at line 1", c.root, c.artifact, p, c.want)
			}
		}
	}
}

var update = flag.Bool("update", false, "rewrite the generated part of docs/checks.md")

// rulesMarkdown writes the rules as docs/checks.md lists them: a table of
// summaries, then each rule's help.
func rulesMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| check | reports | fix | level |\n|---|---|---|---|\n")
	for _, r := range layout.Rules {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.Name, r.Summary, r.Fix, r.Severity)
	}
	for _, r := range layout.Rules {
		fmt.Fprintf(&b, "\n### %s\n\n%s\n", r.Name, wrap(r.Help, 76))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// docs/checks.md lists the rules as layout.Rules has them.
func TestChecksDoc(t *testing.T) {
	t.Parallel()
	const path = "../docs/checks.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin := regexp.MustCompile(`<!-- begin rules[^\n]*-->\n`).FindIndex(doc)
	end := strings.Index(string(doc), "<!-- end rules -->")
	if begin == nil || end < begin[1] {
		t.Fatalf("%s: no <!-- begin rules --> ... <!-- end rules --> block", path)
	}
	var b bytes.Buffer
	if err := rulesMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	if got := string(doc[begin[1]:end]); got != b.String() {
		if !*update {
			t.Fatalf("%s differs from layout.Rules; go test ./report -run TestChecksDoc -update rewrites it\n%s", path, cmp.Diff(b.String(), got))
		}
		out := string(doc[:begin[1]]) + b.String() + string(doc[end:])
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A diff matches findings by their check and key, not their words: the
// false sharing of rx_packets is the same problem when a build adds a
// read-mostly field to its line, a new one when another field is the one
// written.
func TestDiffFindingKeys(t *testing.T) {
	t.Parallel()
	o := Options{Lines: []int64{64}}
	falseShares := func(old, new *layout.Struct) (gone, added []string) {
		oldR, newR := reorg.Analyze(old, o.Lines), reorg.Analyze(new, o.Lines)
		d := Compare(old, new, &oldR, &newR, o)
		for _, f := range d.GoneFindings {
			if f.Check == layout.CheckFalseShare {
				gone = append(gone, f.Key)
			}
		}
		for _, f := range d.NewFindings {
			if f.Check == layout.CheckFalseShare {
				added = append(added, f.Key)
			}
		}
		return gone, added
	}
	grown := device()
	grown.Members[2].Hot = &layout.Hot{Paths: []string{"tx"}}
	if gone, added := falseShares(device(), grown); gone != nil || added != nil {
		t.Errorf("a read-mostly field more on the line: gone %v, new %v", gone, added)
	}
	other := device()
	other.Members[0].Hot, other.Members[1].Hot = other.Members[1].Hot, other.Members[0].Hot
	if gone, added := falseShares(device(), other); !slices.Equal(gone, []string{"rx_packets"}) || !slices.Equal(added, []string{"ops"}) {
		t.Errorf("another field written: gone %v, new %v", gone, added)
	}
}

// TestCommentText prints a finding whose message holds "*/", as a Go type
// name may (in a struct tag): it must not end the comment it stands in.
func TestCommentText(t *testing.T) {
	t.Parallel()
	s := &layout.Struct{Name: "T", Size: 8, Align: 8, Members: []layout.Member{{Name: "a", Type: "int64", Size: 8, Align: 8}}}
	r := &reorg.Result{Findings: []layout.Finding{{Check: layout.Checks[0], Message: `padding _ struct { A int "*/" } wastes`}}}
	var b bytes.Buffer
	if err := Text(&b, s, r, Options{Lines: []int64{64}}); err != nil {
		t.Fatal(err)
	}
	last := strings.TrimSpace(b.String()[strings.LastIndex(strings.TrimSpace(b.String()), "\n")+1:])
	if strings.Count(last, "*/") != 1 || !strings.HasSuffix(last, "*/") {
		t.Errorf("finding line %q", last)
	}
}

// Warnings sums up the warnings about one file in one line, in the place
// of the first, unless verbose; warnings that name no place stay as they
// are.
func TestWarningsSummary(t *testing.T) {
	ws := []input.Warning{{File: "t.rst", Line: 3, Msg: "struct s has no field a"}, {Msg: "no place"}, {File: "h.hot", Line: 1, Msg: "struct x not found"}}
	for i := 4; i <= 13; i++ {
		ws = append(ws, input.Warning{File: "t.rst", Line: i, Msg: fmt.Sprintf("struct s has no field f%d", i)})
	}
	var b strings.Builder
	if err := Warnings(&b, "vmlinux", ws, false); err != nil {
		t.Fatal(err)
	}
	want := "cachelint: warning: vmlinux: t.rst: 11 lines disagree with the binary (3, 4, 5, 6, 7, 8, 9, 10, ...); the first, line 3: struct s has no field a (-v shows each)\n" +
		"cachelint: warning: vmlinux: no place\n" +
		"cachelint: warning: vmlinux: h.hot:1: struct x not found\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	Warnings(&b, "", ws, true)
	if n := strings.Count(b.String(), "\n"); n != len(ws) || !strings.HasPrefix(b.String(), "cachelint: warning: t.rst:3: ") {
		t.Errorf("verbose: %d lines for %d warnings:\n%s", n, len(ws), b.String())
	}
}
