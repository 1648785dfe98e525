package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cachelint/cachelint/report"
)

func runDiffCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	r := runShared(runDiff, "diff", args)
	return r.stdout, r.stderr, r.code
}

type diffDoc struct {
	LineSize int64    `json:"line_size"`
	Old      string   `json:"old"`
	New      string   `json:"new"`
	OnlyOld  []string `json:"only_old"`
	OnlyNew  []string `json:"only_new"`
	Structs  []struct {
		Name         string               `json:"name"`
		Old          report.DiffSide      `json:"old"`
		New          report.DiffSide      `json:"new"`
		Added        []report.DiffMember  `json:"added"`
		Removed      []report.DiffMember  `json:"removed"`
		Moved        []report.Move        `json:"moved"`
		GoneFindings []report.JSONFinding `json:"findings_gone"`
		NewFindings  []report.JSONFinding `json:"findings_new"`
		Worse        []report.Worsening   `json:"worse"`
	} `json:"structs"`
}

func diffJSON(t *testing.T, args ...string) diffDoc {
	t.Helper()
	out, errs, code := runDiffCmd(t, append([]string{"-format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("%v: exit %d; stderr:\n%s", args, code, errs)
	}
	var d diffDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return d
}

// TestDiffNetDevice compares net_device from 6.1's DWARF with 6.18's BTF
// under the kernel's table: the 6.8 reordering shrank the lines of both
// paths and grew the struct by a line. In 6.18 the table's rows for
// fields outside the groups stay cold (the markers win), so tx takes the
// fewest lines it can.
func TestDiffNetDevice(t *testing.T) {
	t.Parallel()
	args := []string{"-hot", rst, "-C", "net_device"}
	d := diffJSON(t, append(args, linux61, linux618)...)
	if len(d.Structs) != 1 || d.Old != linux61 || d.New != linux618 {
		t.Fatalf("%+v", d)
	}
	s := d.Structs[0]
	if s.Old.Size != 2432 || s.New.Size != 2496 || s.Old.Cachelines != 38 || s.New.Cachelines != 39 {
		t.Errorf("sizes %+v -> %+v", s.Old, s.New)
	}
	for path, want := range map[string][2]int{"rx": {7, 3}, "tx": {13, 4}} {
		if o, n := len(s.Old.HotLines[path]), len(s.New.HotLines[path]); o != want[0] || n != want[1] {
			t.Errorf("%s: %d -> %d hot lines, want %v", path, o, n, want)
		}
	}
	has := func(ms []report.DiffMember, name string) *report.DiffMember {
		for i := range ms {
			if ms[i].Name == name {
				return &ms[i]
			}
		}
		return nil
	}
	// lltx is new in the tx group; npinfo left the struct; netdev_ops
	// moved from line 3 to the first line, with the tx group.
	if m := has(s.Added, "lltx"); m == nil || m.Hot == nil || m.Hot.Paths[0] != "tx" || m.BitSize != 1 {
		t.Errorf("added lltx: %+v", m)
	}
	if has(s.Removed, "npinfo") == nil || has(s.Added, "npinfo") != nil {
		t.Errorf("npinfo not removed: %+v", s.Removed)
	}
	moved := false
	for _, mv := range s.Moved {
		if mv.New.Name == "netdev_ops" {
			moved = mv.Old.Offset == 208 && mv.New.Offset == 8
		}
	}
	if !moved {
		t.Errorf("netdev_ops did not move from 208 to 8")
	}
	// rx's spread finding persists (on fewer lines); tx's is gone.
	var gone []string
	for _, f := range append(s.GoneFindings, s.NewFindings...) {
		if f.Check == "spread" {
			gone = append(gone, f.Message)
		}
	}
	if len(gone) != 1 || len(s.GoneFindings) == 0 || !strings.HasPrefix(gone[0], "hot fields of path tx occupy 13 lines where 4 would do") {
		t.Errorf("spread findings that came or went: %q", gone)
	}

	// As a CI gate: the move to 6.18 makes no path worse but the size.
	for _, c := range []struct {
		failOn     string
		old, new   string
		code       int
		stderrPart string
	}{
		{"hot-lines", linux61, linux618, 0, ""},
		{"size", linux61, linux618, 3, "cachelint: struct net_device got worse (size): size 2496 bytes, 2432 before\n"},
		{"hot-lines", linux618, linux61, 3, "cachelint: struct net_device got worse (hot-lines): hot fields of path tx occupy 13 lines, 4 before\n"},
		{"size,findings", linux618, linux618, 0, ""},
	} {
		out, errs, code := runDiffCmd(t, append(args, "-fail-on", c.failOn, c.old, c.new)...)
		if code != c.code || !strings.Contains(errs, c.stderrPart) {
			t.Errorf("-fail-on %s %s %s: exit %d, want %d; stderr:\n%s", c.failOn, c.old, c.new, code, c.code, errs)
		}
		if c.old != c.new && !strings.Contains(out, "\t/* size: ") {
			t.Errorf("no text output:\n%s", out)
		}
	}
}

// TestDiffGo checks the text of one diff between two Go builds
// (testdata/gobin and its v2): Counters.Name grew by 40 bytes.
func TestDiffGo(t *testing.T) {
	t.Parallel()
	hot := filepath.Join(t.TempDir(), "counters.hot")
	if err := os.WriteFile(hot, []byte("main.Counters.Hits hot write\nmain.Counters.Misses hot write\n"+
		"main.Counters.Shared hot write\nmain.Counters.Flag hot\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	v1, v2 := td("gobin/gobin"), td("gobin/v2/gobin.debug")
	out, errs, code := runDiffCmd(t, "-hot", hot, "-C", "main.Counters,main.Holes", "-fail-on", "hot-lines", v1, v2)
	if code != 3 || errs != "cachelint: struct main.Counters got worse (hot-lines): hot fields of path hot occupy 2 lines, 1 before\n" {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
	for _, want := range []string{
		"struct main.Counters {\n\t/* size: 56 -> 96 (+40), cachelines: 1 -> 2 (+1), members: 7 -> 7 */\n",
		"\t/* hot lines hot: 1 -> 2 (+1): [0] -> [0 1] */\n",
		"~\tsync/atomic.Int64          Shared;                /* 32 8 line 0 -> 72 8 line 1, hot: write */\n",
		"- /* falseshare: Hits, Misses and Shared are written and share line 0 with Flag (read-mostly) (64-byte lines) */\n",
		"\t/* holes: 3 -> 1, sum holes: 17 -> 1 (-16), padding: 2 -> 2 */\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Back from v2 to v1 brings the false sharing back.
	_, errs, code = runDiffCmd(t, "-hot", hot, "-C", "main.Counters", "-fail-on", "findings", v2, v1)
	if code != 3 || !strings.Contains(errs, "got worse (findings): falseshare: Hits, Misses and Shared are written") {
		t.Errorf("v2 -> v1: exit %d, stderr:\n%s", code, errs)
	}
	// Without -C: only what changed, and structs only one build has.
	d := diffJSON(t, v1, v2)
	names := map[string]bool{}
	for _, s := range d.Structs {
		names[s.Name] = true
	}
	if !names["main.Counters"] || !names["main.Holes"] || names["main.Padded"] {
		t.Errorf("changed structs: %v", names)
	}
}

// TestDiffCXX compares two builds of a C++ struct whose base changed
// access (testdata/c/cxx.cc, built with and without CXX_V2): the header
// shows the bases as the layout does, and what changed in them.
func TestDiffCXX(t *testing.T) {
	t.Parallel()
	old, cur := td("c/cxx.o"), td("c/v2/cxx.o")
	out, errs, code := runDiffCmd(t, old, cur)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	want := "struct Hidden : protected Base {\n" +
		"\t/* bases: private Base -> protected Base */\n" +
		"\t/* size: 16 -> 16, cachelines: 1 -> 1, members: 2 -> 3 (+1) */\n"
	if !strings.HasPrefix(out, want) || strings.Contains(out, "Derived") {
		t.Errorf("output:\n%s\nwant only Hidden, starting:\n%s", out, want)
	}
	var layout bytes.Buffer
	if code := runLayout([]string{"-C", "Hidden", cur}, testEnv(&layout, io.Discard)); code != 0 {
		t.Fatalf("layout: exit %d", code)
	}
	if header, _, _ := strings.Cut(layout.String(), "\n"); !strings.HasPrefix(out, header+"\n") {
		t.Errorf("diff header differs from layout's %q", header)
	}
	d := diffJSON(t, old, cur)
	if len(d.Structs) != 1 || !slices.Equal(d.Structs[0].Old.Bases, []string{"private Base"}) ||
		!slices.Equal(d.Structs[0].New.Bases, []string{"protected Base"}) {
		t.Errorf("JSON: %+v", d.Structs)
	}
}

func TestDiffErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{linux61}, "cachelint: diff: want two files, OLD and NEW, have 1 (cachelint diff -h for usage)\n"},
		{[]string{"-fail-on", "speed", linux61, linux61}, "cachelint: -fail-on=speed: want hot-lines, size, budget, findings\n"},
		{[]string{"-format", "sarif", linux61, linux61}, "cachelint: -format=sarif: want text, json or svg\n"},
		{[]string{linux61, linux61, "-line", "7"}, "cachelint: -line=7: line size 7: want a power of two from 8 to 4096 (cachelint diff -h lists the flags)\n"},
		{[]string{linux61, linux61, "-x"}, "cachelint: -x: no such flag (cachelint diff -h lists the flags)\n"},
		{[]string{"-C", "nosuch", linux61, linux618}, "cachelint: struct nosuch not found: in neither " + linux61 + " nor " + linux618 + "\n"},
		{[]string{"-C", "net_device,nosuch,console", linux61, linux618}, "cachelint: struct nosuch not found: in neither " + linux61 + " nor " + linux618 + "\n"},
		{[]string{"-strict", "-C", "net_device,console", linux61, linux618}, "cachelint: " + linux61 + ": struct console not found (-strict)\n"},
		{[]string{"-strict", linux61, linux618}, "cachelint: -strict: needs -C\n"},
		{[]string{linux61, td("kernel/README.md")}, "cachelint: " + td("kernel/README.md") + ": not an ELF file or BTF\n"},
	} {
		_, errs, code := runDiffCmd(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant %q", c.args, code, errs, c.want)
		}
	}
}

// TestSVGCommands draws through both commands: well-formed pictures, one
// panel per struct, two per struct for a diff, a row per cache line but
// for the lines inside one member, which a terabyte array has billions
// of: one row sums them up.
func TestSVGCommands(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		run         func([]string, env) int
		args        []string
		code        int
		panels, row int
		maxBytes    int64
	}{
		{runLayout, []string{"-format", "svg", "-C", "net_device", linux618}, 3, 1, 39, 0},
		{runDiff, []string{"-format", "svg", "-C", "net_device", linux61, linux618}, 0, 2, 38 + 39, 0},
		{runDiff, []string{"-format", "svg", "-C", "main.Counters", td("gobin/gobin"), td("gobin/v2/gobin.debug")}, 0, 2, 1 + 2, 0},
		// A terabyte array on each side: the lines inside it summed up
		// in one row, the picture a few kilobytes.
		{runDiff, []string{"-format", "svg", td("c/huge.o"), td("c/huge-v2.o")}, 0, 2, 2 + 2, 16 << 10},
	} {
		var o, e bytes.Buffer
		if code := c.run(c.args, testEnv(&o, &e)); code != c.code {
			t.Fatalf("%v: exit %d, want %d; stderr:\n%s", c.args, code, c.code, e.String())
		}
		dec := xml.NewDecoder(&o)
		panels, rows := 0, 0
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: %v", c.args, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
				for _, a := range se.Attr {
					if a.Name.Local == "class" && a.Value == "struct" {
						panels++
					}
					if a.Name.Local == "class" && a.Value == "line" {
						rows++
					}
				}
			}
		}
		if panels != c.panels || rows != c.row {
			t.Errorf("%v: %d panels, %d rows; want %d, %d", c.args, panels, rows, c.panels, c.row)
		}
		if n := dec.InputOffset(); c.maxBytes > 0 && n > c.maxBytes {
			t.Errorf("%v: %d bytes of SVG, want at most %d", c.args, n, c.maxBytes)
		}
	}
}

