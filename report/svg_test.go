package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// svgNode is an element of the picture with the attributes the tests read.
type svgNode struct {
	name  string
	attrs map[string]string
	// in are the classes of the enclosing <g> elements, innermost last.
	in []map[string]string
}

// parseSVG checks that data is well-formed XML with an <svg> root and
// returns its elements in document order.
func parseSVG(t *testing.T, data []byte) []svgNode {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []svgNode
	var stack []map[string]string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range e.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if len(out) == 0 && (e.Name.Local != "svg" || e.Name.Space != "http://www.w3.org/2000/svg") {
				t.Fatalf("root %v, want svg", e.Name)
			}
			out = append(out, svgNode{e.Name.Local, attrs, append([]map[string]string(nil), stack...)})
			stack = append(stack, attrs)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	return out
}

// enclosing returns the attributes of the innermost enclosing <g> with
// attribute key, or nil.
func (n svgNode) enclosing(key string) map[string]string {
	for i := len(n.in) - 1; i >= 0; i-- {
		if _, ok := n.in[i][key]; ok {
			return n.in[i]
		}
	}
	return nil
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func netDevice618(t *testing.T, hot bool) *layout.Struct {
	t.Helper()
	f, err := btfscan.Open(testdata("kernel/linux-6.18/vmlinux.btf.gz"))
	if err != nil {
		t.Fatal(err)
	}
	found, _, err := f.Find("net_device")
	if err != nil {
		t.Fatal(err)
	}
	s := found[0]
	if hot {
		set, err := hotfile.Load(testdata("kernel/net_cachelines/net_device.rst"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := set.Apply([]*layout.Struct{s}); err != nil {
			t.Fatal(err)
		}
	}
	if err := layout.Annotate(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// panels groups the elements by the struct whose panel holds them.
func panels(nodes []svgNode) map[string][]svgNode {
	out := map[string][]svgNode{}
	for _, n := range nodes {
		for i := len(n.in) - 1; i >= 0; i-- {
			if n.in[i]["class"] == "struct" {
				name := n.in[i]["data-name"]
				out[name] = append(out[name], n)
				break
			}
		}
	}
	return out
}

// checkRows checks the elements of the panel of s: one row per cache
// line, and boxes that cover every byte of the struct exactly once, each
// member's boxes as wide as its bytes.
func checkRows(t *testing.T, nodes []svgNode, s *layout.Struct, line int64, lineWidth float64) {
	t.Helper()
	px := lineWidth / float64(line)
	rows := 0
	total := 0.0
	widths := map[string]float64{} // "name@offset" -> drawn width
	for _, n := range nodes {
		if n.name == "g" && n.attrs["class"] == "line" {
			if got := n.attrs["data-line"]; got != strconv.Itoa(rows) {
				t.Errorf("row %d is numbered %s", rows, got)
			}
			rows++
		}
		if n.name == "g" && n.attrs["class"] == "elided" {
			// Whole lines inside one box, summed up in one row.
			lines := int(num(t, n.attrs["data-lines"]))
			rows += lines
			w := float64(lines) * lineWidth
			total += w
			widths[n.attrs["data-name"]+"@"+n.attrs["data-offset"]] += w
		}
		if n.name == "rect" && n.attrs["class"] == "box" {
			box := n.in[len(n.in)-1]
			w := num(t, n.attrs["width"])
			total += w
			widths[box["data-name"]+"@"+box["data-offset"]] += w
		}
	}
	if want := s.Lines(line); int64(rows) != want {
		t.Errorf("%s: %d rows, want %d", s.Name, rows, want)
	}
	if pad := findHoles(s.Members, 0, s.Size).padding; s.Kind == layout.KindStruct && pad > 0 {
		if key := fmt.Sprintf("padding %d@%d", pad, s.Size-pad); widths[key] == 0 {
			t.Errorf("%s: no box %s", s.Name, key)
		}
	}
	if want := float64(s.Size) * px; math.Abs(total-want) > 0.5 {
		t.Errorf("%s: boxes %.1f px wide in all, want %.1f (%d bytes)", s.Name, total, want, s.Size)
	}
	var walk func(ms []layout.Member)
	walk = func(ms []layout.Member) {
		for i := range ms {
			m := &ms[i]
			if m.Name == "" && strings.HasPrefix(m.Type, "struct") && m.ElemSize == 0 {
				walk(m.Inner)
				continue
			}
			if m.Size == 0 || m.BitSize > 0 || m.Name == "" {
				continue
			}
			key := fmt.Sprintf("%s@%d", m.Name, m.Offset)
			if got, want := widths[key], float64(m.Size)*px; math.Abs(got-want) > 0.5 {
				t.Errorf("%s.%s: %.1f px, want %.1f (%d bytes)", s.Name, m.Name, got, want, m.Size)
			}
		}
	}
	walk(s.Members)
}

// TestSVGNetDevice draws 6.18's net_device with the kernel's table: every
// byte in a box, members as wide as their bytes, one row per line, hot
// members in their paths' colours, the straddle marked, the groups drawn.
func TestSVGNetDevice(t *testing.T) {
	t.Parallel()
	s := netDevice618(t, true)
	r := reorg.Analyze(s, []int64{64})
	var buf bytes.Buffer
	x := NewSVG(&buf, Options{Lines: []int64{64}})
	if err := x.Struct(s, &r); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	nodes := parseSVG(t, buf.Bytes())
	checkRows(t, panels(nodes)[s.Name], s, 64, svgLineWidth)

	// rx is the first path (blue), tx the second (orange); net_device's
	// hot fields are read-mostly: tints.
	rxRead, txRead := tint(pathColours[0]), tint(pathColours[1])
	fills := map[string][]string{}
	outlined := map[string]bool{}
	groups := map[string]bool{}
	for _, n := range nodes {
		box := n.enclosing("data-offset")
		if n.name == "rect" && box != nil {
			fills[box["data-name"]] = append(fills[box["data-name"]], n.attrs["fill"])
			key := box["data-name"] + "@" + box["data-offset"]
			fills[key] = append(fills[key], n.attrs["fill"])
			if n.attrs["stroke"] == "#c0392b" && n.attrs["stroke-width"] == "3" {
				outlined[box["data-name"]] = true
			}
		}
		if n.name == "rect" && n.attrs["class"] == "group" {
			groups[n.attrs["fill"]] = true
		}
	}
	for name, want := range map[string][]string{
		"netdev_ops": {txRead},         // tx only
		"ifindex":    {rxRead},         // rx only
		"ip6_ptr":    {rxRead, txRead}, // both: two bands
		"name":       {"#e9e9e9"},      // cold
		"tc_to_txq":  {txRead, txRead}, // on two lines
	} {
		got := fills[name]
		var fill []string
		for _, f := range got {
			if f != "none" {
				fill = append(fill, f)
			}
		}
		if strings.Join(fill, " ") != strings.Join(want, " ") {
			t.Errorf("%s filled %v, want %v", name, fill, want)
		}
	}
	// pahole's holes are drawn as holes.
	for _, h := range Holes(s) {
		key := fmt.Sprintf("hole %d@%d", h.Size, h.Offset)
		if len(fills[key]) == 0 || fills[key][0] != "url(#hole)" {
			t.Errorf("%s: %v", key, fills[key])
		}
	}
	// Its findings are spreads, about paths: listed, no member outlined.
	if len(outlined) != 0 {
		t.Errorf("outlined for findings: %v", outlined)
	}
	for i, f := range r.Findings {
		if f.Check != layout.CheckSpread {
			t.Errorf("finding %s: %s", f.Check, f.Message)
		}
		if want := fmt.Sprintf(">%d spread: %s", i+1, f.Message[:60]); !strings.Contains(buf.String(), want) {
			t.Errorf("finding %d not listed: %q", i+1, want)
		}
	}
	if len(groups) != 3 {
		t.Errorf("%d group colours, want 3 (read_tx, read_txrx, read_rx)", len(groups))
	}
}

// TestSVGFindings draws the percpu receive queue of testdata/c/queues.c,
// whose written counters share a line with the previous element's: both
// members outlined with the finding's number, the counters solid (written).
func TestSVGFindings(t *testing.T) {
	t.Parallel()
	structs, err := openDWARF(testdata("c/queues.o"))
	if err != nil {
		t.Fatal(err)
	}
	set, err := hotfile.Load(testdata("hot/pkt_rx_queue.hot"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := set.Apply(structs); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(structs, func(s *layout.Struct) bool { return s.Name == "pkt_rx_queue" })
	s := structs[i]
	s.ResolvePaths()
	r := reorg.Analyze(s, []int64{64})
	var buf bytes.Buffer
	x := NewSVG(&buf, Options{Lines: []int64{64}})
	x.Struct(s, &r)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	nodes := parseSVG(t, buf.Bytes())
	checkRows(t, panels(nodes)[s.Name], s, 64, svgLineWidth)
	outlined := map[string]bool{}
	fills := map[string]string{}
	labels := map[string]string{}
	for _, n := range nodes {
		box := n.enclosing("data-offset")
		if box == nil {
			continue
		}
		if n.name == "rect" && n.attrs["stroke-width"] == "3" && n.attrs["stroke"] == "#c0392b" {
			outlined[box["data-name"]] = true
		}
		if n.name == "rect" && n.attrs["fill"] != "none" {
			fills[box["data-name"]] = n.attrs["fill"]
		}
	}
	for _, tok := range strings.Split(buf.String(), "<text ") {
		if strings.Contains(tok, ">(1) ") {
			labels[tok[strings.Index(tok, ">(1) ")+5:strings.Index(tok, "</text>")]] = "1"
		}
	}
	if len(r.Findings) != 1 || r.Findings[0].Check != layout.CheckFalseShare {
		t.Fatalf("findings %+v", r.Findings)
	}
	for _, name := range []string{"rx_pkts", "rx_nombuf"} {
		if !outlined[name] || labels[name] != "1" {
			t.Errorf("%s: outlined %v, labels %v", name, outlined[name], labels)
		}
		if fills[name] != pathColours[0] {
			t.Errorf("%s filled %s, want %s (written)", name, fills[name], pathColours[0])
		}
	}
	if len(outlined) != 2 {
		t.Errorf("outlined %v", outlined)
	}
}

// TestSVGFixtures draws every struct of the C fixtures and the Go binary:
// bit-fields, unions, packed and aligned structs, Go's zero-size tails (but
// not the Go runtime's structs, some of which are a megabyte of lines).
func TestSVGFixtures(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path string
		line int64
	}{
		{"c/bitfields.o", 64}, {"c/packed.o", 64}, {"c/queues.o", 32}, {"c/types.o", 128}, {"gobin/gobin", 64},
	} {
		structs, err := openDWARF(testdata(c.path))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		x := NewSVG(&buf, Options{Lines: []int64{c.line}})
		seen := map[string]bool{}
		var drawn []*layout.Struct
		for _, s := range structs {
			if seen[s.Name] || s.Kind != layout.KindStruct || s.Size == 0 || strings.HasPrefix(s.Name, "runtime.") {
				continue
			}
			seen[s.Name] = true
			r := reorg.Analyze(s, []int64{c.line})
			if err := x.Struct(s, &r); err != nil {
				t.Fatal(err)
			}
			drawn = append(drawn, s)
		}
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
		byStruct := panels(parseSVG(t, buf.Bytes()))
		for _, s := range drawn {
			checkRows(t, byStruct[s.Name], s, c.line, svgLineWidth)
		}
	}
}

// TestSVGHuge draws the structs of testdata/c/huge.o, a terabyte and 8 TiB
// of lines, which once allocated a byte per byte of the struct and died:
// the lines inside one member are summed up in one row, every byte still
// accounted for, and the picture is a few kilobytes.
func TestSVGHuge(t *testing.T) {
	t.Parallel()
	structs, err := openDWARF(testdata("c/huge.o"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	x := NewSVG(&buf, Options{Lines: []int64{64}})
	for _, s := range structs {
		r := reorg.Analyze(s, []int64{64})
		if err := x.Struct(s, &r); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 32<<10 {
		t.Errorf("%d bytes of SVG for %d structs", buf.Len(), len(structs))
	}
	byStruct := panels(parseSVG(t, buf.Bytes()))
	for _, s := range structs {
		checkRows(t, byStruct[s.Name], s, 64, svgLineWidth)
	}
}

// diffPanels splits the elements of a diff's picture by panel, in the
// order drawn: old and new of each struct in turn.
func diffPanels(nodes []svgNode) [][]svgNode {
	var out [][]svgNode
	for _, n := range nodes {
		if n.name == "g" && n.attrs["class"] == "struct" {
			out = append(out, nil)
			continue
		}
		if len(out) > 0 && n.enclosing("data-name") != nil {
			out[len(out)-1] = append(out[len(out)-1], n)
		}
	}
	return out
}

// TestDiffSVGHuge draws the diff of testdata/c/huge.o and huge-v2.o, a
// terabyte array with a member moved and one added beside 8 TiB of lines:
// each side summed up as layout's picture is, every byte accounted for,
// a few kilobytes for both.
func TestDiffSVGHuge(t *testing.T) {
	t.Parallel()
	olds, err := openDWARF(testdata("c/huge.o"))
	if err != nil {
		t.Fatal(err)
	}
	news, err := openDWARF(testdata("c/huge-v2.o"))
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Lines: []int64{64}}
	var buf bytes.Buffer
	x := NewDiffSVG(&buf, "huge.o", "huge-v2.o", o)
	var drawn []*layout.Struct
	for i, old := range olds {
		cur := news[i]
		if old.Name != cur.Name {
			t.Fatalf("struct %d: %s and %s", i, old.Name, cur.Name)
		}
		oldR, newR := reorg.Analyze(old, o.Lines), reorg.Analyze(cur, o.Lines)
		d := Compare(old, cur, &oldR, &newR, o)
		if err := x.Pair(DiffPair{Old: old, New: cur, OldResult: &oldR, NewResult: &newR, Diff: d}); err != nil {
			t.Fatal(err)
		}
		drawn = append(drawn, old, cur)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 32<<10 {
		t.Errorf("%d bytes of SVG for %d structs", buf.Len(), len(olds))
	}
	ps := diffPanels(parseSVG(t, buf.Bytes()))
	if len(ps) != len(drawn) {
		t.Fatalf("%d panels, want %d", len(ps), len(drawn))
	}
	for i, s := range drawn {
		checkRows(t, ps[i], s, 64, svgDiffLineWidth)
	}
	for _, want := range []string{">struct huge_array</text>", "size 1099511627792 -&gt; 1099511627800", "members added 1 (green)"} {
		if !bytes.Contains(buf.Bytes(), []byte(want)) {
			t.Errorf("no %q in the picture", want)
		}
	}
}

// TestDiffSVGSpools checks that a diff's picture holds no more than one
// pair in memory until Close: drawing net_device's pair 120 times, some
// 20 MB of SVG, leaves the live heap as it was, and Close writes every
// panel. (Not parallel: it reads the process's heap.)
func TestDiffSVGSpools(t *testing.T) {
	s := netDevice618(t, true)
	o := Options{Lines: []int64{64}}
	r := reorg.Analyze(s, o.Lines)
	p := DiffPair{Old: s, New: s, OldResult: &r, NewResult: &r, Diff: Compare(s, s, &r, &r, o)}
	var out countingWriter
	x := NewDiffSVG(&out, "old/vmlinux", "new/vmlinux", o)
	if err := x.Pair(p); err != nil { // the spool's buffers
		t.Fatal(err)
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	const pairs = 120
	for range pairs - 1 {
		if err := x.Pair(p); err != nil {
			t.Fatal(err)
		}
	}
	grown := int64(heap()) - int64(before)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if out.n < pairs*50<<10 {
		t.Fatalf("%d bytes of SVG for %d pairs of net_device", out.n, pairs)
	}
	if grown > out.n/8 {
		t.Errorf("the live heap grew by %d bytes while %d pairs were drawn (%d bytes of SVG)", grown, pairs, out.n)
	}
}

// countingWriter counts what is written to it.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
