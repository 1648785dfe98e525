package csource

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// idioms are the words a rewrite writes for what a proposal adds: the
// kernel's where the file is written against the kernel's headers, a
// macro the file defines where it has one, GCC's attribute otherwise.
type idioms struct {
	f    *file
	line int64 // the cache line the kernel's cacheline macros stand for
}

// memberAlign is the attribute that aligns member m to n bytes.
func (id idioms) memberAlign(m *layout.Member, n int64) string {
	if name, ok := id.f.aligned[n]; ok {
		return name
	}
	if id.f.kernel {
		switch {
		case n == id.line && layout.IsGroupMarker(m.Name):
			return "____cacheline_aligned"
		case n == id.line:
			return "____cacheline_aligned_in_smp"
		}
		return fmt.Sprintf("__aligned(%d)", n)
	}
	return fmt.Sprintf("__attribute__((aligned(%d)))", n)
}

// structAlign is the attribute that aligns the struct to n bytes.
func (id idioms) structAlign(n int64) string {
	if name, ok := id.f.aligned[n]; ok {
		return name
	}
	if id.f.kernel {
		if n == id.line {
			return "____cacheline_aligned"
		}
		return fmt.Sprintf("__aligned(%d)", n)
	}
	return fmt.Sprintf("__attribute__((aligned(%d)))", n)
}

// padType is the type of a pad array: the kernel's u8 where the file
// uses it.
func (id idioms) padType() string {
	for _, t := range id.f.toks {
		if t.kind == tIdent && t.text == "u8" {
			return "u8"
		}
	}
	return "unsigned char"
}

// rewrite returns the lines from d.open+1 through d.close as p orders
// them: each element's lines moved as they are, an alignment attribute
// added where p aligns a member, a pad array where it pads, the members
// p drops (pad arrays the alignment replaces) gone, and the struct's
// alignment after its closing brace. s is the struct p reorganizes.
func (d *def) rewrite(s *layout.Struct, p *layout.Proposal, id idioms) ([]string, error) {
	f := d.f
	elemOf := make([]*element, len(s.Members))
	for _, e := range d.elems {
		for _, i := range e.members {
			elemOf[i] = e
		}
	}
	dropped, carried, carry, err := d.drop(s, p)
	if err != nil {
		return nil, err
	}
	unnamed := map[int][]*unnamedBits{}
	for _, e := range d.elems {
		if len(e.unnamed) > 0 {
			unnamed[e.members[0]] = e.unnamed
		}
	}
	pads, err := d.cLayout(s, p, unnamed)
	if err != nil {
		return nil, err
	}
	aligned := map[int]int64{} // original member → the alignment p gives it
	for _, i := range p.Aligned {
		aligned[p.From[i]] = p.Struct.Members[i].AlignAttr
	}
	padNames := map[string]bool{}
	for _, m := range s.Members {
		padNames[m.Name] = true
	}
	pad := 0
	indent := "\t"
	if len(d.elems) > 0 {
		line := f.text(d.elems[0].start)
		indent = line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	}

	var items []item
	emitted := map[*element]bool{}
	var split *element // the element being written one declarator at a time
	for i := 0; i < len(p.Struct.Members); i++ {
		from := p.From[i]
		if from < 0 {
			name := ""
			for name == "" || padNames[name] {
				name = fmt.Sprintf("__pad_%d", pad)
				pad++
			}
			items = append(items, item{code: []string{fmt.Sprintf("%s%s %s[%d];", indent, id.padType(), name, pads[i])}, at: -1})
			continue
		}
		e := elemOf[from]
		if emitted[e] {
			if e != split {
				return nil, d.fail(e.start, s.Members[from].Label(), "the proposal moves it away from what %s declares with it", d.what(e))
			}
			items = append(items, item{code: d.splitLine(e, from, aligned, s, id), at: -1})
			continue
		}
		emitted[e] = true
		whole := len(e.members) <= len(p.From)-i
		for k, m := range e.members {
			whole = whole && p.From[i+k] == m
		}
		var code []string
		switch {
		case whole:
			code = d.elementLines(e, aligned, s, id)
			i += len(e.members) - 1
		case !e.splittable():
			return nil, d.fail(e.start, s.Members[from].Label(), "the proposal moves it away from what %s declares with it", d.what(e))
		default:
			split = e
			code = d.splitLine(e, from, aligned, s, id)
		}
		at := e.start
		if !whole {
			at = -1
		}
		items = append(items, item{e: e, code: code, at: at})
	}
	for _, e := range d.elems {
		if !emitted[e] && !dropped[e] {
			return nil, d.fail(e.start, s.Members[e.members[0]].Label(), "the proposal leaves it out")
		}
	}
	var tail []line
	for l := d.tail; l < d.close; l++ {
		tail = append(tail, d.srcLine(l))
	}
	out := d.holeComments(d.assemble(items, dropped, carried, append(carry, tail...)), s, p)
	closeLine := f.text(d.close)
	if p.Align > 0 && p.Align > s.AlignAttr {
		col := d.closeOff - f.lineOff[d.close] + 1
		closeLine = closeLine[:col] + " " + id.structAlign(p.Align) + closeLine[col:]
	}
	return append(out, closeLine), nil
}