// The 4-struct gate of docs/ci.md, on 6.18's BTF as the base and 6.1's
// dummy module, which holds only net_device of the four, as the change:
// the structs one build lacks are reported as such and the rest compared,
// as codiff does; with -q the gate prints its verdicts and nothing else.
func TestDiffGate(t *testing.T) {
	t.Parallel()
	tables := td("kernel/net_cachelines")
	gate := []string{"-fail-on=hot-lines,size,budget", "-hot", tables, "-C", "net_device,tcp_sock,inet_sock,inet_connection_sock", linux618, linux61}
	worse := "cachelint: struct net_device got worse (hot-lines): hot fields of path rx occupy 7 lines, 3 before\n" +
		"cachelint: struct net_device got worse (hot-lines): hot fields of path tx occupy 13 lines, 4 before\n"
	only := "- struct tcp_sock /* only in " + linux618 + " */\n" +
		"- struct inet_sock /* only in " + linux618 + " */\n" +
		"- struct inet_connection_sock /* only in " + linux618 + " */\n"

	out, errs, code := runDiffCmd(t, append([]string{"-q"}, gate...)...)
	if code != 3 || out != only || errs != worse {
		t.Errorf("-q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 3, stdout\n%s\nstderr\n%s", code, out, errs, only, worse)
	}

	// Without -q: the layouts' diff, the notes, and one line per table
	// and build for the rows that disagree with the binary.
	out, errs, code = runDiffCmd(t, gate...)
	if code != 3 || !strings.HasPrefix(out, "struct net_device {\n") || !strings.HasSuffix(out, only) || !strings.HasSuffix(errs, worse) {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	var notes, warnings []string
	for l := range strings.Lines(strings.TrimSuffix(errs, worse)) {
		switch {
		case strings.HasPrefix(l, "cachelint: note: skipped "):
			notes = append(notes, l)
		case l == "cachelint: note: struct inet_sock: cork (struct inet_cork_full, 152 bytes) is hot on tx: counted by the line of its first byte and kept where it is, since nothing marks which of its fields are hot\n":
			// As layout says it: diff counts embedded structs alike.
		case strings.HasPrefix(l, "cachelint: warning: "):
			warnings = append(warnings, l)
		default:
			t.Errorf("stderr: %q", l)
		}
	}
	want := []string{
		"cachelint: warning: " + linux618 + ": " + filepath.Join(tables, "inet_connection_sock.rst") + ":14: struct inet_connection_sock has no field icsk_timeout\n",
		"cachelint: warning: " + linux618 + ": " + filepath.Join(tables, "inet_sock.rst") + ": 3 lines disagree with the binary (13, 15, 36); the first, line 13: struct inet_sock has no field inet_daddr (-v shows each)\n",
		"cachelint: warning: " + linux618 + ": " + rst + ": 9 lines disagree with the binary (23, 85, 97, 101, 102, 105, 106, 107, ...); the first, line 23: the table has ptype_all read_mostly on tx, but struct net_device keeps it outside its cacheline groups, on no fast path: the groups win, it stays cold (-v shows each)\n",
		"cachelint: warning: " + linux618 + ": " + filepath.Join(tables, "tcp_sock.rst") + ": 9 lines disagree with the binary (28, 47, 58, 104, 105, 106, 107, 116, ...); the first, line 28: the table has rcv_tstamp read_mostly on rx, but struct tcp_sock keeps it in cacheline group tcp_sock_write_txrx, read_write on rx,tx: the group wins (-v shows each)\n",
		"cachelint: warning: " + linux61 + ": " + rst + ": 5 lines disagree with the binary (11, 104, 108, 120, 154); the first, line 11: struct net_device has no field lltx (-v shows each)\n",
	}
	if len(notes) != 2 || !slices.Equal(warnings, want) {
		t.Errorf("notes:\n%s\nwarnings:\n%s\nwant\n%s", strings.Join(notes, ""), strings.Join(warnings, ""), strings.Join(want, ""))
	}
	// -v: a line per row.
	_, errs, _ = runDiffCmd(t, append([]string{"-v"}, gate...)...)
	if n := strings.Count(errs, "cachelint: warning: "); n != 27 {
		t.Errorf("-v: %d warnings, want 27:\n%s", n, errs)
	}
	// -strict: the names one build lacks are an error.
	_, errs, code = runDiffCmd(t, append([]string{"-strict"}, gate...)...)
	if code != 1 || !strings.HasSuffix(errs, "cachelint: "+linux61+": structs tcp_sock, inet_sock, inet_connection_sock not found (-strict)\n") {
		t.Errorf("-strict: exit %d, stderr:\n%s", code, errs)
	}
	// JSON lists them too, whole with -q.
	d := diffJSON(t, "-q", "-C", "net_device,console", linux618, linux61)
	if !slices.Equal(d.OnlyOld, []string{"struct console"}) || len(d.OnlyNew) != 0 || len(d.Structs) != 1 {
		t.Errorf("JSON: only old %v, only new %v, %d structs", d.OnlyOld, d.OnlyNew, len(d.Structs))
	}
}

// No text of a picture runs off its canvas: the diff's summary names the
// two files, whose paths may be long. Each text's right end is measured
// in the pictures' monospace font, 0.6 em a character.
func TestSVGTextOnCanvas(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), strings.Repeat("a-long-build-directory/", 8))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"gobin/gobin", "gobin/v2/gobin.debug"} {
		data, err := os.ReadFile(td(f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		run  func([]string, env) int
		args []string
	}{
		{runDiff, []string{"-format", "svg", "-C", "main.Counters", filepath.Join(dir, "gobin"), filepath.Join(dir, "gobin.debug")}},
		{runLayout, []string{"-format", "svg", "-C", "net_device", "-hot", rst, linux618}},
	} {
		var o, e bytes.Buffer
		if code := c.run(c.args, testEnv(&o, &e)); code == 1 {
			t.Fatalf("%v: exit 1: %s", c.args, e.String())
		}
		dec := xml.NewDecoder(&o)
		var width float64
		var shifts []float64 // the x of each open group's translate
		var text *xml.StartElement
		texts := 0
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: %v", c.args, err)
			}
			attr := func(se xml.StartElement, name string) string {
				for _, a := range se.Attr {
					if a.Name.Local == name {
						return a.Value
					}
				}
				return ""
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				switch tok.Name.Local {
				case "svg":
					fmt.Sscan(attr(tok, "width"), &width)
				case "g":
					var x float64
					fmt.Sscanf(attr(tok, "transform"), "translate(%g,", &x)
					shifts = append(shifts, x)
				case "text":
					se := tok.Copy()
					text = &se
				}
			case xml.EndElement:
				if tok.Name.Local == "g" {
					shifts = shifts[:len(shifts)-1]
				}
				if tok.Name.Local == "text" {
					text = nil
				}
			case xml.CharData:
				if text == nil {
					continue
				}
				texts++
				x, size := 0.0, 11.0
				fmt.Sscan(attr(*text, "x"), &x)
				if s := attr(*text, "font-size"); s != "" {
					fmt.Sscan(s, &size)
				}
				for _, s := range shifts {
					x += s
				}
				if end := x + float64(utf8.RuneCount(tok))*size*0.6; end > width {
					t.Errorf("%v: %q ends at %.0f, past the canvas's %.0f", c.args[len(c.args)-1], tok, end, width)
				}
			}
		}
		if texts < 10 || width == 0 {
			t.Errorf("%v: %d texts, width %.0f", c.args, texts, width)
		}
	}
}

