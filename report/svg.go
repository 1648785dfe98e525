package report

import (
	"bufio"
	"cmp"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// The picture: one row per cache line, a line's bytes spread over
// svgLineWidth pixels whatever the line size (svgDiffLineWidth for each
// side of a diff), so that a row of boxes reads like a row of pahole's
// offsets.
const (
	svgLineWidth     = 1024
	svgDiffLineWidth = 768
	svgLeft          = 70 // the line labels
	svgRight         = 16
	svgRowHeight     = 40
	svgBoxTop        = 13 // below the group strip
	svgBoxHeight     = 28
	svgCharWidth     = 6.6 // of the 11px monospace member names
	svgGap           = 24  // between panels of a diff
)

// pathColours are the hues of the fast paths in order of their names; a
// member written on a path is filled with the hue, one only read with a
// light tint of it.
var pathColours = []string{"#1f6fb4", "#e8710a", "#2a9d3a", "#8e44ad", "#b5651d", "#d6337f"}

var groupColours = []string{"#5b3f8c", "#0b7a75", "#a0522d", "#4a6fa5"}

// SVG draws the structs of one report as an SVG picture, struct under
// struct. SVG needs its size up front, so the panels wait in a spool
// until Close: memory holds one panel at a time, however many structs
// there are.
type SVG struct {
	w      io.Writer
	opts   Options
	panels spool
	width  float64
	height float64
}

// NewSVG starts an SVG report on w; Close writes it.
func NewSVG(w io.Writer, o Options) *SVG { return &SVG{w: w, opts: o} }

// Struct adds a panel for s and what r found in it.
func (x *SVG) Struct(s *layout.Struct, r *reorg.Result) error {
	var b strings.Builder
	pw, ph := svgPanel(&b, s, r, x.opts, 0, x.height, svgLineWidth, s.Keyword()+" "+s.Name, nil)
	if err := x.panels.write(b.String()); err != nil {
		return err
	}
	x.width = max(x.width, pw)
	x.height += ph + svgGap
	return nil
}

// Close writes the picture.
func (x *SVG) Close() error {
	return x.panels.writeSVG(x.w, max(x.width, 400), max(x.height, svgGap))
}

// spool holds the panels of a picture in a temporary file, created with
// the first, until the picture's size is known.
type spool struct {
	f *os.File // removed at once where the system allows, else by writeSVG
	w *bufio.Writer
}

// write adds a panel.
func (s *spool) write(panel string) error {
	if s.f == nil {
		f, err := os.CreateTemp("", "cachelint-svg-*")
		if err != nil {
			return err
		}
		os.Remove(f.Name())
		s.f, s.w = f, bufio.NewWriter(f)
	}
	_, err := s.w.WriteString(panel)
	return err
}

// writeSVG writes the picture of the panels to w and removes the spool.
func (s *spool) writeSVG(w io.Writer, width, height float64) error {
	var panels io.Reader = strings.NewReader("")
	if s.f != nil {
		defer func() {
			s.f.Close()
			os.Remove(s.f.Name())
		}()
		if err := s.w.Flush(); err != nil {
			return err
		}
		if _, err := s.f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		panels = s.f
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="11">
<defs>
<pattern id="hole" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#c0392b" stroke-width="2"/></pattern>
<pattern id="pad" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f4f4f4"/><line x1="0" y1="0" x2="0" y2="6" stroke="#999" stroke-width="1.5"/></pattern>
</defs>
<rect width="100%%" height="100%%" fill="#fff"/>
`, width, height, width, height)
	if _, err := io.Copy(bw, panels); err != nil {
		return err
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// svgBox is something drawn in the rows: a member, several bit-fields
// sharing bytes, an anonymous union, a hole or padding.
type svgBox struct {
	class  string // member, bitfields, union, hole, padding, pad (a padding member)
	label  string
	title  string // the tooltip: declaration, offset, size, hot mark
	lo, hi int64
	hot    *layout.Hot
	mark   string // "added" or "removed" in a diff
	// findings numbers the findings (from 1) that name the box.
	findings []int
	names    []string // the members the box stands for
}

// svgMarks says which members a diff added (on the new side) or removed
// (on the old side).
type svgMarks map[string]string

// svgPanel draws s at (x0, y0) and returns the panel's size.
func svgPanel(b *strings.Builder, s *layout.Struct, r *reorg.Result, o Options, x0, y0 float64, lineWidth int, title string, marks svgMarks) (float64, float64) {
	line := o.line()
	px := float64(lineWidth) / float64(line)
	boxes := svgBoxes(s)
	var findings []layout.Finding
	if r != nil {
		for _, f := range r.Findings {
			if f.LineSize == line {
				findings = append(findings, f)
			}
		}
	}
	for i, f := range findings {
		if f.Check.AboutPath {
			continue // the rows show it
		}
		for j := range boxes {
			if slices.ContainsFunc(f.Members, func(n string) bool { return slices.Contains(boxes[j].names, n) }) {
				boxes[j].findings = append(boxes[j].findings, i+1)
			}
		}
	}
	for j := range boxes {
		for _, n := range boxes[j].names {
			if m := marks[n]; m != "" {
				boxes[j].mark = m
			}
		}
	}

	paths := s.Paths()
	fmt.Fprintf(b, "<g class=\"struct\" data-name=\"%s\" data-size=\"%d\" data-line=\"%d\" transform=\"translate(%.0f,%.0f)\">\n",
		esc(s.Name), s.Size, line, x0, y0)
	y := 18.0
	summary := fmt.Sprintf("%s: %d bytes, %d cachelines of %d bytes", title, s.Size, s.Lines(line), line)
	if len(paths) > 0 {
		var parts []string
		for _, p := range paths {
			parts = append(parts, fmt.Sprintf("%s %d", p, s.HotLines(p, line)))
		}
		summary += "; hot lines: " + strings.Join(parts, ", ")
	}
	fmt.Fprintf(b, "<text x=\"0\" y=\"%.0f\" font-size=\"14\" font-weight=\"bold\">%s</text>\n", y, esc(summary))
	y += 10
	y = svgLegend(b, paths, y)

	groups := svgGroups(s)
	prev := int64(-1)
	for _, l := range svgRows(boxes, groups, s.Lines(line), line) {
		if l > prev+1 {
			y = svgElided(b, boxes, prev+1, l, line, y)
		}
		prev = l
		lo, hi := l*line, (l+1)*line
		fmt.Fprintf(b, "<g class=\"line\" data-line=\"%d\" transform=\"translate(0,%.0f)\">\n", l, y)
		fmt.Fprintf(b, "<text x=\"0\" y=\"%d\" font-weight=\"bold\">%d</text><text x=\"0\" y=\"%d\" fill=\"#777\" font-size=\"9\">@%d</text>\n",
			svgBoxTop+12, l, svgBoxTop+24, lo)
		fmt.Fprintf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#bbb\"/>\n",
			svgLeft, svgBoxTop, lineWidth, svgBoxHeight)
		for gi, g := range groups {
			a, z := max(g.lo, lo), min(g.hi, hi)
			if z <= a && !(g.lo == g.hi && g.lo >= lo && g.lo < hi) {
				continue
			}
			col := groupColours[gi%len(groupColours)]
			gx := svgLeft + float64(a-lo)*px
			fmt.Fprintf(b, "<rect class=\"group\" x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"11\" fill=\"%s\"><title>%s</title></rect>\n",
				gx, float64(z-a)*px, col, esc("cacheline group "+g.name))
			if g.lo >= lo && g.lo < hi {
				fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n",
					gx, gx, svgBoxTop+svgBoxHeight+2, col)
				if t := fit("▸ "+g.name, float64(z-a)*px*11/9); t != "" {
					fmt.Fprintf(b, "<text x=\"%.1f\" y=\"9\" font-size=\"9\" fill=\"#fff\">%s</text>\n", gx+3, esc(t))
				}
			}
			if g.hi > lo && g.hi <= hi {
				ex := svgLeft + float64(g.hi-lo)*px
				fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"3,2\"/>\n",
					ex, ex, svgBoxTop+svgBoxHeight+2, col)
			}
		}
		for i := range boxes {
			bx := &boxes[i]
			a, z := max(bx.lo, lo), min(bx.hi, hi)
			if z <= a {
				continue
			}
			svgDrawBox(b, bx, paths, float64(svgLeft)+float64(a-lo)*px, float64(z-a)*px, a > bx.lo, z < bx.hi)
		}
		b.WriteString("</g>\n")
		y += svgRowHeight
	}
	// Group names, once each, under the rows where they begin.
	if len(groups) > 0 {
		y += 14
		for gi, g := range groups {
			fmt.Fprintf(b, "<rect x=\"0\" y=\"%.0f\" width=\"14\" height=\"8\" fill=\"%s\"/><text x=\"20\" y=\"%.0f\">group %s: bytes %d-%d (lines %d-%d)</text>\n",
				y-4, groupColours[gi%len(groupColours)], y+1, esc(g.name), g.lo, g.hi, g.lo/line, max(g.hi-1, g.lo)/line)
			y += 15
		}
	}
	if len(findings) > 0 {
		y += 6
		for i, f := range findings {
			for j, l := range strings.Split(wrap(fmt.Sprintf("%d %s: %s", i+1, f.Check, f.Message), (svgLeft+lineWidth)*10/66), "\n") {
				fill := "#c0392b"
				if j > 0 {
					l = "    " + l
				}
				fmt.Fprintf(b, "<text class=\"finding\" x=\"0\" y=\"%.0f\" fill=\"%s\">%s</text>\n", y, fill, esc(l))
				y += 14
			}
		}
	}
	b.WriteString("</g>\n")
	return max(float64(svgLeft+lineWidth+svgRight), textWidth(summary, 14)), y
}

// textWidth is how wide s is drawn at size px in the pictures' monospace
// font, which advances 0.6 em a character (DejaVu Sans Mono's 0.602,
// with a hair to spare): a canvas at least that wide holds it.
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * 0.61
}

// svgRows are the lines a panel draws: those where a box or a group
// begins or ends, the first and the last, and runs of at most svgElideMin
// lines between them. The lines of a longer run lie inside one box, which
// svgElided sums up in a row of its own, so that the picture of a struct
// grows with its members, not its size.
func svgRows(boxes []svgBox, groups []svgGroup, nLines, line int64) []int64 {
	if nLines == 0 {
		return nil
	}
	keep := []int64{0, nLines - 1}
	mark := func(lo, hi int64) {
		keep = append(keep, lo/line)
		if hi > lo {
			keep = append(keep, (hi-1)/line)
		}
	}
	for _, bx := range boxes {
		mark(bx.lo, bx.hi)
	}
	for _, g := range groups {
		mark(g.lo, g.hi)
	}
	slices.Sort(keep)
	keep = slices.Compact(keep)
	for len(keep) > 0 && keep[len(keep)-1] >= nLines {
		keep = keep[:len(keep)-1]
	}
	rows := make([]int64, 0, len(keep))
	for i, l := range keep {
		if i > 0 && l-keep[i-1]-1 <= svgElideMin {
			for m := keep[i-1] + 1; m < l; m++ {
				rows = append(rows, m)
			}
		}
		rows = append(rows, l)
	}
	return rows
}

// svgElideMin is the longest run of lines inside one box that is drawn
// line by line.
const svgElideMin = 64

// svgElided draws one row for lines from to to-1, which lie inside one
// box, and returns the y below it.
func svgElided(b *strings.Builder, boxes []svgBox, from, to, line int64, y float64) float64 {
	at := from * line
	var bx svgBox
	if i := slices.IndexFunc(boxes, func(bx svgBox) bool { return bx.lo <= at && at < bx.hi }); i >= 0 {
		bx = boxes[i]
	}
	n := to - from
	fmt.Fprintf(b, "<g class=\"elided\" data-name=\"%s\" data-offset=\"%d\" data-lines=\"%d\" transform=\"translate(0,%.0f)\"><text x=\"%d\" y=\"14\" fill=\"#777\">&#8942; %d line%s (%d-%d, bytes %d-%d) inside %s</text></g>\n",
		esc(bx.label), bx.lo, n, y, svgLeft, n, plural(n), from, to-1, at, to*line-1, esc(bx.label))
	return y + svgRowHeight/2
}

// svgLegend draws the key to the colours and returns the y below it.
func svgLegend(b *strings.Builder, paths []string, y float64) float64 {
	x := 0.0
	item := func(fill, stroke, label string) {
		fmt.Fprintf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"18\" height=\"12\" fill=\"%s\" stroke=\"%s\"/><text x=\"%.0f\" y=\"%.0f\">%s</text>\n",
			x, y, fill, stroke, x+22, y+10, esc(label))
		x += 22 + float64(len(label))*svgCharWidth + 16
	}
	for i, p := range paths {
		c := pathColours[i%len(pathColours)]
		item(tint(c), c, p+" read")
		item(c, c, p+" write")
	}
	item("#e9e9e9", "#888", "cold")
	item("url(#hole)", "#c0392b", "hole")
	item("url(#pad)", "#888", "padding")
	item("#fff", "#c0392b", "finding (n)")
	fmt.Fprintf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"18\" height=\"8\" fill=\"%s\"/><text x=\"%.0f\" y=\"%.0f\">cacheline group</text>\n",
		x, y+2, groupColours[0], x+22, y+10)
	return y + 22
}

// svgDrawBox draws the part of bx that lies on one line, from x over w
// pixels; cutLeft and cutRight say that bx goes on before or after it.
func svgDrawBox(b *strings.Builder, bx *svgBox, paths []string, x, w float64, cutLeft, cutRight bool) {
	top, h := float64(svgBoxTop), float64(svgBoxHeight)
	fmt.Fprintf(b, "<g class=\"%s\" data-name=\"%s\" data-offset=\"%d\" data-size=\"%d\"><title>%s</title>\n",
		bx.class, esc(bx.label), bx.lo, bx.hi-bx.lo, esc(bx.title))
	stroke, textFill := "#666", "#111"
	switch bx.class {
	case "hole":
		fmt.Fprintf(b, "<rect class=\"box\" x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"url(#hole)\" stroke=\"#c0392b\"/>\n", x, top, w, h)
		stroke = ""
	case "padding", "pad":
		fmt.Fprintf(b, "<rect class=\"box\" x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"url(#pad)\" stroke=\"#888\"/>\n", x, top, w, h)
		stroke = ""
	default:
		var on []int
		for i, p := range paths {
			if bx.hot.On(p) {
				on = append(on, i)
			}
		}
		if len(on) == 0 {
			fmt.Fprintf(b, "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"#e9e9e9\"/>\n", x, top, w, h)
		}
		// One horizontal band per path the member is hot on.
		for k, i := range on {
			c := pathColours[i%len(pathColours)]
			fill := tint(c)
			if bx.hot.Write {
				fill, textFill = c, "#fff"
			}
			bh := h / float64(len(on))
			fmt.Fprintf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, top+float64(k)*bh, w, bh, fill)
		}
	}
	if stroke != "" {
		dash := ""
		switch bx.mark {
		case "added":
			stroke, dash = "#1e8449", ` stroke-width="2.5"`
		case "removed":
			stroke, dash = "#555", ` stroke-width="2" stroke-dasharray="4,3"`
		}
		fmt.Fprintf(b, "<rect class=\"box\" x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"none\" stroke=\"%s\"%s/>\n", x, top, w, h, stroke, dash)
	}
	if len(bx.findings) > 0 {
		fmt.Fprintf(b, "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\"/>\n", x+1.5, top+1.5, w-3, h-3)
	}
	// A member cut by a line boundary shows the cut as a dashed edge, red
	// when the member is hot: a hot member that crosses a line costs two.
	cut := "#888"
	if bx.hot != nil {
		cut = "#c0392b"
	}
	if cutLeft {
		fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"4,3\"/>\n", x+1, top, x+1, top+h, cut)
	}
	if cutRight {
		fmt.Fprintf(b, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"3\" stroke-dasharray=\"4,3\"/>\n", x+w-1, top, x+w-1, top+h, cut)
	}
	label := bx.label
	if cutLeft {
		label = "…" + label
	}
	if len(bx.findings) > 0 {
		var ns []string
		for _, n := range bx.findings {
			ns = append(ns, fmt.Sprint(n))
		}
		label = "(" + strings.Join(ns, ",") + ") " + label
	}
	if bx.class == "hole" || bx.class == "padding" {
		textFill = "#8b1a10"
		if bx.class == "padding" {
			textFill = "#555"
		}
	}
	if t := fit(label, w-4); t != "" {
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.0f\" fill=\"%s\">%s</text>\n", x+3, top+12, textFill, esc(t))
		if t == label && bx.class != "hole" && bx.class != "padding" {
			if sz := fit(fmt.Sprintf("%d+%d", bx.lo, bx.hi-bx.lo), w-4); sz != "" {
				fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.0f\" fill=\"%s\" font-size=\"9\" opacity=\"0.75\">%s</text>\n", x+3, top+24, textFill, esc(sz))
			}
		}
	}
	b.WriteString("</g>\n")
}

// fit shortens s to w pixels, with an ellipsis, or returns "" when not even
// two characters fit.
func fit(s string, w float64) string {
	n := int(w / svgCharWidth)
	r := []rune(s)
	switch {
	case len(r) <= n:
		return s
	case n < 2:
		return ""
	}
	return string(r[:n-1]) + "…"
}

// tint is c mixed with three parts of white.
func tint(c string) string {
	var r, g, bl int
	fmt.Sscanf(c, "#%02x%02x%02x", &r, &g, &bl)
	mix := func(v int) int { return (v + 3*255) / 4 }
	return fmt.Sprintf("#%02x%02x%02x", mix(r), mix(g), mix(bl))
}

func esc(s string) string { return html.EscapeString(s) }

// svgBoxes lists what the rows show of s: its members, looking into
// anonymous structs, anonymous unions as one box, bit-fields that share
// bytes as one box, and the bytes no member covers as holes and, at the
// end, padding. Zero-size members take no room.
func svgBoxes(s *layout.Struct) []svgBox {
	var boxes []svgBox
	var walk func(ms []layout.Member)
	walk = func(ms []layout.Member) {
		for i := range ms {
			m := &ms[i]
			kw, _, isBlock := block(m.Type)
			switch {
			case m.Size == 0:
				continue
			case m.Name == "" && isBlock && strings.HasSuffix(kw, "struct") && m.ElemSize == 0:
				walk(m.Inner)
				continue
			case m.Name == "" && isBlock:
				boxes = append(boxes, unionBox(m))
				continue
			}
			lo, hi := m.Offset, m.End()
			if m.BitSize > 0 {
				lo, hi = m.BitOffset/8, (m.BitOffset+m.BitSize-1)/8+1
			}
			decl := strings.TrimSpace(declOf(m))
			if n := len(boxes) - 1; m.BitSize > 0 && n >= 0 && boxes[n].class == "bitfields" && lo < boxes[n].hi {
				bx := &boxes[n]
				bx.hi = max(bx.hi, hi)
				bx.label += " " + m.Name + fmt.Sprintf(":%d", m.BitSize)
				bx.title += "\n" + decl + hotTitle(m.Hot)
				bx.hot = mergeHotMarks(bx.hot, m.Hot)
				bx.names = append(bx.names, m.Name)
				continue
			}
			bx := svgBox{class: "member", label: m.Label(), lo: lo, hi: hi, hot: m.Hot, names: []string{m.Name},
				title: fmt.Sprintf("%s /* %d %d */%s", decl, m.Offset, m.Size, hotTitle(m.Hot))}
			switch {
			case m.BitSize > 0:
				bx.class = "bitfields"
				bx.label = fmt.Sprintf("%s:%d", m.Name, m.BitSize)
			case m.Padding:
				bx.class = "pad"
			}
			boxes = append(boxes, bx)
		}
	}
	walk(s.Members)
	if s.Kind == layout.KindUnion {
		return boxes
	}
	// The bytes no box covers, found from the boxes in order of offset
	// (not byte by byte: a struct may have 2^60). Padding is what
	// follows the last member; bytes before a member, even one of zero
	// size (a flexible array), are a hole, as pahole says.
	var last int64
	for _, m := range s.Members {
		last = max(last, m.End())
	}
	spans := make([][2]int64, 0, len(boxes)+1)
	for _, bx := range boxes {
		spans = append(spans, [2]int64{max(bx.lo, 0), min(bx.hi, s.Size)})
	}
	if last > 0 && last < s.Size {
		spans = append(spans, [2]int64{last, last}) // a hole ends where the padding begins
	}
	slices.SortFunc(spans, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	gap := func(i, j int64) {
		if j <= i {
			return
		}
		class, label := "hole", fmt.Sprintf("hole %d", j-i)
		if i >= last {
			class, label = "padding", fmt.Sprintf("padding %d", j-i)
		}
		boxes = append(boxes, svgBox{class: class, label: label, lo: i, hi: j,
			title: fmt.Sprintf("%s bytes at offset %d", label, i)})
	}
	var at int64 // covered up to here
	for _, sp := range spans {
		gap(at, sp[0])
		at = max(at, sp[1])
	}
	gap(at, s.Size)
	slices.SortStableFunc(boxes, func(a, b svgBox) int { return cmp.Compare(a.lo, b.lo) })
	return boxes
}

// unionBox is an anonymous union (or array of anonymous structs) drawn as
// one box, hot as its hottest members.
func unionBox(m *layout.Member) svgBox {
	kw, _, _ := block(m.Type)
	bx := svgBox{class: "union", lo: m.Offset, hi: m.End()}
	var names, decls []string
	var walk func(ms []layout.Member)
	walk = func(ms []layout.Member) {
		for i := range ms {
			in := &ms[i]
			if in.Name == "" {
				walk(in.Inner)
				continue
			}
			names = append(names, in.Name)
			decls = append(decls, strings.TrimSpace(declOf(in))+hotTitle(in.Hot))
			bx.hot = mergeHotMarks(bx.hot, in.Hot)
		}
	}
	walk(m.Inner)
	bx.hot = mergeHotMarks(bx.hot, m.Hot)
	bx.names = append(names, m.Label())
	bx.label = kw + " {" + strings.Join(names, " | ") + "}"
	bx.title = fmt.Sprintf("%s { /* %d %d */\n  %s\n}", kw, m.Offset, m.Size, strings.Join(decls, "\n  "))
	return bx
}

func declOf(m *layout.Member) string {
	typ, name := split(m.Type, m.Name)
	if m.BitSize > 0 {
		name += fmt.Sprintf(":%d", m.BitSize)
	}
	return typ + " " + name + ";"
}

func hotTitle(h *layout.Hot) string {
	if h == nil {
		return ""
	}
	return " /* " + memberNote(&layout.Member{Hot: h}) + " */"
}

// mergeHotMarks is the mark of a box holding members marked a and b.
func mergeHotMarks(a, b *layout.Hot) *layout.Hot {
	switch {
	case b == nil:
		return a
	case a == nil:
		return &layout.Hot{Paths: slices.Clone(b.Paths), Write: b.Write}
	}
	paths := slices.Clone(a.Paths)
	for _, p := range b.Paths {
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	return &layout.Hot{Paths: paths, Write: a.Write || b.Write}
}

// svgGroup is a kernel cacheline group: the bytes between its markers.
type svgGroup struct {
	name   string
	lo, hi int64
}

func svgGroups(s *layout.Struct) []svgGroup {
	var out []svgGroup
	for _, m := range s.Members {
		if name, ok := strings.CutPrefix(m.Name, "__cacheline_group_begin__"); ok {
			out = append(out, svgGroup{name, m.Offset, m.Offset})
		}
		if name, ok := strings.CutPrefix(m.Name, "__cacheline_group_end__"); ok {
			for i := range out {
				if out[i].name == name {
					out[i].hi = m.Offset
				}
			}
		}
	}
	return out
}

// DiffSVG draws the old and new layouts of the structs of a diff side by
// side, members the new build added outlined in green on the right, those
// it removed dashed on the left. Like SVG, it spools the panels until
// Close: memory holds one pair at a time, however many there are.
type DiffSVG struct {
	w                io.Writer
	oldFile, newFile string
	opts             Options
	panels           spool
	width, height    float64
}

// NewDiffSVG starts the picture of a diff between oldFile and newFile on
// w; Close writes it.
func NewDiffSVG(w io.Writer, oldFile, newFile string, o Options) *DiffSVG {
	return &DiffSVG{w: w, oldFile: oldFile, newFile: newFile, opts: o}
}

// Pair adds the panels of one struct in the two builds.
func (x *DiffSVG) Pair(p DiffPair) error {
	var b strings.Builder
	d, y := p.Diff, x.height
	summary := fmt.Sprintf("%s -> %s: size %d -> %d, cachelines %d -> %d, members added %d (green), removed %d (dashed), moved or changed %d",
		x.oldFile, x.newFile, d.Old.Size, d.New.Size, d.Old.Cachelines, d.New.Cachelines, len(d.Added), len(d.Removed), len(d.Moved))
	for _, path := range d.Paths() {
		summary += fmt.Sprintf("; hot lines %s %d -> %d", path, len(d.Old.HotLines[path]), len(d.New.HotLines[path]))
	}
	fmt.Fprintf(&b, "<text x=\"0\" y=\"%.0f\" font-size=\"15\" font-weight=\"bold\">%s %s</text><text x=\"0\" y=\"%.0f\">%s</text>\n",
		y+16, d.Kind, esc(d.Name), y+32, esc(summary))
	// Long paths widen the canvas rather than run off it.
	x.width = max(x.width, textWidth(d.Kind+" "+d.Name, 15), textWidth(summary, 11))
	y += 16
	removed, added := svgMarks{}, svgMarks{}
	for _, m := range d.Removed {
		removed[m.Name] = "removed"
	}
	for _, m := range d.Added {
		added[m.Name] = "added"
	}
	// The panels are titled by file name, the paths being in the
	// summary: a long path would run into the other panel.
	lw, lh := svgPanel(&b, p.Old, p.OldResult, x.opts, 0, y+26, svgDiffLineWidth, "old: "+filepath.Base(x.oldFile), removed)
	rw, rh := svgPanel(&b, p.New, p.NewResult, x.opts, lw+svgGap, y+26, svgDiffLineWidth, "new: "+filepath.Base(x.newFile), added)
	x.width = max(x.width, lw+svgGap+rw)
	x.height = y + 26 + max(lh, rh) + svgGap
	return x.panels.write(b.String())
}

// Close writes the picture.
func (x *DiffSVG) Close() error {
	return x.panels.writeSVG(x.w, max(x.width, 400), max(x.height, svgGap))
}

// DiffPair is one struct in two builds, with its diff, for DiffSVG.
type DiffPair struct {
	Old, New             *layout.Struct
	OldResult, NewResult *reorg.Result
	Diff                 *Diff
}