// drop finds the elements whose members p, a proposal for s, drops:
// such an element goes, but not the comments and blank lines before it,
// which stay before the element after it (carried), or before the
// closing brace when no element follows (carry).
func (d *def) drop(s *layout.Struct, p *layout.Proposal) (dropped map[*element]bool, carried map[*element][]line, carry []line, err error) {
	kept := make([]bool, len(s.Members))
	for _, from := range p.From {
		if from >= 0 {
			kept[from] = true
		}
	}
	dropped, carried = map[*element]bool{}, map[*element][]line{}
	for _, e := range d.elems {
		n := 0
		for _, i := range e.members {
			if kept[i] {
				n++
			}
		}
		switch {
		case n == len(e.members):
			if len(carry) > 0 {
				carried[e], carry = carry, nil
			}
			continue
		case n > 0 || e.block:
			i := slices.IndexFunc(e.members, func(i int) bool { return !kept[i] })
			return nil, nil, nil, d.fail(e.start, s.Members[e.members[i]].Label(), "the proposal drops it but not what %s declares with it", d.what(e))
		}
		dropped[e] = true
		for l := e.first; l < e.start; l++ {
			carry = append(carry, d.srcLine(l))
		}
	}
	return dropped, carried, carry, nil
}

// item is what the rewrite writes in one place: an element's code (or
// one declarator of a line it splits, the first with the element), or a
// pad array (e nil). at is the line the code starts on in the source, -1
// for what is new.
type item struct {
	e    *element
	code []string
	at   int
}

// line is a line of the rewrite and the line of the source it is, -1
// for a new one.
type line struct {
	text string
	at   int
}

func (d *def) srcLine(l int) line { return line{d.f.text(l), l} }

// leading splits the lines before e's code into those detached from it
// (through the last blank line among the comments before it: a comment
// on the struct or on a run of members, or a blank line ending a
// paragraph), which stay where they are, and those attached to it (the
// comment just before it, a conditional block of another configuration),
// which move with it.
func (d *def) leading(e *element) (detached, attached []line) {
	f := d.f
	end := e.first // the line after the last blank line of the comments
	for l := e.first; l < e.start && f.lineKind[l] != lineCode; l++ {
		if f.lineKind[l] == lineBlank {
			end = l + 1
		}
	}
	for l := e.first; l < e.start; l++ {
		if l < end {
			detached = append(detached, d.srcLine(l))
		} else {
			attached = append(attached, d.srcLine(l))
		}
	}
	return detached, attached
}