// TestDiffCountsEmbeddedParts: diff counts the hot lines of a hot
// struct-typed member as layout does, by its type's hot fields (inet_sock's
// sk by sock's groups, inet_connection_sock's icsk_inet by inet_sock's
// table), not over its whole extent, which made inet_sock's 13 and 16
// lines: a CI gate on them compared numbers layout never reports. A
// struct's count does not depend on which other structs -C names: the
// types of its members take the tables too.
func TestDiffCountsEmbeddedParts(t *testing.T) {
	t.Parallel()
	tables := td("kernel/net_cachelines")
	for _, names := range []string{"inet_sock", "inet_sock,inet_connection_sock"} {
		d := diffJSON(t, "-hot", tables, "-C", names, linux618, linux618)
		for _, s := range d.Structs {
			out, errs, _ := runCmd(t, "-format", "json", "-hot", tables, "-C", names, linux618)
			var l doc
			if err := json.Unmarshal([]byte(out), &l); err != nil {
				t.Fatalf("layout -C %s: %v\n%s", names, err, errs)
			}
			i := slices.IndexFunc(l.Structs, func(x report.JSONStruct) bool { return x.Name == s.Name })
			if i < 0 {
				t.Fatalf("layout -C %s: no %s", names, s.Name)
			}
			for path, n := range l.Structs[i].HotLines {
				if got := len(s.New.HotLines[path]); got != n {
					t.Errorf("-C %s: diff counts %s's %s on %d lines %v, layout on %d", names, s.Name, path, got, s.New.HotLines[path], n)
				}
			}
		}
	}
	// inet_sock's table applies inside inet_connection_sock's icsk_inet
	// with -C naming the outer struct alone, and sock's groups inside
	// icsk_inet's sk: tx on 11 lines, as without -C
	// (TestSelectedAsWhole).
	one := runJSON(t, "-hot", tables, "-C", "inet_connection_sock", linux618)
	if one.HotLines["tx"] != 11 {
		t.Errorf("-C inet_connection_sock: tx on %d lines, want 11: icsk_inet's and its sk's tx fields counted", one.HotLines["tx"])
	}
}