// assemble writes items, in the proposal's order, as a maintainer moving
// them by hand would: the members that keep their order (the longest
// run of elements in the same relative order) keep the lines detached
// before them; the lines detached before a member that moves stay where
// it was, before the next member that keeps its place; what is detached
// before the first member (a comment on the whole struct) stays first.
// A member that was a paragraph of its own (blank lines before and
// after it) is one where it goes; one that was inside a paragraph joins
// the one it goes to. Where that brings two blank lines together, one
// goes, and no blank line comes last unless the source has one there.
func (d *def) assemble(items []item, dropped map[*element]bool, carried map[*element][]line, tail []line) []line {
	var elems []*element // those kept, in the source's order
	for _, e := range d.elems {
		if !dropped[e] {
			elems = append(elems, e)
		}
	}
	index := map[*element]int{}
	for k, e := range elems {
		index[e] = k
	}
	detached := make([][]line, len(elems))
	attached := make([][]line, len(elems))
	for k, e := range elems {
		det, att := d.leading(e)
		detached[k] = append(slices.Clone(carried[e]), det...)
		attached[k] = att
	}
	var order []int
	for _, it := range items {
		if it.e != nil {
			order = append(order, index[it.e])
		}
	}
	stays := make([]bool, len(elems))
	for _, k := range longestIncreasing(order) {
		stays[k] = true
	}
	paragraph := make([]bool, len(elems))
	for k := range elems {
		paragraph[k] = len(detached[k]) > 0 && (k+1 == len(elems) || len(detached[k+1]) > 0)
	}
	head := detached[0]
	detached[0] = nil
	// The first member, set apart from the head comment by a blank line,
	// stays set apart from what moves before it.
	headBreak := len(head) > 0 && strings.TrimSpace(head[len(head)-1].text) == ""
	// What is detached before a member that moves goes to the next that
	// stays.
	var pending []line
	for k := range elems {
		if !stays[k] {
			pending = append(pending, detached[k]...)
			detached[k] = nil
			continue
		}
		detached[k] = append(pending, detached[k]...)
		pending = nil
	}
	tail = append(pending, tail...)

	blank := func(l line) bool { return strings.TrimSpace(l.text) == "" }
	var out []line
	write := func(lines ...line) {
		for _, l := range lines {
			if blank(l) && len(out) > 0 {
				// Two blank lines the source has together stay.
				if p := out[len(out)-1]; blank(p) && (p.at < 0 || p.at+1 != l.at) {
					continue
				}
			}
			out = append(out, l)
		}
	}
	write(head...)
	needBlank := false
	for _, it := range items {
		var lines []line
		para, brk := false, needBlank
		if it.e != nil {
			k := index[it.e]
			brk = brk || k == 0 && headBreak
			if stays[k] {
				lines = append(lines, detached[k]...)
				detached[k] = nil
			} else {
				para = paragraph[k]
			}
			lines = append(lines, attached[k]...)
			attached[k] = nil
		}
		for n, c := range it.code {
			at := -1
			if it.at >= 0 {
				at = it.at + n
			}
			lines = append(lines, line{c, at})
		}
		if (brk || para) && len(out) > 0 && (len(lines) == 0 || !blank(lines[0])) {
			write(line{"", -1})
		}
		write(lines...)
		needBlank = para
	}
	write(tail...)
	// A blank line before the closing brace only where the source has one.
	if d.close > d.open+1 && strings.TrimSpace(d.f.text(d.close-1)) != "" {
		for len(out) > 0 && blank(out[len(out)-1]) {
			out = out[:len(out)-1]
		}
	}
	return out
}

// longestIncreasing returns the values of a longest strictly increasing
// subsequence of xs.
func longestIncreasing(xs []int) []int {
	var tails []int // tails[n]: index in xs of the least last value of an increasing run of n+1
	prev := make([]int, len(xs))
	for i, x := range xs {
		n, _ := slices.BinarySearchFunc(tails, x, func(j, x int) int { return xs[j] - x })
		prev[i] = -1
		if n > 0 {
			prev[i] = tails[n-1]
		}
		if n == len(tails) {
			tails = append(tails, i)
		} else {
			tails[n] = i
		}
	}
	if len(tails) == 0 {
		return nil
	}
	out := make([]int, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		out[i] = xs[k]
	}
	return out
}

// elementLines is e's code lines with the alignments p gives its
// members.
func (d *def) elementLines(e *element, aligned map[int]int64, s *layout.Struct, id idioms) []string {
	f := d.f
	start, end := f.lineOff[e.start], f.lineOff[e.last+1]
	type insert struct {
		at   int
		text string
	}
	var ins []insert
	for _, i := range e.members {
		n, ok := aligned[i]
		if !ok {
			continue
		}
		m := &s.Members[i]
		for _, dc := range e.decls {
			for _, pt := range dc.parts {
				if pt.name == m.Name && m.Name != "" || m.Name == "" && pt.name == "" && pt.inner != nil {
					at := pt.end
					if len(dc.parts) == 1 {
						at = dc.semi()
					}
					ins = append(ins, insert{at, " " + id.memberAlign(m, n)})
				}
			}
		}
	}
	sort.SliceStable(ins, func(a, b int) bool { return ins[a].at > ins[b].at })
	text := string(f.src[start:end])
	for _, in := range ins {
		k := in.at - start
		text = text[:k] + in.text + text[k:]
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// splitLine is the declaration of member i alone, out of the element e
// that declares several names on one line: its type, its declarator,
// ';'. The first declarator keeps what stands before it on its line and
// the comment after it (and, in assemble, the lines before it).
func (d *def) splitLine(e *element, i int, aligned map[int]int64, s *layout.Struct, id idioms) []string {
	f := d.f
	dc := e.decls[0]
	m := &s.Members[i]
	k := slices.IndexFunc(dc.parts, func(pt part) bool { return pt.name == m.Name })
	pt := dc.parts[k]
	lineStart := f.lineOff[dc.line]
	typ := string(f.src[dc.toks[0].off:dc.typeEnd])
	if dc.typeEnd == dc.toks[0].off {
		typ = ""
	}
	// The space between the type and the first declarator, as written.
	sep := typ[len(strings.TrimRight(typ, " \t\n")):]
	typ = strings.TrimRight(typ, " \t\n")
	if strings.Contains(sep, "\n") || sep == "" {
		sep = " "
	}
	attr := ""
	if n, ok := aligned[i]; ok {
		attr = " " + id.memberAlign(m, n)
	}
	lead := string(f.src[lineStart:dc.toks[0].off])
	after := ""
	if k == 0 {
		after = strings.TrimSuffix(string(f.src[dc.semi()+1:f.lineOff[dc.line+1]]), "\n")
	} else {
		lead = lead[:len(lead)-len(strings.TrimLeft(lead, " \t"))]
	}
	return []string{lead + typ + sep + strings.TrimSpace(string(f.src[pt.off:pt.end])) + attr + ";" + after}
}

// holeComment matches a comment line that gives the hole before the
// member after it, as pahole prints one: "/* XXX 3 bytes hole, try to
// pack */", "/* 4 bytes hole */".
var holeComment = regexp.MustCompile(`^(\s*/\*\s*(?:XXX\s+)?)(\d+)( bytes? hole\b.*\*/\s*)$`)

// holeComments is out's text with each comment on the hole before a
// member that the proposal p of s changes, and that gave the hole s has
// there, updated to the hole p leaves, or dropped where p leaves none.
func (d *def) holeComments(out []line, s *layout.Struct, p *layout.Proposal) []string {
	first := map[int]int{} // the line a member's declaration starts on → the member
	for _, e := range d.elems {
		if len(e.members) > 0 {
			first[e.start] = e.members[0]
		}
	}
	at := map[int]int{} // member → its index in p
	for i, k := range p.From {
		if k >= 0 {
			at[k] = i
		}
	}
	holeBefore := func(ms []layout.Member, i int) int64 {
		var end int64
		for _, m := range ms[:i] {
			end = max(end, m.End())
		}
		return ms[i].Offset - end
	}
	var text []string
	for i, l := range out {
		m := holeComment.FindStringSubmatch(l.text)
		if m == nil {
			text = append(text, l.text)
			continue
		}
		// The member the comment stands before.
		k, ok := -1, false
		for _, next := range out[i+1:] {
			if k, ok = first[next.at]; ok || next.at < 0 || d.f.lineKind[next.at] == lineCode {
				break
			}
		}
		n, _ := strconv.ParseInt(m[2], 10, 64)
		j, inP := at[k]
		if !ok || !inP || holeBefore(s.Members, k) != n {
			text = append(text, l.text)
			continue
		}
		if now := holeBefore(p.Struct.Members, j); now > 0 {
			text = append(text, m[1]+strconv.FormatInt(now, 10)+byteWord.ReplaceAllString(m[3], " "+plural(now)+" hole"))
		}
	}
	return text
}

// byteWord is the words after a hole comment's number.
var byteWord = regexp.MustCompile(`^ bytes? hole`)

// plural is "byte" or "bytes" for n.
func plural(n int64) string {
	if n == 1 {
		return "byte"
	}
	return "bytes"
}