// TestCIDocs runs the layout gate's examples docs/ci.md shows, in
// testdata/kernel, and checks that they print what it says: every line on
// stderr (those starting "cachelint:"), and stdout's lines, where "..."
// stands for some left out.
func TestCIDocs(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	const prompt = "$ cachelint diff "
	n := 0
	for rest := string(doc); ; {
		_, after, ok := strings.Cut(rest, "\n"+prompt)
		if !ok {
			break
		}
		block, next, _ := strings.Cut(after, "```")
		rest = next
		cmd, shown, _ := strings.Cut(block, "\n")
		n++
		out, errs, code := runSplit(t, td("kernel"), bin, append([]string{"diff"}, strings.Fields(cmd)...)...)
		var wantErr, wantOut []string
		for l := range strings.Lines(shown) {
			if strings.HasPrefix(l, "cachelint:") {
				wantErr = append(wantErr, l)
			} else {
				wantOut = append(wantOut, l)
			}
		}
		if got := strings.Join(wantErr, ""); code != 3 || errs != got {
			t.Errorf("%s%s: exit %d, stderr\n%s\ndocs/ci.md shows\n%s", prompt, cmd, code, errs, got)
		}
		head, tail, elided := strings.Cut(strings.Join(wantOut, ""), "...\n")
		if !elided && out != head || elided && (!strings.HasPrefix(out, head) || !strings.HasSuffix(out, tail)) {
			t.Errorf("%s%s: stdout\n%s\ndocs/ci.md shows\n%s", prompt, cmd, out, strings.Join(wantOut, ""))
		}
	}
	if n != 2 {
		t.Errorf("docs/ci.md shows %d examples of the layout gate, want 2", n)
	}
}
